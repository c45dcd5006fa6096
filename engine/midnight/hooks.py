"""Where the Neutral roles hook into the game's course: their wins, their vetoes of the
factions' wins, and what happens when a phase ends. Kept apart from ``family`` so that the
abilities can register here without importing the family (which imports them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.context import Context
    from engine.state import GameState

# Neutral wins, each (state) -> the winners' label and players, or None (Last Man Standing,
# DDD, All-in); and vetoes of the factions' wins (Public Enemy: "Law and Mafia can't win").
NEUTRAL_WINS: list[Callable[[GameState], tuple[str, tuple[str, ...]] | None]] = []
VETOES: list[Callable[[GameState, str], bool]] = []
# Called with (ctx) when a phase ends, after the Guises grow: what happens "at the end of each
# Night" or "each morning" (Master Plan, the cards, Bust, Croupier) and "at the end of the
# Day" (DDD).
AT_END: list[Callable[[Context], None]] = []
