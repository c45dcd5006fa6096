"""showthread.php pages: the posts (and the parts of merged posts), pages, the quick reply.

Each post is ``div.post#post_<pid>`` with the author in ``div.post_author``, the date in
``span.post_date`` (an edit in its ``span.post_edit``) and the message in
``div.post_body#pid_<pid>``. MyBB merges a member's reply into their own last post of the
thread when it is under ``postmergemins`` old: the reply is appended after the separator
(``[hr]`` by default), the post keeps its id and shows an edit. So a post is read as parts,
split at the horizontal rules at the top level of its message, and each part is a message of
its own: part 1 has the post's id ("41"), part 2 is "41.2", and so on. A post only grows at its
end, so the parts read before keep their ids and a merged reply comes as a new part.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from bs4 import BeautifulSoup, Tag

from autogm.adapters.base import Post, UnrecognisedPage
from autogm.adapters.bbcode import split_quotes
from autogm.adapters.mybb.dates import read_date
from autogm.adapters.mybb.pages import profile_link, user_of
from autogm.adapters.web.dates import DateReader
from autogm.adapters.web.forms import Form, find_form
from autogm.adapters.web.markup import nodes_to_bbcode
from autogm.adapters.web.soup import PARSER, classes, href_of, text_of
from autogm.adapters.web.urls import query_value

_POST_ID = re.compile(r"^post_(\d+)$")
_PART = re.compile(r"^(\d+)(?:\.(\d+))?$")
_THREAD_LINK = re.compile(r"[?&]tid=\d+")
_FORUM_LINK = re.compile(r"forumdisplay\.php")


def part_id(post_id: str, part: int) -> str:
    """The id of a post's ``part`` (1: the post's own id)."""
    return post_id if part == 1 else f"{post_id}.{part}"


def split_id(message_id: str) -> tuple[str, int]:
    """(post id, part) of a message id; an id that is no MyBB id is (id, 1)."""
    found = _PART.match(message_id)
    if found is None:
        return message_id, 1
    return found.group(1), int(found.group(2) or 1)


def order(message_id: str) -> tuple[int, ...]:
    """What message ids compare by: the post's number, then the part."""
    post_id, part = split_id(message_id)
    return (int(post_id), part) if post_id.isdigit() else (0, 0)


@dataclass(frozen=True, slots=True)
class ThreadPage:
    topic_id: str | None
    title: str
    posts: list[Post] = field(default_factory=list)
    page: int = 1
    pages: int = 1
    next_url: str | None = None
    forum_id: str | None = None
    # The quick reply form (with the thread's last post id, ``lastpid``), when the page has one.
    reply_form: Form | None = None
    # How many parts each post of the page has (a part left empty is counted, not listed).
    parts: dict[str, int] = field(default_factory=dict)


def parse_thread_page(html: str, dates: DateReader, now: datetime) -> ThreadPage:
    """The posts of one showthread page, oldest first, split into their parts."""
    return read_thread_page(BeautifulSoup(html, PARSER), dates, now)


def read_thread_page(soup: BeautifulSoup, dates: DateReader, now: datetime) -> ThreadPage:
    """``parse_thread_page`` of a page already parsed (it is changed: edit notes are cut)."""
    tags = [tag for tag in soup.find_all("div", id=_POST_ID) if isinstance(tag, Tag)]
    if not tags:
        raise UnrecognisedPage("not a thread page: no div.post#post_<pid>", None)
    reply_form = find_form(soup, "quick_reply_form")
    topic_id = _topic_id(soup, reply_form)
    page, pages = page_numbers(soup)
    posts: list[Post] = []
    parts: dict[str, int] = {}
    for tag in tags:
        post_id, read, count = _parts(tag, topic_id or "", page, dates, now)
        posts += read
        parts[post_id] = count
    return ThreadPage(
        topic_id=topic_id,
        title=_title(soup),
        posts=posts,
        page=page,
        pages=pages,
        next_url=next_page(soup, page, pages),
        forum_id=forum_of(soup),
        reply_form=reply_form,
        parts=parts,
    )


def _parts(
    tag: Tag, topic: str, page: int, dates: DateReader, now: datetime
) -> tuple[str, list[Post], int]:
    post_id = _POST_ID.match(str(tag.get("id"))).group(1)  # type: ignore[union-attr]
    author_box = tag.find("div", class_="post_author")
    body = tag.find("div", id=f"pid_{post_id}")
    date_box = tag.find("span", class_="post_date")
    if not isinstance(author_box, Tag) or not isinstance(body, Tag) or date_box is None:
        raise UnrecognisedPage(f"post {post_id} has no author, date or message", None)
    link = profile_link(author_box)
    if link is not None:
        author, author_id = user_of(link)
    else:  # a guest's post, or a deleted account's: the name without a link
        author, author_id = text_of(author_box.find("strong")), None
    edit_box = date_box.find("span", class_="post_edit")
    if isinstance(edit_box, Tag):
        edit_box.extract()
    posted_at = read_date(date_box, dates, now)
    edited = edit_box.find("span", class_="edited_post") if isinstance(edit_box, Tag) else None
    edited_at = _edit_time(edited, dates, now) if isinstance(edited, Tag) else None
    posts = []
    runs = split_parts(body)
    for number, nodes in enumerate(runs, start=1):
        source = nodes_to_bbcode(nodes)
        if not source:
            continue
        text, quotes = split_quotes(source)
        posts.append(
            Post(
                id=part_id(post_id, number),
                topic=topic,
                author=author,
                author_id=author_id,
                # A merged part was posted when the post was last changed (MyBB keeps no other
                # time for it); an edit after the merge moves it, never before its true time.
                posted_at=posted_at if number == 1 else edited_at or posted_at,
                source=source,
                text=text,
                quotes=quotes,
                edited_at=edited_at,
                page=page,
            )
        )
    return post_id, posts, len(runs)


def split_parts(body: Tag) -> list[list[object]]:
    """A message's nodes in runs between the horizontal rules at its top level (a rule inside a
    quote is the quoted author's, and stays there)."""
    parts: list[list[object]] = [[]]
    for node in body.children:
        if isinstance(node, Tag) and node.name == "hr" and "mycode_hr" in classes(node):
            parts.append([])
        else:
            parts[-1].append(node)
    return parts


def _edit_time(edited: Tag, dates: DateReader, now: datetime) -> datetime | None:
    """The time of "(This post was last modified: <date> by Name.)"."""
    date = edited.find("span", title=True)
    if isinstance(date, Tag):
        holder = BeautifulSoup("<span></span>", PARSER).span
        assert holder is not None
        holder.append(BeautifulSoup(str(date), PARSER).span or "")
        return read_date(holder, dates, now)
    text = text_of(edited)
    match = re.search(r"modified:\s*(.+?)\s+by\s", text)
    if match is None:
        return None
    holder = BeautifulSoup(f"<span>{match.group(1)}</span>", PARSER).span
    return read_date(holder, dates, now)


def _topic_id(soup: BeautifulSoup, reply_form: Form | None) -> str | None:
    if reply_form is not None and (tid := reply_form.value("tid")):
        return tid
    for head in soup.find_all("div", class_="post_head"):
        for link in head.find_all("a", href=_THREAD_LINK):
            if tid := query_value(href_of(link), "tid"):
                return tid
    return None


def forum_of(soup: BeautifulSoup) -> str | None:
    """The forum the thread is in: the last forum of the breadcrumb."""
    navigation = soup.find("div", class_="navigation")
    links = navigation.find_all("a", href=_FORUM_LINK) if isinstance(navigation, Tag) else []
    return query_value(href_of(links[-1]), "fid") if links else None


def _title(soup: BeautifulSoup) -> str:
    navigation = soup.find("div", class_="navigation")
    active = navigation.find(class_="active") if isinstance(navigation, Tag) else None
    return text_of(active) if active is not None else text_of(soup.find("title"))


def page_numbers(soup: BeautifulSoup) -> tuple[int, int]:
    """(this page, pages) from the first ``div.pagination``; (1, 1) without one."""
    bar = soup.find("div", class_="pagination")
    if not isinstance(bar, Tag):
        return 1, 1
    current = bar.find("span", class_="pagination_current")
    numbers = [
        int(text_of(tag))
        for tag in bar.find_all(["a", "span"])
        if text_of(tag).isdigit()
        and set(classes(tag)) & {"pagination_page", "pagination_current", "pagination_last",
                                 "pagination_first"}
    ]  # fmt: skip
    page = int(text_of(current)) if isinstance(current, Tag) else 1
    return page, max([page, *numbers])


def next_page(soup: BeautifulSoup, page: int, pages: int) -> str | None:
    if page >= pages:
        return None
    bar = soup.find("div", class_="pagination")
    arrow = bar.find("a", class_="pagination_next") if isinstance(bar, Tag) else None
    link = href_of(arrow)
    if link.startswith("showthread.php") and "mode=" not in link:
        link += "&mode=linear"  # a thread's pages in order, whatever the account's thread mode
    return link or None
