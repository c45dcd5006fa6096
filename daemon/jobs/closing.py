"""The phase close: read every order sent before the deadline, then resolve and write the
outcome, every message it sends and the next phase in one transaction, then send.

With ``results = approve`` the messages are held (and the next phase not opened) until the
GM runs ``autogm approve`` (``daemon.jobs.approval``).
"""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from datetime import datetime
from typing import Any

from autogm.daemon.config.model import GameConfig, InactiveAction, ResultsMode
from autogm.daemon.jobs import inactive
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox import sending
from autogm.daemon.outbox.message import RESULTS, Outgoing
from autogm.daemon.play import games, texts
from autogm.daemon.play.phases import advance, mark_approved
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import PhaseRow

log = logging.getLogger(__name__)


def close_phase(daemon: Runtime, game: str, phase: str, now: datetime) -> None:
    cfg = daemon.config.games[game]
    with daemon.open_store() as store:
        row = store.phase(game, phase)
        info = store.game(game)
        if row is None or row.closed_at is not None or info is None:
            return
        if not _due(row, info, now):
            daemon.changed(store, now)  # paused or moved: let the plan say what is next
            return
        # Every order sent before the deadline must be in: read the forum first, and if
        # it cannot be read, leave the phase open; the next poll's re-plan retries.
        if not daemon.fetch(store, cfg.forum, now, closing_topics(cfg)):
            log.warning("%s: %s not closed yet: the forum could not be read", game, phase)
            return
        daemon.process_inbox(store, cfg.forum, now)
        daemon.apply_overrides(store, cfg.forum, now)
        # The overrides just applied may have paused the game or moved the deadline.
        row = store.phase(game, phase)
        info = store.game(game)
        if row is not None and row.closed_at is None and info is not None and _due(row, info, now):
            daemon.resolve(store, cfg, now)
            # Messages sent after the deadline waited for this close: now they are read.
            daemon.process_inbox(store, cfg.forum, now)
        daemon.deliver(store, cfg.forum)
        daemon.changed(store, now)


def closing_topics(cfg: GameConfig) -> list[str]:
    """The topics a close reads besides the PMs: the game topic when posts count as activity
    (inactivity), the sign-up topic for late replacement offers."""
    topics = []
    if cfg.inactivity.action is not InactiveAction.OFF:
        topics.append(cfg.topic)
    if cfg.signups is not None:
        topics.append(cfg.signups.topic)
    return topics


def _due(row: PhaseRow, info: dict[str, Any], now: datetime) -> bool:
    """A running game's phase whose deadline has come."""
    return info["status"] == "running" and row.deadline is not None and row.deadline <= now


def resolve(daemon: Runtime, store: Store, cfg: GameConfig, now: datetime) -> games.ClosedPhase:
    """Close the open phase: outcome, messages and the next phase in one transaction."""
    live = daemon.live(store, cfg.name)
    phase = live.phase
    row = store.phase(cfg.name, phase)
    hold = cfg.results is ResultsMode.APPROVE
    with store.atomic():
        found = inactive.judge(store, cfg, live, row, now) if row is not None else []
        closed = games.close(live)
        if closed.winner:
            found = []  # the game is over: nobody is prodded any more
        # A GM prods the living: a quiet player lynched or killed in this phase is past it.
        found = inactive.still_playing(found, live.state)
        deadline = None if hold else next_deadline(cfg, closed, now)
        messages = phase_messages(cfg, closed, deadline, inactive.result_lines(found))
        record = closed.record()
        store.close_phase(cfg.name, phase, now, record)
        _enqueue(store, cfg, messages, hold, now)
        _record_statuses(store, cfg, closed)
        details = {"phase": phase, "winner": closed.winner, "held": hold}
        store.log("phase.closed", details, now, cfg.name)
        if not hold:
            mark_approved(store, cfg.name, phase, now)
            advance(store, cfg, record, now)
        inactive.act(daemon, store, cfg, phase, found, now, hold)
        _tell_held_texts(store, cfg, live, closed, now)
    log.info("%s: %s closed%s", cfg.name, phase, " (results held for approval)" if hold else "")
    return closed


def _tell_held_texts(
    store: Store, cfg: GameConfig, live: games.LiveGame, closed: games.ClosedPhase, now: datetime
) -> None:
    """The texts this close held for the GM (a dream's draft, a tape, a will) go to the GM
    (``gm_contact``, the log); the results went out without them."""
    new = [t for t in games.held_texts(live) if t.phase == closed.outcome.phase]
    if new:
        note = texts.held_texts_note(cfg.name, new)
        sending.to_gm(store, cfg, note, f"held:{cfg.name}:{closed.phase}", now)


def _enqueue(
    store: Store,
    cfg: GameConfig,
    messages: list[Outgoing],
    hold: bool,
    now: datetime,
) -> None:
    """A phase's messages into the outbox; a PM only to a current player account."""
    current = sending.current_accounts(store, cfg.name)
    for message in messages:
        sending.enqueue(store, cfg, message, now, hold=hold, current=current)


def _record_statuses(store: Store, cfg: GameConfig, closed: games.ClosedPhase) -> None:
    """The players the phase killed (or otherwise took out), in the players table."""
    for name, status in games.player_statuses(closed.outcome.state).items():
        if status != "alive":
            store.execute(
                "UPDATE players SET status = ? WHERE game = ? AND name = ? AND status = 'alive'",
                [status, cfg.name, name],
            )


def next_deadline(cfg: GameConfig, closed: games.ClosedPhase, now: datetime) -> datetime | None:
    """The deadline of the phase a close opens at ``now``; None once the game is won."""
    if closed.winner:
        return None
    return cfg.schedule.deadline(closed.next_phase, now, cfg.timezone)


def phase_messages(
    cfg: GameConfig,
    closed: games.ClosedPhase,
    next_deadline: datetime | None,
    inactivity: list[str] | None = None,
) -> list[Outgoing]:
    """Everything a phase close sends, in the order it goes out: the results post, then each
    player's role PM (after Prep) and results PM, players in ``send_order``. All of them go
    before anything else queued (``RESULTS``): an acknowledgement never delays a result.

    ``next_deadline`` None leaves the next phase's opening out of the post (it is announced
    when the GM approves the results, or there is none: the game is won).
    """
    lines = [texts.phase_results_post(closed.phase, closed.public)]
    if inactivity:
        lines.append("\n".join(inactivity))
    if closed.winner:
        lines.append(texts.winner_line(closed.winner))
    elif next_deadline is not None:
        where = games.orders_channel(cfg, closed.outcome.state.ruleset, closed.next_phase)
        lines.append(texts.phase_opening(closed.next_phase, next_deadline, cfg.dates, where))
    base = f"result:{cfg.name}:{closed.phase}"
    body = "\n\n".join(lines)
    messages = [sending.post_message(cfg, closed.phase, f"{base}:post", body)]
    subject = texts.results_subject(cfg.name, closed.phase)
    for player in send_order(closed):
        if player in closed.role_pms:
            key, role = f"role:{cfg.name}:{player}", "\n".join(closed.role_pms[player])
            messages.append(
                sending.pm_message(
                    cfg, closed.phase, player, key, texts.role_subject(cfg.name), role
                )
            )
        if player in closed.private:
            body = texts.private_results(closed.phase, closed.private[player])
            messages.append(
                sending.pm_message(cfg, closed.phase, player, f"{base}:{player}", subject, body)
            )
    return [replace(message, priority=RESULTS) for message in messages]


def send_order(closed: games.ClosedPhase) -> list[str]:
    """The players a phase's PMs go to, in the order they are sent: drawn anew for each phase
    from the game's seed and the phase's name, so that nobody is always told first (or last)
    and the same close always sends in the same order (docs/running.md)."""
    players = list(dict.fromkeys([*closed.role_pms, *closed.private]))
    random.Random(f"{closed.outcome.state.seed}:{closed.phase}").shuffle(players)
    return players
