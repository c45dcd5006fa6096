from __future__ import annotations

import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import pytest

from autogm.adapters.base import Post, PrivateMessage
from autogm.daemon.store.db import PM_MARK, Store, StoreError, topic_mark
from autogm.daemon.store.rows import iso
from tests.daemon.fakes import T0


def pm(forum_id: str, text: str = "Kill Kleene") -> PrivateMessage:
    return PrivateMessage(forum_id, "Abs", "61", T0, "orders", f"[b]{text}[/b]", text)


def post(forum_id: str, text: str = "Vote: Abs") -> Post:
    return Post(forum_id, "1234", "Kleene", "62", T0, text, text, quotes=("earlier",))


MIGRATIONS = ["m001_initial", "m002_signups", "m003_versions", "m004_outbox_priority"]


def test_migrations_are_applied_once_and_recorded(state_file):
    with Store.open(state_file) as store:
        assert store.schema_version() == MIGRATIONS
        assert {
            "games",
            "players",
            "inbox",
            "orders",
            "phases",
            "outbox",
            "marks",
            "events",
        } <= set(store.db.table_names())
    with Store.open(state_file) as store:  # opening again applies nothing new
        assert store.schema_version() == MIGRATIONS


def test_a_state_file_from_a_newer_autogm_is_refused(state_file):
    with Store.open(state_file) as store:
        store.db["_sqlite_migrations"].insert(
            {"migration_set": "autogm", "name": "m999_from_the_future", "applied_at": iso(T0)}
        )
    with pytest.raises(StoreError, match="newer autogm"):
        Store.open(state_file)


def test_messages_are_stored_verbatim_once_with_the_mark(store):
    new = store.record_messages("dctp", [pm("7"), post("70")], T0, mark=(PM_MARK, "7"))
    assert len(new) == 2
    again = store.record_messages("dctp", [pm("7"), pm("8")], T0, mark=(PM_MARK, "8"))
    assert len(again) == 1  # a re-poll does not duplicate "7"
    assert store.mark("dctp", PM_MARK) == "8"
    stored = store.unparsed("dctp")
    assert [(m.kind, m.forum_id) for m in stored] == [("pm", "7"), ("post", "70"), ("pm", "8")]
    assert stored[0].source == "[b]Kill Kleene[/b]" and stored[0].text == "Kill Kleene"
    assert stored[1].quotes == ("earlier",) and stored[1].topic == "1234"
    # The same id on another forum, or a post with a PM's id, is another message.
    assert store.record_messages("other", [pm("7")], T0) != []
    assert store.record_messages("dctp", [post("7")], T0) != []


def test_a_failed_batch_keeps_neither_messages_nor_mark(store):
    bad = PrivateMessage("9", "Abs", None, T0, "s", None, "x")  # type: ignore[arg-type]
    with pytest.raises(sqlite3.IntegrityError):
        store.record_messages("dctp", [pm("8"), bad], T0, mark=(PM_MARK, "9"))
    assert store.unparsed() == [] and store.mark("dctp", PM_MARK) is None


def test_parsed_messages_leave_the_unparsed_list(store):
    [first, second] = store.record_messages("dctp", [pm("1"), pm("2")], T0)
    store.set_parsed(first, T0, game="r53")
    assert [m.id for m in store.unparsed()] == [second]


def test_naive_times_from_an_adapter_are_read_as_utc(store):
    naive = PrivateMessage("5", "Abs", None, datetime(2026, 12, 1, 18, 0), "s", "x", "x")  # noqa: DTZ001
    store.record_messages("dctp", [naive], T0)
    assert store.unparsed()[0].sent_at == T0


def test_store_refuses_naive_times_of_its_own():
    with pytest.raises(ValueError, match="naive"):
        iso(datetime(2026, 1, 1))  # noqa: DTZ001


def test_events_are_append_only(store):
    store.log("phase.closed", {"phase": "Night 1"}, T0, game="r53")
    assert store.events("r53")[0]["details"] == {"phase": "Night 1"}
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.execute("DELETE FROM events")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        store.execute("UPDATE events SET kind = 'x'")


def test_games_phases_and_orders(store):
    store.add_game("r53", "dctp", "1234", "dctp-2011", 7, T0)
    store.add_player("r53", "Abs", "Gin", T0)
    deadline = T0 + timedelta(hours=12)
    store.open_phase("r53", "Night 1", T0, deadline)
    assert store.game("r53")["phase"] == "Night 1"
    assert store.open_phases()[0].deadline == deadline
    order = store.add_order("r53", "Night 1", "Abs", "Kill Kleene", T0)
    store.judge_order(order, [{"ability": "kill", "target": "Kleene"}], True, None, T0)
    assert store.orders("r53", "Night 1")[0].parsed == [{"ability": "kill", "target": "Kleene"}]
    store.void_order(order, "GM", T0)
    assert store.orders("r53", "Night 1") == []
    assert store.orders("r53", "Night 1", include_void=True)[0].state == "void"
    store.update_game("r53", T0, status="running", state={"alive": ["Abs"]})
    assert store.game("r53")["state"] == {"alive": ["Abs"]}
    with pytest.raises(ValueError):
        store.update_game("r53", T0, forum="elsewhere")


def test_closing_a_phase_is_atomic_with_whatever_the_caller_adds(store):
    store.add_game("r53", "dctp", "1234", "dctp-2011", 7, T0)
    store.open_phase("r53", "Night 1", T0, T0 + timedelta(hours=1))
    with pytest.raises(RuntimeError), store.atomic():
        store.close_phase("r53", "Night 1", T0, {"deaths": ["Kleene"]})
        store.log("phase.closed", {}, T0, "r53")
        raise RuntimeError("rendering failed")
    assert store.phase("r53", "Night 1").closed_at is None
    assert store.events() == []
    store.close_phase("r53", "Night 1", T0, {"deaths": ["Kleene"]})
    with pytest.raises(StoreError, match="not open"):
        store.close_phase("r53", "Night 1", T0, {})  # closing twice is caught


def test_replacing_a_player_moves_the_slot(store):
    store.add_game("r53", "dctp", "1234", "dctp-2011", 7, T0)
    store.add_player("r53", "Abs", "Gin", T0)
    store.replace_player("r53", "Abs", "Newbie", T0 + timedelta(hours=1))
    players = {p["name"]: p for p in store.players("r53")}
    assert players["Abs"]["status"] == "replaced" and players["Abs"]["replaced_by"] == "Newbie"
    assert players["Newbie"]["role"] == "Gin" and players["Newbie"]["status"] == "alive"


def test_a_connection_belongs_to_its_thread(store):
    errors = []

    def use() -> None:
        try:
            store.mark("dctp", topic_mark("1"))
        except sqlite3.ProgrammingError as exc:
            errors.append(exc)

    worker = threading.Thread(target=use)
    worker.start()
    worker.join()
    assert errors, "sharing a store between threads must fail loudly"


def test_two_connections_see_each_others_writes(state_file):
    with Store.open(state_file) as daemon, Store.open(state_file) as cli:
        daemon.set_mark("dctp", PM_MARK, "12", T0)
        assert cli.mark("dctp", PM_MARK) == "12"
        assert daemon.rows("PRAGMA journal_mode")[0]["journal_mode"] == "wal"


def test_times_are_stored_as_utc_text(store):
    store.set_mark("dctp", "x", "1", datetime(2026, 12, 1, 19, 0, tzinfo=UTC))
    assert (
        store.rows("SELECT updated_at FROM marks")[0]["updated_at"] == "2026-12-01T19:00:00+00:00"
    )


def test_a_state_directory_that_cannot_be_written_is_one_error(tmp_path):
    """Issue 13: "turn every state-directory error into one line and exit status 2"."""
    blocked = tmp_path / "etc"
    blocked.write_text("a file, not a folder")
    with pytest.raises(StoreError, match="the state file cannot be opened or written"):
        Store.open(blocked / "state" / "autogm.db")
