"""Issue 27: "a player must always get an answer", and a later PM of a phase that builds on the
sender's earlier one ("make it C", "scratch that", "or C?") changes what stands, saying so
(docs/rulings.md, "A later PM that builds on an earlier one")."""

from __future__ import annotations

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.orders.kinds import Kind
from autogm.engine.phases import Phase
from autogm.engine.rules import load_ruleset
from autogm.engine.session import GameSession

ROSTER = {"G": "Gin", "V": "Vodka", "B": "Conan", "Hak": "Hakuba", "A": "Agasa", "C": "Camel"}


def session() -> GameSession:
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, Setup())
    state.phase = Phase.parse("Night 1")
    return GameSession(state)


def test_a_follow_up_naming_a_new_target_replaces_the_standing_order():
    """ "You may always send in a new order to replace your old one": "make it C" is the
    Kill on C, and the answer names the order it replaced."""
    game = session()
    game.receive("G", "Kill B")
    answer = game.receive("G", "make it C")
    assert [o.targets for o in game.orders_of("G")] == [("C",)]
    assert [o.targets for o in answer.accepted] == [("C",)]
    assert any("replaces your earlier 'Kill B'" in note for note in answer.notes)


def test_a_follow_up_builds_on_what_the_last_one_left_standing():
    """A chain of follow-ups: each reads on what the ones before left ("C, not B", then
    "scratch that")."""
    game = session()
    game.receive("G", "Kill B")
    game.receive("G", "wrong one, C not B")
    assert [o.targets for o in game.orders_of("G")] == [("C",)]
    answer = game.receive("G", "scratch that")
    assert game.orders_of("G") == []
    assert any("'Kill C' is withdrawn" in note for note in answer.notes)


def test_a_follow_up_that_reopens_the_choice_leaves_no_order():
    """ "or C? can't decide": the earlier order is one of two choices; none stands."""
    game = session()
    game.receive("G", "Kill B")
    answer = game.receive("G", "or C? can't decide")
    assert game.orders_of("G") == []
    assert Kind.TWO_CHOICES in [r.kind for r in answer.rejected]


def test_talk_after_an_order_leaves_it_standing():
    """Chatter after an order changes nothing, though it names another player."""
    game = session()
    game.receive("G", "Kill B")
    for talk in ("thanks!", "good luck C!", "A is so scummy lol"):
        answer = game.receive("G", talk)
        assert [o.targets for o in game.orders_of("G")] == [("B",)], talk
        assert not answer.accepted, talk


def test_a_change_with_nothing_before_it_is_refused_saying_so():
    """A lone "make it C", with no order this phase to change, is no Kill on C; talk alone
    before it is no order to change either."""
    game = session()
    game.receive("G", "C is so scummy")
    answer = game.receive("G", "make it C")
    assert game.orders_of("G") == []
    (refused,) = answer.rejected
    assert refused.kind == Kind.MISSING_DETAIL
    assert "no order this phase" in refused.reason


def test_a_follow_up_builds_on_its_own_phase_only():
    """ "... assuming the phase has not yet ended": the next phase's "make it C" has nothing
    to change."""
    game = session()
    game.receive("G", "Kill B")
    game.close()
    game.close()  # Day 1, then Night 2
    answer = game.receive("G", "make it C")
    assert game.orders_of("G") == []
    assert [r.kind for r in answer.rejected] == [Kind.MISSING_DETAIL]


def test_a_whole_order_of_another_ability_is_a_second_order():
    """A later PM that is a whole order stands as it always has; "scratch that" after it
    takes back that later order only."""
    game = session()
    game.receive("G", "Kill B")
    game.receive("G", "Slander C")
    assert sorted(o.ability for o in game.orders_of("G")) == ["kill", "slander"]
    game.receive("G", "scratch that")
    assert [o.ability for o in game.orders_of("G")] == ["kill"]


def test_an_order_of_its_own_refused_leaves_the_earlier_one_standing():
    """A later PM refused as an order of its own (here a target the order cannot take) is
    that order refused, not a follow-up: the earlier order stands."""
    game = session()
    game.receive("G", "Kill B")
    answer = game.receive("G", "Kill G")
    assert [o.targets for o in game.orders_of("G")] == [("B",)]
    assert [r.kind for r in answer.rejected] == [Kind.BAD_TARGET]


def test_a_question_to_the_gm_is_no_order_a_later_pm_builds_on():
    """A question that names an ability asks the GM; it is no order, and a later PM that
    names a player does not complete it ("Kill: does it go through a vest?", then "maybe on
    C some other night")."""
    game = session()
    game.receive("G", "Kill: does it go through a vest?")
    game.receive("G", "ok cool. maybe on C some other night, we'll see")
    assert game.orders_of("G") == []
