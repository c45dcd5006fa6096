"""The order-word tables read the same through their per-letter alternations as through the
whole alternation: a branch that cannot start with a text's first letter cannot match it, so
leaving it out never changes which branch matches first (engine/orders/grammar.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from engine.orders import grammar
from engine.orders.grammar import WordTable, _first_letters

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.yaml"))
TABLES = {
    "order": grammar.ORDER_PATTERNS,
    "query": grammar.QUERY_PATTERNS,
    "crime": grammar.CRIME_PATTERNS,
}
ODD = [
    "", " vote Abs", "ſnipe Abs", "Kill Abs", "İnvestigate Abs", "ÉRASE", "- vote Abs",
    "1. Heal Kleene", "(N1) kill", "\u200bvote Abs", "VOTE ABS", "Lovers A B", "sg Abs",
]  # fmt: skip


def _texts() -> list[str]:
    """Every word start of every PM of the corpus, as the readers try them."""
    texts = list(ODD)
    for path in CORPUS:
        for case in yaml.safe_load(path.read_text(encoding="utf-8")).get("cases", []):
            pm = str(case.get("pm", ""))
            texts += [pm[m.start() :] for m in re.finditer(r"(?<!\w)\S", pm)]
    return texts


@pytest.mark.parametrize("table", TABLES.values(), ids=TABLES.keys())
def test_the_letter_alternation_matches_as_the_whole_one(table: WordTable) -> None:
    for text in _texts():
        whole = table.combined.match(text)
        letter = table.match(text)
        assert (whole and (whole.lastgroup, whole.end())) == (
            letter and (letter.lastgroup, letter.end())
        ), text


def test_first_letters_of_a_pattern() -> None:
    assert _first_letters(r"(?:day\s+)?protect(?:ion)?(?!\s+charm)") == {"d", "p"}
    assert _first_letters(r"Cross[- ]?examin(?:e|ation)|sue") == {"c", "s"}
    assert _first_letters(r"[a-c]x|(?:i\s+)?pass") == {"a", "b", "c", "i", "p"}
    # Any start: a class, an empty match, a letter beyond ASCII.
    assert _first_letters(r"\w+") is None
    assert _first_letters(r"(?:x)?") is None
    assert _first_letters(r"éa") is None
