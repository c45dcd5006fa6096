"""Results held for the GM (``results = approve``): which phase waits, and releasing it."""

from __future__ import annotations

from datetime import datetime

from daemon.config.model import GameConfig
from daemon.outbox import outbox, sending
from daemon.play import texts
from daemon.play.phases import advance, mark_approved
from daemon.store.db import Store


def awaiting_approval(store: Store, game: str) -> str | None:
    """The closed phase whose results wait for the GM, if any."""
    rows = store.rows(
        "SELECT name FROM phases WHERE game = ? AND closed_at IS NOT NULL AND approved_at IS NULL"
        " ORDER BY id DESC LIMIT 1",
        [game],
    )
    return rows[0]["name"] if rows else None


def approve(store: Store, cfg: GameConfig, now: datetime) -> tuple[str, int, str | None]:
    """Release a phase's held results and open the next phase: (phase, messages, next)."""
    phase = awaiting_approval(store, cfg.name)
    if phase is None:
        raise LookupError(f"{cfg.name}: no results wait for approval")
    row = store.phase(cfg.name, phase)
    assert row is not None
    with store.atomic():
        released = outbox.release(store, cfg.name, phase)
        mark_approved(store, cfg.name, phase, now)
        opened = advance(store, cfg, row.outcome, now)
        if opened is not None:
            _announce_opening(store, cfg, opened, now)
        store.log("phase.approved", {"phase": phase, "released": released}, now, cfg.name)
    return phase, released, opened


def _announce_opening(store: Store, cfg: GameConfig, opened: str, now: datetime) -> None:
    """The held results post left the opening out: it is posted now, with the deadline."""
    row = store.phase(cfg.name, opened)
    assert row is not None and row.deadline is not None
    body = texts.phase_opening(opened, row.deadline, cfg.dates)
    sending.post(store, cfg, body, f"open:{cfg.name}:{opened}", now, phase=opened)
