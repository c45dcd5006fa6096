from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autogm.adapters.base import Interrupted, PMBatch
from autogm.daemon.config.load import load_config
from autogm.daemon.config.model import Config
from autogm.daemon.jobs.runner import Daemon
from autogm.daemon.jobs.scheduler import (
    JobFunctions,
    JobSync,
    build_scheduler,
    plan_jobs,
    reminder_key,
)
from autogm.daemon.outbox import outbox
from autogm.daemon.store.db import PM_MARK, Store
from tests.daemon.fakes import T0, FakeClock

GAME = """
[game:{name}]
forum = {forum}
topic = {topic}
ruleset = dctp-2011
players = Abs: Gin, Kleene: Agasa
night_deadline = 09:00
day_deadline = 21:00
reminders = 12h, 1h
votes = {votes}
start = 2026-12-03 20:00
"""

FORUM = """
[forum:{name}]
adapter = local
path = {name}
username = GameMaster
poll_interval = {poll}
"""


@pytest.fixture
def config(tmp_path: Path) -> Config:
    text = "[autogm]\ntimezone = UTC\n"
    text += FORUM.format(name="dctp", poll="5m") + FORUM.format(name="other", poll="10m")
    for name, forum, votes in [
        ("g1", "dctp", "topic\nvote_count = on"),
        ("g2", "dctp", "pm"),
        ("g3", "dctp", "pm"),
        ("g4", "other", "pm"),
    ]:
        text += GAME.format(name=name, forum=forum, topic=name, votes=votes)
    path = tmp_path / "config.ini"
    path.write_text(text)
    return load_config(path)


def start_game(store: Store, name: str, forum: str = "dctp", status: str = "running") -> None:
    store.add_game(name, forum, name, "dctp-2011", 1, T0)
    store.update_game(name, T0, status=status)
    store.open_phase(name, "Night 1", T0, T0 + timedelta(hours=15))


def test_three_idle_games_on_one_forum_are_polled_by_one_job(config, store):
    for name in ("g1", "g2", "g3"):
        start_game(store, name)
    store.add_game("g4", "other", "g4", "dctp-2011", 1, T0)
    # Archived longer ago than the grace period (3 days): its forum is no longer read.
    store.update_game("g4", T0 - timedelta(days=3, seconds=1), status="archived")
    specs = {spec.id: spec for spec in plan_jobs(config, store, T0)}
    assert [i for i in specs if i.startswith("poll:")] == ["poll:dctp"]
    assert specs["poll:dctp"].every == timedelta(minutes=5)


def test_an_open_phase_gets_a_close_job_that_runs_however_late(config, store):
    start_game(store, "g1")
    specs = {spec.id: spec for spec in plan_jobs(config, store, T0)}
    close = specs["close:g1"]
    assert (close.args, close.run_at, close.grace) == (
        ("g1", "Night 1"),
        T0 + timedelta(hours=15),
        None,
    )
    # The running vote count is kept by the poll (after each poll that changed it), no job.
    assert not [i for i in specs if i.startswith("votecount")]
    assert specs["remind:g1:720m"].run_at == T0 + timedelta(hours=3)
    assert specs["remind:g1:60m"].run_at == T0 + timedelta(hours=14)


def test_paused_ended_and_unstarted_games(config, store):
    start_game(store, "g1", status="paused")
    start_game(store, "g2", status="ended")
    ids = [spec.id for spec in plan_jobs(config, store, T0, has_start=True)]
    assert "close:g1" not in ids and "remind:g1:60m" not in ids
    assert "archive:g2" in ids
    assert "start:g3" in ids and "start:g4" in ids
    assert "poll:other" in ids  # g4 is about to start: its forum is read


def test_only_the_latest_missed_reminder_is_caught_up_and_only_once(config, store):
    start_game(store, "g1")
    late = T0 + timedelta(hours=14, minutes=30)  # both reminders were due while we were down
    reminders = [s for s in plan_jobs(config, store, late) if s.kind == "remind"]
    assert [(s.args[2], s.run_at, s.grace) for s in reminders] == [
        (timedelta(hours=1), T0 + timedelta(hours=14), timedelta(hours=1))
    ]
    key = reminder_key("g1", "Night 1", timedelta(hours=1))
    outbox.enqueue(store, outbox.Outgoing("dctp", "post", key, "1h left", "g1", topic="g1"), late)
    assert [s for s in plan_jobs(config, store, late) if s.kind == "remind"] == []
    after_deadline = T0 + timedelta(hours=16)
    assert [s for s in plan_jobs(config, store, after_deadline) if s.kind == "remind"] == []


def test_a_reminder_due_before_its_phase_opened_is_never_sent(config, store):
    # A 10h Night 1: its 12h reminder would be due before it opened, the 1h one is kept.
    start_game(store, "g1")
    store.set_deadline("g1", "Night 1", T0 + timedelta(hours=10))
    reminders = [s for s in plan_jobs(config, store, T0) if s.kind == "remind"]
    assert [s.args[2] for s in reminders] == [timedelta(hours=1)]


class Calls:
    def __init__(self) -> None:
        self.seen: list[tuple] = []
        self.ran = threading.Event()

    def record(self, name: str):
        def call(*args):
            self.seen.append((name, *args))
            self.ran.set()

        return call

    def functions(self) -> JobFunctions:
        return JobFunctions(
            poll=self.record("poll"),
            close_phase=self.record("close"),
            remind=self.record("remind"),
        )


def test_sync_builds_jobs_and_follows_the_store(config, store):
    clock, calls = FakeClock(T0), Calls()
    scheduler = build_scheduler()
    sync = JobSync(scheduler, config, calls.functions(), clock)
    start_game(store, "g1")
    sync.sync(store, T0)
    close = scheduler.get_job("close:g1")
    assert close.misfire_grace_time is None
    assert close.trigger.run_date == T0 + timedelta(hours=15)
    assert scheduler.get_job("poll:dctp").trigger.interval == timedelta(minutes=5)

    # The GM extends the deadline: the job moves. Then pauses: the job goes.
    store.set_deadline("g1", "Night 1", T0 + timedelta(hours=20))
    sync.sync(store, T0)
    assert scheduler.get_job("close:g1").trigger.run_date == T0 + timedelta(hours=20)
    store.update_game("g1", T0, status="paused")
    sync.sync(store, T0)
    assert scheduler.get_job("close:g1") is None
    assert scheduler.get_job("remind:g1:60m") is None


def test_a_sync_after_a_poll_that_changed_nothing_plans_nothing(
    config, store, state_file, monkeypatch
):
    """Issue 33: planning reads every game; an idle poll at 50 games paid it at every poll.
    The plan is made again when the store's plan stamp moves (whoever moved it), or when a
    date job has run since (a close that failed is retried by the next sync)."""
    from autogm.daemon.jobs import scheduler as module

    clock, calls = FakeClock(T0), Calls()
    scheduler = build_scheduler()
    sync = JobSync(scheduler, config, calls.functions(), clock)
    start_game(store, "g1")
    planned = []
    real = module.plan_jobs
    monkeypatch.setattr(module, "plan_jobs", lambda *a: planned.append(a) or real(*a))
    first = sync.sync(store, T0)
    assert sync.sync(store, T0) == first and len(planned) == 1
    # Another connection moves the deadline (a CLI command): planned again, job moved.
    with Store.open(state_file) as other:
        other.set_deadline("g1", "Night 1", T0 + timedelta(hours=20))
    sync.sync(store, T0)
    assert len(planned) == 2
    assert scheduler.get_job("close:g1").trigger.run_date == T0 + timedelta(hours=20)
    # The close runs and fails, changing nothing: the next sync plans it again.
    scheduler.get_job("close:g1").func()
    sync.sync(store, T0)
    assert len(planned) == 3 and scheduler.get_job("close:g1") is not None


def test_job_runners_pass_now_and_survive_a_failing_job(config, store, caplog):
    clock = FakeClock(T0 + timedelta(hours=15))
    calls = Calls()

    def broken_close(game, phase, now):
        raise ValueError("malformed PM")

    functions = JobFunctions(poll=calls.record("poll"), close_phase=broken_close, remind=print)
    scheduler = build_scheduler()
    sync = JobSync(scheduler, config, functions, clock)
    start_game(store, "g1")
    sync.sync(store, T0)
    scheduler.get_job("poll:dctp").func()
    assert calls.seen == [("poll", "dctp", clock())]
    scheduler.get_job("close:g1").func()  # logs, does not raise
    assert "job close:g1 failed" in caplog.text


def test_smoke_a_real_scheduler_closes_a_deadline_missed_while_down(config, store):
    calls = Calls()
    scheduler = build_scheduler()
    sync = JobSync(scheduler, config, calls.functions(), lambda: datetime.now(UTC))
    store.add_game("g2", "dctp", "g2", "dctp-2011", 1, T0)
    store.update_game("g2", T0, status="running")
    store.open_phase("g2", "Night 1", T0, datetime.now(UTC) - timedelta(hours=2))
    sync.sync(store, datetime.now(UTC) + timedelta(days=1))  # polls start tomorrow: not now
    scheduler.start()
    try:
        assert calls.ran.wait(timeout=10)
        # APScheduler drops a date job that ran right after handing it to a worker; shutting
        # down before that would race it (MemoryJobStore.shutdown removes every job).
        deadline = time.monotonic() + 5
        while scheduler.get_job("close:g2") is not None and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        scheduler.shutdown(wait=True)
    assert calls.seen[0][:3] == ("close", "g2", "Night 1")


def test_at_info_the_log_is_one_line_per_job_run(caplog):
    """Issue 13: "At INFO the log is one line per job run, as docs/running.md promises (no
    APScheduler "skipped: maximum number of running instances" warnings at start)"."""
    import logging

    from autogm.daemon.jobs.scheduler import build_scheduler

    build_scheduler()
    with caplog.at_level(logging.INFO):
        logging.getLogger("apscheduler.scheduler").warning(
            'Execution of job "poll:local" skipped: maximum number of running instances reached (1)'
        )
        logging.getLogger("apscheduler.executors.default").info('Running job "poll:local"')
        logging.getLogger("apscheduler.scheduler").error("a real problem")
    assert [r.getMessage() for r in caplog.records] == ["a real problem"]


def test_a_close_that_comes_due_is_known_until_it_starts(config, store):
    """Issue 14: "The phase close never waits behind a long poll": the runner asks the sync
    whether a close is due; it is from its deadline until its job starts."""
    clock, calls = FakeClock(T0), Calls()
    scheduler = build_scheduler()
    sync = JobSync(scheduler, config, calls.functions(), clock)
    start_game(store, "g1")
    sync.sync(store, T0)
    deadline = T0 + timedelta(hours=15)
    assert not sync.close_due(deadline - timedelta(seconds=1))
    assert sync.close_due(deadline)
    scheduler.get_job("close:g1").func()
    assert not sync.close_due(deadline + timedelta(minutes=1))


class SlowPages:
    """A forum whose private messages take many slow pages to read (a long look-back), and
    which, like the phpBB adapter, asks its caller's check before each page's request."""

    PAGES, SECONDS = 40, 0.1

    def __init__(self) -> None:
        self.check: Callable[[], bool] | None = None
        self.pages = 0
        self.stopped = False

    def interrupt_when(self, check: Callable[[], bool] | None) -> None:
        self.check = check

    def new_private_messages(self, since: str | None) -> PMBatch:
        for _ in range(self.PAGES):
            if self.check is not None and self.check():
                self.stopped = True
                raise Interrupted("asked to stop")
            time.sleep(self.SECONDS)
            self.pages += 1
        return PMBatch([], since)

    def posts_after(self, topic: str, after: str | None) -> list:
        return []


def test_smoke_a_close_starts_within_one_request_while_a_long_poll_reads(config):
    """Issue 14: "The phase close never waits behind a long poll: on a real board a close was
    delayed 68 s while the one worker recovered a cut-off PM by reading 35 pages. A close
    starts within one request of its deadline, whatever else is running." A real scheduler
    with its one worker: the poll's reading of 40 slow pages stops at the first request after
    the deadline, the other forum's poll waiting behind it makes way too, and the close
    starts; the poll stored nothing and moved no mark, so the close reads it all again."""
    forums = {name: SlowPages() for name in config.forums}
    daemon = Daemon(config, forum_factory=lambda cfg: forums[cfg.name])
    started: list[float] = []
    closed = threading.Event()

    def close(game: str, phase: str, now: datetime) -> None:
        started.append(time.monotonic())
        closed.set()

    functions = JobFunctions(poll=daemon.poll, close_phase=close, remind=lambda *args: None)
    scheduler = build_scheduler()
    sync = JobSync(scheduler, config, functions, lambda: datetime.now(UTC))
    daemon.close_due = lambda: sync.close_due(datetime.now(UTC))
    with Store.open(config.autogm.state_file) as store:
        store.add_game("g2", "dctp", "g2", "dctp-2011", 1, T0)
        store.update_game("g2", T0, status="running")
        # The poll starts now; the deadline (the store keeps whole seconds) comes 0.5-1.5 s
        # later, while it reads its 5th to 15th page.
        now, monotonic = datetime.now(UTC), time.monotonic()
        at = (now + timedelta(seconds=1.5)).replace(microsecond=0)
        deadline = monotonic + (at - now).total_seconds()
        store.open_phase("g2", "Night 1", now, at)
        sync.sync(store, now)
    scheduler.start()
    try:
        assert closed.wait(timeout=30)
        # APScheduler drops a date job that ran right after handing it to a worker; shutting
        # down before that would race it (as in the smoke test above).
        until = time.monotonic() + 5
        while scheduler.get_job("close:g2") is not None and time.monotonic() < until:
            time.sleep(0.01)
    finally:
        scheduler.shutdown(wait=True)
    whole_read = SlowPages.PAGES * SlowPages.SECONDS
    assert 0 <= started[0] - deadline < whole_read / 4  # a page or two, not the 40 read
    # The poll the worker ran at the deadline (either forum's: both were due at once) stopped.
    stopped = [name for name, forum in forums.items() if forum.stopped]
    assert stopped and all(forums[name].pages < SlowPages.PAGES for name in stopped)
    with Store.open(config.autogm.state_file) as store:
        assert all(store.mark(name, PM_MARK) is None for name in stopped)


def test_a_poll_missed_while_the_worker_was_busy_is_no_warning(caplog):
    """Issue 28: "'job … was missed' warnings appear in normal play": a poll that comes due
    while the one worker closes a phase is skipped by design (the next one reads all), not a
    warning for the GM; a missed reminder still is."""
    import logging

    build_scheduler()
    caplog.set_level(logging.INFO)
    executor = logging.getLogger("apscheduler.executors.default")
    poll = "poll:dctp (trigger: interval[0:05:00], next run at: 2026-12-01 18:05:00 UTC)"
    remind = "remind:g1:60m (trigger: date[2026-12-01 17:00:00 UTC], next run at: ...)"
    executor.warning('Run time of job "%s" was missed by %s', poll, "0:05:07")
    executor.warning('Run time of job "%s" was missed by %s', remind, "1:00:07")
    warned = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warned == [f'Run time of job "{remind}" was missed by 1:00:07']
