"""A scenario's YAML is read into the same data PyYAML's safe loader builds, or refused with
the same error: the replay builds plain mappings, lists and strings itself (engine.replay
``_plain_data``) and leaves everything else to PyYAML."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from engine.replay import SAFE_LOADER, _load_yaml

ROOT = Path(__file__).parents[2]

ODD = [
    "a: &x [1, 2]\nb: *x\n",  # an aliased list: one object, twice
    "base: &b {x: 1}\nmore:\n  <<: *b\n  y: 2\n",  # a merge key
    "a: !!set {x, y}\n",
    "? [1, 2]\n: x\n",  # an unhashable key: refused
    "a: 2001-12-14\nb: 0x1f\nc: .nan\nd: ~\ne: yes\nf: 1_000\n",
    "a: !!binary aGVsbG8=\n",
    "x: !!str 12\ny: !!int '7'\n",
    "= : 3\n",  # a value key
    "",
    "# a comment alone\n",
    "- 1\n- [a, {b: c}]\n",
    'a: "\\udc80"\n',  # a lone surrogate escape
    "a: !!int x\n",  # a scalar its constructor refuses
    "a: &r [*r]\n",  # a list that holds itself
    "a: 1\na: 2\n",  # a key twice: the later value
    "{1: a, 1.5: b, null: c, true: d}\n",
    "players: {Abs: Gin}\nphases:\n- phase: Night 1\n  orders:\n  - Abs: 'Kill Kleene'\n",
]


def _reference(text: str) -> tuple[str, object]:
    """What the replay read before: PyYAML's loader, the pure-Python one for a broken file."""
    try:
        try:
            return "data", yaml.load(text, Loader=SAFE_LOADER)
        except yaml.YAMLError:
            return "data", yaml.safe_load(text)
    except Exception as exc:  # the error itself is compared
        return "error", (type(exc), str(exc))


def _read(text: str) -> tuple[str, object]:
    try:
        return "data", _load_yaml(text)
    except Exception as exc:
        return "error", (type(exc), str(exc))


def _files() -> list[Path]:
    return sorted(
        p for p in ROOT.glob("**/*.yaml") if ".venv" not in p.parts and ".git" not in p.parts
    )


@pytest.mark.parametrize("text", ODD)
def test_odd_yaml_reads_as_pyyaml_reads_it(text):
    assert repr(_read(text)) == repr(_reference(text))


def test_an_aliased_list_stays_one_object():
    data = _load_yaml("a: &x [1, 2]\nb: *x\n")
    assert data["a"] is data["b"]


def test_every_yaml_file_of_the_project_reads_as_pyyaml_reads_it():
    files = _files()
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert _read(text) == _reference(text), path


def test_a_non_printable_character_is_refused_by_the_pure_python_reader_as_before() -> None:
    """engine/yaml_import.py leaves PyYAML's Reader.NON_PRINTABLE to be compiled at its first
    use: a file with a control character still gets the pure-Python reader's error, which
    names the character and where it is."""
    from engine.replay import ScenarioError, parse_scenario
    from engine.yaml_import import NON_PRINTABLE

    assert yaml.reader.Reader.NON_PRINTABLE.pattern == NON_PRINTABLE
    assert yaml.reader.Reader.NON_PRINTABLE.search("ok\x07") is not None
    with pytest.raises(ScenarioError, match=r"#x0007"):
        parse_scenario("ruleset: dctp-2011\nseed: 1\nplayers: {Abs: Gin}\nnote: bell\x07\n")


@given(st.text(max_size=20) | st.sampled_from(["Abs (post)", "Abs (Will only)", "A(post)\n"]))
def test_a_key_without_a_parenthesis_is_a_name_alone(key):
    """engine.replay._item looks for the key's ")" before it tries the key's pattern."""
    from engine.replay import _KEY

    if ")" not in key:
        assert _KEY.match(key) is None


@given(st.text(alphabet=st.sampled_from("cClLeEaArR[]/b *.!\u212a\u0130"), max_size=12))
def test_a_clear_holds_the_word(text):
    """engine.replay._item tests for "clear" before it calls is_clear, as is_clear does."""
    from engine.replay import is_clear

    if is_clear(text):
        assert "clear" in text.lower()
