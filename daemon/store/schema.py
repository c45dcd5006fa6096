"""The state file's schema: sqlite-utils migrations, applied in order when a store opens.

sqlite-utils records the applied ones in its ``_sqlite_migrations`` table; ``MIGRATION_NAMES``
lists the ones this autogm knows, so a file written by a newer autogm can be refused, and a file
with all of them applied is opened without loading sqlite-utils (:func:`migrations` loads it).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.migrations import Migrations

MIGRATIONS_SET = "autogm"  # the migration_set column of _sqlite_migrations
MIGRATION_NAMES: list[str] = []  # sqlite-utils keeps its list private; we need the names
_STEPS: list[Any] = []


def _migration(fn: Any) -> Any:
    """Register a migration; they run in the order they are defined, each exactly once."""
    MIGRATION_NAMES.append(fn.__name__)
    _STEPS.append(fn)
    return fn


@cache
def migrations() -> Migrations:
    """The sqlite-utils migration set (loads sqlite-utils: only when one is pending)."""
    from sqlite_utils.migrations import Migrations

    found = Migrations(MIGRATIONS_SET)
    for step in _STEPS:
        found()(step)
    return found


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


@_migration
def m002_signups(db: Database) -> None:
    """Sign-ups: who joined a game's sign-up topic, and where its sign-ups stand."""
    for statement in _SIGNUPS_SCHEMA.split(";\n"):
        if statement.strip():
            db.execute(statement)


_SIGNUPS_SCHEMA = """
CREATE TABLE signups (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(name),
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('player', 'replacement')),
    state TEXT NOT NULL CHECK (state IN ('in', 'out', 'used')),
    choice TEXT,
    inbox_id INTEGER REFERENCES inbox(id),
    joined_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (game, name)
);
CREATE TABLE signup_rounds (
    game TEXT PRIMARY KEY REFERENCES games(name),
    status TEXT NOT NULL CHECK (status IN ('open', 'short', 'closed', 'cancelled', 'dealt')),
    updated_at TEXT NOT NULL
)
"""
