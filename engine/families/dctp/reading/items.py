"""Readers of the orders about things and places: stealing, defusing the bomb, travelling.

Lending the bow-tie, the Black Suitcase or the cover is read in ``engine.orders.dispatch``:
used at night, they carry another order ("Bow-tie: interrogate X") read from its order word.
"""

from __future__ import annotations

import re

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.folding import APOSTROPHES
from autogm.engine.orders.model import Order
from autogm.engine.orders.reader import Reader

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
    return Order(reader.author, "steal", (target,), text=fragment)


def read_defuse(reader: Reader, rest: str, fragment: str) -> Order:
    if rest.strip(" .!?;,"):
        _, rest = reader.name(_ON.sub("", rest, count=1))  # "Defuse the bomb on X": it is one
        reader.end(rest, fragment)
    return Order(reader.author, "defuse", text=fragment)


def read_travel(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.bare("travel", _TRAVEL_TAIL.sub("", rest), fragment)
