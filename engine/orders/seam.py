"""What the reader asks of the game's rules, handed in by whoever reads a message.

The reader reads words; which orders a sender may give, whether an order stands and which of
the sender's slots it fills are the rules' to say. The session (``engine/reading.py``) hands
the reader a ``Rules`` for the game's state, so that nothing in ``engine/orders`` imports the
resolver's validation or the abilities: the sender's slots are the candidates a message is
read against, and each order read is checked through ``check``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from autogm.engine.orders.model import Order
from autogm.engine.rules.base import AbilityUse, Slot

SlotKey = tuple[str, str]
# A player's slots: (key, slot), the key unique to the player.
HeldSlots = list[tuple[str, Slot]]
# Where an order stands (its slot and the use of it), or why it cannot (a str; its kind is
# ``engine.orders.kinds.kind_of``).
Checked = tuple[SlotKey, AbilityUse] | str


@dataclass(frozen=True, slots=True)
class Shape:
    """What an order of one ability names beside its word (midnight's abilities declare it on
    their class): players (``targets``), a role, Guises, a choice, a number, players with
    roles."""

    targets: int = 1
    needs_role: bool = False
    needs_guise: int = 0
    names_guises: bool = False
    choices: tuple[str, ...] = ()
    choice_names: Mapping[str, str] = field(default_factory=dict)
    counts: bool = False
    lists_roles: bool = False


class Rules(Protocol):
    """The rules as the reader asks them, for one state of a game."""

    def slots(self, player: str) -> HeldSlots | None:
        """The slots ``player`` holds now (every phase's), or None for one not playing."""

    def find_slot(self, order: Order, slots: HeldSlots | None = None) -> Checked:
        """The slot ``order`` fills, or why its sender holds none for it now."""

    def check(self, order: Order, slots: HeldSlots | None = None) -> Checked:
        """The slot ``order`` fills if it may stand, or why not."""

    def combine(self, earlier: Order, later: Order) -> Order | None:
        """One order made of two for one slot (two Slanders, one of each side), or None."""

    def abroad_ok(self, ability: str) -> bool:
        """Whether the ability works from abroad (Travel)."""

    def away(self, order: Order) -> bool:
        """Whether the order's sender is out of Japan (abroad or on the plane) in this phase
        and its ability is not one used from there: refused when sent (Travel: "can't use
        actions besides Travel and can't vote")."""

    def in_play(self, ability: str) -> bool:
        """Whether the ruleset with its options has the ability at all (the Explosive Vest's
        orders only when the GM turns it on); an ability with no unit is."""

    def passive(self) -> frozenset[str]:
        """The abilities that act with no order (Betrayal)."""

    def shape(self, ability: str) -> Shape | None:
        """What an order of ``ability`` names, when its family reads orders by their shape."""

    def public(self, player: str, ability: str) -> bool | None:
        """Whether ``player`` declares ``ability`` in the topic (True) or by PM (False); None
        when the family does not say or the player holds no line for it."""
