"""A new game's state from its roster, seed and optional prepared setup."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from autogm.engine.families import starting_state
from autogm.engine.families.dctp.abilities.interrogation import starts_drunk
from autogm.engine.families.dctp.abilities.suitcase import suitcase_for_night_one
from autogm.engine.families.dctp.appearance import put_on
from autogm.engine.families.dctp.poisoning import starting_capsules
from autogm.engine.families.dctp.state import UNMARKED
from autogm.engine.phases import Phase
from autogm.engine.rules.base import Ruleset, RulesetError, Side, item_name, resolve_role
from autogm.engine.state import (
    ABROAD,
    BEST_FRIEND,
    DRUNK,
    LOVER,
    ActionRecord,
    GameState,
    PlayerState,
)


@dataclass(frozen=True, slots=True)
class Setup:
    """A prepared state instead of playing the prep phase (docs/scenarios.md ``setup``)."""

    disguises: Mapping[str, str] = field(default_factory=dict)
    costumes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    lovers: tuple[tuple[str, str], ...] = ()
    best_friend: Mapping[str, str] = field(default_factory=dict)
    abroad: tuple[str, ...] | None = None
    sober: tuple[str, ...] = ()
    leader: str | None = None


def new_game(
    ruleset: Ruleset,
    roster: Mapping[str, str],
    seed: int | str,
    setup: Setup | None = None,
) -> GameState:
    """The game at its start: Prep, or Night 1 when a prepared ``setup`` replaces Prep."""
    players = {}
    for name, role_name in roster.items():
        role = resolve_role(ruleset, role_name)
        sheet = ruleset.roles[role]
        items = [item_name(i) for i in sheet.items]
        players[name] = PlayerState(name=name, role=role, items=items, ext=UNMARKED)
    state = starting_state(ruleset, seed, Phase.night(1) if setup else Phase.prep(), players)
    members = [n for n in players if state.side(n) is Side.BLACK_ORG]
    state.ext.starting_town = len(players) - len(members)
    state.ext.aptx = starting_capsules(ruleset, len(members), state.ext.starting_town)
    _apply_setup(state, setup or Setup())
    suitcase_for_night_one(state)
    return state


def _apply_setup(state: GameState, setup: Setup) -> None:
    def known(name: str, where: str) -> str:
        if name not in state.players:
            raise RulesetError(f"setup {where}: {name!r} is not a player")
        return name

    abroad = setup.abroad
    if abroad is None:
        abroad = tuple(
            n for n, p in state.players.items()
            if state.ruleset.roles[p.role].has_trait("starts_abroad")
        )  # fmt: skip
    for name in abroad:
        state.players[known(name, "abroad")].conditions[ABROAD] = None
    # A setup stands for a Prep already played: what a Prep action would have left in the
    # history (a crime an arrest, a cross-examination or a Special Investigate may name) is
    # recorded as if its order had been sent.
    prep, crimes = Phase.prep(), state.ruleset.ext.crimes
    for name, role in setup.disguises.items():
        worn = resolve_role(state.ruleset, role)
        put_on(state.players[known(name, "disguises")], state, worn)
        state.history.append(
            ActionRecord(prep, name, "disguise", (), True, "disguise" in crimes, role=worn)
        )
    for name in setup.sober:
        state.players[known(name, "sober")].conditions.pop(DRUNK, None)
    drunk = starts_drunk(state)
    for name, p in state.players.items():
        if drunk and state.ruleset.roles[p.role].has_trait("drunk") and name not in setup.sober:
            p.conditions[DRUNK] = None
    for first, second in setup.lovers:
        state.ext.lovers.append((known(first, "lovers"), known(second, "lovers")))
        for name in (first, second):
            state.players[name].conditions[LOVER] = None
    for sonoko, friend in setup.best_friend.items():
        state.ext.best_friends[known(sonoko, "best_friend")] = known(friend, "best_friend")
        state.history.append(
            ActionRecord(prep, sonoko, "friendship", (friend,), True, "friendship" in crimes)
        )
        for name in (sonoko, friend):
            state.players[name].conditions[BEST_FRIEND] = None
    for name, costumes in setup.costumes.items():
        roles = tuple(resolve_role(state.ruleset, r) for r in costumes)
        state.ext.costumes[known(name, "costumes")] = roles
        crime = state.ruleset.option("choose_costumes_is_crime")
        state.history.append(ActionRecord(prep, name, "choose_costumes", (), True, crime))
    if setup.leader:
        state.ext.leader = known(setup.leader, "leader")
    else:
        leaders = [
            n for n, p in state.players.items()
            if state.ruleset.roles[p.role].has_trait("leader")
        ]  # fmt: skip
        state.ext.leader = leaders[0] if leaders else None


def new_game_from(
    ruleset: Ruleset, roster: Mapping[str, str], seed: int | str, setup: Mapping[str, Any] | None
) -> GameState:
    """The family's ``new_game``: the game from a scenario's ``setup`` mapping (None: no
    prepared setup, the game starts at Prep)."""
    return new_game(ruleset, roster, seed, None if setup is None else setup_from_dict(setup))


def setup_of(state: GameState) -> dict[str, Any] | None:
    """The family's ``setup_of``: the prepared setup a started game's state was built from, as
    a scenario's ``setup`` writes it (None: it starts at Prep), the inverse of
    ``setup_from_dict``.

    Written explicitly (everyone abroad, the leader), which plays the same as the defaults.
    """
    if state.phase.index == 0:
        return None
    players = state.players
    drunk_roles = [n for n, p in players.items() if state.ruleset.roles[p.role].has_trait("drunk")]
    setup: dict[str, Any] = {
        "disguises": {n: p.ext.disguise for n, p in players.items() if p.ext.disguise},
        "costumes": {n: list(roles) for n, roles in state.ext.costumes.items()},
        "lovers": [list(pair) for pair in state.ext.lovers],
        "best_friend": dict(state.ext.best_friends),
        "abroad": [n for n, p in players.items() if ABROAD in p.conditions],
        "sober": [n for n in drunk_roles if DRUNK not in players[n].conditions],
        "leader": state.ext.leader,
    }
    return {k: v for k, v in setup.items() if v or k == "abroad"}


def setup_from_dict(data: Mapping[str, Any]) -> Setup:
    known = {"disguises", "costumes", "lovers", "best_friend", "abroad", "sober", "leader"}
    unknown = set(data) - known
    if unknown:
        raise RulesetError(f"unknown setup key(s): {', '.join(sorted(unknown))}")
    return Setup(
        disguises=dict(data.get("disguises") or {}),
        costumes={k: tuple(v) for k, v in (data.get("costumes") or {}).items()},
        lovers=tuple(tuple(pair) for pair in data.get("lovers") or ()),  # type: ignore[misc]
        best_friend=dict(data.get("best_friend") or {}),
        abroad=tuple(data["abroad"]) if "abroad" in data else None,
        sober=tuple(data.get("sober") or ()),
        leader=data.get("leader"),
    )
