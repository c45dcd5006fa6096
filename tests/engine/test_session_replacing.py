"""Issue 12, items 1 and 5: how a later order meets an earlier one for the same phase."""

from __future__ import annotations

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.phases import Phase
from autogm.engine.rules import load_ruleset
from autogm.engine.session import GameSession

ROSTER = {"G": "Gin", "V": "Vodka", "B": "Conan", "Hak": "Hakuba", "A": "Agasa", "C": "Camel"}


def session(phase: str = "Night 1", setup: Setup | None = None) -> GameSession:
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, setup or Setup())
    state.phase = Phase.parse(phase)
    return GameSession(state)


def test_a_later_order_names_the_earlier_one_it_dropped():
    """ "You may always send in a new order to replace your old one"; "The player is told, in
    the answer to the later PM, which earlier order it dropped" (issue 12, item 5). Hakuba in
    Japan: his Travel would take him out of it."""
    game = session(setup=Setup(abroad=()))
    game.receive("Hak", "Travel")
    answer = game.receive("Hak", "Interrogate G")
    assert [o.ability for o in game.orders_of("Hak")] == ["interrogate"]
    assert any("replaces your earlier 'Travel'" in note for note in answer.notes)
    answer = game.receive("Hak", "Travel")
    assert [o.ability for o in game.orders_of("Hak")] == ["travel"]
    assert any("replaces your earlier 'Interrogate G'" in note for note in answer.notes)


def test_abroad_an_order_besides_travel_is_refused_and_travel_stands():
    """Travel: abroad "he is handled as if he were arrested (... can't use actions besides
    Travel ...)": the later order is refused when sent, and does not replace the Travel."""
    game = session()
    game.receive("Hak", "Travel")
    answer = game.receive("Hak", "Interrogate G")
    assert [o.ability for o in game.orders_of("Hak")] == ["travel"]
    assert not answer.accepted
    assert "you are not in Japan" in answer.rejected[0].reason


def test_a_second_slander_of_the_other_side_is_kept_beside_the_first():
    """ "Gin may slander up to two targets: one Black Org, and one town" (issue 12, item 1)."""
    game = session()
    game.receive("G", "Slander B")
    answer = game.receive("G", "Slander V")
    (order,) = game.orders_of("G")
    assert order.targets == ("B", "V")
    assert any("is kept beside it" in note for note in answer.notes)
    answer = game.receive("G", "Slander C")  # town again: replaces B, keeps V
    (order,) = game.orders_of("G")
    assert order.targets == ("V", "C")


def test_refusal_reasons_are_whole_sentences():
    """Issue 12, item 8: "Refusal reasons are whole sentences: none is cut off (a Face Pinch
    refusal is cut mid-sentence today, in the record's `reason` too)". Nakamori: "Night/Day
    Action: ... Face Pinch" once a night and the day after."""
    roster = {"N": "Nakamori", "G": "Gin", "V": "Vermouth", "A": "Agasa", "B": "Conan"}
    state = new_game(load_ruleset("dctp-2011"), roster, 1, Setup())
    state.phase = Phase.parse("Night 2")
    game = GameSession(state)
    game.receive("N", "Pinch face V")
    game.close()
    (refusal,) = game.receive("N", "Pinch face G").rejected
    assert refusal.reason == (
        "you may pinch a face once in Night 2 and Day 2 together, and you already have"
    )
