"""``replace X with Y``: "A substitute takes over a slot: role, items, history and all."

Every piece of state that names the player must name the substitute afterwards, and nothing
else (roles, results) may change.
"""

from __future__ import annotations

from dataclasses import fields

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.families.dctp.state import Capsule, Loan
from autogm.engine.gm import apply_override
from autogm.engine.phases import Phase
from autogm.engine.rules import load_ruleset
from autogm.engine.state import ActionRecord, GameState


def _state() -> GameState:
    state = new_game(
        load_ruleset("dctp-2011"),
        {"Old": "Satou", "G": "Gin", "Ran": "Ran", "B": "Conan"},
        1,
        Setup(lovers=(("Old", "B"),)),
    )
    night = Phase.night(1)
    state.history.append(ActionRecord(night, "Old", "kill", ("B",), True, True, blamed=True))
    state.ext.kill_cycle = ["Old"]
    state.ext.capsules.append(Capsule("Old", 4))
    state.ext.arrests.append(("G", "kill", "Old", 1))
    state.ext.interrogations[("Old", 1)] = ("G", "BO")
    state.ext.spy_locks["G"] = "Old"
    state.ext.loans.append(Loan("bow_tie", "Old", "B", 2))
    state.scheduled.append((3, "Old", "abroad", None))
    state.ext.charms["Old"] = 3
    state.ext.watch = ("Old", "B", 3)
    state.ext.bomb = ("Old", "G")
    state.ext.detentions["Old"] = "G"
    state.ext.leader = "Old"
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
    assert state.ext.lovers == [("Newbie", "B")] and state.ext.leader == "Newbie"
    assert state.ext.bomb == ("Newbie", "G") and state.ext.watch == ("Newbie", "B", 3)


def test_only_player_names_are_renamed() -> None:
    """A player named like a role ("Ran") keeps the role Ran's mentions as they were."""
    state, _ = apply_override(_state(), "replace Ran with Rina")
    assert state.players["Rina"].role == "Ran"
    assert "Ran" not in state.players


def test_a_substitute_takes_over_the_open_phases_orders_and_the_orders_naming_the_slot() -> None:
    """Replaced mid-phase, after orders came: the slot's orders, will and tape stand for the
    substitute, and an order naming the slot names the substitute (before, the close looked
    the old name up and failed for good)."""
    from autogm.engine.session import GameSession

    session = GameSession(
        new_game(load_ruleset("dctp-2011"), {"Old": "Araide", "G": "Gin", "B": "Shinichi"}, 1)
    )
    session.open()
    session.close()  # Prep
    session.receive("Old", "Heal B\nWill: G did it")
    session.receive("G", "Kill Old")
    session.receive("B", "Investigate Old kills G")
    session.apply_gm("replace Old with Newbie")
    assert "Old" not in _names(session.pending) | _names(session.wills)
    assert [o.canonical() for o in session.orders_of("Newbie")] == ["Heal B"]
    assert [o.canonical() for o in session.orders_of("G")] == ["Kill Newbie"]
    assert [o.canonical() for o in session.orders_of("B")] == ["Investigate Newbie kills G"]
    assert session.wills == {"Newbie": "G did it"}
    outcome = session.close()
    assert {(r.player, r.ability) for r in outcome.results} >= {("Newbie", "heal"), ("G", "kill")}
