"""``autogm check-forum``: log in and read (never post), one line per step, before a game; with
``--flood``, also measure the account's flood rule (a few PMs from the account to itself)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO, TypeVar

from autogm.adapters.base import BoardChecks, FloodRule, Forum, ForumError, ReportsFlood

T = TypeVar("T")


def check_forum(forum: Forum, topic: str, out: TextIO, *, flood: bool = False) -> int:
    """Run the checks; 0 if every step worked, 1 otherwise.

    Steps: log in (the account and its user id), read the game topic (posts, pages, the last
    post), list the inbox (messages, unread), on a forum that can tell (MyBB) the board's
    settings autogm relies on (each finding ok, FAIL: what to change, or WARN: it could not be
    verified), and the account's flood rule: what the adapter knows of it, or with ``flood``
    what the board says when measured (the adapter may send PMs from the account to itself;
    nothing else is sent). Nothing is posted or marked read.
    """
    failures = 0

    def step(label: str, action: Callable[[], T], describe: Callable[[T], str]) -> T | None:
        nonlocal failures
        try:
            result = action()
        except ForumError as error:
            failures += 1
            out.write(f"FAIL {label}: {type(error).__name__}: {error}\n")
            return None
        out.write(f"ok   {label}: {describe(result)}\n")
        return result

    user = step(
        "log in", _login(forum), lambda user: f"logged in as {user.name} (user id {user.id})"
    )
    if user is None:
        return 1
    step(f"read topic {topic}", lambda: forum.posts_after(topic, None), _describe_posts)
    step("read the inbox", forum.inbox, _describe_inbox)
    if isinstance(forum, BoardChecks):
        found = step("read the board's settings", lambda: forum.board_findings(topic), _count)
        for finding in found or ():
            mark = {True: "ok  ", False: "FAIL", None: "WARN"}[finding.ok]
            out.write(f"{mark} {finding.label}: {finding.detail}\n")
            failures += finding.ok is False
    if isinstance(forum, ReportsFlood):
        label = "measure the flood rule" if flood else "flood rule"
        step(label, lambda: forum.flood_rule(measure=flood), _describe_flood)
    else:
        out.write("--   flood rule: this adapter does not report it\n")
    return 1 if failures else 0


def _count(findings) -> str:
    return f"{len(findings)} finding(s)"


def _login(forum: Forum) -> Callable:
    def login():
        forum.login()
        return forum.current_user()

    return login


def _describe_posts(posts) -> str:
    if not posts:
        return "no posts"
    last = posts[-1]
    pages = max(post.page for post in posts)
    return (
        f"{len(posts)} posts on {pages} page(s); last post {last.id} by {last.author} "
        f"at {last.posted_at:%Y-%m-%d %H:%M} UTC"
    )


def _describe_inbox(messages) -> str:
    unread = sum(1 for message in messages if message.unread)
    if not messages:
        return "empty"
    newest = messages[0]
    return (
        f"{len(messages)} messages on the first page, {unread} unread; newest {newest.id} "
        f"from {newest.author or '?'}: {newest.subject!r}"
    )


def _describe_flood(rule: FloodRule) -> str:
    """The rule, and the pace autogm sends at with ``send_interval = auto``."""
    if rule.pace == 0:
        who = "the account ignores it" if rule.exempt else "the board has none"
        return f"no wait between messages ({who}; {rule.how}): autogm sends at once"
    if rule.pace is None:
        return f"{rule.how}; with send_interval = auto autogm learns it from the board"
    return (
        f"one post or PM every {rule.pace:.0f} s ({rule.how}): autogm sends at that pace "
        "(making the GM account exempt lifts it: docs/running.md)"
    )
