"""Small phpBB pages: what kind a page is, information boxes, logins, profiles, members.

The big page kinds have their own modules (``topic.py``, ``pm.py``); everything here is a pure
function of the page text, as are they.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bs4 import BeautifulSoup, Tag

from autogm.adapters.base import User
from autogm.adapters.phpbb.soup import profile_link, user_of
from autogm.adapters.web.kinds import kind_of
from autogm.adapters.web.soup import classes, href_of, text_of
from autogm.adapters.web.urls import query_value

_PROFILE_TITLE = re.compile(r"(?:Viewing profile|Profile)\s*[-–:]\s*(.+)$", re.IGNORECASE)
_DISABLED_NOTICE = "board is currently disabled"


@dataclass(frozen=True, slots=True)
class MessageBox:
    """phpBB's information page (``div#message``), used for errors and confirmations alike."""

    title: str
    text: str
    links: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PageInfo:
    """What every page says about the visitor, whatever else it shows."""

    logged_in: bool
    username: str | None = None
    board_disabled_notice: bool = False
    login_title: str | None = None
    form_errors: tuple[str, ...] = field(default_factory=tuple)


def page_kind(soup: BeautifulSoup) -> str:
    """The kind of a page, from the markers each kind carries (docs/phpbb.md)."""
    return kind_of(soup, _MARKERS)


def _subsilver2_pm_view(soup: BeautifulSoup) -> bool:
    """subsilver2's message view: the ucp form of ``mode=view`` holding one post body."""
    form = soup.find("form", attrs={"name": "ucp"})
    return (
        isinstance(form, Tag)
        and "mode=view" in str(form.get("action", ""))
        and form.find("div", class_="postbody") is not None
    )


def login_form_tag(soup: BeautifulSoup) -> Tag | None:
    """The login form: ``form#login`` in prosilver, the ``mode=login`` form in subsilver2."""
    form = soup.find("form", id="login")
    if isinstance(form, Tag):
        return form
    for form in soup.find_all("form", action=re.compile(r"mode=login")):
        if form.find("input", attrs={"name": "password"}) is not None:
            return form
    return None


def _postform_action(soup: BeautifulSoup, marker: str) -> bool:
    form = soup.find("form", id="postform") or soup.find("form", attrs={"name": "postform"})
    return isinstance(form, Tag) and marker in str(form.get("action", ""))


_MARKERS = (
    ("message", lambda soup: message_box(soup) is not None),
    # The guest index carries a quick login form of its own: the index wins.
    ("index", lambda soup: soup.body is not None and "section-index" in classes(soup.body)),
    ("login_form", lambda soup: login_form_tag(soup) is not None),
    ("topic", lambda soup: soup.find("div", id=re.compile(r"^p\d+$"), class_="post") is not None
        or soup.find("a", attrs={"name": re.compile(r"^p\d+$")}) is not None),
    ("pm_view", lambda soup: soup.find("div", id=re.compile(r"^post-\d+$")) is not None
        or _subsilver2_pm_view(soup)),
    ("pm_folder", lambda soup: soup.find("form", id="viewfolder") is not None),
    ("pm_compose_form", lambda soup: _postform_action(soup, "mode=compose")),
    ("posting_form", lambda soup: _postform_action(soup, "posting.php")),
    ("profile", lambda soup: parse_profile(soup) is not None),
    ("memberlist", lambda soup: soup.find("table", id="memberlist") is not None),
    ("forum", lambda soup: soup.find("a", class_="topictitle", href=re.compile("viewtopic"))
        is not None),
)  # fmt: skip


def message_box(soup: BeautifulSoup) -> MessageBox | None:
    box = soup.find("div", id="message")
    if not isinstance(box, Tag):
        # subsilver2: the message is a table whose header cell says "Information" / "General Error"
        box = _subsilver2_message(soup)
        if box is None:
            return None
    title = text_of(box.find(["h2", "th"]))
    body = box.find("p") or box.find("span", class_="gen") or box
    links = tuple(href_of(link) for link in box.find_all("a") if href_of(link))
    return MessageBox(title=title, text=text_of(body), links=links)


def _subsilver2_message(soup: BeautifulSoup) -> Tag | None:
    for cell in soup.find_all("th"):
        if text_of(cell) not in ("Information", "General Error", "Message"):
            continue
        # A message box's title is the only header of its row; topic and PM pages have a
        # "Message" column beside "Author", which is no message box.
        row = cell.find_parent("tr")
        if isinstance(row, Tag) and len(row.find_all("th")) > 1:
            continue
        table = cell.find_parent("table")
        # ... and a subsilver2 private message is a one-header table too, holding a post.
        if not isinstance(table, Tag) or table.find("div", class_="postbody") is not None:
            continue
        return table
    return None


def page_info(soup: BeautifulSoup) -> PageInfo:
    logout = soup.find("a", href=re.compile(r"mode=logout"))
    user_item = soup.find("li", id="username_logged_in")
    name = None
    if isinstance(user_item, Tag):
        name = text_of(user_item.find("span", class_=re.compile(r"^username"))) or None
    elif isinstance(logout, Tag):
        # phpBB 3.0: the logout link reads "Logout [ GameMaster ]".
        match = re.search(r"\[\s*(.+?)\s*\]", logout.get_text())
        name = match.group(1) if match else None
    login_title = soup.find(["h2", "h3"], class_="login-title")
    errors = tuple(
        text_of(tag) for tag in soup.select("p.error, div.error, span.error") if text_of(tag)
    )
    return PageInfo(
        logged_in=logout is not None,
        username=name,
        board_disabled_notice=_DISABLED_NOTICE in soup.get_text(" ").lower(),
        login_title=text_of(login_title) or None,
        form_errors=errors,
    )


def parse_profile(soup: BeautifulSoup) -> User | None:
    """The user a profile page shows, or None when it is not a profile."""
    canonical = soup.find("link", rel="canonical")
    user_id = query_value(href_of(canonical), "u") if isinstance(canonical, Tag) else None
    if user_id is None:
        search = soup.find("a", href=re.compile(r"search\.php\?author_id=\d+"))
        user_id = query_value(href_of(search), "author_id") if isinstance(search, Tag) else None
    heading = soup.find("h2", class_="memberlist-title") or soup.find("h2")
    match = _PROFILE_TITLE.search(text_of(heading))
    if user_id is None or match is None:
        return None
    return User(name=match.group(1).strip(), id=user_id)


def parse_memberlist(soup: BeautifulSoup) -> list[User]:
    table = soup.find("table", id="memberlist") or soup.find("table", class_="table1")
    if not isinstance(table, Tag):
        return []
    users: list[User] = []
    for row in table.find_all("tr"):
        link = profile_link(row)
        if link is not None:
            name, user_id = user_of(link)
            if user_id:
                users.append(User(name=name, id=user_id))
    return users


def sent_message_id(box: MessageBox) -> str | None:
    """The new PM's id from the "message has been sent" page (its "view" link)."""
    for link in box.links:
        if "mode=view" in link and (message_id := query_value(link, "p")):
            return message_id
    return None


def posted_post_id(box: MessageBox) -> str | None:
    """The new post's id from phpBB 3.0's "message has been posted" page."""
    for link in box.links:
        if "viewtopic.php" in link and (post_id := query_value(link, "p")):
            return post_id
    return None
