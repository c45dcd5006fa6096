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
from autogm.engine.validate import check_order, find_slot, held_slots

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
    assert "V" in game.rules().memo.slots
    game.state, _ = apply_override(game.state, "arrest G")
    assert game.rules().memo.slots == {}
    after = game.receive("V", "Black Suitcase B")
    assert [o.ability for o in after.accepted] == ["black_suitcase"]
    assert game.rules().memo.slots["V"] == held_slots(game.state, "V")


def test_an_instant_order_and_the_close_drop_the_slots_kept():
    """Every state the session takes is a new object: the slots kept go with the old one."""
    game = session("Night 1")
    game.receive("Hak", "Interrogate G")
    kept = game.rules().memo
    assert kept.slots["Hak"] == held_slots(game.state, "Hak") and kept.words is not None
    game.close()
    assert game.rules().memo.slots == {} and game.rules().memo is not kept


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


def test_an_order_is_checked_once_per_state_by_its_meaning(monkeypatch):
    """The session keeps each send-time check of its state by the order's meaning: the same
    order read again (in other words) is not checked again, and a new state checks anew."""
    import autogm.engine.reading as reading

    checked: list[Order] = []

    def counted(state, order, slots=None):
        checked.append(order)
        return check_order(state, order, slots)

    monkeypatch.setattr(reading, "check_order", counted)
    game = session("Night 1")
    first = game.receive("B", "Interrogate G").accepted
    assert [o.text for o in first] and len(checked) == 1
    again = game.rules().check(Order("B", "interrogate", ("G",)))
    assert again == check_order(game.state, first[0]) and len(checked) == 1
    game.close()
    game.rules().check(Order("B", "interrogate", ("G",)))
    assert len(checked) == 2


def test_the_send_time_check_reads_an_orders_meaning_not_its_words():
    """What lets a check be kept by meaning (engine/reading.py ``GameRules.check``): for every
    order simulated players sent in games of each ruleset, read from their PMs with the
    words they wrote, the check of the order without those words is the same."""
    from dataclasses import replace

    from autogm.simulator.game.loop import play
    from autogm.simulator.setups import make_setup

    compared = 0
    for ruleset, players in (("dctp-2011", 16), ("dctp-classic", 14), ("midnight", 12)):
        for seed in range(2):
            game = play(make_setup(ruleset, players), "random", seed)
            for before, phase in zip(game.replays, game.replays[1:], strict=False):
                state = before.outcome.state
                for item in phase.received:
                    for order in item.parsed.accepted if item.parsed else ():
                        assert order.text
                        words_left_out = replace(order, text="")
                        assert check_order(state, order) == check_order(state, words_left_out)
                        compared += 1
    assert compared > 500
