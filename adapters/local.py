"""LocalForum: a forum kept in one SQLite file on this machine, behind the same Forum protocol.

It serves the demo, the GM who runs a game by hand (paste each player's PM in with
``deliver``, copy the results out of the outbox), and the daemon's tests. It behaves as phpBB
does where the daemon can tell: ids only grow, reading a PM marks it read, PM recipients are
named or numbered users, an empty subject or message is refused, and a flood rule may be set
(``set_flood_rule``: none by default) that refuses a post or PM sent too soon after the
author's last, as phpBB's flood interval does, unless the author is exempt.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from autogm.adapters.base import (
    FloodLimited,
    FloodRule,
    LoginFailed,
    NoPermission,
    NotFound,
    PMBatch,
    PMSummary,
    Post,
    PostRef,
    PrivateMessage,
    Rejected,
    SentRef,
    User,
)
from autogm.adapters.bbcode import split_quotes

POSTS_PER_PAGE = 10  # phpBB's default, so Post.page means the same thing on both adapters
_SCHEMA = """
create table if not exists users (id integer primary key, name text not null unique collate nocase);
create table if not exists topics (id integer primary key, title text not null);
create table if not exists posts (
    id integer primary key, topic_id integer not null references topics(id),
    author_id integer not null references users(id), subject text not null default '',
    source text not null, posted_at text not null, edited_at text);
create table if not exists messages (
    id integer primary key, author_id integer not null references users(id),
    subject text not null, source text not null, sent_at text not null);
create table if not exists recipients (
    message_id integer not null references messages(id),
    user_id integer not null references users(id), unread integer not null default 1,
    primary key (message_id, user_id));
create table if not exists settings (key text primary key, value text not null);
create index if not exists recipients_new on recipients (user_id, message_id);
create index if not exists recipients_unread on recipients (user_id, unread, message_id);
"""


class _Store:
    """One SQLite connection shared by every LocalForum view of the same file."""

    def __init__(self, path: Path | str) -> None:
        target = Path(path) if str(path) != ":memory:" else None
        if target is not None and (target.is_dir() or target.suffix == ""):
            target.mkdir(parents=True, exist_ok=True)
            target = target / "forum.sqlite"
        self.connection = sqlite3.connect(
            str(target) if target else ":memory:", check_same_thread=False
        )
        self.connection.row_factory = sqlite3.Row
        self.connection.executescript(_SCHEMA)
        self.lock = threading.RLock()

    def query(self, sql: str, *args: object) -> list[sqlite3.Row]:
        with self.lock:
            return self.connection.execute(sql, args).fetchall()

    def write(self, sql: str, *args: object) -> int:
        with self.transaction() as connection:
            return connection.execute(sql, args).lastrowid or 0

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """Writes that are one thing on a board (a PM and its recipients, a topic and its
        first post): committed together, or, if the process dies first, not at all."""
        with self.lock, self.connection:
            yield self.connection


class LocalForum:
    """The forum in ``path`` (a .sqlite file, a folder to hold one, or ":memory:"), as ``username``.

    The account is created if it does not exist yet, so ``LocalForum("game/", "GameMaster")``
    is all a GM needs to start.
    """

    def __init__(
        self,
        path: Path | str = ":memory:",
        username: str = "GameMaster",
        *,
        now: Callable[[], datetime] | None = None,
        _store: _Store | None = None,
    ) -> None:
        self._store = _store or _Store(path)
        self.now = now or (lambda: datetime.now(UTC))
        self.username = username
        self._me = self.add_user(username)

    def as_user(self, name: str) -> LocalForum:
        """The same forum seen by another account (created if needed): players in the demo."""
        return LocalForum(username=name, now=self.now, _store=self._store)

    # -- setting the forum up ---------------------------------------------------------------

    def add_user(self, name: str) -> User:
        existing = self.find_user(name)
        if existing is not None:
            return existing
        if not name.strip():
            raise Rejected("a user name cannot be empty")
        return User(
            name=name, id=str(self._store.write("insert into users(name) values (?)", name))
        )

    def create_topic(self, title: str, body: str) -> PostRef:
        if not title.strip():
            raise Rejected("You must specify a subject when posting a new topic.")
        _require_text(body)
        with self._store.transaction() as connection:
            cursor = connection.execute("insert into topics(title) values (?)", (title,))
            return self._post(str(cursor.lastrowid), body, title, connection)

    def set_flood_rule(self, interval: float, exempt: Sequence[str] = ()) -> None:
        """From now on a post or PM less than ``interval`` seconds after its author's last is
        refused (FloodLimited), except for the ``exempt`` accounts; edits are exempt."""
        values = {"flood_interval": str(interval), "flood_exempt": "\n".join(exempt)}
        with self._store.transaction() as connection:
            connection.executemany(
                "insert or replace into settings (key, value) values (?, ?)", values.items()
            )

    def flood_rule(self, measure: bool = False) -> FloodRule:
        """The rule ``set_flood_rule`` set (the local forum knows it: nothing is measured)."""
        interval, exempt = self._flood_setting()
        return FloodRule(interval, self.username.casefold() in exempt, "the local forum's setting")

    def deliver(self, author: str, subject: str, body: str) -> SentRef:
        """A PM from ``author`` to this account: how a GM pastes in a PM received elsewhere."""
        return self.as_user(author).send_private_message([self._me], subject, body)

    # -- the Forum protocol -----------------------------------------------------------------

    def login(self) -> None:
        if self.find_user(self.username) is None:
            raise LoginFailed(f"no account named {self.username!r} in this local forum")

    def current_user(self) -> User:
        return self._me

    def inbox(self) -> list[PMSummary]:
        rows = self._store.query(
            "select m.id, m.subject, m.sent_at, u.name, u.id as author_id, r.unread"
            " from messages m join recipients r on r.message_id = m.id"
            " join users u on u.id = m.author_id where r.user_id = ? order by m.id desc",
            int(self._me.id),
        )
        return [
            PMSummary(
                id=str(row["id"]),
                author=row["name"],
                author_id=str(row["author_id"]),
                subject=row["subject"],
                sent_at=datetime.fromisoformat(row["sent_at"]),
                unread=bool(row["unread"]),
            )
            for row in rows
        ]

    def new_private_messages(self, since: str | None) -> PMBatch:
        """As phpBB's adapter: the PMs above the mark and any unread older one, read (and so
        marked read), oldest first. Only those rows are read, not the whole inbox, so a poll
        with nothing new costs the same at 50 PMs as at 5,000."""
        mark = int(since) if since and since.isdigit() else 0
        me = int(self._me.id)
        fresh = self._store.query(
            "select message_id from recipients where user_id = ? and message_id > ? union"
            " select message_id from recipients where user_id = ? and unread = 1 order by 1",
            me,
            mark,
            me,
        )
        messages = [self.read_private_message(str(row["message_id"])) for row in fresh]
        newest = max([mark, *(int(message.id) for message in messages)])
        return PMBatch(messages=messages, mark=str(newest) if newest else since)

    def read_private_message(self, message_id: str) -> PrivateMessage:
        rows = self._store.query(
            "select m.*, u.name from messages m join users u on u.id = m.author_id"
            " where m.id = ? and (m.author_id = ? or exists (select 1 from recipients r"
            " where r.message_id = m.id and r.user_id = ?))",
            _number(message_id),
            int(self._me.id),
            int(self._me.id),
        )
        if not rows:
            raise NotFound(f"Private message could not be found: {message_id}")
        self.mark_read(message_id)
        return self._as_message(rows[0])

    def sent_private_messages(self, since: datetime) -> list[PrivateMessage]:
        """This account's PMs sent at or after ``since``, oldest first; nothing is marked read.

        The source comes back exactly as sent (SQLite keeps the text byte for byte), invisible
        characters such as the outbox's zero-width marker included.
        """
        rows = self._store.query(
            "select m.*, u.name from messages m join users u on u.id = m.author_id"
            " where m.author_id = ? order by m.id",
            int(self._me.id),
        )
        # sent_at is compared as a datetime: ISO strings with and without microseconds do not
        # sort as text.
        return [
            self._as_message(row) for row in rows if datetime.fromisoformat(row["sent_at"]) >= since
        ]

    def mark_read(self, message_id: str) -> None:
        self._store.write(
            "update recipients set unread = 0 where message_id = ? and user_id = ?",
            _number(message_id),
            int(self._me.id),
        )

    def send_private_message(
        self, to: Sequence[str | int | User], subject: str, body: str
    ) -> SentRef:
        recipients = [self._resolve(recipient) for recipient in to]
        if not recipients:
            raise Rejected("No recipient defined.")
        if not subject.strip():
            raise Rejected("You must specify a subject when composing a new message.")
        _require_text(body)
        # One transaction, as on a real board: a PM whose recipients were never written
        # reached nobody, yet a sender looking for it after a crash would find it "sent". The
        # flood check is inside it, so two views of one account cannot both pass it.
        with self._store.transaction() as connection:
            self._check_flood()
            message_id = connection.execute(
                "insert into messages(author_id, subject, source, sent_at) values (?, ?, ?, ?)",
                (int(self._me.id), subject, body, self._stamp()),
            ).lastrowid
            connection.executemany(
                "insert into recipients(message_id, user_id) values (?, ?)",
                [(message_id, int(user_id)) for user_id in {user.id for user in recipients}],
            )
        return SentRef(id=str(message_id), recipients=tuple(user.name for user in recipients))

    def posts_after(self, topic: str, after: str | None) -> list[Post]:
        self._topic_title(topic)  # NotFound for a topic that does not exist
        rows = self._store.query(
            "select p.*, u.name from posts p join users u on u.id = p.author_id"
            " where p.topic_id = ? order by p.id",
            _number(topic),
        )
        mark = int(after) if after and after.isdigit() else 0
        return [
            self._as_post(row, topic, index // POSTS_PER_PAGE + 1)
            for index, row in enumerate(rows)
            if row["id"] > mark
        ]

    def last_posts(self, topics: Sequence[str]) -> dict[str, str | None]:
        """Each topic's last post id (``adapters.base.ListsLastPosts``), in one query; None
        for a topic that does not exist."""
        found: dict[str, str | None] = dict.fromkeys(topics)
        ids = [_number(topic) for topic in topics]
        marks = ", ".join("?" * len(ids))
        rows = self._store.query(
            f"select topic_id, max(id) as last from posts where topic_id in ({marks})"
            " group by topic_id",
            *ids,
        )
        found.update((str(row["topic_id"]), str(row["last"])) for row in rows)
        return found

    def reply(self, topic: str, body: str, subject: str | None = None) -> PostRef:
        title = self._topic_title(topic)
        return self._post(topic, body, subject or f"Re: {title}")

    def edit_post(self, post: PostRef, body: str) -> None:
        _require_text(body)
        rows = self._store.query(
            "select author_id from posts where id = ? and topic_id = ?",
            _number(post.post_id),
            _number(post.topic),
        )
        if not rows:
            raise NotFound(f"The requested post does not exist: {post.post_id}")
        if str(rows[0]["author_id"]) != self._me.id:
            raise NoPermission("You cannot edit posts in this forum.")
        self._store.write(
            "update posts set source = ?, edited_at = ? where id = ?",
            body,
            self._stamp(),
            _number(post.post_id),
        )

    def find_user(self, name: str) -> User | None:
        rows = self._store.query("select id, name from users where name = ?", name.strip())
        return User(name=rows[0]["name"], id=str(rows[0]["id"])) if rows else None

    # -- helpers ----------------------------------------------------------------------------

    def _post(
        self, topic: str, body: str, subject: str, connection: sqlite3.Connection | None = None
    ) -> PostRef:
        _require_text(body)
        if connection is None:
            with self._store.transaction() as connection:
                return self._post(topic, body, subject, connection)
        # Checked in the post's transaction: a refused first post takes its new topic with it.
        self._check_flood()
        post_id = connection.execute(
            "insert into posts(topic_id, author_id, subject, source, posted_at)"
            " values (?, ?, ?, ?, ?)",
            (_number(topic), int(self._me.id), subject, body, self._stamp()),
        ).lastrowid
        return PostRef(topic=topic, post_id=str(post_id or 0))

    def _flood_setting(self) -> tuple[float, set[str]]:
        rows = self._store.query("select key, value from settings where key like 'flood_%'")
        found = {row["key"]: row["value"] for row in rows}
        exempt = {name.casefold() for name in found.get("flood_exempt", "").split("\n") if name}
        return float(found.get("flood_interval", 0)), exempt

    def _check_flood(self) -> None:
        """phpBB's flood interval: "You cannot make another post so soon after your last."
        (posts and PMs alike, by the author's last of either)."""
        interval, exempt = self._flood_setting()
        if not interval or self.username.casefold() in exempt:
            return
        me = int(self._me.id)
        last = [
            row["at"]
            for row in self._store.query(
                "select max(sent_at) as at from messages where author_id = ? union all"
                " select max(posted_at) from posts where author_id = ?",
                me,
                me,
            )
            if row["at"]
        ]
        if not last:
            return
        since = (self.now() - max(datetime.fromisoformat(at) for at in last)).total_seconds()
        if since < interval:
            raise FloodLimited(
                "You cannot make another post so soon after your last.", interval - since
            )

    def _topic_title(self, topic: str) -> str:
        rows = self._store.query("select title from topics where id = ?", _number(topic))
        if not rows:
            raise NotFound(f"The requested topic does not exist: {topic}")
        return str(rows[0]["title"])

    def _resolve(self, recipient: str | int | User) -> User:
        if isinstance(recipient, User | int):
            user_id = recipient.id if isinstance(recipient, User) else str(recipient)
            rows = self._store.query("select id, name from users where id = ?", _number(user_id))
            if not rows:
                raise NotFound(f"no user with id {user_id}")
            return User(name=rows[0]["name"], id=str(rows[0]["id"]))
        user = self.find_user(recipient)
        if user is None:
            raise NotFound(f"no user named {recipient!r} in this local forum")
        return user

    def _as_message(self, row: sqlite3.Row) -> PrivateMessage:
        text, quotes = split_quotes(row["source"])
        recipients = self._store.query(
            "select u.name from recipients r join users u on u.id = r.user_id"
            " where r.message_id = ? order by u.id",
            row["id"],
        )
        return PrivateMessage(
            id=str(row["id"]),
            author=row["name"],
            author_id=str(row["author_id"]),
            sent_at=datetime.fromisoformat(row["sent_at"]),
            subject=row["subject"],
            source=row["source"],
            text=text,
            quotes=quotes,
            recipients=tuple(recipient["name"] for recipient in recipients),
        )

    def _as_post(self, row: sqlite3.Row, topic: str, page: int) -> Post:
        text, quotes = split_quotes(row["source"])
        return Post(
            id=str(row["id"]),
            topic=topic,
            author=row["name"],
            author_id=str(row["author_id"]),
            posted_at=datetime.fromisoformat(row["posted_at"]),
            source=row["source"],
            text=text,
            quotes=quotes,
            edited_at=datetime.fromisoformat(row["edited_at"]) if row["edited_at"] else None,
            page=page,
        )

    def _stamp(self) -> str:
        return self.now().astimezone(UTC).isoformat()


def _number(value: str) -> int:
    """An id as SQLite stores it; anything else matches nothing (as phpBB's 404 would)."""
    return int(value) if str(value).isdigit() else -1


def _require_text(body: str) -> None:
    if not body.strip():
        raise Rejected("Your message contains too few characters.")
