"""viewtopic.php pages: the posts, the topic title and where the next page is.

prosilver (3.0 to 3.3) marks each post ``div.post#p<id>`` with ``p.author`` and
``div.content``; subsilver2 puts each post in a ``table.tablebg`` after ``<a name="p<id>">``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from bs4 import BeautifulSoup, SoupStrainer, Tag

from autogm.adapters.base import Post, UnrecognisedPage
from autogm.adapters.bbcode import split_quotes
from autogm.adapters.phpbb.soup import page_numbers, profile_link, slim, user_of
from autogm.adapters.web.dates import DateReader, parse_iso, read_date
from autogm.adapters.web.markup import to_bbcode
from autogm.adapters.web.soup import PARSER, href_of, text_of
from autogm.adapters.web.urls import query_value

_POST_START = re.compile(r'<div id="p\d+" class="post\b')
_POST_ID = re.compile(r"^p(\d+)$")
_EDITED = re.compile(r"Last edited by .*? on (.+?), edited \d+ times? in total", re.DOTALL)


@dataclass(frozen=True, slots=True)
class TopicPage:
    topic_id: str | None
    title: str
    posts: list[Post] = field(default_factory=list)
    page: int = 1
    pages: int = 1
    next_url: str | None = None


def parse_topic_page(html: str, dates: DateReader, now: datetime) -> TopicPage:
    """Posts of one viewtopic page, oldest first as shown."""
    light = slim(html)
    first = _POST_START.search(light)
    if first is None:
        return _parse_subsilver2(BeautifulSoup(light, PARSER), dates, now)
    # The title and pagination sit between the start of the page body and the first post.
    body_start = max(light.rfind("<", 0, light.find('id="page-body"')), 0)
    head = BeautifulSoup(light[body_start : first.start()], PARSER)
    body = BeautifulSoup(
        light[first.start() :], PARSER, parse_only=SoupStrainer("div", id=_POST_ID)
    )
    topic_id, title = _topic_title(head)
    page, pages = page_numbers(head)
    posts = [
        _prosilver_post(tag, topic_id or "", page, dates, now)
        for tag in body.find_all("div", id=_POST_ID, recursive=False)
    ]
    if not posts:
        raise UnrecognisedPage("a topic page without readable posts", None)
    return TopicPage(topic_id, title, posts, page, pages, _next_url(head, page, pages))


def _topic_title(head: BeautifulSoup) -> tuple[str | None, str]:
    # prosilver: h2 > a (h2.topic-title from 3.1); subsilver2: a.titles inside its h2.
    for heading in head.find_all("h2"):
        link = heading.find("a", href=re.compile(r"viewtopic\.php"))
        topic = query_value(href_of(link), "t") if link is not None else None
        if topic:
            return topic, link.get_text().strip()
    return None, text_of(head.find("h2"))


def _next_url(head: BeautifulSoup, page: int, pages: int) -> str | None:
    if page >= pages:
        return None
    arrow = head.find("a", rel="next")
    if arrow is not None:
        return href_of(arrow)
    # phpBB 3.0 has no arrow: its pagination links read "Next" or the page number.
    wanted = {"next", str(page + 1)}
    for link in head.find_all("a", href=re.compile(r"[?&]start=\d+")):
        if link.get_text().strip().lower() in wanted:
            return href_of(link)
    return None


def _prosilver_post(tag: Tag, topic: str, page: int, dates: DateReader, now: datetime) -> Post:
    post_id = _POST_ID.match(str(tag.get("id")))
    author_line = tag.find("p", class_="author")
    content = tag.find("div", class_="content")
    if post_id is None or author_line is None or content is None:
        raise UnrecognisedPage(f"post {tag.get('id')} has no author line or content", None)
    author, author_id = _author(author_line)
    source = to_bbcode(content)
    text, quotes = split_quotes(source)
    return Post(
        id=post_id.group(1),
        topic=topic,
        author=author,
        author_id=author_id,
        posted_at=_post_time(author_line, dates, now),
        source=source,
        text=text,
        quotes=quotes,
        edited_at=_edited_at(tag.find("div", class_="notice"), dates, now),
        page=page,
    )


def _author(author_line: Tag) -> tuple[str, str | None]:
    link = profile_link(author_line)
    if link is not None:
        return user_of(link)
    # A guest's or a deleted user's post: the name is shown without a link.
    named = author_line.find(["strong", "span"], class_=re.compile("username")) or author_line.find(
        "strong"
    )
    return text_of(named), None


def _post_time(author_line: Tag, dates: DateReader, now: datetime) -> datetime:
    stamp = author_line.find("time")
    if isinstance(stamp, Tag) and stamp.get("datetime"):
        return parse_iso(str(stamp["datetime"]))
    text = author_line.get_text(" ")
    tail = text.rsplit("»", 1)[-1] if "»" in text else text
    return read_date(tail, dates, now)


def _edited_at(notice: Tag | None, dates: DateReader, now: datetime) -> datetime | None:
    if notice is None:
        return None
    match = _EDITED.search(text_of(notice))
    return read_date(match.group(1), dates, now) if match else None


def _parse_subsilver2(soup: BeautifulSoup, dates: DateReader, now: datetime) -> TopicPage:
    anchors = [
        anchor for anchor in soup.find_all("a", attrs={"name": _POST_ID}) if isinstance(anchor, Tag)
    ]
    if not anchors:
        raise UnrecognisedPage("not a topic page: no posts found", None)
    topic_id, title = _topic_title(soup)
    page, pages = page_numbers(soup)
    posts = [_subsilver2_post(anchor, topic_id or "", page, dates, now) for anchor in anchors]
    return TopicPage(topic_id, title, posts, page, pages, _next_url(soup, page, pages))


def _subsilver2_post(anchor: Tag, topic: str, page: int, dates: DateReader, now: datetime) -> Post:
    table = anchor.find_parent("table", class_="tablebg")
    match = _POST_ID.match(str(anchor.get("name")))
    content = table.find("div", class_="postbody") if table else None
    if table is None or match is None or content is None:
        raise UnrecognisedPage(f"subsilver2 post {anchor.get('name')} without a body", None)
    # The author's id is only in the profile icon of the post's last row; an edit notice may
    # link another user (a moderator) before it.
    links = table.find_all("a", href=re.compile(r"mode=viewprofile"))
    icon = next((link for link in links if link.find("img")), links[-1] if links else None)
    author_id = query_value(href_of(icon), "u") if icon is not None else None
    author = text_of(table.find("b", class_="postauthor"))
    posted = table.find(string=re.compile("Posted"))
    posted_text = posted.parent.parent.get_text(" ") if posted and posted.parent else ""
    source = to_bbcode(content)
    text, quotes = split_quotes(source)
    edit_note = next(
        (span for span in table.find_all("span", class_="gensmall") if "Last edited" in span.text),
        None,
    )
    return Post(
        id=match.group(1),
        topic=topic,
        author=author,
        author_id=author_id,
        posted_at=read_date(posted_text.split("Posted:", 1)[-1], dates, now),
        source=source,
        text=text,
        quotes=quotes,
        edited_at=_edited_at(edit_note, dates, now),
        page=page,
    )
