"""Unit checks for issue 3 beside the scenarios: send-time refusals and the data other
abilities read (docs/engine.md, "Data other abilities read")."""

from __future__ import annotations

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.reading import read_pm
from autogm.engine.resolve import resolve
from autogm.engine.rules import load_ruleset

RULES = load_ruleset("dctp-2011", {})


def _game(roster: dict[str, str], **setup: object):
    return new_game(RULES, roster, 1, Setup(**setup))  # type: ignore[arg-type]


def test_slander_one_black_org_and_one_town() -> None:
    """Slander: "He may not slander two Black Org or two town." """
    state = _game({"G": "Gin", "V": "Vodka", "B": "Conan", "H": "Heiji"})
    refused = read_pm(state, "G", "Slander B and H").rejected
    assert refused and "one of each" in refused[0].reason
    assert read_pm(state, "G", "Slander B and V").accepted


def test_slander_fills_context_slandered_for_interrogate() -> None:
    state = _game({"G": "Gin", "V": "Vodka", "B": "Conan", "H": "Heiji"})
    orders = read_pm(state, "G", "Slander B and V").accepted
    outcome = resolve(state, orders)
    assert [r.outcome for r in outcome.results if r.ability == "slander"] == ["done"]
    assert not any(n.to in {"B", "V"} for n in outcome.notices)


def test_protect_refusals() -> None:
    """Protect: "May not protect themselves." "one individual to Protect at night" """
    state = _game({"G": "Gin", "R": "Ran", "B": "Conan", "H": "Heiji"})
    assert read_pm(state, "R", "Protect R").rejected
    assert read_pm(state, "R", "Protect B and H").rejected
    assert read_pm(state, "R", "Protect B").accepted


def test_an_injured_player_loses_the_disguise() -> None:
    """Rule Clarifications: "If a player is injured and in disguise, they lose their
    disguise." """
    state = _game(
        {"G": "Gin", "V": "Vermouth", "T": "Kobayashi", "B": "Conan", "H": "Heiji"},
        disguises={"V": "Ran"},
    )
    orders = [
        *read_pm(state, "G", "Kill V").accepted,
        *read_pm(state, "T", "First aid V").accepted,
    ]
    after = resolve(state, orders).state
    assert after.players["V"].ext.disguise is None
    assert after.players["V"].ext.injury == "first_aid"


def test_lovey_dovey_only_on_the_lover() -> None:
    state = _game({"G": "Gin", "A": "Heiji", "B": "Conan", "C": "Camel"}, lovers=(("A", "B"),))
    assert read_pm(state, "A", "Lovey-dovey C").rejected
    assert read_pm(state, "A", "Lovey-dovey B").accepted
    assert read_pm(state, "C", "Lovey-dovey B").rejected
