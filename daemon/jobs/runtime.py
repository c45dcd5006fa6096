"""What a job receives: the ``Runtime`` of one config.

A job is a function of ``(runtime, ..., now)``. The runtime gives it the config, the clock,
the forums and the state file, and the steps that several jobs take (read the forum, feed the
inbox to the games, apply the GM's overrides, update the vote counts, resolve a phase, send
the outbox). Jobs import this protocol, never the runner that implements it
(daemon/jobs/runner.py), so the imports run one way; each shared step stays one thing to
replace, as the crash-point tests do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol

from autogm.adapters.base import Forum
from autogm.daemon.config.model import Config, GameConfig
from autogm.daemon.config.overrides import OverrideLines
from autogm.daemon.outbox.outbox import Report
from autogm.daemon.play.games import ClosedPhase, LiveGame
from autogm.daemon.store.db import Store


class Runtime(Protocol):
    config: Config
    clock: Callable[[], datetime]
    sleep: Callable[[float], None]
    archiver: Callable[[Store, str, datetime], str]
    close_due: Callable[[], bool]  # a phase close is due and waits for the worker

    # -- plumbing
    def open_store(self) -> AbstractContextManager[Store]: ...
    def forum(self, name: str) -> Forum: ...
    def ruleset(self, game: str) -> Any: ...
    def live(self, store: Store, game: str) -> LiveGame: ...
    def drop_lent(self, store: Store) -> None: ...
    def forget(self, game: str) -> None: ...
    def games_on(self, forum: str) -> list[GameConfig]: ...
    def read_overrides(self) -> OverrideLines: ...
    def changed(self, store: Store, now: datetime) -> None: ...

    # -- the steps jobs share
    def fetch(
        self,
        store: Store,
        forum_name: str,
        now: datetime,
        also: Sequence[str] = (),
        *,
        yielding: bool = False,
    ) -> bool: ...
    def process_inbox(self, store: Store, forum: str, now: datetime) -> int: ...
    def apply_overrides(self, store: Store, forum: str, now: datetime) -> None: ...
    def update_vote_counts(self, store: Store, forum: str, now: datetime) -> None: ...
    def resolve(self, store: Store, cfg: GameConfig, now: datetime) -> ClosedPhase: ...
    def deliver(self, store: Store, forum_name: str, *, yielding: bool = False) -> Report: ...
