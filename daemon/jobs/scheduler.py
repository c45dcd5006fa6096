"""APScheduler 3 jobs, planned from the store: the store is the source of truth.

The scheduler keeps its jobs in memory (no persistent job store: that would be a second
truth beside the games table, with pickled callables). :func:`plan_jobs` derives the jobs a
moment calls for from the config and the store, and :class:`JobSync` makes the scheduler
match the plan: at start, after every poll (a CLI command such as ``resolve-now`` only
changes the store) and after every phase change.

Choices, following the APScheduler 3.x user guide:

- one worker thread: a poll and a phase close of one game must never overlap, and
  ``max_instances`` only guards a single job id;
- explicit ids ``f"{kind}:{key}"`` with ``replace_existing=True``;
- ``misfire_grace_time=None`` for phase closes and game starts: a deadline that passed while
  the daemon was down still closes (the default grace of 1 s would skip it as missed);
- ``coalesce=True``: a backlog of polls collapses into one.

The job functions are injected plain callables taking ``now`` last, so tests call them and
:func:`plan_jobs` directly with a fake clock.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.background import BackgroundScheduler

from autogm.daemon.config.model import Config, GameConfig
from autogm.daemon.store.db import Store

log = logging.getLogger(__name__)

INACTIVE = ("ended", "archived")


def reminder_key(game: str, phase: str, before: timedelta) -> str:
    """The outbox dedupe key of a reminder's topic post (per-player PMs append ``:NAME``).

    The remind job must enqueue under this key: the plan skips reminders already enqueued.
    """
    return f"remind:{game}:{phase}:{int(before.total_seconds() // 60)}m"


@dataclass(frozen=True, slots=True)
class JobSpec:
    """One job: a date job (``run_at``) or an interval job (``every``)."""

    id: str
    kind: str
    args: tuple[Any, ...]
    run_at: datetime | None = None
    every: timedelta | None = None
    grace: timedelta | None = None  # None: run however late


@dataclass(frozen=True, slots=True)
class JobFunctions:
    """What each job does; every callable takes ``now`` as its last argument.

    Each must be safe to run twice (a restart repeats the last run): polls store messages
    unique by forum id, closes check the phase is still open, reminders use reminder_key.
    """

    poll: Callable[[str, datetime], None]  # (forum, now): read, store, apply overrides, send
    close_phase: Callable[[str, str, datetime], None]  # (game, phase, now)
    remind: Callable[[str, str, timedelta, datetime], None]  # (game, phase, before, now)
    archive: Callable[[str, datetime], None] | None = None  # (game, now)
    start: Callable[[str, datetime], None] | None = None  # (game, now)


class _SchedulerNoise(logging.Filter):
    """APScheduler's own lines as DEBUG: the daemon logs one line per job run itself, and with
    one worker a poll that comes due while another job runs is skipped by design (coalesce:
    "maximum number of running instances", or "was missed" once its grace has passed while a
    phase closed), not a warning for the GM. A missed reminder stays a warning."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = str(record.msg)
        job = record.args[0] if isinstance(record.args, tuple) and record.args else ""
        missed_poll = "was missed by" in text and str(job).startswith("poll:")
        if (
            record.levelno <= logging.INFO
            or "maximum number of running instances" in text
            or missed_poll
        ):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


_NOISE = _SchedulerNoise()


def build_scheduler() -> BackgroundScheduler:
    for name in ("apscheduler.scheduler", "apscheduler.executors.default"):
        target = logging.getLogger(name)
        if _NOISE not in target.filters:
            target.addFilter(_NOISE)
    return BackgroundScheduler(
        executors={"default": ThreadPoolExecutor(1)},
        job_defaults={"coalesce": True, "max_instances": 1},
        timezone=UTC,
    )


def plan_jobs(
    config: Config, store: Store, now: datetime, has_start: bool = False
) -> list[JobSpec]:
    """The jobs the config and the store call for at ``now``, sorted by id."""
    games = {row["name"]: row for row in store.games()}
    open_phases = {row.game: row for row in store.open_phases()}
    specs: list[JobSpec] = []
    polled: set[str] = set()
    for game in config.games.values():
        row = games.get(game.name)
        status = row["status"] if row else None
        if status not in INACTIVE and not (game.signups and _cancelled(store, game.name)):
            polled.add(game.forum)
        elif row is not None and status in INACTIVE and _in_grace(config, row, now):
            # A game just over: its players' late PMs are still read, and answered that the
            # game is over, for the grace period ([autogm] grace_period).
            polled.add(game.forum)
        if game.signups is not None and (row is None or status == "setup"):
            signup = _signup_start(store, game, row, now)
            if signup is not None and has_start:
                specs.append(JobSpec(f"start:{game.name}", "start", (game.name,), signup))
        elif row is None:
            if has_start:
                # Without a ``start`` time the game starts as soon as the daemon runs.
                at = game.start or now
                specs.append(JobSpec(f"start:{game.name}", "start", (game.name,), at))
        elif status == "ended":
            ended_at = datetime.fromisoformat(row["updated_at"])  # stable across syncs
            specs.append(JobSpec(f"archive:{game.name}", "archive", (game.name,), ended_at))
        elif status == "running":
            phase = open_phases.get(game.name)
            if phase is not None and phase.deadline is not None:
                specs.append(
                    JobSpec(f"close:{game.name}", "close", (game.name, phase.name), phase.deadline)
                )
                specs += _reminders(
                    store,
                    game.name,
                    game.reminders,
                    phase.name,
                    phase.deadline,
                    now,
                    phase.opened_at,
                )
    for name in sorted(polled):
        every = config.forums[name].poll_interval
        specs.append(JobSpec(f"poll:{name}", "poll", (name,), every=every, grace=every))
    return sorted(specs, key=lambda spec: spec.id)


def _in_grace(config: Config, row: dict[str, Any], now: datetime) -> bool:
    """Whether a game that is over ended less than the grace period ago (its row's last
    change: the end, or the archive just after it)."""
    ended = datetime.fromisoformat(row["updated_at"])
    return now < ended + config.autogm.grace_period


def _signup_round(store: Store, game: str) -> str | None:
    rows = store.rows("SELECT status FROM signup_rounds WHERE game = ?", [game])
    return rows[0]["status"] if rows else None


def _cancelled(store: Store, game: str) -> bool:
    return _signup_round(store, game) == "cancelled"


def _signup_start(
    store: Store, game: GameConfig, row: dict[str, Any] | None, now: datetime
) -> datetime | None:
    """When the start job of a game with sign-ups runs: once they are closed (at ``start``
    if later), at the closing time while they are open; None while they wait for more
    players (a poll closes them), once cancelled, or with a deal waiting for the GM."""
    if row is not None and row["state"]:
        return None  # dealt, held for approval
    status = _signup_round(store, game.name)
    assert game.signups is not None
    if status == "closed":
        return max(game.start or now, now)
    if status in (None, "open") and game.signups.close is not None:
        return max(game.signups.close, game.start or game.signups.close)
    return None


def _reminders(
    store: Store,
    game: str,
    offsets: tuple[timedelta, ...],
    phase: str,
    deadline: datetime,
    now: datetime,
    opened_at: datetime | None = None,
) -> list[JobSpec]:
    """Future reminders, and the latest one already due if it was never sent.

    A reminder runs only until the deadline (its grace): after that it would be noise. So
    is one whose time came before the phase opened (a 3h reminder of a 2h phase): the
    opening post just gave the deadline.
    """
    if deadline <= now:
        return []
    if opened_at is not None:
        offsets = tuple(before for before in offsets if deadline - before > opened_at)
    specs = []
    due = [before for before in offsets if deadline - before <= now]
    keep = [before for before in offsets if deadline - before > now] + due[-1:]
    for before in keep:
        key = reminder_key(game, phase, before)
        if store.rows("SELECT 1 FROM outbox WHERE dedupe_key = ?", [key]):
            continue
        job_id = f"remind:{game}:{int(before.total_seconds() // 60)}m"
        specs.append(
            JobSpec(job_id, "remind", (game, phase, before), deadline - before, grace=before)
        )
    return specs


class JobSync:
    """Makes a scheduler's jobs match a plan; jobs that left the plan are removed."""

    def __init__(
        self,
        scheduler: BackgroundScheduler,
        config: Config,
        functions: JobFunctions,
        clock: Callable[[], datetime],
    ) -> None:
        self.scheduler = scheduler
        self.config = config
        self.functions = functions
        self.clock = clock
        self._applied: dict[str, JobSpec] = {}
        self._lock = threading.Lock()
        self._running = 0
        self._idle = threading.Condition()
        self._stopping = False
        self._ran: set[str] = set()  # date jobs that have started since they were planned
        # The store's ``plan`` stamp the jobs were last planned at (daemon/store/schema.py
        # m003_versions: it changes with anything plan_jobs reads), and the plan made then.
        self._planned_at: object = object()
        self._specs: list[JobSpec] = []

    def sync(self, store: Store, now: datetime) -> list[JobSpec]:
        """Make the scheduler's jobs match the plan; the plan.

        After a poll that changed nothing the plan would be the same, and planning reads every
        game: it is made again only when the store's ``plan`` stamp moved (a phase closed or
        moved, a game started, paused or ended, a reminder sent, by this process or a CLI
        command) or a date job has run since (a close that failed is added again: a retry).
        """
        stamp = store.versions("plan")["plan"]
        ran = any(job_id in self._ran for job_id in self._applied)
        if stamp == self._planned_at and not ran:
            return list(self._specs)
        has_start = self.functions.start is not None
        specs = plan_jobs(self.config, store, now, has_start)
        self._planned_at, self._specs = stamp, specs
        if self._stopping:
            # A job that ends while the daemon stops must not wait on the scheduler's
            # locks, which its shutdown holds; the next start plans from the store anyway.
            return specs
        with self._lock:
            wanted = {spec.id for spec in specs}
            for job_id in [job_id for job_id in self._applied if job_id not in wanted]:
                del self._applied[job_id]
                if job_id.startswith("poll:"):
                    log.info(
                        "%s: every game on it is over and its grace period has passed: it is "
                        "no longer read",
                        job_id.removeprefix("poll:"),
                    )
                with contextlib.suppress(JobLookupError):  # a date job that already ran
                    self.scheduler.remove_job(job_id)
            for spec in specs:
                current = self.scheduler.get_job(spec.id)
                # A date job that ran is gone; if the plan still wants it (a phase close
                # that failed), adding it again retries it now.
                if self._applied.get(spec.id) == spec and current is not None:
                    continue
                self._add(spec, now)
                self._applied[spec.id] = spec
        return specs

    def _add(self, spec: JobSpec, now: datetime) -> None:
        grace = None if spec.grace is None else max(1, int(spec.grace.total_seconds()))
        if spec.every is not None:
            trigger: dict[str, Any] = {
                "trigger": "interval",
                "seconds": spec.every.total_seconds(),
                "next_run_time": now,
            }
        else:
            trigger = {"trigger": "date", "run_date": spec.run_at}
        self._ran.discard(spec.id)
        # Before start() a scheduler keeps added jobs in a pending list where
        # replace_existing does not replace, so drop the old job explicitly.
        with contextlib.suppress(JobLookupError):
            self.scheduler.remove_job(spec.id)
        self.scheduler.add_job(
            self._runner(spec),
            id=spec.id,
            name=spec.id,
            replace_existing=True,
            misfire_grace_time=grace,
            **trigger,
        )
        log.debug("scheduled %s %s", spec.id, spec.run_at or f"every {spec.every}")

    def _runner(self, spec: JobSpec) -> Callable[[], None]:
        function = {
            "poll": self.functions.poll,
            "close": self.functions.close_phase,
            "remind": self.functions.remind,
            "archive": self.functions.archive,
            "start": self.functions.start,
        }[spec.kind]

        def run() -> None:
            if function is None:
                return
            now = self.clock()
            log.info("job %s", spec.id)
            if spec.every is None:
                self._ran.add(spec.id)
            with self._idle:
                self._running += 1
            try:
                function(*spec.args, now)
            except Exception:
                # One bad message or page must not stop the daemon: log it, and the next
                # sync retries whatever the store says is still to do.
                log.exception("job %s failed", spec.id)
            finally:
                with self._idle:
                    self._running -= 1
                    self._idle.notify_all()

        return run

    def close_due(self, now: datetime) -> bool:
        """Whether a phase close is due and has not started: the worker is busy with another
        job, which should make way ("A close starts within one request of its
        deadline, whatever else is running")."""
        return any(
            spec.kind == "close"
            and spec.run_at is not None
            and spec.run_at <= now
            and spec.id not in self._ran
            for spec in list(self._applied.values())
        )

    def stop(self) -> None:
        """From now on, ``sync`` leaves the scheduler alone (it is shutting down)."""
        self._stopping = True

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no job is running, at most ``timeout`` seconds; whether none is."""
        with self._idle:
            return self._idle.wait_for(lambda: self._running == 0, timeout)
