"""Crashes, outages, expired sessions, flood limits and strange pages: nothing lost or doubled.

A crash is a ``Crash`` (a BaseException, so no ``except Exception`` in the daemon catches it)
raised at one step of a phase close; the "restart" is a new Daemon on the same state file,
which recovers the outbox and runs the jobs the plan asks for, as ``autogm run`` does.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from autogm.adapters.base import FloodLimited, Unavailable, UnrecognisedPage
from autogm.adapters.local import LocalForum
from autogm.daemon.jobs import runner as jobs
from autogm.daemon.jobs.scheduler import plan_jobs
from autogm.daemon.outbox import outbox
from autogm.daemon.store.db import Store
from autogm.engine.session import GameSession
from tests.daemon.fakes import After, Crash
from tests.daemon.gamekit import Flaky, Kit
from tests.daemon.markers import count


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path)


def flaky_daemon(kit: Kit) -> tuple[Flaky, jobs.Daemon]:
    flaky = Flaky(LocalForum(kit.tmp_path / "forum", "GameMaster", now=kit.clock))
    return flaky, kit.new_daemon(lambda cfg: flaky)


def restart(kit: Kit) -> tuple[Flaky, jobs.Daemon]:
    """What ``autogm run`` does at start, then every job the plan says is due."""
    flaky, daemon = flaky_daemon(kit)
    with daemon.open_store() as store:
        outbox.recover(store, kit.clock())
        specs = plan_jobs(daemon.config, store, kit.clock(), has_start=True)
    for spec in specs:
        due = spec.run_at is None or spec.run_at <= kit.clock()
        if due and spec.kind in ("close", "poll"):
            getattr(daemon, {"close": "close_phase", "poll": "poll"}[spec.kind])(
                *spec.args, kit.clock()
            )
    return flaky, daemon


def game_at_day_one(kit: Kit) -> None:
    kit.start()
    kit.close("Prep")
    kit.close("Night 1")
    kit.send("Conia", "Vote Abs")
    kit.send("Akonyl", "Vote Abs")
    kit.send("Kleene", "Vote Conia")
    kit.poll()
    kit.send("Jd-", "Vote Abs")  # not yet read when the deadline comes


def assert_each_message_once(kit: Kit) -> None:
    """Every message the outbox holds is on the forum once, found by its marker whatever its
    subject (an acknowledgement as much as a result), and the GM sent nothing else."""
    tally = count(kit.tmp_path)
    assert tally.problems() == []
    assert tally.sent > 0


def assert_nothing_lost_or_doubled(kit: Kit, late: tuple[str, ...] = ()) -> None:
    assert_each_message_once(kit)
    results = [p for p in kit.topic_posts() if "Day 1 has ended" in p.source]
    assert len(results) == 1
    assert "Jd- - Abs" in results[0].source  # the order read during the close counted
    assert "Abs[/b] was lynched" in results[0].source
    with kit.store() as store:
        assert store.unparsed("local") == []
        assert outbox.rows(store, "local", "queued", "sending", "unknown") == []
        players = [o.player for o in store.orders("g1", "Day 1")]
        assert players == ["Conia", "Akonyl", "Kleene", "Jd-", *late]
    assert kit.open_phase() == "Night 2"


CRASH_POINTS = [
    "after storing the messages read",
    "while parsing the messages",
    "while writing the outcome",
    "after the outcome, before sending",
    "after the forum took the results post",
    "after the forum took a results PM",
    "before marking a message sent",
]


def plant_double(kit: Kit, kind: str) -> None:
    """Send one more copy of a message the outbox sent (an acknowledgement PM, or a post)
    straight through the forum: what a crash test must catch."""
    with kit.store() as store:
        row = next(
            r
            for r in outbox.rows(store, "local", "sent")
            if r.kind == kind and (kind == "post" or r.dedupe_key.startswith("answer:"))
        )
    if kind == "pm":
        kit.forum.send_private_message(list(row.recipients), row.subject or "", row.wire_body)
    else:
        kit.forum.reply(kit.topic, row.wire_body)


@pytest.mark.parametrize("planted", [None, "pm", "post"])
@pytest.mark.parametrize("point", CRASH_POINTS)
def test_a_crash_at_any_step_of_a_phase_close_loses_and_doubles_nothing(
    kit, point, planted, monkeypatch
):
    """With a double planted after the restarts, the same test fails: it sees every message."""
    game_at_day_one(kit)
    flaky, daemon = flaky_daemon(kit)
    with kit.store() as store:
        kit.clock.now = store.phase("g1", "Day 1").deadline
    armed = {"on": True}

    def crash_once(target, name):
        real = getattr(target, name)

        def crashing(*args, **kwargs):
            if armed["on"]:
                armed["on"] = False
                raise Crash(point)
            return real(*args, **kwargs)

        monkeypatch.setattr(target, name, crashing)

    if point == "after storing the messages read":
        crash_once(daemon, "process_inbox")
    elif point == "while parsing the messages":
        crash_once(GameSession, "feed")
    elif point == "while writing the outcome":
        crash_once(Store, "close_phase")
    elif point == "after the outcome, before sending":
        crash_once(daemon, "deliver")
    elif point == "after the forum took the results post":
        flaky.script("reply", After(Crash(point)))
    elif point == "after the forum took a results PM":
        flaky.script("send_private_message", After(Crash(point)))
    elif point == "before marking a message sent":
        crash_once(outbox, "_mark_sent")
    with pytest.raises(Crash):
        daemon.close_phase("g1", "Day 1", kit.clock())
    monkeypatch.undo()
    kit.advance(minutes=5)
    restart(kit)
    restart(kit)  # and once more: the jobs are idempotent
    if planted is None:
        assert_nothing_lost_or_doubled(kit)
        return
    plant_double(kit, planted)
    with pytest.raises(AssertionError, match="doubled"):
        assert_nothing_lost_or_doubled(kit)


def test_an_hour_long_outage_is_caught_up(kit):
    game_at_day_one(kit)
    flaky, daemon = flaky_daemon(kit)
    with kit.store() as store:
        deadline = store.phase("g1", "Day 1").deadline
    kit.clock.now = deadline - timedelta(minutes=30)
    flaky.down = True
    kit.send("Miaka", "Vote Conia")  # sent during the outage, before the deadline
    for _ in range(12):  # polls every 5 minutes for an hour, and the close in between
        daemon.poll("local", kit.clock())
        if kit.clock() >= deadline:
            daemon.close_phase("g1", "Day 1", kit.clock())
        kit.advance(minutes=5)
    assert kit.open_phase() == "Day 1"  # not closed blind: orders may be waiting
    flaky.down = False
    daemon.poll("local", kit.clock())
    daemon.close_phase("g1", "Day 1", kit.clock())
    assert_nothing_lost_or_doubled(kit, late=("Miaka",))
    with kit.store() as store:
        assert len(store.events(kind="poll.failed")) >= 12
        assert store.phase("g1", "Day 1").closed_at == kit.clock()


def test_an_expired_session_logs_in_again(kit):
    kit.start()
    flaky, daemon = flaky_daemon(kit)
    kit.close("Prep")
    kit.send("Conia", "orders")
    flaky.needs_login = True
    daemon.poll("local", kit.clock())
    assert flaky.calls["login"] == 1
    assert "Your orders for Night 1" in kit.inbox_of("Conia")[-1].source


def test_flood_errors_are_waited_out(kit):
    kit.start()
    flaky, daemon = flaky_daemon(kit)
    flaky.script("reply", FloodLimited("You cannot make another post so soon", 20))
    flaky.script("new_private_messages", FloodLimited("slow down", 5))
    kit.clock.now += timedelta(hours=1)
    daemon.close_phase("g1", "Prep", kit.clock())
    assert 6 in kit.clock.slept and 21 in kit.clock.slept
    assert len([p for p in kit.topic_posts() if "Prep has ended" in p.source]) == 1


def test_a_strange_page_never_stops_the_daemon(kit, caplog):
    kit.start()
    flaky, daemon = flaky_daemon(kit)
    kit.send("Conia", "status")
    flaky.script("new_private_messages", UnrecognisedPage("inbox layout changed", None))
    flaky.script("reply", Unavailable("502"))
    daemon.poll("local", kit.clock())  # reading failed, sending too: logged, no exception
    assert "could not read private messages" in caplog.text
    kit.advance(minutes=5)
    daemon.poll("local", kit.clock())
    assert "Prep" in kit.inbox_of("Conia")[-1].source
