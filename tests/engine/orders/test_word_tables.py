"""The order-word tables read the same through their patterns by first letter as through the
whole table: a branch that cannot start with a text's first letter cannot match it, so
leaving it out never changes which branch matches first (engine/orders/grammar.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from engine.orders import grammar
from engine.orders.grammar import WordTable, _alternatives, _starts, first_letters

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.yaml"))
TABLES = {
    "order": (grammar.ORDER_PATTERNS, grammar.ORDER_WORDS),
    "query": (grammar.QUERY_PATTERNS, grammar.QUERY_VERBS),
    "crime": (grammar.CRIME_PATTERNS, grammar.CRIME_WORDS),
    "rewrite": (grammar.REWRITE_PATTERNS, grammar.REWRITES),
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


@pytest.mark.parametrize(("table", "words"), TABLES.values(), ids=TABLES.keys())
def test_the_patterns_by_first_letter_match_as_all_of_them(
    table: WordTable, words: tuple[tuple[str, str], ...]
) -> None:
    # The reference reading: the whole table as one alternation, the first branch wins.
    end = "$" if table is grammar.REWRITE_PATTERNS else r"\b"
    whole = [(re.compile(rf"(?:{p}){end}", re.IGNORECASE), name) for p, name in words]
    for text in _texts():
        expected = next(((n, m.end()) for p, n in whole if (m := p.match(text))), None)
        assert table.match(text) == expected, text


def testfirst_letters_of_a_pattern() -> None:
    assert first_letters(r"(?:day\s+)?protect(?:ion)?(?!\s+charm)") == {"d", "p"}
    assert first_letters(r"Cross[- ]?examin(?:e|ation)|sue") == {"c", "s"}
    assert first_letters(r"[a-c]x|(?:i\s+)?pass") == {"a", "b", "c", "i", "p"}
    # Any start: a class, an empty match, a letter beyond ASCII.
    assert first_letters(r"\w+") is None
    assert first_letters(r"(?:x)?") is None
    assert first_letters(r"éa") is None


@pytest.mark.parametrize(("table", "words"), TABLES.values(), ids=TABLES.keys())
def testfirst_letters_as_the_whole_pattern_parsed_gives_them(
    table: WordTable, words: tuple[tuple[str, str], ...]
) -> None:
    import re._parser

    for pattern, _ in words:
        found, empty = _starts(re._parser.parse(pattern, re.IGNORECASE))
        whole = None if found is None or empty else frozenset(c.lower() for c in found)
        assert first_letters(pattern) == whole, pattern


def test_alternatives_cut_only_at_the_top_level() -> None:
    assert _alternatives(r"a(?:b|c)|d[|x]|e\|f|[]|]g|[^]|]h") == [
        "a(?:b|c)",
        "d[|x]",
        r"e\|f",
        "[]|]g",
        "[^]|]h",
    ]
