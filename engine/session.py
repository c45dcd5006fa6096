"""One game in play: orders held for the open phase, replaced as players send new ones.

"You may always send in a new order to replace your old one, assuming the phase has not yet
ended." "If multiple incompatible actions are submitted by a player, the last valid action prior
to the countdown ending will be the one played." The replay and the daemon both drive games
through this class, so a scenario and a live game resolve alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.orders.model import Order, ParsedPM
from engine.orders.parse import parse_pm
from engine.outcome import Notice, PhaseOutcome
from engine.prep import open_game
from engine.resolve import resolve
from engine.state import GameState
from engine.validate import SlotKey


@dataclass
class GameSession:
    state: GameState
    pending: dict[SlotKey, Order] = field(default_factory=dict)
    wills: dict[str, str] = field(default_factory=dict)

    def receive(self, author: str, text: str) -> ParsedPM:
        """Read a private message and hold its valid orders for the open phase."""
        parsed = parse_pm(self.state, author, text)
        if parsed.unvote:
            self.pending.pop((author, "common:vote"), None)
        for key, order in zip(parsed.slots, parsed.accepted, strict=True):
            # Re-inserting moves the order to the end: orders resolve in arrival order.
            self.pending.pop(key, None)
            self.pending[key] = order
        if parsed.will is not None:
            self.wills[author] = parsed.will
        return parsed

    def open(self) -> tuple[Notice, ...]:
        """Open the game: the role PMs of its first phase (engine.prep.open_game)."""
        opening = open_game(self.state)
        self.state = opening.state
        return opening.notices

    def orders_of(self, player: str) -> list[Order]:
        return [o for o in self.pending.values() if o.actor == player]

    def clear(self, player: str) -> None:
        for key in [k for k in self.pending if k[0] == player]:
            del self.pending[key]

    def close(self) -> PhaseOutcome:
        """Resolve the open phase with the orders held, and open the next one."""
        state = self.state
        if self.wills:
            state = state.clone()
            for player, will in self.wills.items():
                state.players[player].will = will or None
        outcome = resolve(state, list(self.pending.values()))
        self.state = outcome.state
        self.pending.clear()
        self.wills.clear()
        return outcome
