"""Private message pages: a folder's list (ucp.php?i=pm&folder=...) and one message."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from bs4 import BeautifulSoup, Tag

from autogm.adapters.base import PMSummary, PrivateMessage, UnrecognisedPage
from autogm.adapters.bbcode import split_quotes
from autogm.adapters.phpbb.soup import page_numbers, profile_link, user_of
from autogm.adapters.web.dates import DateReader, read_date
from autogm.adapters.web.markup import to_bbcode
from autogm.adapters.web.soup import PARSER, classes, href_of, text_of
from autogm.adapters.web.urls import query_value

_VIEW_LINK = re.compile(r"mode=view.*[?&]p=\d+|[?&]p=\d+.*mode=view")
_FULLNESS = re.compile(r"Folder is (\d+)% full")
_POST_ID = re.compile(r"^post-(\d+)$")
_LABELS = ("Sent", "From", "Recipient", "To", "BCC", "Subject")
# The label before a date ("Sent: ", "Envoyé : "): everything up to the first colon, as long
# as no digit comes first, so a bare "Today, 2:59 am" keeps its clock.
_DATE_LABEL = re.compile(r"^\D*?:\s*")


@dataclass(frozen=True, slots=True)
class PMFolderPage:
    """One page of a PM folder, newest first as phpBB lists it."""

    messages: list[PMSummary] = field(default_factory=list)
    page: int = 1
    pages: int = 1
    next_url: str | None = None
    percent_full: int | None = None


def parse_pm_folder(html: str, dates: DateReader, now: datetime) -> PMFolderPage:
    soup = BeautifulSoup(html, PARSER)
    scope = soup.find("form", id="viewfolder") or soup.find("form", attrs={"name": "viewfolder"})
    if not isinstance(scope, Tag):
        raise UnrecognisedPage("not a private message folder: no form#viewfolder", None)
    messages = [
        _summary(link, dates, now)
        for link in scope.find_all("a", class_="topictitle", href=_VIEW_LINK)
    ]
    full = _FULLNESS.search(scope.get_text(" "))
    page, count = page_numbers(scope)
    next_link = scope.select_one("li.arrow.next a, a[rel=next]")
    return PMFolderPage(
        messages=messages,
        page=page,
        pages=count,
        next_url=href_of(next_link) if next_link and page < count else None,
        percent_full=int(full.group(1)) if full else None,
    )


def _summary(link: Tag, dates: DateReader, now: datetime) -> PMSummary:
    row = link.find_parent(["li", "tr"]) or link.parent
    message_id = query_value(href_of(link), "p") or ""
    row_text = row.get_text(" ") if row else ""
    # Sentbox and outbox rows read "To <names>" instead of "by <author>": no author to show.
    sent_by_us = re.search(r"(^|\s)To\s", row_text.split(link.get_text(), 1)[-1]) is not None
    author_link = None if sent_by_us else profile_link(row)
    author, author_id = user_of(author_link) if author_link else ("", None)
    sent_text = _sent_text(row, row_text)
    try:
        sent_at = dates.parse(sent_text, now) if sent_text.strip() else None
    except ValueError:
        sent_at = None  # the list is only a hint; the message view gives the time for sure
    return PMSummary(
        id=message_id,
        author=author,
        author_id=author_id,
        subject=link.get_text().strip(),
        sent_at=sent_at,
        unread=_is_unread(row),
    )


def _sent_text(row: Tag | None, row_text: str) -> str:
    """The row's date: after "»" in the inbox, in ``dd.info`` ("Sent: <date>") in the sentbox
    and outbox (pm_sentbox_gm.html, pm_outbox_gm.html)."""
    if "»" in row_text:
        return row_text.rsplit("»", 1)[-1]
    info = row.find("dd", class_="info") if row is not None else None
    return _DATE_LABEL.sub("", text_of(info)) if isinstance(info, Tag) else ""


def _is_unread(row: Tag | None) -> bool:
    if row is None:
        return False
    # 3.1+: dl.row-item.pm_unread; 3.0 prosilver: the icon in the dl's style; subsilver2: an img.
    for tag in [row, *row.find_all(["dl", "img", "td", "span"])]:
        if "pm_unread" in classes(tag) or "pm_unread" in str(tag.get("style", "")):
            return True
        if tag.name == "img" and "unread" in str(tag.get("src", "")):
            return True
    return False


def parse_pm_view(html: str, dates: DateReader, now: datetime) -> PrivateMessage:
    """One private message, from ``ucp.php?i=pm&mode=view&p=<id>``."""
    soup = BeautifulSoup(html, PARSER)
    post = soup.find("div", id=_POST_ID)
    if isinstance(post, Tag):
        return _prosilver_message(post, dates, now)
    return _subsilver2_message(soup, dates, now)


def _prosilver_message(post: Tag, dates: DateReader, now: datetime) -> PrivateMessage:
    match = _POST_ID.match(str(post.get("id")))
    author_line = post.find("p", class_="author")
    content = post.find("div", class_="content")
    if match is None or author_line is None or content is None:
        raise UnrecognisedPage("private message without a header or content", None)
    fields = _labelled(author_line)
    return _message(
        message_id=match.group(1),
        subject=text_of(post.select_one("div.postbody h3")),
        fields=fields,
        content=content,
        dates=dates,
        now=now,
    )


def _subsilver2_message(soup: BeautifulSoup, dates: DateReader, now: datetime) -> PrivateMessage:
    fields: dict[str, list[Tag | str]] = {}
    for label in soup.find_all("b"):
        name = label.get_text().strip().rstrip(":")
        cell = label.find_parent("td")
        value = cell.find_next_sibling("td") if cell else None
        if name in _LABELS and isinstance(value, Tag):
            fields[name] = [*value.find_all("a"), value.get_text(" ")]
    content = soup.find("div", class_="postbody")
    message_id = soup.find("input", attrs={"name": "p"})
    if not fields or content is None or message_id is None:
        raise UnrecognisedPage("not a private message page", None)
    subject = fields.pop("Subject", [""])[-1]
    return _message(str(message_id.get("value")), str(subject).strip(), fields, content, dates, now)


def _labelled(author_line: Tag) -> dict[str, list[Tag | str]]:
    """``<strong>Sent:</strong> date <br/><strong>From:</strong> <a>…`` as label → parts."""
    fields: dict[str, list[Tag | str]] = {}
    label: str | None = None
    for node in author_line.children:
        if isinstance(node, Tag) and node.name == "strong":
            label = node.get_text().strip().rstrip(":")
            fields[label] = []
        elif label is not None and isinstance(node, Tag) and node.name == "a":
            fields[label].append(node)
        elif label is not None and not isinstance(node, Tag):
            fields[label].append(str(node))
    return fields


def _message(
    message_id: str,
    subject: str,
    fields: dict[str, list[Tag | str]],
    content: Tag,
    dates: DateReader,
    now: datetime,
) -> PrivateMessage:
    author_links = [part for part in fields.get("From", []) if isinstance(part, Tag)]
    if not author_links:
        raise UnrecognisedPage(f"private message {message_id} without a sender", None)
    author, author_id = user_of(author_links[0])
    sent_text = " ".join(part for part in fields.get("Sent", []) if isinstance(part, str))
    sent_at = read_date(sent_text, dates, now)
    recipients = [
        part.get_text().strip()
        for label in ("Recipient", "To", "BCC")
        for part in fields.get(label, [])
        if isinstance(part, Tag)
    ]
    source = to_bbcode(content)
    text, quotes = split_quotes(source)
    return PrivateMessage(
        id=message_id,
        author=author,
        author_id=author_id,
        sent_at=sent_at,
        subject=subject,
        source=source,
        text=text,
        quotes=quotes,
        recipients=tuple(recipients),
    )
