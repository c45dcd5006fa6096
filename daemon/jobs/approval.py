"""Results held for the GM (``results = approve``): which phase waits, and releasing it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from autogm.daemon.config.model import GameConfig
from autogm.daemon.jobs.starting import open_dealt
from autogm.daemon.outbox import outbox, sending
from autogm.daemon.play import games, texts
from autogm.daemon.play.phases import advance, mark_approved
from autogm.daemon.store.db import Store


def awaiting_approval(store: Store, game: str) -> str | None:
    """The closed phase whose results wait for the GM, if any."""
    rows = store.rows(
        "SELECT name FROM phases WHERE game = ? AND closed_at IS NOT NULL AND approved_at IS NULL"
        " ORDER BY id DESC LIMIT 1",
        [game],
    )
    return rows[0]["name"] if rows else None


def deal_waiting(store: Store, game: str) -> dict[str, Any] | None:
    """The deal of a game that waits for the GM before it starts (``results = approve``)."""
    row = store.game(game)
    if row is None or row["status"] != "setup" or not row["state"]:
        return None
    return row["state"].get("deal") or {"roster": row["state"]["roster"], "drawn": []}


def approve(store: Store, cfg: GameConfig, now: datetime) -> tuple[str, int, str | None]:
    """Release a phase's held results and open the next phase: (phase, messages, next).
    A deal waiting for the GM: its role PMs go and the first phase opens ("deal", n, Prep)."""
    if deal_waiting(store, cfg.name) is not None:
        return _approve_deal(store, cfg, now)
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


def _approve_deal(store: Store, cfg: GameConfig, now: datetime) -> tuple[str, int, str | None]:
    row = store.game(cfg.name)
    assert row is not None
    state = row["state"]
    live = games.begin(
        cfg.name, games.ruleset_for(cfg), state["roster"], row["seed"], games.choices_of(state)
    )
    with store.atomic():
        released = outbox.release(store, cfg.name, live.phase)
        opened = open_dealt(store, cfg, live, now, pms=False)
        store.log("deal.approved", {"released": released}, now, cfg.name)
    return "the deal", released, opened


def _announce_opening(store: Store, cfg: GameConfig, opened: str, now: datetime) -> None:
    """The held results post left the opening out: it is posted now, with the deadline."""
    row = store.phase(cfg.name, opened)
    assert row is not None and row.deadline is not None
    where = games.orders_channel(cfg, games.ruleset_for(cfg), opened)
    body = texts.phase_opening(opened, row.deadline, cfg.dates, where)
    sending.post(store, cfg, body, f"open:{cfg.name}:{opened}", now, phase=opened)
