"""Phases of a game: ``Prep``, ``Night 1``, ``Day 1``, ``Night 2``, ...

A phase is ordered by its ``index`` (Prep 0, Night n 2n-1, Day n 2n), which is what
"for the next two phases" and "in a past phase" are counted in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum


class PhaseKind(StrEnum):
    PREP = "prep"
    NIGHT = "night"
    DAY = "day"


# On Python 3.11 a member read from its enum class takes a slow path (``EnumType`` defines
# ``__getattr__``, so the read calls ``type.__getattribute__`` through a method wrapper:
# about 960 instructions against 50 for a module name); a phase's kind, asked
# for every order checked, is one of these.
_PREP, _NIGHT, _DAY = PhaseKind.PREP, PhaseKind.NIGHT, PhaseKind.DAY


_NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
}  # fmt: skip

_PHASE_RE = re.compile(
    r"^\s*(?:(?P<prep>prep(?:aration)?(?:\.|\s+phase)?)"
    r"|(?P<kind>night|day|n|d)\s*(?P<num>\d+|[a-z]+))\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True, order=True)
class Phase:
    """A phase of a game, ordered by its index (Prep 0, Night n 2n-1, Day n 2n)."""

    index: int

    @classmethod
    def prep(cls) -> Phase:
        return cls(0)

    @classmethod
    def night(cls, number: int) -> Phase:
        return cls(2 * number - 1)

    @classmethod
    def day(cls, number: int) -> Phase:
        return cls(2 * number)

    @classmethod
    def parse(cls, text: str) -> Phase:
        """Read ``Prep``, ``Night 3``, ``N3``, ``night three``, ``Day 2``, ``d2``."""
        match = _PHASE_RE.match(text)
        if not match:
            raise ValueError(f"not a phase: {text!r}")
        if match["prep"]:
            return cls.prep()
        raw = match["num"].lower()
        number = int(raw) if raw.isdigit() else _NUMBER_WORDS.get(raw, 0)
        if number < 1:
            raise ValueError(f"not a phase: {text!r}")
        return cls.night(number) if match["kind"].lower().startswith("n") else cls.day(number)

    @property
    def kind(self) -> PhaseKind:
        if self.index == 0:
            return _PREP
        return _NIGHT if self.index % 2 else _DAY

    @property
    def number(self) -> int:
        return (self.index + 1) // 2

    @property
    def is_night(self) -> bool:
        return self.index % 2 == 1  # the kind's test, without building the kind

    @property
    def is_day(self) -> bool:
        return self.index != 0 and self.index % 2 == 0

    def next(self) -> Phase:
        return Phase(self.index + 1)

    def __str__(self) -> str:
        if self.index == 0:
            return "Prep"
        return f"{'Night' if self.is_night else 'Day'} {self.number}"
