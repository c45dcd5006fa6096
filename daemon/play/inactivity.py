"""Who has gone quiet: phases in a row without an order or a topic post, from the store.

At each phase close the players who could act in it (a free player with an ability for the
phase, or a vote by day) and sent nothing are written to the event log (``inactivity.phase``:
``able`` and ``idle``); a player's streak is read back from those events, newest first: a
phase they were idle in counts, a phase they were active in ends it, a phase they could not
act in is skipped (a townie without a night action is not idle at night).

Ruling: activity is anything the player sent the game: an order PM (understood or not, "no
action" included), a command PM (status, orders...), or a post in the game topic. A GM reads
"nothing from them" the same way: a player who writes is there.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from autogm.daemon.config.model import GameConfig, InactiveAction
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import iso

PHASE_EVENT = "inactivity.phase"
STEP_EVENT = "inactivity.step"


@dataclass(frozen=True, slots=True)
class Step:
    """What a player's streak calls for at a close: prod, warn, or the game's action."""

    player: str
    step: str  # prod, warn, gm, replace, modkill
    phases: int


def active_players(
    store: Store,
    cfg: GameConfig,
    phase: str,
    players: Sequence[str],
    opened: datetime,
    closed: datetime,
) -> set[str]:
    """Which of ``players`` sent the game anything for ``phase``: an order fed to it (its
    row says which phase it went to), or a command PM or a topic post from ``opened`` to
    ``closed``. phpBB dates a message to the minute, so the window opens at the minute."""
    folded = {p.casefold(): p for p in players}
    orders = store.rows(
        "SELECT player AS author FROM orders WHERE game = ? AND phase = ? AND source != 'gm'",
        [cfg.name, phase],
    )
    start = opened.replace(second=0, microsecond=0)
    sent = store.rows(
        "SELECT author FROM inbox WHERE sent_at >= ? AND sent_at < ?"
        " AND ((kind = 'pm' AND game = ?) OR (kind = 'post' AND topic = ?))",
        [iso(start), iso(closed), cfg.name, cfg.topic],
    )
    return {
        folded[r["author"].casefold()] for r in orders + sent if r["author"].casefold() in folded
    }


def switched_off(store: Store, game: str) -> tuple[bool, set[str]]:
    """The GM's ``inactivity off|on [for NAME]`` lines applied so far, in their order: whether
    the game's steps are off, and the players they are off for."""
    off, players = False, set()
    rows = store.rows(
        "SELECT parsed FROM overrides WHERE game = ? AND result = 'applied'"
        " AND json_extract(parsed, '$.type') = 'Inactivity' ORDER BY applied_at, rowid",
        [game],
    )
    for row in rows:
        parsed = json.loads(row["parsed"])
        if parsed["player"] is None:
            off = not parsed["on"]
        elif parsed["on"]:
            players.discard(parsed["player"])
        else:
            players.add(parsed["player"])
    return off, players


def record_phase(
    store: Store,
    cfg: GameConfig,
    phase: str,
    able: Sequence[str],
    idle: Sequence[str],
    now: datetime,
) -> None:
    store.log(PHASE_EVENT, {"phase": phase, "able": list(able), "idle": list(idle)}, now, cfg.name)


def streak(store: Store, game: str, player: str) -> int:
    """Phases in a row, up to the last one closed, that ``player`` could act in and did not."""
    count = 0
    for event in reversed(store.events(game, PHASE_EVENT)):
        details = event["details"]
        if player in details["idle"]:
            count += 1
        elif player in details["able"]:
            break
    return count


def steps(store: Store, cfg: GameConfig, idle: Sequence[str]) -> list[Step]:
    """What each idle player's streak calls for now (nothing between the thresholds).
    ``idle`` holds only players inactivity applies to (see jobs.inactive.judge)."""
    rule = cfg.inactivity
    found = []
    for player in idle:
        length = streak(store, cfg.name, player)
        if length == rule.prod:
            found.append(Step(player, "prod", length))
        elif length == rule.warn:
            found.append(Step(player, "warn", length))
        elif length == rule.warn + 1:
            found.append(Step(player, rule.action.value, length))
    return found


def then_text(action: InactiveAction) -> str:
    """What the warning says comes next."""
    return {
        InactiveAction.GM: "the GM will be asked to replace or remove you",
        InactiveAction.REPLACE: "you will be replaced by the next player on the replacement list",
        InactiveAction.MODKILL: "you will be removed from the game (modkilled)",
        InactiveAction.OFF: "",
    }[action]
