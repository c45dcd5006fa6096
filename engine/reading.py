"""Reading a message against the game: the rules the reader asks (``engine.orders.seam``),
answered from the abilities and the send-time checks, and the calls that read a PM or a post.

``engine/orders`` reads words and imports no resolver; this module is the one place that
hands it the rules of a state (the sender's slots, the checks, each ability's shape), as the
session does with every message (engine/session.py).
"""

from __future__ import annotations

from dataclasses import fields
from operator import attrgetter

from autogm.engine.ability import abilities_for
from autogm.engine.families import FAMILIES
from autogm.engine.orders.model import Order, ParsedPM
from autogm.engine.orders.parse import parse_pm
from autogm.engine.orders.reader import StateMemo
from autogm.engine.orders.seam import Checked, HeldSlots, Shape
from autogm.engine.state import ABROAD, IN_FLIGHT, GameState
from autogm.engine.validate import check_order, find_slot, held_slots

# An order's meaning: every field of ``Order`` it is compared by but the words it was read
# from (``text``), which the send-time check never reads (nor its family's ``wording``: a
# state is one family's, whose orders all carry its wording).
meaning = attrgetter(*(f.name for f in fields(Order) if f.compare and f.name != "text"))


class GameRules:
    """``engine.orders.seam.Rules`` for one state object, which does not change while it is
    read (a session keeps one while its state is that object). ``memo`` keeps the players'
    held slots across the messages read in that state, and each order's send-time check is
    kept by its meaning: a simulated player checks the orders it sends, and the reader checks
    them again when it reads them. The free players are found once too: a simulated player
    draws targets and votes from them, and each of the phase's players asks."""

    __slots__ = ("_abilities", "_checked", "_free", "memo", "state")

    def __init__(self, state: GameState, memo: StateMemo | None = None) -> None:
        self.state = state
        self.memo = memo if memo is not None else StateMemo()
        self._abilities = abilities_for(state.ruleset)
        self._checked: dict[tuple, Checked] = {}
        self._free: tuple[str, ...] | None = None

    def free(self) -> tuple[str, ...]:
        """The state's free players (``GameState.free_players``), in the roster's order."""
        if self._free is None:
            self._free = tuple(self.state.free_players())
        return self._free

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
        """``check_order`` (``slots``: the actor's held slots, when the caller has them)."""
        key = meaning(order)
        found = self._checked.get(key)
        if found is None:
            found = self._checked[key] = check_order(self.state, order, slots)
        return found

    def combine(self, earlier: Order, later: Order) -> Order | None:
        ability = self._abilities.get(later.ability)
        return None if ability is None else ability.combine(self.state, earlier, later)

    def in_play(self, ability: str) -> bool:
        found = self._abilities.get(ability)
        return found is None or found.in_play(self.state.ruleset)

    def abroad_ok(self, ability: str) -> bool:
        found = self._abilities.get(ability)
        return found is not None and found.abroad_ok

    def away(self, order: Order) -> bool:
        actor = self.state.players.get(order.actor)
        if actor is None or not actor.conditions:  # most players have none
            return False
        phase = self.state.phase
        return not self.abroad_ok(order.ability) and (
            actor.has(ABROAD, phase) or actor.has(IN_FLIGHT, phase)
        )

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
    rules: GameRules | None = None,
) -> ParsedPM:
    """A private message read against ``state`` (``engine.orders.parse.parse_pm``); ``rules``:
    the rules of ``state`` kept across its messages (``GameSession.rules``)."""
    rules = GameRules(state) if rules is None else rules
    dialect = FAMILIES[state.ruleset.family].dialect
    if dialect is None:
        raise ValueError(f"the {state.ruleset.family} family reads its orders with its own read")
    return parse_pm(state, author, text, asked, rules.memo, rules=rules, dialect=dialect())


def read_message(
    state: GameState,
    author: str,
    text: str,
    *,
    public: bool = False,
    asked: tuple[Order, ...] = (),
    rules: GameRules | None = None,
) -> ParsedPM:
    """A private message, or a post in the game topic (``public``), read as its family
    reads orders: a family with its own reader (midnight, which reads public orders in the
    topic) by it, the others by ``parse_pm`` (a topic post is then read for its votes
    elsewhere: ``GameSession.receive_post``)."""
    read = FAMILIES[state.ruleset.family].read
    if read is None:
        return read_pm(state, author, text, asked, rules)
    return read(state, author, text, public, rules=GameRules(state) if rules is None else rules)
