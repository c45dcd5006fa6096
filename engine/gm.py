"""Game-master overrides the engine carries out: they change the state, never silently."""

from __future__ import annotations

import re

from engine.outcome import Notice
from engine.phases import Phase
from engine.state import Fate, GameState, Status

_MODKILL = re.compile(r"^\s*modkill\s+(?P<player>.+?)\s*$", re.IGNORECASE)
REPLACE = re.compile(r"^\s*replace\s+(?P<old>.+?)\s+with\s+(?P<new>.+?)\s*$", re.IGNORECASE)


class OverrideError(ValueError):
    """A GM command that names no player or cannot be read."""


def apply_override(state: GameState, command: str) -> tuple[GameState, list[Notice]]:
    """Carry out ``modkill X`` or ``replace X with Y`` on a copy of the state."""
    found = _MODKILL.match(command)
    if found:
        return modkill(state, _player(state, found["player"]))
    found = REPLACE.match(command)
    if found:
        return replace_player(state, _player(state, found["old"]), found["new"].strip())
    raise OverrideError(f"unknown GM command {command!r} (known: modkill X, replace X with Y)")


def _player(state: GameState, name: str) -> str:
    wanted = name.strip().casefold()
    for player in state.players:
        if player.casefold() == wanted:
            return player
    raise OverrideError(f"{name.strip()!r} is not a player of this game")


def modkill(state: GameState, player: str) -> tuple[GameState, list[Notice]]:
    """The GM removes a player (inactivity, rule breaking); the role is announced."""
    new = state.clone()
    p = new.players[player]
    p.status = Status.DEAD
    p.fate = Fate(Phase(new.phase.index), "modkilled")
    return new, [Notice("gm.modkilled", None, {"player": player, "role": p.role})]


def replace_player(state: GameState, old: str, new_name: str) -> tuple[GameState, list[Notice]]:
    """A substitute takes over a slot: role, items, history and all."""
    if new_name in state.players:
        raise OverrideError(f"{new_name!r} is already playing")
    new = state.clone()
    new.rename_player(old, new_name)
    return new, [Notice("gm.replaced", None, {"old": old, "new": new_name})]
