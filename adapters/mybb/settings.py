"""What ``check-forum`` verifies of a MyBB board's settings (it reads, never changes them).

autogm relies on one setting it cannot work around cleanly: MyBB merges a member's reply into
their own last post of a thread while it is under ``postmergemins`` old (Configuration >
Posting > Post Merge Time, 60 minutes by default). Players' merged replies are read as new
messages (thread.py), but a merged results post would sit at the end of the GM's previous post,
where players look for no news. So the GM's posts must be kept apart (docs/rulings.md, "MyBB:
the GM's posts are never merged"): the GM's group excluded from merging (Merge User Groups to
Ignore: Administrators by default), or the game's forum (Merge Forums to Ignore), or merging
off. Those settings are readable only in the Admin CP: when the GM account is an administrator
(the header links the Admin CP), it logs in there, reads them and logs out; otherwise the
finding says what to ask the board's administrator.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bs4 import BeautifulSoup, Tag

from autogm.adapters.base import Finding, ForumError
from autogm.adapters.mybb.thread import forum_of
from autogm.adapters.mybb.urls import endpoint
from autogm.adapters.web.soup import PARSER
from autogm.adapters.web.transport import Transport

if TYPE_CHECKING:
    from autogm.adapters.mybb.forum import MyBBForum

LOGGER = logging.getLogger(__name__)
MERGING = "the GM's posts kept apart"
SEPARATOR = "merged replies can be split"
FLOOD = "flood limits"
_LOGOUT = re.compile(r"action=logout&(?:amp;)?my_post_key=([0-9a-f]{32})")


@dataclass(frozen=True, slots=True)
class MergeRule:
    """Configuration > Posting, as the Admin CP shows it."""

    minutes: int
    forums: str  # "all", "none" or "custom"
    forum_ids: frozenset[str]
    groups: str
    group_ids: frozenset[str]
    separator: str

    def spares(self, forum_id: str | None, group_ids: frozenset[str]) -> str | None:
        """Why posts in ``forum_id`` by a member of ``group_ids`` are never merged, or None."""
        if self.minutes == 0:
            return "post merging is off (Post Merge Time 0)"
        if self.forums == "all" or (self.forums == "custom" and forum_id in self.forum_ids):
            return f"the game's forum (fid {forum_id}) is in Merge Forums to Ignore"
        if self.groups == "all":
            return "every group is in Merge User Groups to Ignore"
        if self.groups == "custom" and (shared := group_ids & self.group_ids):
            gids = ", ".join(sorted(shared))
            return f"the GM's group (gid {gids}) is in Merge User Groups to Ignore"
        return None


def findings(forum: MyBBForum, topic: str) -> list[Finding]:
    """The findings for the GM account of ``forum`` and the game thread ``topic``."""
    page = BeautifulSoup(forum.transport.get(endpoint("thread_last", topic=topic)).text, PARSER)
    forum_id = forum_of(page)
    if page.find("a", class_="admincp") is None:  # the header links the Admin CP for admins
        return [
            Finding(
                MERGING,
                None,
                "not verified: the GM account cannot open the Admin CP. Ask the board's "
                "administrator to put the GM's group in Configuration > Posting > Merge User "
                "Groups to Ignore (or the game's forum in Merge Forums to Ignore), and to keep "
                "Merge Separator [hr]",
            )
        ]
    try:
        rule, flood, groups = _read_acp(forum)
    except ForumError as error:
        return [Finding(MERGING, None, f"not verified: the Admin CP could not be read: {error}")]
    reason = rule.spares(forum_id, groups)
    merging = Finding(
        MERGING,
        reason is not None,
        reason
        or (
            f"MyBB merges the GM's consecutive posts in this forum (within {rule.minutes} min): "
            "a results post would be added to the GM's previous post. Put the GM's group (gid "
            f"{', '.join(sorted(groups))}) in Configuration > Posting > Merge User Groups to "
            f"Ignore, or the game's forum (fid {forum_id}) in Merge Forums to Ignore"
        ),
    )
    split = Finding(
        SEPARATOR,
        rule.separator.strip().lower() == "[hr]" or rule.minutes == 0,
        f"Merge Separator is {rule.separator!r}"
        + ("" if rule.separator.strip().lower() == "[hr]" else ": set it to [hr], the only "
           "separator autogm splits a merged reply at (else a player's second post is lost)"),
    )  # fmt: skip
    return [merging, split, Finding(FLOOD, True, flood)]


def _read_acp(forum: MyBBForum) -> tuple[MergeRule, str, frozenset[str]]:
    transport = forum.transport
    payload = [("username", forum.username), ("password", forum._password.reveal())]
    page = transport.post(endpoint("acp"), [*payload, ("do", "login")], transport.clock())
    if 'name="do" value="login"' in page.text:
        raise ForumError("the Admin CP refused the GM's login (a PIN or two-factor code?)")
    try:
        merging = BeautifulSoup(transport.get(endpoint("acp_merging")).text, PARSER)
        flood = BeautifulSoup(transport.get(endpoint("acp_flood")).text, PARSER)
        user = BeautifulSoup(
            transport.get(endpoint("acp_user", user_id=forum.current_user().id)).text, PARSER
        )
    finally:
        _log_out(transport)
    rule = MergeRule(
        minutes=int(_value(merging, "postmergemins") or "0"),
        forums=_choice(merging, "postmergefignore"),
        forum_ids=_selected(merging, "select[postmergefignore][]"),
        groups=_choice(merging, "postmergeuignore"),
        group_ids=_selected(merging, "select[postmergeuignore][]"),
        separator=_value(merging, "postmergesep") or "[hr]",
    )
    groups = _selected(user, "usergroup") | _selected(user, "additionalgroups[]")
    posts, pms = _value(flood, "postfloodsecs"), _value(flood, "pmfloodsecs")
    text = (
        f"{posts} s between two posts, {pms} s between two PMs of a member (administrators "
        "and moderators are exempt; autogm waits out what the board asks)"
    )
    return rule, text, groups


def _log_out(transport: Transport) -> None:
    """Leave the Admin CP: its session is not left open after a check."""
    try:
        page = transport.get(endpoint("acp"))
        found = _LOGOUT.search(page.text)
        if found:
            transport.get(endpoint("acp_logout", key=found.group(1)))
    except ForumError as error:
        LOGGER.info("could not log out of the Admin CP: %s", error)


def _value(soup: BeautifulSoup, setting: str) -> str | None:
    tag = soup.find(
        "input", attrs={"name": f"upsetting[{setting}]", "type": re.compile("^(?!radio)")}
    )
    return str(tag.get("value", "")) if isinstance(tag, Tag) else None


def _choice(soup: BeautifulSoup, setting: str) -> str:
    for radio in soup.find_all("input", attrs={"name": f"upsetting[{setting}]", "type": "radio"}):
        if radio.has_attr("checked"):
            return str(radio.get("value"))
    return "none"


def _selected(soup: BeautifulSoup, name: str) -> frozenset[str]:
    select = soup.find("select", attrs={"name": name})
    if not isinstance(select, Tag):
        return frozenset()
    return frozenset(
        str(option.get("value"))
        for option in select.find_all("option")
        if option.has_attr("selected")
    )
