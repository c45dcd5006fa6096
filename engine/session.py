"""One game in play: orders held for the open phase, replaced as players send new ones.

"You may always send in a new order to replace your old one, assuming the phase has not yet
ended." "If multiple incompatible actions are submitted by a player, the last valid action prior
to the countdown ending will be the one played." The replay and the daemon both drive games
through this class, so a scenario and a live game resolve alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.abilities import abilities_for
from engine.families import FAMILIES
from engine.orders.model import Order, ParsedPM, ability_title
from engine.orders.parse import parse_pm
from engine.outcome import Notice, PhaseOutcome
from engine.prep import open_game
from engine.resolve import resolve, resolve_instant
from engine.state import GameState
from engine.validate import SlotKey, check_order


@dataclass
class GameSession:
    state: GameState
    pending: dict[SlotKey, Order] = field(default_factory=dict)
    wills: dict[str, str] = field(default_factory=dict)
    # What the open phase's instant orders produced, in the order of declaration.
    instants: list[PhaseOutcome] = field(default_factory=list)

    def receive(self, author: str, text: str, *, public: bool = False) -> ParsedPM:
        """Read a private message (``public``: a post in the game topic, for a family that
        reads public orders there) and hold its valid orders for the open phase; an instant
        order resolves at once."""
        read = FAMILIES[self.state.ruleset.family].read
        parsed = (
            read(self.state, author, text, public) if read else parse_pm(self.state, author, text)
        )
        if parsed.unvote:
            self.pending.pop((author, "common:vote"), None)
        if parsed.no_action:
            for key in [
                k for k, o in self.pending.items() if k[0] == author and o.ability != "vote"
            ]:
                del self.pending[key]
        notes: list[str] = []
        for key, order in zip(parsed.slots, parsed.accepted, strict=True):
            # Re-inserting moves the order to the end: orders resolve in arrival order.
            earlier = self.pending.pop(key, None)
            if earlier is not None and earlier != order:
                order, note = self._after(earlier, order)
                notes.append(note)
            # The actor first: the cheap test, run for this order against every one held.
            others = [
                (k, why)
                for k, o in self.pending.items()
                if o.actor == order.actor and (why := _excludes(self.state, o, order))
            ]
            for other, why in others:
                dropped = self.pending.pop(other)
                notes.append(
                    f"'{order.canonical()}' replaces your earlier '{dropped.canonical()}' ({why})"
                )
            self.pending[key] = order
        if parsed.will is not None:
            self.wills[author] = parsed.will
        self._resolve_instants()
        return replace(parsed, notes=parsed.notes + tuple(notes)) if notes else parsed

    def _after(self, earlier: Order, later: Order) -> tuple[Order, str]:
        """The order a later PM leaves standing in a slot an earlier PM filled, and what the
        player is told of the earlier one: kept beside it (two Slanders, one of each side)
        or dropped ("the last valid action prior to the countdown ending will be the one
        played")."""
        ability = abilities_for(self.state.ruleset).get(later.ability)
        combined = ability.combine(self.state, earlier, later) if ability else None
        if combined is not None and not isinstance(check_order(self.state, combined), str):
            return combined, (
                f"'{combined.canonical()}' stands: your earlier '{earlier.canonical()}' is kept "
                "beside it"
            )
        return later, (
            f"'{later.canonical()}' replaces your earlier '{earlier.canonical()}' "
            "(a later order replaces an earlier one for the same action)"
        )

    def _resolve_instants(self) -> None:
        """ "Instant" actions cannot be canceled ... Instant actions are resolved instantly,
        in the order of declaration."""
        abilities = abilities_for(self.state.ruleset)
        for key in [k for k, o in self.pending.items() if abilities[o.ability].instant]:
            order = self.pending.pop(key)
            outcome = resolve_instant(self.state, order, len(self.instants))
            self.state = outcome.state
            self.instants.append(outcome)

    def open(self) -> tuple[Notice, ...]:
        """Open the game: the role PMs of its first phase (engine.prep.open_game)."""
        family = FAMILIES[self.state.ruleset.family]
        opening = (family.open_game or open_game)(self.state)
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
        self.instants.clear()
        return outcome


def _excludes(state: GameState, held: Order, later: Order) -> str | None:
    """Why ``later`` drops ``held``, or None: two orders of one player, one of them an order
    that must stand alone in its phase (Travel), or two that exclude each other (midnight's
    Investigate and Vote)."""
    if held.actor != later.actor or held is later:
        return None
    abilities = abilities_for(state.ruleset)
    first, second = abilities.get(held.ability), abilities.get(later.ability)
    if any(getattr(a, "alone", False) for a in (first, second)):
        return "a player may travel or act in a phase, not both"
    if (first and later.ability in first.excludes) or (second and held.ability in second.excludes):
        titles = state.ruleset.titles
        return (
            f"{ability_title(later.ability, titles)} and {ability_title(held.ability, titles)} "
            "exclude each other"
        )
    return None
