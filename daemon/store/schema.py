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
    """Sign-ups (issue 18): who joined a game's sign-up topic, and where its sign-ups stand."""
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


@_migration
def m003_versions(db: Database) -> None:
    """Issue 33: stamps that say, in one read, whether what a kept game session or the
    scheduler's plan was built from has changed since (daemon/play/kept.py,
    daemon/jobs/scheduler.py), whoever changed it: this process, a CLI command or a hand
    with sqlite3. Triggers write a new random stamp on every such change, so that a stamp
    read before a change is never seen again after it, a rolled-back one included."""
    for statement in _VERSIONS_SCHEMA.split(";\n"):
        if statement.strip():
            db.execute(statement)


def _stamp(key: str) -> str:
    # An upsert, not INSERT OR REPLACE: a trigger's OR clause gives way to the conflict
    # policy of the statement that fired it (an upsert's is ABORT).
    return (
        f"INSERT INTO versions (key, value) VALUES ({key}, random())"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
    )


# ``game:NAME``: anything a rebuild of the game reads (its deal, its phases' closes, its
# orders). ``rewrite:NAME``: a change a kept session cannot follow by itself: an order it
# was fed (accepted or rejected) changed or deleted, a closed phase reopened or deleted, the
# deal replaced. ``plan``: anything the scheduler's plan reads (games, phases, sign-up rounds,
# reminders enqueued). The partial index finds the orders left pending (a GM correction, a
# text approved from the command line) for the next poll to read, without a walk of them all.
_VERSIONS_SCHEMA = f"""
CREATE TABLE versions (
    key TEXT PRIMARY KEY,
    value INTEGER NOT NULL
);
CREATE INDEX orders_pending ON orders (game) WHERE state = 'pending';
CREATE TRIGGER orders_insert_version AFTER INSERT ON orders
BEGIN {_stamp("'game:' || NEW.game")}; END;
CREATE TRIGGER orders_update_version AFTER UPDATE ON orders
BEGIN {_stamp("'game:' || NEW.game")}; {_stamp("'game:' || OLD.game")}; END;
CREATE TRIGGER orders_rewrite_version AFTER UPDATE ON orders
WHEN OLD.state IN ('accepted', 'rejected') AND (NEW.state IS NOT OLD.state
    OR NEW.raw IS NOT OLD.raw OR NEW.player IS NOT OLD.player OR NEW.phase IS NOT OLD.phase
    OR NEW.game IS NOT OLD.game)
BEGIN {_stamp("'rewrite:' || OLD.game")}; {_stamp("'rewrite:' || NEW.game")}; END;
CREATE TRIGGER orders_delete_version AFTER DELETE ON orders
BEGIN {_stamp("'game:' || OLD.game")}; {_stamp("'rewrite:' || OLD.game")}; END;
CREATE TRIGGER phases_insert_version AFTER INSERT ON phases
BEGIN {_stamp("'game:' || NEW.game")}; {_stamp("'plan'")}; END;
CREATE TRIGGER phases_update_version AFTER UPDATE ON phases
BEGIN {_stamp("'game:' || NEW.game")}; {_stamp("'plan'")}; END;
CREATE TRIGGER phases_rewrite_version AFTER UPDATE ON phases
WHEN OLD.closed_at IS NOT NULL AND NEW.closed_at IS NOT OLD.closed_at
BEGIN {_stamp("'rewrite:' || NEW.game")}; END;
CREATE TRIGGER phases_delete_version AFTER DELETE ON phases
BEGIN {_stamp("'game:' || OLD.game")}; {_stamp("'rewrite:' || OLD.game")}; {_stamp("'plan'")}; END;
CREATE TRIGGER games_insert_version AFTER INSERT ON games
BEGIN {_stamp("'game:' || NEW.name")}; {_stamp("'plan'")}; END;
CREATE TRIGGER games_update_version AFTER UPDATE ON games
BEGIN {_stamp("'plan'")}; END;
CREATE TRIGGER games_deal_version AFTER UPDATE OF state, seed ON games
BEGIN {_stamp("'game:' || NEW.name")}; END;
CREATE TRIGGER games_redeal_version AFTER UPDATE OF state, seed ON games
WHEN OLD.state IS NOT NULL AND (NEW.state IS NOT OLD.state OR NEW.seed IS NOT OLD.seed)
BEGIN {_stamp("'rewrite:' || NEW.name")}; END;
CREATE TRIGGER signups_version AFTER INSERT ON signup_rounds
BEGIN {_stamp("'plan'")}; END;
CREATE TRIGGER signups_update_version AFTER UPDATE ON signup_rounds
BEGIN {_stamp("'plan'")}; END;
CREATE TRIGGER outbox_reminder_version AFTER INSERT ON outbox
WHEN NEW.dedupe_key LIKE 'remind:%'
BEGIN {_stamp("'plan'")}; END
"""


@_migration
def m004_outbox_priority(db: Database) -> None:
    """Issue 33: a phase's results go out before anything else queued (acknowledgements
    included): 0 for results, 1 for the rest; each in the order queued."""
    db.execute("ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 1")
    db.execute("CREATE INDEX outbox_next ON outbox (forum, state, priority, id)")
