"""A fake clock and a fake forum for the daemon's tests: no sleeping, no network.

FakeForum implements adapters.base.Forum (and the proposed ``sent_private_messages``) in
memory, and lets a test script failures: ``forum.script("reply", Unavailable("x"))`` makes the
next reply raise before anything is posted, ``After(exc)`` posts first and raises after (the
connection broke after the request went through, or the process died there).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from autogm.adapters.base import (
    NotFound,
    PMBatch,
    PMSummary,
    Post,
    PostRef,
    PrivateMessage,
    SentRef,
    SessionExpired,
    Unavailable,
    User,
)

T0 = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


class Crash(BaseException):
    """Raised where a test kills the process: it passes through every ``except Exception``."""


class FakeClock:
    def __init__(self, start: datetime = T0) -> None:
        self.now = start
        self.slept: list[float] = []

    def __call__(self) -> datetime:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += timedelta(seconds=seconds)

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now


@dataclass
class After:
    """Do the call's work, then raise: the request went through but the answer was lost."""

    exc: BaseException


@dataclass
class FakeForum:
    clock: FakeClock
    account: str = "GameMaster"
    sent_pms: list[PrivateMessage] = field(default_factory=list)
    topics: dict[str, list[Post]] = field(default_factory=lambda: defaultdict(list))
    inbox_pms: list[PrivateMessage] = field(default_factory=list)
    down_until: datetime | None = None
    logged_in: bool = True
    calls: Counter = field(default_factory=Counter)
    scripted: dict[str, list[BaseException | After]] = field(
        default_factory=lambda: defaultdict(list)
    )
    deliver_to: dict[str, str] = field(default_factory=dict)  # recipient rewrites, for tests
    next_id: int = 100

    def script(self, method: str, *outcomes: BaseException | After) -> None:
        self.scripted[method].extend(outcomes)

    def _enter(self, method: str) -> After | None:
        self.calls[method] += 1
        if self.down_until is not None and self.clock() < self.down_until:
            raise Unavailable("connection refused")
        if method != "login" and not self.logged_in:
            raise SessionExpired("session expired")
        if self.scripted[method]:
            outcome = self.scripted[method].pop(0)
            if isinstance(outcome, After):
                return outcome
            raise outcome
        return None

    def _new_id(self) -> str:
        self.next_id += 1
        return str(self.next_id)

    # ------------------------------------------------------------ the Forum protocol

    def login(self) -> None:
        self._enter("login")
        self.logged_in = True

    def current_user(self) -> User:
        self._enter("current_user")
        return User(self.account, "2")

    def inbox(self) -> list[PMSummary]:
        self._enter("inbox")
        return [
            PMSummary(m.id, m.author, m.author_id, m.subject, m.sent_at, True)
            for m in self.inbox_pms
        ]

    def read_private_message(self, message_id: str) -> PrivateMessage:
        self._enter("read_private_message")
        for pm in self.inbox_pms:
            if pm.id == message_id:
                return pm
        raise NotFound(message_id)

    def new_private_messages(self, since: str | None) -> PMBatch:
        self._enter("new_private_messages")
        fresh = [pm for pm in self.inbox_pms if since is None or int(pm.id) > int(since)]
        return PMBatch(fresh, fresh[-1].id if fresh else since)

    def mark_read(self, message_id: str) -> None:
        self._enter("mark_read")

    def posts_after(self, topic: str, after: str | None) -> list[Post]:
        self._enter("posts_after")
        return [p for p in self.topics[topic] if after is None or int(p.id) > int(after)]

    def send_private_message(
        self, to: Sequence[str | int | User], subject: str, body: str
    ) -> SentRef:
        then = self._enter("send_private_message")
        names = [r.name if isinstance(r, User) else str(r) for r in to]
        delivered = tuple(self.deliver_to.get(name, name) for name in names)
        pm = PrivateMessage(
            id=self._new_id(),
            author=self.account,
            author_id="2",
            sent_at=self.clock(),
            subject=subject,
            source=body,
            text=body,
            recipients=delivered,
        )
        self.sent_pms.append(pm)
        if then:
            raise then.exc
        return SentRef(pm.id, delivered)

    def reply(self, topic: str, body: str, subject: str | None = None) -> PostRef:
        then = self._enter("reply")
        post = self.add_post(topic, self.account, body)
        if then:
            raise then.exc
        return PostRef(topic, post.id)

    def edit_post(self, post: PostRef, body: str) -> None:
        then = self._enter("edit_post")
        posts = self.topics[post.topic]
        index = next(i for i, p in enumerate(posts) if p.id == post.post_id)
        old = posts[index]
        posts[index] = Post(
            old.id,
            old.topic,
            old.author,
            old.author_id,
            old.posted_at,
            body,
            body,
            edited_at=self.clock(),
        )
        if then:
            raise then.exc

    def find_user(self, name: str) -> User | None:
        self._enter("find_user")
        return User(name, str(abs(hash(name)) % 1000))

    # ------------------------------------------------------------ the proposed addition

    def sent_private_messages(self, since: datetime) -> list[PrivateMessage]:
        self._enter("sent_private_messages")
        return [pm for pm in self.sent_pms if pm.sent_at >= since]

    # ------------------------------------------------------------ helpers for tests

    def add_post(self, topic: str, author: str, source: str, text: str | None = None) -> Post:
        post = Post(self._new_id(), topic, author, None, self.clock(), source, text or source)
        self.topics[topic].append(post)
        return post

    def our_posts(self, topic: str) -> list[Post]:
        return [p for p in self.topics[topic] if p.author == self.account]


class ForumWithoutLookup:
    """The Forum protocol only, as adapters/base.py has it today (no sent-PM look-up)."""

    def __init__(self, inner: FakeForum) -> None:
        self.inner = inner

    def __getattr__(self, name: str):
        if name == "sent_private_messages":
            raise AttributeError(name)
        return getattr(self.inner, name)
