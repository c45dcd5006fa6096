"""``replace X with Y``: "A substitute takes over a slot: role, items, history and all."

Every piece of state that names the player must name the substitute afterwards, and nothing
else (roles, results) may change.
"""

from __future__ import annotations

from dataclasses import fields

from engine.families.dctp.setup import Setup, new_game
from engine.gm import apply_override
from engine.phases import Phase
from engine.rules import load_ruleset
from engine.state import ActionRecord, Capsule, GameState, Loan


def _state() -> GameState:
    state = new_game(
        load_ruleset("dctp-2011"),
        {"Old": "Satou", "G": "Gin", "Ran": "Ran", "B": "Conan"},
        1,
        Setup(lovers=(("Old", "B"),)),
    )
    night = Phase.night(1)
    state.history.append(ActionRecord(night, "Old", "kill", ("B",), True, True, blamed=True))
    state.kill_cycle = ["Old"]
    state.capsules.append(Capsule("Old", 4))
    state.arrests.append(("G", "kill", "Old", 1))
    state.interrogations[("Old", 1)] = ("G", "BO")
    state.spy_locks["G"] = "Old"
    state.loans.append(Loan("bow_tie", "Old", "B", 2))
    state.scheduled.append((3, "Old", "abroad", None))
    state.charms["Old"] = 3
    state.watch = ("Old", "B", 3)
    state.bomb = ("Old", "G")
    state.detentions["Old"] = "G"
    state.leader = "Old"
    return state


def _names(value: object) -> set[str]:
    """Every string held anywhere in a value (the ruleset left aside)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_names(k) | _names(v) for k, v in value.items()))
    if isinstance(value, list | tuple | set | frozenset):
        return set().union(*(_names(v) for v in value))
    if hasattr(value, "__dataclass_fields__") and not hasattr(value, "option_specs"):
        return set().union(*(_names(getattr(value, f.name)) for f in fields(value)))
    return set()


def test_a_substitute_takes_over_every_mention_of_the_slot() -> None:
    state, _ = apply_override(_state(), "replace Old with Newbie")
    assert "Old" not in _names(state)
    assert state.players["Newbie"].role == "Satou" and state.players["Newbie"].name == "Newbie"
    record = state.history[-1]
    assert (record.actor, record.targets, record.blamed) == ("Newbie", ("B",), True)
    assert state.lovers == [("Newbie", "B")] and state.leader == "Newbie"
    assert state.bomb == ("Newbie", "G") and state.watch == ("Newbie", "B", 3)


def test_only_player_names_are_renamed() -> None:
    """A player named like a role ("Ran") keeps the role Ran's mentions as they were."""
    state, _ = apply_override(_state(), "replace Ran with Rina")
    assert state.players["Rina"].role == "Ran"
    assert "Ran" not in state.players
