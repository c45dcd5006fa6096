"""``PlayerState.copy`` sets each field of the copy itself (engine/state.py): every field must
come across, each in its own place, and the mutable ones must not be shared."""

from __future__ import annotations

from dataclasses import fields

from autogm.engine.phases import Phase
from autogm.engine.state import Fate, PlayerState, Status


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
        disguise="Ran",
        will="my will",
        fate=Fate(Phase(3), "arrested"),
        injury="protect",
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
