"""How a midnight order is restated when its ability's name and targets do not say it:
All-in's list of players and roles, and a message's words and to whom (Letter, The Call).
The family's words (engine/families/midnight/vocab.py) hand these to its ``Wording``."""

from __future__ import annotations

from collections.abc import Mapping

from autogm.engine.orders.model import Order
from autogm.engine.render.templates import say

# A message's choice when it goes to every player: "Letter to the Town: ...".
TOWN = "town"


def own_words(order: Order, titles: Mapping[str, str] | None) -> str | None:
    """The restatement of a midnight order with words of its own; None for an order restated
    as its ability's name and targets."""
    if order.ability == "all_in":
        # "the complete list of everyone's Midnight roles".
        pairs = zip(order.targets, order.roles, strict=False)
        listed = ", ".join(say("order.as_player_role", player=t, role=r) for t, r in pairs)
        return f"{order.wording.title(order.ability, titles)}: {listed}"
    if order.message is not None:
        to = say("gm_text.the_town") if order.choice == TOWN else ", ".join(order.targets)
        name = order.wording.title(order.ability, titles)
        return say("order.message", ability=name, to=to, message=order.message)
    return None
