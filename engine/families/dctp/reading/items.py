"""Readers of the orders about things and places: stealing, defusing the bomb, travelling,
and the things lent (the bow-tie, the Black Suitcase, the cover): used at night, they carry
another order ("Bow-tie: interrogate X") read from its order word.
"""

from __future__ import annotations

import re
from dataclasses import replace

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.dispatch import read
from autogm.engine.orders.folding import APOSTROPHES
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order
from autogm.engine.orders.reader import Reader, Refusal
from autogm.engine.render.templates import say

_ON = lazy_compile(r"\s*(?:on|of|attached\s+to|strapped\s+to)\s+", re.IGNORECASE)
# "Steal Akonyl's gun": a theft from Akonyl; the thief does not choose the item.
_ITEM = lazy_compile(rf"\s*[{APOSTROPHES}]s?\s+(?P<item>[\w-]+(?:\s+[\w-]+)?)\s*$", re.IGNORECASE)
_TRAVEL_TAIL = lazy_compile(
    r"^\s*(?:to|out\s+of|back\s+to|back|home\s+to|from)?\s*(?:japan|home|abroad)?", re.IGNORECASE
)


def read_steal(reader: Reader, rest: str, fragment: str) -> Order:
    """ "Steal from Akonyl"; "Steal Akonyl's gun" is a theft from Akonyl.

    "Can steal one item from one person per night": the thief names the person; the item
    taken is drawn among theirs (docs/rulings.md, Items), so a thing named after the
    possessive is read past, whatever it is.
    """
    target, tail = reader.name(rest)
    if _ITEM.match(tail):
        tail = ""
    reader.end(tail, fragment)
    return Order(reader.author, "steal", (target,), text=fragment, wording=reader.wording)


def read_defuse(reader: Reader, rest: str, fragment: str) -> Order:
    if rest.strip(" .!?;,"):
        _, rest = reader.name(_ON.sub("", rest, count=1))  # "Defuse the bomb on X": it is one
        reader.end(rest, fragment)
    return Order(reader.author, "defuse", text=fragment, wording=reader.wording)


def read_travel(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.bare("travel", _TRAVEL_TAIL.sub("", rest), fragment)


def _lent_or_lend(reader: Reader, ability: str, via: str, rest: str, fragment: str) -> Order:
    """ "Bow-tie X alternatively Y" lends it; "Bow-tie: interrogate X" uses it."""
    inner = reader.grammar.order_patterns.match(rest.lstrip(" :"))
    if inner is not None and reader.state.phase.is_night:
        order = read(reader, rest.lstrip(" :"))
        if not isinstance(order, Order):
            raise Refusal(
                say("reading.not_an_order_via", written=rest.strip(), via=via), Kind.MISSING_DETAIL
            )
        return replace(order, via=via, text=fragment)
    return reader.substitutes(ability, rest, fragment)


def read_bow_tie(reader: Reader, rest: str, fragment: str) -> Order:
    return _lent_or_lend(reader, "bow_tie", "bow_tie", rest, fragment)


def read_black_suitcase(reader: Reader, rest: str, fragment: str) -> Order:
    return _lent_or_lend(reader, "black_suitcase", "suitcase", rest, fragment)


def read_cover(reader: Reader, rest: str, fragment: str) -> Order:
    return _lent_or_lend(reader, "cover", "cover", rest, fragment)
