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
import re
from collections.abc import Callable, Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from autogm.daemon.config.dates import PHPBB_DEFAULT, DateStyle, parse_date_format
from autogm.daemon.config.ini import BAD, REQUIRED, Fields, IniSection, Problems, read_ini
from autogm.daemon.config.model import (
    AckMode,
    AckScope,
    AutogmConfig,
    Config,
    ForumConfig,
    GameConfig,
    InactiveAction,
    InactivityConfig,
    PasswordSource,
    PlayerEntry,
    ResultsMode,
    RulesConfig,
    Schedule,
    SetupConfig,
    ShortSignups,
    SignupConfig,
    VotesMode,
)
from autogm.daemon.config.values import (
    MAX_NAME_CHARS,
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
    parse_send_interval,
    parse_text,
    parse_timezone,
    parse_topic,
    parse_url,
    parse_vote_count,
    shown,
    split_list,
)

T = TypeVar("T")
ADAPTERS = ("phpbb", "mybb", "local")
# The adapters that speak HTTP to a board: each needs its address and the GM's password.
BOARDS = ("phpbb", "mybb")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def default_state_dir() -> str:
    """systemd's StateDirectory= when the service has one (it sets $STATE_DIRECTORY, a
    directory the service may write), else "state" beside the config file."""
    return os.environ.get("STATE_DIRECTORY", "").split(":")[0] or "state"


def parse_path(text: str) -> str:
    """A file or directory name: one line, no NUL, of a length a file system takes."""
    value = text.strip()
    if "\n" in value or "\0" in value or len(value) > 4096:
        raise ValueError(f"{shown(value)} is not a path (one line, no NUL, 4096 characters)")
    return value


def _read_autogm(section: IniSection | None, base: Path) -> AutogmConfig:
    if section is None:
        return AutogmConfig(base / default_state_dir(), "INFO", ZoneInfo("UTC"))
    f = Fields(section)
    config = AutogmConfig(
        state_dir=base / f.get("state_dir", parse_path, default_state_dir()),
        log_level=f.get("log_level", choice(LOG_LEVELS, str.upper), "INFO"),
        timezone=f.get("timezone", parse_timezone, ZoneInfo("UTC")),
        date_format=f.get("date_format", parse_date_format, PHPBB_DEFAULT),
        state_where=section.where("state_dir"),
        grace_period=f.get("grace_period", parse_duration, timedelta(days=3)),
    )
    f.finish()
    return config


def state_dir_problem(state_dir: Path) -> str | None:
    """Why autogm could not keep its state in ``state_dir``, or None.

    Tried by writing, not by asking the permissions (root is allowed everything, yet cannot
    make a directory in /proc or on a read-only file system): a file made and removed in the
    directory, or, where it does not exist yet, a directory made and removed in the nearest
    folder above it that exists (where it would be made). Nothing is left behind.
    """
    import tempfile

    here = state_dir
    try:
        while not here.exists() and here != here.parent:
            here = here.parent
        if not here.is_dir():
            return f"{here} is not a directory"
        made = "" if here == state_dir else f" (to create {state_dir})"
        if here == state_dir:
            with tempfile.TemporaryFile(dir=here, prefix=".autogm-check-"):
                pass
        else:
            Path(tempfile.mkdtemp(dir=here, prefix=".autogm-check-")).rmdir()
    except OSError as exc:
        return f"{here} cannot be written by this user{made} ({exc.strerror or exc})"
    return None


def _read_forum(section: IniSection, base: Path) -> ForumConfig:
    f = Fields(section)
    if "password" in section.values:
        f.seen.add("password")
        f.problem(
            "password",
            "passwords are never read from the config file: "
            "set password_env (an environment variable) or password_file",
        )
    adapter = f.get("adapter", choice(ADAPTERS))
    base_url = f.get("base_url", parse_url, None)
    path = f.get("path", lambda text: base / parse_path(text), None)
    if adapter in BOARDS and base_url is None:
        f.problem("base_url", f"missing (the {adapter} adapter needs it)")
    if adapter == "local" and path is None:
        f.problem("path", "missing (the local adapter needs it)")
    password = _read_password(f, base, needed=adapter in BOARDS)
    config = ForumConfig(
        name=section.label,
        adapter=adapter,
        base_url=base_url,
        path=path,
        username=f.get("username", parse_text),
        password=password,
        request_interval=f.get("request_interval", parse_duration, timedelta(seconds=1)),
        poll_interval=f.get("poll_interval", parse_positive_duration, timedelta(minutes=5)),
        # auto (None) by default: the adapter keeps to the board's flood rule as it learns it
        # (phpBB's one clock, MyBB's two), and a flood-exempt account is never slowed.
        send_interval=f.get("send_interval", parse_send_interval, None),
        allow_plain_http=f.get("allow_plain_http", parse_bool, False),
    )
    f.finish()
    return config


def plain_http_warning(section: IniSection, forum: ForumConfig) -> str | None:
    """The warning of a board reached over plain http, where its password would travel
    unencrypted: autogm logs in there only with the GM's explicit allow_plain_http = yes."""
    if forum.base_url is None or not forum.base_url.lower().startswith("http://"):
        return None
    then = (
        "allowed by allow_plain_http = yes"
        if forum.allow_plain_http
        else "autogm will not log in there unless you set allow_plain_http = yes"
    )
    return section.where("base_url").warning(
        f"plain http sends the password unencrypted: use https:// ({then})"
    )


def _read_password(f: Fields, base: Path, needed: bool) -> PasswordSource | None:
    env = f.get("password_env", parse_text, None)
    file = f.get("password_file", lambda text: base / parse_path(text), None)
    if env is not None and file is not None:
        f.problem("password_file", "set password_env or password_file, not both")
        return None
    if env is None and file is None:
        said = f.has("password_env") or f.has("password_file") or "password" in f.section.values
        if needed and not said:  # a bad one, or a "password" key, is reported on its own line
            f.problem("password_env", "missing: set password_env or password_file")
        return None
    return PasswordSource(env, file, f.section.where("password_env" if env else "password_file"))


def _players(text: str) -> tuple[PlayerEntry, ...]:
    entries = []
    items = split_list(text)
    if len(items) > MAX_COUNT:
        raise ValueError(f"{len(items)} players: a game takes at most {MAX_COUNT}")
    for item in items:
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
    section: IniSection,
    autogm: AutogmConfig,
    rules: Mapping[str, RulesConfig],
    setups: Mapping[str, SetupConfig],
    broken: set[str] = frozenset(),  # type: ignore[assignment]
) -> GameConfig:
    f = Fields(section)
    tz = f.get("timezone", parse_timezone, autogm.timezone)
    signups = _read_signups(f, tz)
    players = f.get("players", _players, () if f.has("signups") else REQUIRED)
    roles = tuple(f.get("roles", _roles, []))
    setup = f.get("setup", parse_name, None)
    if f.ok(players, signups):
        _check_roster(f, players, roles, setup, setups, signups)
    rules_name = f.get("rules", parse_name, None)
    if rules_name is not None and rules_name not in rules:
        if rules_name not in broken:  # a section with problems of its own says them
            f.problem("rules", f"there is no [rules:{rules_name}] section")
        rules_name = None
    night = f.get("night_deadline", parse_deadline)
    config = GameConfig(
        name=section.label,
        forum=f.get("forum", parse_name),
        topic=f.get("topic", parse_topic),
        ruleset=f.get("ruleset", parse_text),
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
        acknowledge=AckMode(f.get("acknowledge", parse_ack, "batched")),
        acknowledge_only=AckScope(f.get("acknowledge_only", choice(tuple(AckScope)), "all")),
        votes=VotesMode(f.get("votes", choice(tuple(VotesMode)), "pm")),
        vote_count=f.get("vote_count", parse_vote_count, False),
        timezone=tz,
        section=section,
        dates=DateStyle(tz, f.get("date_format", parse_date_format, autogm.date_format)),
        setup=setup,
        signups=signups,
        inactivity=_read_inactivity(f),
        gm_contact=f.get("gm_contact", parse_text, None),
    )
    if config.vote_count and config.votes is VotesMode.PM:
        f.problem(
            "vote_count",
            "a running vote count needs votes = topic (votes sent by PM are secret until the "
            "day ends)",
        )
    f.finish()
    return config


def _roles(text: str) -> list[str]:
    roles = split_list(text)
    if len(roles) > MAX_COUNT:
        raise ValueError(f"{len(roles)} roles: a game takes at most {MAX_COUNT}")
    return roles


def _check_roster(
    f: Fields,
    players: tuple[PlayerEntry, ...],
    roles: tuple[str, ...],
    setup: str | None,
    setups: Mapping[str, SetupConfig],
    signups: SignupConfig | None,
) -> None:
    """Who plays and what is dealt: a player list with roles, or names and roles (or a
    setup) to deal, or a sign-up topic and roles (or a setup) to deal. The first problem is
    the one to fix (the others follow from it)."""
    given_roles = bool(players) and players[0].role is not None
    if signups and players:
        f.problem("players", "players join in the sign-up topic (signups); remove 'players'")
    elif setup is not None and setup not in setups:
        f.problem("setup", f"there is no [setup:{setup}] section")
    elif setup is not None and (roles or given_roles):
        key = "roles" if roles else "players"
        f.problem(key, "the roles are dealt from the setup; remove them here")
    elif given_roles and roles:
        f.problem("roles", "players already have roles; remove 'roles'")
    elif not given_roles and not roles and setup is None:
        key = "signups" if signups else "players"
        f.problem(key, "no roles to deal: add 'roles' (as many as players) or 'setup'")
    elif roles and players and len(roles) != len(players):
        f.problem("roles", f"{len(roles)} roles for {len(players)} players")


def _read_signups(f: Fields, tz: ZoneInfo) -> SignupConfig | None:
    keys = ("signups_size", "signups_close", "signups_min", "signups_short")
    topic = f.get("signups", parse_topic, None)
    if topic is None:
        for key in keys:
            if f.has(key) and not f.has("signups"):
                f.problem(key, "only with signups = TOPIC")
            f.seen.add(key)
        return BAD if f.has("signups") else None  # type: ignore[no-any-return]
    size = f.get("signups_size", parse_count, None)
    close = f.get("signups_close", lambda text: parse_local_datetime(text, tz), None)
    if size is None and close is None and not (f.has("signups_size") or f.has("signups_close")):
        f.problem(
            "signups",
            "sign-ups need an end: signups_size (players), signups_close (a time) or both",
        )
    minimum = f.get("signups_min", parse_count, 0)
    if size is not None and minimum > size:
        f.problem("signups_min", f"more than signups_size ({size})")
    short = f.get("signups_short", choice(tuple(ShortSignups)), "wait")
    return SignupConfig(topic, size, close, minimum, ShortSignups(short))


def _read_inactivity(f: Fields) -> InactivityConfig:
    action = InactiveAction(f.get("inactivity", choice(tuple(InactiveAction)), "off"))
    prod = f.get("prod_after", parse_count, 1)
    warn = f.get("warn_after", parse_count, 2)
    if warn <= prod:
        f.problem(
            "warn_after",
            f"must be more than prod_after ({prod}): a player is prodded before being warned",
        )
    exempt = tuple(f.get("inactivity_exempt", _roles, []))
    return InactivityConfig(action, prod, warn, exempt)


# The most players a game, a size or a count of phases may name.
MAX_COUNT = 200


def parse_count(text: str) -> int:
    value = parse_int(text)
    if not 1 <= value <= MAX_COUNT:
        raise ValueError(f"{value} is not a whole number from 1 to {MAX_COUNT}")
    return value


def parse_sizes(text: str) -> tuple[int, ...]:
    """``8-12, 14`` → (8, 9, 10, 11, 12, 14)."""
    sizes: set[int] = set()
    for item in split_list(text.replace("\n", ",")):
        low, dash, high = item.partition("-")
        first = parse_count(low)
        last = parse_count(high) if dash else first
        if last < first:
            raise ValueError(f"{item!r}: the range runs backwards")
        sizes.update(range(first, last + 1))
    return tuple(sorted(sizes))


def parse_bounds(text: str) -> tuple[int, int | None]:
    """``2-3`` → (2, 3); ``2`` → (2, 2); ``2-`` → (2, None); ``-3`` → (0, 3)."""
    low, dash, high = text.strip().partition("-")
    first = parse_int(low) if low.strip() else 0
    last = (parse_int(high) if high.strip() else None) if dash else first
    if first < 0 or (last is not None and last < first):
        raise ValueError(f"{shown(text)} is not N, N-M, N- or -M")
    if max(first, last or 0) > MAX_COUNT:
        raise ValueError(f"{shown(text)}: at most {MAX_COUNT}")
    return first, last


def _role_entry(item: str) -> tuple[str, ...]:
    """``Gin`` → (Gin,); ``one of Chianti, Korn`` / ``Chianti | Korn`` → (Chianti, Korn)."""
    text = item.strip()
    choice = text.casefold().startswith("one of")
    if choice:
        text = text[len("one of") :].lstrip(" :")
    parts = [p.strip() for p in re.split(r",|\||\bor\b", text) if p.strip()]
    if not parts:
        raise ValueError(f"{item.strip()!r} names no role")
    if choice and len(parts) < 2:
        # A choice of one is most likely a role lost in editing: say so before the deal.
        raise ValueError(f"{item.strip()!r} offers one role; 'one of' needs two or more")
    return tuple(parts)


def _groups(text: str, separator: str) -> list[tuple[str, tuple[str, ...]]]:
    """One group per line: (the line as written, its roles)."""
    groups = []
    for line in text.strip().splitlines():
        roles = tuple(p.strip() for p in re.split(separator, line) if p.strip())
        if len(roles) < 2:
            raise ValueError(f"{line.strip()!r}: name at least two roles")
        groups.append((line.strip(), roles))
    return groups


def _requirements(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """``Vermouth needs Gin`` (one per line) → the role first, then what it needs."""
    found = []
    for line in text.strip().splitlines():
        match = re.fullmatch(r"(.+?)\s*(?:\bneeds\b|:)\s*(.+)", line.strip(), re.IGNORECASE)
        if match is None:
            raise ValueError(f"{line.strip()!r}: write 'ROLE needs ROLE[, ROLE]'")
        names = tuple(p.strip() for p in match[2].split(",") if p.strip())
        found.append((line.strip(), (match[1].strip(), *names)))
    return found


def _read_setup(section: IniSection) -> SetupConfig:
    f = Fields(section)
    constraints: list[tuple[str, str, tuple[str, ...], int, int | None]] = []
    for key, separator in (("together", r"\+|,"), ("apart", r",|/")):
        for line, roles in f.get(key, lambda t, s=separator: _groups(t, s), []):
            constraints.append((key, line, roles, 0, None))
    for line, roles in f.get("requires", _requirements, []):
        constraints.append(("requires", line, roles, 0, None))
    for side in ("black_org", "town"):
        bounds = f.get(side, parse_bounds, None)
        if bounds is not None:
            text = section.values[side].strip()
            constraints.append((side, text, (), bounds[0], bounds[1]))
    roles = f.get("roles", lambda t: [_role_entry(i) for i in _role_items(t)])
    setup = SetupConfig(
        name=section.label,
        ruleset=f.get("ruleset", parse_text, None),
        roles=tuple(roles) if f.ok(roles) else (),
        fill=tuple(f.get("fill", _roles, [])),
        sizes=f.get("sizes", parse_sizes, ()),
        constraints=tuple(constraints),
        section=section,
    )
    f.finish()
    return setup


def _role_items(text: str) -> list[str]:
    """One entry per line; on one line, commas separate entries ("one of" needs its line)."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) == 1 and not lines[0].casefold().startswith("one of"):
        lines = split_list(lines[0])
    if len(lines) > MAX_COUNT:
        raise ValueError(f"{len(lines)} roles: a setup deals at most {MAX_COUNT}")
    return lines


KINDS = ("autogm", "forum", "game", "rules", "overrides", "setup")


def load_config(path: Path | str) -> Config:
    """Read and validate the whole file; ConfigError names every problem, each on its line
    (a section with problems of its own is not also reported as missing where it is named)."""
    path = Path(path)
    base = path.resolve().parent
    sections = read_ini(path)
    problems = Problems()
    sections = [s for s in sections if problems.collect(_check_header, s) is not None]
    by_kind = {kind: [s for s in sections if s.kind == kind] for kind in KINDS}
    broken: set[str] = set()

    def read(found: dict[str, T], section: IniSection, reader: Callable[..., T], *args: Any):
        value = problems.collect(reader, section, *args)
        if value is None:
            broken.add(section.label)
        else:
            found[section.label] = value

    autogm_section = next(iter(by_kind["autogm"]), None)
    autogm = problems.collect(_read_autogm, autogm_section, base)
    autogm = autogm or AutogmConfig(base / default_state_dir(), "INFO", ZoneInfo("UTC"))
    forums: dict[str, ForumConfig] = {}
    for section in by_kind["forum"]:
        read(forums, section, _read_forum, base)
    rules: dict[str, RulesConfig] = {}
    for section in by_kind["rules"]:
        read(rules, section, _read_rules)
    setups: dict[str, SetupConfig] = {}
    for section in by_kind["setup"]:
        read(setups, section, _read_setup)
    games: dict[str, GameConfig] = {}
    for section in by_kind["game"]:
        read(games, section, _read_game, autogm, rules, setups, broken)
    for section in by_kind["game"]:
        game = games.get(section.label)
        if game is not None and game.forum not in forums and game.forum not in broken:
            problems.add(section.where("forum").error(f"there is no [forum:{game.forum}] section"))
    for section in by_kind["overrides"]:
        if section.label not in games and section.label not in broken:
            problems.add(section.where().error(f"there is no [game:{section.label}] section"))
    problems.check()
    warnings = [plain_http_warning(s, forums[s.label]) for s in by_kind["forum"]]
    return Config(path, autogm, forums, games, rules, setups, tuple(filter(None, warnings)))


def _read_rules(section: IniSection) -> RulesConfig:
    """A [rules:NAME] section: the options as written (the engine checks them), bounded."""
    f = Fields(section)
    for key in section.values:
        f.get(key, str, "")
    f.finish()
    return RulesConfig(section.label, dict(section.values), section)


def _check_header(section: IniSection) -> IniSection:
    """The section, if its header is one autogm reads."""
    if section.kind not in KINDS:
        kinds = "[autogm], " + ", ".join(f"[{kind}:NAME]" for kind in KINDS[1:])
        raise section.where().error(f"unknown section kind (expected {kinds})")
    if section.kind == "autogm":
        if section.label:
            raise section.where().error("write [autogm] without a name")
        return section
    if not NAME_RE.fullmatch(section.label) or len(section.label) > MAX_NAME_CHARS:
        raise section.where().error(
            "section names use letters, digits, '_', '.' or '-' only (e.g. [game:round53])"
        )
    return section


RulesetLoader = Callable[[str, Mapping[str, str]], Any]


def check_rulesets(
    config: Config,
    load_ruleset: RulesetLoader,
    error_types: tuple[type[Exception], ...] = (ValueError, LookupError),
    names: list[str] | None = None,
) -> dict[str, Any]:
    """Hand each game's ruleset id and raw options to the engine; its errors get a place.

    The seam for ``engine.rules.load_ruleset(id, options)``: an error carrying a ``key``
    attribute points at that key of the game's ``[rules:NAME]`` section; any other error
    (an unknown ruleset id) points at the game's ``ruleset`` key. Returns game → ruleset.
    """
    loaded = {}
    for game in config.games.values():
        if names is not None and game.name not in names:
            continue
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
        # A ruleset still being written (its ``unfinished`` list not empty) is for scenarios
        # and replay only: a live game would meet the rules it lacks halfway through.
        missing = getattr(loaded[game.name], "unfinished", ())
        if missing:
            raise game.section.where("ruleset").error(
                f"{game.ruleset} is not complete yet and cannot run a live game (scenarios and "
                f"autogm replay may use it); still missing: {'; '.join(missing)}"
            )
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
