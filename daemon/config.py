"""config.ini → frozen dataclasses, with every error naming the file, the line and the key.

configparser does the parsing (its rules for comments and continuation lines are what GMs
know from other INI files); a small second pass over the same text records the line of each
section and key, because configparser forgets them. Every section is validated at load, so a
typo is reported when the daemon starts (or by ``check-config``), not weeks later when a
phase closes.

Sections: ``[autogm]``, ``[forum:NAME]``, ``[game:NAME]``, ``[rules:NAME]`` (raw ruleset
options; the engine validates them through :func:`check_rulesets`) and ``[overrides:NAME]``
(GM commands, read by ``daemon.overrides`` at every poll; here only their game is checked).
"""

from __future__ import annotations

import configparser
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

T = TypeVar("T")
_REQUIRED: Any = object()
NAME_RE = re.compile(r"[A-Za-z0-9_.-]+")
ADAPTERS = ("phpbb", "local")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(Exception):
    """A bad config value; the message reads ``FILE:LINE: [section] key: what is wrong``."""


# ---------------------------------------------------------------- reading the file


@dataclass(frozen=True, slots=True)
class Where:
    """The place of a section or key in the file, to point errors at it."""

    path: Path
    line: int
    section: str
    key: str | None = None

    def error(self, problem: str) -> ConfigError:
        key = f" {self.key}" if self.key else ""
        return ConfigError(f"{self.path}:{self.line}: [{self.section}]{key}: {problem}")


@dataclass(frozen=True, slots=True)
class IniSection:
    """One section: its values (keys lower-cased, as configparser does) and their lines."""

    path: Path
    name: str
    line: int
    values: Mapping[str, str]
    lines: Mapping[str, int]

    @property
    def kind(self) -> str:
        return self.name.partition(":")[0]

    @property
    def label(self) -> str:
        return self.name.partition(":")[2]

    def where(self, key: str | None = None) -> Where:
        """The key's line, or the section's line for the section or a key it lacks."""
        line = self.lines.get(key, self.line) if key else self.line
        return Where(self.path, line, self.name, key)


def read_ini(path: Path) -> list[IniSection]:
    """Parse ``path`` into sections in file order; syntax errors become ConfigError."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}:0: cannot read the config file: {exc}") from exc
    # No interpolation: a "%" in a password path or an override text is just a character.
    # A default_section nobody writes, so "[DEFAULT]" is reported as an unknown section
    # instead of leaking its keys into every other section.
    parser = configparser.ConfigParser(
        interpolation=None, empty_lines_in_values=False, default_section="\0defaults"
    )
    try:
        parser.read_string(text, source=str(path))
    except configparser.DuplicateSectionError as exc:
        raise ConfigError(f"{path}:{exc.lineno}: [{exc.section}]: section appears twice") from exc
    except configparser.DuplicateOptionError as exc:
        raise ConfigError(
            f"{path}:{exc.lineno}: [{exc.section}] {exc.option}: key appears twice in the section"
        ) from exc
    except configparser.MissingSectionHeaderError as exc:
        raise ConfigError(f"{path}:{exc.lineno}: a key before any [section]") from exc
    except configparser.ParsingError as exc:
        lineno, line = exc.errors[0]
        raise ConfigError(f"{path}:{lineno}: not a 'key = value' line: {line.strip()}") from exc
    section_lines, key_lines = _scan_lines(text, parser)
    return [
        IniSection(path, name, section_lines[name], dict(parser[name]), key_lines[name])
        for name in parser.sections()
    ]


def _scan_lines(
    text: str, parser: configparser.ConfigParser
) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """Line of each section header and key, following configparser's own rules.

    A line indented deeper than its key continues the value; a blank line ends it (we pass
    ``empty_lines_in_values=False``); whole-line comments start with ``#`` or ``;``.
    """
    sections: dict[str, int] = {}
    keys: dict[str, dict[str, int]] = {}
    current: str | None = None
    in_value, indent_level = False, 0
    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped[0] in "#;":
            in_value = in_value and bool(stripped)
            continue
        indent = len(line) - len(line.lstrip())
        if in_value and indent > indent_level:
            continue
        indent_level, in_value = indent, False
        header = parser.SECTCRE.match(stripped)
        if header:
            current = header.group("header")
            sections[current] = lineno
            keys[current] = {}
            continue
        option = parser._optcre.match(stripped)  # the very regex configparser used
        if option and current is not None:
            name = parser.optionxform(option.group("option").rstrip())
            keys[current].setdefault(name, lineno)
            in_value = True
    return sections, keys


# ---------------------------------------------------------------- values


def parse_duration(text: str) -> timedelta:
    """``48h``, ``90m``, ``1h30m``, ``2d``, ``15s``; ``0`` for none."""
    text = text.strip().lower().replace(" ", "")
    if text == "0":
        return timedelta(0)
    match = re.fullmatch(r"(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", text)
    if not text or not match:
        raise ValueError(f"{text!r} is not a duration (write e.g. 48h, 90m, 1h30m, 2d, 15s)")
    days, hours, minutes, seconds = (int(g or 0) for g in match.groups())
    return timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds)


def parse_clock(text: str) -> time:
    """A local time of day, ``HH:MM`` (24-hour clock)."""
    match = re.fullmatch(r"(\d{1,2}):(\d{2})", text.strip())
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError(f"{text!r} is not a time of day (write HH:MM, e.g. 21:00)")
    return time(int(match[1]), int(match[2]))


def parse_local_datetime(text: str, tz: ZoneInfo) -> datetime:
    """``YYYY-MM-DD HH:MM`` in the game's time zone → an aware UTC datetime."""
    day, _, clock = text.strip().partition(" ")
    try:
        local = datetime.combine(date.fromisoformat(day), parse_clock(clock), tzinfo=tz)
    except ValueError as exc:
        raise ValueError(f"{text!r} is not a date and time (write YYYY-MM-DD HH:MM)") from exc
    return local.astimezone(UTC)


def parse_bool(text: str) -> bool:
    value = configparser.ConfigParser.BOOLEAN_STATES.get(text.strip().lower())
    if value is None:
        raise ValueError(f"{text!r} is not yes/no, on/off, true/false or 1/0")
    return value


def parse_timezone(text: str) -> ZoneInfo:
    try:
        return ZoneInfo(text.strip())
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise ValueError(f"unknown time zone {text.strip()!r} (e.g. Europe/Berlin, UTC)") from exc


def split_list(text: str) -> list[str]:
    """One item per line when the value spans lines (names may hold commas); else commas."""
    lines = [line.strip() for line in text.strip().splitlines()]
    items = lines if len(lines) > 1 else text.split(",")
    return [item.strip() for item in items if item.strip()]


@dataclass(frozen=True, slots=True)
class DailyAt:
    """The phase closes at the next ``at`` o'clock, local time, after it opens."""

    at: time

    def deadline_after(self, opened_at: datetime, tz: ZoneInfo) -> datetime:
        local = opened_at.astimezone(tz)
        candidate = datetime.combine(local.date(), self.at, tzinfo=tz)
        if candidate <= local:
            candidate = datetime.combine(local.date() + timedelta(days=1), self.at, tzinfo=tz)
        # Converting through UTC settles a time that a DST change skips (it lands an hour
        # later) and picks the first of two ambiguous ones (fold=0).
        return candidate.astimezone(UTC)


@dataclass(frozen=True, slots=True)
class Lasting:
    """The phase lasts ``length`` from the moment it opens."""

    length: timedelta

    def deadline_after(self, opened_at: datetime, tz: ZoneInfo) -> datetime:
        return (opened_at + self.length).astimezone(UTC)


Deadline = DailyAt | Lasting


def parse_deadline(text: str) -> Deadline:
    if ":" in text:
        return DailyAt(parse_clock(text))
    length = parse_duration(text)
    if length <= timedelta(0):
        raise ValueError("a phase length must be longer than 0")
    return Lasting(length)


# ---------------------------------------------------------------- sections


class ResultsMode(StrEnum):
    AUTO = "auto"
    APPROVE = "approve"


class AckMode(StrEnum):
    ON = "on"
    OFF = "off"
    BATCHED = "batched"


class VotesMode(StrEnum):
    """Where the day's lynch votes are cast: by PM (secret until the day ends) or in the topic."""

    PM = "pm"
    TOPIC = "topic"


@dataclass(frozen=True, slots=True)
class AutogmConfig:
    state_dir: Path
    log_level: str
    timezone: ZoneInfo

    @property
    def state_file(self) -> Path:
        return self.state_dir / "autogm.db"


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
    name: str
    adapter: str
    base_url: str | None
    path: Path | None
    username: str
    password: PasswordSource | None
    request_interval: timedelta
    poll_interval: timedelta
    send_interval: timedelta


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    name: str
    role: str | None = None


@dataclass(frozen=True, slots=True)
class Schedule:
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


@dataclass(frozen=True, slots=True)
class GameConfig:
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

    def orders_locked(self, deadline: datetime, now: datetime) -> bool:
        """In the last ``action_lock`` before a deadline orders are refused (wills are not)."""
        return bool(self.action_lock) and deadline - self.action_lock <= now < deadline


@dataclass(frozen=True, slots=True)
class RulesConfig:
    name: str
    options: Mapping[str, str]
    section: IniSection = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Config:
    path: Path
    autogm: AutogmConfig
    forums: Mapping[str, ForumConfig]
    games: Mapping[str, GameConfig]
    rules: Mapping[str, RulesConfig]


class _Fields:
    """Reads keys from one section, remembering which were read to report unknown ones."""

    def __init__(self, section: IniSection) -> None:
        self.section = section
        self.seen: set[str] = set()

    def get(self, key: str, parse: Callable[[str], T], default: Any = _REQUIRED) -> T:
        self.seen.add(key)
        raw = self.section.values.get(key)
        if raw is None or not raw.strip():
            if default is _REQUIRED:
                raise self.section.where(key).error("missing (this key is required)")
            return default  # type: ignore[no-any-return]
        try:
            return parse(raw)
        except ValueError as exc:
            raise self.section.where(key).error(str(exc)) from exc

    def has(self, key: str) -> bool:
        return bool(self.section.values.get(key, "").strip())

    def finish(self) -> None:
        for key in self.section.values:
            if key not in self.seen:
                known = ", ".join(sorted(self.seen))
                raise self.section.where(key).error(f"unknown key (known keys: {known})")


def _choice(options: tuple[str, ...], fold: Callable[[str], str] = str.lower) -> Callable:
    def parse(text: str) -> str:
        value = fold(text.strip())
        if value not in options:
            raise ValueError(f"{text.strip()!r} is not one of {', '.join(options)}")
        return value

    return parse


def _name(text: str) -> str:
    if not NAME_RE.fullmatch(text.strip()):
        raise ValueError(f"{text.strip()!r}: use letters, digits, '_', '.' or '-' only")
    return text.strip()


def _read_autogm(section: IniSection | None, base: Path) -> AutogmConfig:
    if section is None:
        return AutogmConfig(base / "state", "INFO", ZoneInfo("UTC"))
    f = _Fields(section)
    config = AutogmConfig(
        state_dir=base / f.get("state_dir", str.strip, "state"),
        log_level=f.get("log_level", _choice(LOG_LEVELS, str.upper), "INFO"),
        timezone=f.get("timezone", parse_timezone, ZoneInfo("UTC")),
    )
    f.finish()
    return config


def _read_forum(section: IniSection, base: Path) -> ForumConfig:
    f = _Fields(section)
    if "password" in section.values:
        raise section.where("password").error(
            "passwords are never read from the config file: "
            "set password_env (an environment variable) or password_file"
        )
    adapter = f.get("adapter", _choice(ADAPTERS))
    base_url = f.get("base_url", _url, None)
    path = f.get("path", lambda text: base / text.strip(), None)
    if adapter == "phpbb" and base_url is None:
        raise section.where("base_url").error("missing (the phpbb adapter needs it)")
    if adapter == "local" and path is None:
        raise section.where("path").error("missing (the local adapter needs it)")
    password = _read_password(f, base, needed=adapter == "phpbb")
    config = ForumConfig(
        name=section.label,
        adapter=adapter,
        base_url=base_url,
        path=path,
        username=f.get("username", str.strip),
        password=password,
        request_interval=f.get("request_interval", parse_duration, timedelta(seconds=2)),
        poll_interval=f.get("poll_interval", _positive_duration, timedelta(minutes=5)),
        send_interval=f.get("send_interval", parse_duration, timedelta(seconds=15)),
    )
    f.finish()
    return config


def _read_password(f: _Fields, base: Path, needed: bool) -> PasswordSource | None:
    env = f.get("password_env", str.strip, None)
    file = f.get("password_file", lambda text: base / text.strip(), None)
    if env is not None and file is not None:
        raise f.section.where("password_file").error("set password_env or password_file, not both")
    if env is None and file is None:
        if needed:
            raise f.section.where("password_env").error(
                "missing: set password_env or password_file"
            )
        return None
    return PasswordSource(env, file, f.section.where("password_env" if env else "password_file"))


def _url(text: str) -> str:
    if not re.match(r"https?://[^/\s]+", text.strip()):
        raise ValueError(f"{text.strip()!r} is not an http:// or https:// address")
    return text.strip().rstrip("/") + "/"


def _positive_duration(text: str) -> timedelta:
    value = parse_duration(text)
    if value <= timedelta(0):
        raise ValueError("must be longer than 0")
    return value


def _int(text: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not a whole number") from None


def _topic(text: str) -> str:
    if not re.fullmatch(r"\S+", text.strip()):
        raise ValueError(f"{text.strip()!r} is not a topic id")
    return text.strip()


def _players(text: str) -> tuple[PlayerEntry, ...]:
    entries = []
    for item in split_list(text):
        name, colon, role = item.rpartition(":") if ":" in item else (item, "", "")
        entries.append(PlayerEntry(name.strip(), role.strip() if colon else None))
    if any(not entry.name or entry.role == "" for entry in entries):
        raise ValueError("each player is 'Name' or 'Name: Role'")
    if len({entry.role is None for entry in entries}) > 1:
        raise ValueError("give a role to every player or to none (and deal them with 'roles')")
    seen: set[str] = set()
    for entry in entries:
        if entry.name.casefold() in seen:
            raise ValueError(f"player {entry.name!r} is listed twice")
        seen.add(entry.name.casefold())
    return tuple(entries)


def _durations(text: str) -> tuple[timedelta, ...]:
    return tuple(sorted((_positive_duration(item) for item in split_list(text)), reverse=True))


def _vote_count(text: str) -> bool:
    try:
        return parse_bool(text)
    except ValueError:
        raise ValueError(
            f"{text.strip()!r} is not on or off (the count is updated after each poll that "
            "changes it)"
        ) from None


def _read_game(
    section: IniSection, autogm: AutogmConfig, rules: Mapping[str, RulesConfig]
) -> GameConfig:
    f = _Fields(section)
    tz = f.get("timezone", parse_timezone, autogm.timezone)
    players = f.get("players", _players)
    roles = tuple(f.get("roles", split_list, []))
    if players[0].role is None and not roles:
        raise section.where("players").error("players have no roles: add 'roles' to deal")
    if players[0].role is not None and roles:
        raise section.where("roles").error("players already have roles; remove 'roles'")
    if roles and len(roles) != len(players):
        raise section.where("roles").error(f"{len(roles)} roles for {len(players)} players")
    rules_name = f.get("rules", _name, None)
    if rules_name is not None and rules_name not in rules:
        raise section.where("rules").error(f"there is no [rules:{rules_name}] section")
    night = f.get("night_deadline", parse_deadline)
    config = GameConfig(
        name=section.label,
        forum=f.get("forum", _name),
        topic=f.get("topic", _topic),
        ruleset=f.get("ruleset", str.strip),
        rules=rules_name,
        rule_options=dict(rules[rules_name].options) if rules_name else {},
        seed=f.get("seed", _int, None),
        players=players,
        roles=roles,
        schedule=Schedule(
            prep=f.get("prep_deadline", parse_deadline, night),
            night=night,
            day=f.get("day_deadline", parse_deadline),
        ),
        start=f.get("start", lambda text: parse_local_datetime(text, tz), None),
        reminders=f.get("reminders", _durations, ()),
        remind_by_pm=f.get("remind_by_pm", parse_bool, True),
        action_lock=f.get("action_lock", parse_duration, timedelta(0)),
        results=ResultsMode(f.get("results", _choice(tuple(ResultsMode)), "auto")),
        acknowledge=AckMode(f.get("acknowledge", _ack, "on")),
        votes=VotesMode(f.get("votes", _choice(tuple(VotesMode)), "pm")),
        vote_count=f.get("vote_count", _vote_count, False),
        timezone=tz,
        section=section,
    )
    f.finish()
    if config.vote_count and config.votes is VotesMode.PM:
        raise section.where("vote_count").error(
            "a running vote count needs votes = topic (votes sent by PM are secret until the "
            "day ends)"
        )
    return config


def _ack(text: str) -> str:
    if text.strip().lower() == "batched":
        return "batched"
    try:
        return "on" if parse_bool(text) else "off"
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not on, off or batched") from None


KINDS = ("autogm", "forum", "game", "rules", "overrides")


def load_config(path: Path | str) -> Config:
    """Read and validate the whole file; the first problem raises ConfigError."""
    path = Path(path)
    base = path.resolve().parent
    sections = read_ini(path)
    for section in sections:
        _check_header(section)
    by_kind = {kind: [s for s in sections if s.kind == kind] for kind in KINDS}
    autogm = _read_autogm(next(iter(by_kind["autogm"]), None), base)
    forums = {s.label: _read_forum(s, base) for s in by_kind["forum"]}
    rules = {s.label: RulesConfig(s.label, dict(s.values), s) for s in by_kind["rules"]}
    games = {s.label: _read_game(s, autogm, rules) for s in by_kind["game"]}
    for section in by_kind["game"]:
        game = games[section.label]
        if game.forum not in forums:
            raise section.where("forum").error(f"there is no [forum:{game.forum}] section")
    for section in by_kind["overrides"]:
        if section.label not in games:
            raise section.where().error(f"there is no [game:{section.label}] section")
    return Config(path, autogm, forums, games, rules)


def _check_header(section: IniSection) -> None:
    if section.kind not in KINDS:
        kinds = "[autogm], " + ", ".join(f"[{kind}:NAME]" for kind in KINDS[1:])
        raise section.where().error(f"unknown section kind (expected {kinds})")
    if section.kind == "autogm":
        if section.label:
            raise section.where().error("write [autogm] without a name")
        return
    if not NAME_RE.fullmatch(section.label):
        raise section.where().error(
            "section names use letters, digits, '_', '.' or '-' only (e.g. [game:round53])"
        )


RulesetLoader = Callable[[str, Mapping[str, str]], Any]


def check_rulesets(
    config: Config,
    load_ruleset: RulesetLoader,
    error_types: tuple[type[Exception], ...] = (ValueError, LookupError),
) -> dict[str, Any]:
    """Hand each game's ruleset id and raw options to the engine; its errors get a place.

    The seam for ``engine.rules.load_ruleset(id, options)``: an error carrying a ``key``
    attribute points at that key of the game's ``[rules:NAME]`` section; any other error
    (an unknown ruleset id) points at the game's ``ruleset`` key. Returns game → ruleset.
    """
    loaded = {}
    for game in config.games.values():
        try:
            loaded[game.name] = load_ruleset(game.ruleset, game.rule_options)
        except error_types as exc:
            key = getattr(exc, "key", None)
            if game.rules is not None and key in game.rule_options:
                raise config.rules[game.rules].section.where(key).error(str(exc)) from exc
            raise game.section.where("ruleset").error(str(exc)) from exc
    return loaded
