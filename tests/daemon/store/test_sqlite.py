"""The store's sqlite3 calls (issue 14) behave as the sqlite-utils calls they replace."""

from __future__ import annotations

import sqlite3

import pytest
from sqlite_utils import Database

from autogm.daemon.store import sqlite


@pytest.fixture(params=["ours", "sqlite-utils"])
def db(request, tmp_path):
    """(execute, query, atomic) on a fresh file, by this module or by sqlite-utils."""
    path = str(tmp_path / "t.db")
    if request.param == "ours":
        conn = sqlite.connect(path)
        calls = (
            lambda sql, p=None: sqlite.execute(conn, sql, p),
            lambda sql, p=None: sqlite.query(conn, sql, p),
            lambda: sqlite.atomic(conn),
        )
    else:
        database = Database(path, execute_plugins=False)
        conn = database.conn
        calls = (
            database.execute,
            lambda sql, p=None: list(database.query(sql, p)),
            database.atomic,
        )
    calls[0]("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE, w TEXT)")
    yield conn, calls
    conn.close()


def _values(conn: sqlite3.Connection) -> list[str]:
    return [row[0] for row in conn.execute("SELECT v FROM t ORDER BY id")]


def test_a_write_outside_a_block_is_committed_at_once(db, tmp_path):
    conn, (execute, _, _) = db
    execute("INSERT INTO t (v) VALUES (?)", ["a"])
    assert not conn.in_transaction
    other = sqlite3.connect(tmp_path / "t.db")
    assert [row[0] for row in other.execute("SELECT v FROM t")] == ["a"]
    other.close()
    with pytest.raises(sqlite3.IntegrityError):
        execute("INSERT INTO t (v) VALUES (?)", ["a"])
    assert not conn.in_transaction


def test_a_block_is_all_or_nothing_and_a_nested_one_a_savepoint(db):
    conn, (execute, query, atomic) = db
    with pytest.raises(RuntimeError), atomic():
        execute("INSERT INTO t (v) VALUES ('a')")
        raise RuntimeError
    assert _values(conn) == [] and not conn.in_transaction
    with atomic():
        execute("INSERT INTO t (v) VALUES ('b')")
        with pytest.raises(sqlite3.IntegrityError), atomic():
            execute("INSERT INTO t (v) VALUES ('c')")
            execute("INSERT INTO t (v) VALUES ('b')")
        assert conn.in_transaction
        assert query("SELECT v FROM t") == [{"v": "b"}]
    assert _values(conn) == ["b"] and not conn.in_transaction


def test_query_reads_rows_renames_repeated_columns_and_refuses_writes(db):
    conn, (execute, query, _) = db
    execute("INSERT INTO t (v, w) VALUES ('a', 'x')")
    assert query("SELECT v, w AS v FROM t WHERE id = :id", {"id": 1}) == [{"v": "a", "v_2": "x"}]
    assert query("INSERT INTO t (v) VALUES ('r') RETURNING v") == [{"v": "r"}]
    assert query("PRAGMA user_version") == [{"user_version": 0}]
    with pytest.raises(ValueError, match="returns rows"):
        query("UPDATE t SET w = 'y'")
    with pytest.raises(ValueError, match="returns rows"):
        query("BEGIN")
    assert [row[0] for row in conn.execute("SELECT w FROM t ORDER BY id")] == ["x", None]
    assert not conn.in_transaction
