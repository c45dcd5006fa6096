"""Issue 14: what the resolution finds by a shorter way for every order of every phase is
what the general way finds, in every example game and scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

import autogm.engine.resolve
from autogm.engine.ability import abilities_for
from autogm.engine.context import Action
from autogm.engine.families.dctp.abilities.lent import ability_for
from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.families.dctp.state import Loan
from autogm.engine.orders.model import Order
from autogm.engine.phases import Phase, PhaseKind
from autogm.engine.replay import load_scenario, replay
from autogm.engine.rules import load_ruleset
from autogm.engine.state import GameState
from autogm.engine.validate import find_slot, held_slots

ROOT = Path(__file__).parents[2]
GAMES = sorted(
    [*ROOT.glob("examples/*.yaml"), *(Path(__file__).parent / "scenarios").glob("*/*.yaml")]
)


def _action_by_find_slot(state: GameState, order: Order, slots: list) -> Action:
    """The action as ``find_slot`` and ``ability_for`` give it."""
    found = find_slot(state, order, slots)
    if isinstance(found, str):
        return Action(order, abilities_for(state.ruleset)[order.ability], 1)
    (_, key), use = found
    return Action(order, ability_for(order, key, state.ruleset), use.count, slot=key)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_action_is_the_one_find_slot_gives(path: Path, monkeypatch) -> None:
    made = autogm.engine.resolve._action

    def compared(state: GameState, order: Order, slots: list, kind: PhaseKind) -> Action:
        action = made(state, order, slots, kind)
        assert action == _action_by_find_slot(state, order, slots), order
        return action

    monkeypatch.setattr(autogm.engine.resolve, "_action", compared)
    replay(load_scenario(path))


ROSTER = {"G": "Gin", "V": "Vodka", "B": "Conan", "Hak": "Hakuba", "A": "Agasa", "C": "Camel",
          "K": "Kir", "Cal": "Calvados"}  # fmt: skip


@pytest.mark.parametrize("ruleset", ["dctp-2011", "dctp-r53", "dctp-classic"])
@pytest.mark.parametrize("phase", ["Night 1", "Day 1", "Night 2"])
def test_each_ability_through_each_slot_is_the_one_find_slot_gives(ruleset, phase) -> None:
    """Every ability ordered by every player, with and without naming an item, while players
    hold the bow-tie, the Black Suitcase and a cover: lent slots included."""
    rules = load_ruleset(ruleset)
    roster = {name: role for name, role in ROSTER.items() if role in rules.roles}
    state = new_game(rules, roster, 1, Setup())
    state.phase = Phase.parse(phase)
    index = state.phase.index
    state.ext.loans = [
        Loan("bow_tie", "V", "A", index),
        Loan("suitcase", "B", "G", index),
    ]
    if "Cal" in roster and "K" in roster:
        state.ext.loans.append(Loan("cover", "Cal", "Cal", index, source="K"))
    names = sorted(abilities_for(state.ruleset))
    for player in roster:
        slots = held_slots(state, player)
        for ability in names:
            for via in (None, "bow_tie", "suitcase", "cover"):
                order = Order(player, ability, ("C",), via=via)
                assert autogm.engine.resolve._action(
                    state, order, slots, state.phase.kind
                ) == _action_by_find_slot(state, order, slots), order
