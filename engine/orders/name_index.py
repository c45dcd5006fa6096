"""The indexes a name matcher looks names up in, built once per roster.

Each name and alias becomes an :class:`Entry`: its key (``engine.orders.folding.fold``), its
loose written form, and where its words start and break, so a scan may accept a space there.
The indexes over the entries: exact keys, key suffixes from each word start (sorted, for prefix
lookups by bisect), and deletion variants (for typo lookups); plus, per name, its trailing
punctuation and how many words it has. ``engine.orders.names`` matches against them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from autogm.engine.orders.folding import (
    SAME_PUNCTUATION,
    WORD_RUN,
    deletions,
    fold,
    fold_run,
    fuzzy_limit,
    loose_form,
    punctuation_variants,
)

# No fuzzy matching for keys shorter than this (see the rulings in engine.orders.names).
MIN_FUZZY = 3


@dataclass(frozen=True, slots=True)
class Entry:
    """One name or alias: its key and where its written form has spaces (in key offsets)."""

    written: str
    key: str
    target: str
    loose: str
    is_alias: bool
    gaps: frozenset[int]  # also inside a word: "PhoenixTears" may be written "Phoenix Tears"
    starts: tuple[int, ...]  # key offsets where a word begins, 0 included
    tail: str  # punctuation after the last letter/digit, e.g. "-" of "Jd-"
    # The written form in lower case, each dash and apostrophe typed one way: "Jd-", "JD–".
    loose_punct: str = ""


def roster_entries(
    names: Iterable[str], aliases: Mapping[str, str] | None
) -> tuple[tuple[str, ...], list[Entry]]:
    """The roster's names (stripped, first spelling kept) and an entry per name and alias."""
    unique = list(dict.fromkeys(n.strip() for n in names))
    if any(not n for n in unique):
        raise ValueError("a name cannot be empty")
    known = set(unique)
    entries = [make_entry(n, n, False) for n in unique]
    for alias, target in (aliases or {}).items():
        if target not in known:
            raise ValueError(f"alias {alias!r} points to unknown name {target!r}")
        entries.append(make_entry(alias.strip(), target, True))
    return tuple(unique), entries


def _inner_words(run: str) -> Iterator[int]:
    """Where a word starts inside a run: "PhoenixTears" at 7, "Agent007" at 5."""
    for i in range(1, len(run)):
        before, ch = run[i - 1], run[i]
        if (before.islower() and ch.isupper()) or (before.isdigit() != ch.isdigit()):
            yield i


def make_entry(written: str, target: str, is_alias: bool) -> Entry:
    gaps: set[int] = set()
    starts: list[int] = []
    key = ""
    last_end = None
    for m in WORD_RUN.finditer(written):
        run = m.group()
        run_key = fold_run(run)
        if not run_key:
            continue
        if last_end is not None and m.start() > last_end:
            # A space, "_", "." or "-" between words: "x pon" for x_pon, "Ayumi chan".
            gaps.add(len(key))
        starts.append(len(key))
        for i in _inner_words(run):
            gaps.add(len(key) + len(fold_run(run[:i])))
            starts.append(len(key) + len(fold_run(run[:i])))
        key += run_key
        last_end = m.end()
    tail = written[last_end:].rstrip() if last_end is not None else ""
    loose = loose_form(written)
    return Entry(
        written,
        key or loose,
        target,
        loose,
        is_alias,
        frozenset(gaps),
        tuple(starts),
        tail,
        written.casefold().translate(SAME_PUNCTUATION),
    )


def exact_index(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    """Key -> the entries with that key (several when names differ only in punctuation)."""
    index: dict[str, list[Entry]] = {}
    for e in entries:
        index.setdefault(e.key, []).append(e)
    return index


def prefix_index(entries: Sequence[Entry]) -> list[tuple[str, int, int]]:
    """(key from a word start, entry index, start offset), sorted for bisect."""
    return sorted((e.key[s:], i, s) for i, e in enumerate(entries) for s in e.starts or (0,))


def deletion_index(entries: Sequence[Entry]) -> dict[str, list[int]]:
    """Every key with up to its fuzzy limit of letters deleted -> entry indexes.

    Two strings within n edits (transpositions included) share a string reached by at most n
    deletions from each, so a fuzzy lookup only verifies the few names found here instead of
    computing an edit distance to every player.
    """
    index: dict[str, list[int]] = {}
    for i, e in enumerate(entries):
        if len(e.key) >= MIN_FUZZY:
            for variant in deletions(e.key, fuzzy_limit(e.key)):
                index.setdefault(variant, []).append(i)
    return index


def tails_by_name(entries: Iterable[Entry]) -> dict[str, tuple[str, ...]]:
    """Name -> the trailing punctuation of its spellings ("-" of "Jd-"), longest first."""
    tails: dict[str, tuple[str, ...]] = {}
    for e in entries:
        if e.tail and e.tail not in tails.get(e.target, ()):
            found = (*tails.get(e.target, ()), e.tail)
            tails[e.target] = tuple(sorted(found, key=len, reverse=True))
    return tails


def chunks_by_name(entries: Iterable[Entry]) -> dict[str, int]:
    """Name -> the most words any of its spellings has (a typo'd name spans no more)."""
    chunks: dict[str, int] = {}
    for e in entries:
        chunks[e.target] = max(chunks.get(e.target, 0), len(e.gaps) + 1)
    return chunks


def symbol_entries(entries: Iterable[Entry]) -> list[Entry]:
    """Entries with no letters or digits at all ("???"), longest first."""
    return sorted((e for e in entries if not fold(e.loose)), key=lambda e: -len(e.loose))


def name_punctuation(entries: Iterable[Entry]) -> frozenset[str]:
    """Punctuation that occurs inside names, typed either way: anything else ends a name while
    scanning."""
    return frozenset(
        variant
        for e in entries
        for ch in e.written
        if not (ch.isalnum() or ch.isspace())
        for variant in punctuation_variants(ch)
    )
