"""Deadline reminders: a post in the topic, and (``remind_by_pm``) a PM to each player who
could act and has sent no order yet."""

from __future__ import annotations

from datetime import datetime, timedelta

from autogm.daemon.config.model import GameConfig
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.jobs.scheduler import reminder_key
from autogm.daemon.outbox import sending
from autogm.daemon.play import games, texts
from autogm.daemon.play.games import LiveGame
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import PhaseRow


def remind(daemon: Runtime, game: str, phase: str, before: timedelta, now: datetime) -> None:
    cfg = daemon.config.games[game]
    with daemon.open_store() as store:
        row = store.phase(game, phase)
        info = store.game(game)
        if row is None or row.closed_at or row.deadline is None or row.deadline <= now:
            return
        if info is None or info["status"] != "running":
            return
        with store.atomic():
            if not _enqueue(daemon, store, cfg, row, reminder_key(game, phase, before), now):
                return  # this reminder was sent before a restart
        daemon.deliver(store, cfg.forum)
        daemon.changed(store, now)


def _enqueue(
    daemon: Runtime, store: Store, cfg: GameConfig, row: PhaseRow, key: str, now: datetime
) -> bool:
    """The reminder's post and PMs into the outbox; False if it was enqueued before."""
    assert row.deadline is not None
    game, phase, deadline = cfg.name, row.name, row.deadline
    left = deadline - now
    where = games.orders_channel(cfg, daemon.ruleset(game), phase)
    body = texts.reminder_post(phase, left, deadline, cfg.dates, where)
    if sending.post(store, cfg, body, key, now, phase=phase) is None:
        return False
    if cfg.remind_by_pm:
        live = daemon.live(store, game)
        for player in silent_players(store, live):
            body = texts.reminder_pm(game, phase, left, deadline, cfg.dates)
            subject = f"{game}: {phase} reminder"
            sending.pm(store, cfg, player, subject, body, f"{key}:{player}", now, phase=phase)
    return True


def silent_players(store: Store, live: LiveGame) -> list[str]:
    """Players who could act this phase and have sent no order for it."""
    sent = {
        row["player"]
        for row in store.rows(
            "SELECT DISTINCT player FROM orders WHERE game = ? AND phase = ?"
            " AND state = 'accepted'",
            [live.name, live.phase],
        )
    }
    return [p for p in games.can_act(live.state) if p not in sent]
