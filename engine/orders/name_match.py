"""The answer of the name matcher: how a written fragment was read (``engine.orders.names``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from autogm.engine.orders.folding import fold, loose_form
from autogm.engine.render.templates import say


def name_sort_key(name: str) -> tuple[str, str]:
    """The order in which candidates and suggestions are listed: by key, then as written."""
    return (fold(name) or loose_form(name), name)


class MatchKind(StrEnum):
    EXACT = "exact"
    ALIAS = "alias"
    PREFIX = "prefix"
    FUZZY = "fuzzy"
    AMBIGUOUS = "ambiguous"
    NONE = "none"


# Not frozen, though nothing changes one once made: a frozen dataclass sets each field through
# object.__setattr__, and one is made for every name read (``unsafe_hash``: it hashes and
# compares as the frozen one did).
@dataclass(slots=True, unsafe_hash=True)
class NameMatch:
    """How a written fragment was read.

    ``name`` is the chosen name for exact/alias/prefix/fuzzy; ``candidates`` lists every close
    name for ambiguous and a few suggestions for none (sorted); ``distance`` is the number of
    edits of a fuzzy match.
    """

    kind: MatchKind
    written: str
    name: str | None = None
    candidates: tuple[str, ...] = ()
    distance: int = 0

    @property
    def is_match(self) -> bool:
        return self.name is not None

    @property
    def is_reading(self) -> bool:
        """True when the answer should say how the text was read ("read 'Ak' as Akonyl")."""
        return self.kind in (MatchKind.PREFIX, MatchKind.FUZZY) or self.look_alike

    @property
    def look_alike(self) -> bool:
        """Whether letters of another script stand in the written name for the name's own
        ("Аbs" with a Cyrillic А): read as the name, and said so, as a typo is."""
        if self.name is None or self.kind not in (MatchKind.EXACT, MatchKind.ALIAS):
            return False
        if self.written.isascii():
            return False  # no letter beyond U+024F
        return any(ch.isalpha() and ord(ch) > 0x24F and ch not in self.name for ch in self.written)

    @property
    def note(self) -> str:
        """The answer's line for a loose reading."""
        key = "reading.read_name_as_look_alike" if self.look_alike else "reading.read_name_as"
        return say(key, written=self.written, name=self.name)
