"""The forum interface every adapter implements, and the values it returns.

Adapters speak to a forum and nothing else: they know nothing of the rules. Marks (the last
private message seen, the last post id of a topic) are returned to the daemon to store; an
adapter never keeps them itself, so a restarted daemon resumes exactly where its store says.

A post id names a message, not always a whole post: MyBB merges a member's reply into their
own post while it is the topic's last, so what was appended is handed over as a message of
its own, the post's next part ("41.2"), and a reply that MyBB merged is answered with that
part's id. Ids are opaque to the daemon: each adapter knows how its own compare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class PrivateMessage:
    """One private message as received.

    ``source`` is the whole message as BBCode-ish source (quotes included); ``text`` is the
    author's own words with quoted text removed; ``quotes`` holds the quoted passages.
    """

    id: str
    author: str
    author_id: str | None
    sent_at: datetime
    subject: str
    source: str
    text: str
    quotes: tuple[str, ...] = ()
    recipients: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Post:
    """One post of a topic; ``edited_at`` is set when the forum shows an edit."""

    id: str
    topic: str
    author: str
    author_id: str | None
    posted_at: datetime
    source: str
    text: str
    quotes: tuple[str, ...] = ()
    edited_at: datetime | None = None
    page: int = 1


@dataclass(frozen=True, slots=True)
class PMSummary:
    """One row of the inbox list: enough to tell what is new without opening the message."""

    id: str
    author: str
    author_id: str | None
    subject: str
    sent_at: datetime | None
    unread: bool


@dataclass(frozen=True, slots=True)
class PostRef:
    topic: str
    post_id: str


@dataclass(frozen=True, slots=True)
class SentRef:
    """What the forum told us about a sent private message (id when it is known)."""

    id: str | None
    recipients: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PMBatch:
    """New private messages since a mark, oldest first, and the mark to store next."""

    messages: list[PrivateMessage] = field(default_factory=list)
    mark: str | None = None


@dataclass(frozen=True, slots=True)
class User:
    name: str
    id: str


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing ``check-forum`` found about a board's settings: ``ok`` True, False (autogm
    will misbehave: what to change is in ``detail``) or None (it could not be verified)."""

    label: str
    ok: bool | None
    detail: str


@dataclass(frozen=True, slots=True)
class FloodRule:
    """How long the board makes this account wait between two new posts or PMs (its flood
    rule), as far as the adapter knows it."""

    interval: float | None  # seconds between two posts or PMs; None: not known
    exempt: bool | None  # the account ignores the rule (phpBB's "can ignore flood limit")
    how: str  # how it is known, in words for the GM ("measured with 3 PMs to itself")

    @property
    def pace(self) -> float | None:
        """The seconds to leave between two sends: none for an exempt account (or a board
        without the rule), the interval when it is known, None when it is not."""
        if self.exempt or self.interval == 0:
            return 0.0
        return self.interval


@runtime_checkable
class ReportsFlood(Protocol):
    """A forum that can say, and find out, this account's flood rule (``autogm check-forum
    --flood``); the daemon sends at that pace."""

    def flood_rule(self, measure: bool = False) -> FloodRule:
        """The account's flood rule. With ``measure`` it is found out on the board when it is
        not known otherwise, which may send a few PMs from the account to itself, and never
        anything to anyone else."""


@runtime_checkable
class ListsLastPosts(Protocol):
    """A forum that lists topics with their last post: a topic need not be opened to learn
    that nothing was posted in it (issue 33: an idle poll of N topics is not N requests)."""

    def last_posts(self, topics: Sequence[str]) -> dict[str, str | None]:
        """The id of each topic's last post as the board lists it, in as few requests as it
        allows; None for a topic it does not list (read it to know)."""


@runtime_checkable
class Forum(Protocol):
    """The operations autogm needs from a forum, and nothing more.

    Every method may raise a ``ForumError`` subclass; none stores a mark. Users are named by
    name (``str``), by user id (``int``) or by a ``User`` from ``find_user``.
    """

    def login(self) -> None:
        """Log in (again); the other methods log in by themselves when they need to."""

    def current_user(self) -> User:
        """The account this forum acts as."""

    def inbox(self) -> list[PMSummary]:
        """The first page of the inbox, newest first, without opening (or marking) anything."""

    def new_private_messages(self, since: str | None) -> PMBatch:
        """Messages newer than the mark ``since`` (and unread older ones), oldest first, read
        and so marked read, with the mark to store next. Nothing new costs one request."""

    def read_private_message(self, message_id: str) -> PrivateMessage:
        """One message by id (reading it marks it read, as on phpBB)."""

    def mark_read(self, message_id: str) -> None: ...

    def posts_after(self, topic: str, after: str | None) -> list[Post]:
        """Posts of ``topic`` after the one with id ``after`` (all when None), oldest first,
        fetching only the pages from the one holding ``after``; edited posts carry
        ``edited_at``. Where the forum merges a reply into an earlier post (MyBB), the text
        appended since ``after`` was read comes as a post of its own (see the module's
        docstring)."""

    def send_private_message(
        self, to: Sequence[str | int | User], subject: str, body: str
    ) -> SentRef: ...

    def sent_private_messages(self, since: datetime) -> list[PrivateMessage]:
        """Our own sent messages from ``since`` (timezone-aware) on, oldest first.

        This is how a sender finds out, after a crash, whether a message it was sending got
        through: each comes with its ``recipients`` (names) and ``source``/``text`` as the forum
        keeps them, invisible characters included where the forum keeps them. Messages still
        waiting for delivery count as sent (phpBB's outbox). A forum that shows times to the
        minute compares by the minute, so a message from earlier in ``since``'s minute may be
        included. Nothing is marked read."""

    def reply(self, topic: str, body: str, subject: str | None = None) -> PostRef:
        """Post ``body``; the ref names the message posted (a part, when the forum merged it
        into our previous post)."""

    def edit_post(self, post: PostRef, body: str) -> None:
        """Make the message ``post`` names read ``body`` (only that part of a merged post)."""

    def find_user(self, name: str) -> User | None:
        """The user of that name (any case), or None when there is none."""


class ForumError(Exception):
    """Base of every adapter failure. Messages never contain passwords or session ids."""


class LoginFailed(ForumError):
    """Wrong user name or password, or a login form that refused us."""


class CaptchaRequired(LoginFailed):
    """Too many failed logins: the board now wants a CAPTCHA, which a bot cannot solve."""


class SessionExpired(ForumError):
    """The forum no longer knows our session; the adapter logs in again."""


class BoardDisabled(ForumError):
    pass


class Banned(ForumError):
    pass


class NoPermission(ForumError):
    pass


class NotFound(ForumError):
    """A topic, post, private message or user that does not exist."""


class FloodLimited(ForumError):
    """The forum asks us to wait before posting again."""

    def __init__(self, message: str, wait_seconds: float) -> None:
        super().__init__(message)
        self.wait_seconds = wait_seconds


class FormExpired(ForumError):
    """The form token or creation time was refused; the form must be fetched again."""


class Rejected(ForumError):
    """The forum refused a post or message for a reason of its own (too short, no subject...)."""


class Unavailable(ForumError):
    """Connection errors or 5xx answers that outlasted the retries."""


class UnrecognisedPage(ForumError):
    """A page the parsers do not understand, saved to ``path`` for a bug report."""

    def __init__(self, message: str, path: Path | None) -> None:
        super().__init__(f"{message} (page saved to {path})" if path else message)
        self.path = path


class Interrupted(Exception):
    """A read given up between two requests because the caller's check asked for it (a more
    urgent job waits). Not a ``ForumError``: nothing failed, and nothing was returned, so no
    mark moves; the caller reads again later from the same mark."""


@runtime_checkable
class Interruptible(Protocol):
    """A forum whose reads take several requests and can stop between two of them."""

    def interrupt_when(self, check: Callable[[], bool] | None) -> None:
        """Until called again with None, ask ``check`` before each request and raise
        ``Interrupted`` instead of making it when it says so."""


@runtime_checkable
class BoardChecks(Protocol):
    """A forum that can tell whether the board is set up the way autogm needs it (MyBB: the
    GM's posts kept apart from merging). ``check-forum`` prints each finding."""

    def board_findings(self, topic: str) -> list[Finding]: ...


@contextmanager
def interrupting(forum: object, check: Callable[[], bool] | None) -> Iterator[None]:
    """Within the block, ``forum`` stops between two requests when ``check`` says so (a forum
    that answers each call with one request, or none, has nothing to interrupt)."""
    # The class must define the method: a proxy that forwards any attribute is not one.
    if check is None or getattr(type(forum), "interrupt_when", None) is None:
        yield
        return
    assert isinstance(forum, Interruptible)
    forum.interrupt_when(check)
    try:
        yield
    finally:
        forum.interrupt_when(None)
