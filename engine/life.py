"""The life model: who may act, who may be reached, who may send an order, and what a player's
leaving play sets off at once.

Every family answers these through one interface (``Life``), so generic code (the context,
the send-time checks) never tests a status itself. DCTP's life is alive/dead/arrested plus
conditions (injured, suspended, abroad, detained, frightened:
``engine.families.dctp.life``); midnight's is hit points with the Hospital, a timed Jail and
spirits (``engine.families.midnight.life``). Each family's ``Family.life`` is its model.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from autogm.engine.ability import Ability
    from autogm.engine.context import Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState, Status


class Life(ABC):
    """What a family's model of life says about acting and being acted on."""

    @abstractmethod
    def unable(self, ctx: Context, actor: str, ability: Ability) -> str | None:
        """Why ``actor`` cannot use ``ability`` at this point of the phase (a ``failed.*``
        notice key), or None."""

    @abstractmethod
    def reachable(self, ctx: Context, name: str) -> bool:
        """Whether actions on this player can land."""

    @abstractmethod
    def order_problem(self, state: GameState, actor: str, ability: Ability | None) -> str | None:
        """Why ``actor`` may not send an order for ``ability`` at all now, or None."""

    @abstractmethod
    def target_problem(
        self, state: GameState, order: Order, ability: Ability, target: str
    ) -> str | None:
        """Why ``target``'s state rules it out for this order when it is sent, or None."""

    @abstractmethod
    def removed(self, ctx: Context, name: str, status: Status) -> None:
        """What a player's leaving play (``Context.remove``) sets off at once."""
