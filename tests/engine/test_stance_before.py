"""The stance of a mention that opens its clause is read without the tests of the words before
it (engine/orders/stance.py, ``stance``): each of those tests needs a word there, so none can
hold for an empty text. The shortcut docs/performance.md keeps must give what the tests give."""

from __future__ import annotations

import pytest

from autogm.engine.orders import stance
from autogm.engine.orders.compose import Block
from autogm.engine.orders.evidence import ABILITY, Mention


@pytest.mark.parametrize("index", range(len(stance.BEFORE_NEEDS_A_WORD)))
def test_each_test_of_the_words_before_a_mention_needs_a_word(index: int) -> None:
    pattern = stance.BEFORE_NEEDS_A_WORD[index]
    assert pattern.search("") is None, pattern.pattern


def test_the_tests_written_around_the_patterns_hold_for_no_words_before() -> None:
    mention = Mention(ABILITY, 0, 4, ("heal",), "heal")
    assert not stance._negated("")
    # A past word is a past deed with nothing before it ("voted Abs"), as it was before.
    assert stance._past("", Mention(ABILITY, 0, 5, ("vote",), "voted"))
    assert not stance._past("", mention)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Heal Kleene", None),
        ("heal Kleene?", "question"),
        ("Heal Kleene if he claims", "condition"),
        ("Heal Kleene. Not sure", None),
        ("healed Kleene", "talk"),
        ("Heal Kleene tomorrow", "not_now"),
    ],
)
def test_a_mention_that_opens_its_clause_keeps_its_stance(text: str, expected: str | None) -> None:
    """The mention opens its clause: what the rest of its sentence says still voids it."""
    word = text.split()[0]
    found = [Mention(ABILITY, 0, len(word), ("heal",), word)]
    block = Block.of(text, found)
    voice = stance.Voice("Abs", frozenset({"abs"}))
    assert stance.stance(block.layout, found[0], found, voice) == expected
