"""The words of orders: which phrasing means which ability, crime or investigated action.

A family declares how its players say each ability (``engine.orders.vocab``: its ``Words``);
``grammar_of`` builds the reader's tables from them once per family (``Grammar``), and the
session hands them to the reader with the family's dialect. Each table maps a regular
expression (matched case-insensitively at a word boundary) to the canonical ability name used
everywhere else. The phrases every family's orders share (a phase, a possessive, a list) are
this module's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cached_property

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import vocab
from autogm.engine.orders.folding import APOSTROPHES, distance
from autogm.engine.orders.text_memo import remember

# Words that open the part of a sentence holding the player's own order, after reasoning:
# "..., so tonight please heal Kleene", "I think Abs is BO, I'll interrogate him", "let me
# heal Kleene". Only first-person and imperative openers: "Abs said he would heal Kleene"
# holds no order of the author's.
ORDER_OPENER = re.compile(
    r"(?<![\w'’])(?:please|pls|so|therefore|thus|hence|then|actually|i['’]ll|i\s+will|i\s+want\s+to"
    r"|i\s+wanna|i['’]d\s+like\s+to|i\s+would\s+like\s+to|i\s+shall|i['’]m\s+going\s+to|i['’]d\s+rather|\Arather"
    r"|i\s+am\s+going\s+to|i['’]m\s+gonna|let\s+me|i\s+choose\s+to|i\s+decided\s+to|i['’]m|i\s+am)"
    r"\s+(?:(?:tonight|today|now|just|instead)\s+)*(?:please\s+)?",
    re.IGNORECASE,
)


# The side speaking of its order as the side's: "We kill Lynz tonight", "tonight we'll
# attack Lynz" (before the order word of an order the side gives: ``Grammar.ours``).
WE = (
    r"(?:(?:tonight|now)\s*,?\s+)?we(?:['’]ll|\s+will|\s+shall|\s+should|\s+want\s+to"
    r"|(?:['’]re|\s+are)\s+going\s+to)?\s+"
)


# Phrases that stand between the words of many orders, shared by their readers.
# "on Night 1", "during Prep", "tonight", "last night": the phase an order or a query names.
ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10,
}  # fmt: skip
# The phases named relative to now, as players write them ("last night", "yesterday night",
# "the previous day"), read by ``Reader.phase`` and found by the evidence (one list for both).
RELATIVE_PHASES = (
    r"tonight|tonite|2nite|today|this\s+(?:night|day)|(?:last|previous|yesterday)\s+night"
    r"|yesterday|previous\s+day"
)
# A phase as players write it: "on Night 1", "N1", "night one", "(N1)", "the first night",
# "the 2nd day", "tonight", "last night", "the previous night", "yesterday", "back in Prep".
PHASE = lazy_compile(
    r"\s*(?P<open>\()?\s*(?:(?:back\s+|way\s+back\s+)?(?:on|during|in|at|of|for)\s+)?"
    r"(?:the\s+)?(?P<phase>prep(?:aration)?(?:\s+phase)?"
    r"|(?P<ordinal>" + "|".join(ORDINALS) + r"|\d{1,2}(?:st|nd|rd|th))\s+(?P<okind>night|day)"
    r"|(?P<ago>two|three|four|five|a\s+couple\s+of|\d)\s+(?P<agokind>nights?|days?)\s+ago"
    r"|(?:the\s+)?night\s+before\s+last|(?:the\s+)?day\s+before\s+yesterday"
    r"|(?:night|day|n|d)\s*(?:\d+|[a-z]+)"
    r"|" + RELATIVE_PHASES + r")\b"
    r"(?(open)\s*\))",
    re.IGNORECASE,
)
# The possessive after a player's name: "Abs's", "Abs'", "Kleene’s" (phones type the
# typographic apostrophe), or a closing single quote ("Heal 'Kleene'").
POSSESSIVE = lazy_compile(rf"[{APOSTROPHES}](?:s\b)?", re.IGNORECASE)


def possessed_noun(said: str) -> str:
    """The pattern of a noun of ``said`` after a possessive, with up to two words before it
    that describe it ("Séverine's cold body", "Kleene's poor little life")."""
    return rf"\s*(?:[^\W\d_]+\s+){{0,2}}?(?:{said})\b"


# Between the players or roles of a list: "A, B and C", "A or else B".
LIST_SEP = lazy_compile(
    r"\s*(?:,(?:\s*(?:and|or(?:\s+else)?)\b)?|&|\+|\band\b|\bor(?:\s+else)?\b|\bthen\b)\s*",
    re.IGNORECASE,
)
# "Disguise as one of: A, B, C", "Friendship list: A, B", "Spy on these players: A, B, C".
LIST_WORDS = lazy_compile(
    r"\s*(?:(?:as\s+)?one\s+of|(?:my\s+|the\s+|these\s+|following\s+)*"
    r"(?:list|names|players|people|targets|candidates|pairs|pairings|couples))(?:\s+(?:is|are))?"
    r"\s*:?\s*(?=\S)",
    re.IGNORECASE,
)
# "Arrest Abs for killing", "Disguise as Ran for N3": the word before a crime or a phase.
FOR = lazy_compile(r"\s*(?:for\b)?\s*", re.IGNORECASE)
# "APTX pofa as Satou", "Identify Akonyl = Sonoko": the word before a role.
AS = lazy_compile(r"\s*(?:as|=|is|:|-)\s*", re.IGNORECASE)
# "Use heal on Parkur", "use my Voice of Reason", "the watch to Akonyl": words before the keyword.
USE = lazy_compile(r"(?:(?:use|using|activate|do)\s+)?(?:(?:my|the|your)\s+)?", re.IGNORECASE)


class WordTable:
    """A table's patterns, tried in order at the start of a text: the first that matches wins.

    Only the patterns that can start with the text's first letter are tried (one that cannot
    start there cannot match, so the first that matches is the same): "vote Abs" tries the
    four that start with a v, not sixty; of those, a pattern whose literal start
    (``literal_stems``) the text does not start with is passed over without being compiled
    ("heal Abs" never compiles "hide|hiding"), and so is one whose every match holds a text
    (``gate_keys``) the text does not ("follow Abs" never compiles "follow[- ]?up"). Each
    pattern is compiled when a text first needs it, so a command compiles only what it reads
    (a night of kills, `check-config`, never pays for the queries' or the crimes' words).
    """

    def __init__(self, table: tuple[tuple[str, str], ...], end: str = r"\b") -> None:
        self.names = [name for _, name in table]
        self._table = table
        self._end = end  # what each pattern must be followed by: a word's end, the text's
        self._compiled: list[re.Pattern[str] | None] = [None] * len(table)
        # The texts one of which each pattern's every match holds (``gate_keys``), read when
        # a text first tries it: a pattern is compiled only for a text that holds one.
        self._keys: list[Gate | None] = [None] * len(table)
        self._by_letter: dict[str, tuple[int, ...]] = {}
        # match's answers by text: the readers ask about the same texts again and again (a
        # fragment, then its rest; "Vote P34" in every phase), and a table never changes.
        self._read: dict[str, tuple[str, int] | None] = {}

    @cached_property
    def _starts(self) -> list[frozenset[str] | None]:
        return [first_letters(p) for p, _ in self._table]

    @cached_property
    def _stems(self) -> tuple[list[tuple[str, ...] | None], int]:
        """Each pattern's literal starts, and the longest of them."""
        stems = [literal_stems(p) for p, _ in self._table]
        return stems, max((len(x) for st in stems if st for x in st), default=0)

    def _tried(self, first: str) -> tuple[int, ...]:
        if not stems_tell(first):
            # Case-insensitive matching folds this letter into an ASCII one ("ſ" is an s)
            # where str.lower() does not: every pattern is tried.
            return tuple(range(len(self._table)))
        found = tuple(i for i, s in enumerate(self._starts) if s is None or first in s)
        if first.isascii():  # kept for the few letters a table is asked about, not for all
            self._by_letter[first] = found
        return found

    def _gate(self, i: int) -> Gate:
        keys = self._keys[i]
        if keys is None:
            keys = self._keys[i] = gate_keys(self._table[i][0])
        return keys

    def match(self, text: str) -> tuple[str, int] | None:
        """The canonical name of the first pattern that matches at the start of ``text``,
        and the length it matches."""
        read = self._read
        if text in read:
            return read[text]
        found = self.first(text)
        answer = None if found is None else (found[0], found[1].end())
        remember(read, text, answer)
        return answer

    def first(self, text: str) -> tuple[str, re.Match[str]] | None:
        """The name of the first pattern that matches at the start of ``text``, and its match."""
        first = text[:1].lower()
        tried = self._by_letter.get(first)
        if tried is None:
            tried = self._tried(first)
        stems, look = self._stems
        head = text[:look]
        head = head.lower() if stems_tell(head) else None
        compiled, low = self._compiled, ""
        for i in tried:
            if head is not None and (stem := stems[i]) is not None and not head.startswith(stem):
                continue
            pattern = compiled[i]
            if pattern is None:
                if low == "":
                    low = text.lower() if stems_tell(text) else None
                if not may_hold(self._gate(i), low):
                    continue
                source = rf"(?:{self._table[i][0]}){self._end}"
                pattern = compiled[i] = re.compile(source, re.IGNORECASE)
            found = pattern.match(text)
            if found is not None:
                return self.names[i], found
        return None


# What a literal start of a pattern is made of (beyond ASCII, case-insensitive matching folds
# letters that str.lower() does not, so such a start tells nothing).
_STEM_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789 '’-")
# The characters beyond ASCII that case-insensitive matching folds into ASCII ones ("İ" and
# "ı" are an i, "ſ" an s, the Kelvin sign a k), and the dot above that str.lower() leaves of
# "İ" ("i̇"). No other character matches an ASCII one or "’", and every other one lowers to
# one character beyond ASCII (tests/engine/orders/test_word_tables.py reads every code
# point), so a literal start tells whether a text that holds none of these may match
# ("Müller", "Renée" included).
FOLDS_INTO_ASCII = frozenset("\u0130\u0131\u017f\u212a\u0307")


def stems_tell(text: str) -> bool:
    """Whether ``text``, lower-cased, starts with a pattern's literal start whenever the
    pattern matches it case-insensitively (``literal_stems``): it holds no letter that
    case-insensitive matching folds into ASCII where str.lower() does not."""
    return text.isascii() or FOLDS_INTO_ASCII.isdisjoint(text)


def literal_stems(pattern: str) -> tuple[str, ...] | None:
    """The lower-case text a match of ``pattern`` must start with, one per top-level
    alternative ("tak(?:e|es)\\s+out|lovers?" starts with "tak" or "lover"; "(?:the\\s+)?kill"
    with "the" or "kill"); None when an alternative may start with no literal letter (a
    class, an optional letter, a group repeated by count, an optional group with nothing
    literal after it). A text that starts with none of them is no match, and its pattern
    need not be compiled."""
    stems: list[str] = []
    for alternative in _alternatives(pattern):
        if alternative.startswith("(?:"):
            # "(?:nab(?:s|ed)?|nabb(?:ed|ing))": the group's own alternatives start it; an
            # optional group's, or what follows it ("(?:the\s+)?kill": "the" or "kill").
            close = _group_end(alternative)
            quantifier = alternative[close + 1 : close + 2]
            inner = None if quantifier == "{" else literal_stems(alternative[3:close])
            if inner is not None and quantifier in ("?", "*"):
                rest = alternative[close + 2 :]
                after = literal_stems(rest[1:] if rest[:1] in ("?", "+") else rest)
                inner = None if after is None else inner + after
            if inner is None:
                return None
            stems.extend(inner)
            continue
        end = 0
        low = alternative.lower()
        while end < len(low) and low[end] in _STEM_CHARS:
            end += 1
        if alternative[end : end + 1] in ("?", "*", "{"):
            end -= 1  # the last letter is optional: "lovers?"
        if end <= 0:
            return None
        stems.append(low[:end])
    return tuple(stems)


# The letters beyond ASCII a text a pattern's matches hold may hold, as themselves: Latin-1's.
# Case-insensitive matching matches each only with a letter that lower-cases to the same one
# (tests/engine/orders/test_phrase_gate.py reads every code point), so the text lower-cased
# holds it where a match stands: "mañana" is a key of the later phases' words, where "ana"
# was, which "Analyze" holds.
KEY_LETTERS = frozenset(c for c in map(chr, range(0xC0, 0x100)) if c.isalpha())


# A text a pattern's every match holds, and whether it opens a word there (it follows a
# word's start, "(?<![\w'’])kill", and opens the pattern or a group it opens).
Key = tuple[str, bool]


def required_texts(pattern: str) -> frozenset[str] | None:
    """Lower-case texts (of ASCII and ``KEY_LETTERS``) one of which every match of ``pattern``
    holds, read from the pattern's text: in each top-level alternative, a run of literal
    characters or a group every match goes through whose every alternative holds one
    ("(?:scratch|scrap)\\s+that" holds "scratch" or "scrap"); None when an alternative holds
    none that can be told (only classes, categories, optional pieces). A case-insensitive
    match holds one in the text lower-cased, when ``stems_tell`` of the text."""
    found, _ = _required_alternatives(pattern, 0, False)
    if found is None:
        return None
    texts = {t for t, _ in found}
    # A text that holds "change" holds it whether "changed" is a key or not.
    return frozenset(t for t in texts if not any(o != t and o in t for o in texts))


# A pattern's gate: the texts one of which its every match holds, shortest first, and those
# of them that open a word where they stand (``gate_keys``).
Gate = tuple[tuple[str, ...], frozenset[str]]


def gate_keys(pattern: str) -> Gate:
    """The texts one of which every match of ``pattern`` holds (``required_texts``), shortest
    first, and those that open a word where they stand; none when it holds none that can be
    told, or one letter, which every text holds (no gate). A pattern is run, and compiled,
    only for a text that holds one (``may_hold``): "Identify P3" holds "if", but not where a
    word starts, as the condition class's "if" stands."""
    found, _ = _required_alternatives(pattern, 0, False)
    if found is None or min(len(t) for t, _ in found) < 2:
        return (), frozenset()
    # A text that holds "change" holds it whether "changed" is a key or not; a key that must
    # open a word covers only those that open one with it.
    kept = {(t, word) for t, word in found if not _covered(t, word, found)}
    keys = tuple(sorted({t for t, _ in kept}, key=lambda k: (len(k), k)))
    return keys, frozenset(t for t, word in kept if word)


def _covered(text: str, word: bool, found: set[Key]) -> bool:
    """Whether another key of ``found`` stands in ``text`` wherever it does (``word``: it opens
    a word): "change" covers "changed"; a key that must open a word covers only a text that
    opens one and starts with it. A loop whose first test is the cheap one: a class of a
    hundred phrases tries each key against each."""
    for other, opens in found:
        if (
            other in text
            and (not opens or (word and text.startswith(other)))
            and (other != text or opens != word)
        ):
            return True
    return False


def may_hold(gate: Gate, low: str | None) -> bool:
    """Whether a text lower-cased (``low``; None when ``stems_tell`` of it is false: it tells
    nothing) may hold a match of a pattern of ``gate_keys``."""
    keys, opening = gate
    if not keys or low is None:
        return True
    for key in keys:  # noqa: SIM110 (a loop of "in": cheaper than any() of a generator)
        if key in low and (key not in opening or _opens_a_word(low, key)):
            return True
    return False


def _opens_a_word(low: str, key: str) -> bool:
    """Whether ``key`` stands in ``low`` where no word character is before it."""
    at = low.find(key)
    while at >= 0:
        if at == 0 or not (low[at - 1].isalnum() or low[at - 1] == "_"):
            return True
        at = low.find(key, at + 1)
    return False


# The assertions that a word starts here: no word character before.
_WORD_START_BEFORE = ("(?<![\\w'’])", "(?<!\\w)", "\\b")


def _required_alternatives(pattern: str, i: int, opens: bool) -> tuple[set[Key] | None, int]:
    """``required_texts`` of the alternatives from ``i`` to the ")" that closes them (or the
    end), and where they end; ``opens``: a word starts where they start."""
    found: set[Key] | None = set()
    while True:
        texts, i = _required_sequence(pattern, i, opens)
        if texts is None:
            found = None
        elif found is not None:
            found |= texts  # this call's own set, grown in place: a class of a hundred phrases
        if pattern[i : i + 1] != "|":
            return found, i
        i += 1


def _required_sequence(pattern: str, i: int, opens: bool) -> tuple[set[Key] | None, int]:
    """The texts one of which a sequence of pieces holds: of its runs of literal characters
    and its groups that every match goes through, the one whose shortest text is longest
    (the first of those with the fewest texts); ``opens``: a word starts where the sequence
    starts."""
    # The best choice so far and its rank (its shortest text's length, its texts fewest),
    # kept as each is read: a phrase class's sequences are read by the thousand.
    best: set[Key] | None = None
    rank = (-1, 0)
    run, run_opens = "", False
    first = True  # nothing read yet
    end_of = len(pattern)
    while i < end_of and (c := pattern[i]) not in "|)":
        # Letters read as themselves, taken whole (as the loop below takes each of them), but
        # the last when a quantifier follows it ("lovers?"): that one is read below. Looked
        # for only where one may start: most pieces are escapes, groups and classes.
        if c not in _PIECE_SIGNS and (plain := _PLAIN_RUN.match(pattern, i)) is not None:
            end = plain.end()
            if end < end_of and pattern[end] in _QUANTIFIER_FIRST:
                end -= _QUANTIFIER.match(pattern, end) is not None
            if end > i:
                if not run:
                    run_opens = first and opens and pattern[i].isalnum()
                run += pattern[i:end].lower()
                first = False
                i = end
                continue
        if first and pattern.startswith(_WORD_START_BEFORE, i):
            opens = True
        at_start = first and opens
        literal = group = None
        reads = True
        if c == "(":
            if pattern.startswith(_GROUP_PASSED, i) or (
                pattern.startswith("(?", i) and not pattern.startswith(("(?:", "(?P<"), i)
            ):
                # A lookaround, flags: nothing held; only a lookaround reads nothing.
                reads = not pattern.startswith(_GROUP_PASSED, i)
                i = _group_end(pattern[i:]) + i + 1
            else:
                start = pattern.index(">", i) + 1 if pattern.startswith("(?P<", i) else i + 1
                start += 2 * pattern.startswith("(?:", i)
                group, i = _required_alternatives(pattern, start, at_start)
                i += 1
        elif c == "[":
            i = _class_end(pattern, i) + 1
        elif c == "\\":
            escaped = pattern[i + 1 : i + 2]
            literal = escaped if escaped.isascii() and not escaped.isalnum() else None
            reads = escaped not in ("b", "B", "A", "Z")  # an assertion reads nothing
            i += 2
        else:
            literal = c if (c.isascii() and c not in "^$.") or c in KEY_LETTERS else None
            reads = c not in "^$"
            i += 1
        if i < end_of and pattern[i] in _QUANTIFIER_FIRST:
            quantified, optional, i = _quantifier(pattern, i)
        else:
            quantified = optional = False
        if literal is not None and not quantified:
            if not run:
                run_opens = at_start and literal.isalnum()
            run += literal.lower()
            first = False
            continue
        if run:
            if (len(run), -1) > rank:
                best, rank = {(run, run_opens)}, (len(run), -1)
            run = ""
        if group is not None and not optional:
            group_rank = (min([len(t) for t, _ in group]), -len(group))
            if group_rank > rank:
                best, rank = group, group_rank
        if reads or quantified:
            first = False
    if run and (len(run), -1) > rank:
        best = {(run, run_opens)}
    return best, i


# A run of characters ``_required_sequence`` reads each as itself: ASCII and ``KEY_LETTERS``,
# and none of the signs of a piece ("\\", "[", "(", "^", "$", "."), of its end ("|", ")") or
# of a quantifier ("?", "*", "+", "{"). Written as the ranges left, which compile to a small
# bitmap.
_PLAIN_RUN = re.compile(r"[\x00-#%-',\-/->@-Z\]_-z}-\x7fÀ-ÖØ-öø-ÿ]+")
# The signs that start a piece ``_PLAIN_RUN`` does not read: an escape, a class, a group.
_PIECE_SIGNS = frozenset("\\[(")


def _group_end(pattern: str) -> int:
    """Where the group that opens ``pattern`` closes (the index of its ")")."""
    depth = 0
    for i, c in _structure(pattern):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
    return len(pattern)


def _alternatives(pattern: str) -> list[str]:
    """``pattern`` cut at its top-level "|" (not inside a group or a class, not escaped)."""
    cuts, depth, start = [], 0, 0
    for i, c in _structure(pattern):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            cuts.append(pattern[start:i])
            start = i + 1
    cuts.append(pattern[start:])
    return cuts


# The characters that give a pattern its structure, and escapes (passed over whole).
_STRUCTURE = re.compile(r"\\.?|[\[\]()|]", re.DOTALL)


def _structure(pattern: str) -> Iterator[tuple[int, str]]:
    """Where each "(", ")" and "|" outside a class and not escaped stands in ``pattern``:
    only these characters and escapes are looked at, not every letter between them."""
    class_from = -1  # inside a class: the first place where a "]" closes it
    for found in _STRUCTURE.finditer(pattern):
        c, i = found.group(), found.start()
        if c[0] == "\\":
            continue
        if class_from >= 0:
            if c == "]" and i >= class_from:
                class_from = -1
        elif c == "[":
            j = i + 1
            j += pattern[j : j + 1] == "^"
            class_from = j + 1  # "[]...]", "[^]...]": a "]" first in the class is a member
        elif c != "]":
            yield i, c


def first_letters(pattern: str) -> frozenset[str] | None:
    """The lower-case ASCII characters a match of ``pattern`` can start with; None when it
    could start with any (a class, a category, an empty match, a letter beyond ASCII).

    An alternative that starts with a letter no quantifier makes optional ("kill|attack")
    starts with that letter; only the others are read by ``_starts``."""
    letters: set[str] = set()
    for alternative in _alternatives(pattern):
        first = alternative[:1]
        if first.isascii() and first.isalpha() and alternative[1:2] not in ("?", "*", "{"):
            letters.add(first.lower())
            continue
        found, empty, _ = _starts(alternative, 0)
        if found is None or empty or not all(c.isascii() for c in found):
            return None
        letters |= {c.lower() for c in found}
    return frozenset(letters)


# What a pattern's first characters are read as by ``_starts``: a piece that matches no
# character (an anchor, a lookaround) is passed over; a piece that may match any of many
# characters (a category, a negated class, an escape other than a punctuation mark's) stops
# the reading with "any".
_ZERO = (frozenset(), True)
_ANCHORS = frozenset("bBAZ")
_GROUP_PASSED = ("(?=", "(?!", "(?<=", "(?<!")
_QUANTIFIER = re.compile(r"(?:[?*+]|\{(\d*)(?:,\d*)?\})[?+]?")
# The characters a quantifier starts with: a piece followed by none is not quantified.
_QUANTIFIER_FIRST = frozenset("?*+{")


def _quantifier(pattern: str, i: int) -> tuple[bool, bool, int]:
    """Whether a quantifier follows the piece ending at ``i``, whether it lets the piece be
    absent ("?", "*", "{0,3}"), and where the pattern goes on."""
    quantified = _QUANTIFIER.match(pattern, i)
    if quantified is None:
        return False, False, i
    low = quantified[1]
    optional = quantified[0][0] in "?*" or (low is not None and int(low or 0) == 0)
    return True, optional, quantified.end()


def _starts(pattern: str, i: int) -> tuple[set[str] | None, bool, int]:
    """The characters the alternatives of ``pattern`` from ``i`` to the ")" that closes
    them (or the end) can start with (None: any), whether they can match the empty string,
    and where they end."""
    chars: set[str] | None = set()
    empty = False
    while True:
        found, seq_empty, i = _sequence_starts(pattern, i)
        chars = None if found is None or chars is None else chars | found
        empty = empty or seq_empty
        if pattern[i : i + 1] != "|":
            return chars, empty, i
        i += 1


def _sequence_starts(pattern: str, i: int) -> tuple[set[str] | None, bool, int]:
    chars: set[str] | None = set()
    settled = False  # a piece that cannot be empty has been read: later ones start nothing
    while i < len(pattern) and pattern[i] not in "|)":
        piece, i = _piece(pattern, i)
        _, optional, i = _quantifier(pattern, i)
        if settled or piece is _ZERO:
            continue
        found, piece_empty = piece
        if found is None:
            chars = None
        elif chars is not None:
            chars |= found
        settled = chars is None or not (piece_empty or optional)
    return chars, not settled, i


def _piece(pattern: str, i: int) -> tuple[tuple[set[str] | None, bool], int]:
    """The piece of ``pattern`` at ``i`` (a character, an escape, a class, a group): the
    characters it can start with (None: any) and whether it can match the empty string, or
    ``_ZERO`` for one that matches no character; and where it ends."""
    c = pattern[i]
    if c == "(":
        if pattern.startswith(_GROUP_PASSED, i):
            end = _group_end(pattern[i:]) + i
            return _ZERO, end + 1
        if pattern.startswith("(?:", i):
            start = i + 3
        elif pattern.startswith("(?P<", i):
            start = pattern.index(">", i) + 1
        elif pattern.startswith("(?", i):
            # Flags, a comment, a reference: not read.
            return (None, False), _group_end(pattern[i:]) + i + 1
        else:
            start = i + 1
        found, empty, end = _starts(pattern, start)
        return (found, empty), end + 1
    if c == "[":
        end = _class_end(pattern, i)
        return (_class_chars(pattern[i + 1 : end]), False), end + 1
    if c == "\\":
        escaped = pattern[i + 1 : i + 2]
        if escaped in _ANCHORS:
            return _ZERO, i + 2
        if escaped.isascii() and not escaped.isalnum():
            return ({escaped}, False), i + 2
        return (None, False), i + 2
    if c in "^$":
        return _ZERO, i + 1
    if c == ".":
        return (None, False), i + 1
    return ({c}, False), i + 1


def _class_end(pattern: str, i: int) -> int:
    """Where the class that opens at ``i`` closes (the index of its "]")."""
    j = i + 1
    j += pattern[j : j + 1] == "^"
    j += pattern[j : j + 1] == "]"  # "[]...]", "[^]...]": that "]" is a member
    while j < len(pattern) and pattern[j] != "]":
        j += 2 if pattern[j] == "\\" else 1
    return j


def _class_chars(inside: str) -> set[str] | None:
    """The members of a class written ``[inside]``; None for a negated one or one holding a
    category, an escape of a letter or a range of more than 64 characters."""
    if inside.startswith("^"):
        return None
    chars: set[str] = set()
    members: list[str] = []  # each member, an escaped one with its backslash
    j = 0
    while j < len(inside):
        if inside[j] == "\\":
            escaped = inside[j + 1 : j + 2]
            if not escaped.isascii() or escaped.isalnum():
                return None
            members.append(inside[j : j + 2])
            j += 2
        else:
            members.append(inside[j])
            j += 1
    k = 0
    while k < len(members):
        if k + 2 < len(members) and members[k + 1] == "-":
            low, high = ord(members[k][-1]), ord(members[k + 2][-1])
            if high - low >= 64:
                return None
            chars.update(chr(x) for x in range(low, high + 1))
            k += 3
        else:
            chars.add(members[k][-1])
            k += 1
    return chars


def match_word(patterns: WordTable, text: str) -> tuple[str, int] | None:
    """The canonical name of the keyword at the start of ``text``, and its length."""
    return patterns.match(text)


_WORD = lazy_compile(r"(?<![\w'’])[a-z]", re.IGNORECASE)
_FIRST_WORD = lazy_compile(r"[a-z][a-z-]*", re.IGNORECASE)


class Grammar:
    """The reader's tables of one family's words (``vocab.Words``), and the readings made of
    them: an order word at a text's start, an investigated action's verb, a crime, a typo or a
    gerund of an order word. Built once per family (``grammar_of``); the patterns compile when
    a text first needs them (``WordTable``) and each reading is remembered by its text."""

    def __init__(self, words: vocab.Words) -> None:
        self.words = words
        # An order starts with one of the order words (after filler such as "I want to" is
        # removed); orders written verb-object-noun are rewritten to the keyword form before
        # they are read.
        self.order_patterns = WordTable(words.order_words)
        self.rewrite_patterns = WordTable(words.rewrites, end="$")
        # Verbs inside an investigation query ("Jd- heals Parkur"), and the crime an arrest
        # names ("Arrest Akonyl for Killing Conia on Night 1").
        self.query_patterns = WordTable(words.query_verbs)
        self.crime_patterns = WordTable(words.crime_words)
        # The same keyword for an ability the player holds under another name (DCTP's
        # Keywords: "Heal — Healing / First-Aid"): tried only when the player does not hold
        # the ability written; more than one held is refused.
        self.alternates: Mapping[str, tuple[str, ...]] = words.alternates
        # The orders that take "(ordered) alternatives" (Watch, bow-tie, Black Suitcase): a
        # second choice after them is their substitute, not a choice the GM must ask about.
        self.substitutes = words.with_trait(vocab.SUBSTITUTES)
        # The orders whose every listed player is acted on: "or" between two of them is a
        # choice the GM cannot make ("Protect Akai or Lynz").
        self.together = words.with_trait(vocab.TOGETHER)
        # The orders that ask about actions ("Investigate A kills B"), and those that name a
        # phase of their own (a query's, a crime's), which a label of that phase before them
        # gives ("N1: Arrest X for killing Y").
        self.queries = words.with_trait(vocab.QUERIES)
        # The orders whose doer the side's leader may name ("Kill Lynz. Miaka will do it").
        self.carried_out = words.with_trait(vocab.CARRIED_OUT)
        # The orders that name no player the way "Heal X" does (Bribe, Travel, Erase), and
        # those whose target may go unnamed ("Erase" alone erases tonight's victim).
        self.no_target = words.with_trait(vocab.NO_TARGET)
        self.unnamed_ok = words.with_trait(vocab.UNNAMED_OK)
        self.dated = words.with_trait(vocab.DATED)
        # The abilities whose word alone on a line heads a list of names ("Disguise" over
        # names), and those whose words head a list when said in words ("my 3 investigations
        # for tonight:"): the first and those that take queries.
        self.list_heads = words.with_trait(vocab.LIST_HEAD)
        self.said_heads = self.list_heads | words.with_trait(vocab.QUERIES)
        # The orders a question is, in the order declared: whether a role is in the game
        # ("Is Vermouth in the game?"), an action tonight ("Does Abs kill Kleene?"), an
        # action in a past phase ("N1: did Abs kill Kleene?").
        self.asked_role = _with_trait(words, vocab.ASKED_ROLE)
        self.asked_action = _with_trait(words, vocab.ASKED_ACTION)
        self.asked_past = _with_trait(words, vocab.ASKED_PAST)
        # The orders written "as" before their role ("Temporary Disguise as Ran"), whose words
        # may go to the whole Town ("Letter to Town: ..."), whose crime names a role taken
        # ("for disguising as Ran"), and whose members are ranked ("Ranking: 1. Gin 2. Korn").
        self.as_role = words.with_trait(vocab.AS_ROLE)
        self.to_town = words.with_trait(vocab.TO_TOWN)
        self.role_crimes = words.with_trait(vocab.ROLE_CRIME)
        self.ranked = frozenset(s.ability for s in words.says if s.shape == vocab.RANKED)
        # What an order of the KIND shape may learn, each with the words that say it, a
        # whole word each: "Observe age X", "how old is X".
        self.kinds = {
            s.ability: tuple(
                (kind, lazy_compile(rf"(?<![\w'’])(?:{said})(?![\w'’])", re.IGNORECASE))
                for kind, said in s.kinds
            )
            for s in words.says
            if s.kinds
        }
        # The noun after a possessive that stands for what the order acts on, so that
        # "protect Kleene's life" is "Protect Kleene". Per ability: "Investigate Abs's role"
        # asks what no Investigate answers, and is refused rather than read as "Investigate
        # Abs".
        self.possessed = {
            ability: lazy_compile(possessed_noun(said), re.IGNORECASE)
            for ability, said in words.possessed.items()
        }
        # Order words as players spell them, for a first word no pattern reads: a gerund
        # ("Healing Kleene tonight") or a typo ("interogate", "invesigate") is read as the
        # nearest of these when exactly one is that close (and restated in the answer, so a
        # wrong reading is corrected).
        self.spelled = words.spelled
        self._short_spelled = tuple(w for w in self.spelled if 4 <= len(w) <= 6)
        self.crime_forms = _crime_forms(words)
        # Readings remembered by text (a hostile message repeats its words): the crime a word
        # is a typo of, the order word a first word is a typo of or one letter from, a text
        # rewritten to its order word.
        self._crime_spelled: dict[str, str | None] = {}
        self._spelled_as: dict[str, str | None] = {}
        self._near: dict[str, str | None] = {}
        self._rewritten: dict[str, str] = {}
        self._query_verb: dict[str, str] = {}

    @cached_property
    def ours(self) -> re.Pattern[str] | None:
        """ "We kill Lynz tonight": the side speaking of an order it gives as the side's
        (``vocab.OURS``), up to that order's word; None when the family has no such order.
        Only those: "we vote Abs" may speak for others than the author."""
        said = "|".join(s.order for s in self.words.says if vocab.OURS in s.traits and s.order)
        return lazy_compile(WE + rf"(?=(?:{said})\b)", re.IGNORECASE) if said else None

    def query_verb(self, ability: str) -> str:
        """The verb ``ability`` is written with when an investigated action is read again
        ("Abs kills Kleene"): its restatement verb, unless that verb reads as an ability the
        same keyword stands for (``alternates``: APTX's "poisons" is Poison's), when it is
        written as the ability itself ("Abs aptx Kleene"). Found for the abilities a query
        names, each once: deciding it reads the verb against the query words, and a game
        that asks about one action should not compile every verb's pattern to answer it."""
        found = self._query_verb.get(ability)
        if found is None:
            verb = self.words.verbs.get(ability)
            found = ability
            if verb is not None:
                hit = self.query_patterns.match(verb)
                if hit is None or hit[0] not in self.alternates.get(ability, ()):
                    found = verb
            self._query_verb[ability] = found
        return found

    def match_crime(self, text: str) -> tuple[str, int] | None:
        """The crime named at the start of ``text`` and the length of its words: as written
        ("killing", "the slander on"), else a typo of one word of a crime ("intimidatting",
        "slandring": one letter away, two for long words) when exactly one crime is that
        close."""
        found = self.crime_patterns.match(text)
        if found is not None:
            return found
        word = _FIRST_WORD.match(text)
        if word is None or len(word.group()) < 6:
            return None
        key = word.group().casefold()
        crime = self._crime_spelled.get(key, "")
        if crime == "":
            limit = 1 if len(key) < 10 else 2
            near = {
                ability
                for form, ability in self.crime_forms.items()
                if abs(len(form) - len(key)) <= limit and distance(key, form, limit) <= limit
            }
            crime = near.pop() if len(near) == 1 else None
            remember(self._crime_spelled, key, crime)
        return None if crime is None else (crime, word.end())

    def respelled(self, text: str) -> str | None:
        """The text with its first word read as the order word it spells: a gerund ("Healing
        Kleene", "voting Abs") or a typo one letter away ("interogate"; two for long words),
        when exactly one order word is that close."""
        found = _FIRST_WORD.match(text)
        if found is None or len(found.group()) < 4:
            return None
        word = found.group().casefold()
        rest = text[found.end() :]
        if word.endswith("ing"):
            stem = word[:-3]
            for form in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else None):
                hit = self.order_patterns.match(form) if form else None
                if hit is not None and hit[1] == len(form or ""):
                    return form + rest
        if len(word) < 6:
            return None
        close = self._spelled_as.get(word, "")
        if close == "":
            limit = 1 if len(word) < 10 else 2
            near = {
                w
                for w in self.spelled
                if abs(len(w) - len(word)) <= limit and distance(word, w, limit) <= limit
            }
            close = near.pop() if len(near) == 1 else None
            remember(self._spelled_as, word, close)
        return None if close is None else close + rest

    def near_spelled(self, text: str) -> str | None:
        """The text with a short first word (three to five letters) read as the order word
        one letter away ("trik", "hael", "vot"e), when exactly one is. Not certain enough to
        take: one letter changes a short word into another word ("deal", "will"), so the
        reading is asked back, never taken."""
        found = _FIRST_WORD.match(text)
        if found is None or not 3 <= len(found.group()) <= 5:
            return None
        word = found.group().casefold()
        near = self._near.get(word, "")
        if near == "":
            close = {w for w in self._short_spelled if distance(word, w, 1) <= 1}
            near = close.pop() if len(close) == 1 and word not in close else None
            remember(self._near, word, near)
        return near + text[found.end() :] if near else None

    def rewritten(self, text: str) -> str:
        """The text of an order written verb-object-noun in its order word's form ("Put Abs
        in detention" -> "Detention Abs"); any other text as it is."""
        known = self._rewritten.get(text)
        if known is not None:
            return known
        found = self.rewrite_patterns.first(text)
        if found is None:
            answer = text
        else:
            form, rewritten = found
            answer = form.format(**rewritten.groupdict())
        remember(self._rewritten, text, answer)
        return answer

    def any_order_word(self, text: str) -> bool:
        """Whether an order word, an action's verb or a typo of one stands anywhere in
        ``text``."""
        order, query = self.order_patterns.match, self.query_patterns.match
        for word in _WORD.finditer(text):
            at = text[word.start() :]
            if order(at) or query(at):
                return True
            if self.respelled(at) is not None:
                return True
        return False


def _with_trait(words: vocab.Words, trait: str) -> tuple[str, ...]:
    """The abilities declared with ``trait``, in the order declared."""
    return tuple(s.ability for s in words.says if trait in s.traits)


def _crime_forms(words: vocab.Words) -> dict[str, str]:
    """Each crime's words as a typo is read against them: the spelled verbs of the abilities
    that are crimes, in their gerund and past forms ("intimidating", "slandered"), and the
    crime's own word in a restatement ("strapping")."""
    forms: dict[str, str] = {}
    for say in words.says:
        if not say.crime:
            continue
        for verb in say.spelled:
            stem = verb[:-1] if verb.endswith("e") else verb
            for form in (verb, stem + "ing", stem + "ed" if stem == verb else verb + "d"):
                forms.setdefault(form, say.ability)
        if say.crime_noun:
            forms.setdefault(say.crime_noun.split()[0], say.ability)
    return forms


# The grammar of each family's words, by the words' object (kept beside it).
_GRAMMARS: dict[int, tuple[vocab.Words, Grammar]] = {}


def grammar_of(words: vocab.Words) -> Grammar:
    """The one grammar of a family's words: every reader of the family shares its tables and
    what they remember."""
    kept = _GRAMMARS.get(id(words))
    if kept is None or kept[0] is not words:
        kept = _GRAMMARS[id(words)] = (words, Grammar(words))
    return kept[1]
