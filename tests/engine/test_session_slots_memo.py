"""Issue 14: the held slots a session keeps between PMs of a phase are those of its current
state only, and a resolution uses them only when nothing changed them in between."""

from __future__ import annotations

from autogm.engine.families.dctp.harm import apply_scheduled
from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.gm import apply_override
from autogm.engine.orders.model import Order
from autogm.engine.phases import Phase
from autogm.engine.rules import load_ruleset
from autogm.engine.session import GameSession
from autogm.engine.state import INJURED
from autogm.engine.validate import find_slot, held_slots

ROSTER = {"G": "Gin", "V": "Vodka", "B": "Conan", "Hak": "Hakuba", "A": "Agasa", "C": "Camel"}


def session(phase: str) -> GameSession:
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, Setup())
    state.phase = Phase.parse(phase)
    return GameSession(state)


def suitcase_slots(game: GameSession, player: str) -> list[str]:
    return [k for k, _ in held_slots(game.state, player) if k == "granted:black_suitcase"]


def test_an_override_drops_the_slots_found_before_it():
    """ "The leader (also, next highest-ranked BO in case Leader dies or is arrested)" gives the
    Black Suitcase: once the GM arrests Gin, Vodka leads, and his next PM in the same phase is
    read with the leader's slots, not those kept from his PM before the arrest."""
    game = session("Day 1")
    assert suitcase_slots(game, "G") and not suitcase_slots(game, "V")
    before = game.receive("V", "Black Suitcase B")
    assert before.rejected and not before.accepted
    assert "V" in game._state_memo().slots
    game.state, _ = apply_override(game.state, "arrest G")
    assert game._state_memo().slots == {}
    after = game.receive("V", "Black Suitcase B")
    assert [o.ability for o in after.accepted] == ["black_suitcase"]
    assert game._state_memo().slots["V"] == held_slots(game.state, "V")


def test_an_instant_order_and_the_close_drop_the_slots_kept():
    """Every state the session takes is a new object: the slots kept go with the old one."""
    game = session("Night 1")
    game.receive("Hak", "Interrogate G")
    kept = game._state_memo()
    assert kept.slots["Hak"] == held_slots(game.state, "Hak") and kept.words is not None
    game.close()
    assert game._state_memo().slots == {} and game._state_memo() is not kept


def test_apply_scheduled_says_whether_a_condition_began():
    """The resolution keeps the slots found when the orders came only when no scheduled
    condition begins (a costume is a condition, and conditions change what may be used)."""
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, Setup())
    state.phase = Phase.parse("Night 1")
    assert apply_scheduled(state) is False
    state.scheduled = [(state.phase.index + 1, "Hak", INJURED, None)]
    assert apply_scheduled(state) is False  # not due yet: it stays scheduled
    assert state.scheduled and INJURED not in state.players["Hak"].conditions
    state.phase = state.phase.next()
    assert apply_scheduled(state) is True
    assert not state.scheduled and INJURED in state.players["Hak"].conditions


def test_find_slot_reads_the_phase_kind_as_phase_kind_gives_it():
    """find_slot writes ``Phase.kind`` out from the index: a day ability is found by day
    only, a night ability by night only, in every phase of a long game."""
    game = session("Day 1")
    for index in range(0, 24):
        game.state.phase = Phase(index)
        vote = find_slot(game.state, Order("G", "vote", ("V",)))
        kill = find_slot(game.state, Order("G", "kill", ("V",)))
        assert isinstance(vote, str) != (Phase(index).kind == "day"), index
        assert isinstance(kill, str) != (Phase(index).kind == "night"), index
