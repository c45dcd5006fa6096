"""config.ini → frozen dataclasses, with every error naming the file, the line and the key.

The file is read by :mod:`daemon.config.ini` (which keeps the line of each key), each value
parsed by :mod:`daemon.config.values`, and the result is the dataclasses of
:mod:`daemon.config.model`. Every section is validated at load, so a typo is reported when
the daemon starts (or by ``check-config``), not weeks later when a phase closes.

Sections: ``[autogm]``, ``[forum:NAME]``, ``[game:NAME]``, ``[rules:NAME]`` (raw ruleset
options; the engine validates them through :func:`check_rulesets`) and ``[overrides:NAME]``
(GM commands, read by ``daemon.play.overrides`` at every poll; here only their game is checked).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from daemon.config.dates import PHPBB_DEFAULT, DateStyle, parse_date_format
from daemon.config.ini import Fields, IniSection, read_ini
from daemon.config.model import (
    AckMode,
    AutogmConfig,
    Config,
    ForumConfig,
    GameConfig,
    PasswordSource,
    PlayerEntry,
    ResultsMode,
    RulesConfig,
    Schedule,
    VotesMode,
)
from daemon.config.values import (
    NAME_RE,
    choice,
    parse_ack,
    parse_bool,
    parse_deadline,
    parse_duration,
    parse_durations,
    parse_int,
    parse_local_datetime,
    parse_name,
    parse_positive_duration,
    parse_timezone,
    parse_topic,
    parse_url,
    parse_vote_count,
    split_list,
)

ADAPTERS = ("phpbb", "local")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def default_state_dir() -> str:
    """systemd's StateDirectory= when the service has one (it sets $STATE_DIRECTORY, a
    directory the service may write), else "state" beside the config file."""
    return os.environ.get("STATE_DIRECTORY", "").split(":")[0] or "state"


def _read_autogm(section: IniSection | None, base: Path) -> AutogmConfig:
    if section is None:
        return AutogmConfig(base / default_state_dir(), "INFO", ZoneInfo("UTC"))
    f = Fields(section)
    config = AutogmConfig(
        state_dir=base / f.get("state_dir", str.strip, default_state_dir()),
        log_level=f.get("log_level", choice(LOG_LEVELS, str.upper), "INFO"),
        timezone=f.get("timezone", parse_timezone, ZoneInfo("UTC")),
        date_format=f.get("date_format", parse_date_format, PHPBB_DEFAULT),
        state_where=section.where("state_dir"),
    )
    f.finish()
    return config


def state_dir_problem(state_dir: Path) -> str | None:
    """Why autogm could not keep its state in ``state_dir``, or None: the directory, or the
    nearest folder above it that exists (where it would be made), must be writable."""
    here = state_dir
    while not here.exists() and here != here.parent:
        here = here.parent
    if not here.is_dir():
        return f"{here} is not a directory"
    if not os.access(here, os.W_OK | os.X_OK):
        made = "" if here == state_dir else f" (to create {state_dir})"
        return f"{here} is not writable by this user{made}"
    return None


def _read_forum(section: IniSection, base: Path) -> ForumConfig:
    f = Fields(section)
    if "password" in section.values:
        raise section.where("password").error(
            "passwords are never read from the config file: "
            "set password_env (an environment variable) or password_file"
        )
    adapter = f.get("adapter", choice(ADAPTERS))
    base_url = f.get("base_url", parse_url, None)
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
        poll_interval=f.get("poll_interval", parse_positive_duration, timedelta(minutes=5)),
        send_interval=f.get("send_interval", parse_duration, timedelta(seconds=15)),
    )
    f.finish()
    return config


def _read_password(f: Fields, base: Path, needed: bool) -> PasswordSource | None:
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


def _read_game(
    section: IniSection, autogm: AutogmConfig, rules: Mapping[str, RulesConfig]
) -> GameConfig:
    f = Fields(section)
    tz = f.get("timezone", parse_timezone, autogm.timezone)
    players = f.get("players", _players)
    roles = tuple(f.get("roles", split_list, []))
    if players[0].role is None and not roles:
        raise section.where("players").error("players have no roles: add 'roles' to deal")
    if players[0].role is not None and roles:
        raise section.where("roles").error("players already have roles; remove 'roles'")
    if roles and len(roles) != len(players):
        raise section.where("roles").error(f"{len(roles)} roles for {len(players)} players")
    rules_name = f.get("rules", parse_name, None)
    if rules_name is not None and rules_name not in rules:
        raise section.where("rules").error(f"there is no [rules:{rules_name}] section")
    night = f.get("night_deadline", parse_deadline)
    config = GameConfig(
        name=section.label,
        forum=f.get("forum", parse_name),
        topic=f.get("topic", parse_topic),
        ruleset=f.get("ruleset", str.strip),
        rules=rules_name,
        rule_options=dict(rules[rules_name].options) if rules_name else {},
        seed=f.get("seed", parse_int, None),
        players=players,
        roles=roles,
        schedule=Schedule(
            prep=f.get("prep_deadline", parse_deadline, night),
            night=night,
            day=f.get("day_deadline", parse_deadline),
        ),
        start=f.get("start", lambda text: parse_local_datetime(text, tz), None),
        reminders=f.get("reminders", parse_durations, ()),
        remind_by_pm=f.get("remind_by_pm", parse_bool, True),
        action_lock=f.get("action_lock", parse_duration, timedelta(0)),
        results=ResultsMode(f.get("results", choice(tuple(ResultsMode)), "auto")),
        acknowledge=AckMode(f.get("acknowledge", parse_ack, "on")),
        votes=VotesMode(f.get("votes", choice(tuple(VotesMode)), "pm")),
        vote_count=f.get("vote_count", parse_vote_count, False),
        timezone=tz,
        section=section,
        dates=DateStyle(tz, f.get("date_format", parse_date_format, autogm.date_format)),
    )
    f.finish()
    if config.vote_count and config.votes is VotesMode.PM:
        raise section.where("vote_count").error(
            "a running vote count needs votes = topic (votes sent by PM are secret until the "
            "day ends)"
        )
    return config


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
            if key is None and game.rules is not None:
                key = _bad_option(load_ruleset, game.ruleset, game.rule_options, error_types)
            if game.rules is not None and key in game.rule_options:
                problem = str(exc).removeprefix(f"option {key}: ")
                raise config.rules[game.rules].section.where(key).error(problem) from exc
            raise game.section.where("ruleset").error(str(exc)) from exc
    return loaded


def _bad_option(
    load_ruleset: RulesetLoader,
    ruleset: str,
    options: Mapping[str, str],
    error_types: tuple[type[Exception], ...],
) -> str | None:
    """The option the ruleset refuses on its own, when its error does not name one."""
    try:
        load_ruleset(ruleset, {})
    except error_types:
        return None  # the ruleset id itself is bad
    for key, value in options.items():
        try:
            load_ruleset(ruleset, {key: value})
        except error_types:
            return key
    return None
