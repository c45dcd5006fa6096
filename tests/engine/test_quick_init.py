"""engine/quick_init.py: the faster ``__init__`` takes what the dataclass's own took, and the
class stays a frozen dataclass."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from engine.outcome import Notice, Result
from engine.quick_init import quick_init
from engine.state import ActionRecord


@dataclasses.dataclass(frozen=True, slots=True)
class _Plain:
    a: str
    b: int = 2
    c: list[int] = dataclasses.field(default_factory=list)


@quick_init
@dataclasses.dataclass(frozen=True, slots=True, init=False)
class _Quick:
    a: str
    b: int = 2
    c: list[int] = dataclasses.field(default_factory=list)


def test_same_objects_as_the_dataclass_init() -> None:
    for args, kwargs in [(("x",), {}), (("x", 5), {}), (("x",), {"c": [1]}), ((), {"a": "y"})]:
        plain, quick = _Plain(*args, **kwargs), _Quick(*args, **kwargs)
        assert dataclasses.astuple(plain) == dataclasses.astuple(quick)
    assert _Quick("x").c is not _Quick("x").c  # a new list from the factory each time
    for bad_args, bad_kwargs in [((), {}), (("x",), {"d": 1}), (("x", 1, [], 4), {})]:
        with pytest.raises(TypeError):
            _Quick(*bad_args, **bad_kwargs)


def test_still_a_frozen_dataclass() -> None:
    q = _Quick("x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.a = "y"  # type: ignore[misc]
    assert dataclasses.replace(q, b=3) == _Quick("x", 3)
    r = Result("P01", "vote", "done", target="P02")
    assert pickle.loads(pickle.dumps(r)) == r and hash(r) == hash(dataclasses.replace(r))


@pytest.mark.parametrize("cls", [Result, Notice, ActionRecord])
def test_engine_classes_keep_their_parameters(cls: type) -> None:
    names = [p.name for p in inspect.signature(cls).parameters.values()]
    assert names == [f.name for f in dataclasses.fields(cls)]


def test_refuses_what_it_cannot_do() -> None:
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    with pytest.raises(TypeError):
        quick_init(NoSlots)
