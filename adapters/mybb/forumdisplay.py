"""forumdisplay.php pages: what each listed thread's row says of its last post, so that a thread
is read only when the board says something was posted in it.

MyBB's list names no post id: a row shows the thread's reply count and its last post's time and
poster (``span.lastpost``: the date, then "Last Post: NAME" linking the poster's profile). Those
change with every new post, so a row as it was when the thread was last read says nothing new
was posted since, with one exception the caller must mind: a reply MyBB merged into its
author's last post changes none of them (newreply's merge updates neither the thread's reply
count nor its last post time), so only a row whose last post is the reader's own says that.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bs4 import BeautifulSoup, Tag

from autogm.adapters.mybb.dates import date_text
from autogm.adapters.mybb.pages import profile_link, user_of
from autogm.adapters.web.soup import text_of

_THREAD_ID = re.compile(r"^tid_(\d+)$")


@dataclass(frozen=True, slots=True)
class ListedThread:
    """A thread's row: ``row`` holds what changes with a new post (replies, the last post's
    time and poster); ``last_poster`` is the last post's author's user id."""

    row: tuple[str, ...]
    last_poster: str | None


def parse_forum_page(soup: BeautifulSoup) -> dict[str, ListedThread]:
    """Thread id -> its row, for every thread the page lists."""
    listed: dict[str, ListedThread] = {}
    for title in soup.find_all("span", id=_THREAD_ID):
        match = _THREAD_ID.match(str(title.get("id")))
        row = title.find_parent("tr")
        last = row.find("span", class_="lastpost") if isinstance(row, Tag) else None
        if match is None or not isinstance(row, Tag) or not isinstance(last, Tag):
            continue
        topic = match.group(1)
        poster = profile_link(last)
        replies = row.find("a", href=re.compile(rf"whoposted&(?:amp;)?tid={topic}\b"))
        listed[topic] = ListedThread(
            row=(text_of(replies), date_text(last)),
            last_poster=user_of(poster)[1] if poster is not None else None,
        )
    return listed
