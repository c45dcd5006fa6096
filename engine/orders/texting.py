"""Phone writing read as the words it stands for: a word stretched for its tone ("protecttt
kit-kat todayyy", "first aid on meee") is the word, and a texting short form ("assault tally
tn", "u", "rn") is its words.

A GM reads "protecttt" as "protect" and "tn" as "tonight" without a thought, and an emoji
between two clauses as the full stop it stands for ("tanking for Dune tonight 🛡️ protect":
``emoji_stopped``); the reader drops emoji, which ran the two clauses into one. A message with a
fragment refused for a word the reader does not know is read again with these written out
(``parse.read_phoned``), so no table of order words, phase words or pronouns needs a
stretched or texted spelling of its own, and a message read at once pays nothing. A word that
is (a word of) a player's name is never rewritten: "Zzz" and "Tn" are players' names when a
player is called so. Only the refused fragments are looked at, a few in a game: the words are
walked in Python rather than by a regular expression, whose compiling would cost more.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import groupby

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.evidence import COMMON
from autogm.engine.orders.grammar import Grammar

# The texting short forms and the words they stand for (the words every reader reads: "tn"
# is the phase word "tonight", "u" the pronoun "you"). "pls" and "tmrw" are read as they are.
SHORT_FORMS = {
    "tn": "tonight", "2nite": "tonight", "2night": "tonight", "2day": "today",
    "tmr": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow", "rn": "right now",
    "u": "you", "ur": "your",
}  # fmt: skip
# A letter written this many times in a row or more is a word stretched ("todayyy", "meee").
_STRETCHED = 3
# What joins a word to the next as one: "kit-kat", "tn-ish" are no short form.
_JOINED = "-'’"


def texted(text: str, names: Iterable[str], grammar: Grammar) -> str:
    """``text`` with its stretched words and texting short forms written as their words;
    ``names``: the players' names (their words are never rewritten); ``grammar``: the
    family's order words, which with the everyday words tell "killll" (kill) from "meee"
    (me) when a letter is doubled in the word itself. ``text`` itself when it has none."""
    out: list[str] = []
    kept: set[str] | None = None
    last = at = 0
    end = len(text)
    while at < end:
        start = at
        while at < end and text[at].isalnum():
            at += 1
        if at == start:
            at += 1
            continue
        word = text[start:at]
        joined = (start and text[start - 1] in _JOINED) or (at < end and text[at] in _JOINED)
        plain = _plain(word, bool(joined), grammar)
        if plain is None:
            continue
        if kept is None:
            kept = {w.casefold() for name in names for w in _words(name)}
        if word.casefold() not in kept:
            out += [text[last:start], plain]
            last = at
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def _plain(word: str, joined: bool, grammar: Grammar) -> str | None:
    """The word ``word`` stands for, or None when it is written plainly."""
    key = word.casefold()
    if key in SHORT_FORMS:
        return None if joined else SHORT_FORMS[key]
    runs = [(letter, len(list(same))) for letter, same in groupby(word)]
    if all(n < _STRETCHED or not letter.isalpha() for letter, n in runs):
        return None
    # The run as two letters when that makes a word the readers know ("killll", "toooo"),
    # else as one ("meee", "protecttt", "sooo").
    double = "".join(letter * (min(n, 2)) for letter, n in runs)
    if _known(double, grammar):
        return double
    return "".join(letter * (1 if n >= _STRETCHED else n) for letter, n in runs)


def _words(name: str) -> list[str]:
    """The words of a player's name ("Kit-Kat": kit, kat)."""
    return "".join(c if c.isalnum() else " " for c in name).split()


def _known(word: str, grammar: Grammar) -> bool:
    """Whether ``word`` is an everyday word or, whole, one of the family's order words."""
    if word.casefold() in COMMON:
        return True
    found = grammar.order_patterns.match(word)
    return found is not None and found[1] == len(word)


# An emoji run after a word and before the next word, on one line: the stop a phone writer
# puts between two clauses. The pictographs beyond the Basic Multilingual Plane (bbcode drops
# them), and the older emoji of the Basic Plane (☀ to ➿: ✅, ⚖, ⛺) set off by spaces: a
# symbol written onto a word ("Star★") is part of a name.
_EMOJI_STOP = lazy_compile(
    r"(?<=[^\W_])[^\S\n]*"
    r"(?:[\U0001f000-\U0001faff\U0001fc00-\U0001ffff]|(?<=\s)[\u2600-\u27bf])"
    r"[\U0001f000-\U0001faff\U0001fc00-\U0001ffff\u2600-\u27bf\ufe0f\u200d\s]*?"
    r"[^\S\n]+(?=[^\W_])"
)


def emoji_stopped(text: str) -> str | None:
    """``text`` with each emoji that stands between two words as a full stop ("tanking for
    Dune tonight 🛡️ protect": "tanking for Dune tonight. protect"), or None when it holds
    none. Read only when the message read as written refused a fragment it could not read
    (``parse.read_phoned``): an emoji inside a hedge or a negation ("I might 🤔 protect Dune")
    leaves that refusal, and no second reading."""
    if text.isascii():
        return None
    stopped = _EMOJI_STOP.sub(". ", text)
    return None if stopped == text else stopped
