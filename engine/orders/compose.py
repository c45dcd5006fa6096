"""An order put together from the evidence of a message, as a GM reads it.

The candidates are the orders the sender can give now (their slots in this phase, as the rules
hand them in). For each candidate a message mentions in the sender's own voice
(``engine.orders.stance``), its target, role, crime, phase or questions are taken from
wherever the message says them: the same clause first, then the same sentence, then the
sentences around it ("Arrest Pepper. She killed Zoë on Night 1."; "Action: Heal / Target:
Parkur"; "Kestrel has been sniffing around. Take him out tonight."). The order is then
written in its plain form ("Arrest Pepper for killing Zoë on Night 1") and read by the
family's reader of plain orders, which checks what it names; the answer restates it.

A reading that two choices fit is asked about, naming both; none is refused with the reason
a voiding word gives (a condition, a question, ...) or the reader's own.
"""

from __future__ import annotations

import bisect
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import grammar, phrases, vocab
from autogm.engine.orders.dispatch import clipped_span, clips, long_titles
from autogm.engine.orders.evidence import (
    ABILITY,
    AMBIGUOUS,
    COMMON,
    PHASE,
    PHASE_WORDS,
    PLAYER,
    PRONOUN,
    ROLE,
    SELF,
    Mention,
)
from autogm.engine.orders.folding import distance
from autogm.engine.orders.fragments import is_statement
from autogm.engine.orders.grammar import Grammar, grammar_of
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order, PlainOrder
from autogm.engine.orders.reader import TWO_CHOICES, Reader, Refusal
from autogm.engine.orders.stance import (
    ON_SENDER,
    POINTS_BACK,
    TALK,
    Layout,
    Span,
    Voice,
    anothers_deed,
    asides,
    deed,
    directs,
    doer,
    gives_reason,
    in_own_voice,
    offered_next,
    opening,
    stance,
    whose,
)
from autogm.engine.phases import Phase, PhaseKind
from autogm.engine.render.templates import say

# What stands between two players that offers a choice: "Ruth or Sable", "Gideon / Harriet".
_CHOICE = lazy_compile(r"^\s*(?:,\s*)?(?:or|either|/|\bor\s+maybe|\bor\s+else)\b\s*|^\s*/\s*",
                       re.IGNORECASE)  # fmt: skip
_NO_ONE = lazy_compile(
    r"(?<![\w'’])(?:no[- ]?lynch|nobody|no\s*-?\s*one|noone|none|peace|skip\s+the\s+lynch)"
    r"(?![\w'’])",
    re.IGNORECASE,
)
_ABSTAIN = lazy_compile(r"(?<![\w'’])abstain", re.IGNORECASE)
_NOT_BEFORE = lazy_compile(
    r"\b(?:not|no|without|except)\s+(?:the\s+|their\s+|his\s+|her\s+)?$", re.IGNORECASE
)
# Query shapes: "did A kill B", "was it A who healed B", "A healing B - true or false".
_WAS_IT = lazy_compile(r"(?:was|is)\s+it\s+$", re.IGNORECASE)
_COUNT = lazy_compile(r"(?P<n>\d+|" + "|".join(("one", "two", "three", "four", "five", "six",
                      "seven", "eight", "nine", "ten", "twelve", "twenty")) + r")\s*(?:x\s*)?$",
                      re.IGNORECASE)  # fmt: skip


# Why a word gives no order when it says two of the sender's abilities and the message gives
# both whole (or neither): the GM asks which (a refusal of kind ``Kind.TWO_CHOICES``).
RIVALS = "rivals"


@dataclass
class Reading:
    """One order read from evidence: the ability, the plain form it was written in and what
    the reader made of it (an order, or why not), where it was said, and the notes."""

    ability: str
    at: int
    plain: str = ""
    order: Order | None = None
    refusal: Refusal | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class Candidates:
    """The orders the sender can give now: ability -> the lent slot it comes through (None
    for the sender's own); the abilities they hold in other phases; the abilities a word
    for another one stands for ("Heal" from one who holds First Aid); and the lent slots an
    ability the sender holds as their own comes through too (``lent``: a Pisco lent the
    Black Suitcase holds Erase twice)."""

    held: dict[str, str | None]
    alternates: dict[str, tuple[str, ...]]
    elsewhere: frozenset[str] = frozenset()
    lent: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def of(self, abilities: Sequence[str]) -> list[str]:
        """The candidates the abilities a word may say are (each once, in order)."""
        found: list[str] = []
        for ability in abilities:
            if ability in self.held and ability not in found:
                found.append(ability)
        if found:
            return found
        for ability in abilities:
            for other in self.alternates.get(ability, ()):
                if other in self.held and other not in found:
                    found.append(other)
        return found


def candidates(reader: Reader, words: vocab.Words) -> Candidates:
    """What ``reader``'s author can order in this phase, from their slots: their own first,
    then what is lent to them (the Black Suitcase's actions are fakes of one's own)."""
    kind = reader.state.phase.kind
    held: dict[str, str | None] = {}
    lent: dict[str, tuple[str, ...]] = {}
    elsewhere: set[str] = set()
    slots = sorted(reader.slots() or (), key=lambda ks: ks[0].startswith("lent:"))
    for key, slot in slots:
        abilities = [use.ability for use in slot.options]
        if kind not in slot.phases:
            elsewhere.update(abilities)
            continue
        via = key.removeprefix("lent:") if key.startswith("lent:") else None
        for ability in abilities:
            held.setdefault(ability, via)
            if via is not None and held[ability] is None:
                lent[ability] = (*lent.get(ability, ()), via)
    if "vote" in held:
        for choice in ("unvote", "abstain", "no_lynch", "no_action"):
            held.setdefault(choice, None)
    alternates = {a: tuple(alts) for a, alts in words.alternates.items()}
    return Candidates(held, alternates, frozenset(elsewhere - set(held)), lent)


def misspelled(
    text: str, found: list[Mention], held: Candidates, titles: Mapping[str, str]
) -> list[Mention]:
    """``found`` with the words one edit from a word of exactly one of the sender's orders now
    read as that order ("delaing a card to Rafe" from a Joker who deals: "dealing"): a word
    of six letters or more, in no mention and not common, one letter off (or two swapped)
    from the title of an order no word of the message says, or its "-s", "-ed" or "-ing"
    form, with its first letter. A word that clips exactly one such title (its first word's
    start, three letters or more, or its initials in capitals: "obs", "CX") is that order's
    too, anywhere in the message ("obs (age): Hanabi"), as at an order's opening
    (``dispatch.clips``). Run over the sender's own candidates only, where the message read
    no order."""
    said = {a for m in found if m.kind == ABILITY for a in m.value}
    named = tuple(sorted((a, titles.get(a, a)) for a in held.held if a not in said))
    forms = _forms_of(named)
    clipped = tuple((a, t) for a, t in named if a not in _NEVER_FITTED)
    if not named:
        return found
    long = long_titles(clipped)
    taken = [(m.start, m.end) for m in found]
    starts = [m.start for m in found]  # ``found`` is in the order of the text
    extra = []
    for word in _WORD.finditer(text):
        start = word.start()
        if any(a <= start < b for a, b in taken):
            continue
        written = word.group().casefold()
        # A title's words each clipped ("cross ex Wystan"): that order, its words one mention.
        span = clipped_span(text, long, start) if long else None
        if span is not None and _before_player(text, span[1], found, starts):
            extra.append(Mention(ABILITY, start, span[1], (span[0],), text[start : span[1]]))
            taken.append((start, span[1]))
            continue
        if written in COMMON:
            continue
        # A word clipped from a title, or its initials in capitals ("obs", "CX"): that order.
        meant = (
            clips(written, clipped)
            if clipped
            and (len(written) > 2 or word.group().isupper())
            and _before_player(text, word.end(), found, starts)
            else None
        )
        if meant is None and len(written) >= 6:
            meant = _typo_of(written, forms)
        if meant is not None:
            extra.append(Mention(ABILITY, start, word.end(), (meant,), word.group()))
    if not extra:
        return found
    return sorted([*found, *extra], key=lambda m: m.start)


def _before_player(text: str, end: int, found: list[Mention], starts: list[int]) -> bool:
    """Whether a player is named right after ``end``, as after an order's word ("obs Lynz",
    "obs (age): Hanabi", "interro on Miaka"; not "pro tip: Abs is lying")."""
    i = bisect.bisect_left(starts, end)
    after = found[i] if i < len(found) else None
    return (
        after is not None
        and after.kind == PLAYER
        and _TO_TARGET.fullmatch(text, end, after.start) is not None
    )


# What stands between a clipped order word and its target: a detail in brackets, a colon or
# an arrow, "on"/"at"/"to".
_TO_TARGET = lazy_compile(
    r"\s*(?:\([^()\n]{0,20}\)\s*)?(?:[:>→\-–—]+\s*)?(?:(?:on|at|to)\s+)?", re.IGNORECASE
)
_WORD = lazy_compile(r"(?<![\w'’])[^\W\d_]{2,}(?![\w'’])")


@lru_cache(maxsize=256)
def _forms_of(titles: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """The written forms of one-word titles ("deal": deals, dealed, dealing), with their
    ability, for the typo step."""
    forms = []
    for ability, title in titles:
        if ability in _NEVER_FITTED:
            continue
        t = title.casefold()
        if not t.isalpha() or len(t) < 4:
            continue
        stem = t[:-1] if t.endswith("e") and not t.endswith("ee") else t
        for form in dict.fromkeys((t, t + "s", stem + "ed", stem + "ing")):
            forms.append((form, ability))
    return tuple(forms)


def _typo_of(written: str, forms: tuple[tuple[str, str], ...]) -> str | None:
    """The one ability a word is one edit from a form of (first letter kept), or None."""
    near = {
        ability
        for form, ability in forms
        if form[0] == written[0]
        and form != written
        and abs(len(form) - len(written)) <= 1
        and distance(written, form, 1) <= 1
    }
    return near.pop() if len(near) == 1 else None


def _via(
    ability: str, m: Mention, block: Block, held: Candidates, items: Mapping[str, str]
) -> str | None:
    """The slot ``ability`` is used through: the sender's own, unless they hold it through
    a lent item too and the sentence of its word names that item ("Suitcase: Erase Kleee"
    from a Pisco lent the Suitcase is its fake, as "Suitcase: Erase Kleene" written exactly
    is; "Suitcase: pretend to heal Hal. My real one: slander Noor" slanders for real).
    ``items``: the item each lent slot comes through (the family's ``Wording.items``)."""
    via = held.held.get(ability)
    if via is not None or ability not in held.lent:
        return via
    sentence = block.layout.sentence(m.start)
    for lent in held.lent[ability]:
        item = items.get(lent)
        if any(
            x.kind == ABILITY and item in x.value and sentence.start <= x.start < sentence.end
            for x in block.found
        ):
            return lent
    return via


def _own_before_lent(
    mine: list[str], m: Mention, block: Block, held: Candidates, items: Mapping[str, str]
) -> list[str]:
    """``mine`` without what only a lent item gives, when the word also names an ability the
    sender holds of their own in another phase and its sentence names no item: "APTX: Marsh
    = Shinichi" by night from a Vodka who holds the Black Suitcase is his day APTX (refused
    as not now), not the suitcase's fake poison ("Suitcase: poison Marsh" is the fake)."""
    if not set(m.value) & held.elsewhere:
        return mine
    own = [a for a in mine if held.held[a] is None]
    if len(own) == len(mine):
        return mine
    sentence = block.layout.sentence(m.start)
    named = {
        v
        for x in block.found
        if x.kind == ABILITY and sentence.start <= x.start < sentence.end
        for v in x.value
    }
    return [a for a in mine if a in own or items.get(held.held[a] or "") in named]


# Reads an order written plainly ("Heal Kleene") with the family's reader of plain orders.
PlainReader = Callable[[str], Order | str | None]


@dataclass
class Block:
    """The text read for evidence, what it mentions, and its sentences and clauses."""

    text: str
    found: list[Mention]
    layout: Layout
    # Where the words of the orders the sender gives stand, and the one being read now.
    ordering: set[int] = field(default_factory=set)
    now: int = -1
    # The sentences that ask the GM whether (``_asks_around``), found at first need.
    asking: list[Span] | None = None
    # The family's words (set by ``readings``): the nouns after "X's" that stand for X.
    words: vocab.Words | None = None
    # The reader's tables of them (set by ``readings``): whether a remark holds an order word.
    grammar: Grammar | None = None
    # The member a leader names for the kill (``_killer``), found once for the block.
    killer: tuple[str | None] | None = None
    # The players who are dead (set by ``readings``): one named beside a living target is no
    # second choice ("For Gale, I'll carry on her work: heal Isla").
    gone: frozenset[str] = frozenset()
    # Whether "X's <anything>" names X (set by ``fitted`` for a deed in words of no order:
    # "at Rookie's bedside", "the red wire on Umber's vest" are done to Rookie, to Umber).
    owner_named: bool = False

    @classmethod
    def of(cls, text: str, found: list[Mention], words: vocab.Words | None = None) -> Block:
        """The block of ``text`` and its mentions, laid out in the family's ``words``."""
        return cls(text, found, Layout(text, found, words.finding_out if words else ()))

    @property
    def spans(self) -> list[Span]:
        return self.layout.sentences


def readings(
    block: Block,
    reader: Reader,
    words: vocab.Words,
    held: Candidates,
    voice: Voice,
    read_plain: PlainReader,
    shapes: Callable[[str], str],
) -> tuple[list[Reading], list[tuple[Mention, Kind | str]]]:
    """The orders ``block`` gives the sender (each read in its plain form), and the mentions
    that give none, with why (a voiding ``Kind``, ``TALK``, or ``Kind.NOT_HELD``)."""
    found = block.found
    block.words = words
    block.grammar = reader.grammar
    block.gone = frozenset(n for n, p in reader.state.players.items() if not p.is_alive)
    asks = words.with_trait(vocab.ASKS)
    substitutes = words.with_trait(vocab.SUBSTITUTES)
    asked_past = words.with_trait(vocab.ASKED_PAST)
    # Each ability's mentions in the sender's voice (latest last), and why the others give
    # no order of theirs.
    said_as_order: dict[str, list[Mention]] = {}
    voided: dict[str, tuple[Mention, Kind | str]] = {}
    others: list[tuple[Mention, Kind | str]] = []
    for m in found:
        if m.kind != ABILITY:
            continue
        mine = _own_before_lent(held.of(m.value), m, block, held, reader.wording.items)
        if not mine:
            # Another's ability is only refused when the sender orders it in so many words
            # ("Kill Pepper" from a townie); said of anyone else, it is talk. Its stance is
            # read only when the sender says it in their own voice (most such words are in
            # a query, "Follow-Up Abs kills Kleene", or said of another player).
            said = (
                stance(block.layout, m, found, voice)
                if (in_own_voice(block.layout, m) and not _called(block, m))
                or block.text[max(0, m.start - 2) : m.start].strip()[-1:] in _QUOTE_MARKS
                else TALK
            )
            if (
                said is None
                and not offered_next(block.layout, block.layout.sentence(m.start))
                and not _said_again(block, m)
            ):
                later = set(m.value) & held.elsewhere
                others.append((m, Kind.NOT_NOW if later else Kind.NOT_HELD))
            else:
                # 'Renée says: "Detain Haze"': her order, passed on, is answered as quoted.
                others.append((m, Kind.QUOTED if said is Kind.QUOTED else TALK))
            continue
        said = stance(block.layout, m, found, voice, asks=bool(set(mine) & asks))
        if said == TALK and _leader_names(block, m, voice, reader, mine):
            # "Kestrel does the shooting tonight": the leader names the killer, unless the
            # rest of the sentence voids it as it would the leader's own ("if Ruth kills
            # Lynz tonight we're nearly done", "Ruth did the kill last night").
            said = stance(
                block.layout, m, found, voice, asks=bool(set(mine) & asks), named_doer=True
            )
        if said == TALK and any(shapes(a) == vocab.ROLE for a in mine):
            who = doer(block.layout, m, voice)
            if (
                who is not None
                and who.kind == ROLE
                and _ROLE_IS.fullmatch(block.text, who.end, m.start) is not None
            ):
                said = None  # "whether a Ran is walking around": the role is what is asked
        if said == TALK and any(shapes(a) == vocab.CRIME for a in mine):
            # "Umber should be arrested for the slander on Tansy": the accusation made.
            said = None if _accused(block, m, voice) else said
        if said is Kind.CONDITION and set(mine) & substitutes and _substitute(block, m, voice):
            said = None  # "Watch → Sunday; if he can't take it, Pepper": a substitute
        if said is None and _of_the_past(block, m, reader, mine, shapes):
            said = TALK  # "I healed Ivy last night" told again: what was done, not an order
        if said is None and _of_a_later_phase(block, m, reader, mine, shapes):
            said = Kind.NOT_NOW  # "Plan: HS Dunmore on N3 once P(crime) > 0.7": not tonight's
        if said is None and _who_it_is(block, m, mine, words):
            said = TALK  # "my lover is Takoyaki, we are so cute": who the lover is, told
        sentence = block.layout.sentence(m.start)
        if (
            said is None
            and not set(mine) & substitutes
            and offered_next(block.layout, sentence, m)
        ):
            said = Kind.TWO_CHOICES  # "We identify Tide as Gin... or Vodka?"
        if said is None and _anothers_own(block, m, mine, shapes, voice):
            said = TALK  # "Rose's vote counts double": Rose's Voice of Accusation, told
        if said is None and _said_again(block, m):
            # "Vodka takes out Dune tonight. And pin that murder on Ember.": "that murder" is
            # the kill said before, the object of another verb; Ember is that verb's.
            said = TALK
        for ability in mine:
            if said is None and _negated_before(block, voided.get(ability), m):
                continue  # "no heal tonight, I'm saving myself the trouble": not an order
            if said is None:
                said_as_order.setdefault(ability, []).append(m)
                voided.pop(ability, None)
            elif said != TALK:
                # A word that voids the order after it (in a later sentence: "kill Tobi.
                # scratch that, no kill from me"); in its own sentence it is about something
                # else ("Sniffing out Ink. today - scent or no scent?").
                earlier = said_as_order.get(ability)
                if earlier and block.layout.sentence(earlier[-1].start) == block.layout.sentence(
                    m.start
                ):
                    continue
                voided[ability] = (m, said)
                said_as_order.pop(ability, None)
    for ability, m in _pointed_back(block, held, voice, said_as_order, voided):
        # "I think I can save someone at night? I'd like to use that on Biscuit": the
        # ability described, then pointed back at with a player, is ordered there.
        said_as_order.setdefault(ability, []).append(m)
        voided.pop(ability, None)
    # An order asked about is still one of two offered: "Detect Heiji or first aid
    # Perpetua?" from a detective, whose Detection is itself a question.
    asked = {a: [m] for a, (m, kind) in voided.items() if kind is Kind.QUESTION}
    for ability, other in _either(block, {**said_as_order, **asked} if asked else said_as_order):
        # "Backstab Ulla as Cop — or just Taking Matters on her": two orders offered as a
        # choice; the GM does not pick. Two asked about stay a question ("Should I first aid
        # Tamsin, or detect instead?").
        if ability not in said_as_order and other not in said_as_order:
            continue
        for name in (ability, other):
            ms = said_as_order.pop(name, None)
            if ms:
                others.append((ms[-1], Kind.TWO_CHOICES))
            elif name in asked:
                voided[name] = (voided[name][0], Kind.TWO_CHOICES)
    others.extend(voided.values())
    busy = {block.layout.sentence(ms[-1].start) for ms in said_as_order.values()}
    block.ordering = {m.start for ms in said_as_order.values() for m in ms}
    done: list[Reading] = []
    # The readings of one word that says two abilities the sender holds, by the word.
    rivals: dict[int, tuple[Mention, list[Reading]]] = {}
    for ability, mentions_of in said_as_order.items():
        reading = bare = None
        for m in reversed(mentions_of):  # the latest first; an earlier one may say it whole
            reading = _read(ability, m, block, reader, held, voice, read_plain,
                            shapes(ability), busy)  # fmt: skip
            if reading.order is not None:
                if reading.order.targets or ability not in reader.grammar.unnamed_ok:
                    break
                # "make Hanabi's body vanish, erase her": an order whose target may go
                # unnamed is read where it is named, if anywhere ("Erase" alone, else).
                bare = bare or reading
        else:
            reading = bare or reading
        assert reading is not None
        m = mentions_of[-1]
        if (
            reading.order is None
            and reading.refusal is not None
            and reading.refusal.kind is Kind.NOT_NOW
            and ability not in asked_past
        ):
            # "James can look into something from an earlier night. I'd like to look into
            # whether Maple killed Tofu on Night 1": an investigation's word for a past
            # phase, from a sender who holds the order that asks about one, is that order.
            reading = _in_the_past(ability, m, block, reader, held, voice, read_plain, shapes,
                                   busy, asked_past) or reading  # fmt: skip
        if _same_word_two_abilities(m, held, said_as_order, ability):
            rivals.setdefault(id(m), (m, []))[1].append(reading)
            continue
        done.append(reading)
    for m, of_word in rivals.values():
        # "questions" says Investigate and Interrogate: the one whose order the message gives
        # whole is meant (the sender's own before a lent one); two such, and the GM asks.
        whole = [r for r in of_word if r.order is not None]
        own = [r for r in whole if held.held.get(r.ability) is None]
        # ... or the one the sender names by a word of its own beside it ("takes the pistol
        # from the drawer and shoots Parkur": of the weapons that shoot, the pistol).
        named = [r for r in whole if any(x is not m for x in said_as_order[r.ability])]
        if len(whole) == 1 or len(own) == 1:
            done.append(whole[0] if len(whole) == 1 else own[0])
        elif len(named) == 1:
            done.append(named[0])
        else:
            others.append((m, RIVALS))
    return done, others


def _in_the_past(
    ability: str,
    m: Mention,
    block: Block,
    reader: Reader,
    held: Candidates,
    voice: Voice,
    read_plain: PlainReader,
    shapes: Callable[[str], str],
    busy: set[Span],
    asked_past: frozenset[str],
) -> Reading | None:
    """The reading of an order of the same shape that asks about a past phase (Special
    Investigate), for a word of one that asks about this phase only (Investigate) whose
    action the rules refuse as of another phase; None when the sender holds none, or it
    does not read whole either."""
    shape = shapes(ability)
    for other, via in held.held.items():
        if via is None and other != ability and other in asked_past and shapes(other) == shape:
            reading = _read(other, m, block, reader, held, voice, read_plain, shape, busy)
            if reading.order is not None:
                return reading
    return None


# The orders a GM reads from what a sentence names alone, with no word of them in it: those
# that name players or roles. Not a vote (always said as one), not an order that names
# nothing or needs words of its own (a crime, a query, a choice, a count, a message), not a
# lent item's (said by its name).
_FITTED_SHAPES = frozenset({vocab.TARGET, vocab.TARGETS, vocab.ROLE, vocab.TARGET_ROLE})
_NEVER_FITTED = frozenset({"vote", "unvote", "abstain", "no_lynch", "no_action"})


def fitted(
    block: Block,
    reader: Reader,
    held: Candidates,
    voice: Voice,
    read_plain: PlainReader,
    shapes: Callable[[str], str],
    tried: frozenset[str] = frozenset(),
    *,
    bare: bool = False,
) -> Reading | Refusal | None:
    """The order of a block that holds no word of the sender's orders, read as a GM reads it
    ("candidates first"): of the orders the sender can give now, exactly one takes
    what a sentence names (one player, players, a role, a player and a role), and the sentence
    says an order in the sender's own voice, unvoided: a word of an order they do not hold
    ("Checking tonight whether a Ran is around" from a detective who detects, "a peek at the
    roles among A, B and C" from a spy), or a role taken on ("I'm going out as Heiji"). Two
    that take it are asked about, naming both; none, and it is talk. ``tried``: the sender's
    orders whose words the block holds and which it does not give whole ("checking whether a
    Ran is around" is no Special Investigation, and may be a Detect). ``bare``: only a deed
    in a sentence of no order word is read (``tried`` are orders the block takes back)."""
    layout = block.layout
    for sentence in block.spans:
        inside = [x for x in block.found if sentence.start <= x.start < sentence.end]
        players = list(dict.fromkeys(x.value for x in _named(block, sentence, voice, "")))
        # The sender's own role names them in the third person ("Akemi will sneak into
        # ..."): the one who does it, not a role the order takes.
        roles = list(
            dict.fromkeys(
                x.value
                for x in inside
                if x.kind == ROLE and str(x.value).casefold() not in voice.names
            )
        )
        words = [x for x in inside if x.kind == ABILITY]
        if any(set(held.of(x.value)) - tried for x in words) or (bare and words):
            continue  # a word of the sender's orders that gives none: talk about it
        if not (players or roles):
            if any(x.kind == PLAYER for x in inside) and deed(layout, sentence, voice):
                # "at Rookie's bedside", "the red wire on Umber's vest": a deed on its owner
                found = _deed(block, sentence, reader, held, voice, read_plain, shapes, tried)
                if found is not None:
                    return found
            continue
        does = block.words.does if block.words is not None else {}
        # What the words of other abilities said to a player here do (learn, guard, ...).
        said = {
            does[a]
            for x in words
            if not _SUBJECT_DIES.match(x.text)
            and stance(layout, x, block.found, voice) is None
            and _object_after(block, x)
            for a in x.value
            if a in does
        }
        taken_on = (
            roles and not players and _AS_ROLE.search(block.text, sentence.start, sentence.end)
            and directs(layout, sentence, voice)
        )  # fmt: skip
        if not said and not taken_on:
            if players and not roles and not _talked_of(block, sentence, words, voice) and deed(
                layout, sentence, voice
            ):
                found = _deed(block, sentence, reader, held, voice, read_plain, shapes, tried)
                if found is not None:
                    return found
            continue
        if (
            roles
            and not players
            and not any(
                x.kind == ROLE and _ROLE_AS_ROLE.search(block.text, max(0, x.start - 6), x.start)
                for x in inside
            )
        ):
            continue  # "Watching Detective Conan": a role is named as one ("a Ran", "as Heiji")
        fit = [
            a
            for a, via in held.held.items()
            if via is None
            and a not in _NEVER_FITTED
            and a not in tried
            and (taken_on or does.get(a) in said)
            and _takes(shapes(a), players, roles)
        ]
        if len(fit) > 1:
            named = " or ".join(_title(a, reader) for a in fit)
            return Refusal(
                say("reading.could_be_yours", named=", ".join([*players, *roles]), abilities=named),
                Kind.TWO_CHOICES,
            )
        if not fit:
            continue
        ability = fit[0]
        m = Mention(ABILITY, sentence.start, sentence.start, (ability,), "")
        reading = _read(ability, m, block, reader, held, voice, read_plain, shapes(ability),
                        set())  # fmt: skip
        if reading.order is None:
            continue
        text = block.text[sentence.start : sentence.end].strip()
        said = reading.order.canonical(reader.state.ruleset.titles)
        reading.notes.append(say("reading.read_as_taking", written=text, order=said))
        return reading
    return None


def _talked_of(block: Block, sentence: Span, words: list[Mention], voice: Voice) -> bool:
    """Whether the sentence opens with a word of an order that is talked of, not given
    ("heals given to Mochi" from a protector, "protection granted to Mochi by someone"):
    it is about those deeds, as things, and no deed in words of no order."""
    start = opening(block.text, sentence)
    return any(
        x.start == start and stance(block.layout, x, block.found, voice) is not None
        for x in words
    )


def _deed(
    block: Block,
    sentence: Span,
    reader: Reader,
    held: Candidates,
    voice: Voice,
    read_plain: PlainReader,
    shapes: Callable[[str], str],
    tried: frozenset[str],
) -> Reading | Refusal | None:
    """The order a deed of the sender's own in words of no order gives ("Calling Juno to the
    witness stand tonight", "Doc's on call for Chive"): of the sender's own orders now, the
    one that takes the players the sentence names, or names nothing when they are only the
    owners of what it is done to ("cut the red wire on Umber's vest"). Of several, the ones
    whose deed the sentence says in its rule's words (``Say.means``: a body for Erase, a
    wire for Defuse); two such are asked about, none is talk."""
    # The deed's own clause, the one its sentence opens with: "Sleeping early tonight, Kleene
    # take care" does nothing to Kleene.
    written = block.text[sentence.start : sentence.end]
    head = _past_asides(block, block.layout.clause(opening(block.text, sentence)), sentence)
    with _owners_named(block):
        players = list(dict.fromkeys(x.value for x in _named(block, head, voice, "")))
    if not players or len({x.value for x in _named(block, sentence, voice, "")} - set(players)):
        return None  # no player in it, or another outside it
    owned = not any(x.value in players for x in _named(block, head, voice, ""))
    # The sender's own orders now that take a player (or, said of what a player owns, none).
    fit = [
        a
        for a, via in held.held.items()
        if via is None
        and a not in _NEVER_FITTED
        and a not in tried
        and (shapes(a) in _TAKES_PLAYERS or (owned and shapes(a) == vocab.NOTHING))
    ]
    if len(fit) > 1:
        named = _named_before(block, sentence, fit)
        fit = [named] if named else [a for a in fit if _means_said(block, a, written)]
    fit = [
        a
        for a in fit
        if _takes(shapes(a), players, [])
        or (owned and shapes(a) == vocab.NOTHING and len(players) == 1)
    ]
    if fit and _only_from(block, head, voice):
        # "I'll stay away from Hart tonight": a player after "from" is what is taken from,
        # the target only of an order that takes from its target (Steal)
        taken_from = block.words.target_words if block.words is not None else {}
        fit = [a for a in fit if taken_from.get(a) == "from"]
    if len(fit) > 1:
        named = " or ".join(_title(a, reader) for a in fit)
        return Refusal(
            say("reading.could_be_yours", named=", ".join(players), abilities=named),
            Kind.TWO_CHOICES,
        )
    if not fit:
        return None
    if offered_next(block.layout, sentence):
        # "I'll go to Wren's... or Quill's. Flip a coin for me": another player offered in
        # the sentence after, and the choice left to the GM.
        return Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)
    ability = fit[0]
    m = Mention(ABILITY, sentence.start, sentence.start, (ability,), "")
    with _owners_named(block):
        reading = _read(ability, m, block, reader, held, voice, read_plain, shapes(ability),
                        set())  # fmt: skip
    if reading.order is None:
        return None
    said = reading.order.canonical(reader.state.ruleset.titles)
    reading.notes.append(say("reading.read_as_taking", written=written.strip(), order=said))
    return reading


# Whom a word of address is said to after it: "darling GM".
_ADDRESSEE = lazy_compile(r"(?:gm|mod|host)(?![\w'’])", re.IGNORECASE)


def _called(block: Block, m: Mention) -> bool:
    """Whether the word is said to someone, set off by commas in a longer sentence
    ("Surprise me, darling.", "Darling, the show must go on!"): whom the sender talks to,
    no order of theirs."""
    sentence = block.layout.sentence(m.start)
    before = block.text[sentence.start : m.start].rstrip()
    after = block.text[m.end : sentence.end].lstrip()
    return (
        (not before or before.endswith(","))
        and (not after or after[0] in ",.!?…" or _ADDRESSEE.match(after) is not None)
        and bool(before or after.strip(",.!?… "))
    )


def _named_before(block: Block, sentence: Span, fit: list[str]) -> str | None:
    """The ability a deed said as "do that to X" points back to: of ``fit``, the last one
    named before its sentence ("I think my thing is called smear? ... I want to do that to
    Marrow tonight")."""
    written = block.text[sentence.start : sentence.end]
    if _DO_THAT.search(written) is None:
        return None
    for x in reversed(block.found):
        if x.kind == ABILITY and x.start < sentence.start:
            named = [a for a in x.value if a in fit]
            if named:
                return named[0]
    return None


# A deed that points back to an ability named before it: "do that to Marrow", "use it on Abs",
# "try this on Akonyl", "do the same with A, B and C", "using it on Zé tonight".
_DO_THAT = phrases.gated(
    r"(?<![\w'’])(?:do(?:ing)?|us(?:e|ing)|try(?:ing)?|apply(?:ing)?)\s+"
    r"(?:that|it|this|the\s+same)\s+(?:one\s+)?"
    r"(?:to|on|with|for|at)\s",
    re.IGNORECASE,
)


# The marks that open someone's words written out: "Renée says: \"Detain Haze\"".
_QUOTE_MARKS = frozenset("\"“«„'‘")
# The sender's own part heading a line or sentence, among others' parts: "Mine: Echo",
# "Me -> Abs", "and as for me: Kleene", "My part: Lynz".
_OWN_PART = lazy_compile(
    r"(?:^|(?<=[\n.!?;]))[ \t]*(?:[-*•>]+[ \t]*)?(?:and[ \t]+)?(?:as[ \t]+for[ \t]+)?"
    r"(?:mine|me|myself|my[ \t]+(?:part|job|bit|turn|own))[ \t]*(?::|->|→|=>|=)[ \t]*",
    re.IGNORECASE,
)
_MINE_GATE = lazy_compile(r"(?:mine|me|myself|my[ \t]+\w+)[ \t]*(?::|->|→|=)", re.IGNORECASE)


def _pointed_back(
    block: Block,
    held: Candidates,
    voice: Voice,
    said_as_order: dict[str, list[Mention]],
    voided: dict[str, tuple[Mention, Kind | str]],
) -> list[tuple[str, Mention]]:
    """The sender's orders said by pointing back at an ability the message described before
    ("I think I can save someone at night? I'd like to use that on Biscuit", "my role lets me
    scare someone ... I'd like to do that to Conia"), or by saying again the verb a
    description of what the sender can do told it with ("I get to pick people who might fall
    in love? I'd like to pick A, B, C and D"), as GMs read them: the ability is the one the
    describing sentence names, by a word of the sender's own orders or in its rule's words
    (``Say.means``: a face for Pinch Face, a list for Spy); of several, the one that reads
    whole. Each is a mention of that ability at the pointing words, when the sender says them
    as their own order (``stance``) and no word of an order of theirs stands in the pointing
    sentence itself. An order the message took back, made conditional or quoted is not
    revived; a description asked about ("can I save someone?") is: the question was what the
    role does, and the order came after it."""
    found = block.found
    text = block.text
    layout = block.layout
    points = {
        p.start(): (p.group().rstrip(), None)
        for p in itertools.islice(_DO_THAT.finditer(text), _MAX_POINTS)
    }
    if (":" in text or ">" in text or "→" in text or "=" in text) and _MINE_GATE.search(text):
        # "Rook's going for Lantern, Maple holds his. Mine: Echo, as Ran": the sender's own
        # part among the team's, headed by its owner; the order is read from its first word.
        # Only a part that names its player there is one ("Me: nothing today" is none).
        for p in itertools.islice(_OWN_PART.finditer(text), _MAX_POINTS):
            part = layout.sentence(p.end())
            at = bisect.bisect_left(layout.found_starts, p.end())
            if at < len(found) and found[at].kind == PLAYER and found[at].start < part.end:
                points.setdefault(p.end(), ("", None))
    for able in itertools.islice(_ABLE_VERB.finditer(text), _MAX_POINTS):
        # The verb a description of the sender's own told it with, said again after it.
        told = layout.clause(able.start())
        verb = re.compile(rf"(?<![\w'’]){re.escape(able.group('verb'))}(?![\w'’])", re.I)
        for v in itertools.islice(verb.finditer(text, told.end), _MAX_POINTS):
            points.setdefault(v.start(), (v.group(), told))
    if not points:
        return []
    pointed: list[tuple[str, Mention]] = []
    for at, (words, told) in sorted(points.items())[:_MAX_POINTS]:
        sentence = layout.sentence(at)
        clause = layout.clause(at)
        if any(
            m.kind == ABILITY and sentence.start <= m.start < sentence.end and held.of(m.value)
            for m in found
        ):
            continue  # the sentence names an order of the sender's own: it is read as such
        if told is None:
            before = next(
                (
                    m
                    for m in reversed(found)
                    if m.kind == ABILITY and m.end <= clause.start and held.of(m.value)
                ),
                None,
            )
            if before is not None:
                told = layout.sentence(before.start)
            else:
                # No word of the sender's orders before it: what a description of what they
                # can do tells, or else the sentence before it, in their orders' rule words.
                able = _ABLE_VERB.search(text, 0, clause.start)
                told = layout.sentence(able.start() if able else sentence.start - 1)
        if told is None or told.start >= clause.start:
            continue
        # Every order of the sender's the describing sentence names ("grill a person and
        # find out if they are with the Org"), then those it says in their rule's words.
        written = text[told.start : min(told.end, clause.start)]
        mine = tuple(
            dict.fromkeys(
                [
                    *(
                        a
                        for x in reversed(found)
                        if x.kind == ABILITY and told.start <= x.start and x.end <= clause.start
                        for a in held.of(x.value)
                    ),
                    *(
                        a
                        for a, via in held.held.items()
                        if via is None
                        and a not in _NEVER_FITTED
                        and _means_said(block, a, written)
                    ),
                ]
            )
        )
        if not mine:
            continue
        m = Mention(ABILITY, at, at + len(words), mine, words)
        if stance(layout, m, found, voice) is not None:
            continue
        for ability in mine:
            void = voided.get(ability)
            if void is not None and void[1] is not Kind.QUESTION:
                continue  # taken back, made conditional, quoted: the pointing gives no order
            if ability in said_as_order and said_as_order[ability][-1].start > m.start:
                continue
            pointed.append((ability, m))
    return pointed


# The pointing words read in a message at most, as a GM reads a few (a wall of "I can heal
# ..." is not read on): what reading costs stays bounded whatever the message's shape.
_MAX_POINTS = 6
# A description of what the sender can do, and the verb it tells it with ("I get to pick").
_ABLE_VERB = phrases.gated(
    rf"(?<![\w'’])(?:{'|'.join(phrases.ABLE)})\s+(?:(?:also|only|just|even|still)\s+)?"
    r"(?P<verb>[^\W\d_]{3,})(?![\w'’])"
)


def _means_said(block: Block, ability: str, written: str) -> bool:
    """Whether ``written`` says the deed of ``ability`` in its rule's words (``Say.means``)
    or names what it is done to (``Say.possessed``: a theft's car keys, a poisoning's tea)."""
    words = block.words
    if words is None:
        return False
    means = words.means.get(ability)
    if means is not None and re.search(means, written, re.IGNORECASE):
        return True
    owned = words.possessed.get(ability)
    return bool(owned) and bool(re.search(rf"(?<![\w'’])(?:{owned})(?![\w'’])", written, re.I))


def _past_asides(block: Block, clause: Span, sentence: Span) -> Span:
    """The clause with the short asides in brackets that cut it read past: "I want to use
    my appeal (?? sorry I forget the word) to get Biscuit out of prison" is one clause."""
    text = block.text
    while True:
        opens = text.find("(", clause.end, min(sentence.end, clause.end + 3))
        if opens < 0 or text[clause.end : opens].strip():
            return clause
        aside = next((b for a, b in asides(text[opens : sentence.end]) if a == 1), None)
        if aside is None:
            return clause
        after = opens + aside + 1
        rest = block.layout.clause(after + len(text[after:]) - len(text[after:].lstrip(" )")))
        if rest.end <= clause.end or rest.start >= sentence.end:
            return clause
        clause = Span(clause.start, rest.end)


def _only_from(block: Block, clause: Span, voice: Voice) -> bool:
    """Whether every player ``clause`` names stands right after "from"."""
    named = _named(block, clause, voice, "")
    return bool(named) and all(
        _FROM_BEFORE.search(block.text, max(clause.start, x.start - 6), x.start) for x in named
    )


_FROM_BEFORE = lazy_compile(r"(?<![\w'’])from\s+$", re.IGNORECASE)


@contextmanager
def _owners_named(block: Block) -> Iterator[None]:
    """While inside, "X's <anything>" names X in ``block`` (a deed done to what X owns)."""
    block.owner_named = True
    try:
        yield
    finally:
        block.owner_named = False


# The shapes of orders that name a player: of several such, the deed is the one its words say.
_TAKES_PLAYERS = frozenset(
    {vocab.TARGET, vocab.TARGETS, vocab.TARGET_ROLE, vocab.CRIME, vocab.ASKED, vocab.KIND,
     vocab.GUISES, vocab.PLAYER_ROLES}
)  # fmt: skip


def _object_after(block: Block, word: Mention) -> bool:
    """Whether a player or a role stands after ``word`` in its clause, as what it is done to
    ("a peek at the roles among Hollis, Nell and Ember", "checking whether a Ran is
    around"), not as the subject of something else ("watching you, Abs")."""
    clause = block.layout.clause(word.start)
    return any(x.kind in (PLAYER, ROLE) and word.end <= x.start < clause.end for x in block.found)


# The words of a kill whose subject is the victim: "Abs will die" is no deed of the sender's.
_SUBJECT_DIES = lazy_compile(r"(?:dies|die|dead|sleeps?|goes\s+down|won)", re.IGNORECASE)
# A role taken on: "going out as Heiji", "dressed as Ran".
_AS_ROLE = lazy_compile(r"(?<![\w'’])as\s+(?:an?\s+|the\s+)?\S", re.IGNORECASE)
# A role named as a role: "a Ran", "any Gin", "the Kid", "as Heiji".
_ROLE_AS_ROLE = lazy_compile(r"(?<![\w'’])(?:as|an?|any|the|some)\s+$", re.IGNORECASE)


def named_by_its_word(block: Block, words: vocab.Words, reading: Reading) -> bool:
    """Whether the word a reading was read from is its ability's own order word ("Arrest",
    "investigate"), which names that ability and no other: what it lacks is asked for, and
    no other order is read in its place (but "checking whether a Ran is around" is an
    everyday word, which a Detect may be)."""
    said = next((x for x in block.found if x.start == reading.at and x.kind == ABILITY), None)
    if said is None:
        return True
    pattern = next((p for p, a in words.order_words if a == reading.ability), None)
    if pattern is None:
        return False
    written = said.text.strip()
    # "I'm arresting Abs": the order word in another form ("arresting", "arested") names it too.
    spelled = grammar_of(words).respelled(written) if " " not in written else None
    return any(
        re.fullmatch(pattern, form, re.IGNORECASE) is not None
        for form in (written, spelled)
        if form
    )


def _takes(shape: str, players: list[str], roles: list[str]) -> bool:
    """Whether an order of ``shape`` takes the players and roles a sentence names."""
    if shape == vocab.TARGET:
        return len(players) == 1 and not roles
    if shape == vocab.TARGETS:
        return bool(players) and not roles
    if shape == vocab.ROLE:
        return not players and len(roles) == 1
    if shape == vocab.TARGET_ROLE:
        return len(players) == 1 and len(roles) == 1
    return False


def _substitute(block: Block, m: Mention, voice: Voice) -> bool:
    """Whether the condition beside an order that takes ordered alternatives names the one
    to take it if the first cannot: two players in its sentence ("Watch → Sunday; if he
    can't take it, Pepper"; "the suitcase goes to Pell; if Pell is gone by then, Pellucid")."""
    sentence = block.layout.sentence(m.start)
    return len({x.value for x in _named(block, sentence, voice, "")}) >= 2


def _substitute_after(block: Block, m: Mention, voice: Voice, targets: list[str]) -> list[str]:
    """The substitute a condition in the sentence after names: "Wristwatch → Sparrow. If
    Sparrow hangs today, Corvid gets it instead." (the first target and one other player)."""
    spans = block.spans
    sentence = block.layout.sentence(m.start)
    i = spans.index(sentence) if sentence in spans else -1
    if i < 0 or i + 1 >= len(spans):
        return []
    after = spans[i + 1]
    if not _CONDITION_WORD.match(block.text, after.start):
        return []
    named = [
        x.value
        for x in block.found
        if x.kind == PLAYER and after.start <= x.start < after.end and x.value != voice.sender
    ]
    others = [n for n in dict.fromkeys(named) if n not in targets]
    return others if len(others) == 1 and targets[-1] in named else []


_CONDITION_WORD = lazy_compile(r"\W*(?:if|in\s+case|should|unless)\b", re.IGNORECASE)


# A role and what it is asked whether it does: "a Ran is walking around", "Gin is still".
# The accused as the subject of an accusation in the passive: "Umber should be arrested for",
# "Abs is to be blamed for", "Miaka must be charged with".
_ACCUSED = lazy_compile(
    r"\s+(?:(?:should|must|shall|will|needs?\s+to|has\s+to|ought\s+to|is\s+to|are\s+to)\s+)?"
    r"(?:really\s+)?be\s+$",
    re.IGNORECASE,
)


def _accused(block: Block, m: Mention, voice: Voice) -> bool:
    """Whether an accusation's word is said in the passive of the player it accuses, and with
    its crime: "Umber should be arrested for the slander on Tansy last night" from one who
    arrests is their arrest (docs/rulings.md); "Umber should be arrested" alone is talk."""
    who = doer(block.layout, m, voice)
    return (
        who is not None
        and who.kind == PLAYER
        and _ACCUSED.fullmatch(block.text, who.end, m.start) is not None
        and _FOR_CRIME.match(block.text, m.end) is not None
    )


_FOR_CRIME = lazy_compile(r"\s+(?:for|over|with)(?![\w'’])", re.IGNORECASE)


_ROLE_IS = lazy_compile(r"(?:\s+(?:is|are|was|still|really|even|actually|currently))*\s*")
# The orders that name a past phase as what they ask about: an arrest's crime, an
# investigation of a past night, an analysis.
_OF_THE_PAST = frozenset({vocab.CRIME, vocab.ASKED, vocab.WHEN})
# "like last night", "same as yesterday", "again": the past phase is a comparison.
_AS_BEFORE = lazy_compile(
    r"(?:like|as|again|repeat|same\s+as|just\s+like|than)\s+(?:on\s+|during\s+)?$", re.IGNORECASE
)


# A clause that tells what someone did: a third-person pronoun, then a verb in the past
# ("she pushed the Rook lynch", "he voted Rook all day", "they were on Rook").
_TOLD_DONE = lazy_compile(
    r"[\W_]*(?:he|she|they)\s+(?:\w+ed|was|were|did|had|got|hit|made|took|left|went|kept)"
    r"(?![\w'’])",
    re.IGNORECASE,
)
_DONE = lazy_compile(
    r"(?<![\w'’])(?:\w+ed|was|were|did|had|got|hit|made|took|left|went|kept)(?![\w'’])",
    re.IGNORECASE,
)


def _of_the_past(
    block: Block, m: Mention, reader: Reader, mine: list[str], shapes: Callable[[str], str]
) -> bool:
    """Whether the clause of ``m`` tells of a past phase and none of this one ("Thanks for
    the heal result last night", "I'm the doctor, and I healed Ivy last night"): an order
    that does not ask about the past is not given for a past phase."""
    if any(shapes(a) in _OF_THE_PAST for a in mine):
        return False
    now = reader.state.phase
    past = False
    for x, when in _phases_of_clause(block, m, reader):
        if _AS_BEFORE.search(block.text, max(0, x.start - 16), x.start):
            continue
        if x.start > m.end and _DONE.search(block.text, m.end, x.start):
            continue  # "cashing in the vote I saved yesterday": the past of something else
        if when.index >= now.index:
            return False  # "tonight": this phase is named too
        past = True
    return past


def _of_a_later_phase(
    block: Block, m: Mention, reader: Reader, mine: list[str], shapes: Callable[[str], str]
) -> bool:
    """Whether the clause of ``m`` names a phase after this one and none of this one ("Plan:
    HS Dunmore on N3 once P(crime) > 0.7"): an order for that phase, which the plain reader
    refuses when it is written plainly ("HS Dunmore on N3"), is refused so when told."""
    if any(shapes(a) in _OF_THE_PAST for a in mine):
        return False
    now = reader.state.phase
    later = False
    for _, when in _phases_of_clause(block, m, reader):
        if when.index <= now.index:
            return False  # "tonight", or a past phase the order speaks of
        if now.kind is PhaseKind.PREP and when == now.next():
            return False  # "Watch for Night 1 goes to Hinge", sent in Prep: Prep's is for it
        later = True
    return later


def _phases_of_clause(
    block: Block, m: Mention, reader: Reader
) -> Iterator[tuple[Mention, Phase]]:
    """The phases the clause of ``m`` names, each with its mention, in the order written: those
    this game can tell ("N3", "last night"); a word that names no phase of it is left out."""
    clause = block.layout.clause(m.start)
    for x in block.found:
        if x.kind != PHASE or not clause.start <= x.start < clause.end:
            continue
        try:
            when, _ = reader.phase(x.text)
        except Refusal:
            continue
        if when is not None:
            yield x, when


def _negated_before(block: Block, voided: tuple[Mention, Kind | str] | None, m: Mention) -> bool:
    """Whether the ability of ``m`` was negated or taken back earlier in its sentence ("no
    heal tonight, I'm saving myself the trouble"): a word of it after that is no order."""
    if voided is None or voided[1] is not Kind.WITHDRAWN:
        return False
    return block.layout.sentence(voided[0].start) == block.layout.sentence(m.start)


def _who_it_is(block: Block, m: Mention, mine: Sequence[str], words: vocab.Words) -> bool:
    """Whether ``m`` is a word that names whom one of ``mine`` is for (``Say.persons``), said
    to be a player, with no word of this phase in its sentence: "my lover is Takoyaki", "my
    sweetheart turned out to be Takoyaki" tell who that is ("my lover tonight: Takoyaki",
    "my darling is getting my protection tonight" order)."""
    person = next((words.persons[a] for a in mine if a in words.persons), None)
    if person is None or re.fullmatch(person, m.text, re.IGNORECASE) is None:
        return False
    said = _IS_WHO.match(block.text, m.end)
    if said is None:
        return False
    layout = block.layout
    i = bisect.bisect_left(layout.found_starts, said.end())
    named = layout.found[i] if i < len(layout.found) else None
    return (
        named is not None
        and named.start == said.end()
        and named.kind == PLAYER
        and not layout.now(layout.sentence(m.start))
    )


# Between a word for a person and the player it is: "is", "turned out to be".
_IS_WHO = lazy_compile(
    r"\s+(?:is|was|=|(?:turned\s+out|happens|seems)\s+to\s+be)\s+", re.IGNORECASE
)


def _said_again(block: Block, m: Mention) -> bool:
    """Whether ``m`` refers back to its ability said before in the block ("that murder",
    "this kill", "the same heal"): the deed already named, not a second order of it."""
    if _BACK.search(block.text, max(0, m.start - 12), m.start) is None:
        return False
    return any(
        x.kind == ABILITY and x.start < m.start and set(x.value) & set(m.value) for x in block.found
    )


def _anothers_own(
    block: Block, m: Mention, mine: Sequence[str], shapes: Callable[[str], str], voice: Voice
) -> bool:
    """Whether ``m`` says an ability that names no one, as another player's: "Rose's vote
    counts double", "Dee's VoA". Such an ability falls on no one, so the player whose it is
    said to be is its doer, not its target (as "Kleene's protection" names the one
    protected)."""
    if not all(shapes(a) == vocab.NOTHING for a in mine):
        return False
    at = bisect.bisect_left(block.layout.found_starts, m.start) - 1
    if at < 0:
        return False
    owner = block.found[at]
    return (
        owner.kind == PLAYER
        and owner.value != voice.sender
        and _OWNS.fullmatch(block.text, owner.end, m.start) is not None
    )


_OWNS = lazy_compile(r"['’]s?\s+")


# What refers back to something said before: "that", "this", "the same", "said".
_BACK = phrases.gated(r"(?<![\w'’])(?:that|this|these|those|said|the\s+same)\s+$", re.IGNORECASE)


def _either(block: Block, said: dict[str, list[Mention]]) -> list[tuple[str, str]]:
    """The pairs of abilities the sender orders in one sentence with "or" between them."""
    latest = sorted(((ms[-1], a) for a, ms in said.items()), key=lambda x: x[0].start)
    pairs = []
    for (m1, a1), (m2, a2) in itertools.pairwise(latest):
        if block.layout.sentence(m1.start) != block.layout.sentence(m2.start):
            continue
        if _OR.search(block.text, m1.end, m2.start):
            pairs.append((a1, a2))
    return pairs


_OR = lazy_compile(r"(?<![\w'’])(?:or|either)(?![\w'’])|\s/\s", re.IGNORECASE)


def _leader_names(
    block: Block, m: Mention, voice: Voice, reader: Reader, mine: list[str]
) -> str | None:
    """The member of the sender's side a kill word is said of ("Miaka pulls the trigger"),
    when the sender may order the kill: the leader names the killer."""
    if reader.grammar.carried_out.isdisjoint(mine):
        return None
    killer = _killer(block, m, voice, reader)
    state = reader.state
    if killer is None or killer not in state.players or reader.author not in state.players:
        return None
    return killer if state.side(killer) == state.side(reader.author) else None


def _same_word_two_abilities(
    m: Mention, held: Candidates, said: dict[str, list[Mention]], ability: str
) -> bool:
    """Whether the word that says ``ability`` says another ability the sender holds too, with
    nothing else said for either (the GM would have to pick)."""
    mine = held.of(m.value)
    if len(mine) < 2:
        return False
    return any(a != ability and said.get(a, [None])[-1] is m for a in mine)


def _read(
    ability: str,
    m: Mention,
    block: Block,
    reader: Reader,
    held: Candidates,
    voice: Voice,
    read_plain: PlainReader,
    shape: str,
    busy: set[Span],
) -> Reading:
    reading = Reading(ability, m.start)
    block.now = m.start
    try:
        via = _via(ability, m, block, held, reader.wording.items)
        plain = _plain(ability, m, block, reader, voice, shape, via, busy)
    except Refusal as refusal:
        reading.refusal = refusal
        if shape == vocab.CRIME and refusal.kind is Kind.MISSING_DETAIL:
            _without_crime(reading, m, block, reader, voice, read_plain, busy)
        return reading
    reading.plain = plain
    notes = len(reader.notes)
    try:
        order = read_plain(plain)
    except Refusal as refusal:
        reading.refusal = refusal
        del reader.notes[notes:]
        return reading
    reading.notes = reader.notes[notes:]
    del reader.notes[notes:]
    if isinstance(order, Order):
        reading.order = order
    else:
        reading.refusal = Refusal(say("reading.not_an_order", written=plain), Kind.NOT_AN_ORDER)
    return reading


def _without_crime(
    reading: Reading,
    m: Mention,
    block: Block,
    reader: Reader,
    voice: Voice,
    read_plain: PlainReader,
    busy: set[Span],
) -> None:
    """An order of a crime with no crime said, read on its target alone with what its clause
    says after the player: its plain reader takes it when the rules give it a crime of its
    own ("pin it on Nadia": a Blame is of tonight's kill) and refuses it when they do not (an
    Arrest, "Blame Parkur for being annoying"), and then ``reading`` keeps its refusal."""
    try:
        target = _targets(block, m, voice, several=False, ability=reading.ability, busy=busy)[0]
    except Refusal:
        return
    clause = block.layout.clause(m.start)
    named = next(
        (x for x in block.found if x.kind in (PLAYER, PRONOUN) and m.end <= x.start < clause.end),
        None,
    )
    rest = block.text[named.end : clause.end] if named is not None else ""
    plain = f"{_title(reading.ability, reader)} {target}{rest}"
    notes = len(reader.notes)
    try:
        order = read_plain(plain)
    except Refusal:
        order = None
    if isinstance(order, Order):
        reading.refusal, reading.plain, reading.order = None, plain, order
        reading.notes = reader.notes[notes:]
    del reader.notes[notes:]


def _plain(
    ability: str,
    m: Mention,
    block: Block,
    reader: Reader,
    voice: Voice,
    shape: str,
    via: str | None,
    busy: set[Span],
) -> PlainOrder:
    """The order written plainly from the evidence around ``m``."""
    title = _title(ability, reader)
    if shape in _SHAPED:
        return _SHAPED[shape](title, ability, m, block, reader, voice, busy)
    if shape == vocab.NOTHING:
        sentence = block.layout.sentence(m.start)
        clause = block.layout.clause(m.start)
        if len({x.value for x in _named(block, clause, voice, ability)}) > 1:
            raise Refusal(say("reading.names_nobody_two", ability=title), Kind.TWO_CHOICES)
        return title
    if shape == vocab.ASKED:
        asked = f"{title} {'; '.join(_queries(block, m, reader))}"
        when = _phase_near(block, m, reader)
        if when and when != str(reader.state.phase) and not PHASE_WORDS.search(asked):
            asked += f" on {when}"  # "did Ivo slander Ivy? I mean last night (N1)"
        return asked
    if shape == vocab.WHEN:
        when = _phase_near(block, m, reader)
        return f"{title} {when}" if when else title
    if shape == vocab.ROLE:
        role = _role_near(block, m, voice)
        if role is None:
            raise Refusal(say("reading.names_a_role", ability=title), Kind.MISSING_DETAIL)
        return f"{title} as {role}" if ability in reader.grammar.as_role else f"{title} {role}"
    if shape == vocab.RANKED:
        # "For the boss vote → Chianti first, Gin second, Calvados (that's me) last": the
        # members as written after the word, up to its sentence's end (or on the lines
        # after it), read by the ranking's own reader (players, roles, "me", places).
        sentence = block.layout.sentence(m.start)
        after = block.text[m.end : sentence.end].strip()
        if not after.strip(" :-–—→>"):
            index = block.spans.index(sentence) if sentence in block.spans else -1
            lines = block.spans[index + 1 : index + 8] if index >= 0 else []
            after = ", ".join(block.text[x.start : x.end].strip(" .") for x in lines)
        return f"{title}: {after.lstrip(' :-–—→>')}"
    if shape == vocab.ROLES:
        roles = [r.value for r in block.found if r.kind == ROLE]
        if not roles:
            raise Refusal(say("reading.names_roles", ability=title), Kind.MISSING_DETAIL)
        return f"{title}: {', '.join(dict.fromkeys(roles))}"
    if shape == vocab.VOTE:
        sentence = block.layout.sentence(m.start)
        if _ABSTAIN.search(block.text, sentence.start, sentence.end):
            return "Abstain"
        if _NO_ONE.search(block.text, m.end, sentence.end) and not _players_after(block, m):
            return "Vote no lynch"
    if shape == vocab.CRIME:
        return _crime(ability, title, m, block, reader, voice)
    carried_out = ability in reader.grammar.carried_out
    killer = _killer(block, m, voice, reader) if carried_out else None
    try:
        targets = _targets(
            block,
            m,
            voice,
            several=shape == vocab.TARGETS,
            ability=ability,
            busy=busy,
            besides=killer,
        )
    except Refusal as refusal:
        if refusal.kind is Kind.NO_TARGET and ability in reader.grammar.unnamed_ok:
            return title  # "Erase" alone: tonight's victim
        raise
    if shape == vocab.TARGETS:
        substitutes = reader.grammar.substitutes
        if ability in substitutes:
            targets = [*targets, *_substitute_after(block, m, voice, targets)]
        joiner = ", alternatively " if ability in substitutes else ", "
        named = joiner.join(targets)
    else:
        named = targets[0]
    wording = reader.wording
    lent_item = ability in wording.items.values()
    prefix = f"{wording.lent[via]}: " if via in wording.lent and not lent_item else ""
    if shape == vocab.TARGET_ROLE:
        role = _role_near(block, m, voice)
        if role is None:
            raise Refusal(
                say("reading.names_believed_role", ability=title, target=named),
                Kind.MISSING_DETAIL,
            )
        return f"{prefix}{title} {named} as {role}"
    if shape == vocab.KIND:
        return f"{title} {_kind_of(block, reader.grammar.kinds.get(ability, ()))} {named}"
    if killer:
        return f"{title} {named} with {killer}"
    return f"{prefix}{title} {named}"


def _title(ability: str, reader: Reader) -> str:
    """The ability's name as the plain reader reads it (the ruleset's own title first)."""
    titles = reader.state.ruleset.titles
    if ability in titles:
        return titles[ability].split("/")[0].strip()  # "Trick/Intimidate": its first name
    return {"no_lynch": "No lynch", "no_action": "No action", "unvote": "Unvote"}.get(
        ability, reader.wording.title(ability)
    )


# -- the shapes of midnight's orders ----------------------------------------------------------


def _guises(
    title: str, ability: str, m: Mention, block: Block, reader: Reader, voice: Voice,
    busy: set[Span], targets: int | None = None,
) -> PlainOrder:  # fmt: skip
    """ "Slander Thistle: Killer x3", "Disguise: Vigilante x20": the Guises named, each with
    the count written before it ("three Killer guises", "20x Vigilante") or after it. The
    list is the one written with the order's word, from its clause to its sentence's end: a
    role the story around it names ("I'm the most boring Civilian in town — Disguise: 20
    Civilian", "a Civilian costume. Disguise: 20 Civilian") is no Guise of it."""
    counted = []
    roles = [
        x
        for x in block.found
        if x.kind == ROLE
        # "let the Criminologist chew on that": the one who holds it, no Guise.
        and not (
            _THE_BEFORE.search(block.text, max(0, x.start - 5), x.start)
            and not _GUISE_AFTER.match(block.text, x.end)
        )
    ]
    start, end = block.layout.clause(m.start).start, block.layout.sentence(m.start).end
    roles = [x for x in roles if start <= x.start < end] or roles
    for x in roles:
        before = _COUNT.search(block.text, max(0, x.start - 12), x.start)
        after = _COUNT_AFTER.match(block.text, x.end)
        n = before["n"] if before else (after["n"] or after["n2"]) if after else "1"
        counted.append(f"{x.value} x{_NUMBER.get(n.casefold(), n)}")
    if not counted:
        raise Refusal(say("reading.names_guises", ability=title), Kind.MISSING_DETAIL)
    shape = reader.rules.shape(ability)
    if targets == 0 or (shape is not None and shape.targets == 0):
        return f"{title}: {', '.join(counted)}"
    target = _targets(block, m, voice, several=False, ability=ability, busy=busy)[0]
    return f"{title} {target}: {', '.join(counted)}"


_THE_BEFORE = lazy_compile(r"(?<![\w'’])the\s+$", re.IGNORECASE)
_GUISE_AFTER = lazy_compile(r"\s*guises?\b", re.IGNORECASE)


def _choice(
    title: str, ability: str, m: Mention, block: Block, reader: Reader, voice: Voice,
    busy: set[Span],
) -> PlainOrder:  # fmt: skip
    """ "Play Pass Halvard", "Play Bank": the choice the message names, then what it names."""
    shape = reader.rules.shape(ability)
    choices = shape.choices if shape is not None else ()
    plain = _plain_text(block.text)
    found = [(x.start(), c) for c in choices for x in _choice_word(c).finditer(plain)]
    if not found:
        listed = ", ".join(c.title() for c in choices)
        raise Refusal(
            say("reading.name_a_choice", ability=title, choices=listed), Kind.MISSING_DETAIL
        )
    choice = min(found)[1]
    names = shape.choice_names.get(choice, "") if shape is not None else ""
    if names == "player":
        target = _targets(block, m, voice, several=False, ability=ability, busy=busy)[0]
        return f"{title} {choice} {target}"
    if names == "guises":
        # "Bluff play tonight: give me five Detective guises": the Guises are the sender's.
        return _guises(f"{title} {choice}", ability, m, block, reader, voice, busy, targets=0)
    clause = block.layout.clause(m.start)
    named = [x for x in _named(block, clause, voice, ability) if x.start > m.start]
    if named:
        written = named[0].text.strip()
        raise Refusal(
            say("reading.choice_no_player", ability=title, choice=choice, written=written),
            Kind.BAD_TARGET,
        )
    return f"{title} {choice}"


def _count(
    title: str, ability: str, m: Mention, block: Block, reader: Reader, voice: Voice,
    busy: set[Span],
) -> PlainOrder:  # fmt: skip
    """ "Blackmail material 2", "spend two saved votes": the number the sentence names (after
    the word first); none is asked for."""
    sentence = block.layout.sentence(m.start)
    found = _ANY_COUNT.search(block.text, m.end, sentence.end) or _ANY_COUNT.search(
        block.text, sentence.start, m.start
    )
    if found is None:
        raise Refusal(say("reading.how_many", ability=title), Kind.MISSING_DETAIL)
    n = found["n"]
    return f"{title} {_NUMBER.get(n.casefold(), n)}"


def _message(
    title: str, ability: str, m: Mention, block: Block, reader: Reader, voice: Voice,
    busy: set[Span],
) -> PlainOrder:  # fmt: skip
    """ "Letter to Town: ...", "The Call to Abs: ...": to whom, then the words as written (in
    quotation marks, or after a colon)."""
    text = block.text
    said = _SAID.search(text, m.end)
    if said is None:
        raise Refusal(say("reading.needs_words", ability=title), Kind.MISSING_DETAIL)
    words = said["words"].strip().strip('"“”«»').strip()
    to = text[m.end : said.start()]
    if _TO_TOWN.search(to) and ability in reader.grammar.to_town:
        return f"{title} to Town: {words}"
    target = _targets(block, m, voice, several=False, ability=ability, busy=busy)[0]
    return f"{title} to {target}: {words}"


def _player_roles(
    title: str, ability: str, m: Mention, block: Block, reader: Reader, voice: Voice,
    busy: set[Span],
) -> PlainOrder:  # fmt: skip
    """ "All-in: Abs - Boss / Kleene - Cop ...": each player named with the role after them."""
    pairs: list[str] = []
    player: str | None = None
    for x in block.found:
        if x.kind == PLAYER:
            player = x.value
        elif x.kind == SELF and player is None:
            player = voice.sender
        elif x.kind == ROLE and player is not None:
            pairs.append(f"{player} as {x.value}")
            player = None
    if not pairs:
        raise Refusal(say("reading.names_player_roles", ability=title), Kind.MISSING_DETAIL)
    return f"{title}: {', '.join(pairs)}"


def _choice_word(choice: str) -> re.Pattern[str]:
    """A choice's word in all its forms, accents dropped: "Pass" is also "passing", "Bank"
    "banking", "Misère" "misere" (the choice said as what the sender does)."""
    found = _CHOICE_WORDS.get(choice)
    if found is None:
        word = vocab.forms(_plain_text(choice).casefold())
        found = _CHOICE_WORDS[choice] = re.compile(rf"(?<![\w'’])(?:{word})(?![\w'’])", re.I)
    return found


_CHOICE_WORDS: dict[str, re.Pattern[str]] = {}


def _plain_text(text: str) -> str:
    """The text with accents dropped, for the choices' words ("Misère" is "Misere")."""
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


_NUMBER = {"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
           "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "twelve": "12",
           "twenty": "20"}  # fmt: skip
_COUNT_AFTER = lazy_compile(r"\s*(?:guises?\s*)?(?:x|×|\*)\s*(?P<n>\d+)\b|\s*\((?P<n2>\d+)\)")
_ANY_COUNT = lazy_compile(
    r"(?<![\w'’])(?:x\s*)?(?P<n>\d+|one|two|three|four|five)(?![\w'’])", re.IGNORECASE
)
_SAID = lazy_compile(r"(?:[:\-–—]\s*|(?=[\"“«]))(?P<words>[\"“«][^\"”»]+[\"”»]|[^\n]+)")
_TO_TOWN = lazy_compile(r"\b(?:town|everyone|everybody|all)\b", re.IGNORECASE)
_SHAPED: dict[str, Callable[..., PlainOrder]] = {
    vocab.GUISES: _guises,
    vocab.CHOICE: _choice,
    vocab.COUNT: _count,
    vocab.MESSAGE: _message,
    vocab.PLAYER_ROLES: _player_roles,
}


def _targets(
    block: Block,
    m: Mention,
    voice: Voice,
    *,
    several: bool,
    ability: str = "",
    busy: set[Span] = frozenset(),  # type: ignore[assignment]
    besides: str | None = None,
) -> list[str]:
    """The players the order around ``m`` falls on: those of its clause, else its sentence,
    else the sentences around it; a pronoun stands for the one player named before it. Two
    where one is wanted ("Ruth or Sable", "Vote Abs, Miaka", "Heal Lynz, Parkur is the
    backup") are refused as two choices."""
    text, found = block.text, block.found
    sentence = block.layout.sentence(m.start)
    clause = block.layout.clause(m.start)
    named = _named(block, sentence if several else clause, voice, ability, besides)
    if several:
        named = _not_of_others(block, named, ability)
    pronoun = next(
        (
            x
            for x in found
            if x.kind == PRONOUN and clause.start <= x.start < clause.end and not _whose(block, x)
        ),
        None,
    )
    if _GENERIC_OBJECT.match(text, m.end) and not (
        _named(block, clause, voice, ability, besides) if several else named
    ):
        # "I just heal people", "I protect everyone, that's my job", "i'll charm whoever
        # gets aptx'd", "I protect nobody": the deed's object is anyone at all or no one, a
        # habit or a refusal told; no player named
        # elsewhere in its sentence or around it is its target.
        raise Refusal(say("reading.not_an_order", written=text[m.start : clause.end]),
                      Kind.NOT_AN_ORDER)  # fmt: skip
    if named:
        if pronoun is not None and _CHOICE.match(_between(text, pronoun, named[0])):
            raise Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)  # "heal him or Parkur"
        return _chosen(block, named, several, sentence, voice, ability, besides)
    if pronoun is None:
        pronoun = next(
            (
                x
                for x in found
                if x.kind == PRONOUN
                and sentence.start <= x.start < sentence.end
                and not _whose(block, x)
            ),
            None,
        )
        if pronoun is not None and _named(block, sentence, voice, ability, besides):
            pronoun = None  # "protect him, Kleene": the name is in the sentence
    if pronoun is not None:
        return [_antecedent(block, clause, pronoun, voice)]
    me = next((x for x in found if x.kind == SELF and clause.start <= x.start < clause.end), None)
    if (
        me is not None
        and not _EMPHATIC.search(block.text, clause.start, me.start)
        and not (
            me.text.casefold() == "mine"
            and _IS_MINE.fullmatch(block.text, m.end, me.start)
        )
        and not (
            me.text.lower() != "me"
            and _HOLDS_OBJECT.search(m.text)
            and not _TO_WHOM.search(block.text, max(clause.start, me.start - 8), me.start)
        )
    ):
        return [voice.sender]
    named = _named(block, sentence, voice, ability, besides)
    if named:
        return _chosen(block, named, several, sentence, voice, ability, besides)
    if any(
        x.kind == PLAYER
        and x.value == voice.sender
        and clause.start <= x.start < clause.end
        and _REFLEXIVE.match(block.text, x.end)
        for x in found
    ):
        return [voice.sender]  # "First aid kit ready for Rain herself": the sender by name
    ambiguous = next((x for x in found if x.kind == AMBIGUOUS), None)
    if ambiguous is not None:
        raise Refusal(
            say(
                "reading.could_be",
                written=ambiguous.text.strip(),
                players=" or ".join(ambiguous.value),
            ),
            Kind.AMBIGUOUS_NAME,
        )
    # The sentences around it that say no other order: "Action: Heal / Target: Parkur",
    # "Target: Miaka / Action: Interrogate", "Kleene. I'll do the killing myself".
    index = block.spans.index(sentence) if sentence in block.spans else -1
    if several and index >= 0:
        # A heading over lines of players only: "Cupid's list:\nRook ♥ Ottilie\nPim ♥ Bex".
        listed: list[str] = []
        for line in block.spans[index + 1 :]:
            if line in busy or not _only_players(block, line):
                break
            listed += [x.value for x in _named(block, line, voice, ability, besides)]
        if listed:
            return list(dict.fromkeys(listed))
    after = block.spans[index + 1 : index + 3]
    before = list(reversed(block.spans[max(0, index - 2) : index]))
    # "Rin-chan. That's my vote.": what "that" points back to is said before it.
    points_back = _POINTS_BACK.search(text, max(clause.start, m.start - 40), m.start)
    around = [*before, *after] if points_back else [*after, *before]
    if not several and _offered_after(block, after, busy):
        raise Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)  # "house search... Mango? Ivy?"
    for near in around:
        if near in busy:
            continue  # a sentence with an order of its own
        named = [x for x in _named(block, near, voice, ability, besides) if not _told_of(block, x)]
        if named:
            if _asks_around(block, sentence, busy):
                # "the spare revolver in the drawer. Lua seems decent. Would it be smart to
                # give it to her, GM?": an order put together from sentences, one of which
                # asks the GM whether to do it, is that question.
                raise Refusal(say("reading.asks_the_gm"), Kind.QUESTION)
            return _chosen(block, named, several, near, voice, ability, besides)
    raise Refusal(say("reading.names_no_player"), Kind.NO_TARGET)


# What stands between a player and a deed of their own: an apposition ("Brackenfold, that
# scowling cop,\nhas never thanked me"), spaces.
_BEFORE_OWN_DEED = lazy_compile(r"(?:\s*,[^,.!?\n]{1,40},\s+|[ \t]+)")
# A habit: "always heals", "never says thanks", "has never thanked me", "keeps voting".
_HABIT = lazy_compile(
    r"(?:(?:has|had|does|did)\s+)?(?:always|never|usually|often|constantly|sometimes|rarely"
    r"|keeps)\s+[^\W\d_]",
    re.IGNORECASE,
)


def _told_of(block: Block, x: Mention) -> bool:
    """Whether the player ``x``, named in a sentence around an order word that names no one,
    does a deed of their own there, a habit or an ability ("The kill matters more tonight.
    Ferris always heals", "I heal, I've healed. Lynz never says thanks", "Tansy heals
    people"): what they do is told, and they are no target offered. What they are or did
    once ("Kasimir is the Cop", "Lynz claimed doc") is a reason, and they stay one."""
    gap = _BEFORE_OWN_DEED.match(block.text, x.end)
    if gap is None:
        return False
    at = gap.end()
    if _HABIT.match(block.text, at):
        return True
    return any(y.start == at and y.kind == ABILITY for y in block.found)


def _asks_around(block: Block, sentence: Span, busy: set[Span]) -> bool:
    """Whether a sentence of the block after ``sentence``, with no order of its own, asks
    the GM whether to do something ("would it be smart to ...", "should I ...")."""
    if block.asking is None:
        # The sentences that ask, found once per block (read for each order put together).
        block.asking = [span for span in block.spans if block.layout.said(span).asking]
    return any(span.start > sentence.start and span not in busy for span in block.asking)


def _not_of_others(block: Block, named: list[Mention], ability: str) -> list[Mention]:
    """The players of a sentence that are not in the clause of another order the sender
    gives in it: "The wristwatch goes to Mycroft, and young Verity may borrow the bow-tie"
    lends the watch to Mycroft alone."""
    others = [
        x.start
        for x in block.found
        if x.start in block.ordering and x.start != block.now and ability not in x.value
    ]
    if not others or len(named) < 2:
        return named
    kept = []
    for x in named:
        clause = block.layout.clause(x.start)
        if not clause.start <= block.now < clause.end and any(
            clause.start <= at < clause.end for at in others
        ):
            continue
        kept.append(x)
    return kept or named


def _whose(block: Block, pronoun: Mention) -> bool:
    """Whether a pronoun says whose the thing of the order word right after it is ("Old Tom
    loads his revolver"), and so names nobody the order falls on."""
    at = bisect.bisect_right(block.layout.found_starts, pronoun.start)
    after = block.found[at] if at < len(block.found) else None
    return (
        after is not None
        and after.kind == ABILITY
        and not block.text[pronoun.end : after.start].strip()
        and whose(pronoun, after)
    )


def _only_players(block: Block, line: Span) -> bool:
    """Whether a line holds players and nothing but the marks that join them ("Rook ♥
    Ottilie", "Wren + Brisk", "Tomo and Léa")."""
    text, at, any_player = block.text, line.start, False
    rest = []
    for x in block.found:
        if x.kind != PLAYER or not line.start <= x.start < line.end:
            continue
        rest.append(text[at : x.start])
        at, any_player = x.end, True
    rest.append(text[at : line.end])
    return any_player and all(_JOINS.fullmatch(r) for r in rest)


def _offered_after(block: Block, lines: list[Span], busy: set[Span]) -> bool:
    """Whether the two lines after an order's word each name only a player, two players in
    all: two choices offered for it ("house search... Mango? Ivy?")."""
    if len(lines) < 2 or any(line in busy or not _only_players(block, line) for line in lines):
        return False
    return len({x.value for x in block.found if x.kind == PLAYER and lines[0].start <= x.start
                < lines[1].end}) > 1  # fmt: skip


def offered_players(block: Block) -> bool:
    """Whether a clause of the block is only two players or more offered as a choice:
    "north or Tea Time...", "Mango / Ivy?", "Abs / Miaka, either is fine by me"."""
    text, layout = block.text, block.layout
    players = [x for x in block.found if x.kind == PLAYER]
    for first, second in itertools.pairwise(players):
        if first.value == second.value or not _CHOICE.match(text[first.end : second.start]):
            continue
        clause = layout.clause(first.start)
        if second.end > clause.end:
            continue
        inside = [x for x in block.found if clause.start <= x.start < clause.end]
        if any(x.kind != PLAYER for x in inside):
            continue
        gaps = [text[a.end : b.start] for a, b in itertools.pairwise(inside)]
        edges = [text[clause.start : inside[0].start], text[inside[-1].end : clause.end]]
        if all(_OFFERED.fullmatch(g) for g in [*gaps, *edges]):
            return True
    return False


def offered_between(block: Block, targets: tuple[str, ...]) -> tuple[str, str] | None:
    """Two of an order's targets written with "or" between them ("i want protect Onigiri or
    Lantern tonight"), or None: a choice offered, not a list ("Disguise: A / B / C")."""
    named = [x for x in block.found if x.kind == PLAYER and x.value in targets]
    for first, second in itertools.pairwise(named):
        between = _OR_BETWEEN.fullmatch(block.text, first.end, second.start)
        if first.value != second.value and between is not None:
            return first.value, second.value
    return None


_OR_BETWEEN = lazy_compile(r"\s*,?\s*or(?:\s+(?:maybe|else|perhaps))?\s+", re.IGNORECASE)


# What may stand around players offered as a choice: marks, "or", "either", "maybe".
_OFFERED = lazy_compile(r"(?:[\W_]|(?<![\w'’])(?:or|either|maybe|else)(?![\w'’]))*", re.IGNORECASE)


# What joins the players of a list line: marks, "and", "with", "x", "&".
_JOINS = lazy_compile(r"(?:[\W_]|(?<![\w'’])(?:and|with|x|y)(?![\w'’]))*")


_POINTS_BACK = lazy_compile(POINTS_BACK, re.IGNORECASE)


# "myself" after what one does, not whom: "I'll do the killing myself", "handle it myself".
# The object of a deed that is anyone at all: "heal people", "protect everybody".
_GENERIC_OBJECT = lazy_compile(
    r"[ \t]+(?:(?:on|for|at)[ \t]+)?(?:people|ppl|peeps|folks?|every(?:one|body)"
    r"|any(?:one|body)|some(?:one|body)|who(?:m)?ever|others|players|strangers|randoms"
    # ... or no one at all: "I protect nobody" names none, whoever the sentence names.
    r"|nobody|no[- ]?one(?!\s+(?:but|other|except)\b))"
    r"(?![\w'’])",
    re.IGNORECASE,
)
_EMPHATIC = lazy_compile(r"\b(?:do|does|doing|handle|handling|it|deed|job)\b", re.IGNORECASE)
# An ability's idiom that holds its own object ("pull the trigger", "take the shot"): a
# "myself" after it is said for emphasis, not as the target ("I'll pull the trigger myself").
_HOLDS_OBJECT = lazy_compile(r"\b(?:the|a|an|my)\s+\w+\W*$", re.IGNORECASE)
# "The kill's mine": whose the deed is, said of it, not whom it falls on.
_IS_MINE = lazy_compile(r"(?:(?<=['’]s)|\s+(?:is|will\s+be))\s+(?:all\s+)?", re.IGNORECASE)
# ... but after "to"/"on"/"for" it is whom it goes to: "give the revolver to myself".
_TO_WHOM = lazy_compile(r"\b(?:to|on|for|at)\s+$", re.IGNORECASE)


# What makes a player named beside the target a second choice: "Parkur is the backup",
# "Abs is fine too", "or Miaka".
_HEDGE_BESIDE = lazy_compile(
    r"\b(?:or|either|else|otherwise|instead|alternatively|alternative|backup|back-up|sub"
    r"|substitute|fine|ok(?:ay)?|acceptable|works|also|too)\b",
    re.IGNORECASE,
)
# What a player named after it is excluded by: "not Lynz", "rather than Miaka", "except Abs",
# "instead of the usual Lynz", "not my usual target Lynz".
_EXCLUDED_BEFORE = phrases.gated(
    r"(?:\bnot|\bthan|\bexcept|\binstead\s+of|\bbut\s+not|\bno|\bin\s+preference\s+to|\bin\s+lieu\s+of"
    r"|\bas\s+opposed\s+to)"
    r"(?:\s+(?:the|my|our|usual|normal|regular|nightly|typical|same|old|target|pick|choice)\b)*"
    r"\s*$",
    re.IGNORECASE,
)


# Whom an order falls on, left to others: "whoever Lynz votes", "the one who Abs picks".
_WHOEVER = phrases.gated(
    r"\b(?:whoever|whomever|whichever|whatever|the\s+one\s+(?:who|that)|anyone\s+who)\b[^.!?]*$",
    re.IGNORECASE,
)
_THIRD_PERSON_VERB = lazy_compile(r"\w+(?<!s)s\b|does\b|is\b|has\b", re.IGNORECASE)
# The words said of the one an order falls on: "Søren sleeps with the fishes", "Léa dies".
_FALLS_ON = lazy_compile(r"(?:dies|sleeps|goes\s+down|gets|is\s+getting)\b", re.IGNORECASE)


def _between(text: str, first: Mention, second: Mention) -> str:
    a, b = sorted((first, second), key=lambda x: x.start)
    return text[a.end : b.start]


def _named(
    block: Block, span: Span, voice: Voice, ability: str, besides: str | None = None
) -> list[Mention]:
    """The players ``span`` names as targets: not the sender, not a player excluded ("not
    Lynz", "rather than Miaka"), not one whose something else is meant ("Abs's gun")."""
    text = block.text
    possessed = _possessed(block.words, ability)
    named = []
    found = block.found
    told: list[tuple[int, int]] | None = None  # the asides that tell what was done
    for i, x in enumerate(found):
        if x.kind != PLAYER or not span.start <= x.start < span.end:
            continue
        if x.value in (voice.sender, besides):
            continue
        if "(" in text[span.start : x.start]:
            if told is None:
                told = [
                    (a, b)
                    for a, b in asides(text)
                    if a > span.start
                    and _TOLD.search(text, a, b)
                    and not _ASIDE_OFFERS.search(text, a, b)
                ]
            if any(a <= x.start < b for a, b in told):
                # "Slander Parkur (Miaka questioned him earlier)": a remark after the order
                # tells what was done; whom it names is no target.
                continue
        if _EXCLUDED_BEFORE.search(text, max(0, x.start - 40), x.start):
            continue
        own = block.layout.clause(x.start)
        if not own.start <= block.now < own.end and anothers_deed(block.layout, x, voice, ability):
            # "Moonpie heals Calla, Tamsin protects Gus, and I first-aid Perpetua": the
            # players of another clause that tells someone else's deed are theirs.
            continue
        if _WHOEVER.search(text, max(0, x.start - 24), x.start) and not (
            block.words is not None and block.words.does.get(ability) == vocab.GUARD
        ):
            # "Vote whoever Lynz votes": Lynz is not the one voted for (but a guard against
            # "anyone who goes for Mango" guards Mango)
            continue
        after = found[i + 1] if i + 1 < len(found) else None
        if (
            after is not None
            and after.kind == ABILITY
            and not text[x.end : after.start].strip()
            and _THIRD_PERSON_VERB.match(after.text)
            and not _FALLS_ON.match(after.text)
            and not (after.text[:1].isupper() and not after.text.isupper())
        ):
            continue  # "Abs kills Kleene": Abs does it (but "Søren sleeps with the fishes")
        mark = grammar.POSSESSIVE.match(text, x.end)
        if mark is not None:
            noun = text[mark.end() :]
            if (
                noun[:1].isspace()
                and noun.strip()[:1].isalnum()
                and not _IS_DOING.match(noun)
                and not _ELIDED.match(noun)
            ):
                said = possessed.match(noun) if possessed is not None else None
                if (
                    said is None
                    and not block.owner_named
                    and not _ON_BEHALF.match(noun)
                    and not _its_own_word(block, i, mark.end(), ability, span)
                ):
                    continue  # "Protect Abs's gun": Abs's gun is not Abs
        named.append(x)
    return named


# A word of the past, which makes an aside a story of what was done: "questioned", "talked",
# "knew", "said".
_TOLD = lazy_compile(
    r"(?<![\w'’])(?:[^\W\d_]{3,}ed|was|were|had|did|said|told|knew|spoke|met|saw|sent|got"
    r"|already|earlier|yesterday)(?![\w'’])",
    re.IGNORECASE,
)
# What makes an aside a target offered, whatever its tense: "(backup: Ember if Grit's
# lynched)", "(or Miaka, if she's arrested)".
_ASIDE_OFFERS = lazy_compile(
    r"(?<![\w'’])(?:if|unless|in\s+case|backup|back-up|alternatively|otherwise|instead|or"
    r"|also|too|plus)(?![\w'’])",
    re.IGNORECASE,
)
# The nouns after "X's" that stand for X whatever the order: "on Hobb's behalf", "for Abs's
# sake".
_ON_BEHALF = lazy_compile(r"\s+(?:behalf|sake)(?![\w'’])", re.IGNORECASE)
# A reflexive after the sender's own name: "Rain herself" is the sender, as a target.
_REFLEXIVE = lazy_compile(r"\s+(?:him|her|them|my|your|it)sel(?:f|ves)(?![\w'’])", re.IGNORECASE)
# A word after "X's" that is no noun of X's: the noun left out, X's place ("round to Ashby's
# tonight", "over at Kleene's for the night").
_ELIDED = lazy_compile(
    r"\s+(?:tonight|tonite|today|tomorrow|now|again|instead|too|this|for|on|at|in|to|and|but"
    r"|or|with|please|first|later|then|after|before|while|until|so)(?![\w'’])",
    re.IGNORECASE,
)
# The "'s" of "is" before a verb's "-ing" ("Isla's gettin' my charm"), not a possessive.
_IS_DOING = lazy_compile(r"\s+[^\W\d_]+(?:ing|in['’])(?![\w'’])", re.IGNORECASE)


def _its_own_word(block: Block, i: int, at: int, ability: str, span: Span) -> bool:
    """Whether the noun after the possessive of the player ``block.found[i]`` is a word of
    ``ability`` itself, and no other player is named after it: "take Brannagh's testimony",
    "Kleene's protection" is the ability done to the player (but in "using Ferro's slander on
    Délia" the slander is Ferro's, done to Délia)."""
    found = block.found
    after = found[i + 1] if i + 1 < len(found) else None
    return (
        after is not None
        and after.kind == ABILITY
        and ability in after.value
        and not block.text[at : after.start].strip()
        and not any(
            m.kind == PLAYER and after.end <= m.start < span.end for m in found[i + 2 : i + 8]
        )
    )


def _possessed(words: vocab.Words | None, ability: str) -> re.Pattern[str] | None:
    """The nouns after "X's" that stand for X in an order of ``ability`` ("Kleene's life",
    "Ingrid's grave"), as the family declares them."""
    if words is None:
        return None
    said = words.possessed.get(ability)
    if not said:
        return None
    found = _POSSESSED.get(said)
    if found is None:
        found = _POSSESSED[said] = re.compile(grammar.possessed_noun(said), re.IGNORECASE)
    return found


_POSSESSED: dict[str, re.Pattern[str]] = {}


def _antecedent(block: Block, clause: Span, pronoun: Mention, voice: Voice) -> str:
    """The one player a pronoun stands for: named before it, in the nearest sentence that
    names anyone. A player named only as what another deed was done to ("the twig kill",
    "Kleene's murder") is no antecedent; of several, the one the sentence opens with (its
    subject: "fennel has been smug about the twig kill. HS him") is; else it is refused."""
    before = [
        x
        for x in block.found
        if x.kind == PLAYER and x.end <= clause.start and x.value != voice.sender
    ]
    if before:
        last = block.layout.sentence(before[-1].start)
        named = [x for x in before if last.start <= x.start]
        players = list(dict.fromkeys(x.value for x in named if not _of_a_deed(block, x)))
        if len(players) == 1:
            return str(players[0])
        opening = block.text[last.start : named[0].start]
        joined = len(named) > 1 and _JOINED.fullmatch(block.text[named[0].end : named[1].start])
        if (
            len(players) > 1
            and players[0] == named[0].value
            and not opening.strip(" \t\n-*>")
            and not joined
        ):
            return str(players[0])  # its subject (but "Abs and Miaka are BO": two)
    raise Refusal(say("reading.pronoun", written=pronoun.text), Kind.NO_TARGET)


_JOINED = lazy_compile(r"\s*(?:,|&|\+|/|and|or)\s*", re.IGNORECASE)


def _of_a_deed(block: Block, x: Mention) -> bool:
    """Whether a player is named as what a deed was done to, right before its word: "the
    twig kill", "Kleene's murder"."""
    i = block.found.index(x)
    after = block.found[i + 1] if i + 1 < len(block.found) else None
    if after is None or after.kind != ABILITY:
        return False
    between = block.text[x.end : after.start]
    if re.fullmatch(r"['’]s?\s*", between):
        return True  # "Kleene's murder"
    return (
        not between.strip()
        and _DEED_DETERMINER.search(block.text, max(0, x.start - 12), x.start) is not None
        and _PAST_OR_DOES.match(after.text) is None
    )  # "the twig kill" (but "Abs voted me": Abs did it)


_DEED_DETERMINER = lazy_compile(r"(?<![\w'’])(?:the|that|this|a)\s+$", re.IGNORECASE)
_PAST_OR_DOES = lazy_compile(r"\w+(?:ed|s)\b", re.IGNORECASE)


def _chosen(
    block: Block,
    named: list[Mention],
    several: bool,
    sentence: Span,
    voice: Voice,
    ability: str,
    besides: str | None = None,
) -> list[str]:
    if not several:
        named = _corrected(block, named)
    players = list(dict.fromkeys(x.value for x in named))
    if several:
        return players
    for first, second in itertools.pairwise(named):
        if first.value != second.value and _CHOICE.match(block.text[first.end : second.start]):
            raise Refusal(
                say("reading.two_choices_between", first=first.value, second=second.value),
                Kind.TWO_CHOICES,
            )
    target, last = players[0], named[0]
    for other in _named(block, sentence, voice, ability, besides):
        if other.value == target:
            continue
        if other.start >= last.end and _corrects(block, last, other):
            target, last = other.value, other  # "steal from Ho— no wait, from Bell"
            continue
        clause = block.layout.clause(other.start)
        said = block.text[clause.start : clause.end]
        if any(clause.start <= at < clause.end for at in block.ordering if at != block.now):
            continue  # "... and my lucky charm goes to Ash": another order's target
        if clause != block.layout.clause(block.now) and any(
            sentence.start <= at < sentence.end for at in block.ordering if at != block.now
        ):
            continue  # "with Mei Mei (accompany) - and ...": the other order of the sentence
        if gives_reason(block.text, sentence, clause):
            continue  # "vote Mochi, because he pushed the lynch on Fenn": a reason told
        if _TOLD_DONE.match(block.text, clause.start, other.start):
            continue  # "interrogate Brick - she pushed the Rook lynch": what was done, told
        if other.value in block.gone and target not in block.gone:
            continue  # "For Gale, I'll carry on her work: heal Isla": the dead are no choice
        if (
            other.note
            and not named[0].note
            and not _HEDGE_BETWEEN.search(block.text, named[0].end, other.start)
        ):
            # "Tugging on Jib's face today — mask or not?": a word read loosely as a name
            # ("mask" for Mast), offered as no choice, is no second target beside one
            # written whole.
            continue
        if _HEDGE_BESIDE.search(said) or not (block.grammar and is_statement(said, block.grammar)):
            raise Refusal(
                say("reading.names_two", target=target, other=other.value), Kind.TWO_CHOICES
            )
    return [target]


def _corrected(block: Block, named: list[Mention]) -> list[Mention]:
    """The players of a one-target order, a player corrected by the next one left out: the
    later one stands ("steal from horatio— no wait, from Bellwether", "heal Abs, sorry, I
    mean Pip"), as a phase corrected does (``_query_phase``)."""
    kept = named[:1]
    for x in named[1:]:
        if x.value != kept[-1].value and _corrects(block, kept[-1], x):
            kept[-1] = x
        else:
            kept.append(x)
    return kept


def _corrects(block: Block, before: Mention, x: Mention) -> bool:
    """Whether the player ``x`` corrects the player ``before`` it: only a correction's words
    stand between them, and nothing is said of ``x`` after it in its clause ("wait, Bell
    claimed cop" tells of Bell)."""
    clause = block.layout.clause(x.start)
    return (
        _CORRECTS.fullmatch(block.text, before.end, x.start) is not None
        and _APOLOGY.search(block.text, before.end, x.start) is None
        and CORRECTION_END.fullmatch(block.text, x.end, max(x.end, clause.end)) is not None
    )


# All that stands between a player and the one that corrects it: a correction's words, a "no"
# before them, and the order's preposition again ("— no wait, from", ", sorry, I mean").
# ("sorry Pip", with no mark between, is an apology to Pip and corrects nothing.)
_CORRECTS = lazy_compile(
    rf"[\s,;:.!…—–-]*(?:(?:no|nah)[\s,.!…—–-]+)?(?:{'|'.join(phrases.CORRECTION)})"
    r"(?:[\s,;:.!…—–-]+(?:i\s+mean(?:t)?|rather)?)?[\s,;:.!…—–-]*"
    r"(?:(?:from|on|to|at|for|against|with)\s+)?",
    re.IGNORECASE,
)
# What may follow the player a correction names, in its clause: "instead", "I mean", a mark.
CORRECTION_END = lazy_compile(
    r"[\W_]*(?:(?:instead|i\s+mean(?:t)?|then|lol)(?![\w'’])[\W_]*)?", re.IGNORECASE
)
_APOLOGY = lazy_compile(r"(?<![\w'’])sorry\s+$", re.IGNORECASE)


# A word between two players that offers the second as a choice.
_HEDGE_BETWEEN = lazy_compile(
    r"(?<![\w'’])(?:or|either|maybe|perhaps|instead|otherwise|else)(?![\w'’])|/", re.IGNORECASE
)


def _players_after(block: Block, m: Mention) -> bool:
    sentence = block.layout.sentence(m.start)
    return any(x.kind == PLAYER and m.end <= x.start < sentence.end for x in block.found)


def _role_near(block: Block, m: Mention, voice: Voice) -> str | None:
    """The role named nearest after ``m`` in the block, else before it; refused as two
    choices when it is offered with another ("He's Vigilante or Cop, one of the two"); a role
    that speaks ("Ayumi says so", "Conan thinks he's Gin") is who gives the guess, not the
    guess, and so is the sender's own role beside another ("Tatu = Vodka. identify!! (Genta,
    for the group)"): it signs the order, and no order asks about the sender's own role."""
    text = block.text
    roles = [x for x in block.found if x.kind == ROLE and not _SPEAKS.match(text, x.end)]
    others = [x for x in roles if str(x.value).casefold() not in voice.names]
    roles = others if others else roles
    after = [x for x in roles if x.start >= m.end]
    pick = after[0] if after else roles[-1] if roles else None
    if pick is None:
        return None
    at = roles.index(pick)
    pairs = [(roles[at - 1], pick)] if at > 0 else []
    pairs += [(pick, roles[at + 1])] if at + 1 < len(roles) else []
    for first, second in pairs:
        between = block.text[first.end : second.start]
        if (
            first.value != second.value
            and _OFFERED.fullmatch(between)
            and _HEDGE_BETWEEN.search(between)
        ):
            raise Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)
    return str(pick.value)


def _phase_near(block: Block, m: Mention, reader: Reader, after: int = -1) -> str | None:
    phases = [x for x in block.found if x.kind == PHASE]
    if not phases:
        return None
    later = [x for x in phases if x.start >= after] if after >= 0 else []
    pick = later[0] if later else next((x for x in phases if x.start >= m.end), phases[-1])
    when, _ = reader.phase(pick.text)
    return str(when) if when is not None else None


def _kind_of(block: Block, kinds: tuple[tuple[str, re.Pattern[str]], ...]) -> str:
    """What an order of the KIND shape learns, of the ``kinds`` its family declares (an
    observation: the age or the gender), not one the message excludes ("the gender, not the
    age"); two asked, none named (the rules say whether it must choose)."""
    text = block.text

    def said(pattern: re.Pattern[str]) -> bool:
        return any(
            not _NOT_BEFORE.search(text, max(0, x.start() - 12), x.start())
            for x in pattern.finditer(text)
        )

    named = [kind for kind, pattern in kinds if said(pattern)]
    return named[0] if len(named) == 1 else ""


def _killer(block: Block, m: Mention, voice: Voice, reader: Reader) -> str | None:
    """The member a leader names to carry out the kill: the one a kill word is said of in the
    third person, by name or by role ("Kestrel does the shooting tonight", "Miaka pulls the
    trigger", "Korn takes the shot at Kettle")."""
    if block.killer is None:
        block.killer = (_killer_in(block, voice, reader),)
    return block.killer[0]


def _killer_in(block: Block, voice: Voice, reader: Reader) -> str | None:
    for x in block.found:
        if x.kind != ABILITY or reader.grammar.carried_out.isdisjoint(x.value):
            continue
        who = doer(block.layout, x, voice)
        if who is None or _WISHED.search(block.text, who.end, x.start):
            continue  # "Rin-chan wants to kill Fern": a member's wish told, no one named
        if ON_SENDER.match(block.text, x.end) or (
            stance(block.layout, x, block.found, voice, named_doer=True) is not None
        ):
            # "Pan Pan whacked me last game", "Ruth did the honours last night": a deed told,
            # done to the sender or done before, names no one to carry out tonight's kill.
            continue
        if who.kind == PLAYER and who.value != voice.sender:
            return str(who.value)
        if who.kind == ROLE:
            member = _member_as(reader, str(who.value))
            if member is not None and member != voice.sender:
                return member
    return None


# A wish or a word told between a member and the kill: "wants to", "would like to", "said
# he'd", "thinks we should" (the leader reports it; naming the killer is "X does it").
_WISHED = lazy_compile(
    r"(?<![\w'’])(?:wants?|wanted|wanna|would\s+(?:like|love|rather)|['’]d\s+(?:like|love|rather)"
    r"|wish(?:es|ed)?|hopes?|hoped|prefers?|preferred|suggest(?:s|ed)?|propos(?:es|ed)"
    r"|thinks?|thought|says?|said|asked|begs?|begged|insists?|insisted|itching|dying"
    r"|keeps?\s+(?:saying|asking|pushing))(?![\w'’])",
    re.IGNORECASE,
)


# A role as the subject of a word said or believed: the one who gives a guess.
_SPEAKS = lazy_compile(
    r"\s+(?:(?:also|too|even)\s+)?(?:says?|said|thinks?|thought|reckons?|reckoned|believes?"
    r"|believed|agrees?|agreed|suggest(?:s|ed)?|insists?|insisted|claims?|claimed|swears?|swore"
    r"|guess(?:es|ed)|bets|tells?|told|wants?|wanted|figures?|figured)(?![\w'’])",
    re.IGNORECASE,
)


def _member_as(reader: Reader, role: str) -> str | None:
    """The free player of the sender's side who holds ``role`` (the Black Org know each
    other's roles: "Korn takes the shot" names the member who is Korn)."""
    state = reader.state
    if reader.author not in state.players:
        return None
    side = state.side(reader.author)
    found = [
        name
        for name, player in state.players.items()
        if player.role.casefold() == role.casefold() and player.is_free and state.side(name) == side
    ]
    return found[0] if len(found) == 1 else None


def _crime(
    ability: str, title: str, m: Mention, block: Block, reader: Reader, voice: Voice
) -> PlainOrder:
    """ "Arrest X for killing Y on Night 1", "Blame X for killing Y", from wherever the block
    says the crime, its victim and its phase."""
    text, found = block.text, block.found
    crime = None
    starts = [x.start() for x in re.finditer(r"(?<![\w'’])\w", text)]
    # The crime said after the order's word, nearest first ("blame him for killing Marisol"),
    # else the nearest before it; only then a typo of one ("intimidatting").
    starts = [s for s in starts if s >= m.end] + [s for s in reversed(starts) if s < m.start]
    for match in (reader.grammar.crime_patterns.match, reader.grammar.match_crime):
        for start in starts:
            hit = match(text[start:])
            if hit is not None and hit[0] != ability:
                crime = (hit[0], start, start + hit[1])
                break
        if crime is not None:
            break
    if crime is None:
        # Each order that names a crime says what it names in its own template
        # ("reading.arrest_crime": its crime, its victim and the crime's phase).
        raise Refusal(say(f"reading.{ability}_crime", ability=title), Kind.MISSING_DETAIL)
    kind, c_start, c_end = crime
    noun = reader.grammar.words.crime_nouns.get(kind, kind)
    victim = None
    if kind in reader.grammar.role_crimes:
        role = next((x for x in found if x.kind == ROLE), None)
        victim = str(role.value) if role else None
    else:
        after = [x for x in found if x.kind == PLAYER and x.start >= c_end]
        word = _NEXT_WORD.match(text, c_end)
        named_next = word and (
            any(x.start == word.start(1) for x in found if x.kind in (PLAYER, PHASE, SELF))
            or word.group(1).casefold() in _NOT_A_VICTIM
        )
        # "for killing Kleo on N1": a victim written, and no player of that name.
        written = word and not named_next and not (after and after[0].start - c_end < 40)
        victim = None if written else _victim(block, c_start, c_end)
        if victim is None and c_start >= m.end:
            # "Abs killed Kleene on N1. Arrest Abs for that murder": the crime named again
            # after the order's word is the one told before it, with that telling's victim.
            for start in (s for s in starts if s < m.start):
                hit = reader.grammar.crime_patterns.match(text[start:])
                told = _victim(block, start, start + hit[1]) if hit and hit[0] == kind else None
                if told is not None:
                    victim, crime = told, (kind, start, start + hit[1])
                    break
        if victim is None and written:
            raise Refusal(say("reading.no_player", written=word.group(1)), Kind.NO_TARGET)
    accused = [x for x in found if x.kind == PLAYER and x.value not in (victim, voice.sender)]
    for first, second in itertools.pairwise(accused):
        if first.value != second.value and _CHOICE.match(text[first.end : second.start]):
            raise Refusal(
                say("reading.two_choices_between", first=first.value, second=second.value),
                Kind.TWO_CHOICES,
            )
    target = None
    if accused:
        # The one accused in the order's own sentence ("Frost has tonight's kill. Pin it on
        # Nadia"), else the nearest after its word.
        sentence = block.layout.sentence(m.start)
        own = [x for x in accused if sentence.start <= x.start < sentence.end] or accused
        near = [x for x in own if x.start >= m.end] or own
        target = str(near[0].value)
    else:
        pronoun = next((x for x in found if x.kind == PRONOUN), None)
        if pronoun is None:
            raise Refusal(say("reading.names_the_player", ability=title), Kind.NO_TARGET)
    if target is None:
        raise Refusal(say("reading.names_the_player", ability=title), Kind.NO_TARGET)
    plain = f"{title} {target} for {noun}"
    if victim:
        plain += f" {victim}"
    if ability in reader.grammar.dated:
        # The phase of the crime: the one named after the crime's word ("Charge: frightening
        # Léa, last night"), else the one nearest the order's word.
        when = _phase_near(block, m, reader, after=crime[1])
        if when:
            plain += f" on {when}"
    return plain


def _victim(block: Block, c_start: int, c_end: int) -> str | None:
    """The victim of the crime said at ``c_start:c_end``: the player just after it ("killing
    Kleene"), the one whose crime it is written as ("Tanuki's murder", "the Kleene kill"), else
    the first player after it in its own sentence (not a later one)."""
    text, found = block.text, block.found
    after = [x for x in found if x.kind == PLAYER and x.start >= c_end]
    before = [x for x in found if x.kind == PLAYER and x.end <= c_start]
    if after and after[0].start - c_end < 40:
        return str(after[0].value)
    if before and re.match(r"^['’]s?\s*$|^\s*$", text[before[-1].end : c_start]):
        return str(before[-1].value)
    if after and after[0].start < block.layout.sentence(c_start).end:
        return str(after[0].value)
    return None


# The word after a crime's on its line, when it is no victim's name (a form's next line,
# "Phase: ??", is another field).
_NEXT_WORD = lazy_compile(r"[^\S\n]*([^\W_][\w'’.-]*)")
_NOT_A_VICTIM = frozenset(
    {"on", "during", "in", "at", "last", "the", "a", "of", "yesterday", "tonight", "today",
     "night", "day", "prep", "two", "him", "her", "them", "it", "someone", "and", "with"}
)  # fmt: skip


def _queries(block: Block, m: Mention, reader: Reader) -> list[str]:
    """The actions an investigation asks about, wherever the block says them: "A kills B",
    "did A kill B", "was it A who healed B", "A healing B - true or false"."""
    text, found = block.text, block.found
    asked: list[str] = []
    players = [x for x in found if x.kind == PLAYER]
    player_starts = [x.start for x in players]
    phases = [x for x in found if x.kind == PHASE]
    named = [x for x in found if x.kind in (PLAYER, PRONOUN)]
    for i, (first, second) in enumerate(itertools.pairwise(named)):
        if first.kind != PLAYER:
            continue
        between = text[first.end : second.start]
        if "\n" in between or first.end <= m.start < second.start:
            # (The order's own word between them is no action asked about: "I staked out
            # Mochi, so I'd like to follow up on whether Quill killed Mochi".)
            continue
        verb = _verb_in(reader.grammar, between)
        if verb is None:
            continue
        subject, obj = first.value, second.value
        if second.kind == PRONOUN:
            # "did Elk. heal her", "was it Lotus who healed her": the player named before
            # the one asked about.
            obj = next((x.value for x in reversed(named[:i]) if x.kind == PLAYER
                        and x.value != subject), None)  # fmt: skip
            if obj is None:
                continue
        elif _PASSIVE.search(between):
            subject, obj = obj, subject  # "whether Bo is killed by Ingrid"
        query = f"{subject} {reader.grammar.query_verb(verb)} {obj}"
        later = bisect.bisect_right(player_starts, second.end)
        end = player_starts[later] if later < len(player_starts) else len(text)
        when = _query_phase(block, phases, second.end, end)
        if when is not None:
            query += f" {when.text}"
        if query not in asked:
            # "did Abs go after Kleene? investigate whether Abs kills Kleene": the same action
            # told again, in other words, is one query (one written twice in a list stays).
            asked.append(query)
    if not asked:
        raise Refusal(
            say("reading.investigate_action"),
            Kind.MISSING_DETAIL if players else Kind.NO_TARGET,
        )
    return asked


# The action of a query in the passive: "Bo is killed by Ingrid", "Kelp was healed by Lotus".
_PASSIVE = lazy_compile(
    r"(?<![\w'’])(?:is|was|were|are|be|been|being|gets?|got|getting)\s+(?:\w+\s+){0,2}?"
    r"\w+\s+by\s*$",
    re.IGNORECASE,
)
_CORRECTED = lazy_compile(
    rf"(?<![\w'’])(?:{'|'.join(phrases.CORRECTION)})(?![\w'’])", re.IGNORECASE
)


def _query_phase(block: Block, phases: list[Mention], start: int, end: int) -> Mention | None:
    """The phase a query names after its action (of ``phases``, the block's, the one between
    ``start`` and ``end``, where the next query begins): the first in its sentence, or a later
    one the sender corrects it to ("did Fenwick kill Lumen two nights ago... er, last night I
    mean"), each correction read between one phase and the next."""
    i = bisect.bisect_left(phases, start, key=lambda x: x.start)
    sentence = block.layout.sentence(start)
    if i >= len(phases) or phases[i].start >= end:
        return None
    if phases[i].start >= sentence.end and not _detail_next(block, sentence, phases[i]):
        return None
    when = phases[i]
    for x in phases[i + 1 :]:
        if x.start >= end or not _CORRECTED.search(block.text, when.end, x.end + 12):
            break
        when = x
    return when


def _detail_next(block: Block, sentence: Span, detail: Mention) -> bool:
    """Whether ``detail`` stands in the sentence right after ``sentence``, one that names no
    player: the detail said in its own sentence ("did Velvet Moth kill Marrow? That was the
    first night.")."""
    nxt = block.layout.sentence(detail.start)
    if nxt.start < sentence.end or block.text[sentence.end : nxt.start].strip():
        return False  # not the very next sentence
    return not any(
        x.kind in (PLAYER, PRONOUN)
        and nxt.start <= x.start < nxt.end
        and x.text.casefold() not in ("that", "it", "this")
        for x in block.found
    )


def _verb_in(g: Grammar, between: str) -> str | None:
    for word in re.finditer(r"(?<![\w'’])\w", between):
        hit = g.query_patterns.match(between[word.start() :])
        if hit is not None:
            return hit[0]
    return None
