"""Cutting a cleaned message: the will and the tape after their labels."""

from __future__ import annotations

import pytest

from autogm.engine.families.dctp.reading import dialect
from autogm.engine.orders.fragments import _said_head, split_tape, split_will

# The DCTP family's tables of its words, which its dialect hands the reader.
G = dialect().grammar


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Heal Abs\nWill: I was town", ("Heal Abs\n", "I was town")),
        ("Heal Abs. LW - I was town", ("Heal Abs.", "I was town")),
        ("Heal Abs\nMY LAST WILL AND TESTAMENT: town", ("Heal Abs\n", "town")),
        ("Heal Abs\nwiLL- ünd so", ("Heal Abs\n", "ünd so")),
        ("Heal Abs will you", ("Heal Abs will you", None)),
        ("Stake-out Abs", ("Stake-out Abs", None)),
    ],
)
def test_a_will_is_found_only_where_its_label_can_be(
    text: str, expected: tuple[str, str | None]
) -> None:
    assert split_will(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Kill Abs\nTape: I was here", ("Kill Abs\n", "I was here")),
        ("Kill Abs. my VIDEO - ünd so", ("Kill Abs.", "ünd so")),
        ("Kill Abs with tape", ("Kill Abs with tape", None)),
        ("Stake-out Abs", ("Stake-out Abs", None)),
    ],
)
def test_a_tape_is_found_only_where_its_label_can_be(
    text: str, expected: tuple[str, str | None]
) -> None:
    assert split_tape(text) == expected


def test_a_list_head_alone_on_its_line_holds_only_letters_spaces_and_hyphens() -> None:
    """``_list_head`` reads a line without a colon as a list head only when it holds nothing
    but letters, spaces and "-": every order word of a list ability must hold no other."""
    import re
    import re._constants as c
    import re._parser as parser

    def allowed(parsed: object) -> bool:
        for op, av in parsed:  # type: ignore[attr-defined]
            if op is c.LITERAL:
                if not (chr(av).isalpha() or chr(av) in " -"):
                    return False
            elif op is c.IN:
                if not all(
                    (o is c.LITERAL and (chr(a).isalpha() or chr(a) in " -"))
                    or (o is c.CATEGORY and a is c.CATEGORY_SPACE)
                    for o, a in av
                ):
                    return False
            elif op is c.SUBPATTERN:
                if not allowed(av[-1]):
                    return False
            elif op is c.BRANCH:
                if not all(allowed(branch) for branch in av[1]):
                    return False
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
                if not allowed(av[2]):
                    return False
            elif op not in (c.ASSERT_NOT, c.ASSERT, c.AT):
                return False
        return True

    for pattern, ability in G.words.order_words:
        if ability in G.list_heads:
            assert allowed(parser.parse(pattern, re.IGNORECASE)), pattern


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Disguise\nAbs\nKleene", ["Disguise Abs, Kleene"]),
        ("Special-investigate\nAbs", ["Special-investigate Abs"]),
        ("Investigate:\nP01\nP02", ["Investigate P01, P02"]),
        ("Disguise P07\nAbs", ["Disguise P07", "Abs"]),
        ("Snipe P07\nAbs", ["Snipe P07", "Abs"]),
    ],
)
def test_a_list_and_its_items(text: str, expected: list[str]) -> None:
    from autogm.engine.orders.fragments import fragments

    assert fragments(text, ("Abs", "Kleene", "P01", "P02", "P07"), G) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Heal Abs and vote Kleene",
        "Heal Abs\tTHEN vote Kleene",
        "Heal Abs & vote Kleene",
        "Heal Abs +vote Kleene",
        "Heal Abs also vote Kleene",
        "Heal Abs plus vote Kleene",
        "Kill Abs with my voice of reason",
        "Kill Abs using the vor",
        "Heal Abs",
        "Heal Anna",
    ],
)
def test_a_sentence_is_searched_for_joins_wherever_one_can_be(sentence: str) -> None:
    from autogm.engine.orders.fragments import _may_join, joiner

    joins = joiner(G.words.used_with)

    assert _may_join(sentence) or joins.search(sentence) is None


@pytest.mark.parametrize(
    "line",
    [
        "Snipe P07",
        "  Disguise 2 ",
        "Heal Abs's friend",
        "Bribe_me",
        "Disguise\u00a0P07",
        "Investigate P42 kills P02, P26 kills P42",
        "Spy!",
    ],
)
def test_a_line_without_a_colon_or_only_letters_heads_no_list(line: str) -> None:
    """``_list_head`` answers None without matching ``_LIST_HEAD`` for a line with no colon
    and something besides letters, spaces and "-": the full reading says None too."""
    from autogm.engine.orders.fragments import _list_head, _read_list_head

    assert ":" not in line
    assert not "".join(line.split()).replace("-", "").isalpha()
    assert _list_head(line, G) is None
    assert _read_list_head(line, G) is None


def test_the_joiner_cuts_where_its_three_alternatives_do() -> None:
    """``joiner`` (DCTP's, with its Voices) is written from its first character; it must
    find the very cuts of the three alternatives it stands for, over every sequence of four of
    these pieces."""
    import itertools
    import re

    from autogm.engine.orders.fragments import joiner

    joins = joiner(G.words.used_with)

    plain = re.compile(
        r"\s*[,;]\s*(?:(?:and|then|&|\+|plus)\s+)?|\s+(?:and|then|also|&|\+|plus)\s+"
        r"|\s+(?:with|using)\s+(?=(?:my\s+|the\s+)?(?:voice\s+of|vo[ar]\b))",
        re.IGNORECASE,
    )
    pieces = [" ", "\t", ",", ";", "Abs", "AND", "then", "also", "+", "&", "plus"]
    pieces += ["with", "Using", "my", "voice of", "vor"]
    for n in range(1, 5):
        for parts in itertools.product(pieces, repeat=n):
            text = "".join(parts)
            assert [m.span() for m in joins.finditer(text)] == [
                m.span() for m in plain.finditer(text)
            ], text


@pytest.mark.parametrize(
    "sentence",
    [
        "Heal Abs please",
        "Heal Abs thanks",
        "Heal Abs AND\u00a0vote Kleene",
        "Heal Abs\n+ vote Kleene",
        "Kill Abs  USING   my vor",
    ],
)
def test_a_sentence_without_a_joining_word_is_not_searched(sentence: str) -> None:
    from autogm.engine.orders.fragments import _may_join, joiner

    joins = joiner(G.words.used_with)

    assert _may_join(sentence) or joins.search(sentence) is None
    assert _may_join(sentence) == (joins.search(sentence) is not None)


def test_a_sentence_ends_where_the_plain_pattern_ends_it() -> None:
    """``_SENTENCE`` is written from its first space; it must find the very spans of
    "(?<=[.!?])\\s+" over every sequence of five of these pieces."""
    import itertools
    import re

    from autogm.engine.orders.fragments import _SENTENCE

    plain = re.compile(r"(?<=[.!?])\s+")
    pieces = [" ", "\t", "\u00a0", ".", "!", "?", "Abs", "1"]
    for n in range(1, 6):
        for parts in itertools.product(pieces, repeat=n):
            text = "".join(parts)
            assert [m.span() for m in _SENTENCE.finditer(text)] == [
                m.span() for m in plain.finditer(text)
            ], text


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Ranking: 1. Gin 2. Vodka 3. Korn", ["Ranking: 1. Gin 2. Vodka 3. Korn"]),
        ("Leader ranking: 1) Gin 2) Vodka", ["Leader ranking: 1) Gin 2) Vodka"]),
        ("Vote Gin. 2 Vodka! 3 Korn", ["Vote Gin.", "2 Vodka!", "3 Korn"]),
        ("Hi GM! Snipe P07", ["Hi GM!", "Snipe P07"]),
    ],
)
def test_a_rankings_places_are_kept_and_only_theirs(line: str, expected: list[str]) -> None:
    """A place is marked "1." or "1)": a line with neither holds none, and its order word is
    not read for one."""
    from autogm.engine.orders.fragments import _PLACE_MARK, fragments

    assert ("." in line or ")" in line) or _PLACE_MARK.search(line) is None
    assert fragments(line, ("Gin", "Vodka", "Korn", "P07"), G) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Snipe P07\nObserve gender P24 please",
        "Investigate:\nP01\nP02 and vote Abs",
        "Investigate:\nP01\nP02",
        "Disguise\nAbs\nKleene",
        "Heal Abs and vote Kleene",
        "Heal Abs. Vote Kleene! Kill P07?",
        "Heal Abs, vote Kleene",
        "Heal Abs AND\u00a0vote Kleene",
        "Heal Abs\n+ vote Kleene",
        "Ranking: 1. Gin 2. Vodka",
    ],
)
def test_the_whole_text_is_looked_at_once_as_each_sentence_would_be(text: str) -> None:
    """``fragments`` looks for sentence ends and cuts between orders in the whole text before
    it looks in each line or sentence: it finds what looking in each one finds."""
    from autogm.engine.orders.fragments import (
        _join_lists,
        _parts,
        _sentences,
        _spaced_names,
        fragments,
    )

    names = ("Abs", "Kleene", "P01", "P02", "P07", "Gin", "Vodka", "Mr Black")
    spaced = _spaced_names(names)
    expected = [
        piece.strip()
        for line in _join_lists(text.splitlines(), G)
        for sentence in _sentences(line, spaced, G)
        for piece in _parts(sentence, G)
        if piece.strip(" .!?;,")
    ]
    assert fragments(text, names, G) == expected


def test_each_roster_keeps_its_own_names_whole() -> None:
    """The roster cut for last is remembered by identity: another roster, or an equal one in
    another tuple, is read for its own names with a space."""
    from autogm.engine.orders.fragments import fragments

    text = "Vote Mr. Black. Heal Abs"
    spaced = ("Mr. Black", "Abs")
    plain = ("Mr", "Black", "Abs")
    for _ in range(2):
        assert fragments(text, spaced, G) == ["Vote Mr. Black.", "Heal Abs"]
        assert fragments(text, plain, G) == ["Vote Mr.", "Black.", "Heal Abs"]
        assert fragments(text, tuple(list(spaced)), G) == ["Vote Mr. Black.", "Heal Abs"]


def test_a_list_head_said_in_words_ends_in_a_colon_or_stands_over_a_bullet() -> None:
    """A head said in everyday words ("my 3 investigations for tonight:") ends in a colon or
    stands over a bullet; a line with neither is read as it is, without its words looked up."""
    assert _said_head("my checks for tonight", "Abs kills Kleene", G) is None
    assert _said_head("my checks for tonight", "- Abs kills Kleene", G) == "my checks for tonight"


@pytest.mark.parametrize(
    ("line", "heads"),
    [
        # The words before the comma announce the list: its remark after the comma is dropped.
        ("I shall spy upon the following persons, the choice of one being the GM's:", True),
        ("My leader ranking, like the old files:", True),
        # A verse's line that ends in a colon after a comma: its first words hold an ability's
        # item ("capsule") but announce no list, and head none.
        ("A capsule of poison, a pale moon over, for the one who talks too much:", False),
        ("My cuffs hang heavy, the night is long, for the one I doubt:", False),
    ],
)
def test_a_remark_after_a_heads_comma_is_dropped_only_when_the_head_announces_a_list(
    line: str, heads: bool
) -> None:
    """"Spy on the following persons, the selection being the GM's:" heads the list below it;
    "A capsule white, a silent end, for ... friend:" in a poem heads nothing (the order written
    below it is read as it is, not swallowed as the list's items with no answer)."""
    from autogm.engine.orders.fragments import _list_head

    assert (_list_head(line, G) is not None) is heads


# Lists in several voices, and near misses that hold a colon, a dash, a bullet or letters alone
# and head no list.
LIST_SHAPES = [
    "Disguise -\nAbs\nKleene", "SI —\nP07 kills P02", "Investigate\nP42 kills P02",
    "my spy list\n- Abs\n- Kleene", "Spying on\n1) Abs\n2) Lynz", "  Disguise  \nAbs",
    "Ranking\n• Gin\n• Vodka", "ok so targets\n> Abs", "Cupid's arrows 💘\n- Abs\n- Lynz",
    "Evening\nvote Abs", "travel", "Heal Abs -", "vote Abs\n- heal Kleene", "Müller\nvote Abs",
    "Snipe P07 —", "hey gm,\n3. vote Abs", "Abs – Kleene", "Investigations (I get 3):\nAbs",
]  # fmt: skip


def test_a_line_is_read_for_a_head_only_where_one_can_be() -> None:
    """``_heads`` passes over a line with no colon, no dash at its end, no bullet below it
    and more than letters alone; over every message of the blind rounds and the corpus (as
    written and cleaned) and the shapes above, its heads are ``_head_of`` of every line."""
    from autogm.engine.orders.bbcode import clean_message
    from autogm.engine.orders.fragments import _head_of, _heads, _heads_apart
    from tests.engine.orders.test_phrase_gate import _messages

    found = 0
    for text in [*_messages(), *LIST_SHAPES]:
        for written in {text, clean_message(text)}:
            for lines in (written.splitlines(), _heads_apart(written.splitlines())):
                after = [*lines[1:], None][: len(lines)]
                full = [_head_of(line, below, G) for line, below in zip(lines, after, strict=True)]
                assert _heads(lines, G) == full, lines
                found += any(full)
    assert found > 100
