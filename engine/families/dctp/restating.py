"""How a DCTP order is restated when its ability's name and targets do not say it: the orders
with words of their own ("Arrest X for killing Y on Night 1", "APTX X as Ran", "Order Gin to
kill X"), and what the record keeps of an arrest and an Analyze. The family's words
(engine/families/dctp/vocab.py) hand these to its ``Wording``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from autogm.engine.orders.model import Order
from autogm.engine.render.templates import say

# The lent slots an order may ask for by name: "Bow-tie: Interrogate X", "Suitcase: Heal X",
# "Cover: Slander X".
LENT = {"bow_tie": "Bow-tie", "suitcase": "Suitcase", "cover": "Cover"}
# The item each lent slot comes through, as a message names it ("Suitcase: Erase X").
ITEMS = {"bow_tie": "bow_tie", "suitcase": "black_suitcase", "cover": "cover"}

# A Black Org leader's kill names its killer: "Order Gin to kill X".
_KILLS = frozenset({"kill", "snipe"})


def own_words(order: Order, titles: Mapping[str, str] | None) -> str | None:
    """The restatement of a DCTP order with words of its own, without the lent slot it asks
    for; None for an order restated as its ability's name and targets."""
    wording, ability = order.wording, order.ability
    if ability == "arrest":
        crime = wording.crime_nouns.get(order.crime or "", order.crime or "")
        said = say("order.arrest", target=order.targets[0], crime=crime)
        said += f" {order.victim}" if order.victim else ""
        return say("order.on_phase", order=said, phase=order.when) if order.when else said
    if ability == "aptx":
        return say("order.aptx", target=order.targets[0], role=order.role)
    if ability in _KILLS and order.killer and order.killer != order.actor:
        verb, targets = wording.verbs[ability], ", ".join(order.targets)
        return say("order.leader_kill", killer=order.killer, verb=verb, targets=targets)
    if ability == "blame" and order.crime:
        crime = wording.crime_nouns.get(order.crime, order.crime)
        said = say("order.blame", targets=", ".join(order.targets), crime=crime)
        return f"{said} {order.victim}" if order.victim else said
    if ability == "leader_ranking":
        ranked = ", ".join(f"{i}. {t}" for i, t in enumerate(order.targets, 1))
        return f"{wording.title(ability, titles)}: {ranked}"
    if ability == "analyze":
        return say("order.analyze", phase=order.when)
    if ability == "temporary_disguise" and order.role:
        return say("order.temporary_disguise", role=order.role)
    if ability == "choose_costumes" and order.roles:
        return say("order.choose_costumes", roles=", ".join(order.roles))
    return None


def recorded(order: Order, record: dict[str, Any]) -> dict[str, Any]:
    """An arrest's record names its crime, victim and phase after its targets; an Analyze's
    the phase it looks at, last."""
    if order.ability == "arrest":
        head = {"ability": record.pop("ability"), "targets": record.pop("targets")}
        crime = {"crime": order.crime, "victim": order.victim, "when": str(order.when)}
        return head | crime | record
    if order.ability == "analyze" and order.when is not None:
        record["when"] = str(order.when)
    return record
