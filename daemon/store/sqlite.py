"""The few sqlite-utils calls the store makes at run time, on the standard sqlite3 module.

Importing sqlite-utils costs 50-90 ms (it loads click, dateutil and pluggy), more than the rest
of ``autogm status``; the store only needs to run statements, read rows and wrap a block in a
transaction. These functions do exactly what sqlite-utils 4's ``Database.execute``,
``query``, ``atomic`` and ``enable_wal`` do on a connection opened as ``Database`` opens one
(the sqlite3 default transaction handling), so the store's transactions behave as they did.
sqlite-utils stays the migration tool: it is loaded only when a migration is pending.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

Params = Sequence[Any] | dict[str, Any]

# Statements that end or open a transaction themselves (sqlite-utils' list).
_TRANSACTION_CONTROL = {"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"}
# Statements that never return rows, or cannot run inside query()'s savepoint guard.
_NOT_QUERIES = _TRANSACTION_CONTROL | {"VACUUM", "ATTACH", "DETACH"}
_QUERY_ONLY = (
    "query() can only be used with SQL that returns rows - use execute() for other statements"
)


def connect(path: str) -> sqlite3.Connection:
    """A connection as ``sqlite_utils.Database(path, execute_plugins=False)`` opens one."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA recursive_triggers=on;")
    return conn


def first_keyword(sql: str) -> str:
    """The statement's first keyword, upper case, past whitespace, comments, ``;`` and a BOM."""
    i, n = 0, len(sql)
    while i < n:
        if sql[i].isspace() or sql[i] in (";", "\ufeff"):
            i += 1
        elif sql.startswith("--", i):
            newline = sql.find("\n", i)
            if newline == -1:
                return ""
            i = newline + 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            if end == -1:
                return ""
            i = end + 2
        else:
            break
    j = i
    while j < n and (sql[j].isalpha() or sql[j] == "_"):
        j += 1
    return sql[i:j].upper()


def execute(conn: sqlite3.Connection, sql: str, params: Params | None = None) -> sqlite3.Cursor:
    """Run a statement: a write outside a transaction is committed at once."""
    was_in_transaction = conn.in_transaction
    try:
        cursor = conn.execute(sql) if params is None else conn.execute(sql, params)
    except Exception:
        if not was_in_transaction and conn.in_transaction:
            # The failed statement opened an implicit transaction nothing would commit.
            conn.execute("ROLLBACK")
        raise
    if (
        not was_in_transaction
        and conn.in_transaction
        and cursor.description is None
        and first_keyword(sql) not in _TRANSACTION_CONTROL
    ):
        conn.execute("COMMIT")
    return cursor


def _dedupe(keys: list[str]) -> list[str]:
    """Column names made unique as sqlite-utils makes them (``name``, ``name_2``...)."""
    taken = set(keys)
    if len(taken) == len(keys):
        return keys
    seen: set[str] = set()
    result = []
    for key in keys:
        if key in seen:
            new_key, suffix = key, 2
            while new_key in seen or new_key in taken:
                new_key = f"{key}_{suffix}"
                suffix += 1
            key = new_key
        seen.add(key)
        result.append(key)
    return result


def _keys(cursor: sqlite3.Cursor) -> list[str]:
    if cursor.description is None:
        raise ValueError(_QUERY_ONLY)
    return _dedupe([d[0] for d in cursor.description])


def query(conn: sqlite3.Connection, sql: str, params: Params | None = None) -> list[dict]:
    """The rows of a statement that returns rows, as dicts (a write is refused, undone)."""
    keyword = first_keyword(sql)
    if keyword in _NOT_QUERIES:
        raise ValueError(_QUERY_ONLY)
    args: tuple = (params,) if params is not None else ()
    if keyword == "PRAGMA":
        if conn.in_transaction:
            cursor = conn.execute(sql, *args)
        else:
            with _autocommit(conn):
                cursor = conn.execute(sql, *args)
        keys = _keys(cursor)
        return [dict(zip(keys, row, strict=True)) for row in cursor]
    # Inside a savepoint, so that a statement that returns no rows is undone.
    conn.execute('SAVEPOINT "sqlite_utils_query"')
    released = False
    try:
        cursor = conn.execute(sql, *args)
        keys = _keys(cursor)
        try:
            conn.execute('RELEASE "sqlite_utils_query"')
        except sqlite3.OperationalError:
            # A write with RETURNING still running: fetch its rows, then release.
            rows = cursor.fetchall()
            conn.execute('RELEASE "sqlite_utils_query"')
            released = True
            return [dict(zip(keys, row, strict=True)) for row in rows]
        released = True
        return [dict(zip(keys, row, strict=True)) for row in cursor]
    finally:
        if not released and conn.in_transaction:
            conn.execute('ROLLBACK TO "sqlite_utils_query"')
            conn.execute('RELEASE "sqlite_utils_query"')


@contextmanager
def atomic(conn: sqlite3.Connection) -> Iterator[None]:
    """One transaction (a savepoint when nested): all of it is written, or none."""
    if conn.in_transaction:
        savepoint = f"sqlite_utils_{os.urandom(16).hex()}"
        conn.execute(f"SAVEPOINT {savepoint};")
        try:
            yield
        except BaseException:
            # An error that destroyed the whole transaction left no savepoint to go back to.
            if conn.in_transaction:
                conn.execute(f"ROLLBACK TO SAVEPOINT {savepoint};")
                conn.execute(f"RELEASE SAVEPOINT {savepoint};")
            raise
        else:
            conn.execute(f"RELEASE SAVEPOINT {savepoint};")
    else:
        conn.execute("BEGIN")
        try:
            yield
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        else:
            try:
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise


@contextmanager
def _autocommit(conn: sqlite3.Connection) -> Iterator[None]:
    if conn.in_transaction:
        raise sqlite3.OperationalError("cannot switch to autocommit inside a transaction")
    old = conn.isolation_level
    try:
        conn.isolation_level = None
        yield
    finally:
        conn.isolation_level = old


def enable_wal(conn: sqlite3.Connection) -> None:
    """Write-ahead logging, so that a CLI command and the daemon share the file."""
    if execute(conn, "PRAGMA journal_mode;").fetchone()[0] != "wal":
        if conn.in_transaction:
            raise sqlite3.OperationalError("enable_wal() cannot be used in a transaction")
        with _autocommit(conn):
            execute(conn, "PRAGMA journal_mode=wal;")
