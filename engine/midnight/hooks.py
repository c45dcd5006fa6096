"""Hooks the midnight family calls at a game's start and a phase's end, filled by the abilities
that act there without an order (Sturdy's extra HP, Meditation, Negotiation's decay, the
Journalist's result "at the end of the next Night", the Tattletale's saved votes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.context import Context
    from engine.state import GameState

# Called with the new game's state, before the first phase.
NEW_GAME: list[Callable[[GameState], None]] = []
# Called at the end of every phase, after every action and report and before the Guises grow
# (a result learned "at the end of the next Night" still sees that Night's Slander).
PHASE_END: list[Callable[[Context], None]] = []
