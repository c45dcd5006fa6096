"""A game's phases in the store: which one is open, which messages wait for the next one,
and moving on once a phase's results are out."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from autogm.daemon.config.model import GameConfig
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import PhaseRow, iso


def open_phase(store: Store, game: str) -> PhaseRow | None:
    rows = store.open_phases(game)
    return rows[0] if rows else None


def open_deadline(store: Store, game: str) -> datetime | None:
    """The deadline of the game's open phase (None: no open phase, or no deadline)."""
    row = open_phase(store, game)
    return row.deadline if row else None


def read_after_close(status: str, deadline: datetime | None, sent_at: datetime) -> bool:
    """Whether a message belongs to the next phase: sent at or after a running phase's
    deadline, it is read once this phase has closed."""
    return status == "running" and deadline is not None and sent_at >= deadline


def mark_approved(store: Store, game: str, phase: str, now: datetime) -> None:
    """A phase's results are out (sent at the close, or released by the GM)."""
    store.execute(
        "UPDATE phases SET approved_at = ? WHERE game = ? AND name = ?",
        [iso(now), game, phase],
    )


def advance(store: Store, cfg: GameConfig, record: dict[str, Any], now: datetime) -> str | None:
    """After a phase's results went out: end the game, or open the next phase. Its name."""
    if record.get("winner"):
        store.update_game(cfg.name, now, status="ended")
        store.log("game.ended", {"winner": record["winner"]}, now, cfg.name)
        return None
    name = record["next"]
    deadline = cfg.schedule.deadline(name, now, cfg.timezone)
    store.open_phase(cfg.name, name, now, deadline)
    return name
