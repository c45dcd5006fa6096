"""The GM's texts (engine/gm_texts.py, engine/families/dctp/dreams.py): the dream's draft and
the commands.

classic: "The dream will have 5 facts, 4 false and 1 true fact." The draft must keep that
promise for the GM, checkably: one fact the record holds, four it contradicts, all of one shape.
"""

from __future__ import annotations

import re

import pytest

from autogm.engine.families.dctp.dreams import DREAM_FACTS, draft_facts, dream_rng, holds
from autogm.engine.gm import OverrideError
from autogm.engine.gm_texts import apply_text, is_text_command
from autogm.engine.phases import Phase
from autogm.engine.replay import parse_scenario, replay

CAST = "{G: Gin, Vo: Vodka, Er: Eri, S: Shiratori, M: Megure, B: Conan, H: Heiji, E: Camel}"


def _scenario(seed: int, night: str, ruleset: str = "dctp-classic") -> str:
    return f"""
ruleset: {ruleset}
seed: {seed}
players: {CAST}
setup: {{}}
phases:
  - phase: Night 1
    orders: {night}
"""


NIGHTS = [
    "[{G: Kill E}, {S: Investigate G kills E}, {B: Interrogate Vo}, {M: Investigate H kills E}]",
    "[{Vo: Kill H}, {B: Investigate Vo kills H}]",
    "[]",  # nobody acted: the facts take the role shape
]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("night", NIGHTS)
def test_a_dream_has_five_facts_one_true_and_four_checkably_false(seed: int, night: str) -> None:
    """ "The dream will have 5 facts, 4 false and 1 true fact." """
    scenario = parse_scenario(_scenario(seed, night))
    (played,) = replay(scenario)
    (dream,) = played.held
    outcome = played.outcome
    assert outcome is not None and dream.kind == "dream" and dream.to is not None
    state, phase = outcome.state, Phase.night(1)
    facts, true = draft_facts(state, phase, dream.to, dream_rng(state.seed, phase, "facts"))
    assert len(facts) == DREAM_FACTS and len(set(facts)) == DREAM_FACTS
    assert [holds(f, state, phase) for f in facts] == [i == true for i in range(DREAM_FACTS)]
    assert len({f.shape for f in facts}) == 1
    # The held draft is these facts, numbered, and the note tells the GM which one is true.
    assert dream.text.splitlines()[true] == f"{true + 1}. {facts[true].text()}."
    assert f"fact {true + 1} is the true one" in dream.note
    if night != "[]":
        assert facts[true].shape == "action" and facts[true].actor != dream.to


def test_the_dreamer_is_drawn_from_the_free_players_the_same_way_every_replay() -> None:
    text = _scenario(5, NIGHTS[0])
    first = replay(parse_scenario(text))[0]
    again = replay(parse_scenario(text))[0]
    assert first.held == again.held
    assert first.outcome is not None
    draws = [d for d in first.outcome.draws if d.label == "dreamer"]
    assert len(draws) == 1 and draws[0].chosen == first.held[0].to
    assert "E" not in draws[0].choices  # killed in the night: nobody to dream


def test_the_gm_commands_are_told_apart_from_the_corrections() -> None:
    for command in ("approve tape 1", "tape 2: text", "withhold will 1", "dream Abs: hi",
                    "dreamer Abs", "hint topic: x", "riddle Abs: y", "letter #3: z"):  # fmt: skip
        assert is_text_command(command), command
    for command in ("kill Abs", "give Abs: Gun", "condition Abs: injured", "modkill Abs"):
        assert not is_text_command(command), command


def _session(ruleset: str = "dctp-classic"):
    from autogm.engine.session import GameSession

    scenario = parse_scenario(_scenario(1, "[]", ruleset))
    session = GameSession(scenario.state)
    session.open()
    return session


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        ("approve tape 1", "no tape 1 is held (held: nothing)"),
        ("withhold dream 4", "no dream 4 is held"),
        ("dream Nobody: hi", "'Nobody' is not a player of this game"),
        ("hint Nobody: hi", "'Nobody' is not a player of this game"),
    ],
)
def test_a_gm_command_that_cannot_be_carried_out_says_why(command: str, problem: str) -> None:
    with pytest.raises(OverrideError, match=re.escape(problem)):
        apply_text(_session(), command)


def test_the_dreamer_is_named_by_night_only() -> None:
    session = _session()  # a prepared setup: the game opens at Night 1
    apply_text(session, "dreamer H")
    assert session.texts.dreamer == "H"
    session.close()  # Night 1
    with pytest.raises(OverrideError, match="during a night, not in Day 1"):
        apply_text(session, "dreamer H")


def test_a_ruleset_without_the_gm_texts_refuses_them() -> None:
    with pytest.raises(OverrideError, match="dctp-2011 has no GM texts"):
        apply_text(_session("dctp-2011"), "hint topic: x")


def test_dctp_2011_still_shows_a_will_at_any_death_at_once() -> None:
    text = _scenario(1, '[{G: "Kill E"}, {E: "Will: I was Camel."}]', "dctp-2011")
    (played,) = replay(parse_scenario(text.replace("Camel}", "Camel, Ar: Araide}")))
    assert played.held == []
    assert played.outcome is not None
    assert any("I was Camel." in n.params.get("will", "") for n in played.outcome.notices)


MIDNIGHT = """
ruleset: midnight
seed: 1
options: {letters: LETTERS}
players: {A: Civilian, B: Civilian, C: Officer, D: Boss, E: Killer, F: Cop}
phases: []
"""


def _midnight(letters: str):
    from autogm.engine.session import GameSession

    session = GameSession(parse_scenario(MIDNIGHT.replace("LETTERS", letters)).state)
    session.open()
    return session


def test_midnight_holds_only_its_letters_and_writes_no_dreams_or_hints() -> None:
    """midnight has no dreams, hints, tapes or wills; ``approve letter N`` acts on what its
    close held (``letters = approve``), and nothing is held under ``letters = relay``."""
    relay = _midnight("relay")
    relay.receive("A", "Letter to F: hello")
    relay.close()
    with pytest.raises(OverrideError, match=re.escape("no letter 1 is held (held: nothing)")):
        apply_text(relay, "approve letter 1")
    for command in ("hint topic: x", "dream F: x", "dreamer F"):
        with pytest.raises(OverrideError, match="midnight has no GM texts"):
            apply_text(relay, command)
    held = _midnight("approve")
    held.receive("A", "Letter to F: hello")
    held.close()
    (notice,) = apply_text(held, "approve letter 1")
    assert (notice.key, notice.to, notice.params["text"]) == ("midnight.letter", "F", "hello")
    with pytest.raises(OverrideError, match="no letter 1 is held"):
        apply_text(held, "withhold letter 1")
