"""A scenario's YAML as the replay reads it: PyYAML's safe loader (libyaml's when built), and
the pure-Python loader's error for a broken file."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st


def test_a_non_printable_character_is_refused_by_the_pure_python_reader() -> None:
    """A file with a control character gets the pure-Python reader's error, which names the
    character and where it is."""
    from autogm.engine.replay import ScenarioError, parse_scenario

    with pytest.raises(ScenarioError, match=r"#x0007"):
        parse_scenario("ruleset: dctp-2011\nseed: 1\nplayers: {Abs: Gin}\nnote: bell\x07\n")


@given(st.text(max_size=20) | st.sampled_from(["Abs (post)", "Abs (Will only)", "A(post)\n"]))
def test_a_key_without_a_parenthesis_is_a_name_alone(key):
    """engine.replay._item looks for the key's ")" before it tries the key's pattern."""
    from autogm.engine.replay import _KEY

    if ")" not in key:
        assert _KEY.match(key) is None


@given(st.text(alphabet=st.sampled_from("cClLeEaArR[]/b *.!\u212a\u0130"), max_size=12))
def test_a_clear_holds_the_word(text):
    """engine.replay._item tests for "clear" before it calls is_clear, as is_clear does."""
    from autogm.engine.replay import is_clear

    if is_clear(text):
        assert "clear" in text.lower()
