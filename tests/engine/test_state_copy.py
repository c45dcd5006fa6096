"""``PlayerState.copy``, ``GameState.clone`` and ``DctpState.copy`` set each field of the copy
themselves (engine/state.py, engine/families/dctp/state.py): every field must come across, each
in its own place, and the mutable ones must not be shared."""

from __future__ import annotations

from dataclasses import fields, replace

from autogm.engine.families.dctp.setup import new_game
from autogm.engine.families.dctp.state import (
    UNMARKED,
    Capsule,
    DctpPlayer,
    DctpState,
    Loan,
)
from autogm.engine.phases import Phase
from autogm.engine.rules import load_ruleset
from autogm.engine.state import ActionRecord, Fate, GameState, PlayerState, Status


class _Ext:
    def copy(self) -> _Ext:
        return _Ext()

    def rename(self, old: str, new: str) -> None:
        pass


def test_player_copy_keeps_every_field_in_its_place() -> None:
    p = PlayerState(
        name="P01",
        role="Gin",
        status=Status.ARRESTED,
        conditions={"injured": 3},
        items=["aptx"],
        used={"kill": 1},
        will="my will",
        fate=Fate(Phase(3), "arrested"),
        open_role="Baker",
        ext=_Ext(),
    )
    copied = p.copy()
    for f in fields(PlayerState):
        if f.name == "ext":
            assert isinstance(copied.ext, _Ext) and copied.ext is not p.ext
        else:
            assert getattr(copied, f.name) == getattr(p, f.name), f.name
    for mutable in ("conditions", "items", "used"):
        assert getattr(copied, mutable) is not getattr(p, mutable), mutable


def test_a_dctp_players_own_state_is_a_value_shared_by_copies() -> None:
    """DCTP's ``PlayerState.ext`` (the disguise, the injury) is never changed in place: a
    change replaces it, so a copy shares it and the original keeps its own."""
    p = PlayerState(name="V", role="Vermouth", ext=UNMARKED)
    p.ext = replace(p.ext, disguise="Takagi", injury="protect")
    copied = p.copy()
    assert copied.ext is p.ext and copied.ext.disguise == "Takagi"
    copied.ext = replace(copied.ext, disguise=None)
    assert p.ext.disguise == "Takagi" and copied.ext.disguise is None
    assert copied.ext.injury == p.ext.injury == "protect"
    assert DctpPlayer() == UNMARKED
    assert p.ext.record_conditions() == ("disguised:Takagi",)
    assert copied.ext.record_conditions() == ()


def test_game_clone_keeps_every_field_and_copies_the_familys_state() -> None:
    """``GameState.clone`` sets each field itself: every one comes across, the mutable ones
    not shared, and the family's state copied by its own ``copy``."""
    state = new_game(load_ruleset("dctp-2011"), {"A": "Gin", "B": "Ran", "C": "Conan"}, 7)
    state.history.append(ActionRecord(Phase(1), "A", "kill", ("B",), True, True))
    state.scheduled.append((3, "B", "abroad", None))
    state.winner, state.winners, state.quiet_phases = "town", ("B", "C"), 2
    cloned = state.clone()
    for f in fields(GameState):
        if f.name == "ext":
            assert isinstance(cloned.ext, DctpState) and cloned.ext is not state.ext
        else:
            assert getattr(cloned, f.name) == getattr(state, f.name), f.name
    for mutable in ("players", "history", "scheduled"):
        assert getattr(cloned, mutable) is not getattr(state, mutable), mutable


def test_dctp_state_copy_keeps_every_field_in_its_place() -> None:
    """``DctpState.copy`` sets each field itself (engine/families/dctp/state.py): a value in
    every field, each distinct, comes across in its own place, the mutable ones not shared."""
    own = DctpState(
        leader="A",
        kill_cycle=["A", "B"],
        aptx=2,
        capsules=[Capsule("C", 3)],
        arrests=[("A", "kill", "B", 2)],
        lovers=[("B", "C")],
        best_friends={"C": "B"},
        costumes={"A": ("Ran",)},
        costume_offers={"B": ("Conan", "Ran")},
        interrogations={("C", 1): ("A", "BO")},
        spy_locks={"A": "C"},
        abducted={"B": ("Gin",)},
        loans=[Loan("bow_tie", "B", "C", 4)],
        starting_town=5,
        charms={"C": 6},
        lynch_charms={"B": (4, "C")},
        watch=("A", "B", 3),
        watch_broken=True,
        bomb=("B", "A"),
        vest_used=True,
        detentions={"C": "A"},
        leader_ballots={"A": ("A", "B")},
        leader_ranking=("B", "A"),
    )
    copied = own.copy()
    for f in fields(DctpState):
        assert getattr(copied, f.name) == getattr(own, f.name), f.name
        assert getattr(own, f.name) != getattr(DctpState(), f.name), f"{f.name}: set it above"
        if isinstance(getattr(own, f.name), list | dict | set):
            assert getattr(copied, f.name) is not getattr(own, f.name), f.name
