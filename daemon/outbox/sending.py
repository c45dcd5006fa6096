"""Posts and PMs a job sends: each one enqueued in the outbox, in the caller's transaction.

Nothing here talks to the forum: ``outbox.deliver`` sends later, exactly once.
"""

from __future__ import annotations

import logging
from datetime import datetime

from autogm.daemon.config.model import GameConfig
from autogm.daemon.outbox import outbox
from autogm.daemon.outbox.message import Outgoing
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import InboxMessage

log = logging.getLogger(__name__)


def post(
    store: Store,
    cfg: GameConfig,
    body: str,
    key: str,
    now: datetime,
    *,
    phase: str | None = None,
    hold: bool = False,
) -> int | None:
    """A post in the game's topic: its outbox id, None if ``key`` was enqueued before."""
    return outbox.enqueue(store, post_message(cfg, phase, key, body), now, hold=hold)


def post_message(cfg: GameConfig, phase: str | None, key: str, body: str) -> Outgoing:
    """A post in the game's topic, not enqueued yet."""
    return Outgoing(cfg.forum, "post", key, body, cfg.name, phase, topic=cfg.topic)


def pm(
    store: Store,
    cfg: GameConfig,
    player: str,
    subject: str,
    body: str,
    key: str,
    now: datetime,
    *,
    phase: str | None = None,
    hold: bool = False,
) -> None:
    """A PM to a player's account; refused (and logged) if it is not a current account."""
    enqueue(store, cfg, pm_message(cfg, phase, player, key, subject, body), now, hold=hold)


def pm_message(
    cfg: GameConfig, phase: str | None, player: str, key: str, subject: str, body: str
) -> Outgoing:
    """A PM of the game to one player's account, not enqueued yet."""
    return Outgoing(
        cfg.forum, "pm", key, body, cfg.name, phase, recipients=(player,), subject=subject
    )


def to_account(
    store: Store, cfg: GameConfig, account: str, subject: str, body: str, key: str, now: datetime
) -> None:
    """A PM of the game to an account that is not (or not yet) a player: a sign-up, the GM."""
    outbox.enqueue(store, pm_message(cfg, None, account, key, subject, body), now)


def to_gm(store: Store, cfg: GameConfig, text: str, key: str, now: datetime) -> None:
    """Something the GM must know: logged as a warning and in the event log always, and sent
    by PM to ``gm_contact`` when the game names one. Once per ``key``."""
    if any(e["details"].get("key") == key for e in store.events(cfg.name, "gm.told")):
        return
    log.warning("%s", text)
    store.log("gm.told", {"text": text, "key": key}, now, cfg.name)
    if cfg.gm_contact:
        to_account(store, cfg, cfg.gm_contact, f"{cfg.name}: for the GM", text, f"gm:{key}", now)


def current_accounts(store: Store, game: str) -> set[str]:
    """The accounts a game's PMs may go to: its players, less the replaced ones."""
    return {p["name"] for p in store.players(game) if p["status"] != "replaced"}


def enqueue(
    store: Store,
    cfg: GameConfig,
    message: Outgoing,
    now: datetime,
    *,
    hold: bool = False,
    current: set[str] | None = None,
) -> None:
    """A message of the game into the outbox; a PM only to a current player account
    (``current``: those accounts, when the caller already has them)."""
    if message.kind == "pm":
        player = message.recipients[0]
        if player not in (current if current is not None else current_accounts(store, cfg.name)):
            key = message.dedupe_key
            log.error(
                "%s: not sending %r to %r: not a current player account", cfg.name, key, player
            )
            store.log("outbox.refused", {"key": key, "to": player}, now, cfg.name)
            return
    outbox.enqueue(store, message, now, hold=hold)


def answer(
    store: Store,
    message: InboxMessage,
    game: str | None,
    body: str,
    now: datetime,
    *,
    recipient: str | None = None,
    phase: str | None = None,
    subject: str | None = None,
) -> None:
    """The reply to one message: to its author's account, never to anyone else."""
    outbox.enqueue(
        store,
        Outgoing(
            forum=message.forum,
            kind="pm",
            dedupe_key=f"answer:{message.forum}:{message.id}",
            body=body,
            game=game,
            phase=phase,
            recipients=(recipient or message.author,),
            subject=subject or reply_subject(message.subject, "your orders"),
        ),
        now,
    )


def reply_subject(subject: str | None, fallback: str) -> str:
    subject = (subject or "").strip()
    if not subject:
        return f"Re: {fallback}"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
