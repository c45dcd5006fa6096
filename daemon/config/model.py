"""What a loaded config.ini is: one frozen dataclass per section, and the values they hold.

:func:`daemon.config.load.load_config` builds them, after validating every key; the rest of the
daemon only reads them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import StrEnum
from pathlib import Path
from zoneinfo import ZoneInfo

from autogm.daemon.config.dates import PHPBB_DEFAULT, DateStyle
from autogm.daemon.config.files import STATE_FILE
from autogm.daemon.config.ini import IniSection, Where
from autogm.daemon.config.values import Deadline


class ResultsMode(StrEnum):
    AUTO = "auto"
    APPROVE = "approve"


class AckMode(StrEnum):
    ON = "on"
    OFF = "off"
    BATCHED = "batched"


class AckScope(StrEnum):
    """Which order PMs are answered: all of them, or only those with a refusal or a change."""

    ALL = "all"
    REFUSALS = "refusals"


class VotesMode(StrEnum):
    """Where the day's lynch votes are cast: by PM (secret until the day ends) or in the topic."""

    PM = "pm"
    TOPIC = "topic"


@dataclass(frozen=True, slots=True)
class AutogmConfig:
    """The ``[autogm]`` section."""

    state_dir: Path
    log_level: str
    timezone: ZoneInfo
    # The board's date format (PHP date() letters), for deadlines written as the forum does.
    date_format: str = PHPBB_DEFAULT
    # Where state_dir is set (or the [autogm] section), for errors about the directory.
    state_where: Where | None = field(default=None, compare=False)
    # How long a forum is still read once its last game is over: late PMs get an answer.
    grace_period: timedelta = timedelta(days=3)

    @property
    def state_file(self) -> Path:
        return self.state_dir / STATE_FILE


@dataclass(frozen=True, slots=True)
class PasswordSource:
    """Where a forum password lives: an environment variable or a file, never the config."""

    env: str | None
    file: Path | None
    where: Where = field(compare=False)

    def read(self, environ: Mapping[str, str] = os.environ) -> str:
        if self.env is not None:
            value = environ.get(self.env)
            if not value:
                raise self.where.error(f"environment variable {self.env} is not set")
            return value
        assert self.file is not None  # load_config guarantees one of the two
        try:
            value = self.file.read_text(encoding="utf-8").strip()
        except OSError as exc:
            raise self.where.error(f"cannot read {self.file}: {exc.strerror}") from exc
        if not value:
            raise self.where.error(f"{self.file} is empty")
        return value


@dataclass(frozen=True, slots=True)
class ForumConfig:
    """A ``[forum:NAME]`` section."""

    name: str
    adapter: str
    base_url: str | None
    path: Path | None
    username: str
    password: PasswordSource | None
    request_interval: timedelta
    poll_interval: timedelta
    # The gap kept between two messages sent; None (``auto``): the pace the board's flood rule
    # allows, as the adapter learns it (none for a flood-exempt account).
    send_interval: timedelta | None
    # The GM's explicit yes to logging in over plain http (the password unencrypted).
    allow_plain_http: bool = False


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A player of a game's ``players`` list, with the role the GM gave (if any)."""

    name: str
    role: str | None = None


@dataclass(frozen=True, slots=True)
class Schedule:
    """When a game's phases end, by phase kind."""

    prep: Deadline
    night: Deadline
    day: Deadline

    def deadline(self, phase: str, opened_at: datetime, tz: ZoneInfo) -> datetime:
        """Deadline of ``phase`` ("Prep", "Night 2", "Day 1") opened at ``opened_at``."""
        kind = phase.split()[0].lower() if phase.strip() else ""
        rule = {"prep": self.prep, "night": self.night, "day": self.day}.get(kind)
        if rule is None:
            raise ValueError(f"no deadline rule for a phase called {phase!r}")
        return rule.deadline_after(opened_at, tz)


class ShortSignups(StrEnum):
    """Sign-ups that close with fewer players than the minimum: keep waiting, or cancel."""

    WAIT = "wait"
    CANCEL = "cancel"


@dataclass(frozen=True, slots=True)
class SignupConfig:
    """A game whose players join in a sign-up topic instead of a player list."""

    topic: str
    size: int | None  # sign-ups close once this many players are in
    close: datetime | None  # ... or at this time
    minimum: int
    short: ShortSignups


class InactiveAction(StrEnum):
    """What follows the warning of a player who goes on sending nothing."""

    OFF = "off"  # no prods, no warnings
    GM = "gm"  # only the GM is told
    REPLACE = "replace"  # the next replacement takes the slot (the GM is told if none)
    MODKILL = "modkill"


@dataclass(frozen=True, slots=True)
class InactivityConfig:
    """After ``prod`` phases in a row without an order or a topic post a player is prodded,
    after ``warn`` warned (and the GM told), after one more ``action`` is taken."""

    action: InactiveAction = InactiveAction.OFF
    prod: int = 1
    warn: int = 2
    exempt: tuple[str, ...] = ()

    def applies_to(self, player: str) -> bool:
        exempt = {name.casefold() for name in self.exempt}
        return self.action is not InactiveAction.OFF and player.casefold() not in exempt


@dataclass(frozen=True, slots=True)
class SetupConfig:
    """A ``[setup:NAME]`` section as written: roles, fill, sizes and constraints (the
    engine checks the role names, daemon.play.roster builds the engine's setup)."""

    name: str
    ruleset: str | None
    roles: tuple[tuple[str, ...], ...]  # one role, or "one of" several
    fill: tuple[str, ...]
    sizes: tuple[int, ...]
    # (key, text as written, roles, low, high) for together/apart/requires/black_org/town
    constraints: tuple[tuple[str, str, tuple[str, ...], int, int | None], ...]
    section: IniSection = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class GameConfig:
    """A ``[game:NAME]`` section."""

    name: str
    forum: str
    topic: str
    ruleset: str
    rules: str | None
    rule_options: Mapping[str, str]
    seed: int | None
    players: tuple[PlayerEntry, ...]
    roles: tuple[str, ...]
    schedule: Schedule
    start: datetime | None
    reminders: tuple[timedelta, ...]
    remind_by_pm: bool
    action_lock: timedelta
    results: ResultsMode
    acknowledge: AckMode
    votes: VotesMode
    vote_count: bool  # a running vote count post in the topic (votes = topic only)
    timezone: ZoneInfo
    section: IniSection = field(compare=False, repr=False)
    # How deadlines are written: the game's zone and its board's date format.
    dates: DateStyle = field(default_factory=DateStyle)
    setup: str | None = None  # a [setup:NAME] section to deal from
    signups: SignupConfig | None = None
    inactivity: InactivityConfig = field(default_factory=InactivityConfig)
    gm_contact: str | None = None  # the GM's own forum account, told by PM what needs them
    acknowledge_only: AckScope = AckScope.ALL

    def orders_locked(self, deadline: datetime, now: datetime) -> bool:
        """In the last ``action_lock`` before a deadline orders are refused (wills are not)."""
        return bool(self.action_lock) and deadline - self.action_lock <= now < deadline


@dataclass(frozen=True, slots=True)
class RulesConfig:
    """A ``[rules:NAME]`` section: options of a ruleset."""

    name: str
    options: Mapping[str, str]
    section: IniSection = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Config:
    """A whole config file, checked."""

    path: Path
    autogm: AutogmConfig
    forums: Mapping[str, ForumConfig]
    games: Mapping[str, GameConfig]
    rules: Mapping[str, RulesConfig]
    setups: Mapping[str, SetupConfig] = field(default_factory=dict)
    # What is allowed but worth a second look (check-config prints them, run logs them).
    warnings: tuple[str, ...] = ()
