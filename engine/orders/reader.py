"""The reader's pieces: a player's name, a role, a phase, the end of an order, and the common
shapes of an order ("Heal X", "Protect A, B", "Watch A, alternatively B", "Bribe").

The readers of each kind of order (``engine/orders/readers/``) are made of these; a piece
that cannot read what it is given raises ``Refusal`` with the reason the player is told.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NoReturn

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import phrases
from autogm.engine.orders.bbcode import Filler
from autogm.engine.orders.evidence import evidence_table
from autogm.engine.orders.fragments import DOUBT, REMARK, UNSURE, is_statement
from autogm.engine.orders.grammar import (
    AS,
    LIST_SEP,
    LIST_WORDS,
    ORDINALS,
    PHASE,
    POSSESSIVE,
    Grammar,
)
from autogm.engine.orders.kinds import Kind, kind_of
from autogm.engine.orders.model import Order, Wording
from autogm.engine.orders.names import MatchKind, NameMatcher
from autogm.engine.orders.seam import Rules
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say
from autogm.engine.rules import RULESETS
from autogm.engine.rules.base import Slot
from autogm.engine.state import GameState

_TRAILING = re.compile(
    r"(?:(?:^|[\s,]+)(?:instead|now|again|please|pls|plz|thanks|ty|for\s+me|from\s+me|today|this\s+time"
    r"|(?:and\s+)?thank\s+you|and\s+thanks|and|too|as\s+well))+"
    r"[\s.!?]*$",
    re.IGNORECASE,
)
_HONORIFIC = lazy_compile(phrases.HONORIFIC, re.IGNORECASE)
# The same words before a remark: "Protect Abs please, he is clearly town".
_SOFT = re.compile(
    r"(?:\s*\b(?:instead|now|again|please|pls|plz|thanks|ty|today|tonight|too)\b)+",
    re.IGNORECASE,
)
# Words that change nothing before the phase that ends an order: "heal Lynz again tonight".
_BEFORE_PHASE = re.compile(r"(?:\s*\b(?:again|instead|please|pls|plz)\b)+", re.IGNORECASE)
# What ends a list of names after its last comma: "Protect Yuriko, tonight".
_LIST_TAIL = lazy_compile(
    r"(?:\s*\b(?:tonight|tonite|today|please|pls|plz|thanks|again|instead)\b)+[\s.!?]*$",
    re.IGNORECASE,
)
# Thanks after an order, with no comma before them: "Interrogate Abs :) thanks for hosting!".
_THANKS = re.compile(r"\s*(?:thanks|thank\s+you|thx|ty|cheers|good\s+luck|gl)\b", re.IGNORECASE)
# A guess given as a belief: "Identify Akonyl - I think he's Shiratori".
_BELIEF = re.compile(
    r"\s*(?:[,;:\-–—]\s*)?i\s+(?:think|believe|bet|suspect|am\s+sure|['’]m\s+sure)\s+(?:that\s+)?"
    r"(?:he|she|they)(?:['’]s|\s+is|['’]re|\s+are)\s+(?:an?\s+|the\s+)?",
    re.IGNORECASE,
)
# "Heal on Parkur", "Bone Breaking on Abs", "Charm to Akonyl": a word before the target.
_TARGET_WORD = lazy_compile(r"\s*(?:on|to|at|for|upon)\s+(?=\S)", re.IGNORECASE)
_SELF = lazy_compile(r"\s*(?:myself|me|self|my\s+self)\b", re.IGNORECASE)
# Substitutes: "Watch Akonyl, alternatively Jd-", "Suitcase: Abs (else Miaka)".
_SUBSTITUTE = lazy_compile(
    r"\s*[(,;]?\s*\b(?:alternatively|alternative|else|otherwise|or\s+else|if\s+not"
    r"|(?:as\s+(?:a\s+)?)?(?:backup|substitute|sub))\b\s*:?\s*(?:to\s+)?",
    re.IGNORECASE,
)


# A side note in brackets after a name in a list: "Slander Conia (town) and Miaka (BO)".
_ASIDE = lazy_compile(r"\s*[(\[](?P<note>[^()\[\]]{1,40})[)\]]")
# Words that make a remark after an order a second choice or a condition, which the GM must
# ask about: "Heal Lynz, Parkur is the backup", "Vote Miaka, Abs is fine" (fine to vote too?).
_HEDGE = lazy_compile(
    r"\b(?:if|unless|else|otherwise|instead|alternatively|alternative|backup|back-up|sub"
    r"|substitute|or|in\s+case|fails?|fine|ok(?:ay)?|acceptable|works)\b",
    re.IGNORECASE,
)
# The words before a verb: a player's name written after them in lower case is that verb, not
# the player ("Heal Hope, I hope she survives"; "I will" beside a player Will).
_BEFORE_VERB = frozenset(
    {"i", "we", "you", "they", "he", "she", "it", "ll", "do", "does", "did"}
    | {"will", "would", "shall", "should", "can", "could", "may", "might", "must"}
)


_WORDS = lazy_compile(r"\w[\w.-]*")
# The kinds of a match that is no reading to note when written in ASCII (``NameMatch``'s
# ``is_reading``: neither a prefix nor a typo, and no look-alike letter beyond ASCII).
_PLAIN = (MatchKind.EXACT, MatchKind.ALIAS)
_OR = lazy_compile(r"\bor\b", re.IGNORECASE)
TWO_CHOICES = "reading.two_choices"
CONDITIONAL = "reading.conditional"
# A clause of the sender's own after an order: ", and I'll", " - then we", ", and he" (a
# storyteller's own character; the evidence says whose deed it is).
_OWN_CLAUSE = lazy_compile(
    r"\s*(?:,|-+|–|—)?\s*(?:and\s+|then\s+|and\s+then\s+)(?:i|we|he|she)(?:['’](?:ll|d)"
    r"|\s+(?:will|shall|would|then|also|too|can|could))?\s+(?:(?:then|also|will|shall)\s+)?"
    # ... or another order the first is given with: "Vote Sable, with Voice of Accusation".
    r"|\s*(?:,|-+|–|—)?\s*(?:with|using|plus)\s+(?:(?:my|the|a|an)\s+)?",
    re.IGNORECASE,
)

# The refusal of a fragment that reads as no order at all, and of a killer with no kill.
NO_ORDER = "reading.no_order"
NO_KILL = "reading.no_kill"
# A condition after a complete order: "heal Lynz if she gets claimed", inverted too: "detain
# Corvina, should she fail to post", "should Corvina fail to post".
_IF_AFTER = phrases.gated(
    r"[\s,.;\-–—(]*(?:(?:but\s+)?only\s+)?"
    rf"(?:if|unless|as\s+long\s+as|{'|'.join(phrases.FORMAL_CONDITION)}"
    rf"|{'|'.join(phrases.INVERTED)}"
    rf"|{'|'.join((*phrases.FOREIGN_CONDITION, *phrases.SI_CONDITION))})\b",
    re.IGNORECASE,
)
# A precaution after a complete order is its reason, not its condition (phrases.PRECAUTION):
# "heal Lynz in case he gets attacked", "protect Abs, just in case".
_PRECAUTION_AFTER = phrases.gated(
    rf"[\s,.;\-–—(]*(?:just\s+)?(?:{'|'.join(phrases.PRECAUTION)})(?![\w'’])", re.IGNORECASE
)
# A courtesy, not a condition: "Heal Lynz if possible", "..., if that's ok".
_CONSEQUENCE = phrases.pattern(phrases.CONSEQUENCE)
_IF_POLITE = lazy_compile(
    r"[\s,.;\-–—(]*(?:if\s+allowed|if\s+(?:that|it)(?:'s|\s+is)\s+all\s+right"
    rf"|{'|'.join(phrases.COURTESY_IF)})\W*$",
    re.IGNORECASE,
)
# The words of a second choice: "Interrogate Abs, or maybe Miaka", "Heal Lynz. Or Akai".
SECOND_CHOICE = r"(?:or|otherwise|alternatively)\b"
# A retort, the whole of what follows an order, after a laugh or a sound if any: "Yeah right,
# as if.", "lol NOT", "pfft. in your dreams" (a sentence of its own, ``parse``), ", yeah
# right" (after its comma, ``Reader.end``).
RETORT = phrases.gated(
    r"[\W_]*(?:(?:lol|lmao|haha\w*|pf+t*|ha|oh|hah)(?![\w'’])[\W_]*)*"
    rf"(?:{'|'.join(sorted(phrases.RETORT, key=len, reverse=True))})(?:[\W_]*(?:yeah\s+right"
    r"|as\s+if|lol|lmao|haha\w*))*(?![\w'’])[\W_]*",
)
# A second choice after a complete order, in the same fragment, after the name's honorific
# if it has one ("The Call to Stitch-san or Fable-san").
_OR_NAME = re.compile(rf"(?:[-–][^\W\d_]+\b)?[\s,.;…\-–—]*{SECOND_CHOICE}", re.IGNORECASE)


# The marks a retort after an order follows: a comma, dots, a dash.
_RETORT_MARK = lazy_compile(r"\s*(?:[,;]|\.{2,}|…|[-–—]+)\s*")
# How many phases of a kind "... ago" counts back.
_AGO = {"two": 2, "three": 3, "four": 4, "five": 5, "a": 2}


class Refusal(Exception):
    """A fragment that cannot stand; its message is the reason the player is told, ``kind``
    the kind of refusal it is (``engine.orders.kinds``). ``read_whole``: every word of the
    fragment was read (the order's word and its target) and a detail is missing that no
    other reading of those words can give."""

    def __init__(self, reason: str, kind: Kind | None = None, *, read_whole: bool = False) -> None:
        super().__init__(reason)
        self.kind = kind or kind_of(reason)
        self.read_whole = read_whole


class Guess(Refusal):
    """A fragment that reads as an order only through a guess: a name or a role close to
    one word of it (``written`` may be ``meant``), or the order written as a question
    (``order``). It is refused, and the reading asked back (``parse_pm``), never taken."""

    def __init__(
        self,
        reason: str,
        problem: str,
        *,
        kind: Kind,
        written: str = "",
        meant: str = "",
        order: Order | None = None,
    ) -> None:
        super().__init__(reason, kind)  # the plain refusal, when the reading is no order to ask
        self.problem = problem  # what the question starts with: "'Kleo' matches no player"
        self.written, self.meant, self.order = written, meant, order


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What the parser matches names against; built once per roster."""

    players: NameMatcher
    roles: NameMatcher
    filler: Filler


@lru_cache(maxsize=8)
def _role_matcher(ruleset_id: str) -> NameMatcher:
    ruleset = RULESETS[ruleset_id]
    return NameMatcher(ruleset.roles, aliases=dict(ruleset.role_aliases))


@lru_cache(maxsize=32)
def _vocabulary(names: tuple[str, ...], ruleset_id: str) -> Vocabulary:
    return Vocabulary(NameMatcher(names), _role_matcher(ruleset_id), Filler(protected=names))


def vocabulary(state: GameState) -> Vocabulary:
    """Matchers for the game's players and the ruleset's roles (cached: rosters rarely change)."""
    return _vocabulary(tuple(state.players), state.ruleset.id)


class StateMemo:
    """What the readers ask of one state again and again, PM after PM: the vocabulary of its
    roster and the players' held slots, by player. Whoever keeps one keeps it for one state
    object that does not change (engine/session.py). A plain class: a dataclass is compiled
    when its module is imported (about 1 ms of start-up for this one)."""

    __slots__ = ("slots", "words")

    def __init__(self) -> None:
        self.slots: dict[str, list[tuple[str, Slot]]] = {}
        self.words: Vocabulary | None = None


# A reader of one kind of order: the ``Reader`` of the PM, the text after the order word and the
# whole fragment (for the order's ``text`` and the refusals) -> the order read (an ``Order``, an
# unvote, "no_action"); it raises ``Refusal`` with the reason the player is told.
ReadOrder = Callable[["Reader", str, str], Any]


@dataclass(frozen=True, slots=True)
class FamilyReaders:
    """A family's own readers of orders written plainly, which its package declares (DCTP's:
    engine/families/dctp/reading/) and its dialect hands the reader: one per ability whose
    plain order is more than "Ability Name <player>" (``Reader.targeted``), and ``unworded``,
    the reader of a fragment with no order word (DCTP: a Black Org leader naming the killer);
    None: such a fragment is no order."""

    by_ability: Mapping[str, ReadOrder]
    unworded: ReadOrder | None = None


NO_READERS = FamilyReaders({})


@dataclass
class Reader:
    """Reads the fragments of one PM from ``author``; ``notes`` collects what it read loosely."""

    state: GameState
    author: str
    words: Vocabulary
    # The rules of ``state`` as the reader asks them (engine/orders/seam.py).
    rules: Rules
    # The tables of the family's words (its dialect's: order words, crimes, typos, ...).
    grammar: Grammar
    # The family's own readers (its dialect's): engine.orders.dispatch reads with them.
    readers: FamilyReaders = NO_READERS
    notes: list[str] = field(default_factory=list)
    # The ability of the order being read: it says which nouns after a possessive stand for
    # the target ("protect Kleene's life", but not "investigate Abs's role").
    ability: str | None = None
    _slots: list[tuple[str, Slot]] | None = field(default=None, repr=False)

    @property
    def wording(self) -> Wording:
        """The family's restatement of its orders (its words'): every order read has it."""
        return self.grammar.words.wording

    def slots(self) -> list[tuple[str, Slot]] | None:
        """The author's held slots, found once per PM (the state does not change while a PM
        is read); None for an author who is not playing."""
        if self._slots is None and self.author in self.state.players:
            self._slots = self.rules.slots(self.author)
        return self._slots

    # -- pieces ----------------------------------------------------------------------------
    def name(self, text: str) -> tuple[str, str]:
        if not text.strip(" .!?;,:"):
            players = ", ".join(self.words.players.names)
            raise Refusal(say("reading.needs_player", players=players), Kind.NO_TARGET)
        found, used = self.words.players.match_prefix(text)
        # ``found.is_match`` written out (``name`` is read for every target of every order).
        if (found.name is None or used == 0) and (word := _TARGET_WORD.match(text)):
            # "Heal on Parkur", "Watch to Akonyl": a player named "On" is read first.
            again, more = self.words.players.match_prefix(text[word.end() :])
            if again.is_match and more:
                found, used = again, more + word.end()
        if (found.name is None or used == 0) and (me := _SELF.match(text)):
            return self.author, text[me.end() :]  # "Heal myself", "charm me"
        if found.name is None or used == 0:
            if pronoun := re.match(r"\s*(him|her|them)\b", text, re.IGNORECASE):
                raise Refusal(say("reading.pronoun", written=pronoun[1]), Kind.NO_TARGET)
            if len(text.split()) > 1 and text.split()[0].casefold() in _DETERMINERS:
                # "protect the guy who claimed cop", "heal that one girl": a description
                # opens with a determiner, which is no near name however short the
                # players' names are; the order names no player.
                self._refuse_name(MatchKind.NONE, text.split()[0], (), suggest=False)
            self._refuse_name(found.kind, found.written or text.strip(), found.candidates)
        # An exact name written in ASCII, as most are, is no reading to note (``is_reading``).
        if (found.kind not in _PLAIN or not found.written.isascii()) and found.is_reading:
            self.notes.append(found.note)
        rest = text[used:]
        if rest[:1] == "-" and (honorific := _HONORIFIC.match(rest)):
            rest = rest[honorific.end() :]  # "Quill-san", "Rook-kun tonight": the name as written
        # The name ends the order, as it mostly does: no possessive to look past.
        return found.name or "", self._past_possessive(rest) if rest else rest

    def _past_possessive(self, rest: str) -> str:
        """The text after a name, without its possessive when nothing but the target is meant:
        "Kleene's" alone or before a noun that stands for what the order acts on ("protect
        Kleene's life"). Before any other noun it stays, and the order is refused quoting it."""
        if not rest:
            return rest  # the name ends the order, as it mostly does
        mark = POSSESSIVE.match(rest)
        if mark is None:
            return rest
        after = rest[mark.end() :]
        noun = self.grammar.possessed.get(self.ability or "")
        if noun is not None and (said := noun.match(after)):
            return after[said.end() :]
        if not after.strip() or not after.lstrip()[0].isalnum():
            return after
        return rest

    def possessor(self, text: str) -> tuple[str, str] | None:
        """The player whose something follows: "Kleene's murder" gives Kleene and " murder"."""
        found, used = self.words.players.match_prefix(text)
        mark = POSSESSIVE.match(text, used) if found.is_match and used else None
        if mark is None:
            return None
        if found.is_reading:
            self.notes.append(found.note)
        return found.name or "", text[mark.end() :]

    def _refuse_name(
        self, kind: MatchKind, written: str, candidates: tuple[str, ...], *, suggest: bool = True
    ) -> NoReturn:
        """The refusal of a name: the candidates it could be, the one it may be (a guess,
        asked back), or the players of the game."""
        written = written.split()[0] if written.split() else written
        if kind is MatchKind.AMBIGUOUS:
            raise Refusal(
                say("reading.could_be", written=written, players=" or ".join(candidates)),
                Kind.AMBIGUOUS_NAME,
            )
        close = self.words.players.suggest(written) if suggest else ()
        problem = say("reading.no_player", written=written)
        if len(close) == 1:
            raise Guess(
                say("reading.did_you_mean", problem=problem, close=close[0]),
                problem,
                kind=Kind.AMBIGUOUS_NAME,
                written=written,
                meant=close[0],
            )
        if close:
            raise Refusal(
                say("reading.did_you_mean", problem=problem, close=" or ".join(close)),
                Kind.AMBIGUOUS_NAME,
            )
        players = ", ".join(self.words.players.names)
        raise Refusal(say("reading.the_players", problem=problem, players=players), Kind.NO_TARGET)

    def names(self, rest: str) -> tuple[tuple[str, ...], str]:
        """One or more players: "A", "A, B and C", "A or else B"."""
        found = []
        rest = LIST_WORDS.sub("", rest, count=1)
        while True:
            target, rest = self.name(rest)
            found.append(target)
            rest = self._aside(rest)
            more = LIST_SEP.match(rest)
            if not more or not rest[more.end() :].strip() or _LIST_TAIL.match(rest, more.end()):
                return tuple(found), rest
            if self.ability in self.grammar.together and _OR.search(more[0]):
                # "Protect Akai or Lynz": a choice the GM would have to make.
                raise Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)
            rest = rest[more.end() :]

    def _aside(self, rest: str) -> str:
        """The text after a bracketed note that follows a name in a list ("Conia (town)"),
        noted as a remark; a note that names a player or holds an order word stays, and the
        list is refused quoting it."""
        aside = _ASIDE.match(rest)
        if aside is None:
            return rest
        note = aside["note"]
        if self.names_anyone(note) or self.grammar.any_order_word(note):
            return rest
        self.notes.append(say("reading.remark", written=aside[0].strip()))
        return rest[aside.end() :]

    def role(self, text: str) -> tuple[str, str]:
        found, used = self.words.roles.match_prefix(text)
        if not found.is_match or used == 0:
            raise self._role_refusal(text, found.kind, found.candidates)
        if found.is_reading:
            self.notes.append(found.note)
        return found.name or "", text[used:]

    def _role_refusal(self, text: str, kind: MatchKind, candidates: tuple[str, ...]) -> Refusal:
        written = text.strip().split()[0] if text.strip() else text
        if kind is MatchKind.AMBIGUOUS:
            return Refusal(
                say("reading.which_role", written=written, roles=" or ".join(candidates)),
                Kind.MISSING_DETAIL,
            )
        player, used = self.words.players.match_prefix(text)
        if used and player.kind in (MatchKind.EXACT, MatchKind.ALIAS):
            return Refusal(
                say("reading.player_not_role", player=player.name),
                Kind.MISSING_DETAIL,
                read_whole=not text[used:].strip(),
            )
        close = self.words.roles.suggest(written)
        problem = say("reading.not_a_role", written=written, ruleset=self.state.ruleset.id)
        why = (
            say("reading.did_you_mean", problem=problem, close=" or ".join(close))
            if close
            else problem
        )
        if len(close) == 1:
            raise Guess(
                why,
                problem,
                kind=Kind.MISSING_DETAIL,
                written=written,
                meant=close[0],
            )
        return Refusal(why, Kind.MISSING_DETAIL)

    def phase_at(self, text: str) -> re.Match[str] | None:
        """The phase written at the start of ``text``, if one is. Names first: a player called
        "Nightshade", "D2" or "Today" is that player, not a phase, when the name is written
        whole (docs/rulings.md, "Reading orders written freely")."""
        found = PHASE.match(text)
        if found is None:
            return None
        name, used = self.words.players.match_prefix(text)
        if name.is_match and name.distance == 0 and used >= found.end():
            return None
        return found

    def phase(self, text: str) -> tuple[Phase | None, str]:
        found = self.phase_at(text)
        if not found:
            return None, text
        word = " ".join(found["phase"].lower().split())
        current = self.state.phase
        if found["ordinal"]:
            ordinal = found["ordinal"].lower()
            number = ORDINALS.get(ordinal) or int(ordinal[:-2])
            kind = found["okind"].lower()
            return (Phase.night if kind == "night" else Phase.day)(number), text[found.end() :]
        if word in {"tonight", "tonite", "2nite", "today", "this night", "this day"}:
            return current, text[found.end() :]
        if found["ago"] or word.endswith("before last") or word.endswith("before yesterday"):
            # "two nights ago", "the night before last": counted back from this phase.
            back = _AGO.get(found["ago"].lower().split()[0], 0) if found["ago"] else 2
            if not back:
                back = int(found["ago"])
            night = word.endswith(("night", "nights ago", "before last"))
            steps = 2 * back if night == current.is_night else 2 * back - 1
            return Phase(max(0, current.index - steps)), text[found.end() :]
        if word in {"last night", "previous night", "yesterday night", "yesterday", "previous day"}:
            back = 2 if word.endswith("night") == current.is_night else 1
            return Phase(max(0, current.index - back)), text[found.end() :]
        try:
            return Phase.parse(word), text[found.end() :]
        except ValueError:
            raise Refusal(
                say("reading.not_a_phase", written=found["phase"]), Kind.MISSING_DETAIL
            ) from None

    def _own_consequence(self, said: str) -> bool:
        """Whether the condition after an order holds its own main clause, someone else's
        deed to come and no order word ("— if the noose comes for her it will have to come
        through me first"): it conditions that clause, and the order stands."""
        found = _CONSEQUENCE.match(said, len(said) - len(said.lstrip(" ,.;-–—(")))
        return found is not None and not self.grammar.any_order_word(said[found.end() :])

    def end(self, rest: str, fragment: str) -> None:
        """The order must be over: only words that change nothing may follow ("tonight",
        "instead", "on Night 2" in Night 2); anything else is refused, never guessed at."""
        if not rest:
            return  # nothing follows, as is usual
        rest = _TRAILING.sub("", rest[mark.end() :] if (mark := POSSESSIVE.match(rest)) else rest)
        soft = _BEFORE_PHASE.match(rest)
        spoken = rest[soft.end() :] if soft else rest
        when, after = self.phase(spoken) if spoken.strip() else (None, spoken)
        if when is not None and not _TRAILING.sub("", after).strip(" .!?;,"):
            if when != self.state.phase and not self._when_they_died(when, fragment):
                raise Refusal(
                    say("reading.other_phase", phase=self.state.phase, written=when), Kind.NOT_NOW
                )
            return
        for said in (rest, after) if when is not None else (rest,):
            if _PRECAUTION_AFTER.match(said):
                self.notes.append(say("reading.reason_taken", written=said.strip(" ,.;-–—()")))
                return
            if (
                _IF_AFTER.match(said)
                and not _IF_POLITE.match(said)
                and not self._own_consequence(said)
            ):
                # "heal Lynz if she gets claimed", "Protect Abs tonight, but only if ..."
                raise Refusal(say(CONDITIONAL), Kind.CONDITION)
        if (soft := _SOFT.match(rest)) and REMARK.match(rest[soft.end() :]):
            rest = rest[soft.end() :]  # "Protect Abs please, he is town"
        if REMARK.match(rest) and DOUBT.match(rest.strip(" ,-()")):
            raise Refusal(say(UNSURE), Kind.QUESTION)
        if (mark := _RETORT_MARK.match(rest)) and RETORT.fullmatch(rest, mark.end()):
            # "Vote Haze, yeah right", "Kill Conia... NOT": the order taken back.
            title = self.wording.title(self.ability or "", self.state.ruleset.titles)
            raise Refusal(say("reading.voided_withdrawn", ability=title), Kind.WITHDRAWN)
        if REMARK.match(rest) and (not self.names_anyone(rest) or self._about_the_game(rest)):
            if self.offers_another(rest):
                raise Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)
            if self._another_order(rest):
                # "Kill Oriel, and I'll erase what's left": a second order of the sender's,
                # not a remark; the message's evidence reads the fragment whole.
                raise Refusal(
                    say("reading.not_understood", written=rest.strip(), fragment=fragment),
                    Kind.NOT_AN_ORDER,
                )
            self.notes.append(say("reading.remark", written=rest.strip(" ,-()")))
            return
        if _THANKS.match(rest) and not self.names_anyone(rest):
            self.notes.append(say("reading.remark", written=rest.strip()))
            return
        if self.offers_another(rest):
            raise Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)
        if rest.strip(" .!?;,"):
            raise Refusal(
                say("reading.not_understood", written=rest.strip(), fragment=fragment),
                Kind.NOT_AN_ORDER,
            )

    def _another_order(self, remark: str) -> bool:
        """Whether a remark after a complete order opens a clause of its own whose subject is
        the sender's "I"/"we" or a "he"/"she" (a storyteller's own character), and whose verb
        is a word of another order the sender holds now ("..., and I'll erase what's left",
        "..., then he wipes the body"), or that gives the order with another one ("Vote
        Sable, with Voice of Accusation"): a second order, read with the message's evidence."""
        said = _OWN_CLAUSE.match(remark)
        if said is None:
            return False
        found = evidence_table(self.grammar.words).at(remark[said.end() :])
        return found is not None and any(
            a != self.ability and self.holds(a) for a in found[0]
        )

    def offers_another(self, rest: str) -> bool:
        """Whether what follows an order's target (or its role) offers a second one: "or" and
        a player or a role ("Interrogate Abs, or maybe Miaka", "APTX Ayaan as Heiji or
        Hakuba", "The Call to Stitch-san or Fable-san, you pick"), or another order of the
        sender's ("first aid Perpetua, or detect Heiji, up to you")."""
        offered = _OR_NAME.match(rest)
        return offered is not None and (
            self.names_anyone(rest)
            or self._role_at(rest[offered.end() :])
            or self.grammar.order_patterns.match(rest[offered.end() :].lstrip(" ,.-–—")) is not None
        )

    def _role_at(self, text: str) -> bool:
        """Whether ``text`` opens with a role's name, written whole ("or Hakuba")."""
        found, used = self.words.roles.match_prefix(text.lstrip(" ,.-–—"))
        return found.is_match and not found.is_reading and used > 0

    def _about_the_game(self, remark: str) -> bool:
        """Whether a remark after a complete order that names a player is only a statement
        about the game ("vote Abs, Miaka is also suspicious but Abs more"): a verb of being or
        telling, no order word, and nothing that makes it a second choice or a condition."""
        return is_statement(remark, self.grammar) and not _HEDGE.search(remark)

    def holds(self, ability: str) -> bool:
        """Whether the author has a slot for ``ability`` now."""
        probe = Order(self.author, ability, wording=self.wording)
        return self.author in self.state.players and not isinstance(
            self.rules.find_slot(probe, self.slots()), str
        )

    def _when_they_died(self, when: Phase, fragment: str) -> bool:
        """Whether a past phase after the target says when the player named died, not the
        phase of the order: "What hit Zsófi last night? Clues" on Day 1 (only the dead are
        named, and an order is never for a past phase)."""
        if when.index >= self.state.phase.index:
            return False
        named = self.names_in(fragment)
        players = self.state.players
        return bool(named) and all(not players[n].is_alive for n in named)

    def names_in(self, text: str) -> list[str]:
        """The players named in ``text`` (exactly, as whole words), each once, in order."""
        found: list[str] = []
        before = None  # the word before, when only spaces stand between
        for word in _WORDS.finditer(text):
            after_verb_word = before is not None and before.casefold() in _BEFORE_VERB
            before = word[0] if text[word.end() : word.end() + 1].isspace() else None
            if after_verb_word and word[0][0].islower():
                continue
            exact = self.words.players.exact_prefix(text[word.start() : word.start() + 200])
            if exact is None:
                continue
            match, used = exact
            named = match.name
            if used and match.kind in (MatchKind.EXACT, MatchKind.ALIAS) and named not in found:
                found.append(named or "")
        return found

    def names_anyone(self, text: str) -> bool:
        """Whether a player's name stands anywhere in ``text`` (exactly, as a whole word)."""
        return bool(self.names_in(text))

    # -- the common shapes of an order -----------------------------------------------------
    def targeted(self, ability: str, rest: str, fragment: str) -> Order:
        """ "Heal Parkur": the ability and one player (every order without its own reader)."""
        target, rest = self.name(rest)
        if rest:  # mostly nothing follows the name: nothing to end
            self.end(rest, fragment)
        return Order(self.author, ability, (target,), text=fragment, wording=self.wording)

    def listed(self, ability: str, rest: str, fragment: str) -> Order:
        targets, rest = self.names(rest)
        self.end(rest, fragment)
        return Order(self.author, ability, targets, text=fragment, wording=self.wording)

    def substitutes(self, ability: str, rest: str, fragment: str) -> Order:
        """ "Watch Akonyl, alternatively Jd-": the first choice, then its substitutes."""
        rest = _SUBSTITUTE.sub(", ", rest).replace("(", " ").replace(")", " ")
        return self.listed(ability, rest, fragment)

    def as_role(self, ability: str, rest: str, fragment: str, needs_role: str) -> Order:
        """ "APTX pofa as Satou", "Identify Akonyl = Sonoko": a player and the role named for
        them; ``needs_role`` is the key of the refusal when the role is missing."""
        target, rest = self.name(rest)
        separator = _BELIEF.match(rest) or AS.match(rest)
        if not separator:
            raise Refusal(say(needs_role), Kind.MISSING_DETAIL, read_whole=not rest.strip())
        role, rest = self.role(rest[separator.end() :])
        self.end(rest, fragment)
        wording = self.wording
        return Order(self.author, ability, (target,), role=role, text=fragment, wording=wording)

    def bare(self, ability: str, rest: str, fragment: str) -> Order:
        self.end(rest, fragment)
        return Order(self.author, ability, text=fragment, wording=self.wording)


# The words that open a description of a player instead of a name: "the guy who ...", "that
# one girl", "whoever claimed cop".
_DETERMINERS = frozenset(
    ("the", "that", "this", "these", "those", "a", "an", "some", "any", "another", "whoever",
     "whichever", "whatever")
)  # fmt: skip
