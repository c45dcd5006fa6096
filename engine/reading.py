"""Reading a message against the game: the rules the reader asks (``engine.orders.seam``),
answered from the abilities and the send-time checks, and the calls that read a PM or a post.

``engine/orders`` reads words and imports no resolver; this module is the one place that
hands it the rules of a state (the sender's slots, the checks, each ability's shape), as the
session does with every message (engine/session.py).
"""

from __future__ import annotations

from autogm.engine.ability import abilities_for
from autogm.engine.families import FAMILIES
from autogm.engine.orders.model import Order, ParsedPM
from autogm.engine.orders.parse import parse_pm
from autogm.engine.orders.reader import StateMemo
from autogm.engine.orders.seam import Checked, HeldSlots, Shape
from autogm.engine.state import GameState
from autogm.engine.validate import check_order, find_slot, held_slots


class GameRules:
    """``engine.orders.seam.Rules`` for one state object, which does not change while it is
    read (a session makes a new one with each new state). ``memo`` keeps the players' held
    slots across the messages read in that state."""

    __slots__ = ("_abilities", "memo", "state")

    def __init__(self, state: GameState, memo: StateMemo | None = None) -> None:
        self.state = state
        self.memo = memo if memo is not None else StateMemo()
        self._abilities = abilities_for(state.ruleset)

    def slots(self, player: str) -> HeldSlots | None:
        if player not in self.state.players:
            return None
        found = self.memo.slots.get(player)
        if found is None:
            found = self.memo.slots[player] = held_slots(self.state, player)
        return found

    def find_slot(self, order: Order, slots: HeldSlots | None = None) -> Checked:
        return find_slot(self.state, order, slots)

    def check(self, order: Order, slots: HeldSlots | None = None) -> Checked:
        return check_order(self.state, order, slots)

    def combine(self, earlier: Order, later: Order) -> Order | None:
        ability = self._abilities.get(later.ability)
        return None if ability is None else ability.combine(self.state, earlier, later)

    def abroad_ok(self, ability: str) -> bool:
        found = self._abilities.get(ability)
        return found is not None and found.abroad_ok

    def passive(self) -> frozenset[str]:
        return frozenset(n for n, a in self._abilities.items() if a.passive)

    def shape(self, ability: str) -> Shape | None:
        found = self._abilities.get(ability)
        if found is None:
            return None
        return Shape(
            targets=getattr(found, "targets", 1),
            needs_role=getattr(found, "needs_role", False),
            needs_guise=getattr(found, "needs_guise", 0),
            names_guises=getattr(found, "names_guises", False),
            choices=tuple(getattr(found, "choices", ())),
            choice_names=dict(getattr(found, "choice_names", {})),
            counts=getattr(found, "counts", False),
            lists_roles=getattr(found, "lists_roles", False),
        )

    def public(self, player: str, ability: str) -> bool | None:
        public = FAMILIES[self.state.ruleset.family].public
        if public is None or player not in self.state.players:
            return None
        return public(self.state, player, ability)


def read_pm(
    state: GameState,
    author: str,
    text: str,
    asked: tuple[Order, ...] = (),
    memo: StateMemo | None = None,
) -> ParsedPM:
    """A private message read against ``state`` (``engine.orders.parse.parse_pm``)."""
    rules = GameRules(state, memo)
    return parse_pm(state, author, text, asked, rules.memo, rules=rules)


def read_message(
    state: GameState,
    author: str,
    text: str,
    *,
    public: bool = False,
    asked: tuple[Order, ...] = (),
    memo: StateMemo | None = None,
) -> ParsedPM:
    """A private message, or a post in the game topic (``public``), read as its family
    reads orders: a family with its own reader (midnight, which reads public orders in the
    topic) by it, the others by ``parse_pm`` (a topic post is then read for its votes
    elsewhere: ``GameSession.receive_post``)."""
    read = FAMILIES[state.ruleset.family].read
    if read is None:
        return read_pm(state, author, text, asked, memo)
    return read(state, author, text, public, rules=GameRules(state, memo))
