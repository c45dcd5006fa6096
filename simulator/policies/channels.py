"""Where a player sends an order: by private message, or declared in the game topic (a
family that reads public orders there: midnight's "publicly" lines, in the OOC tag)."""

from __future__ import annotations

from autogm.engine.families import FAMILIES
from autogm.engine.orders.model import Order
from autogm.engine.state import GameState


def reads_topic(state: GameState) -> bool:
    return FAMILIES[state.ruleset.family].public_orders


def is_public(state: GameState, order: Order) -> bool:
    """Whether the order is declared in the topic: midnight's line says ("publicly"); a vote
    goes there too in such a game."""
    if not reads_topic(state):
        return False
    if order.ability == "vote":
        return True
    from autogm.engine.families.midnight.life import line_of

    line = line_of(state, order.actor, order.ability)
    return bool(line is not None and line.public)
