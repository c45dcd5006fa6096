"""private.php pages: a folder's list (``?fid=0`` the inbox, ``?fid=2`` Sent Items) and one PM.

A folder lists one row per PM, newest first, 20 to a page: ``a.new_pm`` (unread), ``a.old_pm``,
``a.re_pm`` or ``a.fw_pm`` linking ``private.php?action=read&pmid=<id>``, the other party's
profile link (the sender in the inbox, the recipient in Sent Items) and the date. A PM's page
holds its subject in the table head, the sender in ``div.post_author``, the recipients after
"To:" in the post head and the message in ``div.post_body`` (id ``pid_0``, or ``pid_`` for a
sent copy): the PM's id is not on the page, it is the one asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from bs4 import BeautifulSoup, Tag

from autogm.adapters.base import PMSummary, PrivateMessage, UnrecognisedPage
from autogm.adapters.bbcode import split_quotes
from autogm.adapters.mybb.dates import date_text, read_date
from autogm.adapters.mybb.pages import profile_link, user_of
from autogm.adapters.mybb.thread import next_page, page_numbers
from autogm.adapters.web.dates import DateReader
from autogm.adapters.web.markup import to_bbcode
from autogm.adapters.web.soup import PARSER, classes, href_of, text_of
from autogm.adapters.web.urls import query_value

_READ_LINK = re.compile(r"private\.php\?action=read&(?:amp;)?pmid=\d+$")
_UNREAD = "new_pm"
_BODY = re.compile(r"^pid_0?$")


@dataclass(frozen=True, slots=True)
class PMFolderPage:
    """One page of a PM folder, newest first as MyBB lists it."""

    messages: list[PMSummary] = field(default_factory=list)
    page: int = 1
    pages: int = 1
    next_url: str | None = None


def parse_pm_folder(
    html: str, dates: DateReader, now: datetime, sent: bool = False
) -> PMFolderPage:
    """A folder page; ``sent``: Sent Items, whose rows name the recipient, not the author."""
    return read_pm_folder(BeautifulSoup(html, PARSER), dates, now, sent)


def read_pm_folder(
    soup: BeautifulSoup, dates: DateReader, now: datetime, sent: bool = False
) -> PMFolderPage:
    """``parse_pm_folder`` of a page already parsed."""
    if soup.find("input", attrs={"name": re.compile(r"^check\[")}) is None and not _empty(soup):
        raise UnrecognisedPage("not a private message folder: no message rows", None)
    links = [link for link in soup.find_all("a", href=_READ_LINK) if isinstance(link, Tag)]
    messages = [_summary(link, dates, now, sent) for link in links if _listed(link)]
    page, pages = page_numbers(soup)
    return PMFolderPage(messages, page, pages, next_page(soup, page, pages))


def _empty(soup: BeautifulSoup) -> bool:
    """A folder without messages: the folder's form (its "move to" select) and no rows."""
    return soup.find("select", attrs={"name": "fid"}) is not None


def _listed(link: Tag) -> bool:
    """A row's subject link (the PM notice and the "Deny Receipt" link are no rows)."""
    return bool(set(classes(link)) & {"new_pm", "old_pm", "re_pm", "fw_pm"})


def _summary(link: Tag, dates: DateReader, now: datetime, sent: bool) -> PMSummary:
    row = link.find_parent("tr")
    cells = row.find_all("td") if isinstance(row, Tag) else []
    other = profile_link(cells[3]) if len(cells) > 3 else None
    author, author_id = user_of(other) if other is not None and not sent else ("", None)
    date_cell = cells[4] if len(cells) > 4 else None
    try:
        sent_at = read_date(date_cell, dates, now) if isinstance(date_cell, Tag) else None
    except UnrecognisedPage:
        sent_at = None  # the list is only a hint; the message's page gives the time for sure
    return PMSummary(
        id=query_value(href_of(link), "pmid") or "",
        author=author,
        author_id=author_id,
        subject=text_of(link),
        sent_at=sent_at,
        unread=_UNREAD in classes(link),
    )


def parse_pm_view(html: str, message_id: str, dates: DateReader, now: datetime) -> PrivateMessage:
    """The PM ``message_id`` from ``private.php?action=read&pmid=<id>``."""
    return read_pm_view(BeautifulSoup(html, PARSER), message_id, dates, now)


def read_pm_view(
    soup: BeautifulSoup, message_id: str, dates: DateReader, now: datetime
) -> PrivateMessage:
    """``parse_pm_view`` of a page already parsed."""
    body = soup.find("div", id=_BODY)
    post = body.find_parent("div", class_="post") if isinstance(body, Tag) else None
    if not isinstance(body, Tag) or not isinstance(post, Tag):
        raise UnrecognisedPage("not a private message: no div.post_body#pid_0", None)
    sender = profile_link(post.find("div", class_="post_author"))
    if sender is None:
        raise UnrecognisedPage(f"private message {message_id} without a sender", None)
    author, author_id = user_of(sender)
    head = post.find("div", class_="post_head")
    date = head.find("span", class_="post_date") if isinstance(head, Tag) else None
    if isinstance(date, Tag):
        for edit in date.find_all("span", class_="post_edit"):
            edit.extract()
    recipients = _recipients(head) if isinstance(head, Tag) else ()
    source = to_bbcode(body)
    text, quotes = split_quotes(source)
    return PrivateMessage(
        id=message_id,
        author=author,
        author_id=author_id,
        sent_at=read_date(date if isinstance(date, Tag) else None, dates, now),
        subject=_subject(body),
        source=source,
        text=text,
        quotes=quotes,
        recipients=recipients,
    )


def _recipients(head: Tag) -> tuple[str, ...]:
    """The names after "To:" (and "BCC:") in the post head."""
    text = date_text(head)
    if "To:" not in text:
        return ()
    return tuple(
        user_of(link)[0]
        for link in head.find_all("a")
        if isinstance(link, Tag) and "action=profile" in href_of(link)
    )


def _subject(body: Tag) -> str:
    table = body.find_parent("table")
    head = table.find("td", class_="thead") if isinstance(table, Tag) else None
    return text_of(head)
