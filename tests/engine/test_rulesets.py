"""The frame that holds several rulesets: every ruleset's data is complete and consistent.

A step missing from an order of actions would leave its actions pending and silently
unresolved, so each ruleset's orders are checked against every ability its sheets grant.
"""

from __future__ import annotations

import pytest

import autogm.engine.families.dctp.abilities  # noqa: F401  (registers every ability)
from autogm.engine.ability import abilities_for
from autogm.engine.families.dctp.rules.dctp_2011 import RULESET as DCTP_2011
from autogm.engine.families.dctp.rules.dctp_r53 import RULESET as DCTP_R53
from autogm.engine.phases import Phase, PhaseKind
from autogm.engine.rules import RULESETS, load_ruleset
from autogm.engine.rules.base import FEATURES, RulesetError, Step

A_PHASE = {PhaseKind.PREP: Phase.prep(), PhaseKind.NIGHT: Phase(1), PhaseKind.DAY: Phase(2)}


def _granted(ruleset):
    for sheet in ruleset.roles.values():
        for slot in sheet.slots:
            for use in slot.options:
                for kind in slot.phases:
                    yield use.ability, kind
    for slots in ruleset.common_slots.values():
        for slot in slots:
            for use in slot.options:
                for kind in slot.phases:
                    yield use.ability, kind


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_granted_ability_has_its_step_in_the_order_of_its_phase(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    abilities = abilities_for(ruleset)
    for name, kind in set(_granted(ruleset)):
        if name not in abilities:
            continue  # a sheet line that is no order (Revenge acts when its holder is removed)
        step = abilities[name].step_at(A_PHASE[kind])
        assert step in ruleset.order_for(kind), (name, kind, step)


def test_r53_orders_of_actions_are_the_texts() -> None:
    """r53: "Night Actions: Arrest > Discombobulation > APTX > Killing > House Search/Detain >
    Frighten > Face Pinch > All other actions > Travel"; "Day Actions: Arrest/Detain/Face Pinch
    > Charm ... > APTX > Lynching> All other actions > Travel"."""
    night = [s for s in DCTP_R53.order_for(PhaseKind.NIGHT) if s is not Step.VEST]
    assert night == [
        Step.ARREST, Step.DISCOMBOBULATION, Step.APTX, Step.KILLING, Step.HOUSE_SEARCH,
        Step.FRIGHTEN, Step.FACE_PINCH, Step.OTHER, Step.TRAVEL,
    ]  # fmt: skip
    day = DCTP_R53.order_for(PhaseKind.DAY)
    assert day.index(Step.CHARM) < day.index(Step.APTX) < day.index(Step.LYNCHING)
    assert day[-1] is Step.TRAVEL
    r53 = abilities_for(DCTP_R53)
    assert r53["frighten"].step_at(Phase(1)) is Step.FRIGHTEN
    assert r53["travel"].step_at(Phase(2)) is Step.TRAVEL
    assert r53["pinch_face"].blockable


def test_2011_is_unchanged_by_the_revision_beside_it() -> None:
    """dctp-2011 keeps one order for both phases and its abilities their own steps and flags."""
    assert DCTP_2011.order_for(PhaseKind.NIGHT) == DCTP_2011.order_for(PhaseKind.DAY)
    old = abilities_for(DCTP_2011)
    assert old["frighten"].step_at(Phase(1)) is Step.DISCOMBOBULATION
    assert old["travel"].step_at(Phase(1)) is Step.OTHER
    assert not old["pinch_face"].blockable
    assert not DCTP_2011.features
    assert DCTP_2011.roles["Bourbon"] != DCTP_R53.roles["Bourbon"]
    assert "Sera" not in DCTP_2011.roles


def test_r53_is_2011_where_its_text_is_silent() -> None:
    """docs/rulings.md, "Where r53 is silent": the 2011 sheets carry over unless r53 restates
    them."""
    assert DCTP_R53.base == DCTP_2011.id
    for name in ("Kogorou", "Irish", "Sherry", "Yukiko", "Asami"):
        assert DCTP_R53.roles[name] == DCTP_2011.roles[name]
    assert DCTP_R53.roles["Ran"].slots == DCTP_2011.roles["Ran"].slots
    assert DCTP_R53.option_specs.keys() >= DCTP_2011.option_specs.keys()


def test_a_feature_name_that_is_not_known_fails_loudly() -> None:
    assert set(DCTP_R53.features) <= set(FEATURES)
    with pytest.raises(KeyError):
        DCTP_R53.has("travel_lsat")


def test_blame_is_crime_is_an_option_of_r53_only() -> None:
    assert "blame" in load_ruleset("dctp-r53").ext.crimes
    assert "blame" not in load_ruleset("dctp-r53", {"blame_is_crime": "no"}).ext.crimes
    with pytest.raises(RulesetError):
        load_ruleset("dctp-2011", {"blame_is_crime": "no"})


def test_the_r53_example_game_replays_to_a_winner_with_r53_rulings() -> None:
    """examples/round-53.yaml: an r53 game from Prep to the town's win, in r53's words."""
    from pathlib import Path

    from autogm.engine.replay import load_scenario, record, replay

    example = Path(__file__).resolve().parents[2] / "examples" / "round-53.yaml"
    scenario = load_scenario(example)
    rec = record(scenario, replay(scenario))
    assert rec["ruleset"] == "dctp-r53"
    assert rec["winner"] == "town"
    night1 = rec["phases"][1]
    # Gin slandered Hakuba, abroad: every action of his failed, his kill too.
    assert {(r["ability"], r.get("reason")) for r in night1["results"] if r["player"] == "Abs"} == {
        ("kill", "target_abroad"),
        ("slander", "target_abroad"),
    }
    assert "You used trick on Abs." in night1["private"]["Mina"]
    night2 = rec["phases"][3]
    assert any("Snipe Guard" in text for text in night2["private"]["Parkur"])


def test_a_yes_no_option_refuses_other_words_by_name() -> None:
    with pytest.raises(RulesetError, match="not one of true, false"):
        load_ruleset("dctp-r53", {"blame_is_crime": "maybe"})
