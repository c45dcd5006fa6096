"""Walking a board's paged lists: what both HTTP adapters read the same way.

A PM folder lists newest first, 20 or 25 to a page; a topic lists oldest first, 10 or more to a
page. The walks here fetch only the pages they must, through the callables an adapter gives
them (each fetches and parses one page and returns its items and the next page's address),
so the walks hold no board's markup and are tested once for both.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from autogm.adapters.base import PMBatch, PMSummary, Post, PrivateMessage

T = TypeVar("T")
Page = tuple[list[T], str | None]  # the items of one page, and where the next page is


def new_private_messages(
    since: str | None,
    first: str,
    folder_page: Callable[[str], Page[PMSummary]],
    read: Callable[[str], PrivateMessage],
) -> PMBatch:
    """PMs with an id above the mark ``since`` (and any older one still unread: phpBB delivers
    PMs held back by a full inbox late, with their original ids), oldest first, each read (and
    so marked read), with the mark to store next. The folder is read newest first, page by
    page, until a page shows a message at or below the mark: nothing new costs one page."""
    mark = int(since) if since and since.isdigit() else 0
    fresh: dict[str, PMSummary] = {}
    url: str | None = first
    while url:
        items, next_url = folder_page(url)
        fresh |= {item.id: item for item in items if int(item.id) > mark or item.unread}
        url = None if any(int(item.id) <= mark for item in items) else next_url
    messages = [read(message_id) for message_id in sorted(fresh, key=int)]
    newest = max([mark, *(int(message.id) for message in messages)])
    return PMBatch(messages=messages, mark=str(newest) if newest else since)


def listed_since(
    first: str, folder_page: Callable[[str], Page[PMSummary]], cutoff: datetime
) -> list[PMSummary]:
    """The rows of a folder (newest first) from ``cutoff`` on, page after page until a row is
    older; a row without a readable date is kept (the message's own page tells)."""
    rows: list[PMSummary] = []
    fetched: set[str] = set()
    url: str | None = first
    while url and url not in fetched:  # a page linking to itself ends the walk
        fetched.add(url)
        items, next_url = folder_page(url)
        older = [m for m in items if m.sent_at is not None and m.sent_at < cutoff]
        rows += [m for m in items if m not in older]
        url = None if older else next_url
    return rows


def posts_after(
    first: Page[Post],
    topic_page: Callable[[str], Page[Post]],
    after: str | None,
    order: Callable[[str], tuple[int, ...]],
) -> list[Post]:
    """The posts after the mark ``after`` (all when None), oldest first, from ``first`` (the
    page holding the mark, or the topic's first page) on, one page after another while pages
    bring new posts (a board clamps a page past the end to the last page). ``order`` turns a
    post id into what ids compare by (phpBB: the number; MyBB: the number and the part)."""
    mark = order(after) if after else ()
    posts: list[Post] = []
    seen: set[str] = set()
    items, next_url = first
    while True:
        new = [post for post in items if order(post.id) > mark and post.id not in seen]
        posts += new
        seen.update(post.id for post in items)
        if next_url is None or (not new and items is not first[0]):
            return posts
        items, next_url = topic_page(next_url)
