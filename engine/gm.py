"""Game-master overrides the engine carries out: they change the state, never silently.

Besides a modkill and a substitution, the GM may overrule the engine with a correction of the
game's facts: ``kill X``, ``revive X``, ``arrest X``, ``release X``, ``condition X: NAME [for N
phases]``, ``clear condition X: NAME``, ``give X: ITEM``, ``take X: ITEM``. Each is an input
of the game like an order (``GM: kill X`` in a scenario), so a replay and the archive make the
same correction at the same point; each is announced. A correction changes exactly what it
says: what the rules would attach to it (a lover's suicide, a revealed role) is the GM's to add.
A family whose game has another model of the same fact gives the command its own meaning
(``Family.corrections``: midnight's arrest is Jail, ``arrest X [for N phases]``, and its
deaths are announced without the role).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from autogm.engine.families import FAMILIES
from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.outcome import Notice
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say
from autogm.engine.state import (
    ABROAD,
    BOMB,
    DETAINED,
    DRUNK,
    FRIGHTENED,
    IN_FLIGHT,
    INJURED,
    SUSPENDED,
    TEMPORARILY_INJURED,
    Fate,
    GameState,
    Status,
)

_MODKILL = lazy_compile(r"^\s*modkill\s+(?P<player>.+?)\s*$", re.IGNORECASE)
REPLACE = lazy_compile(r"^\s*replace\s+(?P<old>.+?)\s+with\s+(?P<new>.+?)\s*$", re.IGNORECASE)

# The conditions a GM may set or clear by name (the replay record's names).
CONDITIONS = (
    INJURED, TEMPORARILY_INJURED, SUSPENDED, FRIGHTENED, DETAINED, ABROAD, IN_FLIGHT, DRUNK, BOMB,
)  # fmt: skip


class OverrideError(ValueError):
    """A GM command that names no player or cannot be read."""


CORRECTION_FORMS = (
    "kill X, revive X, arrest X [for N phases (midnight)], release X, "
    "condition X: NAME [for N phases] (not midnight), "
    "clear condition X: NAME, give X: ITEM, take X: ITEM "
    "(midnight: N HP, N cards, N plans, N <role> Guises, Pistol, Revolver, a Daylight ability)"
)
KNOWN = f"modkill X, replace X with Y, {CORRECTION_FORMS}"


def apply_override(state: GameState, command: str) -> tuple[GameState, list[Notice]]:
    """Carry out one GM command on a copy of the state; the notices announce it."""
    found = REPLACE.match(command)
    if found:
        return replace_player(state, _player(state, found["old"]), found["new"].strip())
    for name, pattern, correct in _COMMANDS:
        found = pattern.match(command)
        if found:
            new = state.clone()
            player = _player(new, found["player"])
            correct = FAMILIES[new.ruleset.family].corrections.get(name, correct)
            return new, correct(new, player, found)
    raise OverrideError(f"unknown GM command {command!r} (known: {KNOWN})")


def is_correction(command: str) -> bool:
    """Whether ``command`` is one of the GM's corrections of the game's facts."""
    return any(pattern.match(command) for _, pattern, _ in _CORRECTIONS)


def _player(state: GameState, name: str) -> str:
    wanted = name.strip().casefold()
    for player in state.players:
        if player.casefold() == wanted:
            return player
    raise OverrideError(f"{name.strip()!r} is not a player of this game")


def remove(state: GameState, player: str) -> None:
    """``modkill X``'s change: the GM removes X from the game (inactivity, rule breaking)."""
    p = state.players[player]
    p.status = Status.DEAD
    p.fate = Fate(Phase(state.phase.index), "modkilled")


def _modkill(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    remove(state, player)
    return [Notice("gm.modkilled", None, {"player": player, "role": state.players[player].role})]


def replace_player(state: GameState, old: str, new_name: str) -> tuple[GameState, list[Notice]]:
    """A substitute takes over a slot: role, items, history and all."""
    if new_name in state.players:
        raise OverrideError(f"{new_name!r} is already playing")
    new = state.clone()
    new.rename_player(old, new_name)
    return new, [Notice("gm.replaced", None, {"old": old, "new": new_name})]


# -- corrections of the game's facts ---------------------------------------------------------


def kill(state: GameState, player: str) -> None:
    """``kill X``'s change: X is dead, by the GM, in the open phase."""
    p = state.players[player]
    if p.status is Status.DEAD:
        raise OverrideError(f"{player} is already dead")
    p.status = Status.DEAD
    p.fate = Fate(Phase(state.phase.index), "gm_killed")


def _kill(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    kill(state, player)
    return [Notice("gm.killed", None, {"player": player, "role": state.players[player].role})]


def revive(state: GameState, player: str) -> None:
    """``revive X``'s change: X is alive again."""
    p = state.players[player]
    if p.status is not Status.DEAD:
        raise OverrideError(f"{player} is not dead")
    p.status, p.fate = Status.ALIVE, None
    p.conditions.pop("erased", None)


def _revive(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    revive(state, player)
    return [Notice("gm.revived", None, {"player": player})]


def phases_written(found: re.Match[str]) -> int | None:
    """The N of a correction's "for N phases", or None when it has none."""
    if not found["phases"]:
        return None
    phases = int(found["phases"])
    if phases < 1:
        raise OverrideError("a correction lasts at least 1 phase")
    return phases


def _arrest(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    if found["phases"]:
        raise OverrideError(
            f"an arrest lasts until 'release {player}': 'for N phases' is midnight's Jail"
        )
    p = state.players[player]
    if p.status is not Status.ALIVE:
        raise OverrideError(f"{player} is not free: {p.status.value}")
    p.status = Status.ARRESTED
    p.fate = Fate(Phase(state.phase.index), "gm_arrested")
    return [Notice("gm.arrested", None, {"player": player})]


def _release(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    p = state.players[player]
    if p.status is not Status.ARRESTED:
        raise OverrideError(f"{player} is not arrested")
    p.status, p.fate = Status.ALIVE, None
    return [Notice("gm.released", None, {"player": player})]


def _condition_name(found: re.Match[str]) -> str:
    name = "_".join(found["condition"].strip().lower().replace("-", " ").split())
    if name not in CONDITIONS:
        raise OverrideError(
            f"{found['condition'].strip()!r} is not a condition ({', '.join(CONDITIONS)})"
        )
    return name


def _set_condition(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    name = _condition_name(found)
    phases = phases_written(found)
    # "for N phases": the open phase and the N - 1 after it.
    until = None if phases is None else state.phase.index + phases - 1
    state.players[player].conditions[name] = until
    lasting = ""
    if phases:
        lasting = say("gm.lasting_one" if phases == 1 else "gm.lasting", phases=phases)
    return [
        Notice("gm.condition", player, {"condition": name.replace("_", " "), "lasting": lasting})
    ]


def _clear_condition(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    name = _condition_name(found)
    if not state.players[player].has(name, state.phase):
        raise OverrideError(f"{player} is not {name.replace('_', ' ')}")
    del state.players[player].conditions[name]
    return [Notice("gm.condition_cleared", player, {"condition": name.replace("_", " ")})]


def _give(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    item = found["item"].strip()
    state.players[player].items.append(item)
    return [Notice("gm.given", player, {"item": item})]


def _take(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    wanted = found["item"].strip().casefold()
    items = state.players[player].items
    for i, item in enumerate(items):
        if item.casefold() == wanted:
            del items[i]
            return [Notice("gm.taken", player, {"item": item})]
    raise OverrideError(
        f"{player} holds no {found['item'].strip()!r} (holds: {', '.join(items) or 'nothing'})"
    )


def _pattern(text: str) -> re.Pattern[str]:
    return lazy_compile(rf"^\s*{text}\s*$", re.IGNORECASE)


Correct = Callable[[GameState, str, re.Match[str]], list[Notice]]
# "for N phases" after a correction that may be timed.
_FOR = r"(?:\s+for\s+(?P<phases>\d+)\s+phases?)?"
# Compiled at their first use: a game with no GM correction never compiles them (about 1 ms
# of start-up). Each is named, so that a family may give it its own meaning.
_CORRECTIONS: list[tuple[str, re.Pattern[str], Correct]] = [
    ("kill", _pattern(r"kill\s+(?P<player>.+?)"), _kill),
    ("revive", _pattern(r"revive\s+(?P<player>.+?)"), _revive),
    ("arrest", _pattern(rf"arrest\s+(?P<player>.+?){_FOR}"), _arrest),
    ("release", _pattern(r"release\s+(?P<player>.+?)"), _release),
    (
        "clear_condition",
        _pattern(r"clear\s+condition\s+(?P<player>.+?)\s*:\s*(?P<condition>[\w -]+?)"),
        _clear_condition,
    ),
    (
        "condition",
        _pattern(rf"condition\s+(?P<player>.+?)\s*:\s*(?P<condition>[\w -]+?){_FOR}"),
        _set_condition,
    ),
    ("give", _pattern(r"give\s+(?P<player>.+?)\s*:\s*(?P<item>.+?)"), _give),
    ("take", _pattern(r"take\s+(?P<player>.+?)\s*:\s*(?P<item>.+?)"), _take),
]
# The GM commands on one player: the modkill, then the corrections.
_COMMANDS: list[tuple[str, re.Pattern[str], Correct]] = [
    ("modkill", _MODKILL, _modkill),
    *_CORRECTIONS,
]
