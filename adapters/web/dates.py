"""Reading the dates boards print in PHP ``date()`` formats (phpBB's, MyBB's).

``DateReader`` reads a date in an account's zone by a list of formats, phpBB's own choices by
default (MyBB's reader passes its own: adapters/mybb/dates.py). Posts in phpBB 3.2+ carry
``<time datetime>`` in UTC; everything else (PM lists and views, edit notices, phpBB 3.0
posts) is text in the viewing account's own date format and timezone (UCP > Board
preferences). The default format is ``D M d, Y g:i a``; formats wrapped in ``|`` show "Today,
2:57 am" / "Yesterday, ..." and, from phpBB 3.1, "5 minutes ago" for the last hour.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo

from autogm.adapters.base import UnrecognisedPage

# phpBB's own choices in UCP > Board preferences, most common first.
DEFAULT_FORMATS = (
    "D M d, Y g:i a",
    "D M d, Y H:i",
    "|d M Y|, H:i",
    "|D M d, Y|, g:i a",
    "|F jS, Y|, g:i a",
    "d M Y, H:i",
    "D M d, Y, g:i a",
    "D M d, Y g:i A",
    "Y-m-d H:i",
    "d.m.Y, H:i",
)

_PHP_TO_STRPTIME = {
    "d": "%d", "j": "%d", "D": "%a", "l": "%A", "S": "", "m": "%m", "n": "%m", "M": "%b",
    "F": "%B", "Y": "%Y", "y": "%y", "a": "%p", "A": "%p", "g": "%I", "h": "%I", "G": "%H",
    "H": "%H", "i": "%M", "s": "%S",
}  # fmt: skip
_ORDINAL = re.compile(r"(\d)(st|nd|rd|th)\b")
_RELATIVE_DAY = re.compile(r"^(today|yesterday|tomorrow)\s*,?\s*(.*)$", re.IGNORECASE)
_MINUTES_AGO = re.compile(r"^(\d+) minutes? ago$", re.IGNORECASE)
_DAY_OFFSET = {"today": 0, "yesterday": -1, "tomorrow": 1}


def php_to_strptime(php_format: str) -> str:
    """Translate a PHP ``date()`` format (as phpBB stores it) into a ``strptime`` one."""
    out: list[str] = []
    chars = iter(php_format.replace("|", ""))
    for char in chars:
        if char == "\\":
            out.append(next(chars, "").replace("%", "%%"))
        else:
            out.append(_PHP_TO_STRPTIME.get(char, char.replace("%", "%%")))
    return "".join(out)


def parse_local(text: str, php_format: str) -> datetime:
    """``text`` read with one PHP format, as the naive local time it names (ValueError if the
    format does not read it); ordinals ("27th") and runs of spaces are forgiven."""
    cleaned = _ORDINAL.sub(r"\1", " ".join(text.replace("\xa0", " ").split()))
    return datetime.strptime(cleaned, php_to_strptime(php_format))  # noqa: DTZ007


def _time_part(php_format: str) -> str:
    """The part of a relative format after the ``|day|`` section ("g:i a" in "|d M Y|, g:i a")."""
    return php_format.rsplit("|", 1)[-1].lstrip(", ")


@dataclass(frozen=True, slots=True)
class DateReader:
    """Reads board dates for one account: its timezone and, if known, its date format."""

    timezone: tzinfo = UTC
    formats: tuple[str, ...] = field(default=DEFAULT_FORMATS)

    def with_format(self, php_format: str | None) -> DateReader:
        if not php_format:
            return self
        return DateReader(self.timezone, (php_format, *self.formats))

    def parse(self, text: str, now: datetime) -> datetime:
        """A timezone-aware UTC datetime; ``now`` resolves "Today" and "N minutes ago"."""
        text = " ".join(text.replace("\xa0", " ").split())
        if text.lower() == "less than a minute ago":
            return now.astimezone(UTC)
        if ago := _MINUTES_AGO.match(text):
            return (now - timedelta(minutes=int(ago.group(1)))).astimezone(UTC)
        if relative := _RELATIVE_DAY.match(text):
            return self._parse_relative(relative.group(1).lower(), relative.group(2), now)
        for php_format in self.formats:
            try:
                local = parse_local(text, php_format)
            except ValueError:
                continue
            return local.replace(tzinfo=self.timezone).astimezone(UTC)
        raise ValueError(f"date {text!r} matches none of the formats {list(self.formats)}")

    def _parse_relative(self, day: str, clock_text: str, now: datetime) -> datetime:
        local_now = now.astimezone(self.timezone)
        for php_format in self.formats:
            try:
                clock = datetime.strptime(clock_text, php_to_strptime(_time_part(php_format)))  # noqa: DTZ007
            except ValueError:
                continue
            date = local_now.date() + timedelta(days=_DAY_OFFSET[day])
            local = datetime.combine(date, clock.time(), tzinfo=self.timezone)
            return local.astimezone(UTC)
        raise ValueError(f"time {clock_text!r} after {day!r} matches no known format")


def parse_iso(value: str) -> datetime:
    """RFC 3339 from ``<time datetime>`` (phpBB 3.2+), always returned in UTC."""
    parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


def read_date(text: str, dates: DateReader, now: datetime) -> datetime:
    """``dates.parse``, with a date no format reads reported as an unrecognised page."""
    try:
        return dates.parse(text, now)
    except ValueError as error:
        raise UnrecognisedPage(f"unreadable date: {error}", None) from error
