"""Small MyBB pages: what kind a page is, what every page says, error and redirect pages.

MyBB wraps every template in HTML comments (setting ``tplhtmlcomments``, on by default), and the
first one names the page (``<!-- start: showthread -->``): that is the page kind's surest mark.
A board with the comments turned off is read by its markup instead. Every page is HTTP 200,
errors included; a POST that worked answers a "friendly redirect" page (or a 302, when the
board or the account turned those pages off). See docs/mybb.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bs4 import BeautifulSoup, Comment, Tag

from autogm.adapters.base import User
from autogm.adapters.web.kinds import kind_of
from autogm.adapters.web.soup import href_of, text_of
from autogm.adapters.web.urls import query_value

_TEMPLATE = re.compile(r"<!-- start: ([a-z0-9_]+) -->")
_POST_KEY = re.compile(r'var my_post_key = "([0-9a-f]{32})"')
_CLOSED_NOTICE = "board status is currently set to closed"
_PROFILE_LINK = re.compile(r"member\.php\?action=profile&(?:amp;)?uid=(\d+)")
_REFRESH_URL = re.compile(r"URL=(.+)$", re.IGNORECASE)

# The template a page announces, by the kind autogm gives it (the names phpBB's pages share).
_KINDS = {
    "redirect": "redirect",
    "error": "message",
    "member_login": "login_form",
    "showthread": "topic",
    "private_read": "pm_view",
    "private": "pm_folder",
    "private_send": "pm_compose_form",
    "newreply": "posting_form",
    "newthread": "posting_form",
    "editpost": "posting_form",
    "member_profile": "profile",
    "memberlist": "memberlist",
    "index": "index",
    "forumdisplay": "forum",
    "printthread": "print_view",
}


@dataclass(frozen=True, slots=True)
class MessageBox:
    """MyBB's error page and its friendly redirect page: a title, a text, where it leads."""

    title: str
    text: str
    links: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PageInfo:
    """What every page says about the visitor, whatever else it shows."""

    logged_in: bool
    username: str | None = None
    user_id: str | None = None
    post_key: str | None = None
    current_time: str | None = None
    board_closed_notice: bool = False
    form_errors: tuple[str, ...] = field(default_factory=tuple)


# What a page read for its content carries that autogm never reads: scripts, every template
# comment but the first (the page's name), the avatar and the statistics beside each post,
# stylesheet links. A message's own text cannot hold any of them (MyBB escapes "<").
_NOISE = re.compile(
    r"<script\b.*?</script>\s*"
    r"|(?<=.{200})<!--.*?-->\s*"
    r'|<div class="author_(?:statistics|avatar)">.*?</div>\s*'
    r"|<link\b[^>]*>\s*",
    re.DOTALL,
)


def slim(html: str) -> str:
    """The page without the chrome autogm never reads: a third smaller, parsed that much
    faster (``benchmarks/bench_forum.py``). Not for forms: their fields are all read."""
    return _NOISE.sub("", html)


def template_of(html: str) -> str | None:
    """The template a page announces first (``showthread``, ``error``...), if it does."""
    found = _TEMPLATE.search(html, 0, 4096)
    return found.group(1) if found else None


def page_kind(soup: BeautifulSoup) -> str:
    """The kind of a page: the template it announces, else the markup it carries."""
    first = soup.find(string=lambda text: isinstance(text, Comment))
    named = _TEMPLATE.match(f"<!--{first}-->") if first is not None else None
    if named and named.group(1) in _KINDS:
        return _KINDS[named.group(1)]
    if named and named.group(1).startswith("usercp"):
        return "usercp"
    return kind_of(soup, _MARKERS)


# Without template comments: the markup each kind carries, most telling first.
_MARKERS = (
    ("redirect", lambda soup: soup.find("meta", attrs={"http-equiv": "refresh"}) is not None
        and soup.find("div", id="container") is None),
    ("topic", lambda soup: soup.find("div", id=re.compile(r"^post_\d+$")) is not None),
    ("pm_view", lambda soup: soup.find("div", id=re.compile(r"^pid_0?$")) is not None),
    ("pm_folder", lambda soup: soup.find("input", attrs={"name": re.compile(r"^check\[")})
        is not None),
    ("pm_compose_form", lambda soup: _has_field(soup, "action", "do_send")),
    ("posting_form", lambda soup: _has_field(soup, "action", "do_newreply")
        or _has_field(soup, "action", "do_editpost") or _has_field(soup, "action", "do_newthread")),
    ("login_form", lambda soup: _has_field(soup, "action", "do_login")
        and soup.find("input", attrs={"name": "password"}) is not None),
    ("message", lambda soup: message_box(soup) is not None),
    # The Admin CP (admin/index.php), which check-forum reads: no template comments there.
    ("acp_login", lambda soup: _has_field(soup, "do", "login")),
    ("acp_settings", lambda soup: soup.find("input", attrs={"name": re.compile(r"^upsetting\[")})
        is not None),
    ("acp_user", lambda soup: soup.find("select", attrs={"name": "usergroup"}) is not None),
    ("acp", lambda soup: soup.find("a", href=re.compile(r"index\.php\?module=")) is not None),
)  # fmt: skip


def _has_field(soup: BeautifulSoup, name: str, value: str) -> bool:
    return soup.find("input", attrs={"name": name, "value": value}) is not None


def message_box(soup: BeautifulSoup) -> MessageBox | None:
    """The error page's or the redirect page's box: ``table.tborder`` whose two rows are a
    ``td.thead`` title and a ``td.trow1`` text (the redirect adds a ``td.trow2`` link)."""
    for table in soup.find_all("table", class_="tborder"):
        cells = [cell for cell in table.find_all("td") if isinstance(cell, Tag)]
        if len(cells) not in (2, 3) or "thead" not in (cells[0].get("class") or []):
            continue
        if "trow1" not in (cells[1].get("class") or []):
            continue
        links = [href_of(link) for link in table.find_all("a") if href_of(link)]
        refresh = soup.find("meta", attrs={"http-equiv": "refresh"})
        if isinstance(refresh, Tag) and (url := _REFRESH_URL.search(str(refresh.get("content")))):
            links.insert(0, url.group(1).strip())
        return MessageBox(text_of(cells[0]), text_of(cells[1]), tuple(dict.fromkeys(links)))
    return None


def page_info(soup: BeautifulSoup, html: str | None = None) -> PageInfo:
    """Who the page was made for, the form key, the board's clock, inline form errors."""
    welcome = soup.find("span", class_="welcome")
    logout = welcome.find("a", class_="logout") if isinstance(welcome, Tag) else None
    me = welcome.find("a", href=_PROFILE_LINK) if isinstance(welcome, Tag) else None
    text = html if html is not None else str(soup)
    key = _POST_KEY.search(text)
    clock = soup.find("span", id="current_time")
    closed = soup.find("div", class_="red_alert")
    # find_all, not select: a CSS selector walks the whole tree in Python (soupsieve), which
    # cost as much as parsing the page.
    errors = tuple(
        text_of(item)
        for box in soup.find_all("div", class_="error")
        for item in box.find_all("li")
        if text_of(item)
    )
    return PageInfo(
        logged_in=logout is not None,
        username=text_of(me) or None if me is not None else None,
        user_id=_PROFILE_LINK.search(href_of(me)).group(1) if me is not None else None,
        post_key=key.group(1) if key else None,
        current_time=_clock_text(clock) if isinstance(clock, Tag) else None,
        board_closed_notice=closed is not None and _CLOSED_NOTICE in text_of(closed).lower(),
        form_errors=errors,
    )


def _clock_text(clock: Tag) -> str:
    label = clock.find("strong")
    whole = text_of(clock)
    return whole.removeprefix(text_of(label)).strip() if label is not None else whole


def user_of(link: Tag) -> tuple[str, str | None]:
    """A profile link's name (its text: group styling is only markup) and user id."""
    found = _PROFILE_LINK.search(href_of(link))
    return text_of(link), found.group(1) if found else None


def profile_link(scope: Tag | None) -> Tag | None:
    """The first profile link (``member.php?action=profile&uid=<id>``) in ``scope``."""
    if scope is None:
        return None
    # The avatar links the profile too, with an image for its text: the name's link is the one.
    links = [link for link in scope.find_all("a", href=_PROFILE_LINK) if isinstance(link, Tag)]
    return next((link for link in links if text_of(link)), links[0] if links else None)


def parse_memberlist(soup: BeautifulSoup) -> list[User]:
    """The members a member list shows (one row each, the name a profile link)."""
    users: list[User] = []
    for row in soup.find_all("tr"):
        link = profile_link(row)
        if link is None or link.find_parent("span", class_="welcome") is not None:
            continue
        name, user_id = user_of(link)
        if user_id and name and all(user.id != user_id for user in users):
            users.append(User(name=name, id=user_id))
    return users


def redirect_target(box: MessageBox, location: str | None = None) -> str:
    """Where a redirect page (or a 302) leads: the address its link or refresh names."""
    return location or next(iter(box.links), "")


def linked_post(address: str) -> str | None:
    """The post a redirect leads to (``showthread.php?tid=1&pid=7#pid7``), if it names one."""
    return query_value(address.split("#", 1)[0], "pid")
