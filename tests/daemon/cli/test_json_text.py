"""The commands' JSON writer writes what json.dumps(indent=2, ensure_ascii=False) writes."""

from __future__ import annotations

import json
from enum import IntEnum, StrEnum
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from autogm.daemon.cli.json_text import dump, dumps, write_to


class Colour(StrEnum):
    RED = "red"


class Count(IntEnum):
    ONE = 1


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
    | st.sampled_from([Colour.RED, Count.ONE])
)
KEYS = st.text() | st.integers() | st.floats() | st.booleans() | st.none()
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=3).map(tuple)
        | st.dictionaries(KEYS, inner, max_size=4)
    ),
    max_leaves=30,
)


@given(VALUES)
def test_the_same_text_as_json_dumps(value):
    assert dumps(value) == json.dumps(value, indent=2, ensure_ascii=False)


def test_a_replay_record_reads_the_same():
    from autogm.engine.replay import load_scenario, record, replay

    scenario = load_scenario(Path(__file__).parents[3] / "examples" / "first-game.yaml")
    value = record(scenario, replay(scenario))
    assert dumps(value) == json.dumps(value, indent=2, ensure_ascii=False)


@given(VALUES)
def test_written_piece_by_piece_the_same_text(value):
    """``autogm replay --json`` writes the record as its pieces are made (``dump``): the
    pieces, in order, are the text ``dumps`` returns."""
    pieces: list[str] = []
    dump(value, pieces.append)
    assert "".join(pieces) == json.dumps(value, indent=2, ensure_ascii=False)


def test_the_values_written_from_tables_are_written_as_json_writes_them():
    """An exact falsy item (``_FALSY``, its type's empty value) and an exact int, bool or None
    (``_EXACT``) are written from a table, without a call of the writer."""
    from autogm.daemon.cli.json_text import _EXACT, _FALSY

    for kind, written in _FALSY.items():
        assert not kind()
        assert written == json.dumps(kind())
    for value in (0, 1, -7, 10**30, True, False, None):
        assert _EXACT[type(value)](value) == json.dumps(value)


@given(VALUES)
def test_written_in_chunks_the_same_text(value):
    """``write_to`` gives the text in a few writes of about ``chunk`` characters each."""
    writes: list[str] = []

    class Out:
        def write(self, text: str) -> int:
            writes.append(text)
            return len(text)

    write_to(value, Out(), chunk=64)  # type: ignore[arg-type]
    assert "".join(writes) == json.dumps(value, indent=2, ensure_ascii=False)
    assert all(len(w) >= 64 for w in writes[:-1])


def test_strings_are_written_by_json_encoders_own_function():
    """json_text writes strings with json.encoder's own function, the one json.dumps uses."""
    import json.encoder

    from autogm.daemon.cli import json_text

    assert json_text.encode_basestring is json.encoder.encode_basestring
    assert json_text.INFINITY == json.encoder.INFINITY
