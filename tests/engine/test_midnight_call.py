"""midnight's The Call where the reader cannot send it: an order built for the Town (the
simulator's, or any caller's that does not go through the reader) is refused when sent."""

from __future__ import annotations

from autogm.engine.families.midnight.family import new_game
from autogm.engine.families.midnight.reader import TOWN
from autogm.engine.orders.model import Order
from autogm.engine.rules import RULESETS
from autogm.engine.validate import check_order


def test_the_call_goes_to_a_player_never_to_the_town() -> None:
    """Boss, The Call (H) — "you can send a target an anonymous message "from the Boss""; a
    Letter may go "to a player, or to the entire Town", The Call only to a target."""
    state = new_game(RULESETS["midnight"], {"B": "Boss", "K": "Killer", "C": "Cop"}, 1, None)
    town = Order("B", "call", choice=TOWN, message="We know.")
    assert check_order(state, town) == "The Call goes to a player: 'The Call to <player>: <text>'"
    player = Order("B", "call", ("C",), message="We know.")
    assert not isinstance(check_order(state, player), str)
