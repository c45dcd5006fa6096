"""midnight's frame pieces that no Mafia or Law ability shows alone: instant orders, the
Council's exact halves and its priority, and the life model's send-time answers."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from autogm.engine.ability import REGISTRIES, abilities_for
from autogm.engine.families.midnight import council
from autogm.engine.families.midnight.abilities.base import MidnightAbility
from autogm.engine.families.midnight.family import new_game
from autogm.engine.families.midnight.sheets import Line
from autogm.engine.phases import Phase
from autogm.engine.rules import RULESETS
from autogm.engine.rules.base import AbilityUse, Slot
from autogm.engine.session import GameSession

MIDNIGHT = RULESETS["midnight"]


class _Exhume(MidnightAbility):
    """A stand-in instant order ("Exhume — once per game can instantly learn the Midnight
    role of a dead player" comes with the Daylight roles)."""

    name = "test_instant"
    instant = True

    def resolve(self, ctx, action):
        self.took_place(ctx, action)
        ctx.result(action, "done", target=action.target)
        ctx.notify(action.actor, "midnight.gained", ability="test")


def test_an_instant_order_resolves_when_declared(monkeypatch):
    """ "Instant actions are resolved instantly, in the order of declaration.\""""
    monkeypatch.setitem(REGISTRIES["midnight"], "test_instant", _Exhume())
    boss = MIDNIGHT.roles["Boss"]
    extra = Slot((AbilityUse("test_instant"),), boss.slots[0].phases)
    lines = dict(MIDNIGHT.ext.lines)
    lines[("Boss", "test_instant")] = Line("test_instant", "Test Instant", instant=True)
    ruleset = replace(
        MIDNIGHT,
        id="midnight-instant-test",
        roles={**MIDNIGHT.roles, "Boss": replace(boss, slots=(*boss.slots, extra))},
        ext=replace(MIDNIGHT.ext, lines=lines),
        titles={**MIDNIGHT.titles, "test_instant": "Test Instant"},
    )  # fmt: skip
    abilities_for(ruleset)
    state = new_game(ruleset, {"B": "Boss", "K": "Killer", "C": "Cop"}, 1, None)
    session = GameSession(state)
    parsed = session.receive("B", "Test Instant K")
    assert [o.ability for o in parsed.accepted] == ["test_instant"]
    assert session.pending == {}  # not held for the end of the phase
    assert [r.outcome for r in session.instants[0].results] == ["done"]
    assert session.state.history[-1].ability == "test_instant"
    assert session.state.phase == Phase.night(1)


def test_public_and_covert_orders_come_from_their_place():
    """ "Publicly visible actions must be declared in the in-game post in the OOC tag ... Covert
    actions must be published in your private room.\""""
    state = new_game(MIDNIGHT, {"B": "Boss", "K": "Killer", "C": "Cop"}, 1, None)
    state.phase = Phase.day(1)
    session = GameSession(state)
    by_pm = session.receive("C", "Vote K")
    assert "public" in by_pm.rejected[0].reason
    posted = session.receive("C", "I think K. [ooc]Vote K[/ooc]", public=True)
    assert [o.targets for o in posted.accepted] == [("K",)]
    state.phase = Phase.night(2)
    covert = GameSession(state).receive("C", "[ooc]Detain K[/ooc]", public=True)
    assert "covert" in covert.rejected[0].reason


def test_the_council_counts_halves_exactly_and_orders_a_draw():
    """ "If "peace" has strictly more votes than every player, nobody dies"; "In case of a draw,
    players whose Open Roles are listed earlier have priority"; "(Other) ... Council priority
    is the alphabetical order"."""
    state = new_game(
        MIDNIGHT, {"A": "Civilian", "B": "Cop", "C": "Boss", "D": "Killer"}, 1,
        {"daylight": {"A": "Zealot", "B": "Abbot", "C": "Lawyer"}},
    )  # fmt: skip
    ledger = council.Ledger()
    ledger.vote("C", "A", Fraction(3, 2))
    ledger.vote("D", council.PEACE, Fraction(3, 2))
    assert council.chosen(state, ledger.totals()) == "A"  # peace not strictly more
    ledger.modify(council.PEACE, Fraction(1, 2), "test")
    assert council.chosen(state, ledger.totals()) is None
    tie = {"A": Fraction(1), "B": Fraction(1), "C": Fraction(1)}
    assert council.chosen(state, tie) == "C"  # Lawyer is on the list
    assert council.chosen(state, {"A": Fraction(1), "B": Fraction(1)}) == "B"  # Abbot < Zealot


def test_a_taken_open_role_is_refused():
    with pytest.raises(ValueError, match="no duplicate roles"):
        new_game(MIDNIGHT, {"A": "Boss", "B": "Cop"}, 1, {"daylight": {"A": "Monk", "B": "monk"}})


def test_the_hospital_disables_midnight_abilities_but_h_lines():
    """ "Hospital — all abilities of the Midnight role are disabled"; "Abilities marked with "H"
    ... are not disabled if you're in Hospital"."""
    state = new_game(MIDNIGHT, {"K": "Killer", "B": "Boss", "C": "Cop"}, 1, None)
    state.players["K"].ext.hp = 1
    session = GameSession(state)
    parsed = session.receive("K", "Tommy-gun C\nPistol C")
    assert [o.ability for o in parsed.accepted] == ["pistol"]
    assert "Hospital" in parsed.rejected[0].reason
