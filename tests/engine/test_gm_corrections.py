"""The GM overrules the engine with corrections of the game's facts (issue 13, §2): "a small
set of replayable corrections the engine applies and records (kill, revive, arrest, release,
set or clear a condition, give or take an item), each shown in the phase's results"."""

from __future__ import annotations

import pytest

from engine.gm import OverrideError, apply_override, is_correction
from engine.replay import parse_scenario, record, replay
from engine.rules import load_ruleset
from engine.setup import new_game
from engine.state import INJURED, Status

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
