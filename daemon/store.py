"""The daemon's one SQLite file: what came in (verbatim), orders, phases, the outbox, a log.

The store is the source of truth: the scheduler's jobs are rebuilt from it at start, and a
restarted daemon resumes from it. Schema changes are sqlite-utils migrations (recorded in its
``_sqlite_migrations`` table), applied in order when the store is opened; a file written by a
newer autogm is refused rather than half-understood.

A :class:`Store` wraps one sqlite3 connection, and sqlite3 connections belong to the thread
that made them (APScheduler runs jobs in a worker thread): open a store per job, or per
thread, never share one. Every change that spans rows goes inside :meth:`Store.atomic`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from adapters.base import Post, PrivateMessage

MIGRATIONS = Migrations("autogm")
_MIGRATION_NAMES: list[str] = []  # sqlite-utils keeps its list private; we need the names
PM_MARK = "pms"


def topic_mark(topic: str) -> str:
    """The marks key under which the last post id read from ``topic`` is kept."""
    return f"topic:{topic}"


class StoreError(Exception):
    pass


def iso(moment: datetime) -> str:
    """Times are stored as UTC ISO-8601 text, so they sort and compare as strings."""
    if moment.tzinfo is None:
        raise ValueError(f"naive datetime {moment!r}: autogm stores aware UTC times only")
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def from_iso(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def from_json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _migration(fn: Any) -> Any:
    """Register a migration; they run in the order they are defined, each exactly once."""
    _MIGRATION_NAMES.append(fn.__name__)
    return MIGRATIONS()(fn)


@_migration
def m001_initial(db: Database) -> None:
    for statement in _INITIAL_SCHEMA.split(";\n"):
        if statement.strip():
            db.execute(statement)


_INITIAL_SCHEMA = """
CREATE TABLE games (
    name TEXT PRIMARY KEY,
    forum TEXT NOT NULL,
    topic TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    seed INTEGER,
    status TEXT NOT NULL DEFAULT 'setup'
        CHECK (status IN ('setup', 'running', 'paused', 'ended', 'archived')),
    phase TEXT,
    state TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE players (
    game TEXT NOT NULL REFERENCES games(name),
    name TEXT NOT NULL,
    user_id TEXT,
    role TEXT,
    status TEXT NOT NULL DEFAULT 'alive',
    replaced_by TEXT,
    joined_at TEXT NOT NULL,
    PRIMARY KEY (game, name)
);
CREATE TABLE inbox (
    id INTEGER PRIMARY KEY,
    forum TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('pm', 'post')),
    forum_id TEXT NOT NULL,
    topic TEXT,
    author TEXT NOT NULL,
    author_id TEXT,
    subject TEXT,
    sent_at TEXT NOT NULL,
    edited_at TEXT,
    source TEXT NOT NULL,
    text TEXT NOT NULL,
    quotes TEXT NOT NULL,
    recipients TEXT NOT NULL,
    received_at TEXT NOT NULL,
    game TEXT,
    parsed_at TEXT,
    UNIQUE (forum, kind, forum_id)
);
CREATE INDEX inbox_unparsed ON inbox (forum, parsed_at);
CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(name),
    phase TEXT NOT NULL,
    player TEXT NOT NULL,
    inbox_id INTEGER REFERENCES inbox(id),
    source TEXT NOT NULL CHECK (source IN ('pm', 'post', 'gm')),
    raw TEXT NOT NULL,
    parsed TEXT,
    state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'accepted', 'rejected', 'void')),
    reason TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX orders_phase ON orders (game, phase);
CREATE TABLE phases (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(name),
    name TEXT NOT NULL,
    opened_at TEXT NOT NULL,
    deadline TEXT,
    closed_at TEXT,
    outcome TEXT,
    approved_at TEXT,
    UNIQUE (game, name)
);
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    forum TEXT NOT NULL,
    game TEXT REFERENCES games(name),
    phase TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('pm', 'post', 'edit')),
    recipients TEXT NOT NULL,
    topic TEXT,
    target TEXT,
    subject TEXT,
    body TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued'
        CHECK (state IN ('held', 'queued', 'sending', 'sent', 'unknown', 'failed')),
    dedupe_key TEXT NOT NULL UNIQUE,
    forum_ref TEXT,
    probe_after TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    created_at TEXT NOT NULL,
    attempted_at TEXT,
    sent_at TEXT
);
CREATE INDEX outbox_state ON outbox (forum, state);
CREATE TABLE marks (
    forum TEXT NOT NULL,
    what TEXT NOT NULL,
    value TEXT,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (forum, what)
);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    game TEXT,
    kind TEXT NOT NULL,
    details TEXT NOT NULL
);
CREATE INDEX events_game ON events (game, kind);
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TABLE overrides (
    game TEXT NOT NULL,
    label TEXT NOT NULL,
    command TEXT NOT NULL,
    parsed TEXT NOT NULL,
    applied_at TEXT NOT NULL,
    result TEXT,
    PRIMARY KEY (game, label)
)
"""


@dataclass(frozen=True, slots=True)
class InboxMessage:
    """A stored PM or topic post; ``id`` is the store's, ``forum_id`` the forum's."""

    id: int
    forum: str
    kind: str
    forum_id: str
    topic: str | None
    author: str
    author_id: str | None
    subject: str | None
    sent_at: datetime
    source: str
    text: str
    quotes: tuple[str, ...]
    game: str | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> InboxMessage:
        return cls(
            id=row["id"],
            forum=row["forum"],
            kind=row["kind"],
            forum_id=row["forum_id"],
            topic=row["topic"],
            author=row["author"],
            author_id=row["author_id"],
            subject=row["subject"],
            sent_at=datetime.fromisoformat(row["sent_at"]),
            source=row["source"],
            text=row["text"],
            quotes=tuple(json.loads(row["quotes"])),
            game=row["game"],
        )


@dataclass(frozen=True, slots=True)
class PhaseRow:
    game: str
    name: str
    opened_at: datetime
    deadline: datetime | None
    closed_at: datetime | None
    outcome: Any
    approved_at: datetime | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> PhaseRow:
        return cls(
            game=row["game"],
            name=row["name"],
            opened_at=datetime.fromisoformat(row["opened_at"]),
            deadline=from_iso(row["deadline"]),
            closed_at=from_iso(row["closed_at"]),
            outcome=from_json(row["outcome"]),
            approved_at=from_iso(row["approved_at"]),
        )


@dataclass(frozen=True, slots=True)
class OrderRow:
    id: int
    game: str
    phase: str
    player: str
    inbox_id: int | None
    source: str
    raw: str
    parsed: Any
    state: str
    reason: str | None


class Store:
    """One connection to the state file. Not to be shared between threads."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @classmethod
    def open(cls, path: Path | str) -> Store:
        """Open (creating if needed) and migrate; ``":memory:"`` gives a throwaway store."""
        in_memory = str(path) == ":memory:"
        if not in_memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = Database(str(path), execute_plugins=False)
        # A CLI command (approve, status) may write while the daemon runs: WAL lets readers
        # and one writer share the file, and busy_timeout waits for the lock instead of failing.
        db.execute("PRAGMA busy_timeout = 10000")
        db.execute("PRAGMA foreign_keys = ON")
        if not in_memory:
            db.enable_wal()
        store = cls(db)
        try:
            store._migrate()
        except BaseException:
            db.close()
            raise
        return store

    def _migrate(self) -> None:
        newer = [m.name for m in MIGRATIONS.applied(self.db) if m.name not in _MIGRATION_NAMES]
        if newer:
            raise StoreError(
                f"the state file was written by a newer autogm (migrations {', '.join(newer)}); "
                "upgrade autogm or restore a backup"
            )
        MIGRATIONS.apply(self.db)

    def schema_version(self) -> list[str]:
        """Names of the applied migrations, oldest first."""
        return [m.name for m in MIGRATIONS.applied(self.db)]

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def atomic(self) -> Iterator[Store]:
        """One transaction (a savepoint when nested): all of it is written, or none."""
        with self.db.atomic():
            yield self

    def rows(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
        return list(self.db.query(sql, params))

    def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Cursor:
        """Run a write: committed at once, or part of the enclosing atomic() block."""
        return self.db.execute(sql, params)

    # ---------------------------------------------------------------- inbox and marks

    def record_messages(
        self,
        forum: str,
        messages: Sequence[PrivateMessage | Post],
        now: datetime,
        mark: tuple[str, str | None] | None = None,
    ) -> list[int]:
        """Store messages verbatim (before anyone parses them) and advance ``mark`` with them.

        One transaction: a crash leaves either the messages *and* the new mark, or neither,
        so the next poll reads them again. A message already stored (same forum, kind and
        forum id) is skipped. Returns the store ids of the messages that were new.
        """
        new_ids = []
        with self.atomic():
            for message in messages:
                cursor = self.execute(
                    "INSERT INTO inbox (forum, kind, forum_id, topic, author, author_id, subject,"
                    " sent_at, edited_at, source, text, quotes, recipients, received_at)"
                    " VALUES (:forum, :kind, :forum_id, :topic, :author, :author_id, :subject,"
                    " :sent_at, :edited_at, :source, :text, :quotes, :recipients, :received_at)"
                    " ON CONFLICT (forum, kind, forum_id) DO NOTHING",
                    _inbox_values(forum, message, now),
                )
                if cursor.rowcount == 1:
                    new_ids.append(cursor.lastrowid)
            if mark is not None:
                self.set_mark(forum, mark[0], mark[1], now)
        return new_ids

    def unparsed(self, forum: str | None = None) -> list[InboxMessage]:
        """Stored messages nobody has parsed yet (after a crash, too), oldest first."""
        where, params = ("AND forum = ?", [forum]) if forum else ("", [])
        rows = self.rows(f"SELECT * FROM inbox WHERE parsed_at IS NULL {where} ORDER BY id", params)
        return [InboxMessage.from_row(row) for row in rows]

    def set_parsed(self, inbox_id: int, now: datetime, game: str | None = None) -> None:
        self.execute(
            "UPDATE inbox SET parsed_at = ?, game = ? WHERE id = ?", [iso(now), game, inbox_id]
        )

    def mark(self, forum: str, what: str) -> str | None:
        rows = self.rows("SELECT value FROM marks WHERE forum = ? AND what = ?", [forum, what])
        return rows[0]["value"] if rows else None

    def set_mark(self, forum: str, what: str, value: str | None, now: datetime) -> None:
        self.execute(
            "INSERT INTO marks (forum, what, value, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (forum, what) DO UPDATE SET value = excluded.value,"
            " updated_at = excluded.updated_at",
            [forum, what, value, iso(now)],
        )

    # ---------------------------------------------------------------- events

    def log(
        self, kind: str, details: dict[str, Any], now: datetime, game: str | None = None
    ) -> int:
        """Append to the event log (append-only: triggers refuse updates and deletes)."""
        cursor = self.execute(
            "INSERT INTO events (at, game, kind, details) VALUES (?, ?, ?, ?)",
            [iso(now), game, kind, to_json(details)],
        )
        return cursor.lastrowid or 0

    def events(self, game: str | None = None, kind: str | None = None) -> list[dict[str, Any]]:
        rows = self.rows(
            "SELECT * FROM events WHERE (:game IS NULL OR game = :game)"
            " AND (:kind IS NULL OR kind = :kind) ORDER BY id",
            {"game": game, "kind": kind},
        )
        return [{**row, "details": from_json(row["details"])} for row in rows]

    # ---------------------------------------------------------------- games and players

    def add_game(
        self, name: str, forum: str, topic: str, ruleset: str, seed: int | None, now: datetime
    ) -> None:
        self.execute(
            "INSERT INTO games (name, forum, topic, ruleset, seed, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [name, forum, topic, ruleset, seed, iso(now), iso(now)],
        )

    def game(self, name: str) -> dict[str, Any] | None:
        rows = self.rows("SELECT * FROM games WHERE name = ?", [name])
        return {**rows[0], "state": from_json(rows[0]["state"])} if rows else None

    def games(self, *statuses: str) -> list[dict[str, Any]]:
        rows = self.rows("SELECT * FROM games ORDER BY name")
        return [
            {**row, "state": from_json(row["state"])}
            for row in rows
            if not statuses or row["status"] in statuses
        ]

    def update_game(self, name: str, now: datetime, **fields: Any) -> None:
        """Set ``status``, ``phase`` or ``state`` (the engine's state, stored as JSON)."""
        allowed = {"status", "phase", "state"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"update_game sets {sorted(allowed)}, not {sorted(fields)}")
        values = {k: to_json(v) if k == "state" else v for k, v in fields.items()}
        assignments = ", ".join(f"{key} = :{key}" for key in values)
        self.execute(
            f"UPDATE games SET {assignments}, updated_at = :now WHERE name = :name",
            {**values, "now": iso(now), "name": name},
        )

    def add_player(
        self, game: str, name: str, role: str | None, now: datetime, user_id: str | None = None
    ) -> None:
        self.execute(
            "INSERT INTO players (game, name, user_id, role, joined_at) VALUES (?, ?, ?, ?, ?)",
            [game, name, user_id, role, iso(now)],
        )

    def players(self, game: str) -> list[dict[str, Any]]:
        return self.rows("SELECT * FROM players WHERE game = ? ORDER BY joined_at, name", [game])

    def set_player_status(self, game: str, name: str, status: str) -> None:
        self.execute(
            "UPDATE players SET status = ? WHERE game = ? AND name = ?", [status, game, name]
        )

    def replace_player(self, game: str, old: str, new: str, now: datetime) -> None:
        """``new``'s account takes over ``old``'s slot: PMs for the slot go to ``new`` only."""
        rows = self.rows("SELECT * FROM players WHERE game = ? AND name = ?", [game, old])
        if not rows:
            raise StoreError(f"{game}: no player {old!r}")
        with self.atomic():
            self.execute(
                "UPDATE players SET status = 'replaced', replaced_by = ?"
                " WHERE game = ? AND name = ?",
                [new, game, old],
            )
            self.execute(
                "INSERT INTO players (game, name, role, status, joined_at) VALUES (?, ?, ?, ?, ?)",
                [game, new, rows[0]["role"], rows[0]["status"], iso(now)],
            )

    # ---------------------------------------------------------------- phases

    def open_phase(
        self, game: str, name: str, opened_at: datetime, deadline: datetime | None
    ) -> None:
        with self.atomic():
            self.execute(
                "INSERT INTO phases (game, name, opened_at, deadline) VALUES (?, ?, ?, ?)",
                [game, name, iso(opened_at), iso(deadline) if deadline else None],
            )
            self.update_game(game, opened_at, phase=name)

    def phase(self, game: str, name: str) -> PhaseRow | None:
        rows = self.rows("SELECT * FROM phases WHERE game = ? AND name = ?", [game, name])
        return PhaseRow.from_row(rows[0]) if rows else None

    def open_phases(self) -> list[PhaseRow]:
        """Every phase not yet closed, of every game, oldest first."""
        rows = self.rows("SELECT * FROM phases WHERE closed_at IS NULL ORDER BY id")
        return [PhaseRow.from_row(row) for row in rows]

    def set_deadline(self, game: str, name: str, deadline: datetime) -> None:
        self.execute(
            "UPDATE phases SET deadline = ? WHERE game = ? AND name = ?",
            [iso(deadline), game, name],
        )

    def close_phase(self, game: str, name: str, closed_at: datetime, outcome: Any) -> None:
        """Record the outcome; the caller wraps this and its outbox rows in one atomic()."""
        cursor = self.execute(
            "UPDATE phases SET closed_at = ?, outcome = ? WHERE game = ? AND name = ?"
            " AND closed_at IS NULL",
            [iso(closed_at), to_json(outcome), game, name],
        )
        if cursor.rowcount != 1:
            raise StoreError(f"{game}: phase {name!r} is not open")

    # ---------------------------------------------------------------- orders

    def add_order(
        self,
        game: str,
        phase: str,
        player: str,
        raw: str,
        now: datetime,
        *,
        source: str = "pm",
        inbox_id: int | None = None,
    ) -> int:
        """A pending order (raw text kept); the engine's parse is stored with judge_order."""
        cursor = self.execute(
            "INSERT INTO orders (game, phase, player, inbox_id, source, raw, created_at,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [game, phase, player, inbox_id, source, raw, iso(now), iso(now)],
        )
        return cursor.lastrowid or 0

    def judge_order(
        self, order_id: int, parsed: Any, accepted: bool, reason: str | None, now: datetime
    ) -> None:
        self.execute(
            "UPDATE orders SET parsed = ?, state = ?, reason = ?, updated_at = ? WHERE id = ?",
            [to_json(parsed), "accepted" if accepted else "rejected", reason, iso(now), order_id],
        )

    def void_order(self, order_id: int, reason: str, now: datetime) -> None:
        cursor = self.execute(
            "UPDATE orders SET state = 'void', reason = ?, updated_at = ? WHERE id = ?",
            [reason, iso(now), order_id],
        )
        if cursor.rowcount != 1:
            raise StoreError(f"no order {order_id}")

    def order(self, order_id: int) -> OrderRow | None:
        rows = self.rows("SELECT * FROM orders WHERE id = ?", [order_id])
        return _order(rows[0]) if rows else None

    def orders(self, game: str, phase: str, include_void: bool = False) -> list[OrderRow]:
        rows = self.rows(
            "SELECT * FROM orders WHERE game = ? AND phase = ? AND (? OR state != 'void')"
            " ORDER BY id",
            [game, phase, include_void],
        )
        return [_order(row) for row in rows]


def _order(row: dict[str, Any]) -> OrderRow:
    return OrderRow(
        id=row["id"],
        game=row["game"],
        phase=row["phase"],
        player=row["player"],
        inbox_id=row["inbox_id"],
        source=row["source"],
        raw=row["raw"],
        parsed=from_json(row["parsed"]),
        state=row["state"],
        reason=row["reason"],
    )


def _received_time(moment: datetime) -> str:
    # An adapter should hand over aware times; a naive one is read as UTC rather than
    # refused, because refusing would leave the message unstored and the poll stuck on it.
    return iso(moment if moment.tzinfo else moment.replace(tzinfo=UTC))


def _inbox_values(forum: str, message: PrivateMessage | Post, now: datetime) -> dict[str, Any]:
    values = {
        "forum": forum,
        "forum_id": message.id,
        "author": message.author,
        "author_id": message.author_id,
        "source": message.source,
        "text": message.text,
        "quotes": to_json(list(message.quotes)),
        "received_at": iso(now),
    }
    if isinstance(message, PrivateMessage):
        return values | {
            "kind": "pm",
            "topic": None,
            "subject": message.subject,
            "sent_at": _received_time(message.sent_at),
            "edited_at": None,
            "recipients": to_json(list(message.recipients)),
        }
    return values | {
        "kind": "post",
        "topic": message.topic,
        "subject": None,
        "sent_at": _received_time(message.posted_at),
        "edited_at": _received_time(message.edited_at) if message.edited_at else None,
        "recipients": "[]",
    }
