"""Cutting the start of an order into runs of letters/digits that may spell a name.

``engine.orders.names`` reads a name at the start of an order (``NameMatcher.match_prefix``)
from these runs: their keys joined, and where whitespace separated them (allowed only where
the name has a word break).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from autogm.engine.orders.folding import WORD_RUN, fold_run

# How many runs of letters/digits match_prefix reads at most; names have at most a few words.
MAX_RUNS = 12
_NO_GAPS: frozenset[int] = frozenset()


@dataclass(slots=True)
class Run:
    """One run of letters/digits of a scanned order, as a piece of a name's key. Not frozen
    (no one changes a run): a frozen dataclass sets each field through object.__setattr__,
    three times slower, and runs are made for every name read."""

    key: str
    end: int  # end of the run in the scanned text
    offset: int  # where the run's key starts in the joined key
    spaced: bool  # whitespace separates it from the previous run


def scan_runs(text: str, start: int, max_key: int, puncts: frozenset[str]) -> list[Run]:
    """The runs from ``start`` on that may belong to one name: no longer than the longest key
    (plus two typos), separated only by whitespace and punctuation some name contains. A list,
    not a generator: its one caller wants them all, and resuming a generator for each run cost
    more than the run."""
    runs: list[Run] = []
    offset = 0
    last_end = start
    for count, m in enumerate(WORD_RUN.finditer(text, start)):
        between = text[last_end : m.start()]
        if count == MAX_RUNS or offset > max_key + 2:
            return runs
        # Mostly nothing or one space stands between: no character needs a look then.
        blank = between.isspace()
        spaced = blank or (bool(between) and any(ch.isspace() for ch in between))
        if count == 0 and spaced:
            return runs
        if (
            count
            and between
            and not blank
            and any(not ch.isspace() and ch not in puncts for ch in between)
        ):
            return runs
        key = fold_run(m.group())
        if not key:
            return runs
        if count and offset + len(key) > max_key + 2:
            return runs  # no name, not even one with two typos, is that long: no tier reads it
        runs.append(Run(key, m.end(), offset, bool(count) and spaced))
        offset += len(key)
        last_end = m.end()
    return runs


def joined_keys(runs: Sequence[Run]) -> list[str]:
    """The key of the first k runs joined, at index k ("" at 0)."""
    keys = [""]
    for run in runs:
        keys.append(keys[-1] + run.key)
    return keys


def run_gaps(runs: Sequence[Run], k: int) -> frozenset[int]:
    """Key offsets where whitespace separates the first k runs."""
    if k < 2:
        return _NO_GAPS  # one run, as most names are: nothing separates it
    return frozenset(r.offset for r in runs[1:k] if r.spaced)
