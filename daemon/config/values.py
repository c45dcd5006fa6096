"""Parsers for config values: durations, clocks, dates, deadlines and the other key types.

Each takes the raw text of one key and returns the value or raises ValueError with a message
for the GM; the caller (``Fields.get``) adds the file, line and key.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

NAME_RE = re.compile(r"[A-Za-z0-9_.-]+")
# Every value has bounds (issue 28: "sizes = 1-999999999" made check-config allocate until the
# kernel killed it; a deadline of 10^20 days overflowed): a GM's game fits well inside them.
MAX_DURATION = timedelta(days=365)
MAX_NAME_CHARS = 100
YEARS = (2000, 2999)
# SQLite keeps whole numbers in 8 bytes: a seed, an order or a message id beyond is none.
MAX_INT = 2**63 - 1


def shown(text: str, limit: int = 60) -> str:
    """A value quoted in an error: the start of it, however long it was."""
    text = text.strip()
    return repr(text if len(text) <= limit else text[:limit] + "…")


def parse_duration(text: str) -> timedelta:
    """``48h``, ``90m``, ``1h30m``, ``2d``, ``15s``; ``0`` for none; at most a year."""
    text = text.strip().lower().replace(" ", "")
    if text == "0":
        return timedelta(0)
    match = re.fullmatch(r"(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", text)
    if not text or not match:
        raise ValueError(f"{shown(text)} is not a duration (write e.g. 48h, 90m, 1h30m, 2d, 15s)")
    too_long = ValueError(f"{shown(text)} is longer than a year (365d)")
    if any(len(g or "") > 8 for g in match.groups()):
        raise too_long
    days, hours, minutes, seconds = (int(g or 0) for g in match.groups())
    length = timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds)
    if length > MAX_DURATION:
        raise too_long
    return length


def parse_send_interval(text: str) -> timedelta | None:
    """``auto`` (None: the pace the board's flood rule allows, learned from the board), or a
    fixed gap between two messages sent (a duration)."""
    if text.strip().lower() == "auto":
        return None
    try:
        return parse_duration(text)
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not auto or a duration (write e.g. 15s)") from None


def parse_clock(text: str) -> time:
    """A local time of day, ``HH:MM`` (24-hour clock)."""
    match = re.fullmatch(r"(\d{1,2}):(\d{2})", text.strip())
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError(f"{shown(text)} is not a time of day (write HH:MM, e.g. 21:00)")
    return time(int(match[1]), int(match[2]))


def parse_local_datetime(text: str, tz: ZoneInfo) -> datetime:
    """``YYYY-MM-DD HH:MM`` in the game's time zone → an aware UTC datetime (years 2000-2999)."""
    day, _, clock = text.strip().partition(" ")
    try:
        local = datetime.combine(date.fromisoformat(day), parse_clock(clock), tzinfo=tz)
    except ValueError as exc:
        raise ValueError(f"{shown(text)} is not a date and time (write YYYY-MM-DD HH:MM)") from exc
    if not YEARS[0] <= local.year <= YEARS[1]:
        raise ValueError(f"{shown(text)}: a date from {YEARS[0]} to {YEARS[1]}, please")
    return local.astimezone(UTC)


def parse_bool(text: str) -> bool:
    value = configparser.ConfigParser.BOOLEAN_STATES.get(text.strip().lower())
    if value is None:
        raise ValueError(f"{shown(text)} is not yes/no, on/off, true/false or 1/0")
    return value


def parse_timezone(text: str) -> ZoneInfo:
    unknown = ValueError(f"unknown time zone {shown(text)} (e.g. Europe/Berlin, UTC)")
    name = text.strip()
    # IANA names are short words joined by "/"; anything else is no zone (and a long one
    # made the zone database raise an OSError).
    if len(name) > 64 or not re.fullmatch(r"[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+)*", name):
        raise unknown
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise unknown from exc


def split_list(text: str) -> list[str]:
    """One item per line when the value spans lines (names may hold commas); else commas."""
    lines = [line.strip() for line in text.strip().splitlines()]
    items = lines if len(lines) > 1 else text.split(",")
    return [item.strip() for item in items if item.strip()]


@dataclass(frozen=True, slots=True)
class DailyAt:
    """The phase closes at the next ``at`` o'clock, local time, after it opens."""

    at: time

    def deadline_after(self, opened_at: datetime, tz: ZoneInfo) -> datetime:
        local = opened_at.astimezone(tz)
        candidate = datetime.combine(local.date(), self.at, tzinfo=tz)
        if candidate <= local:
            candidate = datetime.combine(local.date() + timedelta(days=1), self.at, tzinfo=tz)
        # Converting through UTC settles a time that a DST change skips (it lands an hour
        # later) and picks the first of two ambiguous ones (fold=0).
        return candidate.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class Lasting:
    """The phase lasts ``length`` from the moment it opens."""

    length: timedelta

    def deadline_after(self, opened_at: datetime, tz: ZoneInfo) -> datetime:
        return (opened_at + self.length).astimezone(UTC)


Deadline = DailyAt | Lasting


def parse_deadline(text: str) -> Deadline:
    if ":" in text:
        return DailyAt(parse_clock(text))
    length = parse_duration(text)
    if length <= timedelta(0):
        raise ValueError("a phase length must be longer than 0")
    return Lasting(length)


def choice(options: tuple[str, ...], fold: Callable[[str], str] = str.lower) -> Callable:
    def parse(text: str) -> str:
        value = fold(text.strip())
        if value not in options:
            raise ValueError(f"{shown(text)} is not one of {', '.join(options)}")
        return value

    return parse


def parse_name(text: str) -> str:
    if not NAME_RE.fullmatch(text.strip()) or len(text.strip()) > MAX_NAME_CHARS:
        raise ValueError(
            f"{shown(text)}: use letters, digits, '_', '.' or '-' only, {MAX_NAME_CHARS} at most"
        )
    return text.strip()


def parse_text(text: str) -> str:
    """A one-line value (a user name, a variable's name): at most MAX_NAME_CHARS, no control
    character."""
    value = text.strip()
    if len(value) > MAX_NAME_CHARS or "\n" in value:
        raise ValueError(f"{shown(value)}: one line of at most {MAX_NAME_CHARS} characters")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise ValueError(f"{shown(value)} holds a control character")
    return value


def parse_url(text: str) -> str:
    if not re.match(r"https?://[^/\s]+", text.strip()) or "\n" in text.strip():
        raise ValueError(f"{shown(text)} is not an http:// or https:// address")
    return text.strip().rstrip("/") + "/"


def parse_positive_duration(text: str) -> timedelta:
    value = parse_duration(text)
    if value <= timedelta(0):
        raise ValueError("must be longer than 0")
    return value


def parse_int(text: str) -> int:
    value = text.strip()
    if not re.fullmatch(r"[+-]?\d{1,19}", value) or abs(int(value)) > MAX_INT:
        raise ValueError(f"{shown(value)} is not a whole number (of at most 19 digits)")
    return int(value)


def parse_topic(text: str) -> str:
    if not re.fullmatch(r"\S+", text.strip()) or len(text.strip()) > MAX_NAME_CHARS:
        raise ValueError(f"{shown(text)} is not a topic id")
    return text.strip()


def parse_durations(text: str) -> tuple[timedelta, ...]:
    """Lengths, longest first; "0", "none" or "off" alone: none at all."""
    if text.strip().lower() in {"0", "none", "off", "no"}:
        return ()
    return tuple(sorted((parse_positive_duration(item) for item in split_list(text)), reverse=True))


def parse_vote_count(text: str) -> bool:
    try:
        return parse_bool(text)
    except ValueError:
        raise ValueError(
            f"{shown(text)} is not on or off (the count is updated after each poll that changes it)"
        ) from None


def parse_ack(text: str) -> str:
    if text.strip().lower() == "batched":
        return "batched"
    try:
        return "on" if parse_bool(text) else "off"
    except ValueError:
        raise ValueError(f"{shown(text)} is not on, off or batched") from None
