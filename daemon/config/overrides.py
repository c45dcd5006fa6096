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

from daemon.config.ini import Where, read_ini
from daemon.config.model import Config, InactiveAction
from daemon.config.values import parse_local_datetime, parse_positive_duration

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
    from engine.gm import CORRECTION_FORMS

    return f"a correction: {CORRECTION_FORMS}"


def _texts() -> str:
    from engine.gm_texts import FORMS

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
        (r"void order #?(?P<id>\d+)", lambda m: VoidOrder(int(m["id"]))),
        (
            r"correct order #?(?P<id>\d+)\s*:\s*(?P<text>.+)",
            lambda m: CorrectOrder(int(m["id"]), m["text"]),
        ),
        (rf"note(?: {PHASE})?\s*:\s*(?P<text>.+)", lambda m: Note(_phase(m), m["text"])),
        (r"ruling.*", _ruling_gone),
        (r"resend #?(?P<id>\d+)", lambda m: Resend(int(m["id"]))),
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


def _ruling_gone(match: re.Match[str]) -> Command:
    raise ValueError(
        "'ruling' changed nothing and is gone: write a correction the engine applies (kill, "
        "revive, arrest, release, condition, clear condition, give, take) or 'note: TEXT'"
    )


def _correction(match: re.Match[str]) -> Command:
    from engine.gm import is_correction

    text = match.group(0)
    if not is_correction(text):
        raise ValueError(f"{text!r} is not a correction ({_corrections()})")
    return Correction(text)


def _gm_text(match: re.Match[str]) -> Command:
    from engine.gm_texts import is_text_command

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


def read_overrides(config: Config) -> dict[str, list[Override]]:
    """Re-read the config file's override sections (file order kept), game → overrides.

    Only the override sections are read again: the other sections take effect at restart.
    The first bad line raises ConfigError, and nothing is applied until it is fixed.
    """
    found: dict[str, list[Override]] = {}
    for section in read_ini(config.path):
        if section.kind != "overrides":
            continue
        game = config.games.get(section.label)
        if game is None:
            raise section.where().error(f"there is no [game:{section.label}] section")
        items = found.setdefault(game.name, [])
        for label, text in section.values.items():
            where = section.where(label)
            try:
                command = parse_command(text, game.timezone)
            except ValueError as exc:
                raise where.error(str(exc)) from exc
            off = game.inactivity.action is InactiveAction.OFF
            if isinstance(command, Inactivity) and command.on and off:
                raise where.error(
                    f"[game:{game.name}] has inactivity = off, so there are no steps to turn "
                    "on: set inactivity there (it takes effect at a restart)"
                )
            items.append(Override(game.name, label, " ".join(text.split()), command, where))
    return found
