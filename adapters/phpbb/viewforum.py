"""viewforum.php pages: each listed topic's last post, so that a topic is read only when the
board says something new was posted in it ("read a game topic only when the board
says it has new posts").

Every phpBB 3 style lists a topic as a row (prosilver's ``li.row``, subsilver2's ``tr``) with
its title link ``a.topictitle`` and a link to its last post (``viewtopic.php?p=N#pN``).
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, SoupStrainer, Tag

from autogm.adapters.base import UnrecognisedPage
from autogm.adapters.web.soup import PARSER, href_of
from autogm.adapters.web.urls import query_value

_POST_LINK = re.compile(r"[?&](?:amp;)?p=\d+")


def parse_forum_page(html: str) -> dict[str, str]:
    """Topic id -> the id of its last post, for every topic the page lists."""
    soup = BeautifulSoup(html, PARSER, parse_only=SoupStrainer(["li", "tr"]))
    last: dict[str, str] = {}
    for title in soup.find_all("a", class_="topictitle"):
        topic = query_value(href_of(title), "t")
        row = title.find_parent(["li", "tr"])
        if not topic or not isinstance(row, Tag):
            continue
        posts = [
            int(post)
            for link in row.find_all("a", href=_POST_LINK)
            if (post := query_value(href_of(link), "p")) and post.isdigit()
        ]
        if posts:
            last[topic] = str(max(posts))
    if not last and 'id="message"' in html:
        # An information page (no permission, no such forum): the caller reads it as one.
        raise UnrecognisedPage("a forum page without a topic list", None)
    return last


_FORUM_LINK = re.compile(r"viewforum\.php\?(?:[^\"'<>]*?&(?:amp;)?)?f=(\d+)")
_FIRST_POST = re.compile(r'\b(?:id|name)="p\d+"')


def forum_of_topic(html: str) -> str | None:
    """The forum a viewtopic page's topic is in: the last forum link before its first post
    (the breadcrumbs' last step), or None when the page has none."""
    first = _FIRST_POST.search(html)
    found = _FORUM_LINK.findall(html, 0, first.start() if first else len(html))
    return found[-1] if found else None
