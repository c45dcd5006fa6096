"""Reading one fragment: the cheap tests that spare a pattern most fragments fail."""

from __future__ import annotations

from autogm.engine.orders.dispatch import _LABEL_FIRST, _LABEL_START

# Each way a phase label can start, from which every tail below is cut.
_LABELS = (
    "prep", "night 2", "day 1", "n2", "d 3", "tonight", "tonite", "2nite", "today", "first",
    "second", "third", "fourth", "fifth", "12th", "1st", "on night 2", "during the day",
    "in prep", "at night", "of the day", "the night", "(night 2)", " \tnight", "( n2",
)  # fmt: skip


def test_a_phase_label_starts_only_with_a_character_of_label_first() -> None:
    # A match at the start consumes the first character: no ASCII character outside
    # _LABEL_FIRST starts a match, whatever follows it.
    tails = {label[i:] for label in _LABELS for i in range(len(label) + 1)}
    for first in map(chr, range(128)):
        if first in _LABEL_FIRST:
            continue
        for tail in tails:
            assert _LABEL_START.match(first + tail) is None, repr(first + tail)


def test_every_label_starts_with_a_character_of_label_first() -> None:
    for label in _LABELS:
        assert _LABEL_START.match(label) is not None
        assert label[0] in _LABEL_FIRST and label[0].upper() in _LABEL_FIRST | {"("}
