"""Print views (``view=print``) of a topic or a PM: no ids, but author, date and text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from bs4 import BeautifulSoup, Tag

from autogm.adapters.bbcode import split_quotes
from autogm.adapters.web.dates import DateReader
from autogm.adapters.web.markup import to_bbcode
from autogm.adapters.web.soup import text_of

_LABEL = re.compile(r"^(Sent|Posted:?|From|by|Recipient)\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PrintedMessage:
    subject: str
    author: str
    sent_at: datetime | None
    source: str
    text: str
    recipients: tuple[str, ...] = ()


def parse_print_view(soup: BeautifulSoup, dates: DateReader, now: datetime) -> list[PrintedMessage]:
    """The messages of a print view; empty when the page is not one."""
    printed = []
    for post in soup.select("div#page-body div.post"):
        content = post.find("div", class_="content")
        if not isinstance(content, Tag):
            continue
        authors = [_unlabel(text_of(tag)) for tag in post.find_all("div", class_="author")]
        date_text = text_of(post.find("div", class_="date"))
        source = to_bbcode(content)
        text, _ = split_quotes(source)
        printed.append(
            PrintedMessage(
                subject=text_of(post.find("h3")),
                author=authors[0] if authors else "",
                sent_at=_date(_unlabel(date_text), dates, now),
                source=source,
                text=text,
                recipients=tuple(authors[1:]),
            )
        )
    return printed


def _unlabel(text: str) -> str:
    return _LABEL.sub("", text).strip()


def _date(text: str, dates: DateReader, now: datetime) -> datetime | None:
    try:
        return dates.parse(text, now)
    except ValueError:
        return None
