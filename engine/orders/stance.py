"""Whether a mention of an ability in a message is the sender's order, and if it is not, why.

Chatter never voids an order: a remark, a reason, a greeting, an emoji around an order leave
it standing. Only these do, as a careful GM reads them: a negation or a withdrawal ("no kill
from me tonight"), a condition ("if he claims"), a hedge between two choices, a question
whether to do it ("should I protect Sunday?"), someone else's words ("the boss told me"), and
a later phase ("tomorrow"). And a mention that is not an order at all is talk: what happened
("I healed Ash"), what someone else does ("someone lynch him", "Abs will kill Kleene").

A message is cut into sentences (a line, or text ending in ". ! ?") and sentences into
clauses (at a comma, a colon, a dash, a bracket, "but", "so", "and"); the stance of a mention
is read in its clause and sentence.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.lazy_pattern import lazy_compile
from engine.orders import phrases
from engine.orders.evidence import PLAYER, PRONOUN, ROLE, Mention
from engine.orders.kinds import Kind

# What a mention that is no order of the sender's is: talk (it is answered as no order).
TALK = "talk"

_SENTENCE_END = lazy_compile(r"[.!?…]+(?=\s|$)|\n+")
_CLAUSE_MARK = lazy_compile(
    r"\s*(?:[,;:(){}\[\]]|\s[-–—~]+\s|[–—]|\b(?:but|so|and|because|cuz|cause|since|then|though"
    r"|although|while|except)\b)\s*",
    re.IGNORECASE,
)
_NEGATION = phrases.pattern(phrases.NEGATION)
_WITHDRAWAL = phrases.pattern(phrases.WITHDRAWAL)
_CONDITION = phrases.pattern(phrases.CONDITION)
_COURTESY_IF = phrases.pattern(phrases.COURTESY_IF)
_DOUBT = phrases.pattern(phrases.DOUBT)
# A doubt that is all of the rest of the sentence: "Heal Lynz, not sure though".
# A question tagged on an order, which asks nothing: "I'm interrogatin' Abs, 'kay?".
_TAG_QUESTION = lazy_compile(
    r"[\s,;-]*['’]?(?:ok(?:ay)?|kay|k|right|yeah|yes|alright|yep|good|got\s+it|cool|thx|thanks"
    r"|please|pls|plz)\W*\?+\W*$",
    re.IGNORECASE,
)
_ONLY_DOUBT = lazy_compile(
    rf"^[\W_]*(?:{'|'.join(phrases.DOUBT)})(?:\s+(?:tho|though|tbh|yet|lol))?[\W_]*$",
    re.IGNORECASE,
)
_ASKING = phrases.pattern(phrases.ASKING)
_REQUEST = phrases.pattern(phrases.REQUEST)
_REPORTED = phrases.pattern(phrases.REPORTED)
_LATER = phrases.pattern(phrases.LATER)
_OTHERS = phrases.pattern(phrases.OTHERS)
_OWN = phrases.pattern(phrases.OWN_VOICE)
# Words a clause may open with before its order: lead-ins, politeness, time, fillers.
_LEAD = lazy_compile(
    r"(?:(?:ok(?:ay)?|so|then|and|also|just|now|well|alright|right|hey|hi|hello|yo|oi|gm"
    r"|please|pls|plz|kindly|tonight|tonite|today|n\d+|d\d+|night\s+\d+|day\s+\d+|edit"
    r"|update|action|order|orders|target|time\s+to|going\s+to|gonna|gotta|wanna|want\s+to"
    r"|need\s+to|i\s+need\s+to|let['’]?s|first\s+thing|this\s+morning|tonight['’]?s|use|using"
    r"|my|our)\W+)*",
    re.IGNORECASE,
)
# "nobody's": a word's "'s", dropped before it is read for a negation.
_CONTRACTED = lazy_compile(r"['’]s$", re.IGNORECASE)
# What one might do, not what one does: "Gin could kill Noor", "I'd give Kes the charm but";
# what others should do: "we should vote Kleene" (a suggestion, not the sender's order).
_HYPOTHETICAL = lazy_compile(
    r"\b(?:could(?!\s+(?:you|u)\b)|might|may|would(?!\s+(?:you|u)\b)|i['’]d"
    r"|(?:we|you|u|y['’]?all|everyone|everybody|people|town)\s+(?:should|ought\s+to)"
    r"|should\s+(?:we|you|u|everyone))\b"
    r"(?:\s+\w+){0,3}\s*$",
    re.IGNORECASE,
)
# A wish that is an order all the same: "I'd like to heal Kleene", "I would rather vote Abs".
_WISH = lazy_compile(
    r"\b(?:i['’]d|i\s+would|would)\s+(?:really\s+)?(?:like|love|want|prefer|rather|better)\b",
    re.IGNORECASE,
)
# A past deed told after the order's word: "my heal on Pepper worked out", "the charm kept
# Lucky 7 alive" (up to a relative clause: "protect Abs, who was attacked").
_PAST_AFTER = lazy_compile(
    r"(?:(?!\b(?:who|that|which|whom|whose|because|since|as|if|so)\b)[^.!?;])*?"
    r"\b(?:worked|kept|saved|went|was|were|did|succeeded|failed|helped|happened"
    r"|ended|turned|paid\s+off)\b",
    re.IGNORECASE,
)
# A word after "is" is said of something, not done: "his face is charm enough".
_COPULA = lazy_compile(
    r"(?:\b(?:is|are|was|were|(?:it|that|he|she|what|there|here|who|this)['’]s))\s+"
    r"(?:(?:a|an|the|my|our|his|her|their|some|no"
    r"|such|quite|so|very|real|pure)\s+)?$",
    re.IGNORECASE,
)
# "see if he smells like the Org": an "if" that asks, not a condition.
_NOT_A_CONDITION = lazy_compile(
    r"\b(?:see|check|find\s+out|know|learn|tell\s+me|wonder|ask|whether)\s*$", re.IGNORECASE
)
# "Should Ember_Fox get lynched, ...": an "if" written as a question's order.
# The word as the subject of a statement: "Propaganda is such a fun word".
_SUBJECT_OF = lazy_compile(
    r"\s+(?:(?:is|was)\s+(?!to\b|for\b|going\b|on\b|headed\b|being\b)"
    r"|(?:sounds|seems|feels|would\s+be|means)\b)",
    re.IGNORECASE,
)
_SHOULD_IT = lazy_compile(r"^\W*should\s+(?!i\b|we\b)\w", re.IGNORECASE)
# Past tense, not passive: "I healed Ash", "done sweeping", "already voted".
_PAST_WORD = lazy_compile(r"\w+ed$|did$|done$", re.IGNORECASE)
_PASSIVE_BEFORE = lazy_compile(
    r"(?:gets?|getting|be|is\s+to\s+be|are\s+to\s+be|to\s+be|being|will\s+be|wants?\s+\w+)\s*$",
    re.IGNORECASE,
)
_DONE_BEFORE = lazy_compile(
    r"(?:done|finished|already|did|have|has|had|was|were|been)\s+(?:\w+\s+)?$", re.IGNORECASE
)
# The verbs between a player and an order word that make the player the target: "Kleene gets
# my heal", "Kes is to be put in detention", "Crowley gets a revolver round from me".
_RECEIVES = lazy_compile(
    r"^\s*(?:gets?|getting|is\s+getting|will\s+get|receives?|is\s+to\s+be|are\s+to\s+be|will\s+be"
    r"|has\s+an\s+appointment\s+with|deserves|needs|is\s+going\s+to\s+get|['’]s\s+getting"
    r"|is\s+(?:the\s+)?(?:target|one|next)|(?:is|will\s+be)\s+(?:my|our)\b)",
    re.IGNORECASE,
)
# A verb in the third person: the player before it does it ("Miaka pulls the trigger").
_THIRD_PERSON = lazy_compile(r"\w+(?<!s)s\b|does\b|is\b|has\b|goes\b", re.IGNORECASE)
# What may stand before a role that does something: "the", a lead-in.
_LEAD_ROLE = lazy_compile(r"(?i)(?:\b(?:the|our|your|idea\s+for\s+tonight|ok|so)\b|\W)+")
# Kill words whose subject is the victim: "Søren sleeps with the fishes", "Léa dies tonight".
_SUBJECT_DIES = lazy_compile(r"(?:dies|die|dead|sleeps?|goes\s+down|won)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Span:
    start: int
    end: int


# How far before a mention its clause is read for who says it and whether it is negated: a
# clause longer than this is talk before the order, not its subject.
_LOOK_BACK = 160


class Layout:
    """A text's sentences and clauses, found once (a hostile text of thousands of mentions is
    read in one pass, not once per mention): a sentence ends at a line's end or after ". ! ?"
    (never inside a mention: "Dr. Loaf", "Ink."); a clause at a comma, a colon, a dash, a
    bracket, "but", "so", "and"."""

    def __init__(self, text: str, found: Sequence[Mention]) -> None:
        self.text = text
        self.found = found
        self.found_starts = [m.start for m in found]
        inside = _Inside(found)
        self.sentences: list[Span] = []
        start = 0
        for mark in _SENTENCE_END.finditer(text):
            if inside.holds(mark.start()):
                continue
            if text[start : mark.start()].strip():
                self.sentences.append(Span(start, mark.end()))
            start = mark.end()
        if text[start:].strip() or not self.sentences:
            self.sentences.append(Span(start, len(text)))
        self._starts = [s.start for s in self.sentences]
        inside = _Inside(found)
        self._marks = [
            (m.start(), m.end()) for m in _CLAUSE_MARK.finditer(text) if not inside.holds(m.start())
        ]
        self._mark_starts = [a for a, _ in self._marks]
        self._said: dict[int, _Said] = {}
        self._clauses: dict[int, tuple[bool, bool]] = {}

    def sentence(self, at: int) -> Span:
        i = max(0, bisect.bisect_right(self._starts, at) - 1)
        return self.sentences[i]

    def clause(self, at: int) -> Span:
        sentence = self.sentence(at)
        i = bisect.bisect_right(self._mark_starts, at)
        start = sentence.start
        if i and self._marks[i - 1][1] <= at and self._marks[i - 1][0] >= sentence.start:
            start = self._marks[i - 1][1]
        end = sentence.end
        if i < len(self._marks) and self._marks[i][0] < sentence.end:
            end = self._marks[i][0]
        return Span(start, max(start, end))

    def doubted(self, clause: Span) -> tuple[bool, bool]:
        """Whether a clause holds a doubt, and a later phase (found once per clause)."""
        found = self._clauses.get(clause.start)
        if found is None:
            said = self.text[clause.start : clause.end]
            found = self._clauses[clause.start] = (
                bool(_DOUBT.search(said)),
                bool(_LATER.search(said)),
            )
        return found

    def said(self, sentence: Span) -> _Said:
        """What a sentence says that voids an order in it, found once per sentence."""
        found = self._said.get(sentence.start)
        if found is None:
            found = self._said[sentence.start] = _Said(self.text[sentence.start : sentence.end])
        return found


class _Inside:
    """Whether a position lies inside one of the mentions (asked in increasing order)."""

    def __init__(self, found: Sequence[Mention]) -> None:
        self._spans = sorted((m.start, m.end) for m in found)
        self._i = 0

    def holds(self, at: int) -> bool:
        spans = self._spans
        while self._i < len(spans) and spans[self._i][1] <= at:
            self._i += 1
        return self._i < len(spans) and spans[self._i][0] < at


class _Said:
    """A sentence's voiding words: a question, a condition, a withdrawal."""

    __slots__ = ("asking", "condition", "question", "withdrawal")

    def __init__(self, said: str) -> None:
        self.asking = bool(_ASKING.search(said))
        asked = _TAG_QUESTION.sub("", said.rstrip())  # "..., 'kay?" asks for no answer
        self.question = asked.rstrip().endswith("?") or self.asking
        conditional = _CONDITION.search(said)
        while conditional is not None and _NOT_A_CONDITION.search(said, 0, conditional.start()):
            conditional = _CONDITION.search(said, conditional.end())  # "see if he smells ..."
        self.condition = (
            bool(conditional) and not _COURTESY_IF.search(said, conditional.start())
        ) or bool(_SHOULD_IT.match(said))
        withdrawal = _WITHDRAWAL.search(said)
        self.withdrawal = -1 if withdrawal is None else withdrawal.start()


@dataclass(frozen=True)
class Voice:
    """Who the sender is in their own words: their name and their role's names, which they
    may write in the third person ("Chianti here, snipin' Brisk")."""

    sender: str
    names: frozenset[str]


def stance(
    layout: Layout,
    mention: Mention,
    found: Sequence[Mention],
    voice: Voice,
    *,
    asks: bool = False,
) -> Kind | str | None:
    """None when ``mention`` (of an ability) is the sender's order; else a ``Kind`` that voids
    it (a negation, a condition, a question, a doubt, someone else's words, a later phase), or
    ``TALK``. ``asks``: the ability is asked as a question ("how old is Abs?")."""
    text = layout.text
    sentence = layout.sentence(mention.start)
    clause = layout.clause(mention.start)
    said = layout.said(sentence)
    near = max(clause.start, mention.start - _LOOK_BACK)
    before = text[near : mention.start]
    if _negated(before):
        return Kind.WITHDRAWN
    if said.withdrawal >= 0 and sentence.start + said.withdrawal > mention.start:
        return Kind.WITHDRAWN  # "Heal Lynz... actually never mind"
    if _past(before, mention) or _past_after(text, clause, mention):
        return TALK
    if _COPULA.search(before) or _SUBJECT_OF.match(text, mention.end):
        # "his face is charm enough", "Propaganda is such a fun word": a word in a
        # statement, not a deed.
        return TALK
    doubt, later = layout.doubted(clause)
    if _HYPOTHETICAL.search(before) and not _WISH.search(before):
        # "Gin could kill Noor", "I'd give Kes the charm but ...": talk, or a doubt.
        return Kind.QUESTION if doubt else TALK
    subject = _subject(layout, near, mention, voice)
    if subject is not None:
        return subject
    start = max(sentence.start, mention.start - _LOOK_BACK)
    if _REPORTED.search(text, start, mention.start) and not _OWN.match(before.strip()):
        return Kind.QUOTED  # "the boss told me: kill Abs" (an order, in someone else's words)
    asked_here = said.question and (
        said.asking or _ends_asking(text[clause.start : min(sentence.end, clause.end + 2)])
    )
    if asked_here and not (asks or _REQUEST.search(text, start, mention.start)):
        return Kind.QUESTION
    if said.asking and not asks:
        return Kind.QUESTION
    if said.condition:
        return Kind.CONDITION
    after = text[clause.end : min(sentence.end, clause.end + _LOOK_BACK)]
    if doubt or _ONLY_DOUBT.match(after):
        return Kind.QUESTION
    if later:
        return Kind.NOT_NOW
    return None


def in_own_voice(layout: Layout, mention: Mention) -> bool:
    """Whether the sender says the mention as their own order in so many words: it opens its
    clause ("Kill Pepper"), or follows "I", "we", "let me" ("I'll kill Pepper")."""
    clause = layout.clause(mention.start)
    before = layout.text[max(clause.start, mention.start - _LOOK_BACK) : mention.start]
    lead = _LEAD.match(before)
    head = before[lead.end() if lead else 0 :].strip()
    return not head or bool(_OWN.fullmatch(head)) or head.casefold() in ("i", "we", "let me")


def _ends_asking(clause: str) -> bool:
    """Whether the clause of a mention is itself asked ("Vote Abs?"), not a question after
    it about what the order will tell ("Sniffing out Ink. today — scent or no scent?")."""
    return _TAG_QUESTION.sub("", clause.rstrip()).rstrip().endswith("?")


def _past_after(text: str, clause: Span, mention: Mention) -> bool:
    """A past deed told of the order's word after it in its clause ("my heal on Pepper
    worked out")."""
    return bool(_PAST_AFTER.match(text, mention.end, min(clause.end, mention.end + _LOOK_BACK)))


def _negated(before: str) -> bool:
    """A negation close before the mention in its clause: "no kill from me", "not
    detaining anybody", "skipping detect", "(No interrogation this time.)"."""
    words = [_CONTRACTED.sub("", w) for w in before.split()[-3:]]
    return any(_NEGATION.fullmatch(word.strip(".,!?;:'\"()").lower()) for word in words) or (
        bool(_NEGATION.search(" ".join(words)))
    )


def _past(before: str, mention: Mention) -> bool:
    """Whether the mention is a past deed ("I healed Ash", "done sweeping", "he voted"), not
    a passive order ("gets summoned", "is to be handed")."""
    word = mention.text.split()[0] if mention.text.split() else mention.text
    if _PAST_WORD.search(word) and not _PASSIVE_BEFORE.search(before):
        return True
    return bool(word.lower().endswith("ing") and _DONE_BEFORE.search(before)) and not (
        re.search(r"\b(?:i['’]?m|am|are|we['’]?re|is)\s+$", before, re.IGNORECASE)
    )


def _subject(layout: Layout, near: int, mention: Mention, voice: Voice) -> str | None:
    """``TALK`` when the clause says that someone else than the sender does it ("someone lynch
    him", "Abs will kill Kleene"); None when the sender does (imperative, "I", "we", the
    sender's own name or role, a player who receives it: "Kleene gets my heal")."""
    text, found = layout.text, layout.found
    before = text[near : mention.start]
    lead = _LEAD.match(before)
    head = before[lead.end() if lead else 0 :].strip()
    if not head:
        return None  # the order word opens the clause: an imperative or a label
    if _OWN.match(head) or head.casefold().startswith(("i ", "i'", "i’", "we", "let me", "me ")):
        return None
    if any(n and head.casefold().startswith(n) for n in voice.names):
        return None  # "Chianti here ...", "Kogoro: ...": the sender in the third person
    i = bisect.bisect_left(layout.found_starts, near)
    player = None
    for m in found[i:]:
        if m.start >= mention.start:
            break
        if m.kind in (PLAYER, PRONOUN):
            player = m
            break
    if player is not None and player.kind == PLAYER and player.value != voice.sender:
        between = text[player.end : mention.start]
        if _RECEIVES.match(between) or _SUBJECT_DIES.match(mention.text):
            return None  # the player is the one the order falls on
        if between.strip() == "" and _THIRD_PERSON.match(mention.text):
            return TALK  # "Miaka pulls the trigger": the player does it
        if not between.strip(" ,:;-—–>→=") or re.match(r"^[\s'’s]*$", between):
            return None  # "Mitsu: kill", "Kleene's protection": a target written first
        return TALK
    if player is not None and player.kind == PRONOUN and not text[near : player.start].strip():
        return TALK  # "he will kill Kleene", "she heals him every night"
    role = next((m for m in found[i:] if m.start < mention.start and m.kind == ROLE), None)
    if (
        role is not None
        and str(role.value).casefold() not in voice.names
        and not _LEAD_ROLE.sub("", text[near : role.start]).strip()
    ):
        return TALK  # "Gin could kill Noor": another role does it
    if _OTHERS.match(head):
        return TALK  # "someone lynch him", "they should vote Abs"
    return None
