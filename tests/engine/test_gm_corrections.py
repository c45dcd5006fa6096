"""The GM overrules the engine with corrections of the game's facts (issue 13, §2): "a small
set of replayable corrections the engine applies and records (kill, revive, arrest, release,
set or clear a condition, give or take an item), each shown in the phase's results"."""

from __future__ import annotations

import re

import pytest

from autogm.engine.families.dctp.setup import new_game
from autogm.engine.gm import OverrideError, apply_override, is_correction
from autogm.engine.replay import parse_scenario, record, replay
from autogm.engine.rules import load_ruleset
from autogm.engine.state import INJURED, Status

ROSTER = {"Abs": "Gin", "Kleene": "Agasa", "Conia": "Shinichi", "Jd-": "Araide", "Ran": "Ran"}


def _state():
    return new_game(load_ruleset("dctp-2011"), ROSTER, 7)


def test_each_correction_changes_what_it_says_and_announces_it() -> None:
    state = _state()
    state, notices = apply_override(state, "kill Kleene")
    assert state.players["Kleene"].status is Status.DEAD
    assert notices[0].key == "gm.killed" and notices[0].to is None
    state, _ = apply_override(state, "revive kleene")
    assert state.players["Kleene"].status is Status.ALIVE and state.players["Kleene"].fate is None
    state, _ = apply_override(state, "arrest Abs")
    assert state.players["Abs"].status is Status.ARRESTED
    state, _ = apply_override(state, "release Abs")
    assert state.players["Abs"].status is Status.ALIVE
    state, notices = apply_override(state, "condition Ran: injured for 2 phases")
    assert state.players["Ran"].has(INJURED, state.phase)
    assert not state.players["Ran"].has(INJURED, state.phase.next().next())
    assert notices[0].to == "Ran"
    state, _ = apply_override(state, "clear condition Ran: injured")
    assert not state.players["Ran"].has(INJURED, state.phase)
    state, _ = apply_override(state, "give Conia: Tranquilizer Watch")
    assert "Tranquilizer Watch" in state.players["Conia"].items
    state, notices = apply_override(state, "take Conia: tranquilizer watch")
    assert "Tranquilizer Watch" not in state.players["Conia"].items
    assert notices[0].params == {"item": "Tranquilizer Watch"}


@pytest.mark.parametrize(
    ("command", "why"),
    [
        ("revive Abs", "is not dead"),
        ("release Abs", "is not arrested"),
        ("condition Abs: sleepy", "is not a condition"),
        ("clear condition Abs: injured", "is not injured"),
        ("take Abs: Watch", "holds no 'Watch'"),
        ("kill Nobody", "is not a player"),
    ],
)
def test_a_correction_that_cannot_be_made_says_why(command: str, why: str) -> None:
    with pytest.raises(OverrideError, match=why):
        apply_override(_state(), command)


def test_corrections_are_told_apart_from_other_gm_commands() -> None:
    assert is_correction("kill Abs") and is_correction("give Abs: Gun")
    assert not is_correction("modkill Abs") and not is_correction("replace Abs with Newbie")


SCENARIO = """
title: A GM correction replayed
ruleset: dctp-2011
seed: 7
players: {Abs: Gin, Kleene: Agasa, Conia: Shinichi, Jd-: Araide, Ran: Ran}
phases:
  - phase: Night 1
    orders:
      - Abs: Kill Kleene
  - phase: Day 1
    orders:
      - GM: revive Kleene
      - GM: "condition Ran: injured for 1 phase"
      - Conia: Vote Abs
      - Kleene: Vote Abs
      - Ran: Vote Abs
"""


def test_a_correction_is_an_input_of_the_game_shown_in_the_phase_results() -> None:
    scenario = parse_scenario(SCENARIO, "<test>")
    rec = record(scenario, replay(scenario))
    (day,) = [p for p in rec["phases"] if p["phase"] == "Day 1"]
    assert day["public"][0] == "The GM corrects the game: [b]Kleene[/b] is alive."
    assert "The GM corrects the game: you are injured for 1 phase." in day["private"]["Ran"]
    assert day["players"]["Kleene"]["status"] == "alive"
    assert rec["winner"] == "town"


def _midnight():
    from autogm.engine.families.midnight.family import new_game as new_midnight

    roster = {"P": "Civilian", "A": "Cop", "B": "Boss", "C": "Killer"}
    return new_midnight(load_ruleset("midnight"), roster, 1, {})


def test_a_midnight_arrest_is_jail_for_the_phases_it_says() -> None:
    """midnight has no arrest but Jail ("Jail — all abilities are disabled"): the GM's arrest
    jails from the open phase, for it and the next (Detain's "next Day and Night") or for the
    N phases written, and the release ends every Jail term from the open phase on
    (docs/rulings.md, "midnight: the GM's corrections")."""
    from autogm.engine.families.midnight.model import mn

    state = _midnight()
    index = state.phase.index
    state, notices = apply_override(state, "arrest P")
    assert mn(state.players["P"]).jail == [(index, index + 1)]
    assert state.players["P"].status is Status.ALIVE
    assert notices[0].key == "gm.jailed" and notices[0].to is None
    assert notices[0].params == {"player": "P", "first": "Night 1", "last": "Day 1"}
    state, notices = apply_override(state, "arrest A for 1 phase")
    assert mn(state.players["A"]).jail == [(index, index)]
    assert notices[0].key == "gm.jailed_one" and notices[0].params["first"] == "Night 1"
    state, notices = apply_override(state, "release P")
    assert mn(state.players["P"]).jail == [] and notices[0].key == "gm.out_of_jail"


@pytest.mark.parametrize(
    ("command", "why"),
    [
        ("release P", "P is not in Jail"),
        ("arrest P for 0 phases", "at least 1 phase"),
    ],
)
def test_a_midnight_jail_that_cannot_be_made_says_why(command: str, why: str) -> None:
    with pytest.raises(OverrideError, match=why):
        apply_override(_midnight(), command)


def test_a_midnight_arrest_needs_a_living_player() -> None:
    state, _ = apply_override(_midnight(), "kill B")
    with pytest.raises(OverrideError, match="B is dead"):
        apply_override(state, "arrest B")


def test_a_midnight_revive_brings_back_a_character_not_a_spirit() -> None:
    """A spirit killed is dead; revived, they come back as a character does, with the starting
    HP ("midnight: the GM's corrections"): not a spirit, whose 1 HP keeps them out of the
    Hospital."""
    from autogm.engine.families.midnight.model import location, mn

    state = _midnight()
    mn(state.players["A"]).spirit, mn(state.players["A"]).hp = True, 1
    state, _ = apply_override(state, "kill A")
    state, notices = apply_override(state, "revive A")
    ext = mn(state.players["A"])
    assert (ext.spirit, ext.hp) == (False, 2)
    assert location(state.players["A"], state.phase.index) == "free"
    assert [(n.key, n.to) for n in notices] == [("gm.revived", None), ("gm.hp", "A")]


@pytest.mark.parametrize(
    ("command", "why"),
    [
        ("condition P: injured", "midnight has no conditions: a player has HP"),
        ("clear condition P: injured", "'arrest X [for N phases]'"),
        ("give P: Gun", "'Gun' is not what a midnight player holds (N HP, N cards"),
        ("give P: 0 HP", "at least 1"),
        ("take P: 2 HP", "P has 2 HP, and at 0 or less HP a player dies: 'kill P'"),
        ("give P: 1 card", "no Joker was dealt"),
        ("give P: 1 plan", "only the Evil Genius has plans"),
        ("give P: 2 Mayor Guises", "'Mayor' is not a Guise"),
        ("take P: 2 Boss Guises", "P has 1 lasting Boss Guise"),
        ("give C: Pistol", "C already has Pistol"),
        ("take C: Pistol", "C has no Pistol passed on"),
        ("give P: Interrogate", "Interrogate is not passed from player to player"),
        ("give P: 2 Pistol", "Pistol is an ability, held or not: write it without a number"),
    ],
)
def test_a_midnight_holding_or_condition_that_cannot_be_given_says_why(
    command: str, why: str
) -> None:
    """midnight has no items and no conditions: give and take change what a player holds
    (HP, Guises, cards, plans, an ability passed on) within the text's bounds, and a condition
    is refused naming what midnight has ("midnight: the GM's corrections")."""
    with pytest.raises(OverrideError, match=re.escape(why)):
        apply_override(_midnight(), command)


def test_a_midnight_dead_player_gets_hp_by_the_revive() -> None:
    state, _ = apply_override(_midnight(), "kill P")
    with pytest.raises(OverrideError, match="'revive P' gives back their starting HP"):
        apply_override(state, "give P: 1 HP")


def test_a_midnight_give_of_a_daylight_ability_works_as_tomb_raider_s() -> None:
    """Tomb Raider's gain and the GM's are one: the ability is held beyond the sheet."""
    from autogm.engine.families.midnight.life import holds

    state, notices = apply_override(_midnight(), "give P: a Séance")
    assert holds(state, "P", "seance") and notices[0].params == {"ability": "Séance"}
    state, _ = apply_override(state, "take P: séance")
    assert not holds(state, "P", "seance")


def test_a_dctp_arrest_lasts_until_the_release() -> None:
    """A DCTP arrest is not timed: "for N phases" is midnight's Jail."""
    with pytest.raises(OverrideError, match="until 'release Abs'"):
        apply_override(_state(), "arrest Abs for 2 phases")
