"""A game's sign-up topic (``signups = TOPIC``): sign-ups read from its posts, each answered
once by PM, the running list post kept up to date, and sign-ups closed at the size or the
time the config gives.

While sign-ups are taken the topic is read at every poll; once the game is dealt it is read
only when a phase closes (for late replacement offers), so an idle poll stays one request.
"""

from __future__ import annotations

import logging
from datetime import datetime

from autogm.daemon.config.model import GameConfig, ShortSignups
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox import keys, sending
from autogm.daemon.outbox.running_post import keep_post
from autogm.daemon.play import roster, roster_texts, signups
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import InboxMessage
from autogm.engine.orders.signup import read_signup
from autogm.engine.role_setups import RoleSetup, SetupError, check_size
from autogm.engine.rules.base import Ruleset

log = logging.getLogger(__name__)


def signup_games(daemon: Runtime, forum: str) -> list[GameConfig]:
    return [g for g in daemon.games_on(forum) if g.signups is not None]


def topics_to_poll(daemon: Runtime, store: Store, forum: str) -> list[str]:
    """The sign-up topics read at every poll: those of games not dealt yet."""
    topics = set()
    for cfg in signup_games(daemon, forum):
        assert cfg.signups is not None
        if signups.status(store, cfg.name) in (None, signups.CLOSED, *signups.TAKING):
            topics.add(cfg.signups.topic)
    return sorted(topics)


def game_of(daemon: Runtime, message: InboxMessage) -> GameConfig | None:
    """The game whose sign-up topic the post is in."""
    return next(
        (
            g
            for g in signup_games(daemon, message.forum)
            if g.signups is not None and g.signups.topic == message.topic
        ),
        None,
    )


def handle_post(
    daemon: Runtime, store: Store, cfg: GameConfig, message: InboxMessage, now: datetime
) -> int:
    """A post in the sign-up topic: a sign-up, a leave or a replacement offer is recorded and
    answered; anything else (chatter, quotes) is kept and counts for nothing."""
    account = daemon.config.forums[message.forum].username.casefold()
    intent = None if message.author.casefold() == account else read_signup(message.source)
    if intent is not None:
        # The thread usually opens before autogm first reads it: those posts open the round.
        signups.open_round(store, cfg, now)
        choices = daemon.ruleset(cfg.name).signup_choices
        text = signups.take(store, cfg, message.author, intent, message.id, now, choices)
        store.log(
            "signups.post",
            {"author": message.author, "kind": intent.kind.value, "answer": text},
            now,
            cfg.name,
        )
        subject = roster_texts.signup_subject(cfg.name)
        sending.answer(store, message, cfg.name, text, now, subject=subject)
    store.set_parsed(message.id, now, cfg.name if store.game(cfg.name) else None)
    return 1


def update(daemon: Runtime, store: Store, forum: str, now: datetime) -> None:
    """Open sign-ups that have not opened, close those that are due, keep each list post."""
    for cfg in signup_games(daemon, forum):
        try:
            with store.atomic():
                _update(daemon, store, cfg, now)
        except Exception:
            log.exception("%s: the sign-ups could not be updated", cfg.name)


def _update(daemon: Runtime, store: Store, cfg: GameConfig, now: datetime) -> None:
    signups.open_round(store, cfg, now)
    status = signups.status(store, cfg.name)
    if status in signups.TAKING:
        close_if_due(daemon, store, cfg, now)
    show_list(store, cfg, now)


def close_if_due(daemon: Runtime, store: Store, cfg: GameConfig, now: datetime) -> bool:
    """Close the sign-ups when they are due and can be dealt; True once they are closed.

    Below the minimum the GM is told once and the sign-ups stay open (``signups_short =
    wait``) or the game is cancelled (``cancel``); a count the setup cannot be dealt to is
    told to the GM the same way, and waits."""
    assert cfg.signups is not None
    status = signups.status(store, cfg.name)
    if status == signups.CLOSED:
        return True
    if status not in signups.TAKING:
        return False
    count = len(signups.roll(store, cfg.name).players)
    due = signups.due(cfg, count, now)
    if not due and status != signups.SHORT:
        return False
    ruleset = daemon.ruleset(cfg.name)
    setup = roster.role_setup(daemon.config, cfg, ruleset)
    least = roster.minimum(cfg, setup)
    if count < least:
        if status == signups.OPEN:
            cancel = cfg.signups.short is ShortSignups.CANCEL
            signups.set_status(store, cfg.name, signups.CANCELLED if cancel else signups.SHORT, now)
            text = roster_texts.signups_short_gm(cfg.name, count, least, cancel)
            sending.to_gm(store, cfg, text, f"signups-short:{cfg.name}", now)
        return False
    top = max(roster.sizes(cfg, setup), default=count)
    if count > top:
        # More signed up than the game can take: the first ones play, the rest wait as
        # replacements, in the order they signed up (as a GM closing a full list does).
        for name, place in signups.overflow(store, cfg.name, top, now):
            text = roster_texts.signup_overflow(cfg.name, place)
            sending.to_account(
                store,
                cfg,
                name,
                roster_texts.signup_subject(cfg.name),
                text,
                f"signups-overflow:{cfg.name}:{name}",
                now,
            )
        count = top
    problem = _undealable(cfg, ruleset, setup, count)
    if problem is not None:
        if status == signups.OPEN:
            signups.set_status(store, cfg.name, signups.SHORT, now)
        text = roster_texts.signups_unfit_gm(cfg.name, count, problem)
        sending.to_gm(store, cfg, text, f"signups-unfit:{cfg.name}:{count}", now)
        return False
    signups.set_status(store, cfg.name, signups.CLOSED, now)
    log.info("%s: sign-ups closed with %d players", cfg.name, count)
    return True


def _undealable(
    cfg: GameConfig, ruleset: Ruleset, setup: RoleSetup | None, count: int
) -> str | None:
    if setup is None:
        wanted = len(cfg.roles)
        return None if count == wanted else f"the role list deals exactly {wanted} roles"
    try:
        check_size(ruleset, setup, count)
    except SetupError as exc:
        return str(exc)
    return None


def show_list(store: Store, cfg: GameConfig, now: datetime) -> None:
    """The running list post in the sign-up topic, created once and then edited."""
    assert cfg.signups is not None
    status = signups.status(store, cfg.name)
    if status is None:
        return
    entries = signups.roll(store, cfg.name)
    body = roster_texts.signup_list(
        cfg.name,
        entries.players,
        entries.replacements,
        entries.choices,
        status,
        cfg.signups.size,
        cfg.signups.close,
        cfg.dates,
    )
    base = keys.signup_list_key(cfg.name)
    keep_post(store, cfg.forum, cfg.name, None, cfg.signups.topic, base, body, now)
