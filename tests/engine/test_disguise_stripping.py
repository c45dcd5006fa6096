"""A disguise lost goes with its items, and a disguiser freed from jail gets a new one.

"Kid/Vermouth lose their disguise if pinched, injured, arrested for being disguised, house
searched; keep their disguise otherwise." "When the player isn't disguised, he'll loose the
stealable items of the disguised role (the items don't stay and stack)". Pinch Face: "Kid and
Vermouth will then be assigned a new disguise at random if they are released from jail." "If
Yukiko is pinched and arrested, she does not get a new role when freed."
"""

from __future__ import annotations

from autogm.engine.phases import Phase
from autogm.engine.replay import parse_scenario, replay
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import item_name
from autogm.engine.state import GameState

RULESET = load_ruleset("dctp-2011")
PLAYERS = "{V: Vermouth, G: Gin, Kb: Kobayashi, N: Nakamori, Me: Megure, Er: Eri, C: Camel}"


def _items(role: str) -> list[str]:
    return sorted(item_name(i) for i in RULESET.role(role).items)


def _play(phases: str, setup: str = "{disguises: {V: Takagi}}") -> dict[Phase, GameState]:
    text = f"ruleset: dctp-2011\nseed: 3\nplayers: {PLAYERS}\nsetup: {setup}\nphases:\n{phases}"
    out = {}
    for p in replay(parse_scenario(text)):
        assert p.outcome is not None
        out[p.phase] = p.outcome.state
    return out


def test_the_disguise_starts_with_its_items() -> None:
    state = _play("  - phase: Night 1\n    orders: []\n")[Phase.night(1)]
    v = state.players["V"]
    assert v.ext.disguise == "Takagi"
    assert sorted(v.items) == sorted(_items("Vermouth") + _items("Takagi"))


def test_an_injury_takes_the_disguise_and_its_items() -> None:
    state = _play("  - phase: Night 1\n    orders:\n      - G: Kill V\n      - Kb: First Aid V\n")[
        Phase.night(1)
    ]
    v = state.players["V"]
    assert v.ext.disguise is None
    assert sorted(v.items) == _items("Vermouth")


def test_a_house_search_takes_the_disguise_and_its_items() -> None:
    state = _play("  - phase: Night 1\n    orders:\n      - Me: House Search V\n")[Phase.night(1)]
    v = state.players["V"]
    assert v.status.value == "arrested"
    assert v.ext.disguise is None
    assert sorted(v.items) == _items("Vermouth")


def test_an_arrest_for_disguising_takes_the_disguise_and_its_items() -> None:
    state = _play(
        "  - phase: Day 1\n    orders:\n      - Me: Arrest V for disguising as Takagi on Night 1\n"
    )[Phase.day(1)]
    v = state.players["V"]
    assert v.status.value == "arrested"
    assert v.ext.disguise is None
    assert sorted(v.items) == _items("Vermouth")


def test_a_pinched_disguiser_freed_by_lawsuit_gets_a_new_disguise_with_its_items() -> None:
    phases = (
        "  - phase: Night 1\n    orders:\n      - N: Pinch Face V\n"
        "  - phase: Night 2\n    orders:\n      - Er: Lawsuit V\n"
    )
    states = _play(phases)
    pinched = states[Phase.night(1)].players["V"]
    assert pinched.ext.disguise is None and sorted(pinched.items) == _items("Vermouth")
    freed = states[Phase.night(2)].players["V"]
    assert freed.status.value == "alive"
    assert freed.ext.disguise not in (None, "Takagi")  # a new role nobody plays or wears
    assert RULESET.role(freed.ext.disguise).disguisable
    assert sorted(freed.items) == sorted(_items("Vermouth") + _items(freed.ext.disguise))


def test_a_disguiser_arrested_for_another_crime_keeps_the_disguise() -> None:
    phases = (
        "  - phase: Night 1\n    orders:\n      - V: Kill C\n"
        "  - phase: Day 1\n    orders:\n      - Me: Arrest V for killing C on Night 1\n"
    )
    v = _play(phases)[Phase.day(1)].players["V"]
    assert v.status.value == "arrested"
    assert v.ext.disguise == "Takagi"
