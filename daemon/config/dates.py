"""Dates as the forum shows them: phpBB writes a date with a PHP ``date()`` format, the
board's default being ``D M d, Y g:i a`` ("Tue Dec 01, 2026 6:00 pm"). autogm writes its
deadlines the same way, in the game's time zone, so that a deadline reads like the post dates
around it (config key ``date_format``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo

PHPBB_DEFAULT = "D M d, Y g:i a"


def _suffix(day: int) -> str:
    if day in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _offset(d: datetime, colon: bool) -> str:
    offset = d.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset else 0
    sign = "+" if minutes >= 0 else "-"
    hours, minutes = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}{':' if colon else ''}{minutes:02d}"


# The PHP date() letters a board's date format may use.
LETTERS: dict[str, Callable[[datetime], str]] = {
    "d": lambda d: f"{d.day:02d}",
    "D": lambda d: f"{d:%a}",
    "j": lambda d: str(d.day),
    "l": lambda d: f"{d:%A}",
    "N": lambda d: str(d.isoweekday()),
    "S": lambda d: _suffix(d.day),
    "w": lambda d: str(d.isoweekday() % 7),
    "z": lambda d: str(d.timetuple().tm_yday - 1),
    "W": lambda d: f"{d.isocalendar()[1]:02d}",
    "F": lambda d: f"{d:%B}",
    "m": lambda d: f"{d.month:02d}",
    "M": lambda d: f"{d:%b}",
    "n": lambda d: str(d.month),
    "Y": lambda d: str(d.year),
    "y": lambda d: f"{d.year % 100:02d}",
    "a": lambda d: "am" if d.hour < 12 else "pm",
    "A": lambda d: "AM" if d.hour < 12 else "PM",
    "g": lambda d: str(d.hour % 12 or 12),
    "G": lambda d: str(d.hour),
    "h": lambda d: f"{d.hour % 12 or 12:02d}",
    "H": lambda d: f"{d.hour:02d}",
    "i": lambda d: f"{d.minute:02d}",
    "s": lambda d: f"{d.second:02d}",
    "T": lambda d: d.tzname() or "",
    "e": lambda d: str(d.tzinfo),
    "O": lambda d: _offset(d, colon=False),
    "P": lambda d: _offset(d, colon=True),
}
_ZONED = frozenset("TeOP")


def _tokens(fmt: str) -> list[tuple[str, bool]]:
    """The format's characters, each with whether it is a date letter (not escaped by a
    backslash)."""
    tokens, escaped = [], False
    for char in fmt:
        if escaped:
            tokens.append((char, False))
            escaped = False
        elif char == "\\":
            escaped = True
        else:
            tokens.append((char, char.isalpha()))
    return tokens


def php_date(moment: datetime, fmt: str) -> str:
    return "".join(
        LETTERS[char](moment) if letter and char in LETTERS else char
        for char, letter in _tokens(fmt)
    )


def parse_date_format(text: str) -> str:
    """A board's date format; letters PHP has and autogm does not write are refused."""
    fmt = text.strip()
    if not fmt:
        raise ValueError("the date format is empty")
    if len(fmt) > 100:
        raise ValueError("the date format is longer than 100 characters")
    for char, letter in _tokens(fmt):
        if letter and char not in LETTERS:
            known = "".join(sorted(LETTERS))
            raise ValueError(f"'{char}' is not a date letter autogm writes (known: {known})")
    return fmt


@dataclass(frozen=True, slots=True)
class DateStyle:
    """How a game writes a moment: its time zone and its board's date format."""

    tz: ZoneInfo = field(default_factory=lambda: ZoneInfo("UTC"))
    fmt: str = PHPBB_DEFAULT

    def show(self, moment: datetime) -> str:
        """``Tue Dec 01, 2026 6:00 pm UTC``: the board's format, then the zone unless the
        format writes one (a deadline must not be read in the wrong zone)."""
        local = moment.astimezone(self.tz)
        text = php_date(local, self.fmt)
        zoned = any(letter and char in _ZONED for char, letter in _tokens(self.fmt))
        return text if zoned else f"{text} {local.tzname()}"
