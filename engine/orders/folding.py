"""The comparison keys of names and the edit distance between them.

A name is compared by its *key*: Unicode NFKC, look-alike letters of other scripts folded to
Latin, casefold, accents dropped, and everything that is not a letter or digit dropped, so
"mr.black cat", "Mr Black Cat" and "ＭＲ. BLACK CAT" all read as "Mr. Black Cat". Digits stay
digits ("0" is not "o"). ``engine.orders.names`` matches names by these keys.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

# Letters of other scripts that look like Latin ones, mapped before casefolding because the
# look-alike depends on the case (Greek capital Nu looks like N, small nu like v).
_CONFUSABLES = str.maketrans(
    {
        # Cyrillic capitals and smalls
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P",
        "С": "C", "Т": "T", "Х": "X", "У": "Y", "Ү": "Y", "Ѕ": "S", "І": "I", "Ј": "J",
        "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
        "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s",
        "і": "i", "ј": "j", "ԁ": "d", "һ": "h", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
        # Greek capitals and smalls
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        "α": "a", "ο": "o", "ι": "i", "κ": "k", "ν": "v", "ρ": "p", "υ": "u", "χ": "x",
        # Latin variants that NFKC keeps apart
        "ɑ": "a", "ɡ": "g", "ı": "i", "ȷ": "j", "ℓ": "l",
    }
)  # fmt: skip

# Letters that NFD does not split into a base letter and an accent.
_LETTERS = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ħ": "h"}
)

# Punctuation typed in more than one way (phones and word processors turn ' into ’ and - into
# –): inside a name, either is the name's own.
APOSTROPHES = "'’‘`´ʼ"
DASHES = "-‐‑‒–—−"
SAME_PUNCTUATION = str.maketrans({ch: group[0] for group in (APOSTROPHES, DASHES) for ch in group})


def punctuation_variants(ch: str) -> str:
    """Every way of typing the punctuation ``ch`` (``ch`` itself when it has no other)."""
    for group in (APOSTROPHES, DASHES):
        if ch in group:
            return group
    return ch


_ASCII_DROP = str.maketrans("", "", "".join(chr(i) for i in range(128) if not chr(i).isalnum()))

# A run of letters/digits, combining marks included so a decomposed "u" + diaeresis stays one run.
WORD_RUN = re.compile(
    r"(?:[^\W_]|[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f])+"
)


def fold_run(run: str) -> str:
    """The key of one run of letters/digits (an ASCII run needs no normalizing)."""
    if run.isascii():
        return run.lower()
    text = unicodedata.normalize("NFKC", run).translate(_CONFUSABLES).casefold()
    text = unicodedata.normalize("NFD", text).translate(_LETTERS)
    return "".join(ch for ch in text if ch.isalnum())


def fold(text: str) -> str:
    """The comparison key of a name or a fragment: letters and digits only, folded."""
    if text.isascii():
        return text.lower().translate(_ASCII_DROP)
    return "".join(fold_run(m.group()) for m in WORD_RUN.finditer(text))


def fold_words(text: str) -> list[str]:
    """The keys of each run of letters/digits: "Mr. Black Cat" -> ["mr", "black", "cat"]."""
    return [key for m in WORD_RUN.finditer(text) if (key := fold_run(m.group()))]


def word_spans(text: str) -> list[tuple[str, int, int]]:
    """(key, start, end) of each run of letters/digits in ``text``."""
    return [
        (key, m.start(), m.end()) for m in WORD_RUN.finditer(text) if (key := fold_run(m.group()))
    ]


def loose_form(text: str) -> str:
    """The text with case and spacing ignored: it tells apart names with the same key and keys
    a name with no letters or digits."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def distance(a: str, b: str, limit: int | None = None) -> int:
    """Damerau-Levenshtein distance (optimal string alignment); stops early above ``limit``."""
    if limit is not None and abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            best = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, prev2[j - 2] + 1)
            cur[j] = best
        if limit is not None and min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[-1]


def bag_gap(a: Counter[str], b: Counter[str], len_a: int, len_b: int) -> int:
    """How many letters differ between two keys, counted as a multiset (L1 distance)."""
    shared = sum(min(n, b[ch]) for ch, n in a.items() if ch in b)
    return len_a + len_b - 2 * shared


def fuzzy_limit(key: str) -> int:
    """Edits allowed to reach a name with this key: 1 up to 5 characters, 2 beyond."""
    return 1 if len(key) <= 5 else 2


def deletions(key: str, depth: int) -> set[str]:
    """``key`` with up to ``depth`` letters deleted (the fuzzy index of names)."""
    found = {key}
    frontier = {key}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        found |= frontier
    return found
