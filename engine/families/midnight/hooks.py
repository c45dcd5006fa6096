"""Where abilities hook into the game's course without an order: a game's start and a phase's
end (Sturdy's extra HP, Meditation, Negotiation's decay, the Journalist's result "at the end
of the next Night", the Tattletale's saved votes), and the Neutral roles' wins, their vetoes of
the factions' wins, and what happens when a phase ends. Kept apart from ``family`` so that the
abilities can register here without importing the family (which imports them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from autogm.engine.context import Context
    from autogm.engine.state import GameState

# Called with the new game's state, before the first phase.
NEW_GAME: list[Callable[[GameState], None]] = []
# Called at the end of every phase, after every action and report and before the Guises grow
# (a result learned "at the end of the next Night" still sees that Night's Slander).
PHASE_END: list[Callable[[Context], None]] = []
# Neutral wins, each (state) -> the winners' label and players, or None (Last Man Standing,
# DDD, All-in); and vetoes of the factions' wins (Public Enemy: "Law and Mafia can't win").
NEUTRAL_WINS: list[Callable[[GameState], tuple[str, tuple[str, ...]] | None]] = []
VETOES: list[Callable[[GameState, str], bool]] = []
# Wins that come with time alone, each (state) -> whether a player's is on its way (Master
# Plan's plans toward DDD): while one is, a player can win, and the GM calls no stalemate
# (engine/stalemate.py).
WINS_TO_COME: list[Callable[[GameState], bool]] = []
# Called with (ctx) when a phase ends, after the Guises grow: what happens "at the end of each
# Night" or "each morning" (Master Plan, the cards, Bust, Croupier) and "at the end of the
# Day" (DDD).
AT_END: list[Callable[[Context], None]] = []
