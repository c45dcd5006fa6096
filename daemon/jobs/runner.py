"""The job functions of one config: the one object the scheduler, the CLI and the demo use.

Each job opens its own store (sqlite3 connections belong to their thread), does its work in
transactions that leave the store consistent at every instant, and is safe to run twice: a
restart after ``kill -9`` at any point repeats at most the step it was in.

The bodies live in modules named for them: ``polling`` (read and store), ``inbox`` (orders
by PM; ``play.commands``, ``votes_topic``), ``override_effects``, ``vote_count``, ``closing``
(``approval`` for held results), ``starting``, ``reminders``, ``archive_job``. Each receives
this object as its ``Runtime`` (daemon/jobs/runtime.py) and takes the shared steps through it;
none imports this module, so a step is one thing to replace (the crash-point tests do).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from autogm.adapters.base import Forum
from autogm.daemon.config.model import Config, ForumConfig, GameConfig
from autogm.daemon.config.overrides import OverrideLines, read_overrides
from autogm.daemon.config.reread import Reread
from autogm.daemon.forums import make_forum
from autogm.daemon.jobs import (
    archive_job,
    closing,
    inbox,
    override_effects,
    polling,
    reminders,
    starting,
    vote_count,
)
from autogm.daemon.jobs.scheduler import JobFunctions
from autogm.daemon.outbox import outbox
from autogm.daemon.play import games
from autogm.daemon.play.games import LiveGame
from autogm.daemon.play.kept import CHECK_EVERY, KeptGames
from autogm.daemon.store.db import Store

ForumFactory = Callable[[ForumConfig], Forum]
Archiver = Callable[[Store, str, datetime], str]


class Daemon:
    """The job functions of one config, with their clock, sleep and forums injected."""

    def __init__(
        self,
        config: Config,
        *,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        sleep: Callable[[float], None] | None = None,
        should_stop: Callable[[], bool] = lambda: False,
        forum_factory: ForumFactory | None = None,
        archiver: Archiver | None = None,
        on_change: Callable[[Store, datetime], Any] | None = None,
        check_every: int = CHECK_EVERY,
    ) -> None:
        self.config = config
        self.clock = clock
        self.sleep = sleep or (lambda seconds: None)
        self.should_stop = should_stop
        state_dir = config.autogm.state_dir
        self.forum_factory = forum_factory or (lambda f: make_forum(f, state_dir, clock))
        self.archiver = archiver or functools.partial(archive_job.archive_to_state_dir, state_dir)
        self.on_change = on_change
        # Whether a phase close is due and waiting for the one worker (the runner of the
        # scheduler sets it): a poll then leaves the rest of its work to the next poll.
        self.close_due: Callable[[], bool] = lambda: False
        self._forums: dict[str, Forum] = {}
        self._rulesets: dict[str, Any] = {}
        # Each game's session, kept between jobs and fed only what is new;
        # ``check_every``: one use in so many is checked against a rebuild from the store.
        self.kept = KeptGames(self._rebuild, lambda: self.clock(), check_every)
        # The [overrides:GAME] sections, parsed again only when the file changes.
        self._overrides = Reread([config.path], lambda: read_overrides(config))

    # ------------------------------------------------------------ the jobs

    def functions(self) -> JobFunctions:
        return JobFunctions(
            poll=self.poll,
            close_phase=self.close_phase,
            remind=self.remind,
            archive=self.archive,
            start=self.start,
        )

    def poll(self, forum: str, now: datetime) -> None:
        polling.poll(self, forum, now)

    def start(self, game: str, now: datetime) -> None:
        starting.start(self, game, now)

    def close_phase(self, game: str, phase: str, now: datetime) -> None:
        closing.close_phase(self, game, phase, now)

    def remind(self, game: str, phase: str, before: timedelta, now: datetime) -> None:
        reminders.remind(self, game, phase, before, now)

    def archive(self, game: str, now: datetime) -> None:
        archive_job.archive(self, game, now)

    # ------------------------------------------------------------ the steps jobs share

    def fetch(
        self,
        store: Store,
        forum_name: str,
        now: datetime,
        also: Sequence[str] = (),
        *,
        yielding: bool = False,
    ) -> bool:
        """Read and store; ``yielding`` (a poll's reading) stops before the next request when
        a phase close is due."""
        return polling.fetch(self, store, forum_name, now, also, yielding=yielding)

    def process_inbox(self, store: Store, forum: str, now: datetime) -> int:
        return inbox.process_inbox(self, store, forum, now)

    def apply_overrides(self, store: Store, forum: str, now: datetime) -> None:
        override_effects.apply_overrides(self, store, forum, now)

    def update_vote_counts(self, store: Store, forum: str, now: datetime) -> None:
        vote_count.update_vote_counts(self, store, forum, now)

    def resolve(self, store: Store, cfg: GameConfig, now: datetime) -> games.ClosedPhase:
        return closing.resolve(self, store, cfg, now)

    def deliver(self, store: Store, forum_name: str, *, yielding: bool = False) -> outbox.Report:
        """Send the forum's queued messages; ``yielding`` (a poll's sending) stops before the
        next message, or the next request of a look-up, when a phase close is due, which sends
        them itself."""
        cfg = self.config.forums[forum_name]
        stop = self.should_stop
        interrupt = None
        if yielding:
            stop = lambda: self.should_stop() or self.close_due()  # noqa: E731
            interrupt = self.close_due
        return outbox.deliver(
            store,
            self.forum(forum_name),
            forum_name=forum_name,
            clock=self.clock,
            sleep=self.sleep,
            # auto (None): no gap of our own; the adapter keeps the board's flood rule.
            policy=outbox.Policy(send_interval=cfg.send_interval or timedelta(0)),
            account=cfg.username,
            should_stop=stop,
            interrupt=interrupt,
        )

    def changed(self, store: Store, now: datetime) -> None:
        """The store changed: let ``on_change`` (the scheduler's re-plan) see it."""
        if self.on_change is not None:
            self.on_change(store, now)

    # ------------------------------------------------------------ plumbing

    @contextmanager
    def open_store(self) -> Iterator[Store]:
        """The state file for one job. When the job ends, the game sessions it used match
        what it wrote (``KeptGames.settle``); a job that fails has them rebuilt."""
        store = Store.open(self.config.autogm.state_file)
        try:
            yield store
        except BaseException:
            self.kept.drop_lent(store)
            raise
        else:
            self.kept.settle(store)
        finally:
            store.close()

    def forum(self, name: str) -> Forum:
        if name not in self._forums:
            self._forums[name] = self.forum_factory(self.config.forums[name])
        return self._forums[name]

    def ruleset(self, game: str) -> Any:
        if game not in self._rulesets:
            self._rulesets[game] = games.ruleset_for(self.config.games[game])
        return self._rulesets[game]

    def live(self, store: Store, game: str) -> LiveGame:
        """The game's session as the store has it: the kept one when it matches."""
        return self.kept.get(store, game)

    def drop_lent(self, store: Store) -> None:
        """A message half fed and rolled back: the sessions this job used are rebuilt."""
        self.kept.drop_lent(store)

    def forget(self, game: str) -> None:
        """The game's session is rebuilt at its next use."""
        self.kept.forget(game)

    def _rebuild(self, store: Store, game: str) -> LiveGame:
        return games.rebuild(store, game, self.ruleset(game))

    def read_overrides(self) -> OverrideLines:
        """The config file's override lines by game, as the file is now (ConfigError)."""
        return self._overrides.get()

    def games_on(self, forum: str) -> list[GameConfig]:
        return [g for g in self.config.games.values() if g.forum == forum]
