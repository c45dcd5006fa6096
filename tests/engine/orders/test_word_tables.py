"""The order-word tables read the same through their patterns by first letter as through the
whole table: a branch that cannot start with a text's first letter cannot match it, so
leaving it out never changes which branch matches first (engine/orders/grammar.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from autogm.engine.families.dctp.reading import dialect
from autogm.engine.families.dctp.vocab import WORDS as DCTP_WORDS
from autogm.engine.families.midnight.vocab import WORDS as MIDNIGHT_WORDS
from autogm.engine.orders import grammar
from autogm.engine.orders.evidence import EvidenceTable
from autogm.engine.orders.grammar import WordTable, _alternatives, first_letters

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.yaml"))
G = dialect().grammar  # the DCTP family's tables, which its dialect hands the reader
TABLES = {
    "order": (G.order_patterns, DCTP_WORDS.order_words),
    "query": (G.query_patterns, DCTP_WORDS.query_verbs),
    "crime": (G.crime_patterns, DCTP_WORDS.crime_words),
    "rewrite": (G.rewrite_patterns, DCTP_WORDS.rewrites),
}
ODD = [
    "", " vote Abs", "ſnipe Abs", "Kill Abs", "İnvestigate Abs", "ÉRASE", "- vote Abs",
    "1. Heal Kleene", "(N1) kill", "\u200bvote Abs", "VOTE ABS", "Lovers A B", "sg Abs",
    # Letters beyond ASCII after the start: the literal starts still tell.
    "heal Müller", "hs Renée", "ha Zoë", "Hoß", "hıde Abs", "HİDE", "hiſ", "hoKd", "ünvote",
    "hé", "Vote Ångström", "vote\u0307 Abs",
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
    end = "$" if table is G.rewrite_patterns else r"\b"
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


@pytest.mark.parametrize(
    ("pattern", "letters"),
    [
        (r"(?<![\w'’])(?:on\s+)?kill", {"o", "k"}),  # a lookbehind matches no character
        (r"(?=x)ab|\bcd", {"a", "c"}),  # nor does a lookahead or an anchor
        (r"^\s*kill", None),  # a category: any
        (r"(?P<word>heal|guard)s?", {"h", "g"}),
        (r"(?:un)?vote|(?:a|b){0,2}c", {"u", "v", "a", "b", "c"}),
        (r"(?:a|b){1,2}c|d+e", {"a", "b", "d"}),
        (r"(?:x|)y", {"x", "y"}),  # an empty alternative lets the next piece start
        (r"[\-a]x|[a\-c]y", {"-", "a", "c"}),  # an escaped "-" is a member, not a range
        (r"[^a]x", None),
        (r"[a-z]x", set("abcdefghijklmnopqrstuvwxyz")),
        (r"[\w-]x", None),
        (r"\-\.x|\(y", {"-", "("}),
        (r"(?i:x)", None),  # flags: not read
        (r"\?*ab", {"?", "a"}),
        (r"(?:x*?)y", {"x", "y"}),
    ],
)
def test_first_letters_reads_each_piece_of_a_pattern(
    pattern: str, letters: set[str] | None
) -> None:
    assert first_letters(pattern) == (None if letters is None else frozenset(letters))


def test_alternatives_cut_only_at_the_top_level() -> None:
    assert _alternatives(r"a(?:b|c)|d[|x]|e\|f|[]|]g|[^]|]h") == [
        "a(?:b|c)",
        "d[|x]",
        r"e\|f",
        "[]|]g",
        "[^]|]h",
    ]


def test_literal_stems_of_a_pattern() -> None:
    """What a match must start with: the literal letters of each alternative, the last one
    left out when optional; a group's own alternatives, and an optional group's with what
    follows it; None when an alternative may start with anything (a class, an optional
    letter, an optional group with nothing literal after it)."""
    assert grammar.literal_stems(r"tak(?:e|es|ed|ing)\s+out|lovers?") == ("tak", "lover")
    assert grammar.literal_stems(r"(?:nab(?:s|ed)?|nabb(?:ed|ing))\s+him") == ("nab", "nabb")
    assert grammar.literal_stems(r"keep watch over") == ("keep watch over",)
    assert grammar.literal_stems(r"(?:the\s+)?kill") == ("the", "kill")
    assert grammar.literal_stems(r"(?:put\s+)?(?:in\s+)?detention|detain") == (
        "put", "in", "detention", "detain",
    )  # fmt: skip
    assert grammar.literal_stems(r"(?:face[- ]?)*?pinch") == ("face", "pinch")
    assert grammar.literal_stems(r"(?:the\s+)?\w+") is None
    assert grammar.literal_stems(r"(?:the\s+)?") is None
    assert grammar.literal_stems(r"(?:ha){0,2}kill") is None
    assert grammar.literal_stems(r"[a-c]x") is None
    assert grammar.literal_stems(r"x?ray") is None


EVIDENCE = {"dctp": DCTP_WORDS.evidence, "midnight": MIDNIGHT_WORDS.evidence}


@pytest.mark.parametrize("evidence", EVIDENCE.values(), ids=EVIDENCE.keys())
def test_the_evidence_table_by_stems_reads_as_every_pattern(
    evidence: tuple[tuple[str, tuple[str, ...]], ...],
) -> None:
    """engine/orders/evidence.py tries only the patterns whose literal start a text starts
    with: at every word start of the corpus, and of each stem written as words of an order
    ("taking", "Tak him out", "ſnipe"), it reads what trying every pattern reads."""
    table = EvidenceTable(evidence)
    whole = [
        (re.compile(rf"(?:{p})(?:['’]s)?(?![\w'’])", re.IGNORECASE), abilities)
        for p, abilities in evidence
    ]
    stems = {s for p, _ in evidence for s in grammar.literal_stems(p) or ()}
    texts = _texts() + [
        f"{s}{end}" for s in sorted(stems) for end in ("", "s", "ing him out", "ed Abs", "'s")
    ] + [t.upper() for t in sorted(stems)] + ["ſnipe Abs", "Kıll Abs", "ÉRASE"]
    for text in texts:
        best, found = 0, []
        for pattern, abilities in whole:
            m = pattern.match(text[:80])
            if m is None or m.end() < best:
                continue
            if m.end() > best:
                best, found = m.end(), []
            found += [a for a in abilities if a not in found]
        assert table.at(text) == ((tuple(found), best) if best else None), text


def test_every_item_on_a_dctp_sheet_stands_for_its_holder_in_a_theft() -> None:
    """Steal: "Can steal one item from one person per night" — "Steal Abs's gun" names the
    person; every item a DCTP sheet lists must read so (docs/rulings.md, Items)."""
    from autogm.engine.rules import load_ruleset

    possessed = re.compile(rf"(?:{DCTP_WORDS.possessed['steal']})$", re.IGNORECASE)
    items = {
        item
        for ruleset in ("dctp-2011", "dctp-r53", "dctp-classic")
        for sheet in load_ruleset(ruleset).roles.values()
        for item in sheet.items
    }
    assert items
    assert [item for item in sorted(items) if not possessed.match(item)] == []


def test_only_the_letters_it_names_fold_into_ascii() -> None:
    """``grammar.FOLDS_INTO_ASCII``: every other character beyond ASCII matches no ASCII
    character nor "’" case-insensitively, and lowers to one character beyond ASCII, so a
    text that holds none of them starts with a pattern's literal start when it matches."""
    ascii_or_quote = re.compile("[" + re.escape("".join(map(chr, range(128)))) + "’]", re.I)
    for point in range(128, 0x110000):
        c = chr(point)
        if c in grammar.FOLDS_INTO_ASCII or c == "’" or 0xD800 <= point < 0xE000:
            continue
        low = c.lower()
        assert ascii_or_quote.fullmatch(c) is None, hex(point)
        assert len(low) == 1 and not low.isascii() and low not in grammar.FOLDS_INTO_ASCII
        assert grammar.stems_tell(f"heal {c}")
    for c in grammar.FOLDS_INTO_ASCII:
        assert not grammar.stems_tell(f"heal {c}")


def test_a_pattern_is_compiled_only_for_a_text_holding_a_text_its_matches_hold() -> None:
    # grammar.gate_keys: "voice of reason" holds no "accusation", which every match of the
    # Voice of Accusation's words holds; the table passes over it uncompiled.
    table = WordTable(((r"voice\s+of\s+accusation", "voa"), (r"voice\s+of\s+reason", "vor")))
    assert table.match("Voice of Reason Abs") == ("vor", 15)
    assert table._compiled[0] is None
    assert table.match("VOICE of accusation Abs") == ("voa", 19)
    words = EvidenceTable(
        ((r"voic(?:e|es)\s+of\s+accusation", ("voa",)), (r"voice\s+of\s+reason|vor", ("vor",)))
    )
    assert words.at("voice of reason's target") == (("vor",), 17)
    assert words._compiled[0] is None
    assert words.at("ſ voice of accusation") is None  # folds: no gate, the same answer
