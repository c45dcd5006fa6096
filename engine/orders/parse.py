"""From one private message to accepted orders and explained refusals.

The message is cleaned (quotes, BBCode, smilies and filler never change its meaning), cut into
fragments (``engine.orders.fragments``), each fragment is read by the reader of its keyword
(``engine.orders.dispatch``), and every order read is checked against the game (the rules
the session hands in: ``engine.orders.seam``). Nothing is guessed: a name that could be two
players, or a fragment that reads as no order, is refused with the reason and the fix.
"""

from __future__ import annotations

import re
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache, partial

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import phrases, vocab
from autogm.engine.orders.bbcode import (
    clean_and_quotes,
    forwarded_lead,
    quotes,
    struck_lines,
    text_quotes,
)
from autogm.engine.orders.chat import chat_lines_read
from autogm.engine.orders.compose import (
    CORRECTION_END,
    RIVALS,
    Block,
    Candidates,
    candidates,
    fitted,
    misspelled,
    named_by_its_word,
    offered_between,
    offered_players,
    readings,
)
from autogm.engine.orders.decision import settled
from autogm.engine.orders.defined import as_written, written_out
from autogm.engine.orders.dispatch import pronoun_corrected, read
from autogm.engine.orders.evidence import (
    ABILITY,
    COMMON,
    PLAYER,
    EvidenceTable,
    evidence_table,
    mentions,
    player_at,
)
from autogm.engine.orders.folding import distance, fold, fuzzy_limit
from autogm.engine.orders.fragments import (
    CONFIRM,
    DOUBT,
    UNSURE,
    fragments,
    is_statement,
    split_tape,
    split_will,
)
from autogm.engine.orders.grammar import Gate, Grammar, grammar_of, may_hold, stems_tell
from autogm.engine.orders.kinds import Kind, kind_of
from autogm.engine.orders.model import Order, ParsedPM, Rejection
from autogm.engine.orders.name_match import NameMatch
from autogm.engine.orders.prompts import answered
from autogm.engine.orders.reader import (
    CONDITIONAL,
    NO_KILL,
    NO_ORDER,
    NO_READERS,
    RETORT,
    SECOND_CHOICE,
    TWO_CHOICES,
    FamilyReaders,
    Guess,
    Reader,
    Refusal,
    StateMemo,
    vocabulary,
)
from autogm.engine.orders.readers.votes import Unvote
from autogm.engine.orders.repeat import repeat_asked, repeat_changed, repeated
from autogm.engine.orders.requested import plainly
from autogm.engine.orders.seam import Rules, SlotKey
from autogm.engine.orders.stance import (
    NAME_FIXED,
    NOT_NOW_OPENS,
    OF_OTHER,
    ONLY_WHETHER,
    TAG_QUESTION,
    TALK,
    Voice,
    asked_for,
    for_later,
    only_later,
    own_withdrawal,
    told_to_crowd,
)
from autogm.engine.orders.texting import emoji_stopped, texted
from autogm.engine.orders.undecided import says_none, void_undecided
from autogm.engine.render.inert import shorten
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side, Slot
from autogm.engine.state import GameState

__all__ = ["parse_pm", "vocabulary"]


# A message longer than this is not read at all (orders and wills fit in far less); the answer
# says so. Reading is linear in the length, so this bounds what one message can cost a poll.
MAX_PM_CHARS = 20_000
WILL_OPTION = "will_max_length"
# A clause that makes the order after it conditional: "If she's not available, heal Parkur".
_CONDITION = lazy_compile(
    rf"(?:if|unless|{'|'.join(phrases.PRECAUTION)}|{'|'.join(phrases.INVERTED)}"
    rf"|{'|'.join(phrases.FORMAL_CONDITION)}"
    rf"|{'|'.join((*phrases.FOREIGN_CONDITION, *phrases.SI_CONDITION))}"
    # "Should Sir Reginald claim Gin, arrest him": "should" and a name, a condition.
    r"|should\s+(?!I\b)(?-i:[A-Z])\w*)\b",
    re.IGNORECASE,
)
# A condition that conditions nothing: "if possible", "if i'm wrong, whatever".
_COURTESY = phrases.pattern(phrases.COURTESY_IF)
_ASKS_OF_IT = phrases.pattern(phrases.ASKS_OF_IT)
_ASKS_THE_GM = phrases.pattern(phrases.ASKING)
_ASKED_FIRST = phrases.pattern(phrases.ASKED_FIRST)
# A sentence that opens by holding the order before it back for a question: "I want to heal
# Abs. But first, a question: ...".
_ASKED_FIRST_OPENS = phrases.gated(
    r"[\W_]*(?:(?:but|and|though|ok(?:ay)?|so|wait|hmm+)[\W_]+)*"
    rf"(?:{'|'.join(phrases.ASKED_FIRST)})"
)
# A second choice in the sentence after an order, after a sound of hesitation if any: "Heal
# Lynz... or maybe Parkur, idk", "Kill Björn. Hmm, or Castellan?", "wait, or Lark?", "...or
# Hollis?" (a line that opens with "or" offers another, however it is led in).
_SECOND_CHOICE = lazy_compile(
    r"[\W_]*(?:(?:h+m+|u+m+|u+h+|wait|ugh+|oh|well|actually|hold\s+on)(?![\w'’])[\W_]*)*"
    rf"(?P<or>{SECOND_CHOICE})",
    re.IGNORECASE,
)
# A second choice's word alone, the fragment cut at its comma: "Alternatively,".
_SECOND_CHOICE_ALONE = phrases.gated(rf"(?:or\s+)?{SECOND_CHOICE}[\s,.:;…\-–—]*", re.IGNORECASE)
# An order ending in a pronoun, corrected in the next sentence: "heal her... Kleene I mean".
_PRONOUN_LAST = lazy_compile(
    r"\b(?:him|her|them)\W*(?:(?:i\.e|i\s+mean|that\s+is|sorry|wait)\W*)?$", re.IGNORECASE
)
# Every character a fragment matched by _SECOND_CHOICE, DOUBT or _CONDITION can start with:
# each is matched at the fragment's start, each of its words starts with a letter (a second
# choice may follow a trailing-off mark, "..." or "…"), and re's
# IGNORECASE matches a letter's two cases (and 'ı' and 'İ' to 'i'). Most fragments ("Heal
# Lynz") skip the patterns on this one test.
_SECOND_CHOICE_FIRST = "oOaAhHuUwW.…-–—"
_NOT_NOW_FIRST = "nNbBjJtT"
_DOUBT_FIRST = "iIıİnNuUdDmMpPoO"
_CONDITION_FIRST = "iIıİuUwWhHsSpPcCoOnNfFmMaA"


def _ends_in_pronoun(fragment: str) -> bool:
    """``_PRONOUN_LAST``, after the cheap test: an ASCII fragment without "him", "her" or
    "them" in any case cannot match it (the pattern's 'i' matches 'ı' and 'İ' too, so a
    fragment beyond ASCII is searched in full)."""
    if fragment.isascii():
        low = fragment.lower()
        if "him" not in low and "her" not in low and "them" not in low:
            return False
    return _PRONOUN_LAST.search(fragment) is not None


# Reads one fragment written plainly: an order, an ``Unvote``, "no_action", or None for talk;
# a ``Refusal`` says why it is none.
PlainRead = Callable[[Reader, str], "Order | Unvote | str | None"]
# Puts an order in the slot it fills (``accepted``), or answers why it cannot be given.
Take = Callable[[Reader, Order, str, dict[SlotKey, Order]], "Rejection | None"]


@dataclass(frozen=True)
class Dialect:
    """What the steps need of a family's way of writing orders: its words (``vocab``), its
    reader of plain orders, how an order is held, the shape each ability's order has, and its
    own readers of plain orders (``FamilyReaders``, for ``dispatch.read``). A family declares
    it in its package: DCTP's is ``dialect_of`` its words and readers
    (engine/families/dctp/reading/); midnight builds its own for each message
    (engine/families/midnight/reader.py)."""

    words: vocab.Words
    table: EvidenceTable
    # The reader's tables of ``words`` (``grammar.grammar_of``: built once per family).
    grammar: Grammar
    read: PlainRead
    take: Take
    shape: Callable[[str], str]
    can_send: Callable[[Reader], str]
    readers: FamilyReaders = NO_READERS
    # The family's forms written as the plain orders they give, before the message is cut
    # (DCTP's: a leader's "Killer: Static / Victim: Juno" is "Order Static to kill Juno");
    # ``str``, the text as it is: a family with no forms.
    forms: Callable[[str], str] = str
    # Whether an order word of the family stands anywhere in a text (a family whose grammar
    # has no order words, midnight's, says it from its own words); None: the grammar's.
    order_word_in: Callable[[str], bool] | None = None

    def holds_order_word(self, text: str) -> bool:
        test = self.order_word_in or self.grammar.any_order_word
        return test(text)


class Message:
    """One message being read: the reader, the fragments still to read, and what was read so
    far. The steps below (``STEPS``, ``FINISH``) read it; each is one thing a GM does."""

    def __init__(
        self,
        reader: Reader,
        pieces: list[str],
        asked: tuple[Order, ...],
        text: str,
        dialect: Dialect,
    ) -> None:
        self.reader = reader
        self.dialect = dialect
        self.text = text  # the message as cleaned, for the reading of evidence
        self.pending = deque(pieces)
        self.asked = asked
        self.accepted: dict[SlotKey, Order] = {}
        self.rejected: list[Rejection] = []
        self.unvote = self.no_action = False
        self.condition: str | None = None  # "If she's not available," before its order
        self.condition_led_in = False  # ... after words that lead it in: "Rule: if ..."
        # The order the fragment before took: its fragment, its slot, what the slot held
        # before and how many notes there were (a withdrawn order takes its notes with it).
        self.taken: tuple[str, SlotKey, Order | None, int] | None = None
        self.last: tuple[str, SlotKey, Order | None, int] | None = None
        self.asked_last: int | None = None  # the refusal that asks back the fragment before
        # The refusal of the fragment before as a question, and of this one: a second question
        # or an "or ..." after it offers two choices ("Vote Rin? Vote Quinn?").
        self.questioned: int | None = None
        self.questioned_now: int | None = None
        # "same as last night" (and what it changes: "... but on Pip"), read once at the end.
        self.repeats: list[tuple[str, bool, str]] = []
        self.own = reader.author.casefold()
        # Whether the next fragment is the author's signature, found with the fragment before.
        self.signed_next: bool | None = None
        self.signed_this: bool | None = None
        # The order that asks about actions the author may give now ("" for none), found at
        # the first fragment with one after it (``_step_query_run``).
        self.querying: str | None = None
        # The messages it quotes: (author, words); the GM's prompts among them are context.
        self.quoted: list[tuple[str | None, str]] = []
        # The orders this message took back ("scratch that"): their fragments and the words.
        self.withdrawn: list[str] = []
        self.withdrawn_by = ""
        # The lines that strike words through, with the struck words kept ("Heal: [s]Edda[/s]"
        # is "Heal: Edda"): an order struck with nothing given in its place is answered.
        self.struck: list[str] = []
        # The orders of earlier messages this one names and takes back ("never mind the kill
        # on Birch"): each ability, and the player when it names one.
        self.taken_back: list[tuple[str, str | None]] = []
        # The votes of this message an unvote after them took back ("vote north. hmm,
        # actually, unvote"): answered as taken back when no vote stands at its end.
        self.unvoted: list[str] = []
        # Each fragment read and how: "order", "refused" (a refusal that stands), "unread"
        # (refused for want of the plain form: the evidence may still give its order),
        # "quiet" (talk, no order), "blank" (a form's field marked as not used, an edit read
        # into the fragment before: it ends a run of unread fragments), with its refusal
        # when it has one.
        self.trace: list[tuple[str, str, Rejection | None]] = []
        # The "unread" refusals of fragments read to their last word that lack a detail
        # ("Identify P21": no role): alone in their run, their evidence is the same words.
        self.read_whole: list[Rejection] = []
        # Whether a fragment may hold words that take an order back: the withdrawal steps
        # read only a message that holds a text their patterns' every match holds.
        self.withdraws = _may_withdraw(pieces)
        # Whether it may hold a change with no order before it ("make it Jd", "switch to
        # Abs"): looked for once in the message, as most hold none (``_change_alone``).
        low = text.lower()
        self.changes = "make" in low or "chang" in low or "switch" in low or "swap" in low

    def refuse(self, rejection: Rejection, how: str = "refused") -> None:
        self.rejected.append(rejection)
        self.trace.append((rejection.text, how, rejection))


# A fragment step reads a fragment, or passes it on (changed, perhaps) to the next step: it
# answers the fragment for the next step, or None when it has read it.
Step = Callable[[Message, str], str | None]


def _step_pronoun_corrected_next(msg: Message, fragment: str) -> str | None:
    """An order ending in a pronoun corrected by the next fragment ("heal her... Kleene I
    mean") is read as one; the signature test of the next fragment is made here too."""
    msg.signed_this, msg.signed_next = msg.signed_next, None
    msg.questioned, msg.questioned_now = msg.questioned_now, None
    pending, reader = msg.pending, msg.reader
    if pending:
        msg.signed_next = _signature(pending[0], msg.own)
        if not msg.signed_next and _ends_in_pronoun(fragment):
            joined = f"{fragment}{',' if fragment[-1].isalnum() else ''} {pending[0]}"
            if pronoun_corrected(reader, joined) != joined:
                msg.signed_this = msg.signed_next = None
                pending.popleft()
                return joined
    msg.last, msg.taken = msg.taken, None
    return fragment


def _step_second_choice_or_doubt(msg: Message, fragment: str) -> str | None:
    """A second choice or a doubt after an order ("Heal Lynz. Or Parkur", "Vote Abs. idk")
    withdraws it: two choices or a doubt are asked about, never guessed between."""
    reader = msg.reader
    if msg.questioned is not None and _ASKS_OF_IT.match(fragment):
        # "FA Pip tonight? or is that a waste": the same question asked again, of it.
        _asked_again(msg, fragment)
        return None
    if msg.questioned is not None and _offers_more(msg, fragment):
        # "interrogate Old Tom? or brain of the operation on him?": two choices, asked.
        _two_questions(msg, fragment)
        return None
    if (
        msg.last is not None
        and msg.pending
        and fragment[:1] in _SECOND_CHOICE_FIRST
        and _SECOND_CHOICE_ALONE.fullmatch(fragment) is not None
    ):
        # "Detect Heiji. Alternatively, first aid Perpetua.": the word cut off as a fragment of
        # its own offers what follows it.
        fragment = f"{fragment}, {msg.pending.popleft()}"
    second = (
        fragment[:1] in _SECOND_CHOICE_FIRST
        and (offered := _SECOND_CHOICE.match(fragment)) is not None
        # Another player, or another role for the order's detail ("Sweep Lumen for
        # Killer... or Agent?").
        and (
            reader.names_anyone(fragment) or reader.offers_another(fragment[offered.start("or") :])
        )
    )
    last = msg.last
    second = second or _target_beside_another(msg, fragment)
    later = (
        last is not None
        and fragment[:1] in _NOT_NOW_FIRST
        and NOT_NOW_OPENS.match(fragment) is not None
        and not reader.names_anyone(fragment)
    )
    held = last is not None and _ASKED_FIRST_OPENS.match(fragment) is not None
    retort = last is not None and _is_retort(fragment)
    # "Detain Velvet tonight. worth the risk?": whether the order is worth doing, asked.
    # ("Worth it? Absolutely." asks and answers at once: the order stands.)
    asked = last is not None and "?" in fragment and _asks_worth(msg, fragment)
    if (
        last is not None
        and not asked
        and msg.pending
        and "?" in msg.pending[0]
        and NAME_FIXED.fullmatch(fragment)
        and reader.names_anyone(fragment)
        and _asks_worth(msg, msg.pending[0], 1)
    ):
        # "protect Lakr... Lark? worth it tho?": the target's name written again between the
        # order and the question of it.
        fragment, asked = f"{fragment} {msg.pending.popleft()}", True
    if last is None or not (
        second
        or later
        or held
        or retort
        or asked
        or (fragment[:1] in _DOUBT_FIRST and DOUBT.match(fragment))
    ):
        return fragment
    # The order before is withdrawn with its notes; an earlier one for its slot stands.
    earlier_fragment, key, before, notes = last
    del reader.notes[notes:]
    order = msg.accepted.pop(key, None)
    if before is not None:
        msg.accepted[key] = before
    if later or retort:
        # "Arrest Vex for the kill on N1. not tonight, I want to see him react": the order
        # is for another phase, not this one. "Vote Haze. Yeah right, as if.": taken back.
        title = (
            reader.wording.title(order.ability, reader.state.ruleset.titles)
            if order is not None
            else say("reading.voided_order")
        )
        kind = Kind.NOT_NOW if later else Kind.WITHDRAWN
        reason = say(_VOIDED[kind], ability=title)
        msg.refuse(Rejection(f"{earlier_fragment} {fragment}", reason, kind=kind))
        return None
    joined = f"{earlier_fragment.rstrip(' .!?')}, {fragment}"
    if second and _with_substitutes(msg, joined):
        return None  # "Watch to Lynz. Or else Akai.": the rules allow alternatives there
    reason, kind = (
        (TWO_CHOICES, Kind.TWO_CHOICES)
        if second
        else (HELD_FOR_ASKING if held else UNSURE, Kind.QUESTION)
    )
    msg.refuse(Rejection(f"{earlier_fragment} {fragment}", say(reason), kind=kind))
    return None


def _target_beside_another(msg: Message, fragment: str) -> bool:
    """Whether a line after an order puts its one target beside another player with "or"
    ("heal Ines / hmm, Ines or Hollis? can't pick", "detain Dew / Pell or Dew... coin flip"):
    the order opened again between two ("Rook or nobody" names no second)."""
    if msg.last is None or " or " not in fragment.lower():
        return False
    order = msg.accepted.get(msg.last[1])
    if order is None or len(order.targets) != 1:
        return False
    named = msg.reader.names_in(fragment)
    if len(named) != 2 or order.targets[0] not in named:
        return False
    a, b = (_last_word(fragment, n) for n in named)
    if a is None or b is None:
        return False
    between = fragment[min(a[1], b[1]) : max(a[0], b[0])]
    return _OR_ALONE.fullmatch(between) is not None


# What stands between two players offered as two: "or", marks, "maybe".
_OR_ALONE = lazy_compile(r"[\s,.…]*or(?:\s+maybe|\s+perhaps)?[\s,.…]*", re.IGNORECASE)


def _asks_worth(msg: Message, fragment: str, answered_at: int = 0) -> bool:
    """Whether ``fragment`` only asks whether the order before it is worth doing ("worth the
    risk?", "is it even worth it?"), and the fragment after it (``msg.pending[answered_at]``)
    does not answer it yes ("Worth it? Absolutely.")."""
    if ONLY_WHETHER.fullmatch(fragment) is None:
        return False
    return not (len(msg.pending) > answered_at and CONFIRM.match(msg.pending[answered_at]))


def _offers_more(msg: Message, fragment: str) -> bool:
    """Whether a fragment after a question offers another choice: "or" and a player, a
    pronoun or an order's word ("or brain of the operation on him?"), not a doubt ("or
    not?")."""
    if not (fragment[:1] in _SECOND_CHOICE_FIRST and _SECOND_CHOICE.match(fragment)):
        return False
    if DOUBT.match(fragment) or _ASKS_OF_IT.match(fragment):
        return False
    found = mentions(fragment, msg.dialect.table, msg.reader.words.players, None)
    return any(m.kind in ("ability", "player", "pronoun") for m in found)


def _asked_again(msg: Message, fragment: str) -> None:
    """The question refused for the fragment before, quoted with this one, which asks it
    again."""
    assert msg.questioned is not None
    before = msg.rejected[msg.questioned]
    after = replace(before, text=f"{before.text} {fragment}")
    msg.rejected[msg.questioned] = after
    msg.trace = [(after.text, t[1], after) if t[2] is before else t for t in msg.trace]
    msg.questioned_now = msg.questioned


def _two_questions(msg: Message, fragment: str) -> None:
    """The question refused for the fragment before and this one, refused as two choices."""
    assert msg.questioned is not None
    before = msg.rejected.pop(msg.questioned)
    msg.trace = [t for t in msg.trace if t[2] is not before]
    msg.asked_last = None
    msg.refuse(Rejection(f"{before.text} {fragment}", say(TWO_CHOICES), kind=Kind.TWO_CHOICES))


def _step_condition_after(msg: Message, fragment: str) -> str | None:
    """A condition after the order before it: "Vigil on Wren — but only if she gets claimed"
    makes it conditional, and it is refused (the GM cannot know whether it holds). For an
    order that takes ordered alternatives, a condition that names the target gone and another
    player is a substitute: "Wristwatch → Sparrow. If Sparrow hangs today, Corvid gets it",
    "The suitcase goes to Pell; if Pell is gone by then, Pellucid"."""
    last = msg.last
    if last is None or fragment[:1] not in _CONDITION_AFTER_FIRST:
        return fragment
    found = _CONDITION_AFTER.match(fragment)
    if found is None or _COURTESY.match(fragment, found.start("word")):
        return fragment
    reader = msg.reader
    earlier_fragment, key, before, notes = last
    earlier = msg.accepted.get(key)
    if earlier is None:
        return fragment
    named = [n for n in reader.names_in(fragment) if n not in earlier.targets]
    if earlier.ability in msg.dialect.words.with_trait(vocab.SUBSTITUTES):
        if len(named) == 1 and earlier.targets:
            order = replace(
                earlier, targets=(*earlier.targets, named[0]), text=f"{earlier.text} {fragment}"
            )
            refused = msg.dialect.take(reader, order, order.text, msg.accepted)
            if refused is None:
                msg.trace.append((fragment, "order", None))
                return None
        return fragment
    if not found["strong"] and not _dangling_if(msg, fragment, found):
        return fragment  # "Heal Kleene. If he dies anyway, I'll be sad": a remark
    del reader.notes[notes:]
    msg.accepted.pop(key, None)
    if before is not None:
        msg.accepted[key] = before
    joined = f"{earlier_fragment.rstrip(' .!?')} {fragment}"
    msg.refuse(Rejection(joined, say(CONDITIONAL), kind=Kind.CONDITION))
    return None


def _dangling_if(msg: Message, fragment: str, found: re.Match[str]) -> bool:
    """Whether an "if" after an order is a condition with no main clause of its own and no
    order word, which can only condition the order before it ("detain Lu. if she posts again
    before deadline", "if she votes Abs again"); not a precaution ("in case he is attacked":
    the order's reason), nor one with what it conditions after its comma or in the next
    fragment ("if Abs is dead, heal Kleene", "If you need a backup, Miaka")."""
    if found["word"][:2].casefold() != "if" or _CONDITION_WHOLE.match(fragment) is not None:
        return False
    if _AFTER_MARK.search(fragment, found.end()) is not None:
        return False  # "If you need a backup, Miaka.": what it conditions follows it
    return not (msg.pending and msg.dialect.holds_order_word(msg.pending[0]))


# A condition after an order: "— but only if she is claimed", "unless he claims"; "if" alone
# conditions the order before only as a substitute ("If Sparrow hangs, Corvid").
_CONDITION_AFTER = lazy_compile(
    r"^[\s\W]*(?:(?:but|and|though)\s+)?(?P<word>(?P<strong>only\s+if|if\s+and\s+only\s+if"
    r"|unless|provided(?:\s+that)?|as\s+long\s+as|assuming|on\s+condition"
    r"|conditional(?:ly)?\s+(?:up)?on|in\s+the\s+event\s+(?:that|of)"
    rf"|{'|'.join((*phrases.FOREIGN_CONDITION, *phrases.SI_CONDITION))})|if|in\s+case)\b",
    re.IGNORECASE,
)
# Where a condition's own clause ends and what it conditions begins: "if Abs is dead, ...".
_AFTER_MARK = lazy_compile(r"[,;:]|\s[-–—]+\s")
_CONDITION_AFTER_FIRST = frozenset("-—–,;:.( \tbBaAtTiIuUpPoOcCsSnNwWfFmM")


def _step_signature(msg: Message, fragment: str) -> str | None:
    """The author signing with their own name ("best regards,\nAbs") is no order."""
    signed = msg.signed_this if msg.signed_this is not None else _signature(fragment, msg.own)
    return None if signed else fragment


def _step_own_label(msg: Message, fragment: str) -> str | None:
    """ "Kir: betrayal" from Kir: the author's own name or role as a label."""
    if ":" not in fragment:  # a label needs its colon: most fragments have none
        return fragment
    return _own_label_dropped(msg.reader.state, msg.reader.author, fragment)


def _step_condition_before(msg: Message, fragment: str) -> str | None:
    """The order after "If she's not available," is conditional, and refused."""
    if msg.condition is None:
        return fragment
    how = "unread" if msg.condition_led_in else "refused"
    rejection = Rejection(f"{msg.condition}, {fragment}", say(CONDITIONAL), kind=Kind.CONDITION)
    msg.refuse(rejection, how)
    msg.condition, msg.condition_led_in = None, False
    return None


def _step_repeat(msg: Message, fragment: str) -> str | None:
    """ "Same as last night": read once the rest of the message is (``_finish_repeats``)."""
    if (previous := repeat_asked(fragment, msg.dialect.words)) is not None:
        msg.repeats.append((fragment, previous, ""))
        return None
    if ("but" in fragment or "But" in fragment or "BUT" in fragment) and (
        changed := repeat_changed(fragment, msg.dialect.words)
    ) is not None:
        msg.repeats.append((fragment, *changed))
        return None
    return fragment


def _step_condition_clause(msg: Message, fragment: str) -> str | None:
    """A clause that conditions the order after it: "If she's not available,". A sentence
    that holds its own main clause ("If I'm going down, I'm taking Tobiah with me.") conditions
    that clause only, not the order in the next sentence; it is read with the rest."""
    if (
        fragment[:1] in _CONDITION_FIRST
        and _CONDITION.match(fragment)
        and not _COURTESY.match(fragment)
        and msg.reader.words.filler.clean(fragment)
    ):
        # (Ended as a sentence, tested apart: one look at the end, whatever the length.)
        if fragment.rstrip()[-1:] in ".!" and _CONDITION_WHOLE.match(fragment):
            # Its own clause holds no order word: talk ("If he flips town, we're in trouble.").
            # Else the evidence reads it, and its "if" voids the order it says.
            if not msg.dialect.holds_order_word(fragment):
                msg.reader.notes.append(say("reading.remark", written=fragment.strip()))
                return None
            msg.refuse(Rejection(fragment, say(CONDITIONAL), kind=Kind.CONDITION), "unread")
            return None
        msg.condition = fragment
        return None
    if (" if " in fragment or " If " in fragment or "unless" in fragment) and _led_in_condition(
        msg, fragment
    ):
        # Its lead-in may say more of the sentence ("Mark my words: if ..."): the condition
        # and its order are read again with the evidence of the run, which a word that voids
        # them ("if") keeps from acting.
        msg.condition, msg.condition_led_in = fragment, True
        return None
    return fragment


def _led_in_condition(msg: Message, fragment: str) -> bool:
    """A condition after a few words that only lead it in, whose order follows in the same
    sentence: "Rule: if Heron's result is BO, then arrest Hob", "big brain plan: if Lotti
    claims Ran, snipe her". The lead-in names no player and no order, and no "whether" verb
    asks ("not sure if he's town, heal Abs" is a doubt, read as one). Asked only of a
    fragment with " if " or "unless" in it (the step looks first: most have neither)."""
    found = _LED_IN_CONDITION.match(fragment)
    if found is None or _COURTESY.match(fragment, found.start("cond")):
        return False
    head = fragment[: found.start("cond")]
    if msg.reader.names_anyone(head) or msg.dialect.holds_order_word(head):
        return False
    # What it conditions is in its sentence: the fragment was cut at a comma or "then", not
    # at a sentence's or a line's end.
    at = msg.text.find(fragment)
    return at >= 0 and _SAME_SENTENCE_NEXT.match(msg.text, at + len(fragment)) is not None


# A lead-in of at most five words (a label's colon or a dash may end it) and a condition.
_LED_IN_CONDITION = lazy_compile(
    r"[\W_]*(?:[^\W\d_][\w'’-]*[\W_]+){1,5}?(?<![\w'’])"
    r"(?<!wonder\s)(?<!sure\s)(?<!know\s)(?<!ask\s)(?<!see\s)(?<!check\s)(?<!tell\s)"
    r"(?P<cond>(?:only\s+)?if|unless)\s+\S",
    re.IGNORECASE,
)
_SAME_SENTENCE_NEXT = lazy_compile(r"\s*(?:[,;]|[-–—]+\s|then\b)", re.IGNORECASE)


def _step_later_clause(msg: Message, fragment: str) -> str | None:
    """A later phase alone before the order it times: "Tomorrow, heal Kleene" is read whole
    (an order for a later phase, not one for now after a remark)."""
    if msg.pending and fragment[:1].isalpha() and only_later(fragment):
        msg.pending[0] = f"{fragment}, {msg.pending[0]}"
        return None
    return fragment


# A condition and its own main clause: "If he hangs, I'm sad.", "If the Org goes for him
# we're done." (no comma), or after its comma a short subject and a copula or a modal ("If
# Ferris is the doctor, Castellan is unprotected.", "If he's a detective, wearing him would be
# great."): a thought weighed, not a condition on the next sentence. That it ends as a
# sentence is tested apart.
_CONDITION_WHOLE = lazy_compile(
    rf"\W*\w+\s+(?:{phrases.MAIN_CLAUSE[0]}|[^,;:.!?\n]*?,\s*(?:[\w'’-]+\s+){{1,3}}?"
    r"(?:is|are|was|were|would|will|could|might|can|may)\s)",
    re.IGNORECASE,
)


def _step_confirm(msg: Message, fragment: str) -> str | None:
    """A 'yes' to the reading the author was asked about in their last PM takes it."""
    if not (msg.asked and CONFIRM.match(fragment)):
        return fragment
    for order in msg.asked:
        refused = msg.dialect.take(msg.reader, order, order.text, msg.accepted)
        if refused is not None:
            msg.refuse(replace(refused, text=f"{fragment} ({order.canonical()})"))
    msg.asked = ()
    return None


# A sentence that points back at the question before as the sender's order: "Did Isolde protect
# Kelp tonight? That's my investigation.", "... That is my question for tonight."
_LABEL_BACK = lazy_compile(
    r"^\W*(?:that|this)(?:['’]s|\s+is|\s+will\s+be|['’]ll\s+be)\s+(?:my|our)\s+(?P<what>.+?)"
    r"(?:\s+(?:for\s+)?(?:tonight|today|this\s+(?:night|day|phase)|now))?[\s.!]*$",
    re.IGNORECASE,
)
# What names an order without naming its ability: "that's my question", "that's my pick".
_ANY_ORDER = lazy_compile(
    r"(?:(?:one|night|day)\s+)?(?:question|query|action|order|pick|choice|request|one)",
    re.IGNORECASE,
)


def _take_asked(msg: Message, asked: Order, fragment: str) -> None:
    """The order asked back by the last refusal, confirmed by ``fragment``: its question
    withdrawn and the order taken (or refused by the rules, as a 'yes' in the next PM)."""
    index, msg.asked_last = msg.asked_last, None
    msg.rejected.pop(index)
    if msg.questioned == index:
        msg.questioned = None
    refused = msg.dialect.take(msg.reader, asked, asked.text, msg.accepted)
    if refused is not None:
        msg.refuse(refused)
    else:
        msg.trace.append((fragment, "order", None))


def _step_label_after_question(msg: Message, fragment: str) -> str | None:
    """A question asked back as an order ("Did Isolde protect Kelp tonight?"), then named as
    the sender's order by the next sentence ("That's my investigation."): the order is taken,
    as a 'yes' would take it; a label that names another ability leaves the question asked."""
    if msg.asked_last is None or (label := _LABEL_BACK.match(fragment)) is None:
        return fragment
    asked = msg.rejected[msg.asked_last].asks
    what = label["what"]
    named = {
        ability
        for m in mentions(what, msg.dialect.table, msg.reader.words.players, None)
        if m.kind == ABILITY
        for ability in m.value
    }
    if asked is None or not (asked.ability in named or _ANY_ORDER.fullmatch(what)):
        return fragment
    _take_asked(msg, asked, fragment)
    return None


def _step_yes_after_question(msg: Message, fragment: str) -> str | None:
    """A question asked back as an order, answered 'yes' by the sender at once, alone or
    with a remark after a mark ("travel now?  YES — I'd rather arrive on Day 1", a checklist
    of questions and answers): the order is taken, as a 'yes' in the next PM would take it.
    Not when the remark holds an order, a negation or a withdrawal of its own."""
    if msg.asked_last is None:
        return fragment
    answer = _YES_REMARK.match(fragment)
    if answer is None or not CONFIRM.match(answer["yes"]):
        return fragment
    remark = fragment[answer.end() :]
    g = msg.reader.grammar
    if remark and (
        g.any_order_word(remark) or _NEGATION.search(remark) or _WITHDRAWAL_WORDS.search(remark)
    ):
        return fragment
    asked = msg.rejected[msg.asked_last].asks
    if asked is None or any(n not in asked.named() for n in msg.reader.names_in(remark)):
        return fragment  # "heal Lynz? yes, or Conia": another player offered
    _take_asked(msg, asked, fragment)
    return None


# A "yes" and what follows its mark: "YES — I'd rather arrive on Day 1", "yes, do it".
_YES_REMARK = lazy_compile(r"(?P<yes>[^\W\d_]{1,5}[\s!.]*)(?:$|[—–\-,:(]+\s*)", re.IGNORECASE)


def _step_doubt_after_question(msg: Message, fragment: str) -> str | None:
    """ "Vote Abs? Not sure": no question to confirm, only the doubt."""
    if msg.asked_last is not None and DOUBT.match(fragment):
        question = msg.rejected.pop(msg.asked_last)
        msg.refuse(Rejection(f"{question.text} {fragment}", say(UNSURE), kind=Kind.QUESTION))
        msg.asked_last = None
        return None
    msg.asked_last = None
    return fragment


def _step_withdrawal_after(msg: Message, fragment: str) -> str | None:
    """ "arrest Zé for killing Fernweh -- wait no, cancel that", "Kill Ashby. P.S. On
    reflection, I rescind the above order": a withdrawal after the words of the fragment takes
    back what was said before it. The fragment is cut there: its words before are read, then
    the withdrawal (``_step_withdrawal``). Not when it names a player after it ("forget the
    kill on Birch, heal Abs" is read whole), nor when it is negated ("not kidding")."""
    if not msg.withdraws:
        return fragment
    found = own_withdrawal(fragment)  # past "disregard the rumours about her", as the stance
    if found is None or _WITHDRAW.match(fragment) is not None:
        return fragment  # none, or it opens the fragment ("edit: nvm, ...")
    if _NOT_BEFORE_WITHDRAWAL.search(fragment, 0, found.start()):
        return fragment  # "not kidding"
    rest = fragment[found.start() :]
    if msg.reader.names_anyone(rest) or len(rest.split()) > _WITHDRAWAL_AFTER_WORDS:
        return fragment
    head = fragment[: found.start()].rstrip(" ,;:-—–(")
    if _OWN_LEAD.fullmatch(head):
        # "I hereby withdraw the above order", "Upon reflection, the undersigned revokes
        # it": the withdrawal's own subject and lead-in, no words of their own to read.
        msg.pending.appendleft(rest)
        msg.trace.append((head, "quiet", None))
        return None
    if not (msg.accepted or msg.unvote) and not msg.dialect.holds_order_word(head):
        # "On reflection, and after a talk with my team, I withdraw that": nothing read yet
        # to take back, and the words before are its lead-in: the sentence stays whole for
        # the evidence, which reads what it takes back (``Layout.withdrawn_next``).
        return fragment
    if msg.accepted and msg.dialect.holds_order_word(head):
        # "Kill Brisket. Then slander Nib — no, forget I spoke": what the sentence ordered is
        # taken back, not the orders of the sentences before it (the kill stands).
        said = found.group().strip(" ,.;:-!—–")
        msg.refuse(Rejection(fragment, say("reading.withdrawn", written=said), kind=Kind.WITHDRAWN))
        return None
    msg.pending.appendleft(rest)
    return head


def _is_retort(fragment: str) -> bool:
    """Whether the whole fragment is a retort ("Yeah right, as if."): its last word first,
    which few fragments end in."""
    last = fragment[fragment.rfind(" ") + 1 :].rstrip(" .!?~*)").casefold()
    return last in _RETORT_LAST and RETORT.fullmatch(fragment) is not None


# The last words of the retorts.
_RETORT_LAST = frozenset(
    {"right", "if", "not", "no", "dreams", "on", "chance", "psych", "sike", "happening",
     "fly", "years", "happen", "lol", "lmao"}
)  # fmt: skip


# A withdrawal later in a fragment: the words after it are few ("wait no, cancel that",
# "jk, I'm passing tonight"); a longer sentence is read whole.
_WITHDRAWAL_AFTER_WORDS = 12
# The words a withdrawal may open with that say only who takes back and how: "I", "we",
# "hereby", "upon (further) reflection", "on second thoughts" (a formal "the undersigned" is
# "I" by then: engine/orders/defined.py).
_OWN_LEAD = lazy_compile(
    r"\W*(?:(?:i|we|hereby|now|also|then|so|and|(?:up)?on\s+(?:further\s+)?"
    r"(?:reflection|consideration)|on\s+second\s+thoughts?|after\s+all)(?![\w'’])\W*)*",
    re.IGNORECASE,
)
_NOT_BEFORE_WITHDRAWAL = lazy_compile(r"(?:\bnot|n['’]t)\s+$", re.IGNORECASE)


def _step_withdrawal(msg: Message, fragment: str) -> str | None:
    """ "Scratch that", "never mind", "changed my mind, heal Parkur": the orders this message
    gave before are taken back; what follows the words is read on. Followed by a new target
    alone ("EDIT: changed my mind — Gravel"), it gives the order before that target."""
    found = _WITHDRAW.match(fragment) if msg.withdraws else None
    if found is None or OF_OTHER.match(
        fragment, found.end() - len(found.group()) + len(found.group().rstrip())
    ):
        return fragment  # "never mind what Grace said": its own object, not the order
    rest = fragment[found.end() :].strip(" ,.;:-!—–")
    while (again := _WITHDRAW.match(rest)) is not None and again.end():
        rest = rest[again.end() :].strip(" ,.;:-!—–")  # "nvm, forget that — ..."
    named = _order_named(msg, found.group(), rest)
    if named is not None and named[0] != "vote":
        # "never mind the kill on Birch", "scratch the trick on Rosalind": the order taken
        # back is named; what follows it is read on.
        ability, used = named
        rest = rest[used:].strip(" ,.;:-!—–")
        target = None
        if (whom := _ON_WHOM_NAMED.match(rest)) is not None:
            player, used = msg.reader.words.players.match_prefix(rest[whom.end() :])
            if player.is_match and not player.is_reading and used:
                target = player.name
                rest = rest[whom.end() + used :].strip(" ,.;:-!—–")
        _take_back(msg, ability, target, found.group().strip(" ,.;:-!"))
        msg.trace.append((fragment, "order", None))
        if rest and not mentions(rest, msg.dialect.table, msg.reader.words.players, None):
            # "..., I'm sitting tonight out": why, or what instead, with no order in it.
            msg.trace.append((rest, "quiet", None))
            return None
        return rest or None
    if (whom := _ON_WHOM.match(rest)) is not None:
        # "scratch my vote on Miaka, vote Abs": the target of the order taken back.
        named_player, used = msg.reader.words.players.match_prefix(rest[whom.end() :])
        if named_player.is_match and not named_player.is_reading and used:
            rest = rest[whom.end() + used :].strip(" ,.;:-!—–")
    if rest and not mentions(rest, msg.dialect.table, msg.reader.words.players, None):
        rest = ""  # "withdraw my vote for now", "unvote, I'll think more": said why, no order
    if rest and msg.accepted and _step_edit_target(msg, f"edit: {rest}") is None:
        return None
    took_back = bool(msg.accepted or msg.unvote)
    if took_back:
        msg.withdrawn.extend(o.text for o in msg.accepted.values())
        msg.withdrawn_by = found.group().strip(" ,.;:-!")
        orders = "; ".join(f"'{o.canonical()}'" for o in msg.accepted.values())
        msg.reader.notes.append(say("reading.taking_back", written=msg.withdrawn_by, orders=orders))
        msg.accepted = {}
        msg.taken = None
    # Taking back nothing read yet, after words the plain reader left unread ("heal Hope
    # lol. just kidding"): the withdrawal stays with them, for their evidence to read it.
    # ("*knife out* Backstab Vigdís... nope. cancel that": talk between them changes nothing.)
    before = next((how for _, how, _ in reversed(msg.trace) if how != "quiet"), None)
    after_unread = not took_back and before == "unread"
    msg.trace.append((fragment, "order" if not (rest or after_unread) else "quiet", None))
    return rest or None


# Whom a named order taken back was on: "the kill on Birch", "my investigation of Parkur".
_ON_WHOM_NAMED = lazy_compile(r"(?:on|for|against|to|at|of|into)\s+", re.IGNORECASE)
# What names an order as a thing after a withdrawal: "the kill", "my trick", "tonight's heal".
_NAMED_ORDER = lazy_compile(
    r"(?:the|my|our|that|this|tonight['’]?s|today['’]?s|last|earlier)\s+(?:(?:last|earlier"
    r"|previous|old)\s+)?",
    re.IGNORECASE,
)


def _order_named(msg: Message, withdrawal: str, rest: str) -> tuple[str, int] | None:
    """The ability a withdrawal names as the order it takes back, and how much of ``rest``
    names it: in its own words ("scratch the trick") or right after them ("never mind the
    kill", "forget my heal"); None when it names none ("never mind, heal Abs"). The word is
    read as the evidence reads it, in the family's words (midnight's "cancel the pistol" too):
    of the abilities it may say, the one the sender holds."""
    words = withdrawal.split()
    last = words[-1].strip(" ,.;:-!—–") if words else ""
    if last and _NAMED_ORDER.search(withdrawal):
        named = _ability_opening(msg, last)
        if named is not None and named[1] == len(last):
            return named[0], 0
    lead = _NAMED_ORDER.match(rest)
    if lead is None:
        return None
    named = _ability_opening(msg, rest[lead.end() :])
    return None if named is None else (named[0], lead.end() + named[1])


def _ability_opening(msg: Message, text: str) -> tuple[str, int] | None:
    """The ability the word that opens ``text`` says (the sender's, of several), and its
    length; None when no word of an order opens it."""
    reader = msg.reader
    found = mentions(text, msg.dialect.table, reader.words.players, None)
    first = found[0] if found else None
    if first is None or first.kind != ABILITY or first.start != 0:
        return None
    abilities = tuple(first.value)
    ability = next((a for a in abilities if reader.holds(a)), abilities[0])
    return ability, first.end


def _take_back(msg: Message, ability: str, target: str | None, written: str) -> None:
    """The order of ``ability`` (on ``target``) taken back: this message's own, or else the
    one the sender gave in an earlier message (``ParsedPM.taken_back``)."""
    mine = {
        k: o
        for k, o in msg.accepted.items()
        if o.ability == ability and (target is None or target in o.named())
    }
    title = msg.reader.wording.title(ability, msg.reader.state.ruleset.titles)
    shown = f"{title} on {target}" if target else title
    if mine:
        msg.withdrawn.extend(o.text for o in mine.values())
        msg.accepted = {k: o for k, o in msg.accepted.items() if k not in mine}
        msg.taken = None
    else:
        msg.taken_back.append((ability, target))
        msg.withdrawn.append(shown)
    msg.withdrawn_by = written
    msg.reader.notes.append(say("reading.taking_back", written=written, orders=f"'{shown}'"))


def _edit_detail(msg: Message, fragment: str, mark: re.Match[str], labelled: bool) -> bool:
    """ "EDIT: Night 1, not Night 0", "no wait, Night 1", "I mean Shinichi, not Heiji",
    "*reason": a later word that corrects one detail of the fragment before is that fragment
    corrected, read again in its place (its reading or refusal goes); whether ``fragment`` was
    one. The detail replaced is the one it names ("not Heiji", "N2 -> N1"), else the last one
    of the same kind in the fragment before: a phase for a phase, a role for a role, for a
    starred word the word nearest it in spelling. A correction of a word the fragment before
    does not hold (a remark's) changes nothing here; it is read as any other line."""
    # The fragment before, past talk and sounds between ("...Ostrich" / "ugh." / "I meant").
    i = len(msg.trace) - 1
    while i >= 0 and (msg.trace[i][1] == "quiet" or _CORRECTION_LEAD.fullmatch(msg.trace[i][0])):
        i -= 1
    if i < 0:
        return False
    before, how, refused = msg.trace[i]
    if how not in ("order", "unread") and refused is None:
        return False
    reader, body = msg.reader, fragment[mark.end() :]
    starred = "*" in fragment[: mark.end()] or "*" in body[:40]
    fix = _DETAIL_FIX.fullmatch(body)
    if fix is not None:
        new = _bare(fix["new"] or fix["new2"])
        old = _bare(fix["old"] or fix["old2"])
        at = _last_word(before, old)
        if at is None or not (labelled or _same_kind(reader, new, old)):
            return False
    else:
        alone = _DETAIL_ALONE.fullmatch(body)
        if alone is None or not (labelled or starred or mark.group().strip(" \t.…-")):
            return False
        if reader.grammar.any_order_word(body[alone.end("new") :]):
            return False  # "er, tonight, I'll borrow her slander": a new order, no correction
        new = _bare(alone["new"])
        at = _slot_of(reader, before, new, starred)
        if at is None:
            return False
    if how == "order":
        key = next((k for k, o in msg.accepted.items() if o.text == before), None)
        if key is None:
            return False
        del msg.accepted[key]
    elif refused is not None:
        msg.rejected = [r for r in msg.rejected if r is not refused]
    del msg.trace[i]
    msg.trace.append((fragment, "blank", None))
    msg.pending.appendleft(f"{before[: at[0]]}{new}{before[at[1] :]}")
    return True


def _bare(detail: str) -> str:
    """A corrected detail without its marks: "Cop*", "*reason", "N1 I mean" -> the word."""
    return _DETAIL_MARKS.sub("", detail).strip(" *'\"")


def _last_word(text: str, word: str) -> tuple[int, int] | None:
    """The last place ``word`` stands whole in ``text``."""
    spans = [m.span() for m in re.finditer(rf"(?<![\w'’]){re.escape(word)}(?![\w'’])", text, re.I)]
    return spans[-1] if spans else None


def _kind_of(reader: Reader, text: str) -> str | None:
    """Which kind of detail ``text`` is, whole: a phase, a role, a player; None for a word."""
    found = reader.phase_at(text)
    if found is not None and not text[found.end() :].strip():
        return "phase"
    for kind, names in (("role", reader.words.roles), ("player", reader.words.players)):
        exact = names.exact_prefix(text)
        if exact is not None and exact[1] and not text[exact[1] :].strip():
            return kind
    return None


def _same_kind(reader: Reader, new: str, old: str) -> bool:
    """Whether ``new`` may replace ``old``: both a phase, a role or a player, or a word spelt
    nearly as the other (a typo fixed)."""
    kind = _kind_of(reader, new)
    if kind is not None:
        return kind == _kind_of(reader, old)
    return _near_spelling(new, old)


def _near_spelling(new: str, old: str) -> bool:
    a, b = new.casefold(), old.casefold()
    return len(a) >= 3 and a != b and distance(a, b, 2) <= fuzzy_limit(a)


def _slot_of(reader: Reader, before: str, new: str, starred: bool) -> tuple[int, int] | None:
    """Where in ``before`` the detail ``new`` goes when the correction names none: the last
    detail of its kind there (a phase, a role) other than itself; for a starred word, the
    word nearest it in spelling. A player is the edit's to retarget (``_step_edit_target``)."""
    kind = _kind_of(reader, new)
    if kind is None and not starred:
        return _restated(reader, before, new)
    if kind == "player" or len(new) > 40:
        return None
    found = None
    for word in _WORD_START.finditer(before):
        rest = before[word.start() :]
        if kind == "phase":
            hit = reader.phase_at(rest)
            span = hit is not None and hit.span("phase")
        elif kind == "role":
            exact = reader.words.roles.exact_prefix(rest[:60])
            span = exact is not None and exact[1] > 0 and (0, exact[1])
        else:
            end = _WORD_END.match(rest)
            span = _near_spelling(new, end.group()) and (0, end.end())
        if span and rest[span[0] : span[1]].strip().casefold() != new.casefold():
            found = (word.start() + span[0], word.start() + span[1])
    return found


def _restated(reader: Reader, before: str, new: str) -> tuple[int, int] | None:
    """Where ``new`` goes when it says again the end of the order before from one of its
    players on, a word or two changed ("investigate Haze kills Ostrich" / "I meant Haze
    discombobulates Wren Ashby"): that end, from the player's last place. Only a restatement
    of more than a name, most of whose words the end holds ("vote Rook" / "sorry, Rook is
    too quiet" restates nothing)."""
    words = new.split()
    exact = reader.words.players.exact_prefix(new)
    if len(words) < 3 or exact is None or not exact[1]:
        return None
    at = _last_word(before, new[: exact[1]].strip())
    if at is None:
        return None
    end = len(before.rstrip(" .!?;,"))
    tail = before[at[0] : end].split()
    if len(tail) < 3 or tail == words:
        return None
    same = sum(min(tail.count(w), words.count(w)) for w in set(words))
    if 2 * same >= max(len(tail), len(words)):
        return at[0], end
    # Its action changed too ("Haze kills Oboe" / "Haze discombobulates Wren Ashby"): an
    # action's word in both, not a remark ("Haze never sleeps").
    g = reader.grammar
    return (at[0], end) if g.any_order_word(new) and g.any_order_word(before[at[0] :]) else None


_WORD_START = lazy_compile(r"(?<![\w'’])\w")
_WORD_END = lazy_compile(r"\w+")
# The marks that say a detail is the corrected one: a star, "I mean" after it.
_DETAIL_MARKS = lazy_compile(r"\*|\s+i\s+mean[t]?\s*$", re.IGNORECASE)


# What a correction corrects, and to what: "Night 1, not Night 0", "N1 instead of N2, typo",
# "N2 -> N1", "Cop* not Officer", "N1 I mean, not N2" (then a remark after a mark).
_DETAIL_FIX = lazy_compile(
    r"\W*(?:(?P<new>[^,;:\n]{1,40}?)\s*,?\s+(?:not|instead\s+of)\s+(?P<old>[^,;:()\n.!?]{1,40}?)"
    r"|(?P<old2>[^,;:\n]{1,40}?)\s*(?:->|→|=>)\s*(?P<new2>[^,;:()\n]{1,40}?))"
    r"\s*(?:[,;(.!?].*)?",
    re.IGNORECASE,
)
# A correction that names only the new detail: "no wait, Night 1, it was N1", "*reason. use
# it today", "err, Cop I mean" (a remark may follow a mark).
_DETAIL_ALONE = lazy_compile(
    r"(?P<new>\*?[^\W_][^,;:.!?()\n]{0,79}?\*?(?:\s+i\s+mean[t]?)?)\s*(?:[,;(.!?].*)?",
    re.IGNORECASE | re.DOTALL,
)
# The words that mark a line as a correction of the one before, at its start: "no wait",
# "oh sorry, I mean", "ugh", "*" (a word spelt again), an edit's label.
_CORRECTION_LEAD = lazy_compile(
    r"[\W_]*(?:(?:no|nah|nope|wait|sorry|sry|oops|whoops|ugh|err*m?|uh+|um+|ah+|oh|actually"
    r"|i\s+mean[t]?|my\s+bad|correction|typo|i\s+meant\s+to\s+say)(?![\w'’])[\W_]*)*",
    re.IGNORECASE,
)


def _step_detail_fix(msg: Message, fragment: str) -> str | None:
    """A line that corrects one detail of the order before ("no wait, Night 1", "*reason",
    "Korn, not Chianti"): that order read again with the detail replaced (``_edit_detail``)."""
    if not msg.trace or len(fragment) > _MAX_EDIT_CHARS:
        return fragment
    mark = _EDIT_MARK.match(fragment)
    if mark is not None:
        lead = _CORRECTION_LEAD.match(fragment, mark.end())
        return None if _edit_detail(msg, fragment, lead, True) else fragment
    lead = _CORRECTION_LEAD.match(fragment)
    return None if _edit_detail(msg, fragment, lead, False) else fragment


def _step_edit_target(msg: Message, fragment: str) -> str | None:
    """ "EDIT: Sunday", "edit: changed to Marigold, Hakase is too obvious": an edit that names
    only a new target gives it to the order before (which names one)."""
    if not msg.accepted:
        return _change_alone(msg, fragment) if msg.changes else fragment
    lead = _EDIT.match(fragment)
    if lead is None:
        return fragment
    if _APOLOGY_TO.search(fragment, 0, lead.end()):
        return fragment  # "sorry Biscuit!": an apology to the player, no new target
    worded = re.search(r"[^\W\d_]", fragment[: lead.end()]) is not None
    if not worded and "instead" not in fragment.lower():
        return fragment  # a name alone on its line changes nothing (read no further)
    reader = msg.reader
    rest = fragment[lead.end() :]
    said = msg.dialect.words.target_words.get(msg.accepted[next(reversed(msg.accepted))].ability)
    head = rest.split(maxsplit=1)
    again = worded and said and len(head) == 2 and head[0].casefold() == said
    if again:
        # "steal from Gravelrake. Wait, no, from Bellwether": the order's own word for its
        # target, said again before the new one (and nothing after her but "instead").
        rest = head[1]
    found, used = reader.words.players.match_prefix(rest)
    named = player_at(rest, 0, reader.words.players) if found.is_match and used else None
    if named is None or named.kind != PLAYER:
        # No name, or a common word read as one: "so when the detective comes" is no Wren.
        return _edit_named_last(msg, fragment, rest)
    tail = rest[used:]
    if again and not CORRECTION_END.fullmatch(tail):
        return fragment  # "wait, from Bellwether I got a bad vibe": told of, not corrected to
    if not worded and not _INSTEAD.match(tail):
        return fragment  # a name alone on its line changes nothing
    told = _OWN_CLAUSE.match(tail).group()
    if is_statement(told, reader.grammar) and not _PREFERRED.search(told):
        # "Wait, Bellwether claimed cop": the words right after the name tell of the player,
        # a remark; a correction names the new target and stops ("wait, Bellwether instead",
        # "edit: changed to Marigold, Hakase is too obvious"), or says it is the better one
        # ("wait, Bellwether is better").
        return fragment
    key = next(reversed(msg.accepted))
    earlier = msg.accepted[key]
    if len(earlier.targets) != 1 or earlier.queries or found.name in earlier.targets:
        return fragment
    others = [n for n in reader.names_in(tail) if n not in earlier.targets]
    g = reader.grammar
    if (
        g.any_order_word(tail)
        or for_later(tail, g)
        or (others and not _NOT_NAME.search(tail) and not is_statement(tail, g))
    ):
        return fragment  # another order, or another player offered as a choice
    return _retarget(msg, fragment, earlier, found)


def _change_alone(msg: Message, fragment: str) -> str | None:
    """ "make it Jd", "switch it to Abs" with no order before it, in this PM or an earlier one
    of the phase (the session reads a later PM with the sender's earlier ones:
    engine/followup.py): a change with nothing to change is refused, saying so, and never
    read as an order of the player it names."""
    lead = _CHANGE.match(fragment)
    if lead is None or not msg.reader.names_in(fragment[lead.end() :]):
        return fragment
    msg.refuse(Rejection(fragment, say("reading.change_nothing_earlier"), kind=Kind.MISSING_DETAIL))
    return None


# The words of ``_EDIT`` that change an order named before: "make it", "switch to", "change
# that to"; "going with Abs" and "Abs instead" may be a first order, and are read as one.
_CHANGE = lazy_compile(
    r"^\W*(?:(?:edit(?:ed)?|no|wait|sorry|oops|actually|ok(?:ay)?|so|err?|uh+)(?![\w'’])\W*)*"
    r"(?:(?:i['’]?(?:ve|\s+have)?\s+)?(?:changed|change|switch(?:ed)?|swap(?:ped)?)"
    r"\s+(?:it\s+|that\s+|(?:my|the)\s+\w+\s+)?to\s+|make\s+(?:it|that)\s+)",
    re.IGNORECASE,
)


def _edit_named_last(msg: Message, fragment: str, rest: str) -> str | None:
    """An edit under its label that ends in the one player it names, pointed at ("EDIT:
    after her last post → Marguerite D.", "edit - on second thought: Abs"): the order before
    is given that target."""
    if len(rest) > _MAX_EDIT_CHARS or _EDIT_MARK.match(fragment) is None or not rest.strip():
        return fragment
    reader, g = msg.reader, msg.reader.grammar
    pointed = _POINTED.search(rest)
    if pointed is None or g.any_order_word(rest) or _NOT_NAME.search(rest):
        return fragment
    named = reader.names_in(rest)
    if len(named) != 1 or reader.names_in(pointed["x"]) != named or for_later(rest, g):
        return fragment
    found, used = reader.words.players.match_prefix(pointed["x"])
    if not (found.is_match and used) or pointed["x"][used:].strip(" .!"):
        return fragment  # the name is not all that the edit points at
    key = next(reversed(msg.accepted))
    earlier = msg.accepted[key]
    if len(earlier.targets) != 1 or earlier.queries or found.name in earlier.targets:
        return fragment
    return _retarget(msg, fragment, earlier, found)


def _retarget(msg: Message, fragment: str, earlier: Order, found: NameMatch) -> None:
    """The order before given the edit's one player (``found``) as its target, checked as any
    order is; the edit's words are kept with it."""
    if found.is_reading:
        msg.reader.notes.append(found.note)
    order = replace(earlier, targets=(found.name or "",), text=f"{earlier.text} {fragment}")
    refused = msg.dialect.take(msg.reader, order, order.text, msg.accepted)
    if refused is not None:
        msg.refuse(refused)
    else:
        msg.trace.append((fragment, "order", None))


def _step_edit_nothing(msg: Message, fragment: str) -> str | None:
    """An edit under its label, after an order, that names no player and says no order, no
    negation and no withdrawal ("EDIT: typo fix, nothing changed", "edit - formatting"):
    it changes nothing, and is no refusal. One that corrects a word of the fragment before
    ("EDIT: Night 1, not Night 0") is that fragment corrected (``_edit_detail``)."""
    if len(fragment) > _MAX_EDIT_CHARS or (mark := _EDIT_MARK.match(fragment)) is None:
        return fragment
    if not msg.accepted:
        return fragment
    rest = fragment[mark.end() :]
    reader, g = msg.reader, msg.reader.grammar
    if (
        g.any_order_word(rest)
        or reader.names_in(rest)
        or _WITHDRAWAL_WORDS.search(rest)
        or _NEGATION.search(_NOTHING_CHANGED.sub("", rest))
    ):
        return fragment
    try:
        order = msg.dialect.read(reader, rest)
    except (Refusal, Guess):
        order = None
    if order is not None:
        return fragment  # "EDIT: nothing tonight": what it says is read as said
    msg.trace.append((fragment, "quiet", None))
    return None


# "Label: n/a", its value the mark of a field not used, and a remark in brackets after it.
_NOT_USED = lazy_compile(
    r"^\W*[^\W\d_][^:=\n]{0,40}?\s*[:=]\s*(?:n\s*/\s*a|n\.\s*a\.?|none|nothing|nil|null"
    r"|not\s+used|unused|[-–—_.]+)\s*[.!]?\s*(?:\([^()\n]{0,80}\))?\s*$",
    re.IGNORECASE,
)


def _step_field(msg: Message, fragment: str) -> str | None:
    """A form's field of detail ("Crime: slandering Kleene", "When: night 1") is read with
    the rest of the form for its evidence, never as an order of its own. A field marked as
    not used ("Kill: n/a (Vik's turn)", "Tape: —") gives no order and holds nothing: it is
    not read with the lines around it for their evidence (docs/rulings.md)."""
    if _FIELD.match(fragment) is None:
        if (":" in fragment or "=" in fragment) and _NOT_USED.match(fragment) is not None:
            msg.trace.append((fragment, "blank", None))
            return None
        return fragment
    msg.refuse(Rejection(fragment, say(NO_ORDER), kind=Kind.NOT_AN_ORDER), "unread")
    return None


def _step_shared_target(msg: Message, fragment: str) -> str | None:
    """An order word alone joined to the next order ("kill + erase Nico", "kill and erase
    Nico"): the two share the target written once, after the second; the first is read with
    it, the second is read on its own after. Only when the word alone names no one and the
    next fragment is an order word and a player."""
    pending = msg.pending
    if not pending or len(fragment) > 40:
        return fragment
    order_word_at = msg.reader.grammar.order_patterns.match
    word = order_word_at(fragment.strip())
    if word is None or word[1] != len(fragment.strip()):
        return fragment
    after = order_word_at(pending[0])
    if after is None:
        return fragment
    rest = pending[0][after[1] :]
    found, used = msg.reader.words.players.match_prefix(rest)
    if not (found.is_match and used and found.distance == 0):
        return fragment
    try:
        msg.dialect.read(msg.reader, fragment)
    except Refusal as refusal:
        if refusal.kind is Kind.NO_TARGET:
            return f"{fragment.strip()}{rest}"
    except Guess:
        pass
    return fragment


def _step_query_run(msg: Message, fragment: str) -> str | None:
    """Two or more queries, one a line, with no order word ("1) Ödül heals Quill\n2) Brick
    kills Quill", "Did Bea. heal Hazel?\nDid Rook trick Bea.?"), from a sender who may ask
    about actions now (``vocab.ASKED_ACTION``: DCTP's Investigate): that order's list, its word
    left in the heading or left out. One query alone stays as it is read (a question about what
    happened is asked back); a leader's "Vodka kills Kleene" is no query of theirs."""
    pending = msg.pending
    if not pending or "\n" not in msg.text or len(fragment) > _QUERY_CHARS:
        return fragment  # the queries stand one a line: most messages hold one line
    openers = _first_words(msg.reader.words.players.names)
    if _opening(fragment) not in openers or _opening(pending[0]) not in openers:
        return fragment  # each query opens with a player's name: most lines do not
    if msg.querying is None:
        reader = msg.reader
        msg.querying = next((a for a in reader.grammar.asked_action if reader.holds(a)), "")
    if not msg.querying:
        return fragment
    first = _bare_query(msg, fragment)
    if first is None or (second := _bare_query(msg, pending[0])) is None:
        return fragment
    run = [fragment, pending[0]]
    asked = [first, second]
    while len(run) < len(pending) + 1 and (more := _bare_query(msg, pending[len(run) - 1])):
        run.append(pending[len(run) - 1])
        asked.append(more)
    if any(_reads_alone(msg, line) for line in run):
        return fragment  # "Hobb snipes Nightjar" from the leader: the kill they assign
    for _ in run[1:]:
        pending.popleft()
    return f"{msg.reader.wording.title(msg.querying)} {', '.join(asked)}"


def _reads_alone(msg: Message, line: str) -> bool:
    """Whether ``line`` reads on its own as an order the sender may give (its notes dropped)."""
    reader = msg.reader
    notes = len(reader.notes)
    try:
        order = msg.dialect.read(reader, line)
        return (
            isinstance(order, Order)
            and order.ability != msg.querying  # "Does Abs kill Kleene?": one of the list
            and not isinstance(_checked(reader, order, line), Rejection)
        )
    except (Refusal, Guess):
        return False
    finally:
        del reader.notes[notes:]


# A query fits in this many characters ("3. Did Mori Tamsin-san heal Cordelia-san?"): a
# longer fragment is not looked at for one.
_QUERY_CHARS = 80
# A list's mark before a query, and the auxiliary that asks it: "1. Did Abs kill Kleene?".
_QUERY_MARK = lazy_compile(
    r"^\s*(?:\d{1,2}[.):]|[-*•]|#\d{1,2}[.:]?)?\s*(?:(?:did|does)\s+)?", re.IGNORECASE
)
_QUERY_AUX = lazy_compile(r"\s*(?:is\s+|will\s+)?", re.IGNORECASE)


def _first_words(names: tuple[str, ...]) -> frozenset[str]:
    """The first word of each of the roster's names, in lower case: once per roster, held
    for the roster last asked about (every PM of a game comes with the same tuple, which a
    cache would hash name by name)."""
    last = _FIRST_WORDS[0]
    if last[0] is not names:
        last = _FIRST_WORDS[0] = (
            names,
            frozenset(name.split()[0].casefold() for name in names if name.split()),
        )
    return last[1]


_FIRST_WORDS: list[tuple[tuple[str, ...], frozenset[str]]] = [((), frozenset())]


def _opening(fragment: str) -> str:
    """The first word of a line after its list's mark and a question's "did", in lower case."""
    words = fragment[_QUERY_MARK.match(fragment).end() :].split(None, 1)  # type: ignore[union-attr]
    return words[0].casefold().rstrip("?!,:") if words else ""


def _bare_query(msg: Message, fragment: str) -> str | None:
    """The query ``fragment`` is alone ("Abs heals Kleene"), without its list's mark and its
    question's words; None when it is not one: another player, then an action's verb."""
    text = fragment[_QUERY_MARK.match(fragment).end() :].rstrip(" ?.!")  # type: ignore[union-attr]
    found, used = msg.reader.words.players.match_prefix(text)
    if not (found.is_match and used) or found.name == msg.reader.author:
        return None
    after = text[used:]
    verb = msg.reader.grammar.query_patterns.match(
        after[_QUERY_AUX.match(after).end() :]  # type: ignore[union-attr]
    )
    return text if verb is not None else None


def _said_by_another(fragment: str) -> bool:
    """Whether the words of an order are told after them as someone else's: '"Kill Bean,"
    she says', "Vote Abs — that's what Hakim told me.", "Kill Bean tonight, says Gin." The
    verb of saying closes its clause (not "Vote Abs, he said he was town": his claim, the
    order's reason; not "Ring Gloam — the Boss says: ...": the words said follow it), and
    its subject is not the sender ('"Kill Bean," I say'). Asked only of an order with "sa",
    "told" or "wr" in it, the tag verbs most said (``phrases.SPEECH_TAG``): the step looks
    first, as most orders hold none."""
    return _SAID_AFTER.search(fragment) is not None


_SPEAKER = (
    r"(?:he|she|they|someone|somebody|every(?:one|body)|(?:the|my|our|his|her)\s+\w+"
    r"|(?-i:[A-HJ-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*)?)"
)
_SAID_AFTER = lazy_compile(
    r"(?:[\"”»’']\s*[,.!?…]?|[,;]|\s[-–—]+)\s*(?:[-–—]+\s*)?(?:that['’]?s\s+what\s+)?"
    rf"(?:{_SPEAKER}\s+(?:{'|'.join(phrases.SPEECH_TAG)})|(?:said|says|wrote|writes)\s+{_SPEAKER})"
    r"(?:\s+(?:to\s+)?(?:me|us))?\s*(?:[,.!?;…\"”»]|$)",
    re.IGNORECASE,
)


def _step_read(msg: Message, fragment: str) -> str | None:
    """The fragment read as an order written plainly ("Heal Kleene", "I vote Abs"): taken,
    or refused with the reason. A refusal for want of the plain form is provisional: the
    evidence of the message may still give the order (``_finish_evidence``)."""
    reader = msg.reader
    if len(fragment) > MAX_FRAGMENT_CHARS:
        # No order written plainly is this long: the evidence may still read one from it.
        reason = say("reading.sentence_too_long", reason=say(NO_ORDER), length=len(fragment))
        msg.refuse(Rejection(shorten(fragment, 200), reason, kind=Kind.NOT_AN_ORDER), "unread")
        return None
    try:
        order = msg.dialect.read(reader, fragment)
        # ``_asking``'s first test, written out: most orders end in no question mark.
        if (
            isinstance(order, Order)
            and fragment.rstrip(" )").endswith("?")
            and _asking(order, fragment)
            and order.ability not in msg.dialect.words.with_trait(vocab.ASKS)
        ):
            asking = say(ASKING)
            raise Guess(asking, asking, kind=Kind.QUESTION, order=order)
        if (
            isinstance(order, Order)
            and ("sa" in fragment or "told" in fragment or "wr" in fragment)
            and _said_by_another(fragment)
        ):
            # '"Kill Bean tonight," she says.': someone else's order, its speaker told after.
            msg.refuse(Rejection(fragment, say(_VOIDED[Kind.QUOTED]), kind=Kind.QUOTED))
            return None
        if isinstance(order, Order) and _ASKED_FIRST.search(fragment):
            # "I'd like to heal Abs, but before that I have a question": held back for the
            # answer, the order is asked about, not given.
            held = say(HELD_FOR_ASKING)
            raise Guess(held, held, kind=Kind.QUESTION, order=order)
    except Guess as guess:
        rejection = _question(msg, fragment, guess)
        if (
            rejection.kind is Kind.QUESTION
            and msg.questioned is not None
            and _other_order(msg.rejected[msg.questioned], rejection)
        ):
            _two_questions(msg, fragment)  # "Vote Rin-chan? Vote Quinn? ugh"
            return None
        how = "unread" if rejection.kind in UNREAD else "refused"
        msg.refuse(rejection, how)
        msg.asked_last = len(msg.rejected) - 1 if rejection.asks else None
        if rejection.kind is Kind.QUESTION:
            msg.questioned_now = len(msg.rejected) - 1
        return None
    except Refusal as refusal:
        if refusal.kind is Kind.NO_TARGET and any(
            o.ability == reader.ability for o in msg.accepted.values()
        ):
            # "What hit Zsófi last night? Clues, please.": the ability's name again, with no
            # target, names the order just given (and is read as that order's, not again).
            msg.trace.append((fragment, "order", None))
            return None
        reason = str(refusal)
        fix = msg.dialect.can_send(reader) if "not read as an order" in reason else ""
        how = "unread" if refusal.kind in UNREAD else "refused"
        if refusal.kind is Kind.CONDITION and len(reader.names_in(fragment)) > 1:
            how = "unread"  # "Watch → Sunday; if he can't take it, Pepper": a substitute?
        rejection = Rejection(fragment, reason, fix, kind=refusal.kind)
        msg.refuse(rejection, how)
        if (
            refusal.read_whole
            and not fragment.rstrip(" )").endswith("?")
            and reader.holds(reader.ability or "")
        ):
            # Its words are the order's and its target's, said as an order (not asked) of an
            # ability the sender can use now: the evidence would read the same refusal.
            msg.read_whole.append(rejection)
        return None
    if (
        isinstance(order, Order)
        and not order.message
        and told_to_crowd(fragment, 0, 0, len(fragment))
    ):
        # "lynch Rose, folks!": told to the others; the evidence says whether the sender
        # is among them.
        msg.refuse(Rejection(fragment, say(NO_ORDER), kind=Kind.NOT_AN_ORDER), "unread")
        return None
    if isinstance(order, Order) and not order.message and for_later(fragment, reader.grammar):
        # "tomorrow I'm arresting Vex for ...": the evidence of the message says whether the
        # later phase is the order's (refused, for later) or only talk beside it (a Letter's
        # own words, "The Call to C: Vote F tomorrow.", are what it says, not its time).
        msg.refuse(Rejection(fragment, say(NO_ORDER), kind=Kind.NOT_AN_ORDER), "unread")
        return None
    if isinstance(order, Unvote):
        msg.unvote = True
        # "Vote Abs. And unvote Miaka": the unvote names another player than the vote read
        # before it, so it takes back the vote held from earlier; the new one stands.
        kept = _votes_kept(reader, msg.accepted, order.named)
        msg.unvoted += [
            o.text for k, o in msg.accepted.items() if o.ability == "vote" and k not in kept
        ]
        msg.accepted = {k: o for k, o in msg.accepted.items() if o.ability != "vote" or k in kept}
        if order.then:
            # The words after the unvote, as the plain reader left them: looked at anew.
            msg.withdraws = msg.withdraws or _may_withdraw([order.then])
            msg.pending.appendleft(order.then)
            msg.signed_next = None
        msg.trace.append((fragment, "order", None))
        return None
    if not isinstance(order, Order):
        # Compared only once not an order: Order's __eq__ is Python, called for nothing.
        if order == "no_action":
            msg.no_action = True
            msg.accepted = {k: o for k, o in msg.accepted.items() if o.ability == "vote"}
            msg.trace.append((fragment, "order", None))
        else:
            msg.trace.append((fragment, "quiet", None))
        return None
    if order.ability in reader.grammar.carried_out and not order.targets:
        refused = _killer_named(reader, order, fragment, msg.accepted)
        if refused is not None:
            msg.refuse(refused)
        else:
            msg.trace.append((fragment, "order", None))
        return None
    held, notes = dict(msg.accepted), len(reader.notes)
    refused = msg.dialect.take(reader, order, fragment, msg.accepted)
    if refused is not None:
        # A detail the rules miss ("needs a Midnight role named") may stand elsewhere in the
        # message: the evidence may still give the order whole.
        msg.refuse(refused, "unread" if refused.kind is Kind.MISSING_DETAIL else "refused")
        if refused.kind is Kind.MISSING_DETAIL and not fragment.rstrip(" )").endswith("?"):
            # The order was read to its last word and its ability is the sender's now: the
            # evidence of its fragment alone reads the same order, refused alike.
            msg.read_whole.append(refused)
    elif msg.accepted:
        key = next(reversed(msg.accepted))
        msg.taken = (fragment, key, held.get(key), notes)
        msg.trace.append((fragment, "order", None))
    return None


def _other_order(before: Rejection, now: Rejection) -> bool:
    """Whether two questions in a row ask about two different orders."""
    return (
        before.asks is not None
        and now.asks is not None
        and (before.asks.ability, before.asks.targets) != (now.asks.ability, now.asks.targets)
    )


# The longest fragment read as an order written plainly (a sentence, a line).
MAX_FRAGMENT_CHARS = 1_000

# The kinds of refusal a fragment gets for want of the plain form ("Action: Heal" with the
# target on the next line, "Kestrel ... take him out"): the evidence may still read it.
UNREAD = frozenset({Kind.NOT_AN_ORDER, Kind.NO_TARGET, Kind.MISSING_DETAIL, Kind.AMBIGUOUS_NAME})

# The steps each fragment goes through, in order; a step that reads the fragment ends it.
STEPS: tuple[tuple[str, Step], ...] = (
    ("a pronoun corrected by the next fragment", _step_pronoun_corrected_next),
    ("a withdrawal after the words of the fragment", _step_withdrawal_after),
    ("a second choice or a doubt withdraws the order before", _step_second_choice_or_doubt),
    ("a condition after the order before, or its substitute", _step_condition_after),
    ("the author's signature", _step_signature),
    ("the author's own name or role as a label", _step_own_label),
    ("an order after a condition", _step_condition_before),
    ("same as last night", _step_repeat),
    ("a condition for the order after it", _step_condition_clause),
    ("a later phase for the order after it", _step_later_clause),
    ("a yes to a reading asked about", _step_confirm),
    ("a label naming the question before as the order", _step_label_after_question),
    ("a yes to the question just asked", _step_yes_after_question),
    ("a doubt after a question", _step_doubt_after_question),
    ("a withdrawal of what was said before", _step_withdrawal),
    ("a line that corrects a detail of the order before", _step_detail_fix),
    ("an edit that names a new target", _step_edit_target),
    ("an edit that corrects the fragment before, or changes nothing", _step_edit_nothing),
    ("a form's field of detail, or one marked as not used", _step_field),
    ("an order word alone, sharing the next order's target", _step_shared_target),
    ("a run of queries with no order word", _step_query_run),
    ("the fragment read as a plain order", _step_read),
)

# "Scratch that", "never mind", "changed my mind": what this message said before is taken back.
_WITHDRAW = phrases.gated(
    r"^\W*(?:(?:ok(?:ay)?|so|actually|wait|hmm+|ugh|sorry|no|nah|edit|nein|ach|iya|ie|non)\W+)*"
    rf"(?:{'|'.join(sorted(phrases.WITHDRAWAL, key=len, reverse=True))})\b\W*",
    re.IGNORECASE,
)
# What names the target of an order taken back: "scratch my vote on Miaka".
_ON_WHOM = lazy_compile(r"(?:on|for|against|to|at)\s+", re.IGNORECASE)
# An edit that names a new target: "EDIT: Sunday", "edit: changed to Marigold", "edit: no
# wait, Pike", "make it fig instead", "actually Abs". It needs a word that changes something
# (an edit's label, "make it", "changed to", "no wait", "actually", "instead" after the name).
_EDIT = lazy_compile(
    # ... its label may carry when it was made: "EDIT (14:02):", "edit 2:", "Edit @ 9pm -".
    r"^\W*(?:(?:edit(?:ed)?|update|correction|p\.?s\.?)\s*"
    r"(?:\(\s*[\w:.@ ]{1,16}\)\s*|@?\s*\d{1,2}(?:[:.h]\d{2})?\s*(?:[ap]\.?m\.?)?\s*)?[:\-–—]?\s*)?"
    r"(?:(?:no|nah|oh+|ah+|ugh|wait|hmm+|sorry|oops|actually|i\s+mean|rather|ok(?:ay)?|so|err?|uh+"
    # ... and what owns up to the slip: "wrong one", "my bad", "typo".
    r"|wrong(?:\s+(?:one|name|target|person|player))?|my\s+bad|typo)"
    r"(?![\w'’])[\s,.!:;—–-]*)*"
    r"(?:(?:i['’]?(?:ve|\s+have)?\s+)?(?:changed|change|switch(?:ed)?|swap(?:ped)?)"
    r"\s+(?:it\s+|that\s+|(?:my|the)\s+\w+\s+)?to\s+|make\s+(?:it|that)\s+"
    r"|go(?:ing)?\s+with\s+|instead\s*:?\s*"
    # The order handed to its new target: "send it to Nib instead", "give that one to Rook".
    r"|(?:send|give|pass|hand|deliver|address|direct|redirect|point|aim|move|put)\s+"
    r"(?:it|that|this|them|th(?:at|is)\s+one)\s+(?:(?:over\s+)?to|at|on|onto)\s+"
    r"|to\s+(?=[^\n]*\binstead\b))?",
    re.IGNORECASE,
)


@lru_cache(maxsize=1)
def _withdrawal_gate() -> Gate:
    """The texts one of which every match of the withdrawal's phrases holds (``gate_keys``:
    "nvm", "scratch", "take", ...), wherever they stand in a word. Both steps' patterns hold
    one: ``_WITHDRAW`` is those phrases after a lead-in that may be empty."""
    keys, _ = phrases.gate_of(_WITHDRAWAL_WORDS)  # the keys its class reads anyway
    return keys, frozenset()


def _may_withdraw(pieces: list[str]) -> bool:
    """Whether a fragment of ``pieces`` may hold words of withdrawal, looked for once in the
    message: most hold none, and each fragment would be looked at twice, key by key (the
    steps cut and join fragments at marks and spaces, so none holds a key its pieces lack)."""
    text = "\n".join(pieces)
    return may_hold(_withdrawal_gate(), text.lower() if stems_tell(text) else None)


# An apology said to the player it names, with no mark between ("sorry Biscuit!"), which
# corrects nothing ("sorry, Biscuit" and "no wait, Tamsin" do).
_APOLOGY_TO = lazy_compile(r"(?<![\w'’])(?:sorry|sry|soz|apologies)\s+$", re.IGNORECASE)
# The words that take an order back, as the stance reads them (the same compiled patterns).
_NEGATION = phrases.pattern(phrases.NEGATION)
_WITHDRAWAL_WORDS = phrases.pattern(phrases.WITHDRAWAL)
# An edit that says it changed nothing: "nothing changed", "no change", "nothing else changed".
_NOTHING_CHANGED = lazy_compile(r"\b(?:nothing|no)\s+(?:else\s+)?chang\w*", re.IGNORECASE)
# The longest edit line read for a new target or for no change: an edit is a short line.
_MAX_EDIT_CHARS = 200
# An edit's own label: "EDIT:", "Edit 23:41 -", "update:", "correction:".
_EDIT_MARK = lazy_compile(r"\W*(?:edit(?:ed)?|update|correction)(?![\w'’])", re.IGNORECASE)
# What an edit points at, last on its line: "... → Marguerite D.", "...: Abs", "... to Abs".
# A dash points as a colon does: "re: earlier — Cosmo", "edit - second thoughts - Abs".
_POINTED = lazy_compile(
    r"(?:[:>→⇒➡—–]|\s-+\s|(?<![\w'’])(?:to|on))\s*(?P<x>[^:>→⇒➡—–]+?)\s*$", re.I
)
# "instead" after the new target: "make it fig instead", "Pike instead".
_INSTEAD = lazy_compile(r"^\W*instead\b", re.IGNORECASE)
# What prefers the player named as the target: "Bellwether is better", "is the safer pick".
_PREFERRED = lazy_compile(r"\b(?:better|instead|rather|safer|preferable)\b", re.IGNORECASE)
# The words after a name up to the first mark that ends their clause.
_OWN_CLAUSE = lazy_compile(r"[^,;:.!?()\n—–]*")
_NOT_NAME = lazy_compile(
    r"\b(?:not|instead\s+of|rather\s+than|in\s+preference\s+to|in\s+lieu\s+of|as\s+opposed\s+to)\b",
    re.IGNORECASE,
)
# A form's field of detail, read with the form: "Crime: ...", "When: ...", "Suspect: ...".
_FIELD = lazy_compile(
    r"^\W*(?:(?:the|my|our|his|her|their)\s+)?(?:suspect|accused|crime|charge|victim|when|phase|time|role|guess|guise|reason"
    r"|note|why|how\s+long|details?|comment|evidence|question|for)\s*[:=\-–—]\s*\S"
    # A phase's field that holds its number alone: "Night: 1" (but "Night: kill Abs" orders).
    r"|^\W*(?:night|day|n|d)\s*[:=]\s*\d{1,2}\W*$",
    re.IGNORECASE,
)


def _finish_condition(msg: Message) -> None:
    """A condition with no order after it is refused as such; when it names a player, the
    evidence may read it as the substitute of the order before ("Wristwatch → Sparrow. If
    Sparrow hangs today, Corvid gets it instead")."""
    if msg.condition is not None:
        how = "unread" if msg.reader.names_anyone(msg.condition) else "refused"
        msg.refuse(Rejection(msg.condition, say(CONDITIONAL), kind=Kind.CONDITION), how)


def _finish_undecided(msg: Message) -> None:
    """A message that says its decision is still to come, or that it sends no order, carries
    out none of the orders it names (engine.orders.undecided)."""
    if not (msg.accepted or msg.unvote or msg.no_action) and msg.rejected:
        if all(r.kind in _SAID_NONE for r in msg.rejected):
            # "Never mind — nothing from me tonight. I'm saving myself.": no order given, and
            # the message says it gives none; its words read as no order, or as an ability
            # the sender does not hold ("saving"), are that statement's, taken back.
            words = msg.dialect.words
            said = says_none(msg.text, msg.reader, msg.dialect.table, words.means)
            if said is not None:
                at = [i for i, r in enumerate(msg.rejected) if _overlap(r.text, said.text)]
                if at:
                    msg.rejected = [
                        said if i == at[0] else r
                        for i, r in enumerate(msg.rejected)
                        if i == at[0] or i not in at
                    ]
        return
    if not msg.accepted or not (
        msg.rejected or msg.reader.notes or any(how != "order" for _, how, _ in msg.trace)
    ):
        # Every fragment read as a plain order, with no remark beside it: a statement is a
        # fragment of its own (refused, or read for the evidence), or a remark noted.
        return
    words = msg.dialect.words
    msg.rejected.extend(
        void_undecided(msg.text, msg.accepted, msg.reader, msg.dialect.table, words.means)
    )


def _overlap(quoted: str, statement: str) -> bool:
    """Whether a refusal quoting ``quoted`` holds the ``statement``, or is a part of it."""
    quoted = quoted.strip(" .!")
    return bool(quoted) and (statement in quoted or quoted in statement)


# The refusals of a message that says it gives no order, which that statement answers.
_SAID_NONE = frozenset({Kind.NOT_AN_ORDER, Kind.NOT_HELD})


_LINES_LEFT = phrases.pattern(phrases.LINES_LEFT)


def _finish_lines_left(msg: Message) -> None:
    """Two lines of one order left in with a remark that leaves the choice open ("Heal:
    Corvina / Heal: Pip / (copied both from my notes, forgot to delete one)"): the later line
    does not replace the earlier one, as it would with no such remark; both are refused as
    two choices (docs/rulings.md)."""
    if (
        not msg.accepted
        or [how for _, how, _ in msg.trace].count("order") < 2
        or _LINES_LEFT.search(msg.text) is None
    ):
        return
    reader = msg.reader
    notes = len(reader.notes)
    lines: list[tuple[str, Order]] = []
    for fragment, how, _ in msg.trace:
        if how != "order":
            continue
        try:
            order = msg.dialect.read(reader, fragment)
        except Refusal:
            continue
        if isinstance(order, Order):
            lines.append((fragment, order))
    del reader.notes[notes:]
    for key, order in list(msg.accepted.items()):
        same = [(f, o) for f, o in lines if o.ability == order.ability]
        if len(same) > 1 and any(not set(o.targets) <= set(order.targets) for _, o in same):
            del msg.accepted[key]
            shown = " / ".join(f for f, _ in same)
            msg.rejected.append(_voided(msg, shown, Kind.TWO_CHOICES, (order.ability,)))


def _finish_withdrawn(msg: Message) -> None:
    """Orders taken back with nothing after them are answered as taken back."""
    if msg.unvoted and not any(o.ability == "vote" for o in msg.accepted.values()):
        msg.rejected.append(
            Rejection(
                " / ".join(dict.fromkeys(msg.unvoted)),
                say("reading.vote_unvoted"),
                kind=Kind.WITHDRAWN,
            )
        )
    if (
        msg.struck
        and not (msg.accepted or msg.unvote or msg.no_action or msg.withdrawn or msg.taken_back)
        and not any(r.kind is Kind.WITHDRAWN for r in msg.rejected)
    ):
        # "[s]Kill Lark[/s] holding off on this one": the only order struck through, and
        # nothing else that says it is taken back.
        taken = [line for line in msg.struck if _orders_in(msg, line)]
        if taken:
            msg.rejected.append(
                Rejection(" / ".join(taken), say("reading.struck"), kind=Kind.WITHDRAWN)
            )
    if msg.withdrawn and not (msg.accepted or msg.unvote):
        # "edit: nvm, forget that. No action from me today": taken back, and said so.
        shown = " / ".join(dict.fromkeys(msg.withdrawn))
        msg.rejected.append(
            Rejection(
                f"{shown} ({msg.withdrawn_by})",
                say("reading.withdrawn", written=msg.withdrawn_by),
                kind=Kind.WITHDRAWN,
            )
        )


def _finish_quoted(msg: Message) -> None:
    """An order in someone else's quoted words is not the author's: it is answered as such
    when the author's own words give no order of that ability ("Ink. wrote: heal Zoë")."""
    reader = msg.reader
    given = {o.ability for o in msg.accepted.values()}
    # With no order of the author's own, a quoted order of any ability is answered as
    # quoted ("[quote=Gale]heal Isla[/quote] Gale asked me to forward this" from a Ran).
    alone = not (msg.accepted or msg.unvote or msg.no_action)
    for author, said in msg.quoted:
        if not said.strip() or _from_the_gm(reader, author) or author == reader.author:
            continue  # the GM's prompt, or the author's own earlier message
        abilities = [a for a in _orders_in(msg, said, any_held=alone) if a not in given]
        if abilities:
            title = reader.wording.title(abilities[0], reader.state.ruleset.titles)
            if author and not forwarded_lead(author):
                why = say("reading.quoted_from", author=author, ability=title)
            else:
                why = say("reading.quoted", ability=title)
            msg.rejected.append(
                Rejection(
                    shorten(said, 200),
                    why,
                    kind=Kind.QUOTED,
                )
            )
            given.update(abilities)


def quoted_of(
    reader: Reader,
    source: str,
    written: list[tuple[str | None, str]],
    tagged: list[tuple[str | None, str]] | None = None,
) -> list[tuple[str | None, str]]:
    """The messages ``source`` quotes: in BBCode (``tagged`` when already read), and written
    as text (``written``), each with its author."""
    in_tags = quotes(source) if tagged is None else tagged
    return [*in_tags, *(_quoted_by(reader, w) for w in written)]


def _quoted_by(reader: Reader, quote: tuple[str | None, str]) -> tuple[str | None, str]:
    """A quote written as text, with the player its leading line names as its author
    ("Forwarding what Lark PM'd me earlier:" is Lark's)."""
    who, words = quote
    if who is None or who in reader.state.players:
        return quote
    named = reader.names_in(who)
    return (named[0], words) if len(named) == 1 else quote


def _from_the_gm(reader: Reader, author: str | None) -> bool:
    """Whether a quote is the GM's prompt: it names no player of the game as its author."""
    if author is None:
        return True
    if author in reader.state.players or fold(author) in _PLAYER_KEYS(reader):
        return False
    return not forwarded_lead(author)  # "got this letter, forwarding:": someone's, unnamed


def _PLAYER_KEYS(reader: Reader) -> frozenset[str]:
    return _player_keys(tuple(reader.state.players))


@lru_cache(maxsize=64)
def _player_keys(players: tuple[str, ...]) -> frozenset[str]:
    return frozenset(fold(n) for n in players)


# In someone else's quoted words, "you" is the one they wrote to: "Walt., you kill Cádiz
# tonight" orders what "Kill Cádiz" does (read as if the author wrote it).
_ADDRESSED = lazy_compile(
    r"^\W*(?:[^\W\d_][^,:;\n]{0,30}[,:]\s*)?(?:you|u)\s+(?:(?:will|should|must|can|need\s+to"
    r"|have\s+to|gotta|are\s+to|are\s+going\s+to)\s+)?(?=\w)|^\W*(?:you|u)['’]ll\s+",
    re.IGNORECASE,
)


def _orders_in(msg: Message, said: str, *, any_held: bool = False) -> list[str]:
    """The abilities of the author's the quoted words order, read as if the author wrote
    them (the notes of that reading are dropped); ``any_held``: whoever holds them."""
    reader, dialect = msg.reader, msg.dialect
    notes = len(reader.notes)
    found: list[str] = []
    try:
        for piece in fragments(said, reader.words.players.names, reader.grammar):
            try:
                order = dialect.read(reader, _ADDRESSED.sub("", piece, count=1))
            except Refusal:
                continue
            if isinstance(order, Order) and (any_held or reader.holds(order.ability)):
                found.append(order.ability)
        if not found:
            block = Block.of(
                said,
                mentions(said, dialect.table, reader.words.players, reader.words.roles),
                dialect.words,
            )
            held = candidates(reader, dialect.words)
            done, _ = readings(block, reader, dialect.words, held, voice_of(reader),
                               lambda plain: dialect.read(reader, plain),
                               dialect.shape)  # fmt: skip
            found = [r.ability for r in done if r.order is not None]
    finally:
        del reader.notes[notes:]
    return found


def _finish_evidence(msg: Message) -> None:
    """The fragments no plain order was read from, read together for the evidence they hold
    (engine.orders.compose): "Action: Heal / Target: Parkur", "Arrest Pepper. She killed Zoë
    on Night 1.", "Kestrel has been sniffing around. Take him out tonight."."""
    read_evidence(msg)


def _finish_questions(msg: Message) -> None:
    """A fragment read as no order that asks the GM whether to do something ("should i
    age-obs Río or is that a waste?", "would it be smart to give it to her, GM?") is refused
    as the question it is, not as words that do not read as an order; beside an order it
    is a remark ("Heal Lynz. Should I be worried about Abs?")."""
    if msg.accepted:
        return
    msg.rejected = [
        replace(r, reason=say("reading.asks_the_gm"), fix="", kind=Kind.QUESTION)
        if r.kind == Kind.NOT_AN_ORDER and _ASKS_THE_GM.search(r.text)
        else r
        for r in msg.rejected
    ]


def _finish_repeats(msg: Message) -> None:
    """ "Same as last night" alone repeats the author's orders; beside another order it is a
    remark on it ("heal Lynz, same as last night"), never a second order."""
    reader = msg.reader
    for fragment, previous, change in msg.repeats:
        if (
            msg.accepted
            or msg.unvote
            or msg.no_action
            or any(say(NO_ORDER) not in r.reason for r in msg.rejected)
        ):
            reader.notes.append(say("reading.remark", written=fragment))
        else:
            msg.rejected.extend(_repeat(msg, fragment, previous, change))


def _finish_context(msg: Message) -> None:
    """Beside orders understood, a statement about the game is their reasoning, noted."""
    if msg.rejected and (msg.accepted or msg.unvote or msg.no_action):
        msg.rejected = _context_kept_apart(msg.reader, msg.rejected)


# The steps once every fragment is read, in order.
FINISH: tuple[tuple[str, Callable[[Message], None]], ...] = (
    ("a condition with no order after it", _finish_condition),
    ("the orders the evidence of unread fragments gives", _finish_evidence),
    ("a message that says it decides nothing", _finish_undecided),
    ("two lines of one order left in, the choice left open", _finish_lines_left),
    ("orders taken back with nothing after them", _finish_withdrawn),
    ("someone else's orders, quoted", _finish_quoted),
    ("same as last night", _finish_repeats),
    ("statements beside orders are their reasons", _finish_context),
    ("a question to the GM is refused as one", _finish_questions),
)


def _read_text(
    reader: Reader,
    dialect: Dialect,
    written: str,
    asked: tuple[Order, ...],
    quoted: tuple[str, list[tuple[str | None, str]], list[tuple[str | None, str]] | None],
    struck: list[str],
) -> tuple[Message, str]:
    """The message of ``written`` (its terms written out), through ``STEPS`` and ``FINISH``,
    and the text it read."""
    players = reader.words.players
    text = reader.words.filler.without_away(written_out(written, reader.author, players))
    msg = Message(reader, fragments(text, players.names, dialect.grammar), asked, text, dialect)
    msg.struck = struck
    source, written_quotes, tagged = quoted
    if "[" in source or written_quotes:
        msg.quoted = quoted_of(reader, source, written_quotes, tagged)
    read_through(msg, STEPS, FINISH)
    return msg, text


def read_through(
    msg: Message,
    steps: tuple[tuple[str, Step], ...],
    finish: tuple[tuple[str, Callable[[Message], None]], ...],
) -> None:
    """Each of ``msg``'s fragments through ``steps`` until one takes it, then ``finish`` over
    what is left: the reading of a message, for each family's tables."""
    while msg.pending:
        fragment: str | None = msg.pending.popleft()
        for _, step in steps:
            fragment = step(msg, fragment)
            if fragment is None:
                break
    for _, done in finish:
        done(msg)


def read_phoned(
    first: tuple[Message, str],
    written: str,
    notes: int,
    read: Callable[[str], tuple[Message, str]],
    stopped: Callable[[], str | None] | None = None,
) -> tuple[Message, str]:
    """The message read from ``written`` and the text it read (``first``), or, when it refused
    phone writing (``_phoned_again``), the message ``read`` from that writing spelled out and
    its text, taken only when it reads more orders: else the refusals stand as written. The
    notes of the reading not taken, from index ``notes`` of the reader's, are dropped.
    ``stopped``: ``written`` as it reads with its emoji as full stops (``texting``), or None
    when the message holds none between words; asked for only after a refusal."""
    msg, text = first
    if not msg.rejected:
        return msg, text
    phoned, asked = _phoned_again(msg, written, stopped), False
    if phoned is None:
        # An order asked in another mood ("I should be obliged if Marrow were placed under my
        # protection"), read again as "let Marrow be ..." (``requested``): its frame is
        # courtesy, so that reading stands when it reads as many orders (its refusals are
        # the order's own: two choices, a missing crime, not "a condition").
        phoned, asked = plainly(written), True
        if phoned is written:
            return msg, text
    kept = msg.reader.notes[notes:]
    del msg.reader.notes[notes:]
    again, again_text = read(phoned)
    if len(again.accepted) > len(msg.accepted) or (
        asked
        and len(again.accepted) == len(msg.accepted)
        and _framed(again.rejected) < _framed(msg.rejected)
    ):
        return again, again_text
    msg.reader.notes[notes:] = kept
    return msg, text


# The refusals a request's frame draws when it is read as it is written: "if" a condition,
# "might" a doubt, a subjunctive no order.
_FRAMED = frozenset({Kind.CONDITION, Kind.QUESTION, Kind.NOT_AN_ORDER})


def _framed(rejected: list[Rejection]) -> int:
    return sum(r.kind in _FRAMED for r in rejected)


# The refusals a clause run into the next can cause: a fragment of words the reader cannot
# read as one order ("tanking for Dune tonight protect"), its target or detail lost, or an
# order put off by the phase word of the clause before ("fear-lock Lark for tomorrow
# frighten"). Never a refusal that voids what was read (a hedge, a negation, a condition, a
# question, someone else's words): an emoji inside one does not split it off.
_MISREAD = frozenset({
    Kind.NOT_AN_ORDER, Kind.NO_TARGET, Kind.AMBIGUOUS_NAME, Kind.NOT_HELD, Kind.NOT_NOW,
    Kind.MISSING_DETAIL,
})  # fmt: skip


def _phoned_again(
    msg: Message, text: str, stopped: Callable[[], str | None] | None = None
) -> str | None:
    """``text`` with its phone writing written out ("protecttt kit-kat todayyy", "assault
    tally tn": ``texting``), to be read again, when ``msg`` refused a fragment for a word it
    does not know (its order or its target: not an order, no target, a name unclear) and
    the fragment holds phone writing; else, when every refusal is one a clause run into the
    next can cause (``_MISREAD``), the text ``stopped`` gives (its emoji as full stops); None
    when neither. Only the refused fragments are searched: a message read whole pays
    nothing."""
    names, grammar = msg.reader.words.players.names, msg.reader.grammar
    for refused in msg.rejected:
        kind = refused.kind
        unknown = kind is Kind.NOT_AN_ORDER or kind is Kind.NO_TARGET
        if (unknown or kind is Kind.AMBIGUOUS_NAME) and texted(
            refused.text, names, grammar
        ) is not refused.text:
            phoned = texted(text, names, grammar)
            return None if phoned is text else phoned
    if stopped is None or any(refused.kind not in _MISREAD for refused in msg.rejected):
        return None
    again = stopped()
    return None if again is None or again == text else texted(again, names, grammar)


def parse_pm(
    state: GameState,
    author: str,
    source: str,
    asked: tuple[Order, ...] = (),
    memo: StateMemo | None = None,
    *,
    rules: Rules,
    dialect: Dialect,
) -> ParsedPM:
    """Read one private message from ``author`` in the current phase of ``state``, in the
    words of its family (``dialect``, the family's declaration: engine.families.Family).

    ``asked`` are the readings the author's previous PM in this phase was asked about ("did
    you mean 'Heal Kleene'? reply 'yes' to confirm"): a 'yes' in this one takes them. They
    are an input, as the message is, so that a replay reads the 'yes' alike. ``memo``: what
    is already known of ``state``, kept from the PMs read before in it (``StateMemo``);
    ``rules``: the rules of ``state`` (engine/orders/seam.py, engine/reading.py).

    The message is cleaned, cut into fragments, and each fragment goes through ``STEPS``;
    then ``FINISH`` reads what is left (the evidence of the fragments no plain order was
    read from, "same as last night", the reasons beside orders)."""
    if len(source) > MAX_PM_CHARS:
        reason = say("reading.too_long", length=len(source), limit=MAX_PM_CHARS)
        fix = say("reading.too_long_fix")
        refused = Rejection(shorten(source.strip(), 200), reason, fix, kind=Kind.TOO_LONG)
        return ParsedPM(author, rejected=(refused,))
    g = dialect.grammar
    own, written_quotes = text_quotes(answered(source, g.any_order_word))
    if "<" in own or ":" in own:
        own = chat_lines_read(own, lambda: own_names(state, author))
    # A line after a "--" sign-off that holds an order word anywhere ("ps: vote Miaka
    # instead") is kept: a signature kept by mistake is answered, quoted; an order dropped as
    # a signature is lost unsaid.
    cleaned, tagged = clean_and_quotes(own, keep=g.any_order_word)
    text, will = split_will(cleaned)
    hidden = 0 if source.isascii() else _hidden_characters(source)
    will_refused = None if will is None else _will_too_long(state, will)
    if will_refused is not None:
        will = None
    if memo is None:
        words = vocabulary(state)
    elif (words := memo.words) is None:
        words = memo.words = vocabulary(state)
    reader = Reader(state, author, words, rules, g, dialect.readers)
    tape, tape_refused = None, None
    if state.ruleset.has("gm_texts"):
        text, tape = split_tape(text)
        if tape is not None:
            tape, after = _tape_and_orders_after(reader, dialect, tape)
            text = f"{text}\n{after}" if after else text
        tape_refused = _tape_refused(state, author, tape)
        if tape_refused is not None:
            tape = None
    formed = dialect.forms(text)
    notes = len(reader.notes)
    # The tags already read are the source's when what was cleaned has its words: the reading
    # of chat lines rewrites a text with a time in it ("ends at 20:00" in the GM's quoted
    # post) to the same words, a new string.
    quoted = (source, written_quotes, tagged if own == source else None)
    struck = struck_lines(own)

    def stopped() -> str | None:
        # The message again with its emoji as full stops, cleaned as it was; a tape is read
        # once, as written.
        own_stopped = emoji_stopped(own) if tape is None else None
        if own_stopped is None:
            return None
        again = split_will(clean_and_quotes(own_stopped, keep=g.any_order_word)[0])[0]
        return dialect.forms(again)

    msg, text = read_phoned(
        _read_text(reader, dialect, formed, asked, quoted, struck),
        formed,
        notes,
        lambda phoned: _read_text(reader, dialect, phoned, asked, quoted, struck),
        stopped,
    )
    rejected = msg.rejected
    if text is not formed:  # words written out: each refusal quotes the sender's own words
        rejected = [replace(r, text=as_written(r.text, text, formed)) for r in rejected]
    if will_refused is not None:
        rejected.append(will_refused)
    if tape_refused is not None:
        rejected.append(tape_refused)
    if hidden:
        key = "reading.hidden_characters" if hidden > 1 else "reading.hidden_character"
        reader.notes.append(say(key, count=hidden))
    return ParsedPM(
        author,
        tuple(msg.accepted.values()),
        tuple(rejected),
        will,
        msg.unvote,
        tuple(reader.notes),
        tuple(msg.accepted),
        no_action=msg.no_action,
        tape=tape,
        taken_back=tuple(msg.taken_back),
    )


# An order written as a question ("Vote Abs?") asks the GM rather than tells: asked back. A
# request ("Could you heal Lynz?") is an order, and so is a question that is the query of an
# investigation ("Does Abs kill Kleene?"), or any order its family declares a question
# (``vocab.ASKS``: "Is Vermouth in the game?", a detection), which ``_step_read`` asks.
ASKING = "reading.asking"
HELD_FOR_ASKING = "reading.held_for_asking"
_REQUEST = lazy_compile(
    r"^\W*(?:(?:could|can|would|will)\s+(?:you|u)|please|pls|plz|kindly)\b", re.IGNORECASE
)


def _asking(order: Order, fragment: str) -> bool:
    """Whether ``order`` was written as a question the player asks, not a request. A name is
    not a question: "Kill Dr. Who?" names the player "Dr. Who?"."""
    written = fragment.rstrip(" )")
    return (
        written.endswith("?")
        and not any(
            t.endswith("?") and written.casefold().endswith(t.casefold()) for t in order.targets
        )
        and not order.queries
        and not _REQUEST.match(fragment)
        # "sweep Saffron for Killer please?": a question tagged on, which asks nothing.
        and TAG_QUESTION.search(written) is None
    )


def _question(msg: Message, fragment: str, guess: Guess) -> Rejection:
    """A fragment read only through a guess, asked back with the order it would be (issue
    11: "a reading that is plausible but not certain gets a question back ... never a silent
    guess"); the plain refusal when that reading is no order the player may give now. The
    guess is read again as the family reads (its dialect)."""
    reader = msg.reader
    order, notes = guess.order, len(reader.notes)
    if order is None and guess.written:
        meant = re.sub(
            rf"(?<!\w){re.escape(guess.written)}(?!\w)",
            lambda _: guess.meant,
            fragment,
            count=1,
            flags=re.IGNORECASE,
        )
        try:
            read_again = msg.dialect.read(reader, meant) if meant != fragment else None
        except Refusal:
            read_again = None
        order = read_again if isinstance(read_again, Order) and read_again.targets else None
    checked = _checked(reader, order, fragment) if order is not None else None
    del reader.notes[notes:]
    if isinstance(checked, tuple):
        asked = checked[0]
        order_text = asked.canonical(reader.state.ruleset.titles)
        question = say("reading.asked_back", problem=guess.problem, order=order_text)
        return Rejection(fragment, question, asks=asked, kind=guess.kind)
    if isinstance(checked, Rejection) and guess.order is not None:
        return checked
    return Rejection(fragment, str(guess), kind=guess.kind)


def _context_kept_apart(reader: Reader, rejected: list[Rejection]) -> list[Rejection]:
    """Beside orders that were understood, a statement about the game is the reasoning around
    them ("Abs has been acting weird all day. Interrogate Abs"), noted rather than refused. Alone
    it is still refused: the player may think it an order."""
    kept, no_order = [], say(NO_ORDER)
    for rejection in rejected:
        if rejection.reason.startswith(no_order) and is_statement(rejection.text, reader.grammar):
            reader.notes.append(say("reading.remark", written=rejection.text))
        else:
            kept.append(rejection)
    return kept


def _hidden_characters(source: str) -> int:
    """How many invisible format characters the message holds (the zero-width joiner of emoji
    sequences aside): the cleaning drops them, and the player is told."""
    if source.isascii():
        return 0
    # Each character beyond ASCII classed once (a format character is none of ASCII's).
    return sum(
        source.count(ch)
        for ch in set(source)
        if not ch.isascii() and ch != "\u200d" and unicodedata.category(ch) == "Cf"
    )


def _will_too_long(state: GameState, will: str | None) -> Rejection | None:
    limit = state.ruleset.option(WILL_OPTION)
    if will is None or len(will) <= limit:
        return None
    reason = say("reading.will_too_long", length=len(will), limit=limit)
    return Rejection(shorten(will, 200), reason, say("reading.shorten"), kind=Kind.TOO_LONG)


def _tape_and_orders_after(reader: Reader, dialect: Dialect, tape: str) -> tuple[str, str]:
    """The tape, and the lines after it that are orders. A tape runs over lines until the
    first later line that reads as an order the author may give now ("Kill X. Tape: I was
    here.\nSlander Y"): that line and the rest are orders again. The tape's first line is the
    tape's whatever it says, and a line that only holds an order word ("I will kill you all")
    stays in it (docs/rulings.md, "Where a tape ends")."""
    quoted = _QUOTED_TAPE.match(tape)
    if quoted is not None and quoted["after"].strip():
        # "Tape: 'Fern was the first...' (kill tbd, will send)": the tape is what the
        # quotation marks hold; the author's own words go on after them.
        return quoted["tape"], quoted["after"].strip()
    lines = tape.split("\n")
    started = False
    for i, line in enumerate(lines):
        if started and _reads_as_order(reader, dialect, line):
            return "\n".join(lines[:i]).strip(), "\n".join(lines[i:])
        started = started or bool(line.strip())
    return tape, ""


# A tape in quotation marks, and what follows its closing mark (not an apostrophe inside a
# word: "'Don't trust Abs'").
_QUOTED_TAPE = lazy_compile(
    r"(?P<tape>([\"“'‘«])(?:(?!\2).)*?(?:[\"”'’»]))(?=[\s.,;:!?)]|$)(?P<after>.*)",
    re.DOTALL,
)


def _reads_as_order(reader: Reader, dialect: Dialect, line: str) -> bool:
    """Whether the line's first fragment reads as an order the author holds a slot for now;
    reading it leaves no note behind."""
    if not reader.grammar.any_order_word(line):
        return False
    first = next(iter(fragments(line, reader.words.players.names, reader.grammar)), None)
    if first is None:
        return False
    notes = len(reader.notes)
    try:
        order = dialect.read(reader, first)
    except (Guess, Refusal):
        return False
    finally:
        del reader.notes[notes:]
    return isinstance(order, Order) and reader.holds(order.ability)


def _tape_refused(state: GameState, author: str, tape: str | None) -> Rejection | None:
    """ "The BO can leave a tape/video after each murder": a Black Org member's, sent at
    night with the kill; as long as a will may be."""
    if tape is None:
        return None
    shown = say("reading.tape", tape=shorten(tape, 200))
    player = state.players.get(author)
    if player is None or state.ruleset.role(player.role).side is not Side.BLACK_ORG:
        return Rejection(shown, say("reading.tape_black_org"), kind=Kind.NOT_HELD)
    if not state.phase.is_night:
        return Rejection(
            shown, say("reading.tape_at_night"), say("reading.tape_with_kill"), kind=Kind.NOT_NOW
        )
    limit = state.ruleset.option(WILL_OPTION)
    if len(tape) > limit:
        return Rejection(
            shorten(tape, 200),
            say("reading.tape_too_long", length=len(tape), limit=limit),
            say("reading.shorten"),
            kind=Kind.TOO_LONG,
        )
    if not tape:
        return Rejection(
            shown, say("reading.tape_empty"), say("reading.tape_what"), kind=Kind.MISSING_DETAIL
        )
    return None


def _take(
    reader: Reader, order: Order, fragment: str, accepted: dict[SlotKey, Order]
) -> Rejection | None:
    """Put ``order`` into the slot it fills, replacing or joining an earlier order for it; or
    the refusal."""
    checked = _checked(reader, order, fragment)
    if isinstance(checked, Rejection):
        return checked
    order, key = checked
    if reader.state.players[order.actor].conditions and (away := _away(reader, order)):
        return Rejection(fragment, away, say("reading.abroad_fix"), kind=Kind.NOT_NOW)
    earlier = accepted.pop(key, None)
    if earlier is not None:
        merged = _merge(earlier, order) or reader.rules.combine(earlier, order)
        if merged is None and earlier.ability != order.ability:
            # "Interrogate Abs, and SI Abs ..." from one whose line is Interrogate OR SI: both
            # halves of one choice in one message. "The last valid action ... will be the one
            # played", and the first is answered as not carried out, saying why.
            titles = reader.state.ruleset.titles
            accepted[key] = order
            return Rejection(
                earlier.text,
                say(
                    "reading.one_choice",
                    earlier=earlier.canonical(titles),
                    earlier_ability=reader.wording.title(earlier.ability, titles),
                    later_ability=reader.wording.title(order.ability, titles),
                    phase=reader.state.phase,
                    later=order.canonical(titles),
                ),
                kind=Kind.TWO_CHOICES,
            )
        if merged is None:
            reader.notes.append(
                say("reading.replaces", later=order.canonical(), earlier=earlier.canonical())
            )
        elif isinstance(again := reader.rules.check(merged, reader.slots()), str):
            accepted[key] = earlier
            return Rejection(fragment, again, kind=kind_of(again))
        else:
            order = merged
    accepted[key] = order
    return None


def _signature(fragment: str, own: str) -> bool:
    """Whether the fragment is the author's own name alone (``own``: the name casefolded): a
    signature, never an order."""
    return fragment.strip(" .,!-~").casefold() == own


def _votes_kept(reader: Reader, accepted: dict[SlotKey, Order], named: str) -> set[SlotKey]:
    """The votes read earlier in the PM that an unvote naming ``named`` leaves standing:
    those on other players (docs/rulings.md, "Reading orders written freely")."""
    if not named:
        return set()
    kept = {k for k, o in accepted.items() if o.ability == "vote" and named not in o.targets}
    for key in kept:
        reader.notes.append(
            say("reading.unvote_kept", player=named, vote=accepted[key].canonical())
        )
    return kept


def _own_label_dropped(state: GameState, author: str, fragment: str) -> str:
    """The order after the author's own name or role written as its label ("Kir: betrayal"
    from Kir, "Shinichi: interrogate Abs" from Conia who plays Shinichi)."""
    head, colon, after = fragment.partition(":")
    if not colon or not after.strip() or len(head) > 40:
        return fragment
    head = head.strip(" *-").casefold()
    player = state.players.get(author)
    if head == author.casefold() or (player is not None and head == player.role.casefold()):
        return after.strip()
    return fragment


# The preposition a change's target may open on: "(same as last night but) on Doc Hollow".
_TARGET_FIRST = lazy_compile(r"^(?:on|at|to|for|against|with|onto|upon)\s", re.IGNORECASE)


def _repeat(msg: Message, fragment: str, previous: bool, change: str) -> list[Rejection]:
    """ "Same as last night" sent alone: the author's orders of their last phase of this
    kind, each taken as if written out again (docs/rulings.md); the refusals name the order
    that would have been repeated. With a ``change`` ("... but on Pip"), the one order
    repeated is written again with it (its ability's title, then the change) and read."""
    reader, accepted = msg.reader, msg.accepted
    state, titles = reader.state, reader.state.ruleset.titles
    found = repeated(state, reader.author, previous, reader.rules.passive(), reader.grammar.words)
    if isinstance(found, str):
        fix = _what_you_can_send(reader, reader.author)
        return [Rejection(fragment, found, fix, kind=Kind.MISSING_DETAIL)]
    when, orders, lost = found
    if change:
        if len(orders) != 1 or lost:
            reason = say("reading.repeat_which", phase=when)
            return [Rejection(fragment, reason, kind=Kind.MISSING_DETAIL)]
        # "... but on Pip": the order of the phase repeated, on the one player the change
        # names; "... but first aid Kaya": the change is an order of its own.
        named = reader.names_in(change)
        rest = _TARGET_FIRST.sub("", change, count=1).strip()
        if len(named) == 1 and fold(rest) == fold(named[0]):
            orders = [replace(orders[0], targets=(named[0],), text=fragment)]
        else:
            try:
                order = msg.dialect.read(reader, change)
            except Refusal as refusal:
                return [Rejection(fragment, str(refusal), kind=refusal.kind)]
            except Guess:
                order = None
            if not isinstance(order, Order):
                return [Rejection(fragment, say(NO_ORDER), kind=Kind.NOT_AN_ORDER)]
            orders = [replace(order, text=fragment)]
    refused = [
        Rejection(
            fragment,
            say("reading.repeat_lost", ability=title, phase=when),
            kind=Kind.MISSING_DETAIL,
        )
        for title in lost
    ]
    for order in orders:
        said = order.canonical(titles)
        rejection = _take(reader, order, fragment, accepted)
        if rejection is None:
            reader.notes.append(
                say("reading.repeat_read_as", written=fragment, phase=when, order=said)
            )
        else:
            reason = say("reading.repeat_cannot", order=said, phase=when, reason=rejection.reason)
            refused.append(Rejection(fragment, reason, rejection.fix, kind=rejection.kind))
    return refused


def _with_substitutes(msg: Message, joined: str) -> bool:
    """Whether an order and the second choice after it, read as one sentence, are one order
    with a substitute (Watch, bow-tie, Black Suitcase); if so it is taken."""
    reader, dialect = msg.reader, msg.dialect
    try:
        order = dialect.read(reader, joined)
    except Refusal:
        return False
    if not isinstance(order, Order) or order.ability not in dialect.words.with_trait(
        vocab.SUBSTITUTES
    ):
        return False
    return dialect.take(reader, order, joined, msg.accepted) is None


def _killer_named(
    reader: Reader, order: Order, fragment: str, accepted: dict[SlotKey, Order]
) -> Rejection | None:
    """ "Kill Lynz. Miaka will do it.": the killer a leader names for the kill ordered before
    it in the same PM, checked as one order; with no kill before it, refused."""
    for key, earlier in accepted.items():
        if earlier.ability in reader.grammar.carried_out:
            named = replace(earlier, killer=order.killer, text=f"{earlier.text} {fragment}")
            checked = reader.rules.check(named, reader.slots())
            if isinstance(checked, str):
                return Rejection(fragment, checked, kind=kind_of(checked))
            accepted[key] = named
            return None
    return Rejection(fragment, say(NO_KILL, killer=order.killer), kind=Kind.MISSING_DETAIL)


def _checked(reader: Reader, order: Order, fragment: str) -> tuple[Order, SlotKey] | Rejection:
    """The order as it stands in the game (perhaps under another ability's name, see
    ``_alternate``) and the slot it fills, or the refusal with its fix."""
    state, slots = reader.state, reader.slots()
    titles = state.ruleset.titles
    checked = reader.rules.check(order, slots)
    if isinstance(checked, str) and reader.grammar.alternates.get(order.ability):
        # Only an order refused can be another ability's: "Heal" from Kobayashi.
        other = _alternate(reader, order, slots)
        if isinstance(other, str):
            return Rejection(fragment, other, kind=Kind.MISSING_DETAIL)
        if other is not None:
            reader.notes.append(
                say(
                    "reading.read_as_yours",
                    written=reader.wording.title(order.ability, titles),
                    ability=reader.wording.title(other.ability, titles),
                )
            )
            order = other
            checked = reader.rules.check(order, slots)
    if isinstance(checked, str):
        return Rejection(fragment, checked, _fix(reader, order, checked), kind=kind_of(checked))
    return order, checked[0]


def _alternate(
    reader: Reader, order: Order, slots: list[tuple[str, Slot]] | None
) -> Order | str | None:
    """The order under the name of the ability the player holds, when the word they wrote
    names another that the Keywords equate ("Heal" from Kobayashi is her First Aid); a reason
    to refuse when two could be meant; None when nothing else fits."""
    find_slot = reader.rules.find_slot
    if not isinstance(find_slot(order, slots), str):
        return None
    if order.ability in _held_anywhere(slots):
        # "APTX Tamsin as Ran" by night from a Gin whose APTX is a day action: the APTX is
        # meant (refused as not now), not the Black Suitcase's fake poison; Sherry's own
        # night Poison it may be.
        slots = [(key, slot) for key, slot in slots or () if not key.startswith("lent:")]
    held = [
        alt
        for name in reader.grammar.alternates.get(order.ability, ())
        if not isinstance(find_slot(alt := replace(order, ability=name), slots), str)
    ]
    if len(held) > 1:
        titles = reader.state.ruleset.titles
        names = " or ".join(reader.wording.title(o.ability, titles) for o in held)
        written = reader.wording.title(order.ability, titles)
        return say("reading.which_one", written=written, abilities=names)
    return held[0] if held else None


def _held_anywhere(slots: list[tuple[str, Slot]] | None) -> frozenset[str]:
    """The abilities the player holds of their own, in any phase (not a lent item's)."""
    return frozenset(
        use.ability
        for key, slot in slots or ()
        if not key.startswith("lent:")
        for use in slot.options
    )


def _what_you_can_send(reader: Reader, author: str) -> str:
    """The fix for an order the player cannot give now: the orders they can."""
    state, slots = reader.state, reader.slots()
    if slots is None:
        return ""
    titles: list[str] = []
    for key, slot in slots:
        if state.phase.kind not in slot.phases:
            continue
        if key.startswith("lent:") and len(slot.options) > 3:
            # The Black Suitcase lends every night action: one entry, not thirty.
            lent = reader.wording.title(key.removeprefix("lent:"), state.ruleset.titles)
            titles.append(say("reading.lent_any_night", ability=lent))
            continue
        for use in slot.options:
            title = reader.wording.title(use.ability, state.ruleset.titles)
            if title not in titles and reader.rules.in_play(use.ability):
                titles.append(title)
    if not titles:
        return say("reading.nothing_to_send", phase=state.phase)
    return say("reading.you_can_send", phase=state.phase, abilities=", ".join(titles))


def _fix(reader: Reader, order: Order | None, reason: str) -> str:
    """What to send instead, when the reason does not already say it."""
    state, author = reader.state, reader.author
    if "'" in reason or "write" in reason or "did you mean" in reason:
        return ""  # the reason quotes the expected form or names the players
    if author in state.players and not state.players[author].is_free:
        return ""  # the dead and the arrested have nothing to send
    if order is None or isinstance(reader.rules.find_slot(order, reader.slots()), str):
        return _what_you_can_send(reader, author)
    if any(t in reason for t in order.targets):
        return say("reading.choose_a_player")
    return ""


def _away(reader: Reader, order: Order) -> str:
    """Why the sender cannot use the ability now, being out of Japan, or "".

    Travel: "he is handled as if he were arrested (can't be killed in any way, can't use
    actions besides Travel and can't vote)", and the phase he is abroad or on the plane in is
    the phase the order is for, so it is refused when sent, while Travel can still be sent
    instead. Only the player's own situation: that a target is abroad or on a plane is not
    public (it tells a traveler's role), so an order on him is accepted silently and fails
    when the phase resolves, as any action on a traveler does ("that action will fail")."""
    if reader.rules.away(order):
        title = reader.wording.title(order.ability, reader.state.ruleset.titles)
        return say("reading.abroad", ability=title)
    return ""


def _merge(earlier: Order, later: Order) -> Order | None:
    """Two investigations for one slot in one PM are one list of queries; an action asked
    again ("is Frost going after Marsh? like, investigate whether Frost kills Marsh") is one
    query."""
    if earlier.ability == later.ability and earlier.queries and later.queries:
        text = f"{earlier.text}; {later.text}"
        again = tuple(q for q in later.queries if q not in earlier.queries)
        return replace(later, queries=earlier.queries + again, text=text)
    return None


# -- the evidence of fragments no plain order was read from ---------------------------------

# Of the words that void an order, the one a refusal names when several stand in a message.
_VOIDING = (
    Kind.WITHDRAWN, Kind.QUOTED, Kind.CONDITION, Kind.TWO_CHOICES, Kind.QUESTION, Kind.NOT_NOW,
    Kind.NOT_HELD,
)  # fmt: skip


def _offered_for(block: Block, order: Order, refused: Rejection | None) -> tuple[str, str] | None:
    """Two of ``order``'s players written with "or" between them, when that makes it two
    choices: the rules refuse it on too many players (one is all they allow now), or they
    take it and it names just the two ("protect Abs or Rose" by day). Three with the last
    after "or" are a list ("befriend Akonyl, Jd- or Parkur")."""
    if len(order.targets) < 2:
        return None
    if refused is None and len(set(order.targets)) != 2:
        return None
    if refused is not None and refused.kind is not Kind.BAD_TARGET:
        return None
    return offered_between(block, order.targets)


def read_evidence(msg: Message) -> None:
    """Each run of fragments no plain order was read from, read together for its evidence
    (``engine.orders.compose``): the orders it gives replace the provisional refusals; when
    it gives none, a word that voids an order there (a question, a condition, ...) names the
    refusal's kind. A run that names no order of the author's but answers the GM's quoted
    prompt ("[quote=GM]... your Protection Charm tonight?[/quote] Lucky 7 please") is read
    as that order."""
    runs = _unread_runs(msg.trace)
    if not runs:
        return
    reader, dialect = msg.reader, msg.dialect
    words, table = dialect.words, dialect.table
    held: Candidates | None = None
    # The order the GM's quoted prompt asks for: read once, and only for a run that needs it.
    prompted: str | bool | None = False  # False: not read yet
    budget = MAX_EVIDENCE_CHARS
    for run in runs:
        if budget <= 0:
            break
        block_text = "\n".join(fragment for fragment, _, _ in run)[:budget]
        budget -= len(block_text)
        if _read_whole_with_courtesy(msg, run):
            continue  # its words are the order's and its target's: no evidence of more
        found = mentions(block_text, table, reader.words.players, reader.words.roles)
        if not found:
            continue  # no word of an order, no player, role or phase: talk ("hey gm,")
        if held is None:
            # What the sender can order, asked only of a run that names something.
            held, voice = candidates(reader, words), voice_of(reader)
        if any(how == "unread" for _, how, _ in run):
            # A typo of a word of the sender's own orders ("delaing" for dealing) is it.
            found = misspelled(block_text, found, held, reader.state.ruleset.titles)
        decision = (
            settled(
                reader,
                [fragment for fragment, _, _ in run],
                partial(Block.of, block_text, found, words),
                held,
                voice,
                lambda plain: dialect.read(reader, plain),
            )
            if any(how == "unread" for _, how, _ in run)
            else None
        )
        if isinstance(decision, Refusal) or (
            decision is not None
            and dialect.take(reader, replace(decision, text=block_text), block_text, msg.accepted)
            is None
        ):
            # "Kill options. Castellan: ... Björn: ... Final answer: Dr Ferris.": the last
            # line settles what the run weighed, and the run is that one order ("Final
            # answer: Castellan or Björn.": two choices still). One the rules refuse leaves
            # the weighing to be read as before.
            provisional = [r for _, how, r in run if how == "unread" and r is not None]
            msg.rejected = [r for r in msg.rejected if not any(r is p for p in provisional)]
            if isinstance(decision, Refusal):
                msg.rejected.append(Rejection(block_text, str(decision), kind=decision.kind))
            continue
        words_at = [m.start for m in found if m.kind == "ability"]
        if len(words_at) > MAX_EVIDENCE_WORDS:
            # A wall of order words: read up to so many of them, as a GM would not read on.
            block_text = block_text[: words_at[MAX_EVIDENCE_WORDS]]
            found = [m for m in found if m.end <= len(block_text)]
        unread = any(how == "unread" for _, how, _ in run)
        if (
            unread
            and (msg.quoted or _detail_field_in(block_text))
            and any(m.kind == "player" for m in found)
            and not any(m.kind == "ability" and held.of(m.value) for m in found)
        ):
            # An order named by no word of it: the one the GM's quoted prompt asks for, or
            # the one a form's field of detail tells ("Target: Corvid / Crime: ...").
            implied = None
            if msg.quoted:
                implied = prompted = _prompted(msg, held) if prompted is False else prompted
            implied = implied or _told_by_detail(msg, held, block_text)
            if implied:
                title = reader.wording.title(implied, reader.state.ruleset.titles)
                block_text = f"{title}: {block_text}"
                found = mentions(block_text, table, reader.words.players, reader.words.roles)
        elif not unread and not any(m.kind == "ability" and held.of(m.value) for m in found):
            continue  # talk, with no word of an order of the author's
        block = Block.of(block_text, found, words)
        done, others = readings(
            block,
            reader,
            words,
            held,
            voice,
            lambda plain: dialect.read(reader, plain),
            dialect.shape,
        )
        provisional = [r for _, how, r in run if how == "unread" and r is not None]
        failed = [r for r in done if r.order is None]
        if len(failed) == len(done) and not any(
            isinstance(k, Kind)
            and (k in _VOIDING[:-1] or (k is Kind.NOT_HELD and asked_for(block.layout, m)))
            for m, k in others
        ):
            # No word of the sender's orders, or none that gives one whole: the one order
            # that takes what it names.
            tried = frozenset(
                r.ability
                for r in failed
                if r.refusal is not None
                and r.refusal.kind in UNREAD
                and not named_by_its_word(block, words, r)
            )
            fit = (
                fitted(
                    block,
                    reader,
                    held,
                    voice,
                    lambda plain: dialect.read(reader, plain),
                    dialect.shape,
                    tried,
                )
                if len(tried) == len(failed)
                else None
            )
            if isinstance(fit, Refusal) and not failed:
                msg.rejected = [r for r in msg.rejected if not any(r is p for p in provisional)]
                msg.rejected.append(Rejection(block_text, str(fit), kind=fit.kind))
                continue
            if fit is not None and not isinstance(fit, Refusal):
                done, others = [fit], []
        elif not done and others and all(k in (Kind.WITHDRAWN, TALK) for _, k in others):
            # "no scope. knife for Oakley": the order taken back is no candidate, and a deed
            # in a sentence of no order word is the one order left that takes it.
            fit = fitted(
                block,
                reader,
                held,
                voice,
                lambda plain: dialect.read(reader, plain),
                dialect.shape,
                frozenset(a for m, k in others if k is Kind.WITHDRAWN for a in m.value),
                bare=True,
            )
            if fit is not None and not isinstance(fit, Refusal):
                done, others = [fit], []
        new: list[Rejection] = []
        guessed: list[Rejection] = []
        took = ruled = weighed = False
        ruled_at: list[int] = []
        ruled_new: list[Rejection] = []
        took_at = -1  # where the last order taken was said: an edit comes after it
        decided = set(_said_after(msg.trace, run))
        held_before, notes_before = dict(msg.accepted), len(reader.notes)
        for reading in sorted(done, key=lambda r: r.at):
            if reading.order is not None:
                order = replace(reading.order, text=block_text)
                before = dict(msg.accepted)
                refused = dialect.take(reader, order, block_text, msg.accepted)
                offered = _offered_for(block, order, refused)
                if refused is None and offered is not None:
                    # "i want protect Abs or Rose" by day, when Protect may name both: two
                    # players joined by "or" are still two choices, not the order's list.
                    msg.accepted = before
                    first, second = offered
                    why = say("reading.two_choices_between", first=first, second=second)
                    refused = Rejection(block_text, why, kind=Kind.TWO_CHOICES)
                if _overruled(before, msg.accepted, decided):
                    # "Interrogate or investigate? ... Reginald is too obvious ... Thistle
                    # voted weird. Interrogating Thistle.": the order said after the run is
                    # the decision its words weighed, and nothing the weighing reads (the
                    # other choice, a name or a word weighed on the way) is carried out.
                    msg.accepted, weighed = held_before, True
                    del reader.notes[notes_before:]
                    break
                # The decision read again in the run's words is still the decision.
                decided |= {msg.accepted[k].text for k in before if before[k].text in decided}
                if refused is None:
                    took = True
                    took_at = max(took_at, reading.at)
                    reader.notes.extend(reading.notes)
                else:
                    # The order was read whole, and the rules refuse it (a day ability by
                    # night, oneself as the target): that is the reason to give.
                    ruled = True
                    if offered is not None and refused.kind is Kind.BAD_TARGET:
                        # "i want protect Onigiri or Lantern" read as both, and one is all the
                        # rules allow now: the sender offered two choices.
                        first, second = offered
                        why = say("reading.two_choices_between", first=first, second=second)
                        refused = Rejection(block_text, why, kind=Kind.TWO_CHOICES)
                    ruled_at.append(reading.at)
                    new.append(replace(refused, text=block_text))
                    ruled_new.append(refused)
            elif reading.refusal is not None:
                refusal = reading.refusal
                rejection = Rejection(block_text, str(refusal), kind=refusal.kind)
                new.append(rejection)
                if refusal.kind in UNREAD and not named_by_its_word(block, words, reading):
                    guessed.append(rejection)
        if weighed:
            # The weighing before a decision is read: it is that order's, as a run that gives
            # an order is, and its lines are not answered as orders not understood.
            msg.rejected = [r for r in msg.rejected if not any(r is p for p in provisional)]
            continue
        if took:
            # "Checking tonight whether a Ran is around" gave a Detect: that it is no whole
            # Special Investigation, whose everyday word "checking" also is, is no refusal.
            new = [r for r in new if not any(r is g for g in guessed)]
        if (
            not took
            and new
            and all(r.kind is Kind.NOT_AN_ORDER for r in new)
            and any(k in _VOIDING for _, k in others)
        ):
            # "Pip's PM reads: 'Arrest Thistle ...'. I take no action upon it": that no
            # order was meant is said by the word that voids the one named (it is quoted).
            new = []
        detail = any(r.kind is Kind.MISSING_DETAIL for r in provisional)
        if (
            not took
            and new
            and all(r.kind in UNREAD for r in new)
            and not detail
            and offered_players(block)
        ):
            # "Lynz or Parkur, heal one of them, whichever you think": players offered.
            new = [_voided(msg, block_text, Kind.TWO_CHOICES, ())]
        if not took and not new:
            kinds = [k for _, k in others if isinstance(k, Kind)]
            kind = next((k for k in _VOIDING if k in kinds), None)
            abilities: tuple[str, ...] = ()
            lacking = [r for r in provisional if r.kind is Kind.MISSING_DETAIL and r.asks is None]
            if kind is Kind.QUESTION and lacking and kinds.count(kind) == len(kinds):
                # "Sniper Rifle on Dray? no idea of her role": an order asked about that
                # the plain reader read and found lacking a detail the rules need is
                # refused for the detail; a "yes" would not carry it out, and the answer
                # says what to add. (A guess asked back, "e.g. Kleene?", is no such order.)
                msg.rejected = [r for r in msg.rejected if not any(r is p for p in provisional)]
                msg.rejected.append(replace(lacking[0], text=block_text))
                continue
            if kind is None and not detail and any(k == RIVALS for _, k in others):
                kind = Kind.TWO_CHOICES  # one word, two of the sender's abilities
                abilities = next(m for m, k in others if k == RIVALS).value
            elif kind is None and not detail and not done and offered_players(block):
                kind = Kind.TWO_CHOICES  # "north or Tea Time... either way, you choose"
            elif kind is None:
                continue
            else:
                abilities = next(m for m, k in others if k == kind).value
                if kind is Kind.NOT_HELD and len(abilities) > 1:
                    abilities = _named_alone(block, abilities)
            new.append(_voided(msg, block_text, kind, abilities))
            if kind is Kind.WITHDRAWN:
                _taken_back(msg, run, block, abilities)
        if ruled and detail:
            # The plain reader read an order and says what it lacks: its refusal stands. The
            # rules' refusal of an order the evidence read replaces only the refusal of the
            # fragment that holds it, when that one lacked no detail ("Militia — give the
            # revolver to myself, I'll double-tap": the Militia is refused as on oneself).
            held_in = _fragments_at(run, ruled_at)
            if not any(r is not None and r.kind is Kind.MISSING_DETAIL for _, _, r in held_in):
                replaced = [r for _, how, r in held_in if how == "unread" and r is not None]
                msg.rejected = [r for r in msg.rejected if not any(r is p for p in replaced)]
                text = "\n".join(fragment for fragment, _, _ in held_in)
                msg.rejected.extend(replace(r, text=text) for r in ruled_new)
            continue
        if ruled and any(_unknown_name(r) for r in provisional):
            ruled = False  # "Disguise: A, B, Xeno": that no player is Xeno is the reason
        no_order = say(NO_ORDER)
        if not (took or ruled) and not all(r.reason.startswith(no_order) for r in provisional):
            # The plain reader found the order and said what is wrong with it ("an arrest
            # needs a crime", "did not understand 'gun'"): the evidence replaces that only
            # with an order, the rules' refusal of one, or a word that voids it.
            # "Hyacinth is going behind bars tonight. ... Arrest!": a refusal for want of a
            # target gives way to the evidence's, which found the target and says what else
            # the order lacks.
            unnamed = all(r.kind in (Kind.NO_TARGET, Kind.NOT_AN_ORDER) for r in provisional)
            # "I shoot Paz with the revolver", "vigil over Otto" from one who holds neither:
            # the plain reader read no order, or none with a player ("did not understand
            # 'with the revolver'", "'over' matches no player"), and the sender orders in
            # their own voice, on a player named, an ability they do not hold: that is the
            # reason to give ("Watching Detective Conan tonight" names no player, "Following
            # Abs's posts" a thing of his).
            named = unnamed and any(
                x.kind == "player" and block.text[x.end : x.end + 2] not in ("'s", "’s")
                for x in block.found
            )
            new = [
                r
                for r in new
                if r.kind in _VOIDING[:-1]
                or (unnamed and r.kind in (Kind.MISSING_DETAIL, Kind.AMBIGUOUS_NAME))
                or (named and r.kind is Kind.NOT_HELD)
            ]
            if not new:
                continue
        msg.rejected = [r for r in msg.rejected if not any(r is p for p in provisional)]
        msg.rejected.extend(new)
        if took:
            # "Trick Mari tonight" / "edit: Brisk instead": an edit after the order read from
            # the evidence gives it its new target, as one after a plain order does. The
            # fragment the order was said in is not its edit ("ok so Grace does the hit,
            # target = Hope": "ok so" leads in the order, and Grace is its doer).
            start = 0
            for fragment, _, _ in run:
                if start > took_at and (edit := _EDIT.match(fragment)) is not None and edit.end():
                    _step_edit_target(msg, fragment)
                start += len(fragment) + 1


def _read_whole_with_courtesy(msg: Message, run: list[tuple[str, str, Rejection | None]]) -> bool:
    """Whether a run of unread fragments holds a fragment the plain reader read to its last
    word and refused for a missing detail (``Refusal.read_whole``: "Identify P36", no role),
    and else courtesy alone ("hey gm,\nIdentify P36\nty", ``Filler.courtesy``): its evidence
    is the order's words, which the plain reader read, and polite words that void nothing."""
    whole = msg.read_whole
    if not whole:
        return False
    courtesy = msg.reader.words.filler.courtesy
    found = False
    for fragment, how, refused in run:
        if any(refused is r for r in whole):
            found = True
        elif how != "quiet" or not courtesy(fragment):
            return False
    return found


def _said_after(
    trace: list[tuple[str, str, Rejection | None]], run: list[tuple[str, str, Rejection | None]]
) -> frozenset[str]:
    """The fragments read as orders after ``run`` in the message."""
    last = run[-1]
    at = next(i for i, entry in enumerate(trace) if entry is last)
    return frozenset(fragment for fragment, how, _ in trace[at + 1 :] if how == "order")


def _overruled(
    before: dict[SlotKey, Order], after: dict[SlotKey, Order], decided: set[str]
) -> bool:
    """Whether taking an order read from the evidence of a run put aside an order of the same
    slot said after that run (its text one of ``decided``) for another one; the same order
    read again ("Changed my mind, I'm abstaining today": the run's words are the order's own),
    or two investigations joined into one list of queries (``_merge``), put none aside."""
    for key, order in before.items():
        if order.text not in decided:
            continue
        now = after.get(key)
        if now is None or (
            now is not order
            and now.canonical() != order.canonical()
            and not now.text.startswith(order.text + ";")
        ):
            return True
    return False


def _named_alone(block: Block, abilities: tuple[str, ...]) -> tuple[str, ...]:
    """Of the abilities one word says ("shoot": Pistol, Sniper Rifle, Revolver), those the
    block also names by a word of their own ("with the revolver"); all when it names none."""
    alone = [
        a
        for m in block.found
        if m.kind == "ability" and len(m.value) == 1
        for a in m.value
        if a in abilities
    ]
    return tuple(dict.fromkeys(alone)) or abilities


def _fragments_at(
    run: list[tuple[str, str, Rejection | None]], at: list[int]
) -> list[tuple[str, str, Rejection | None]]:
    """The entries of ``run`` whose fragment holds one of the offsets ``at`` of the run's
    joined text (its fragments joined with a line break)."""
    found = []
    start = 0
    for entry in run:
        end = start + len(entry[0])
        if any(start <= a < end for a in at):
            found.append(entry)
        start = end + 1
    return found


def _taken_back(
    msg: Message,
    run: list[tuple[str, str, Rejection | None]],
    block: Block,
    abilities: tuple[str, ...],
) -> None:
    """An order given before a run that negates its ability and names no other target is
    taken back with it: "Heal Lynz. no heal tonight after all, I'm saving it"."""
    first = next((i for i, entry in enumerate(msg.trace) if entry is run[0]), None)
    if first is None:
        return
    before = {f for f, how, _ in msg.trace[:first] if how == "order"}
    # The players the negation names ("myself" is the author): none, or the order's own.
    named = {
        msg.reader.author if m.kind == "self" else m.value
        for m in block.found
        if m.kind in ("player", "self")
    }
    dropped = False
    for key, order in list(msg.accepted.items()):
        if order.ability in abilities and order.text in before and named <= set(order.targets):
            del msg.accepted[key]
            msg.withdrawn.append(order.text)
            msg.withdrawn_by = run[0][0].strip()
            dropped = True
    # Whom the order taken back was on: a player named ("no kill from me" names its doer).
    on = {m.value for m in block.found if m.kind == "player"}
    if not dropped and len(on) <= 1 and not msg.accepted:
        # "no kill on Birch after all" with no order of this message before it: the order
        # of an earlier message it names is taken back (``ParsedPM.taken_back``).
        target = next(iter(on), None)
        for ability in abilities:
            if ability != "vote" and msg.reader.holds(ability):
                msg.taken_back.append((ability, target))


def _unknown_name(refusal: Rejection) -> bool:
    """Whether the plain reader refused a written name that is no player's (and no common
    word it took for one, as 'for')."""
    found = _WRITTEN_NAME.match(refusal.reason)
    # A dash or a mark alone ("Militia — give ...") is no name written.
    return (
        found is not None
        and found["word"].casefold() not in COMMON
        and any(c.isalnum() for c in found["word"])
    )


_WRITTEN_NAME = phrases.gated(r"'(?P<word>[^']+)' (?:matches no player|could be)", 0)


# Free writing is read for its evidence this far (in all the message's runs of unread
# fragments together): a wall of text beyond it is read for its plain orders only (what it
# costs stays bounded whatever its shape).
MAX_EVIDENCE_CHARS = 4_000
# ... and for so many words of orders at most (what reading one costs grows with them).
MAX_EVIDENCE_WORDS = 40


def _prompted(msg: Message, held: Candidates) -> str | None:
    """The order of the author's the GM's quoted prompt asks for, when it asks for one."""
    asked: set[str] = set()
    for author, said in msg.quoted:
        if not _from_the_gm(msg.reader, author):
            continue
        for m in mentions(said, msg.dialect.table, msg.reader.words.players, None):
            if m.kind == "ability":
                asked.update(held.of(m.value))
    own = {a for a in asked if held.held.get(a) is None}
    return next(iter(own)) if len(own) == 1 else None


# A form's field of detail on a line of its own, and the shape of order that takes it:
# "Crime: killing Rookie", "For: tricking Pax" (an accusation), "Guises: Killer x3".
_DETAIL_FIELD = lazy_compile(
    r"^[\s>*\-•]*(crimes?|charge|for|guises?)\s*[:=]\s*\S", re.IGNORECASE | re.MULTILINE
)
_SHAPE_OF_DETAIL = {"crime": vocab.CRIME, "crimes": vocab.CRIME, "charge": vocab.CRIME,
                    "for": vocab.CRIME, "guise": vocab.GUISES, "guises": vocab.GUISES}  # fmt: skip


def _detail_field_in(text: str) -> bool:
    """Whether ``text`` holds a form's field of detail (a look for its mark first: most runs
    hold none)."""
    return (":" in text or "=" in text) and _DETAIL_FIELD.search(text) is not None


def _told_by_detail(msg: Message, held: Candidates, text: str) -> str | None:
    """The sender's one order now whose shape takes the form's field of detail, when the form
    names no order ("Target: Corvid / Crime: killing Rookie / Phase: N1" from one who
    arrests; "Target: Quince / Guises: Killer x3" from one who slanders). Of several such
    orders, none: which one is the sender's to say."""
    shapes = {_SHAPE_OF_DETAIL[f[1].casefold()] for f in _DETAIL_FIELD.finditer(text)}
    if len(shapes) != 1:
        return None
    shape = msg.dialect.shape
    mine = [a for a, why in held.held.items() if why is None and shape(a) in shapes]
    return mine[0] if len(mine) == 1 else None


def _unread_runs(
    trace: list[tuple[str, str, Rejection | None]],
) -> list[list[tuple[str, str, Rejection | None]]]:
    """The runs of fragments in a row that hold no order read and no refusal that stands."""
    runs: list[list[tuple[str, str, Rejection | None]]] = []
    current: list[tuple[str, str, Rejection | None]] = []
    for entry in [*trace, ("", "order", None)]:
        if entry[1] in ("unread", "quiet"):
            current.append(entry)
            continue
        if current:
            runs.append(current)
        current = []
    return runs


def _voided(msg: Message, text: str, kind: Kind, abilities: tuple[str, ...]) -> Rejection:
    """The refusal of an order the message gives only with a word that voids it."""
    reader = msg.reader
    titles = reader.state.ruleset.titles
    title = reader.wording.title(abilities[0], titles) if abilities else say("reading.voided_order")
    fix = msg.dialect.can_send(reader) if kind is Kind.NOT_HELD else ""
    if kind is Kind.NOT_NOW and abilities and not for_later(text, reader.grammar):
        # "Trick Quetzal right now" by day: not for a later phase, but an ability of
        # another kind of phase, said as validate says it.
        now = reader.state.phase.kind
        when = sorted(
            {
                k.value
                for _, slot in reader.slots() or ()
                if slot.find(abilities[0]) is not None
                for k in slot.phases
                if k != now
            }
        )
        if when:
            phase = reader.state.phase
            reason = say("cannot.not_now", ability=title, when=" and ".join(when), phase=phase)
            return Rejection(text, reason, fix, kind=kind)
    return Rejection(text, say(_VOIDED[kind], ability=title), fix, kind=kind)


# The refusal of an order given only with a word that voids it, by the kind of that word.
_VOIDED = {
    Kind.WITHDRAWN: "reading.voided_withdrawn",
    Kind.QUOTED: "reading.voided_quoted",
    Kind.CONDITION: CONDITIONAL,
    Kind.TWO_CHOICES: TWO_CHOICES,
    Kind.QUESTION: "reading.voided_question",
    Kind.NOT_NOW: "reading.voided_later",
    Kind.NOT_HELD: "reading.voided_not_held",
}


def dialect_of(
    words: vocab.Words, readers: FamilyReaders, forms: Callable[[str], str] = str
) -> Dialect:
    """A family's way of writing orders as this module reads it: its ``words``, the reader of
    plain orders (``dispatch.read``) with the family's own ``readers``, an order held in the
    slot it fills, its ``forms`` written as plain orders. What a family's package declares
    (DCTP's: engine/families/dctp/reading/)."""

    def shape(ability: str) -> str:
        say = words.say(ability)
        return say.shape if say is not None else vocab.TARGET

    return Dialect(
        words=words,
        table=evidence_table(words),
        grammar=grammar_of(words),
        read=read,
        take=_take,
        shape=shape,
        can_send=lambda reader: _what_you_can_send(reader, reader.author),
        readers=readers,
        forms=forms,
    )


def voice_of(reader: Reader) -> Voice:
    """The sender's own names: their player name, their role's name and its short forms."""
    return Voice(reader.author, own_names(reader.state, reader.author))


def own_names(state: GameState, author: str) -> frozenset[str]:
    """The author's player name, role name and its short forms, casefolded."""
    names = {author.casefold()}
    player = state.players.get(author)
    if player is not None:
        names.add(player.role.casefold())
        for alias, role in state.ruleset.role_aliases.items():
            if role == player.role:
                names.add(alias.casefold())
    return frozenset(names)
