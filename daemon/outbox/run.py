"""One delivery run's manners: how long it waits, backs off and logs in again.

A wait longer than ``Policy.max_sleep`` ends the run (:class:`Wait`), so one stuck forum
never holds the worker thread for long; a forum that refuses us outright ends it too
(:class:`Blocked`), for the GM to act.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from autogm.adapters.base import (
    Banned,
    BoardDisabled,
    FloodLimited,
    Forum,
    LoginFailed,
    SessionExpired,
    Unavailable,
)
from autogm.daemon.outbox.message import OutboxRow
from autogm.daemon.store.db import Store


@dataclass(frozen=True, slots=True)
class Policy:
    backoff_base: timedelta = timedelta(seconds=30)
    backoff_cap: timedelta = timedelta(minutes=30)
    max_sleep: timedelta = timedelta(seconds=90)
    max_attempts: int = 5
    # How far before a row's send attempt to read the sent PMs: forum clocks drift and
    # phpBB shows times to the minute.
    lookup_margin: timedelta = timedelta(minutes=10)
    send_interval: timedelta = timedelta(0)


@dataclass
class Report:
    sent: int = 0
    failed: int = 0
    found: int = 0
    waiting_until: datetime | None = None
    blocked: str | None = None


class Wait(Exception):
    """Ends a deliver run: the forum needs longer than we are willing to sleep."""

    def __init__(self, until: datetime) -> None:
        self.until = until


class Blocked(Exception):
    """The forum refuses us outright (banned, login refused): the GM has to act."""


@dataclass
class Run:
    store: Store
    forum: Forum
    forum_name: str
    clock: Callable[[], datetime]
    sleep: Callable[[float], None]
    rng: random.Random
    policy: Policy
    account: str | None
    report: Report = field(default_factory=Report)
    failures: int = 0
    last_send: datetime | None = None
    unresolved: set[int] = field(default_factory=set)

    def wait(self, seconds: float) -> None:
        """Sleep if short enough, else end the run and resume after ``seconds``."""
        if seconds > self.policy.max_sleep.total_seconds():
            raise Wait(self.clock() + timedelta(seconds=seconds))
        self.sleep(seconds)

    def back_off(self) -> None:
        self.failures += 1
        base = self.policy.backoff_base.total_seconds() * 2 ** (self.failures - 1)
        delay = min(base, self.policy.backoff_cap.total_seconds())
        self.wait(delay * (0.5 + self.rng.random() / 2))  # "equal jitter": half fixed

    def call(self, fn: Callable[[], Any]) -> Any:
        """A forum read with the usual waits: flood, outage, expired session."""
        logins = 0
        while True:
            try:
                result = fn()
            except FloodLimited as exc:
                self.wait(exc.wait_seconds + 1)
            except (Unavailable, BoardDisabled):
                self.back_off()
            except SessionExpired:
                logins += 1
                if logins > 2:  # logged in, yet still refused: treat it as an outage
                    self.back_off()
                self._login()
            else:
                self.failures = 0
                return result

    def _login(self) -> None:
        try:
            self.forum.login()
        except (LoginFailed, Banned) as exc:
            raise Blocked(str(exc)) from exc
        except (Unavailable, BoardDisabled):
            self.back_off()


def call_forum(forum: Forum, row: OutboxRow) -> Any:
    if row.kind == "pm":
        sent = forum.send_private_message(list(row.recipients), row.subject or "", row.wire_body)
        return {"id": sent.id, "recipients": list(sent.recipients)}
    if row.kind == "post":
        assert row.topic is not None
        posted = forum.reply(row.topic, row.wire_body)
        return {"topic": posted.topic, "post_id": posted.post_id}
    assert row.target is not None
    forum.edit_post(row.target, row.wire_body)
    return {"topic": row.target.topic, "post_id": row.target.post_id}


def space_out(run: Run, row: OutboxRow) -> None:
    """Keep ``send_interval`` between two messages (phpBB's flood interval); edits are exempt."""
    if row.kind == "edit" or run.last_send is None:
        return
    gap = run.policy.send_interval - (run.clock() - run.last_send)
    if gap > timedelta(0):
        run.sleep(gap.total_seconds())
