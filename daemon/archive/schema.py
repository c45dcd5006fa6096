"""The archive database's schema: finished games, kept whole, for datasette and for replays.

The archive is a separate SQLite file from the live store (``archive.db`` beside
``autogm.db``): the store is the daemon's working memory, the archive is history. Every table
has a ``game`` column pointing at ``games.name``, so one game can be replaced as a unit, and
datasette links every row to its game. The schema is versioned with sqlite-utils migrations
(``_sqlite_migrations``, set ``autogm-archive``); an archive written by a newer autogm is
refused rather than half-understood. Every table and column is described in
``daemon/archive/metadata.json`` (datasette's metadata) and docs/archive.md; a test keeps the
three in step.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from autogm.daemon.store.private import private_file

MIGRATIONS = Migrations("autogm-archive")
_MIGRATION_NAMES: list[str] = []

# Child tables, in the order they are emptied when a game is archived again (children first).
CHILD_TABLES = (
    "player_states", "votes", "results", "notices", "orders", "overrides", "messages",
    "phases", "players",
)  # fmt: skip
TABLES = ("games", *reversed(CHILD_TABLES))
# Full-text search (FTS5, kept in step by triggers) on everything people wrote or read.
FTS = {"messages": ["subject", "text"], "orders": ["text"], "notices": ["text"]}


class ArchiveError(Exception):
    """An archive file or game that cannot be used; the message says which and why."""


def _migration(fn: Any) -> Any:
    _MIGRATION_NAMES.append(fn.__name__)
    return MIGRATIONS()(fn)


def _fk(*columns: str) -> list[tuple[str, str, str]]:
    targets = {"game": ("games", "name"), "phase_id": ("phases", "id")}
    targets |= {"message_id": ("messages", "id")}
    return [(column, *targets[column]) for column in columns]


_SCHEMA: dict[str, tuple[dict[str, Any], list[tuple[str, str, str]]]] = {
    "games": (
        {
            "name": str, "title": str, "source": str, "forum": str, "topic": str,
            "ruleset": str, "seed": int, "options": str, "setup": str,
            "started_at": str, "ended_at": str, "archived_at": str,
            "first_phase": str, "last_phase": str, "winner": str, "autogm_version": str,
        },
        [],
    ),
    "players": (
        {
            "id": int, "game": str, "slot": int, "name": str, "user_id": str, "role": str,
            "side": str, "disguise": str, "lover": str, "best_friend": str,
            "final_status": str, "fate_phase": str, "fate_cause": str, "replaced_by": str,
        },
        _fk("game"),
    ),
    "phases": (
        {
            "id": int, "game": str, "idx": int, "name": str, "opened_at": str,
            "deadline": str, "closed_at": str, "lynch_target": str, "lynch_votes": str,
            "lynch_shown": int, "lynch_failed": int, "draws": str,
        },
        _fk("game"),
    ),
    "messages": (
        {
            "id": int, "game": str, "phase_id": int, "direction": str, "kind": str,
            "forum": str, "forum_id": str, "topic": str, "author": str, "author_id": str,
            "recipients": str, "subject": str, "text": str, "source": str, "sent_at": str,
            "state": str,
        },
        _fk("game", "phase_id"),
    ),
    "orders": (
        {
            "id": int, "game": str, "phase_id": int, "seq": int, "player": str,
            "message_id": int, "source": str, "text": str, "accepted": str, "rejected": str,
            "state": str, "reason": str,
        },
        _fk("game", "phase_id", "message_id"),
    ),
    "results": (
        {
            "id": int, "game": str, "phase_id": int, "seq": int, "player": str,
            "ability": str, "outcome": str, "outcome_json": str, "target": str, "query": str,
            "reason": str,
        },
        _fk("game", "phase_id"),
    ),
    "votes": (
        {"id": int, "game": str, "phase_id": int, "voter": str, "ballot": str},
        _fk("game", "phase_id"),
    ),
    "notices": (
        {
            "id": int, "game": str, "phase_id": int, "seq": int, "audience": str,
            "player": str, "text": str,
        },
        _fk("game", "phase_id"),
    ),
    "player_states": (
        {
            "id": int, "game": str, "phase_id": int, "player": str, "role": str,
            "status": str, "conditions": str,
        },
        _fk("game", "phase_id"),
    ),
    "overrides": (
        {
            "id": int, "game": str, "phase_id": int, "label": str, "command": str,
            "parsed": str, "applied_at": str, "result": str,
        },
        _fk("game", "phase_id"),
    ),
}  # fmt: skip

_INDEXES = {
    "players": [["game", "slot"], ["role"]],
    "phases": [["game", "idx"]],
    "messages": [["game", "phase_id"], ["author"]],
    "orders": [["game", "phase_id", "seq"], ["player"]],
    "results": [["game", "phase_id", "seq"], ["ability"]],
    "votes": [["game", "phase_id"]],
    "notices": [["game", "phase_id", "seq"]],
    "player_states": [["game", "phase_id"]],
    "overrides": [["game"]],
    "games": [["ruleset"], ["winner"]],
}
_UNIQUE = {"players": [["game", "name"]], "phases": [["game", "name"]]}
_NOT_NULL = {
    "games": {"ruleset", "source"},
    "players": {"slot", "name", "role"},
    "phases": {"idx", "name"},
    "messages": {"direction", "kind", "text"},
    "orders": {"seq", "player", "text", "state"},
    "results": {"seq", "player", "ability"},
    "votes": {"voter"},
    "notices": {"seq", "audience", "text"},
    "player_states": {"player", "status"},
    "overrides": {"label", "command"},
}


@_migration
def a001_initial(db: Database) -> None:
    for table in TABLES:
        columns, foreign_keys = _SCHEMA[table]
        pk = "name" if table == "games" else "id"
        db[table].create(  # type: ignore[union-attr]
            columns,
            pk=pk,
            foreign_keys=foreign_keys,
            not_null=_NOT_NULL[table] | ({"game"} if table != "games" else set()),
        )
        for index in _INDEXES.get(table, []):
            db[table].create_index(index)  # type: ignore[union-attr]
        for index in _UNIQUE.get(table, []):
            db[table].create_index(index, unique=True)  # type: ignore[union-attr]
    for table, columns in FTS.items():
        db[table].enable_fts(columns, create_triggers=True)  # type: ignore[union-attr]


@_migration
def a002_dealt_role(db: Database) -> None:
    """The role each slot was dealt: Prep may change a role (a disguise takes it), so the
    final ``role`` is not what a replay starts from. Rows archived before are left null
    (readers fall back to ``role``, which the Prep of those versions never changed)."""
    if "dealt_role" not in db["players"].columns_dict:  # type: ignore[union-attr]
        db["players"].add_column("dealt_role", str)  # type: ignore[union-attr]


@_migration
def a003_deal(db: Database) -> None:
    """How a game was dealt: the setup or role list and its random choices."""
    if "deal" not in db["games"].columns_dict:  # type: ignore[union-attr]
        db["games"].add_column("deal", str)  # type: ignore[union-attr]


@_migration
def a004_family_record(db: Database) -> None:
    """What a family's record adds (midnight): each player's HP, Daylight role,
    faction and location per phase (``player_states.extra``), the final HP and Daylight role
    and whether the player won (``players``), and the winners a family names (``games``).
    Null for a DCTP game and for rows archived before."""
    for table, column, kind in (
        ("player_states", "extra", str),
        ("players", "daylight", str),
        ("players", "hp", int),
        ("players", "won", int),
        ("games", "winners", str),
    ):
        if column not in db[table].columns_dict:  # type: ignore[union-attr]
            db[table].add_column(column, kind)  # type: ignore[union-attr]


@_migration
def a005_result_choice(db: Database) -> None:
    """Which choice of an ability a result used (midnight's Play: pass, bank, bluff, whist,
    misère, fold), as the record's ``choice``. Null for every other ability and for rows
    archived before."""
    if "choice" not in db["results"].columns_dict:  # type: ignore[union-attr]
        db["results"].add_column("choice", str)  # type: ignore[union-attr]


def open_archive(path: Path | str, *, create: bool = True) -> Database:
    """Open (creating and migrating when ``create``) the archive; ArchiveError if unusable."""
    path = Path(path)
    if not create and not path.is_file():
        raise ArchiveError(f"{path}: no such archive file")
    if create:
        private_file(path)  # the whole game, PMs and all: its user's alone
    db = Database(str(path), execute_plugins=False)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        applied = [m.name for m in MIGRATIONS.applied(db)]
        newer = [name for name in applied if name not in _MIGRATION_NAMES]
        if newer:
            raise ArchiveError(f"{path}: written by a newer autogm (migrations {newer})")
        if create:
            MIGRATIONS.apply(db)
        elif not applied:
            raise ArchiveError(f"{path}: not an autogm archive")
    except ArchiveError:
        db.close()
        raise
    except Exception as exc:  # sqlite3.DatabaseError: "file is not a database"
        db.close()
        raise ArchiveError(f"{path}: cannot read it as an archive ({exc})") from None
    return db


def schema_columns(db: Database) -> dict[str, list[str]]:
    """Table → column names, as the archive file has them (the FTS shadow tables left out)."""
    return {table: list(db[table].columns_dict) for table in TABLES}  # type: ignore[union-attr]


def load_metadata() -> dict[str, Any]:
    """The datasette metadata shipped with the package (database key ``archive``)."""
    text = resources.files("autogm.daemon.archive").joinpath("metadata.json").read_text("utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def metadata_for(database: str) -> dict[str, Any]:
    """The metadata for a file datasette will call ``database`` (its file name's stem)."""
    metadata = load_metadata()
    metadata["databases"] = {database: metadata["databases"]["archive"]}
    return metadata
