"""What a text says, wherever it says it: the abilities, players, roles, phases and crimes it
mentions, each where it stands.

A GM reading "Kestrel has been sniffing around. Take him out tonight." sees a kill word
("take out"), a player (Kestrel), a pronoun for him and a time word, and reads them together
with what the sender can do. ``mentions`` finds the evidence; ``engine.orders.stance`` says
whether a mention of an ability is the sender's order, and ``engine.orders.compose`` puts an
order together from the evidence of a message.

Players are read from the roster only: a word close to no player is never a name, and a
common word is read as a player only when it is written as the name is ("Will" is the
player, "will" the verb).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import grammar
from autogm.engine.orders.names import MatchKind, NameMatcher
from autogm.engine.orders.text_memo import remember

ABILITY, PLAYER, AMBIGUOUS, ROLE, PHASE, SELF, PRONOUN = (
    "ability", "player", "ambiguous", "role", "phase", "self", "pronoun",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Mention:
    """One piece of evidence: what it is (``kind``), where it stands, what it names
    (``value``: the abilities a word may say, a player, the candidates of an ambiguous name, a
    role, a phase's words, a crime), and a note when it was read loosely ("read 'detc' as
    Detcon")."""

    kind: str
    start: int
    end: int
    value: Any
    text: str
    note: str = ""


_LONGEST_WORD = 80


class EvidenceTable:
    """The everyday words of a family (``vocab.Words.evidence``), matched at a word's start:
    the longest word wins, and every ability it may say is kept ("shoot": Pistol, Revolver).
    Only the patterns whose literal start (``grammar.literal_stems``) the text starts with
    are tried, and of those not compiled yet only one whose every match holds a text the
    text holds (``grammar.gate_keys``: "Voice of Reason" never compiles the words of the
    Voice of Accusation). Each is compiled when a text first needs it: a game's messages use
    a few dozen of the hundreds of words, and compiling the others would cost more than
    reading."""

    def __init__(self, evidence: tuple[tuple[str, tuple[str, ...]], ...]) -> None:
        self._entries = evidence
        self._compiled: list[re.Pattern[str] | None] = [None] * len(evidence)
        self._stems = [grammar.literal_stems(p) for p, _ in evidence]
        # The first letters of each pattern: of its stems, or (a pattern with no literal
        # start, such as "(?:the\s+)?kill") as its parse says.
        self._starts = [
            grammar.first_letters(p) if st is None else frozenset(x[0] for x in st)
            for (p, _), st in zip(evidence, self._stems, strict=True)
        ]
        self._look = max((len(x) for st in self._stems if st for x in st), default=0)
        # The texts one of which each pattern's every match holds (``grammar.gate_keys``),
        # read when a text first tries it: a pattern is compiled only for a text holding one.
        self._keys: list[grammar.Gate | None] = [None] * len(evidence)
        self._by_letter: dict[str, tuple[int, ...]] = {}
        self._by_head: dict[str, tuple[int, ...]] = {}
        self._read: dict[str, tuple[tuple[str, ...], int] | None] = {}
        # ``mentions`` of a text, by the matchers it was read with: the GM's prompt that
        # every player quotes, a greeting, are read once.
        self.seen: dict[tuple[NameMatcher, NameMatcher | None], dict[str, list[Mention]]] = {}

    def _tried(self, first: str) -> tuple[int, ...]:
        tried = self._by_letter.get(first)
        if tried is None:
            if not grammar.stems_tell(first):
                tried = tuple(range(len(self._entries)))
            else:
                tried = tuple(i for i, s in enumerate(self._starts) if s is None or first in s)
            if first.isascii():  # kept for the few letters words start with, not for all
                self._by_letter[first] = tried
        return tried

    def _headed(self, head: str) -> tuple[int, ...]:
        """The patterns a text that starts with the two letters ``head`` may match."""
        tried = self._by_head.get(head)
        if tried is None:
            stems = self._stems
            tried = tuple(
                i
                for i in self._tried(head[:1])
                if (st := stems[i]) is None or any(head.startswith(x[:2]) for x in st)
            )
            if head.isascii():
                self._by_head[head] = tried
        return tried

    def at(self, text: str) -> tuple[tuple[str, ...], int] | None:
        """The abilities the word at the start of ``text`` may say, and its length."""
        # No word is longer than this: the look ends here, and the answer is kept by it.
        text = text[:_LONGEST_WORD]
        known = self._read.get(text)
        if known is not None or text in self._read:
            return known
        start = text[: self._look]
        if grammar.stems_tell(start):
            low, stems = start.lower(), self._stems
            tried: Iterable[int] = [
                i for i in self._headed(low[:2]) if (st := stems[i]) is None or low.startswith(st)
            ]
        else:
            # Case-insensitive matching folds a few letters beyond ASCII that str.lower()
            # does not ("ſ" is an s): the stems tell nothing, every pattern of the letter is
            # tried.
            tried = self._tried(text[:1].lower())
        best, abilities, low = 0, [], ""
        for i in tried:
            pattern = self._compiled[i]
            if pattern is None:
                if low == "":
                    low = text.lower() if grammar.stems_tell(text) else None
                keys = self._keys[i]
                if keys is None:
                    keys = self._keys[i] = grammar.gate_keys(self._entries[i][0])
                if not grammar.may_hold(keys, low):
                    continue
                # A word may be written as a possessive: "Cupid's list", "the heal's target".
                source = rf"(?:{self._entries[i][0]})(?:['’]s)?(?![\w'’])"
                pattern = self._compiled[i] = re.compile(source, re.IGNORECASE)
            found = pattern.match(text)
            if found is None or found.end() < best:
                continue
            if found.end() > best:
                best, abilities = found.end(), []
            abilities += [a for a in self._entries[i][1] if a not in abilities]
        answer = (tuple(abilities), best) if best else None
        remember(self._read, text, answer)
        return answer


# The table of each family's words, by the words' object (``vocab.Words``; kept beside it).
_TABLES: dict[int, tuple[Any, EvidenceTable]] = {}


def evidence_table(words: Any) -> EvidenceTable:
    """The one table of a family's words (``vocab.Words``): every reader of the family (the
    evidence of a message, a list's head said in words) shares its compiled patterns."""
    kept = _TABLES.get(id(words))
    if kept is None or kept[0] is not words:
        kept = _TABLES[id(words)] = (words, EvidenceTable(words.evidence))
    return kept[1]


# A word's start, where a name or a word can begin (a word after an apostrophe is none:
# "don't", "Abs's"; nor in single quotes: "I typed 'heal Ines' in the thread" is no heal).
_WORD_START = lazy_compile(r"(?<![\w'’])[^\W_]")
# Words too common to be read as a shortened or misspelled player's name: a player is named
# by them only when they are the name written in its own case.
_COMMON_WORDS = (
    "a about after again all also am an and any are as at back be because been before but "
    "by can could day did do does done for from get gets go going good got guess had has "
    "have he her here hers him his how i if in into is it its just know last let like look "
    "make me might more my night no not now of off ok on one only or our out over please "
    "pls re really right said same say see she should so some sure take than thanks that "
    "the their them then there they think this tho though to today tomorrow tonight too up "
    "us very vote want was we well were what when where which who why will with would yes "
    "yet you your yours "
    # Everyday words of the game's talk, never a shortened or misspelled name.
    "alive away bad best busy call card case cast chat claim dawn dead deal dear down each "
    "even ever fine fire first free game give gone hand hard head help hold home hope "
    "just keep kill kind left less life line live long lose lost love lucky mark mind "
    "miss most much must name need next nice none note once open part pass plan play "
    "real rest role room round safe save seen shot show side sign soon stay stop such "
    "talk tell till town true turn until wait wake walk warm watch week whole wish word "
    "work worry year"
)
COMMON = frozenset(_COMMON_WORDS.split())
# A phase named in a text, at a word's start (read by ``Reader.phase``).
_NUMBER_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten"
PHASE_WORDS = lazy_compile(
    r"(?<![\w'’])(?:(?:on|during|in|at|of|for|from)\s+)?(?:the\s+)?(?P<phase>"
    r"prep(?:aration)?(?:\s+phase)?"
    rf"|(?:{'|'.join(grammar.ORDINALS)}|\d{{1,2}}(?:st|nd|rd|th))\s+(?:night|day)"
    r"|(?:two|three|four|five|a\s+couple\s+of|\d)\s+(?:nights?|days?)\s+ago"
    r"|(?:the\s+)?night\s+before\s+last|(?:the\s+)?day\s+before\s+yesterday"
    rf"|(?:night|day)\s*(?:\d{{1,2}}|{_NUMBER_WORDS})|[nd]\s?\d{{1,2}}"
    r"|" + grammar.RELATIVE_PHASES + r")(?:['’]s)?(?![\w'’])",
    re.IGNORECASE,
)
# Roles that are everyday words too: a role only when written as the role is ("Ran", "Kid").
_WORD_ROLES = frozenset({"ran", "kid", "will", "sherry", "gin", "rum"})
_SELF = lazy_compile(r"(?:me|myself|my\s+self|mine|self)(?![\w'’])", re.IGNORECASE)
_PRONOUN = lazy_compile(r"(?:him|her|them|he|she|they|his)(?![\w'’])", re.IGNORECASE)


def mentions(
    text: str, table: EvidenceTable, players: NameMatcher, roles: NameMatcher | None
) -> list[Mention]:
    """Every piece of evidence in ``text``, in the order it stands; where a name and a word
    start together, the longer reading wins (a player named "Kill Bill" is the player)."""
    seen = table.seen.get((players, roles))
    if seen is None:
        if len(table.seen) >= _ROSTERS:
            table.seen.clear()
        seen = table.seen[(players, roles)] = {}
    known = seen.get(text)
    if known is None:
        known = _mentions(text, table, players, roles)
        remember(seen, text, known)
    return list(known)


# The rosters whose texts' mentions are kept at once (a daemon runs a few games).
_ROSTERS = 16


def _mentions(
    text: str, table: EvidenceTable, players: NameMatcher, roles: NameMatcher | None
) -> list[Mention]:
    found: list[Mention] = []
    taken = 0  # the end of the last mention: words inside it start nothing
    for start in (m.start() for m in _WORD_START.finditer(text)):
        if start < taken:
            continue
        # A name or a word is short: the text after it is not looked at (nor copied).
        here = _at(text[start : start + _WINDOW], start, table, players, roles)
        if here is not None:
            found.append(here)
            taken = here.end
            if here.kind == ABILITY and " " in here.text.strip():
                # "take him out", "guarding Mint against snipers": who an order's words
                # hold between them.
                found.extend(_inside(text, here, players))
    phases = []
    players_at = sorted((m.start, m.end) for m in found if m.kind == PLAYER)
    for phase in PHASE_WORDS.finditer(text):
        at, end = phase.start("phase"), phase.end()
        i = bisect.bisect_right(players_at, (at, len(text))) - 1
        if i >= 0 and players_at[i][0] <= at < players_at[i][1]:
            continue  # a player called "Today" or "D2", written whole
        phases.append(Mention(PHASE, at, end, phase["phase"], phase["phase"]))
    if phases:
        covered = [(p.start, p.end) for p in phases]
        found = [m for m in found if not _within(covered, m.start)] + phases
    found.sort(key=lambda m: m.start)
    return found


def _inside(text: str, word: Mention, players: NameMatcher) -> list[Mention]:
    """The players and pronouns inside the words of an order ("take him out")."""
    inside = []
    for at in (m.start() for m in _WORD_START.finditer(text, word.start + 1, word.end)):
        rest = text[at : word.end]
        player = player_at(rest, at, players)
        if player is not None and not player.note:
            # (A player only as written whole: the words of the order are no shortened name,
            # "old" of "how old is" is not Old Crow.)
            inside.append(player)
        elif (pronoun := _PRONOUN.match(rest)) is not None:
            inside.append(Mention(PRONOUN, at, at + pronoun.end(), None, pronoun.group()))
    return inside


# The longest name or word read at one place.
_WINDOW = 200


def _within(spans: list[tuple[int, int]], at: int) -> bool:
    """Whether ``at`` lies in one of the sorted, disjoint ``spans``."""
    i = bisect.bisect_right(spans, (at, 1 << 62)) - 1
    return i >= 0 and spans[i][0] <= at < spans[i][1]


def _at(
    rest: str, start: int, table: EvidenceTable, players: NameMatcher, roles: NameMatcher | None
) -> Mention | None:
    """The longest piece of evidence at the start of ``rest`` (which stands at ``start``)."""
    choices: list[Mention] = []
    player = player_at(rest, start, players)
    if player is not None:
        choices.append(player)
    word = table.at(rest)
    if word is not None:
        abilities, used = word
        choices.append(Mention(ABILITY, start, start + used, abilities, rest[:used]))
    # A role is read only when written whole (its name or a short form): the exact tier of
    # the matcher, which passes over a word that starts no role without reading it.
    exact = None if roles is None else roles.exact_prefix(rest)
    if exact is not None:
        role, used = exact
        written = rest[:used]
        if (
            used
            and role.kind in (MatchKind.EXACT, MatchKind.ALIAS)
            and (written.strip().casefold() not in _WORD_ROLES or _cased(written, role))
            and not _negated_verb(rest, used)
        ):
            choices.append(Mention(ROLE, start, start + used, role.name, written))
    if (me := _SELF.match(rest)) is not None:
        choices.append(Mention(SELF, start, start + me.end(), None, me.group()))
    elif (pronoun := _PRONOUN.match(rest)) is not None:
        choices.append(Mention(PRONOUN, start, start + pronoun.end(), None, pronoun.group()))
    if not choices:
        return None
    if word is not None and any(c.kind == ROLE for c in choices) and rest[:1].islower():
        # "keeping vigil by her bed": a role's short form that is an order's word too is the
        # word when written in lower case ("Vigil" is the Vigilante).
        choices = [c for c in choices if c.kind != ROLE]
    if (
        player is not None
        and player.kind == PLAYER
        and not player.note
        and word is not None
        and _POSSESSIVE_ONLY.fullmatch(rest, player.end - start, word[1])
    ):
        return player  # "Pinching Arrow's cheeks": the player Arrow, not the word "arrows"
    return max(choices, key=lambda m: (m.end, -_rank(m)))


def _negated_verb(rest: str, used: int) -> bool:
    """Whether the word ending at ``used`` is the verb of a contraction with "not": "don't"
    is no Don (the Boss), "won't" no player Won."""
    return (
        rest[used : used + 1] in ("'", "’")
        and rest[used + 1 : used + 2] in ("t", "T")
        and not (rest[used + 2 : used + 3].isalnum())
    )


# What a word reads past a name written whole when it is only the name's possessive.
_POSSESSIVE_ONLY = lazy_compile(r"['’]s?")


def _rank(m: Mention) -> int:
    """Of two readings as long, the lower rank wins: a name written whole before a word
    (names are written on purpose), a word before a name read loosely ("Kill" is no typo of
    the player Will)."""
    if m.kind == PLAYER:
        return 6 if m.note else 0
    return {AMBIGUOUS: 7, ROLE: 2, ABILITY: 3, SELF: 4, PRONOUN: 5}[m.kind]


def player_at(rest: str, start: int, players: NameMatcher) -> Mention | None:
    """The player named at the start of ``rest`` (which stands at ``start``), or the names
    it may be; None when it names none, or only as a common word ("when" one letter from
    Wren, "will" beside a player Will) or a guess (a short key, a far spelling)."""
    found, used = players.match_prefix(rest)
    if not used or _negated_verb(rest, used):
        return None
    written = rest[:used]
    if found.kind is MatchKind.AMBIGUOUS:
        if written.strip().casefold() in COMMON:
            return None
        return Mention(AMBIGUOUS, start, start + used, found.candidates, written)
    if found.name is None:
        return None
    if found.kind in (MatchKind.EXACT, MatchKind.ALIAS):
        if written.strip().casefold() in COMMON and not _cased(written, found):
            return None  # "will" beside a player Will: the verb
        return Mention(PLAYER, start, start + used, found.name, written)
    # A shortened or misspelled name: never a common word, at least three letters, and
    # close: the start of the name, or one letter off ("long" is no typo of "Oolong").
    key = "".join(ch for ch in written if ch.isalnum())
    if len(key) < 3 or written.strip().casefold() in COMMON or not written[:1].isalnum():
        return None
    if found.kind is MatchKind.FUZZY and (found.distance > 1 or len(key) < 4):
        return None
    return Mention(PLAYER, start, start + used, found.name, written, note=found.note)


def _cased(written: str, found: Any) -> bool:
    """Whether a common word is written as the name it matches is (its first letter's case):
    "Will" names the player Will, "will" does not; an all-lower-case name matches as typed."""
    name = found.name or ""
    first = written.strip()[:1]
    return bool(first) and (first.isupper() == name[:1].isupper())


def players_in(found: Iterable[Mention]) -> list[str]:
    """The players the mentions name, each once, in order."""
    named: list[str] = []
    for m in found:
        if m.kind == PLAYER and m.value not in named:
            named.append(m.value)
    return named
