"""Reading the dates MyBB prints, in the account's own time zone and formats.

MyBB writes every date with the viewing account's time zone (an offset, plus an hour under
DST) and date and time formats (User CP > Edit Options, else the board's: ``m-d-Y`` and
``h:i A`` by default). Recent dates read "Less than 1 minute ago", "5 hours ago" or
"<span title=DATE>Today</span>, TIME": the span's title holds what the text leaves out, so
each such span reads as its title. Which zone and formats the account uses is read off every
page's own clock (``span#current_time``, "Current time: 11-27-2026, 03:05 PM") against ours:
the one format that reads it as a time within half a day of now, and the offset between the
two rounded to a quarter of an hour. No setting to copy into autogm's config, and a change of
the account's zone (DST) is noticed at the next page.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from bs4 import NavigableString, Tag

from autogm.adapters.base import UnrecognisedPage
from autogm.adapters.web.dates import DateReader, parse_local

# inc/init.php: the date and time formats a member may choose, the board defaults first.
DATE_FORMATS = (
    "m-d-Y", "m-d-y", "m.d.Y", "m.d.y", "d-m-Y", "d-m-y", "d.m.Y", "d.m.y",
    "F jS, Y", "l, F jS, Y", "jS F, Y", "l, jS F, Y", "Y-m-d",
)  # fmt: skip
TIME_FORMATS = ("h:i A", "h:i a", "H:i")
SEPARATOR = ", "  # the board's datetimesep
FORMATS = tuple(f"{day}{SEPARATOR}{clock}" for day in DATE_FORMATS for clock in TIME_FORMATS)
_QUARTER = 15 * 60
_SKEW = timedelta(minutes=3)  # the board's clock and ours may disagree by this much


def date_text(tag: Tag) -> str:
    """The date a tag shows, each ``span[title]`` read as its title (the absolute date)."""
    parts: list[str] = []
    for node in tag.children:
        if isinstance(node, Tag) and node.name == "span" and node.get("title"):
            parts.append(str(node["title"]))
        elif isinstance(node, Tag):
            parts.append(date_text(node))
        elif isinstance(node, NavigableString):
            parts.append(str(node))
    return " ".join("".join(parts).split())


def calibrate(shown: str, now: datetime, known: DateReader | None = None) -> DateReader:
    """The reader of an account whose page clock shows ``shown`` at ``now``.

    ``known`` (the reader found before) is kept when it still reads the clock right, so a page
    costs one parse. A board whose clock is off ours by minutes is read all the same (its
    offset rounded to the nearest quarter hour; ``skew`` says by how much). Raises
    UnrecognisedPage when no format reads the clock as within half a day of now.
    """
    now = now.astimezone(UTC)
    if known is not None and _reads_now(known, shown, now):
        return known
    found: list[tuple[float, str, int]] = []
    for php_format in FORMATS:
        try:
            local = parse_local(shown, php_format)
        except ValueError:
            continue
        seconds = (local - now.replace(tzinfo=None)).total_seconds() + 30  # mid-minute
        offset = round(seconds / _QUARTER) * _QUARTER
        if abs(offset) <= 14 * 3600:
            found.append((abs(seconds - offset), php_format, offset))
    if not found:
        raise UnrecognisedPage(
            f"the board's clock reads {shown!r}, in no date format autogm knows, "
            f"at {now:%Y-%m-%d %H:%M} UTC",
            None,
        )
    # The format that reads the clock closest to a whole quarter hour off ours (the board's
    # default first among equals): a wrong day/month order is off by days, not minutes.
    _, php_format, offset = min(found, key=lambda item: item[0])
    zone = timezone(timedelta(seconds=offset))
    return DateReader(timezone=zone, formats=(php_format, *(f for f in FORMATS if f != php_format)))


def skew(reader: DateReader, shown: str, now: datetime) -> float:
    """How many seconds the board's clock is ahead of ours (negative: behind), to the minute."""
    moment = reader.parse(shown, now)
    return (moment - now.astimezone(UTC)).total_seconds() + 30


def _reads_now(reader: DateReader, shown: str, now: datetime) -> bool:
    try:
        read = parse_local(shown, reader.formats[0])
    except ValueError:
        return False
    moment = read.replace(tzinfo=reader.timezone).astimezone(UTC)
    return abs(moment + timedelta(seconds=30) - now) <= _SKEW


def read_date(tag: Tag | None, reader: DateReader, now: datetime) -> datetime:
    """The UTC time a date tag shows; an unreadable one is a page autogm does not know."""
    text = date_text(tag) if tag is not None else ""
    try:
        return reader.parse(text, now)
    except ValueError as error:
        raise UnrecognisedPage(f"unreadable date: {error}", None) from error
