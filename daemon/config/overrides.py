"""The ``[overrides:GAME]`` lines of config.ini, read and checked: what each line commands.

Applying them is daemon/play/overrides.py's; this part needs no store, so ``check-config`` checks
every line as the daemon will read it, with file, line and key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from autogm.daemon.config.ini import ConfigError, Where, read_ini, unreadable
from autogm.daemon.config.model import Config, GameConfig, InactiveAction
from autogm.daemon.config.values import (
    MAX_INT,
    parse_local_datetime,
    parse_positive_duration,
    shown,
)

PHASE = r"(?P<phase>prep|(?:night|day) \d+)"


@dataclass(frozen=True, slots=True)
class Pause:
    pass


@dataclass(frozen=True, slots=True)
class Resume:
    pass


@dataclass(frozen=True, slots=True)
class Extend:
    phase: str | None
    by: timedelta


@dataclass(frozen=True, slots=True)
class SetDeadline:
    phase: str | None
    at: datetime


@dataclass(frozen=True, slots=True)
class ReplacePlayer:
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class Modkill:
    player: str


@dataclass(frozen=True, slots=True)
class VoidOrder:
    order_id: int


@dataclass(frozen=True, slots=True)
class CorrectOrder:
    order_id: int
    text: str


@dataclass(frozen=True, slots=True)
class Note:
    """A free-text note of the GM's for a phase: kept with the game, changes nothing."""

    phase: str | None
    text: str


@dataclass(frozen=True, slots=True)
class Correction:
    """The GM overrules the engine on a fact of the game (engine/gm.py): ``kill X``, ``revive
    X``, ``arrest X`` (midnight: ``[for N phases]``), ``release X``, ``condition X: NAME [for N
    phases]``, ``clear condition X: NAME``, ``give X: ITEM``, ``take X: ITEM``. ``text`` is the
    command as the engine reads it."""

    text: str


@dataclass(frozen=True, slots=True)
class GmText:
    """One of the GM's texts (engine/gm_texts.py): ``approve KIND N``, ``KIND N: TEXT``,
    ``withhold KIND N``, ``dream NAME: TEXT``, ``dreamer NAME``, ``hint NAME|topic: TEXT``.
    ``text`` is the command as the engine reads it."""

    text: str


@dataclass(frozen=True, slots=True)
class Resend:
    outbox_id: int


@dataclass(frozen=True, slots=True)
class End:
    text: str


@dataclass(frozen=True, slots=True)
class Inactivity:
    """``inactivity off|on [for NAME]``: the game's inactivity steps paused or resumed, for
    the game or one player (away for a week), without a restart."""

    on: bool
    player: str | None


Command = (
    Pause
    | Resume
    | Extend
    | SetDeadline
    | ReplacePlayer
    | Modkill
    | VoidOrder
    | CorrectOrder
    | Note
    | Correction
    | GmText
    | Resend
    | End
    | Inactivity
)


@dataclass(frozen=True, slots=True)
class Override:
    game: str
    label: str
    text: str
    command: Command
    where: Where = field(compare=False)


class OverrideError(Exception):
    """An override that cannot be applied now (no such order, no open phase...)."""


class NotYet(OverrideError):
    """An override for a phase still to come: it is tried again at every poll until then."""


def _corrections() -> str:
    # engine.gm (and the outcome and state modules under it) loads only for a correction or
    # a line to refuse: `status` and `check-config` of the usual overrides start without it.
    from autogm.engine.gm import CORRECTION_FORMS

    return f"a correction: {CORRECTION_FORMS}"


def _texts() -> str:
    from autogm.engine.gm_texts import FORMS

    return f"a GM text: {FORMS}"


def _phase(match: re.Match[str]) -> str | None:
    phase = match.groupdict().get("phase")
    return phase.title() if phase else None


def _grammar(tz: ZoneInfo) -> list[tuple[str, Callable[[re.Match[str]], Command]]]:
    """Pattern → command; patterns are matched case-insensitively against the whole line."""
    return [
        (r"pause", lambda m: Pause()),
        (r"resume", lambda m: Resume()),
        (
            rf"extend(?: {PHASE})? by (?P<d>.+)",
            lambda m: Extend(_phase(m), parse_positive_duration(m["d"])),
        ),
        (
            rf"deadline(?: {PHASE})? at (?P<t>.+)",
            lambda m: SetDeadline(_phase(m), parse_local_datetime(m["t"], tz)),
        ),
        (r"replace (?P<old>.+?) with (?P<new>.+)", lambda m: ReplacePlayer(m["old"], m["new"])),
        (r"modkill (?P<name>.+)", lambda m: Modkill(m["name"])),
        (r"void order #?(?P<id>\d+)", lambda m: VoidOrder(_number(m["id"], "order"))),
        (
            r"correct order #?(?P<id>\d+)\s*:\s*(?P<text>.+)",
            lambda m: CorrectOrder(_number(m["id"], "order"), m["text"]),
        ),
        (rf"note(?: {PHASE})?\s*:\s*(?P<text>.+)", lambda m: Note(_phase(m), m["text"])),
        (r"ruling.*", _ruling_gone),
        (r"resend #?(?P<id>\d+)", lambda m: Resend(_number(m["id"], "outbox message"))),
        (
            r"(?:kill|revive|arrest|release|condition|clear condition|give|take) .+",
            _correction,
        ),
        (
            r"(?:approve|withhold|drop|dreamer|dream|hint|riddle|tape|will|letter|call) .+",
            _gm_text,
        ),
        (r"end(?: (?P<text>.+))?", lambda m: End(m["text"] or "")),
        (
            r"inactivity (?P<state>on|off)(?: for (?P<name>.+))?",
            lambda m: Inactivity(m["state"].casefold() == "on", m["name"]),
        ),
    ]


def _number(digits: str, what: str) -> int:
    """An order's or a message's id: a number the store can hold (status lists them)."""
    if len(digits) > 19 or int(digits) > MAX_INT:
        raise ValueError(f"there is no {what} {shown(digits, 24)}: autogm status lists the ids")
    return int(digits)


def _ruling_gone(match: re.Match[str]) -> Command:
    raise ValueError(
        "'ruling' changed nothing and is gone: write a correction the engine applies (kill, "
        "revive, arrest, release, condition, clear condition, give, take) or 'note: TEXT'"
    )


def _correction(match: re.Match[str]) -> Command:
    from autogm.engine.gm import is_correction

    text = match.group(0)
    if not is_correction(text):
        raise ValueError(f"{text!r} is not a correction ({_corrections()})")
    return Correction(text)


def _gm_text(match: re.Match[str]) -> Command:
    from autogm.engine.gm_texts import is_text_command

    text = match.group(0)
    if not is_text_command(text):
        raise ValueError(f"{text!r} is not a GM text command ({_texts()})")
    return GmText(text)


def parse_command(text: str, tz: ZoneInfo) -> Command:
    """One override command; ValueError says what is wrong with it."""
    line = " ".join(text.split())
    for pattern, build in _grammar(tz):
        match = re.fullmatch(pattern, line, flags=re.IGNORECASE)
        if match:
            return build(match)
    verbs = (
        "pause, resume, extend, deadline, replace, modkill, void order, correct order, "
        "inactivity off/on, "
    )
    raise ValueError(
        f"{line!r} is not an override ({verbs}note, resend, end, {_texts()}, or {_corrections()})"
    )


@dataclass(frozen=True, slots=True)
class Refused:
    """An override line that cannot be read: reported (once), skipped; the others apply."""

    game: str
    label: str
    text: str
    error: ConfigError


class OverrideLines(dict[str, list[Override]]):
    """Game → its override lines that could be read, in file order; ``refused``: the others."""

    def __init__(self) -> None:
        super().__init__()
        self.refused: list[Refused] = []


MAX_LINE_CHARS = 5000  # an override is a command, or a text the GM rewrote: a page at most


def read_overrides(config: Config) -> OverrideLines:
    """Re-read the config file's override sections (file order kept), game → overrides.

    Only the override sections are read again: the other sections take effect at restart.
    Each line stands alone: one that cannot be read is in ``refused`` with its FILE:LINE
    error, and the lines after it are read as usual. A file that cannot be read at all
    raises ConfigError.
    """
    found = OverrideLines()
    for section in read_ini(config.path):
        if section.kind != "overrides":
            continue
        game = config.games.get(section.label)
        if game is None:
            error = section.where().error(f"there is no [game:{section.label}] section")
            found.refused.append(Refused(section.label, "", "", error))
            continue
        items = found.setdefault(game.name, [])
        for label, text in section.values.items():
            where = section.where(label)
            try:
                command = _read_line(game, text)
            except Exception as exc:  # any text at all: a line for the GM, never a traceback
                found.refused.append(Refused(game.name, label, text, where.error(unreadable(exc))))
                continue
            items.append(Override(game.name, label, " ".join(text.split()), command, where))
    return found


def _read_line(game: GameConfig, text: str) -> Command:
    if len(text) > MAX_LINE_CHARS:
        raise ValueError(f"longer than {MAX_LINE_CHARS} characters")
    command = parse_command(text, game.timezone)
    off = game.inactivity.action is InactiveAction.OFF
    if isinstance(command, Inactivity) and command.on and off:
        raise ValueError(
            f"[game:{game.name}] has inactivity = off, so there are no steps to turn on: set "
            "inactivity there (it takes effect at a restart)"
        )
    return command
