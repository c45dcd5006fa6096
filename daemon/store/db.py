"""The daemon's one SQLite file: what came in (verbatim), orders, phases, the outbox, a log.

The store is the source of truth: the scheduler's jobs are rebuilt from it at start, and a
restarted daemon resumes from it. Schema changes are sqlite-utils migrations
(:mod:`daemon.store.schema`), applied in order when the store is opened; a file written by a
newer autogm is refused rather than half-understood. At run time the store talks to the standard
sqlite3 module (:mod:`daemon.store.sqlite`, with sqlite-utils' transaction behaviour); sqlite-utils
itself is loaded only when a migration is pending. The rows it hands out, and how times and
JSON are stored, are in :mod:`daemon.store.rows`.

A :class:`Store` wraps one sqlite3 connection, and sqlite3 connections belong to the thread
that made them (APScheduler runs jobs in a worker thread): open a store per job, or per
thread, never share one. Every change that spans rows goes inside :meth:`Store.atomic`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from autogm.daemon.store.private import private_file
from autogm.daemon.store.rows import (
    InboxMessage,
    OrderRow,
    PhaseRow,
    from_json,
    inbox_values,
    iso,
    to_json,
)
from autogm.daemon.store.schema import MIGRATION_NAMES, MIGRATIONS_SET, migrations
from autogm.daemon.store.sqlite import atomic, connect, enable_wal, execute, query

if TYPE_CHECKING:
    from sqlite_utils import Database

    from autogm.adapters.base import Post, PrivateMessage

PM_MARK = "pms"


def topic_mark(topic: str) -> str:
    """The marks key under which the last post id read from ``topic`` is kept."""
    return f"topic:{topic}"


class StoreError(Exception):
    pass


def damaged(path: Path | str, exc: BaseException) -> str:
    """The one line for a state file SQLite cannot read: where, what, and the way back."""
    detail = " ".join(str(exc).split())[:160]
    return (
        f"{path}: the state file is damaged ({detail}); restore it from a backup "
        "(docs/running.md, Restoring)"
    )


def _unwritable(path: Path | str, exc: BaseException) -> StoreError:
    # A state directory that cannot be written (a read-only /etc, a missing
    # StateDirectory=) is the GM's to fix: one line naming it, not a traceback.
    reason = getattr(exc, "strerror", None) or str(exc)
    return StoreError(
        f"{path}: the state file cannot be opened or written ({reason}); "
        "set state_dir in [autogm] to a directory autogm may write"
    )


class Store:
    """One connection to the state file. Not to be shared between threads."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self._db: Database | None = None

    @property
    def db(self) -> Database:
        """The connection as a sqlite-utils ``Database`` (loads sqlite-utils: migrations only)."""
        if self._db is None:
            from sqlite_utils import Database

            self._db = Database(self.conn, execute_plugins=False, recursive_triggers=False)
        return self._db

    @classmethod
    def open(cls, path: Path | str, *, check: bool = False) -> Store:
        """Open (creating if needed) and migrate; ``":memory:"`` gives a throwaway store.

        ``check`` reads the whole file first (SQLite's quick_check): a command and the daemon's
        start do, so that a damaged file is one line for the GM, never a traceback halfway or
        an answer read from what is left. The daemon's jobs, after that start, do not.
        """
        in_memory = str(path) == ":memory:"
        try:
            if not in_memory:
                private_file(Path(path))
            conn = connect(str(path))
        except (OSError, sqlite3.Error) as exc:
            raise _unwritable(path, exc) from None
        store = cls(conn)
        try:
            # A CLI command (approve, status) may write while the daemon runs: WAL lets
            # readers and one writer share the file, and busy_timeout waits for the lock.
            execute(conn, "PRAGMA busy_timeout = 10000")
            execute(conn, "PRAGMA foreign_keys = ON")
            if check and not in_memory:
                problems = [row["quick_check"] for row in query(conn, "PRAGMA quick_check")]
                if problems != ["ok"]:
                    raise sqlite3.DatabaseError(problems[0])
            if not in_memory:
                enable_wal(conn)
            store._migrate()
        except sqlite3.OperationalError as exc:
            conn.close()
            raise _unwritable(path, exc) from None
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreError(damaged(path, exc)) from None
        except BaseException:
            conn.close()
            raise
        return store

    def _migrate(self) -> None:
        applied = self.schema_version()
        newer = [name for name in applied if name not in MIGRATION_NAMES]
        if newer:
            raise StoreError(
                f"the state file was written by a newer autogm (migrations {', '.join(newer)}); "
                "upgrade autogm or restore a backup"
            )
        # Nothing pending, and sqlite-utils' table as it makes it: nothing for it to do.
        if set(MIGRATION_NAMES) <= set(applied) and self._migrations_table_keyed():
            return
        migrations().apply(self.db)

    def _migrations_table_keyed(self) -> bool:
        """Whether _sqlite_migrations has the ``id`` key sqlite-utils would otherwise add."""
        columns = query(self.conn, "PRAGMA table_info([_sqlite_migrations])")
        return [c["name"] for c in sorted(columns, key=lambda c: c["pk"]) if c["pk"]] == ["id"]

    def schema_version(self) -> list[str]:
        """Names of the applied migrations, oldest first."""
        tables = query(
            self.conn,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_sqlite_migrations'",
        )
        if not tables:
            return []
        rows = query(
            self.conn,
            "SELECT name FROM [_sqlite_migrations] WHERE migration_set = ? ORDER BY rowid",
            [MIGRATIONS_SET],
        )
        return [row["name"] for row in rows]

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def atomic(self) -> Iterator[Store]:
        """One transaction (a savepoint when nested): all of it is written, or none."""
        with atomic(self.conn):
            yield self

    def rows(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
        return query(self.conn, sql, params)

    def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Cursor:
        """Run a write: committed at once, or part of the enclosing atomic() block."""
        return execute(self.conn, sql, params)

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
                    inbox_values(forum, message, now),
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

    def versions(self, *keys: str) -> dict[str, int | None]:
        """The stamps under ``keys`` (daemon/store/schema.py ``m003_versions``): a value
        that changes whenever what it covers changes; None for one never written."""
        marks = ", ".join("?" * len(keys))
        rows = self.rows(f"SELECT key, value FROM versions WHERE key IN ({marks})", keys)
        found: dict[str, int | None] = dict.fromkeys(keys)
        found.update((row["key"], row["value"]) for row in rows)
        return found

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
        """Set ``status``, ``phase``, ``seed`` or ``state`` (the engine's state, as JSON)."""
        allowed = {"status", "phase", "state", "seed"}
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

    def open_phases(self, game: str | None = None) -> list[PhaseRow]:
        """Every phase not yet closed, of every game (or of ``game``), oldest first."""
        rows = self.rows(
            "SELECT * FROM phases WHERE closed_at IS NULL AND (:game IS NULL OR game = :game)"
            " ORDER BY id",
            {"game": game},
        )
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
        return OrderRow.from_row(rows[0]) if rows else None

    def orders(self, game: str, phase: str, include_void: bool = False) -> list[OrderRow]:
        rows = self.rows(
            "SELECT * FROM orders WHERE game = ? AND phase = ? AND (? OR state != 'void')"
            " ORDER BY id",
            [game, phase, include_void],
        )
        return [OrderRow.from_row(row) for row in rows]
