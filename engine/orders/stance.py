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
from functools import lru_cache
from itertools import pairwise

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import phrases, vocab
from autogm.engine.orders.evidence import (
    ABILITY,
    AMBIGUOUS,
    PHASE,
    PLAYER,
    PRONOUN,
    ROLE,
    SELF,
    Mention,
)
from autogm.engine.orders.grammar import Grammar
from autogm.engine.orders.kinds import Kind


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


# What a mention that is no order of the sender's is: talk (it is answered as no order).
TALK = "talk"

# ... a closing quotation mark after the end is the sentence's ('... go through me." I'll',
# "'... instead of Detect.' — detect Heiji": a rule quoted ends before the sender's words).
_SENTENCE_END = lazy_compile(r"[.!?…]+[\"”»'’]*(?=\s|$)|\n+")
# A dot that ends a short form, not a sentence: "e.g. Tobiah", "Dr. Loaf", "etc. and".
_ABBREVIATION = phrases.gated(
    r"(?<![\w'’])(?:e\.g|i\.e|etc|vs|cf|approx|dr|mr|mrs|ms|st|jr|sr|lt|sgt|insp|det)\.$",
    re.IGNORECASE,
)
# "No. 5" shortens a number; "hmm no. Noor_K gets it" is a "no" that ends its sentence.
_NUMERO = phrases.gated(r"(?<![\w'’])no\.\s*#?\d", re.IGNORECASE)
_CLAUSE_MARK = lazy_compile(
    r"\s*(?:[,;:(){}\[\]]|\s[-–—~]+\s|[–—]|\b(?:but|so|and|because|cuz|cause|since|then|though"
    r"|although|while|except)\b)\s*",
    re.IGNORECASE,
)
_NEGATION = phrases.pattern(phrases.NEGATION)

# An aside in brackets, short and on one line: a sentence's end inside it ends the aside's
# thought, not the sentence ("grill Lumen tonight (my interrogate? the one that stops
# their actions)": the question is about the word).
_ASIDE = lazy_compile(r"\([^()\n]{1,120}\)")


def asides(text: str) -> list[tuple[int, int]]:
    """The spans inside the brackets of ``text``'s short asides, in order of position."""
    if "(" not in text:
        return []
    return [(m.start() + 1, m.end() - 1) for m in _ASIDE.finditer(text)]


def opening(text: str, sentence: Span) -> int:
    """Where a sentence's own words start, past its lead-ins ("Hi, ", "ok so ", "Tonight: ")."""
    said = text[sentence.start : sentence.end]
    lead = _LEAD.match(said)
    head = said[lead.end() if lead else 0 :].lstrip(" \t\n-*>•:")
    return sentence.end - len(head) if head else sentence.start


def _outside_asides(text: str) -> str:
    """``text`` with its short asides in brackets blanked out, as long as it was."""
    for a, b in asides(text):
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def _in_aside(spans: list[tuple[int, int]], at: int) -> bool:
    i = bisect.bisect_right(spans, (at, 1 << 62)) - 1
    return i >= 0 and spans[i][0] <= at < spans[i][1]


WITHDRAWAL = phrases.pattern(phrases.WITHDRAWAL)
# ... up to the word, in its clause: "is it called smear or slander?".
_NAMING = lazy_compile(rf"(?:{'|'.join(phrases.NAMING)})[^.!?\n]{{0,40}}$", re.IGNORECASE)
_CONDITION = phrases.pattern(phrases.CONDITION)
_COURTESY_IF = phrases.pattern(phrases.COURTESY_IF)
_DOUBT = phrases.pattern(phrases.DOUBT)
# A doubt that is all of the rest of the sentence: "Heal Lynz, not sure though".
# A question tagged on an order, which asks nothing: "I'm interrogatin' Abs, 'kay?".
# A tag is a word of its own: "Vote Frank?" asks, though "Frank?" ends as "k?" does.
TAG_QUESTION = lazy_compile(
    r"[\s,;-]*['’]?\b(?:ok(?:ay)?|kay|k|right|yeah|yes|alright|yep|good|got\s+it|cool|thx|thanks"
    r"|please|pls|plz)\W*\?+\W*$",
    re.IGNORECASE,
)
# A feeling about the deed governing the order's word (``phrases.FEAR``): "scared to use the
# ", "nervous about "; and the same feeling denied ("not scared to"), which is resolve.
_FEARED = lazy_compile(
    rf"(?<![\w'’])(?:{'|'.join(phrases.FEAR)})\s+(?:to|of|about|at)\s+"
    r"(?:[^\W\d_][\w'’-]*\s+){0,3}$",
    re.IGNORECASE,
)
# ... looked for in a message once (``Layout.fears``): most hold no word of feeling.
_FEAR = phrases.pattern(phrases.FEAR)
_FEAR_DENIED = lazy_compile(
    r"(?:\bnot|\bnever|n['’]t|\bno\s+longer)\s+(?:(?:at\s+all|even|really|so|too|that)\s+)?$",
    re.IGNORECASE,
)
# The order's word heading a list of its candidates, its sentence ending there: "Kill options.",
# "heal candidates:\n" (the players weighed follow in sentences of their own; a line that
# settles them, "Final answer: Conia", gives the order: engine/orders/decision.py).
_CANDIDATES_HEAD = lazy_compile(
    r"[ \t]+(?:options?|candidates?|choices|shortlist|short\s+list|possibilities|ideas)"
    r"(?:[ \t]+(?:for[ \t]+)?(?:tonight|today|now))?[ \t]*(?:[.!…:]*[ \t]*(?:\n|$)|[.!…]+)",
    re.IGNORECASE,
)
# The ability as a thing that works, said of or asked: "the charm only works on APTX right?",
# "the pistol beats a heal?", "the detain still counts if ...": how a rule works, after its
# determiner ("the detain goes to Velvet" gives a target: "goes" is no such verb).
_DETERMINED = lazy_compile(
    r"(?:(?<![\w'’])(?:the|a|an|my|your|this|that)|['’]s)\s+$", re.IGNORECASE
)
_WORKS_AFTER = lazy_compile(
    r"[ \t]+(?:(?:only|also|even|still|really|actually|always|never|not)[ \t]+)*"
    r"(?:(?:does|do|did|will|would|can|could)(?:n['’]?t|[ \t]+not)?[ \t]+"
    r"(?:(?:only|also|even|still|really|actually)[ \t]+)?)?"
    r"(?:works?|stops?|blocks?|beats?|counts?|appl(?:y|ies)|lasts?|affects?|overrides?"
    r"|cancels?|prevents?|stacks?|bypass(?:es)?|pierces?|ignores?)(?![\w'’])",
    re.IGNORECASE,
)
_ONLY_DOUBT = phrases.gated(
    rf"^[\W_]*(?:{'|'.join(phrases.DOUBT)})(?:\s+(?:tho|though|tbh|yet|lol))?[\W_]*$",
    re.IGNORECASE,
)
_ASKING = phrases.pattern(phrases.ASKING)
_ONLY_ASKING = phrases.pattern(phrases.ONLY_ASKING)
# A sentence opened by the verb of a question whether (``phrases.WHETHER``), after a word of
# address, with no "you" after it (a request: "could you heal Abs?").
_WHETHER = lazy_compile(
    r"[\W_]*(?:(?:hmm+|so|ok(?:ay)?|gm|but|and|well|really|honestly|also)[\W_]+)*"
    rf"(?:{'|'.join(phrases.WHETHER)})\s+(?!(?:you|u|ya|ye)(?![\w'’]))\w",
    re.IGNORECASE,
)
# A sentence that turns back from a question to the business: "Anyway, ...", "That aside, ...".
_TURN = lazy_compile(
    r"\s*(?:any\s*ways?|anyhow|regardless|in\s+any\s+case|either\s+way|that\s+aside"
    r"|moving\s+on|back\s+to\s+(?:business|the\s+(?:order|action)s?))\b",
    re.IGNORECASE,
)
_WITHHOLD = phrases.pattern(phrases.WITHHOLD)
_WITHHOLD_END = lazy_compile(rf"(?:{'|'.join(phrases.WITHHOLD)})\s*$", re.IGNORECASE)
_KEPT_FOR = phrases.pattern(phrases.KEPT_FOR)
_READY = phrases.pattern(phrases.READY)
_ABOUT_DONE = phrases.pattern(phrases.ABOUT_DONE)
_JUDGED = phrases.gated(rf"(?<![\w'’])(?:{'|'.join(phrases.JUDGED)})\s+(?:the\s+)?$")
# The noun a deed's word qualifies, which the praise is of instead: "good kill target is Lynz".
_JUDGED_NOUN = lazy_compile(r"\s+(?:target|choice|pick|option|candidate)s?\b", re.IGNORECASE)
# "The <word>" and a verb of talk in the third person after it: the word names someone who
# speaks or thinks ("The lawyer says", "the Court notes"), not the sender's deed ("Kiki's
# pistol says hi to Ana Lu" is no speaker: no "the").
_THE_BEFORE = lazy_compile(r"(?<![\w'’])the\s+$", re.IGNORECASE)
_TALK_AFTER = lazy_compile(
    r"[ \t]+(?:says|thinks|believes|feels|knows|suspects|claims|notes|observes|avers|submits"
    r"|finds\s+that|holds\s+that|doubts|agrees)(?![\w'’])",
    re.IGNORECASE,
)
_RESULT_AFTER = phrases.gated(rf"\s+(?:{'|'.join(phrases.RESULT_NOUNS)})(?![\w'’])", re.IGNORECASE)
_NOW = phrases.pattern(phrases.NOW)
# The reason's word that opens a clause, after what the sentence said first.
_REASON_OPENS = phrases.gated(
    rf"(?<![\w'’])['’]?(?:{'|'.join(phrases.REASON)})\s*$", re.IGNORECASE
)
# This phase's word negated says the order is not for now: "gonna push a Scope vote tomorrow,
# not today".
_NOT_NOW = phrases.gated(
    rf"(?<![\w'’])(?:not|n['’]t|never)\s+(?:{'|'.join(phrases.NOW)})(?![\w'’])", re.IGNORECASE
)
# A sentence that only asks whether to do what was said before: "should I?", "shall we do
# it?", "good idea?".
# ... or whether it is worth doing at all: "is it even worth it?", "worth the risk?", "would
# that even be smart?", "is there any point?" (the "?" is what asks: "worth it, trust me" and
# "it's worth it." say it is).
ONLY_WHETHER = lazy_compile(
    r"\s*(?:(?:so|but|hmm+|ok(?:ay)?|well|and)[\s,]+)?(?:(?:should|shall|can|could|may|must)\s+(?:i|we)"
    r"(?:\s+(?:really|even|though|tho|do\s+(?:it|that|this)))*"
    r"|(?:(?:is|would|will|was)\s+(?:it|that|this)\s+(?:(?:even|really|actually|still)\s+)?"
    r"(?:be\s+)?)?(?:worth\s+(?:it|the\s+\w+)|smart|wise|(?:a\s+)?good\s+idea|pointless"
    r"|a\s+waste(?:\s+of\s+\w+)?|overkill)"
    r"|(?:is\s+there\s+)?(?:any|a|even\s+a)\s+point)"
    r"(?:\s+(?:tonight|today|now|though|tho|even|really))*"
    r"[\s?!.]*\?[\s?!.]*",
    re.IGNORECASE,
)
# A sentence of one or two words and a mark: a name written again ("Lark?", "Mint, sorry.").
NAME_FIXED = lazy_compile(r"\W*[\w'’.-]+(?:\s+[\w'’.-]+)?[\s?!.,…*]*")
# A sentence that opens by negating this phase: "not tonight, I want to see him react".
NOT_NOW_OPENS = lazy_compile(
    rf"[\W_]*(?:(?:but|just|though|and)\s+)?(?:not|never)\s+(?:{'|'.join(phrases.NOW)})"
    r"(?![\w'’])",
    re.IGNORECASE,
)
# A clause that is only a later phase sets the time of its whole sentence: "Tomorrow, heal
# Abs", "tomorrow though, Kit-Kat is getting my vote", "Next night: Kleene".
_ONLY_LATER = lazy_compile(
    rf"[\W_]*(?:(?:and|but|so|ok(?:ay)?|then|maybe)\s+)?(?:{'|'.join(phrases.LATER)})"
    r"(?:\s+(?:though|tho|then|night|day|maybe|i\s+guess))?[\W_]*$",
    re.IGNORECASE,
)
_IMAGINED = phrases.pattern(phrases.IMAGINED)
_OTHER_GAME = phrases.pattern(phrases.OTHER_GAME)
_FORETOLD = phrases.pattern(phrases.FORETOLD)
_MOCKING = phrases.pattern(phrases.MOCKING)
# The sentences read for a mocking follow-up: the order's own and the next two.
_MOCKED_REACH = 3
# A signed number, or one in brackets, right before the word: what something is worth ("+3
# votes", "(2 votes)", "-1 vote").
_COUNTED = lazy_compile(r"(?:(?<!\w)[+±−-]\s*|\(\s*[+±−-]?\s*)\d+(?:[.,]\d+)?\s*[x×]?\s*$")
# Votes counted before their word: "one more vote and he's lynched", "two votes on Abs",
# "a couple more votes": the state of the count, not the sender's vote.
_VOTES_COUNTED = lazy_compile(
    r"(?<![\w'’])(?:(?:one|a|another)\s+more|(?:two|three|four|five|six|seven|eight|nine|ten"
    r"|a\s+(?:few|couple)(?:\s+of)?|\d+)(?:\s+more)?)\s+$",
    re.IGNORECASE,
)
# A past that did not happen, its condition inverted at the clause's start: "Had the
# undersigned been minded to heal Pip, he would have", "had I known, I'd have healed him".
_COUNTERFACTUAL = lazy_compile(
    r"^[\W_]*(?:(?:but|and|yet|frankly|honestly)\W+)?had\s+(?:[^\W\d_][\w'’.-]*\s+){1,3}?"
    r"(?:not\s+)?(?:been|known|wanted|thought|[^\W\d_]+ed|[^\W\d_]+en)(?![\w'’])",
    re.IGNORECASE,
)
# The word after "per", "each", "every": the ability in general, what every use of it is
# ("one damage per revolver shot", "each heal costs a night"), no use of it now.
_EACH = lazy_compile(r"(?<![\w'’])(?:per|each|every)\s+$", re.IGNORECASE)
# The word in a relative clause: said of someone, not done ("I'm the one who makes charms",
# "protect whoever gets killed", "a role who hands out heals").
_RELATIVE = lazy_compile(
    r"(?<![\w'’])(?:who|whoever|whom)\s+(?:(?:will|would|can|could|is|was|are|were|gets?"
    r"|got|also|always|usually|just|really|actually|then|does|did|do|has|have|had)\s+)*"
    r"(?:[^\W\d_]+s\s+(?:(?:out|up|a|an|the|some|all)\s+)?)?$",
    re.IGNORECASE,
)
# The word as the subject of a question, asked of the rules: "can House Search find a kill?",
# "does a heal stop a snipe?", "will the charm cover Day 2 too?".
_ASKED_OF_IT = lazy_compile(
    r"(?:^|[\W_])(?:can|could|does|do|did|will|would|is|are|should|may|might|doesn['’]?t"
    r"|won['’]?t|can['’]?t|isn['’]?t)\s+(?:(?:a|an|the|my|your|his|her|their|one|that|this)\s+)?$",
    re.IGNORECASE,
)
# The word as the subject of a question asked indirectly, of the rules: "tell me if heal
# works", "let me know whether heals stack", "I wonder if a heal stops a snipe".
_ASKED_INDIRECTLY = phrases.gated(
    r"(?<![\w'’])(?:tell\s+(?:me|us)|let\s+(?:me|us)\s+know|wonder(?:s|ed|ing)?"
    r"|ask(?:s|ed|ing)?|know|not\s+sure|idk|dunno)\s+(?:if|whether)\s+"
    r"(?:(?:a|an|the|my|your|his|her|their|one|that|this)\s+)?$"
)
# What opens someone's words just before an order's word: a quotation mark, a colon.
_QUOTE_OPENS = lazy_compile(r"(?:[\"“«„]|:\s*[\"“«„']?)\s*$")
# A quotation mark that opens someone's words just before an order's word.
_QUOTE_MARK_OPENS = lazy_compile(r"(?:[\"“«„‘]|(?<![\w'’])')\s*$")
# What opens someone's words after a verb of saying: a colon or a quotation mark, and the
# words up to the order's word ('posted: "someone arrest', 'wrote: Vodka, you kill').
_OPENS_WORDS = lazy_compile(r"\s*(?::\s*[\"“«„']?|[,]?\s*[\"“«„])[^\"“”«»„\n]*$")
# The sender as the one who says it: "I said: ...", "we posted: ...".
_OWN_SAYS = lazy_compile(r"(?<![\w'’])(?:i|we)\s+(?:\w+\s+)?$", re.IGNORECASE)
# "can I", "will you": a question about the sender's or the GM's doing, not of the rules.
_OWN_SUBJECT = lazy_compile(r"(?<![\w'’])(?:i|we|you|u)\s+\S*\s*$", re.IGNORECASE)
# "I could stop this lynch with my Voice of Reason, but ...": the sender's own modal of what
# might be, anywhere before the word in its clause (a wish, "I'd like to", is an order).
# What a wish wants, after "I'd" ("I would simply adore to", "I'd very much like to", "I
# would kindly like to": any adverb of manner).
_WISHED = (
    r"(?:(?:really|simply|very(?:\s+much)?|so|just|dearly|truly|quite|much|[^\W\d_]+ly)\s+){0,2}"
    r"(?:like|love|adore|want|prefer|rather|better|enjoy)\b"
)
_OWN_MODAL = lazy_compile(
    r"(?<![\w'’])(?:i|we)\s*(?:could|might|may|would|['’]d)(?![\w'’])(?!\s+" + _WISHED + ")",
    re.IGNORECASE,
)
# "on"/"for" between "is" and the player it names: "my heal is on Kleene".
_ON_WHOM = lazy_compile(r"(?:on|for|going\s+to|to)\s+", re.IGNORECASE)
_REQUEST = phrases.pattern(phrases.REQUEST)
_REPORTED = phrases.pattern(phrases.REPORTED)
# ... and with the rarer ways of saying whose words they are, beside a quotation mark.
_QUOTED_BY = phrases.pattern(phrases.REPORTED, phrases.QUOTING)
_LATER = phrases.pattern(phrases.LATER)
_OTHERS = phrases.pattern(phrases.OTHERS)
# The crowd addressed at the end of the order's sentence ("vote accordingly, peasants 👑",
# not "heal Abs, he's town"), or the order's target left to them ("vote accordingly").
_CROWD_END = phrases.gated(
    rf",\s*(?:(?:my|dear|fellow)\s+)*(?:{'|'.join(phrases.CROWD)})[\W_]*$"
)
_ACCORDINGLY = lazy_compile(r"\s+accordingly(?![\w'’])", re.IGNORECASE)
# The sender among those told: "let's", "we", "I".
_OWN_AMONG = lazy_compile(r"(?<![\w'’])(?:i|we|let['’]?s|let\s+us)(?![\w])", re.IGNORECASE)
# What the sender can do, right before the ability's word, said of anyone at all after it:
# "I can heal one person a night", "my role lets me protect someone".
_ABLE = phrases.gated(
    rf"(?<![\w'’])(?:{'|'.join(phrases.ABLE)})\s+(?:(?:also|only|just|even|still)\s+)?$"
)
_ANYONE_AFTER = lazy_compile(
    rf"\s+(?:(?:up|on|at|over)\s+)?(?:{'|'.join(phrases.ANYONE)})(?![\w'’])", re.IGNORECASE
)
_SENDER_TOO = phrases.pattern(phrases.SENDER_TOO)
# The sender's role or ability said to be the word after it: "my ability is heal", "my power
# is protection" (a claim, where it names no target and no phase).
_ABILITY_IS = lazy_compile(
    r"(?<![\w'’])(?:my|our)\s+(?:role['’]?s\s+)?(?:abilit(?:y|ies)|powers?|role)\s+(?:is|are)"
    r"\s+(?:(?:a|an|the)\s+)?$",
    re.IGNORECASE,
)
# A word said with its own determiner ("the kill", "my heal"): a thing had for now.
_DEFINITE = lazy_compile(r"(?:the|this|that|my|our)\s", re.IGNORECASE)
# The ability's word right after what the sender says they hold (``phrases.HOLDS``), as a
# role's ("i have house search", "I've got a heal"); not "the kill" a member of a team has
# tonight ("I have the kill, Lynz is annoying though" names who does it).
_HOLDS = phrases.gated(
    rf"(?<![\w'’])(?:{'|'.join(phrases.HOLDS)})\s+(?:(?:a|an|one)\s+)?$"
)
_OWN = phrases.pattern(phrases.OWN_VOICE)
# When or where a deed of the first person is set, before it: "For tonight's show I'll ...",
# "At midnight, I'm ...", "In the morning we ..." (a few words, no name of a player).
_SETTING = lazy_compile(
    r"(?:for|at|in|on|during|after|before|by)\s+(?:[^\W\d_][\w'’-]*\s+){0,3}?"
    r"[^\W\d_][\w'’-]*\s*,?\s*(?=(?:i|we)(?:['’]\w+)?\s)",
    re.IGNORECASE,
)
# Words a clause may open with before its order: lead-ins, politeness, time, fillers.
_LEAD = lazy_compile(
    r"(?:(?:ok(?:ay)?|so|then|and|also|just|now|well|alright|right|hey|hi|hello|yo|oi|gm"
    r"|please|pls|plz|kindly|tonight|tonite|today|n\d+|d\d+|night\s+\d+|day\s+\d+|edit"
    r"|this\s+(?:night|evening|day)"
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
# A wish that is an order all the same: "I'd like to heal Kleene", "I would rather vote Abs",
# "I should like to" (the first person's "should" of a wish, in formal English).
_WISH = lazy_compile(
    r"\b(?:i['’]d|i\s+would|would|(?:i|we)\s+should)\s+" + _WISHED,
    re.IGNORECASE,
)
# A past deed told after the order's word: "my heal on Pepper worked out", "the charm kept
# Lucky 7 alive" (up to a relative clause, with its pronoun or without, whose past is its
# noun's: "protect Abs, who was attacked", "analyze the interrogation I did last night").
_PAST_AFTER = phrases.gated(
    r"(?:(?!\b(?:who|that|which|whom|whose|because|since|as|if|so|i|we)\b)[^.!?;])*?"
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
# What the sender names as their own action before "is": "my night action is detention on
# Tam", "our move for tonight is the kill": the order itself, not a word in a statement.
_OWN_ACTION_IS = lazy_compile(
    r"(?<![\w'’])(?:my|our)\s+(?:(?:night|day|nightly|daily|first|only|one|final|main|real"
    r"|[\w-]+['’]s)\s+){0,2}(?:action|order|move|choice|pick|plan"
    r"|ability|power)s?\s+(?:(?:for|this|tonight|today)\s+(?:\w+\s+)?)?(?:is|will\s+be)\s+"
    r"(?:(?:a|an|the|my|our)\s+)?$",
    re.IGNORECASE,
)
# A verb in the progressive: "Akemi is robbing Willow", "we are killing Tamsin": a deed whose
# doer is the clause's subject (``_subject``), not a noun in a statement.
# ("this is killing me", "what is stopping us": a thing as the subject, a statement).
_PROGRESSIVE = lazy_compile(
    r"(?:^|\s)(?!(?:it|this|that|what|there|here|who|which|nothing)\s)[\w'’.-]+\s+(?:is|are|am)\s+$",
    re.IGNORECASE,
)


def _progressive(before: str, mention: Mention) -> bool:
    """Whether the copula right before the mention makes a progressive of its "-ing" word."""
    word = mention.text.split()[0] if mention.text.split() else mention.text
    return word.casefold().endswith("ing") and bool(_PROGRESSIVE.search(before))


# "that's my vote", "this is our kill": the order said just before, named as the sender's.
POINTS_BACK = (
    r"(?<![\w'’])(?:that|this)(?:['’]s|\s+is|\s+will\s+be|['’]ll\s+be)\s+(?:(?:my|our)\s+)?$"
)
_POINTS_BACK = lazy_compile(POINTS_BACK, re.IGNORECASE)
# What may end such a sentence: its phase ("that's my heal for tonight"), no hedge.
_POINTED_END = lazy_compile(
    r"(?:\s*(?:for\s+)?(?:tonight|today|this\s+(?:night|day|phase)|now))?[\s.!]*", re.IGNORECASE
)
# "in case": a condition when it opens the sentence, else the reason of the order before it.
_PRECAUTION = phrases.pattern(phrases.PRECAUTION)
# "see if he smells like the Org", "investigating if Lantern is the one attacking Rook": an
# "if" after a verb of finding out (in any form), or after the verb of a purpose, asks, it is
# not a condition.
# The family's own words for finding out come after the English verbs (``Words.finding_out``:
# DCTP's "si if ..."), then any verb of a purpose: "to smell if he's one of them", "gonna
# sniff if".
_FINDING_OUT = (
    r"\b(?:see(?:s|ing)?|check(?:s|ed|ing)?|find(?:s|ing)?\s+out|know|learn(?:ing)?"
    r"|tell\s+me|wonder(?:s|ed|ing)?|ask(?:s|ed|ing)?|whether|investigat(?:e|es|ed|ing|ion)"
    r"|look(?:s|ed|ing)?\s+into|verify(?:ing)?|confirm(?:s|ed|ing)?|test(?:s|ed|ing)?"
    r"|figur(?:e|es|ed|ing)\s+out|determin(?:e|es|ed|ing)|examin(?:e|es|ed|ing)"
    r"|prob(?:e|es|ed|ing)|dig(?:s|ging)?\s+into"
)
_PURPOSE = r"|(?:to|wanna|gonna|gotta)\s+[^\W\d_]+)\s*$"


@lru_cache(maxsize=8)
def not_a_condition(finding_out: tuple[str, ...]) -> re.Pattern[str]:
    """An "if" after a verb of finding out, English or the family's own (``finding_out``,
    patterns), or after the verb of a purpose, up to the end of the text searched."""
    own = "".join(f"|{w}" for w in finding_out)
    return lazy_compile(f"{_FINDING_OUT}{own}{_PURPOSE}", re.IGNORECASE)
# A condition closed by its own main clause and a break, a colon, a semicolon or a dash:
# what follows the break is not conditioned ("if it lands it ends the game: Expose Cass").
_CLOSED = lazy_compile(
    rf"\s+{phrases.MAIN_CLAUSE[0]}[^:;—–\n]*?(?:\s*[:;—–]|\s-+\s)", re.IGNORECASE
)
# "Should Ember_Fox get lynched, ...": an "if" written as a question's order.
# The word as the subject of a statement: "Propaganda is such a fun word".
_SUBJECT_OF = phrases.gated(
    r"\s+(?:(?:is|was)\s+(?!to\b|for\b|going\b|on\b|headed\b|being\b)"
    r"|(?:sounds|seems|feels|would\s+be|means)\b"
    # ... or of what it does as an event of the game: "before the vote closes", "when the
    # lynch happens".
    r"|(?:closes|closed|ends|ended|opens|opened|starts|started|begins|began|finishes"
    r"|finished|happens|happened|locks|locked|resolves|resolved|runs\s+out)\b)",
    re.IGNORECASE,
)
# A time told by an event of the game: "before the vote", "after tonight's kill", "until the
# lynch": the word names when, it is no order.
_TIME_BY = lazy_compile(
    r"(?<![\w'’])(?:before|after|until|till|during|since)\s+(?:the|tonight['’]?s|today['’]?s"
    r"|this)\s+$",
    re.IGNORECASE,
)
_SHOULD_IT = phrases.gated(r"^\W*should\s+(?!i\b|we\b)\w", re.IGNORECASE)
# Past tense, not passive: "I healed Ash", "done sweeping", "already voted".
_PAST_WORD = lazy_compile(r"\w+ed$|did$|done$", re.IGNORECASE)
# A choice told as made, which is made now: "we decided", "we agreed", "settled on".
_CHOSEN = phrases.gated(r"(?:decided|agreed|settled)$", re.IGNORECASE)
# A formal document's passive is performative too: "the Defendant is hereby discombobulated".
_PASSIVE_BEFORE = lazy_compile(
    r"(?:gets?|getting|be|is\s+to\s+be|are\s+to\s+be|to\s+be|being|will\s+be|wants?\s+\w+"
    r"|(?:is|are)\s+hereby)\s*$",
    re.IGNORECASE,
)
# A light verb in the past before a deed said as a noun: "had a chat", "gave my heal".
_LIGHT_PAST_BEFORE = lazy_compile(r"(?<![\w'’])(?:had|gave|took|did)\s+$", re.IGNORECASE)
_DONE_BEFORE = lazy_compile(
    r"(?:done|finished|already|did|have|has|had|was|were|been)\s+(?:\w+\s+)?$", re.IGNORECASE
)
# The verbs between a player and an order word that make the player the target: "Kleene gets
# my heal", "Kes is to be put in detention", "Crowley gets a revolver round from me".
_RECEIVES = lazy_compile(
    r"^\s*(?:gets?|(?:is\s+|['’]s\s+)?gettin(?:g|['’])?|will\s+get|receives?|is\s+to\s+be"
    r"|are\s+to\s+be|will\s+be|has\s+an\s+appointment\s+with|deserves|needs"
    r"|is\s+going\s+to\s+get|(?:is|are)\s+hereby|shall\s+(?:hereby\s+)?be"
    # A mandate, in the subjunctive: "I instruct that Pip be killed", "order that he be jailed".
    r"|be(?=\s)"
    # "the one" is whom it falls on; "one" bare counts ("Abs is one vote from the hammer").
    r"|is\s+(?:the\s+)?(?:target|next)|is\s+the\s+one\b|is\s+one(?=\s+(?:i|we|to|who|that)\b)"
    r"|(?:is|will\s+be)\s+(?:my|our)\b"
    # What the order does to them said as where they go or stand: "Kettle is under my
    # protection", "Grey Heron goes in the interrogation room", "Abs has my vote".
    # The word may stand bare after the preposition: "Quill is under arrest", "Pooja goes
    # into detention".
    r"|(?:is|are|will\s+be|stays?)\s+(?:under|in|into)(?:\s+(?:my|our|the)\b|\s*$)"
    r"|has\s+(?:my|our)\b"
    r"|(?:goes|go|is\s+going|will\s+go|gets\s+put|is\s+put)\s+(?:in|into|to|on|under)"
    r"(?:\s+(?:my|our|the|a)\b|\s*$))",
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

    def __init__(
        self, text: str, found: Sequence[Mention], finding_out: tuple[str, ...] = ()
    ) -> None:
        self.text = text
        self.found = found
        # The "if" that asks after a verb of finding out, in the family's words too.
        self._not_a_condition = not_a_condition(finding_out)
        self.found_starts = [m.start for m in found]
        inside = _Inside(found)
        self.sentences: list[Span] = []
        start = 0
        aside = asides(text) if "(" in text else []
        for mark in _SENTENCE_END.finditer(text):
            if (
                inside.holds(mark.start())
                or (aside and mark.group()[0] != "\n" and _in_aside(aside, mark.start()))
                or _ABBREVIATION.search(text, 0, mark.end())
                or _NUMERO.match(text, max(0, mark.start() - 2), mark.end() + 4)
            ):
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
        self._clauses: dict[int, tuple[bool, list[tuple[int, int]]]] = {}
        self._timed: dict[int, bool] = {}
        self._not_now: dict[int, list[int]] = {}
        self._last_withdrawal: int | None = None
        self._fears: bool | None = None
        # Each mention's stance, by the mention's ``id`` (each of ``found`` lives as long as
        # this layout): the evidence's readings and its fitting ask it of the same words.
        self._stances: dict[tuple[int, Voice, bool], tuple[Mention, Kind | str | None]] = {}
        # "Just asking", "hypothetically": the message asks, and orders nothing.
        asking = _ONLY_ASKING.search(text)
        self.only_asking = asking is not None
        self._asked_until = -1 if asking is None else asking.end()

    def asks_only(self, sentence: Span) -> bool:
        """Whether the message only asks where ``sentence`` stands: a sentence after the
        question that turns back to business ("Quick question, ... do I get hurt too?
        Anyway, I'm guarding Tamsin tonight") is said as an order again."""
        return self.only_asking and not (
            sentence.start >= self._asked_until and _TURN.match(self.text, sentence.start)
        )

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

    def doubted(self, clause: Span, mention: Mention) -> tuple[bool, bool]:
        """Whether a clause holds a doubt, and a later phase (found once per clause). A later
        phase inside the order's own words ("the one who won't wake up tomorrow") or beside
        this phase's in its sentence ("tonight ... see you all tomorrow") does not make it an
        order for later."""
        found = self._clauses.get(clause.start)
        if found is None:
            said = self.text[clause.start : clause.end]
            later = [m.span() for m in _LATER.finditer(said)]
            sentence = self.sentence(clause.start)
            if not later:
                # "tomorrow though, Kit-Kat is getting my vote": a clause of the sentence
                # that is only a later phase sets its time.
                later = [(-1, -1)] * self.timed_later(sentence)
            # This phase said anywhere in the sentence makes it an order for now ("tonight ...
            # see you all tomorrow"), unless the later phase stands in the order's own clause
            # and this phase only in another ("Tomorrow night I'll frighten Quarry, tonight
            # I'm resting": tonight is the rest's time, not the frighten's).
            own_later = bool(later) and later[0][0] >= 0
            if later and (self.now(clause) if own_later else self.now(sentence)):
                later = []
            found = self._clauses[clause.start] = (bool(_DOUBT.search(said)), later)
        doubt, later = found
        offset = clause.start
        return doubt, any(
            a < 0 or not (mention.start <= offset + a < mention.end)
            for a, _ in later  # type: ignore[misc]
        )

    def fears(self) -> bool:
        """Whether the text holds a word of feeling about a deed (``phrases.FEAR``), found
        once: the test of the words before each mention is made only then."""
        if self._fears is None:
            self._fears = _FEAR.search(self.text) is not None
        return self._fears

    def now(self, sentence: Span) -> bool:
        """Whether the sentence says this phase, and not "not today"."""
        return _now_said(self.text, sentence.start, sentence.end)

    def timed_later(self, sentence: Span) -> bool:
        """Whether a clause of the sentence is only a later phase ("Tomorrow, heal Abs",
        "tomorrow though, Kit-Kat gets my vote"), which sets the time of all of it (found once
        per sentence)."""
        found = self._timed.get(sentence.start)
        if found is None:
            i = bisect.bisect_left(self._mark_starts, sentence.start)
            start, found = sentence.start, False
            for a, b in [*self._marks[i:], (sentence.end, sentence.end)]:
                end = min(a, sentence.end)
                if _ONLY_LATER.match(self.text, start, end) and end - start < 40:
                    found = True
                    break
                if a >= sentence.end:
                    break
                start = b
            self._timed[sentence.start] = found
        return found

    def withdrawn_next(self, sentence: Span) -> bool:
        """Whether the sentence after ``sentence`` opens by taking it back ("*polishes
        pistol* Dolores better watch out. jk, I'm passing", "I'll charm whoever... jk")."""
        i = bisect.bisect_right(self._starts, sentence.start)
        if self._last_withdrawal is None:
            # Where the text's last words of withdrawal start, looked for once (most texts
            # hold none): no sentence after it is taken back.
            found = [m.start() for m in WITHDRAWAL.finditer(self.text)]
            self._last_withdrawal = found[-1] if found else -1
        if i >= len(self.sentences) or self._last_withdrawal < self.sentences[i].start:
            return False
        while i < len(self.sentences):
            after = self.sentences[i]
            lead = _TAKEN_BACK_LEAD.match(self.text, after.start, after.end)
            at = lead.end() if lead else after.start
            found = WITHDRAWAL.match(self.text, at, after.end)
            if found is not None:
                return not OF_OTHER.match(self.text, found.end(), after.end)
            # "2. Upon further reflection, the undersigned hereby withdraws the instruction
            # in clause 1": the sender's withdrawal later in the sentence, after words that
            # name no order and no player, and not negated ("I'm not kidding").
            # Not one that names the order it takes back ("ooc: cancel my kill on Tomás": that
            # order, not the sentence before), nor one on a condition ("Otherwise please
            # disregard": the else of the condition before).
            found = own_withdrawal(self.text, at, after.end)
            if (
                found is not None
                and not self._names(at, found.end())
                and not _NOT_BEFORE.search(self.text, at, found.start())
                and not any(c.search(self.text, at, found.start()) for c in _OTHERWISE)
            ):
                return True
            if len(self.text[after.start : after.end].split()) > 1:
                return False  # a sentence of its own between ("Otherwise please")
            i += 1  # "2.", "Hmm.": nothing said between the order and what takes it back
        return False

    def _names(self, start: int, end: int) -> bool:
        """Whether an order's word, a player or a role stands in start:end (a pronoun does
        not say what: "on the advice of his colleagues")."""
        i = bisect.bisect_left(self.found_starts, start)
        while i < len(self.found) and self.found_starts[i] < end:
            if self.found[i].kind in (ABILITY, PLAYER, AMBIGUOUS, ROLE):
                return True
            i += 1
        return False

    def mocked(self, sentence: Span) -> bool:
        """Whether ``sentence`` or one of the two after it mocks what it says ("let's all
        vote Haze. That went SO well last game.", "kill Lynz /s"): sarcasm, which orders
        nothing. A GM reads sarcasm from its marks around the order, not from the order."""
        i = bisect.bisect_left(self._starts, sentence.start)
        last = self.sentences[min(len(self.sentences), i + _MOCKED_REACH) - 1]
        return _MOCKING.search(self.text, sentence.start, max(last.end, sentence.end)) is not None

    def asked_next(self, sentence: Span) -> bool:
        """Whether the sentence after ``sentence`` only asks whether to do it ("Marsh asked
        me to protect him tonight... should I?")."""
        i = bisect.bisect_right(self._starts, sentence.start)
        if i >= len(self.sentences):
            return False
        after = self.sentences[i]
        if (
            i + 1 < len(self.sentences)
            and NAME_FIXED.fullmatch(self.text, after.start, after.end)
            and self._names(after.start, after.end)
        ):
            # "protect Lakr... Lark? worth it tho?": the target's name written again, as its
            # own sentence, stands between the order and what asks of it.
            after = self.sentences[i + 1]
        return ONLY_WHETHER.fullmatch(self.text, after.start, after.end) is not None

    def not_now_after(self, sentence: Span, mention: Mention) -> bool:
        """Whether this phase is negated after ``mention``, in its sentence or opening the
        next ("arresting Vex for the kill. not tonight, I want to see him react"): the order
        is not for now."""
        found = self._not_now.get(sentence.start)
        if found is None:
            # Found once per sentence, whatever number of mentions it holds.
            found = self._not_now[sentence.start] = [
                m.start() for m in _NOT_NOW.finditer(self.text, sentence.start, sentence.end)
            ]
        if found and found[-1] >= mention.end:
            return True
        i = bisect.bisect_right(self._starts, sentence.start)
        if i >= len(self.sentences):
            return False
        after = self.sentences[i]
        return NOT_NOW_OPENS.match(self.text, after.start, after.end) is not None

    def said(self, sentence: Span) -> _Said:
        """What a sentence says that voids an order in it, found once per sentence."""
        found = self._said.get(sentence.start)
        if found is None:
            found = self._said[sentence.start] = _Said(
                self.text[sentence.start : sentence.end], self._not_a_condition
            )
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


# After a word of withdrawal, its own object: "never mind what Grace said".
OF_OTHER = lazy_compile(
    rf"[ \t]+(?:{'|'.join(phrases.WITHDRAWAL_OF_OTHER)})(?![\w'’])", re.IGNORECASE
)


def own_withdrawal(text: str, start: int = 0, end: int | None = None) -> re.Match[str] | None:
    """The first words of ``text[start:end]`` that take back the sender's own words ("scratch
    that", "cancel my kill"), past those that take their own object ("never mind what Grace
    said, scratch that": the second). The stance and the steps of ``parse_pm`` both ask it."""
    end = len(text) if end is None else end
    found = WITHDRAWAL.search(text, start, end)
    while found is not None and OF_OTHER.match(text, found.end(), end):
        found = WITHDRAWAL.search(text, found.end(), end)  # "disregard the rumours"
    return found


# The words of a condition or its other branch before a withdrawal: "otherwise, disregard".
# Each class apart (``phrases.classes``): only whether one stands is asked.
_OTHERWISE = phrases.classes(phrases.CONDITION, ("otherwise", "else", r"if\s+not"))
# A negation just before words of withdrawal: "not kidding", "I won't take it back".
_NOT_BEFORE = lazy_compile(r"(?:\bnot|n['’]t)\s+$", re.IGNORECASE)
# What may stand before the words that take back the sentence before: "ok", "lol", "wait".
_TAKEN_BACK_LEAD = lazy_compile(
    r"[\W_]*(?:(?:ok(?:ay)?|so|actually|wait|hmm+|ugh|sorry|no|nah|lol|haha\w*|lmao|edit"
    r"|p\.?\s*s)(?![\w'’])[\W_]*)*",
    re.IGNORECASE,
)


def _withheld(layout: Layout, clause: Span, before: str, mention: Mention) -> bool:
    """ "Saving my bribe for a rainy day", "keeping the charm": the ability kept, not used
    (but "keep my protection on Kleene" names whom it is used on, and "keeping the sawed-off
    under the counter" holds it ready)."""
    stays = _STAYS.match(layout.text, mention.end)
    if stays is not None:
        # "the shotgun stays on the wall tonight": the item kept where it is, unused (but
        # "the sawed-off stays loaded" is held ready).
        return not _READY.search(layout.text, stays.end(), clause.end)
    own = _OWNED_WORD.match(mention.text)
    if own is not None:
        before += own.group()  # "I shall hold my vote until the evening": "my" is the word's
    if not _WITHHOLD.search(before[-40:]) or _WITHHOLD_END.search(before) is None:
        return False
    text = layout.text
    if _KEPT_FOR.search(text, mention.end, clause.end):
        return True
    if _READY.search(text, mention.end, clause.end):
        return False  # "keeping the sawed-off under the counter tonight": held ready, used
    return not any(
        m.kind in (PLAYER, SELF) and mention.end <= m.start < clause.end for m in layout.found
    )  # "keeping the charm for myself": kept for someone is given to them


# Whose the ability is, written as part of its word ("my vote"): kept, it is withheld.
_OWNED_WORD = lazy_compile(r"(?:my|our|the)\b", re.IGNORECASE)
# The word as the subject of "stays": an item kept where it is ("stays on the wall").
_STAYS = lazy_compile(
    r"\s+(?:stays|remains|sits|rests|stay|remain|is\s+staying|will\s+stay|stays\s+put)\b",
    re.IGNORECASE,
)
# What a deed done to a player is said to be, weighed, not done: "Abducting Gus would be a
# waste", "Healing Abs seems pointless"; or what it would do, imagined ("Shooting Lumen would
# do what, exactly?", "Blocking Rook tonight would be so me", "Jailing him would backfire"),
# past the phase it is for and an honorific after the name ("Rook-kun").
_WEIGHED = phrases.gated(
    rf"(?:{phrases.HONORIFIC})?(?:\s*,?\s+(?:{'|'.join(phrases.NOW)}))?"
    r"\s+(?:would(?:\s+not|n['’]t)?\s+(?!you\b|u\b)[^\W\d_]+|would['’]ve\s+been"
    r"|seems|sounds|feels|looks)\b",
    re.IGNORECASE,
)


# Between a deed's word and whom it is done to: nothing, or "on", "for", "against".
_ON_ONE = lazy_compile(r"[ \t]*(?:(?:on|for|of|against|at)[ \t]+)?", re.IGNORECASE)


def _statement_of(layout: Layout, mention: Mention) -> bool:
    """ "Propaganda is such a fun word": the word as the subject of a statement; but not when
    what it is is a player ("the kill is Fennel", "my heal is on Kleene") or the sender's
    ("the hit is mine this time -> Echo": whose the deed is among the team's)."""
    said = _SUBJECT_OF.match(layout.text, mention.end)
    if said is None:
        # "Abducting Gus would be a waste", "A house search on Ash would be nice": the deed
        # and whom it is done to, weighed.
        i = bisect.bisect_right(layout.found_starts, mention.start)
        after = layout.found[i] if i < len(layout.found) else None
        if (
            after is not None
            and after.kind == PLAYER
            and _ON_ONE.fullmatch(layout.text, mention.end, after.start)
            and _WEIGHED.match(layout.text, after.end)
        ):
            return True
    if said is None:
        return False
    after = said.end()
    on = _ON_WHOM.match(layout.text, after)
    at = _mention_at(layout, on.end() if on else after)
    if (
        at is not None
        and at.kind == SELF
        and at.text.casefold() == "mine"
        and said.group().split()[0].casefold() == "is"
    ):
        return False
    return at is None or at.kind != PLAYER


_CONSEQUENCE = phrases.pattern(phrases.CONSEQUENCE)


def _owns_consequence(said: str, at: int) -> bool:
    """Whether the condition at ``at`` comes after words of the sentence and holds its own
    main clause, someone else's deed to come ("I'm protecting Verity today — if the noose
    comes for her it will have to come through me"): it conditions that clause only."""
    return bool(said[:at].strip(" \t\n-–—*>•:")) and _CONSEQUENCE.match(said, at) is not None


class _Said:
    """A sentence's voiding words: a question, a condition, a withdrawal."""

    __slots__ = (
        "asking", "condition", "question", "reach", "whether", "withdrawal", "withdrawn_to"
    )  # fmt: skip

    def __init__(self, said: str, not_a_condition: re.Pattern[str]) -> None:
        self.asking = bool(_ASKING.search(said))
        asked = TAG_QUESTION.sub("", said.rstrip())  # "..., 'kay?" asks for no answer
        ends_asked = asked.rstrip().endswith("?")
        self.question = ends_asked or self.asking
        # "is lending my watch to Hope smart, or pointless?": asked whether, verb first.
        self.whether = ends_asked and _WHETHER.match(said) is not None
        conditional = _CONDITION.search(said)
        while conditional is not None and (
            not_a_condition.search(said, 0, conditional.start())
            or (_PRECAUTION.fullmatch(conditional.group()) and said[: conditional.start()].strip())
        ):
            # "see if he smells ...": an "if" that asks; "play misere, just in case they lock
            # me up": a precaution after the order is its reason (one that opens the sentence,
            # "In case Abs is dead, heal Kleene", is a condition).
            conditional = _CONDITION.search(said, conditional.end())
        self.condition = (
            bool(conditional)
            and not _COURTESY_IF.search(said, conditional.start())
            and not _owns_consequence(said, conditional.start())
        ) or bool(_SHOULD_IT.match(said))
        # How far the condition reaches: to the break after its own main clause ("if it
        # lands it ends the game for them: Expose Cass"), else the sentence's end.
        closed = _CLOSED.match(said, conditional.end()) if conditional else None
        self.reach = closed.end() if closed else len(said)
        withdrawal = own_withdrawal(said)
        self.withdrawal = -1 if withdrawal is None else withdrawal.start()
        # Where its words end: an order named in them is the one taken back ("cancel the
        # heal on Parkur", "call off my hit").
        self.withdrawn_to = -1 if withdrawal is None else withdrawal.end()


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
    named_doer: bool = False,
) -> Kind | str | None:
    """None when ``mention`` (of an ability) is the sender's order; else a ``Kind`` that voids
    it (a negation, a condition, a question, a doubt, someone else's words, a later phase), or
    ``TALK``. ``asks``: the ability is asked as a question ("how old is Abs?"). ``named_doer``:
    the player the clause says does it is one the sender names to do it (a leader's killer),
    so that only the other words of the sentence may void it ("if Ruth kills Lynz tonight").
    Read once for each mention of the layout's own mentions."""
    if found is not layout.found:
        return _stance(layout, mention, found, voice, asks, named_doer)
    key = (id(mention), voice, asks, named_doer)
    kept = layout._stances.get(key)
    if kept is None or kept[0] is not mention:
        kept = layout._stances[key] = (
            mention,
            _stance(layout, mention, found, voice, asks, named_doer),
        )
    return kept[1]


def _stance(
    layout: Layout,
    mention: Mention,
    found: Sequence[Mention],
    voice: Voice,
    asks: bool,
    named_doer: bool,
) -> Kind | str | None:
    text = layout.text
    sentence = layout.sentence(mention.start)
    clause = layout.clause(mention.start)
    said = layout.said(sentence)
    near = max(clause.start, mention.start - _LOOK_BACK)
    before = text[near : mention.start]
    # A mention that opens its clause ("Heal Kleene", as most orders are written) has no
    # words before it, and the tests of the words before it, which each need one, are not
    # made (``BEFORE_NEEDS_A_WORD``; tests/engine/test_stance_before.py).
    if _in_rule_quoted(text, mention):
        # 'Blame: "Any investigations ... will come back as true"': the rule's words, quoted;
        # neither an order nor a negation of one.
        return TALK
    if (
        before
        and _WORKS_AFTER.match(text, mention.end) is not None
        and _DETERMINED.search(before) is not None
    ):
        # "the charm only works on APTX right?": how the rule works, asked or told.
        return Kind.QUESTION if said.question else TALK
    if _CANDIDATES_HEAD.match(text, mention.end) is not None:
        # "Kill options. Lynz: protector. Castellan: detective claim.": weighed, no choice.
        return Kind.TWO_CHOICES
    if before and layout.fears() and (feared := _FEARED.search(before)) is not None:
        if not _FEAR_DENIED.search(before, 0, feared.start()):
            if not layout._names(near + feared.end(), mention.start):
                # "scared to tommy-gun Sunny D", "hesitant to protect Lark": weighed, not
                # decided (docs/rulings.md, "A feeling about an order, a wish for some day,
                # and words written elsewhere").
                return _question_or_two(layout, mention, clause, sentence)
        else:
            # "not scared to tommy-gun Sunny D": the "not" is the fear's; the words of the
            # deed after it are read as any order's.
            before = before[feared.end() :]
    if before and (_negated(before) or _withheld(layout, clause, before, mention)):
        return Kind.WITHDRAWN
    if (
        said.withdrawal >= 0
        and (
            sentence.start + said.withdrawal > mention.start
            or mention.start < sentence.start + said.withdrawn_to
        )
    ) or layout.withdrawn_next(sentence):
        # "Heal Lynz... actually never mind", "Heal Lynz. jk", and the order named in the
        # words that take it back: "ooc: cancel the heal on Parkur".
        return Kind.WITHDRAWN
    if _past(before, mention) or _past_after(text, clause, mention):
        return TALK
    if mention.text[-1:] in "sS" and _counted_deeds(text, clause, mention, before):
        return TALK  # "the votes cast against Björn", "heals given to Abs": deeds as things
    if (done := _DONE_TO.match(text, mention.end)) is not None and _BY_ANOTHER.search(
        text, done.end(), clause.end
    ):
        return TALK  # "protection granted to Mochi by someone": another's deed, in the passive
    if (
        before
        and _ANYONE_AFTER.match(text, mention.end)
        and _ABLE.search(before)
        and not layout.now(sentence)
    ):
        return TALK  # "I can heal one person a night": what the role does, described
    if (
        before
        and _ABILITY_IS.search(before)
        and not layout.now(sentence)
        and not _target_follows(layout, mention, clause)
    ):
        return TALK  # "my ability is heal, Takoyaki is town": the role claimed
    if (
        before
        and _HOLDS.search(before)
        and _DEFINITE.match(mention.text) is None
        and not layout.now(sentence)
        and not _target_follows(layout, mention, clause)
    ):
        # "i'm Megure and i have house search, nice role": the ability claimed, not used (one
        # held for this phase, or with its target, is: "I have the kill tonight, Lumen", "I
        # have the kill on Lumen", "I've got the kill: Lumen").
        return TALK
    if before and _NAMING.search(before):
        return TALK  # "I think it's called autopsy?": the word talked of, not an order of it
    if gives_reason(text, sentence, clause):
        return TALK  # "vote Mochi, because he pushed the lynch on Fenn": the lynch is told
    if (
        before
        and (
            _ABOUT_DONE.search(before)
            or (_JUDGED.search(before) and not _JUDGED_NOUN.match(text, mention.end))
        )
    ) or _RESULT_AFTER.match(text, mention.end):
        # "thanks for the heal", "the heal result last night", "great job": about a deed done
        return TALK
    if before and _THE_BEFORE.search(before) and _TALK_AFTER.match(text, mention.end):
        return TALK  # "The lawyer says Rose is odd", "the Court notes": a speaker, no deed
    if before and _POINTS_BACK.search(before) and _POINTED_END.fullmatch(
        text, mention.end, sentence.end
    ):
        return None  # "Rin-chan. That's my vote.": the order said before, named as the sender's
    if (
        before
        and (
            (
                _COPULA.search(before)
                and not _progressive(before, mention)
                and not _OWN_ACTION_IS.search(before)
            )
            or _TIME_BY.search(before)
        )
    ) or _statement_of(layout, mention):
        # "his face is charm enough", "Propaganda is such a fun word": a word in a
        # statement, not a deed.
        return TALK
    if before and "vote" in mention.value and _VOTES_COUNTED.search(before):
        return TALK  # "one more vote and Abs is lynched": the count told, no vote of the sender's
    if before and (_COUNTED.search(before) or _EACH.search(before)):
        # "Accuse Pimento (+3 votes)": what an order is worth, said beside it, not an order
        # ("two checks for me tonight:" heads a list of them, and is one); or every use of
        # it ("one damage per revolver shot").
        return TALK
    if before and (
        _IMAGINED.search(before)
        or _COUNTERFACTUAL.match(before)
        or (_RELATIVE.search(before) and not layout.now(sentence))
    ):
        # "imagine sniping Quill", "had I been minded to heal Pip": only imagined; "I'm the
        # one who makes charms": said of someone (but "this night I am the one who kill" is
        # the sender's deed tonight).
        return TALK
    if _OTHER_GAME.search(text, sentence.start, sentence.end):
        return TALK  # "in my last game i put a Gin in detention on d1": a story, told
    if _foretold(layout, sentence, mention):
        return TALK  # "My theory: the Org kills Cordelia tonight": foretold, not ordered
    if layout.mocked(sentence):
        return TALK  # "Oh sure, let's all vote Haze. That went SO well.": sarcasm, no order
    doubt, later = layout.doubted(clause, mention)
    if said.asking or layout.asks_only(sentence) or layout.asked_next(sentence):
        # "would a house search on Sable be smart?", "does a lawsuit work on Tobiah? just
        # asking": a question whether to, or how it works.
        return Kind.QUESTION
    if (
        before
        and said.question
        and _ASKED_OF_IT.search(before)
        and not _OWN_SUBJECT.search(before)
    ):
        # "can House Search find a kill from tonight?": a question about the rules, asked,
        # and no order.
        return Kind.QUESTION
    if before and _ASKED_INDIRECTLY.search(before):
        # "heal Lynz, tell me if heal works": the word is what the rules question asks of,
        # and "me" no target of it.
        return Kind.QUESTION
    if (
        before
        and (_HYPOTHETICAL.search(before) or _OWN_MODAL.search(before))
        and not _WISH.search(before)
    ):
        # "Gin could kill Noor", "I'd give Kes the charm but ...": talk, or a doubt.
        return Kind.QUESTION if doubt else TALK
    start = max(sentence.start, mention.start - _LOOK_BACK)
    if (
        before
        and _QUOTE_OPENS.search(before)
        and _QUOTED_BY.search(text, start, mention.start)
        and not _OWN.match(before.strip())
    ):
        # 'Mei-Lin messaged me "protect Kettle tonight"': her words, quoted, whoever says so.
        return Kind.QUOTED
    if _QUOTE_MARK_OPENS.search(before) and _QUOTED_BY.search(
        text, sentence.start, sentence.end
    ):
        # '"Vote Tomás" — that's what Hakim told me to send': the order in quotation marks,
        # and whose words they are said after it.
        return Kind.QUOTED
    reported = _REPORTED.search(text, start, mention.start)
    if (
        reported
        and _OPENS_WORDS.match(text, reported.end(), mention.start)
        and not _OWN_SAYS.search(text, start, reported.start())
    ):
        # 'Parsnip posted: "someone arrest Loom ..."', "FYI, the boss wrote: Vodka kills X":
        # the words after a verb of saying and a colon or a quotation mark are the other's,
        # whoever they name as the doer.
        return Kind.QUOTED
    subject, who = _subject(layout, near, mention, voice)
    if subject is None and told_to_crowd(text, clause.start, mention.end, sentence.end):
        # "Möwe came up BO. vote accordingly, peasants": what the sender tells the others to
        # do, not an order of their own ("let's all vote Möwe, folks" is one).
        return TALK
    if (
        subject == TALK
        and who is None
        and _SENDER_TOO.search(text, sentence.start, sentence.end)
    ):
        subject = None  # "everyone vote Möwe, me included": the sender's vote too
    if subject is not None and not (
        named_doer and subject == TALK and who is not None and who.kind in (PLAYER, ROLE)
    ):
        return subject
    if reported and not _OWN.match(before.strip()):
        if said.condition and _CONDITION.search(text, sentence.start, reported.start()):
            return Kind.CONDITION  # "If Cloud claims detective I'll heal him": the claim is
        return Kind.QUOTED  # "the boss told me: kill Abs" (an order, in someone else's words)
    asked_end = min(sentence.end, clause.end + 2)
    if said.question and _PURPOSE_AFTER.match(text, clause.end, sentence.end):
        asked_end = sentence.end  # "Slander Sable so he reads clean?": asked with its purpose
    asked_here = said.question and (
        said.asking or _ends_asking(text[clause.start : asked_end])
    )
    if asks and asked_here:
        # "Does Abs kill Kleene?" is an investigation's query; a question that names no one
        # asks whether to investigate at all ("first aid OR investigate tonight??").
        asks = any(
            m.kind in (PLAYER, ROLE) and sentence.start <= m.start < sentence.end
            for m in layout.found
        )
    if asked_here and not (asks or _REQUEST.search(text, start, mention.start)):
        return _question_or_two(layout, mention, clause, sentence)
    if (said.asking or said.whether) and not asks:
        return _question_or_two(layout, mention, clause, sentence)
    if said.condition and mention.start < sentence.start + said.reach:
        return Kind.CONDITION
    after = text[clause.end : min(sentence.end, clause.end + _LOOK_BACK)]
    if doubt or _ONLY_DOUBT.match(after):
        # "Snipe Guard Otto/Quill, can't decide": unsure between two players for it.
        return _question_or_two(layout, mention, clause, sentence)
    if later or layout.not_now_after(sentence, mention):
        return Kind.NOT_NOW
    return None


def _in_rule_quoted(text: str, mention: Mention) -> bool:
    """Whether ``mention`` stands in a passage in double quotation marks, on its line, that
    says what may or will be in a rule's words (a modal: "may heal one player each night",
    "will come back as 'true'"): a rule quoted, not the sender's order in quotation marks
    ('My order: "Heal Noor"', 'Investigate "Cinder kills Noor"')."""
    line = text.rfind("\n", 0, mention.start) + 1
    before = text[line : mention.start]
    if not _QUOTE_CHAR.search(before):
        return False
    opened = max(before.rfind("“"), before.rfind("„"))
    if opened < before.rfind("”"):
        opened = -1
    if opened < 0 and before.count('"') % 2:
        opened = before.rfind('"')
    if opened < 0:
        return False
    end = text.find("\n", mention.end)
    closes = _QUOTE_CLOSES.search(text, mention.end, len(text) if end < 0 else end)
    if closes is None:
        return False
    return _MODAL.search(text, line + opened, closes.start()) is not None


# A double quotation mark, and one that closes a passage.
_QUOTE_CHAR = lazy_compile(r"[\"“„]")
_QUOTE_CLOSES = lazy_compile(r"[\"”]")
# What may or will be, in a rule's words.
_MODAL = lazy_compile(
    r"(?<![\w'’])(?:may|will|can|cannot|can['’]t|must|shall|won['’]t)(?![\w'’])", re.IGNORECASE
)


def _foretold(layout: Layout, sentence: Span, mention: Mention) -> bool:
    """Whether ``mention`` stands in what a prediction foretells: the rest of the clause of
    "I predict ...", or the clause after a label that ends its own ("My theory: the Org kills
    Cordelia tonight", "calling it now, ..."). An order after that ("I have a hunch Quill is
    Conan, kill him") is none of it, but a deed told in the third person further in its
    sentence is ("Mark my words: Corvina kills Pip, some fool heals the wrong person, and Ran
    protects her"): a prediction lists what happens, an order is not said so."""
    text = layout.text
    for found in _FORETOLD.finditer(text, sentence.start, mention.start):
        label = layout.clause(found.start())
        if mention.start < label.end or _THIRD_PERSON.fullmatch(mention.text) is not None:
            return True
        if text[found.end() : label.end].strip():
            continue
        mark = _CLAUSE_MARK.match(text, label.end)
        if mark is not None and layout.clause(mark.end()).start <= mention.start < (
            layout.clause(mark.end()).end
        ):
            return True
    return False


def told_to_crowd(text: str, start: int, at: int, end: int) -> bool:
    """Whether the order said from ``start`` to ``end``, its word ending at ``at``, is told
    to the other players: the crowd addressed at its end ("go vote him, people"), or its
    target left to them ("vote accordingly"), and the sender not among them ("let's vote
    him, folks", "I vote Abs, everyone")."""
    return (
        _ACCORDINGLY.match(text, at) is not None or _CROWD_END.search(text, at, end) is not None
    ) and _OWN_AMONG.search(text, start, end) is None


def _names_after(layout: Layout, mention: Mention, clause: Span) -> bool:
    """Whether a player is named after ``mention`` in its clause."""
    i = bisect.bisect_left(layout.found_starts, mention.end)
    return any(m.kind == PLAYER and m.start < clause.end for m in layout.found[i : i + 4])


def _target_follows(layout: Layout, mention: Mention, clause: Span) -> bool:
    """Whether a player follows ``mention`` as its target: in its clause ("I have the kill on
    Lumen"), or alone after it ("I've got the kill: Lumen", "I have the kill. Lumen"), not
    as the subject of a statement ("I have house search. Zé is town for me")."""
    if _names_after(layout, mention, clause):
        return True
    i = bisect.bisect_left(layout.found_starts, mention.end)
    if i >= len(layout.found):
        return False
    named = layout.found[i]
    return (
        named.kind == PLAYER
        and _MARKS_ONLY.fullmatch(layout.text, mention.end, named.start) is not None
        and _NAME_ENDS.match(layout.text, named.end) is not None
    )


# Between an order's word and a name alone after it, and after that name: marks, no words.
_MARKS_ONLY = lazy_compile(r"[\s.:;,!>=→\-–—]*")
_NAME_ENDS = lazy_compile(r"[\s.!]*(?:\n|$)")


def gives_reason(text: str, sentence: Span, clause: Span) -> bool:
    """Whether ``clause`` is the reason for what its sentence said before it ("..., because
    he pushed the lynch on Fenn"); a sentence that opens with its reason ("Since Abs is scum
    vote him") is not cut there."""
    mark = _REASON_OPENS.search(text, max(sentence.start, clause.start - 12), clause.start)
    return mark is not None and bool(text[sentence.start : mark.start()].strip(" ,;:-"))


def _question_or_two(layout: Layout, mention: Mention, clause: Span, sentence: Span) -> Kind:
    """A question or a doubt about an order: between two players offered for it ("snipe zed
    maybe? or bram", "Otto/Quill, can't decide") it is a choice left to the GM, else a
    question whether to do it."""
    if _between_two(layout, mention, clause) or _or_next(layout, sentence):
        return Kind.TWO_CHOICES
    return Kind.QUESTION


def offered_next(layout: Layout, sentence: Span, mention: Mention | None = None) -> bool:
    """Whether the sentence after ``sentence`` offers another player or role instead: "or
    bram.", "Otherwise Ivy?", "... as Gin... or Vodka?"; or, with ``mention``, a clause of
    its own sentence after the mention's clause: "arrest Hollow for the kill on N1 — or
    Marsh, honestly it's one of those two"."""
    return _or_next(layout, sentence, (PLAYER, ROLE)) or (
        mention is not None and _or_after(layout, mention, sentence)
    )


def _or_after(layout: Layout, mention: Mention, sentence: Span) -> bool:
    """Whether a clause after ``mention``'s, in its sentence, is only "or" and a player."""
    text, clause = layout.text, layout.clause(mention.start)
    if clause.end >= sentence.end:
        return False
    opens = _OR_OPENS.match(text, clause.end, sentence.end)
    if opens is None:
        return False
    j = bisect.bisect_left(layout.found_starts, opens.end())
    if j >= len(layout.found):
        return False
    named = layout.found[j]
    return (
        named.kind == PLAYER
        and named.start < sentence.end
        and _OFFERED_ALONE.fullmatch(text, opens.end(), named.start) is not None
        and _CLAUSE_ENDS.match(text, named.end, sentence.end) is not None
    )


def _or_next(layout: Layout, sentence: Span, kinds: tuple[str, ...] = (PLAYER,)) -> bool:
    """Whether the sentence after ``sentence`` offers another player instead: "or bram.",
    "Otherwise Ivy?"."""
    i = bisect.bisect_right(layout._starts, sentence.start)
    if i >= len(layout.sentences):
        return False
    after = layout.sentences[i]
    if _OR_OPENS.match(layout.text, after.start, after.end) is None:
        return False
    j = bisect.bisect_left(layout.found_starts, after.start)
    return any(m.kind in kinds and m.start < after.end for m in layout.found[j : j + 4])


# What opens a sentence that offers a second choice: "or", "otherwise", "alternatively".
_OR_OPENS = lazy_compile(r"[\W_]*(?:or|otherwise|alternatively)(?![\w'’])", re.IGNORECASE)
# Between "or" and the player it offers: "or maybe", "or else", "or perhaps".
_OFFERED_ALONE = lazy_compile(r"\s*(?:(?:maybe|perhaps|else|possibly)\s+)?", re.IGNORECASE)
# After the player offered: the end of its clause ("or Marsh, honestly ...", "or Marsh?").
_CLAUSE_ENDS = lazy_compile(r"(?:['’]s)?\s*(?:instead\s*)?(?:[,;:.!?…)]|[-–—]|$)", re.IGNORECASE)


def _between_two(layout: Layout, mention: Mention, clause: Span) -> bool:
    """Whether the clause names two players after the order's word, one or the other
    ("Otto/Quill", "Otto or Quill")."""
    i = bisect.bisect_left(layout.found_starts, mention.end)
    named = [m for m in layout.found[i : i + 8] if m.kind == PLAYER and m.start < clause.end]
    return any(
        _EITHER.fullmatch(layout.text, a.end, b.start) is not None for a, b in pairwise(named)
    )


# Between two players, one or the other: "/", "or", "or maybe", "tonight or maybe".
_EITHER = lazy_compile(
    r"\s*(?:(?:tonight|today|now|then|instead|perhaps|maybe|probably)[\s,]*)?"
    r"(?:/|\||,?\s*or(?:\s+maybe|\s+else|\s+perhaps)?)\s*",
    re.IGNORECASE,
)


def doer(layout: Layout, mention: Mention, voice: Voice) -> Mention | None:
    """The player or role said to do what ``mention`` says, when it is not the sender
    ("Miaka pulls the trigger", "Korn takes the shot at Kettle"): the killer a leader
    names."""
    clause = layout.clause(mention.start)
    near = max(clause.start, mention.start - _LOOK_BACK)
    verdict, who = _subject(layout, near, mention, voice)
    return who if verdict == TALK and who is not None and who.kind != PRONOUN else None


def anothers_deed(layout: Layout, player: Mention, voice: Voice, ability: str) -> bool:
    """Whether ``player`` is in a clause that tells a deed someone else does, as its doer or
    whom it falls on: "plan: Moonpie heals Calla, Tamsin protects Gus, and I first-aid
    Perpetua", "Ansel keeps Voice of Reason in reserve, and I detain Yarrow" (Moonpie's heal
    and Ansel's are theirs, and neither Calla nor Ansel is a second target of the sender's
    order), or a deed for a later phase ("the bow-tie goes to Echo tomorrow, and I
    interrogate Ōtsuki"). Only an ability word of the clause with a doer of its own, or put
    off to a later phase, makes it so; a word of the order being read (``ability``) is that
    order said again ("Rook is spending the night in a cell (detention)")."""
    clause = layout.clause(player.start)
    at = bisect.bisect_left(layout.found_starts, clause.start)
    for word in layout.found[at:]:
        if word.start >= clause.end:
            return False
        if word.kind != ABILITY or ability in word.value or _PAST_WORD.search(word.text):
            continue  # (what is done to someone is no deed of a doer: "if Grit's lynched")
        near = max(clause.start, word.start - _LOOK_BACK)
        verdict, who = _subject(layout, near, word, voice)
        before = layout.text[near : word.start]
        # ... done, not what someone is ("Heal Lynz, Parkur is the backup" offers two).
        if (
            verdict == TALK
            and who is not None
            and (not _COPULA.search(before) or _progressive(before, word))
        ):
            return True
        if layout.doubted(clause, word)[1]:
            return True  # "the bow-tie goes to Echo tomorrow": a deed for a later phase
    return False


def directs(layout: Layout, sentence: Span, voice: Voice) -> bool:
    """Whether a sentence is the sender's own directive for now, with no word of an order in
    it needed: the first person with what they will do ("I'll stand guard at Juniper's
    door", "I'm going out as Heiji"), a gerund ("Lifting something from X's pockets
    tonight"), or a verb with this phase's time word ("Put Tamsin in the cell tonight"); and
    nothing that voids an order (a question, a condition, a negation, a doubt, a modal, the
    past, someone else's words, a later phase, thanks). What a GM reads as an order when the
    sender's orders leave one that fits what the sentence names."""
    text = layout.text
    said = text[sentence.start : sentence.end]
    if not _unvoided(layout, sentence):
        return False
    lead = _LEAD.match(said)
    head = said[lead.end() if lead else 0 :].lstrip(" \t\n-*>•:")
    if (setting := _SETTING.match(head)) is not None:
        head = head[setting.end() :]  # "For tonight's performance I shall go on as Takagi"
    first = _TOKEN.match(head)
    if first is None:
        return False
    at = _mention_at(layout, sentence.start + len(said) - len(head))
    if at is not None and at.kind in (PLAYER, ROLE, PRONOUN):
        # "Abs is suspicious tonight": a sentence about someone (but "Chianti here: ...").
        return at.kind != PRONOUN and (
            at.value == voice.sender or str(at.value).casefold() in voice.names
        )
    for m in layout.found:
        if m.kind == PLAYER and sentence.start <= m.start < sentence.end:
            after = _TOKEN.match(text, m.end + len(text[m.end :]) - len(text[m.end :].lstrip()))
            if after is not None and _SAYS_OF.fullmatch(after.group()):
                return False  # "Marrow thinks he's the GM": a sentence about a player
    word = first.group().casefold()
    if word in _OWN_WORDS or _OWN.match(head):
        after = _TOKEN.findall(head)[1:3]
        if word in _OWN_PAST and after and _PAST_VERB.fullmatch(after[0]):
            return False  # "I listed Mochi in the spreadsheet": what was done, told
        return not any(w.casefold() in _MENTAL for w in after)
    if word.endswith("ing") and len(word) > 4:
        return True  # "Lifting something from ...", "Booking the red-eye"
    # A verb and its object, with this phase's time word: "Put Tamsin in the cell tonight".
    second = _mention_at(layout, sentence.start + len(said) - len(head) + first.end() + 1)
    return (
        first.group()[:1].isalpha()
        and word not in _NOT_A_VERB
        and second is not None
        and second.kind == PLAYER
        and bool(_NOW.search(said))
    )


def _unvoided(layout: Layout, sentence: Span) -> bool:
    """Whether nothing in a sentence voids an order said in it: no question, condition,
    withdrawal, negation, doubt, modal, past, someone else's words, thanks or later phase."""
    said = layout.text[sentence.start : sentence.end]
    voided = layout.said(sentence)
    if voided.question or voided.condition or voided.withdrawal >= 0 or voided.asking:
        return False
    if (
        layout.asks_only(sentence)
        or any(c.search(said) for c in _NOT_DIRECTIVE)
        or _PAST_SAID.search(said)
    ):
        return False
    return not (_LATER.search(said) and not _NOW.search(said))


def deed(layout: Layout, sentence: Span, voice: Voice) -> bool:
    """Whether a sentence says a deed of the sender's own on the players it names, in words
    of no order: a directive (``directs``), or a thing readied for a player ("First-aid kit
    ready for Rain", "knife for Oakley", "Doc's on call for Chive"); and no word of talk in it
    (a closed class of mental, speech and opinion words: "I think", "rooting for Abs").
    What a GM reads as the one order of the sender's that takes those players."""
    said = layout.text[sentence.start : sentence.end]
    if _TALK_WORD.search(_outside_asides(said)):
        return False  # (an aside's "sorry I forget the word" is about the words, not a deed)
    if directs(layout, sentence, voice):
        return True
    if not _unvoided(layout, sentence):
        return False
    lead = _LEAD.match(said)
    head = said[lead.end() if lead else 0 :].lstrip(" \t\n-*>•:")
    article = _ARTICLE.match(head)
    if article is not None:
        head = head[article.end() :]  # "A blade for Parkur": the thing readied
    first = _TOKEN.match(head)
    if first is None or not first.group()[:1].isalpha():
        return False
    word = first.group().casefold()
    if word in _NOT_A_VERB or word in _OWN_WORDS:
        return False
    at = _mention_at(layout, sentence.start + len(said) - len(head))
    if at is not None and at.kind in (PLAYER, PRONOUN, ROLE):
        return False  # "Abs for mayor": about a player
    return any(
        m.kind == PLAYER
        and _FOR_BEFORE.search(layout.text, max(sentence.start, m.start - 8), m.start)
        for m in layout.found
        if sentence.start <= m.start < sentence.end
    )


# A player a thing is readied for: "... for Oakley".
_FOR_BEFORE = lazy_compile(r"(?<![\w'’])(?:for|on|at|under|into|beside|to)\s+$", re.IGNORECASE)
_ARTICLE = lazy_compile(r"(?:an?|the|some|my|one)\s+(?=\w)", re.IGNORECASE)
# Talk: the mental, speech and opinion words that make a sentence about a player no deed.
_TALK_WORD = phrases.pattern(phrases.TALK_WORDS)


# What makes a sentence no directive: a negation, a doubt, a modal of what might be,
# someone else's words, thanks. Each class apart (``phrases.classes``): only whether one
# stands is asked.
_NOT_DIRECTIVE = phrases.classes(
    phrases.NEGATION,
    phrases.DOUBT,
    phrases.REPORTED,
    phrases.ABOUT_DONE,
    phrases.WITHDRAWAL,
    phrases.OTHERS,
    ("could", "might", "may", "must", "hope", "wish",
     # ... but "I would (kindly) like to", "I should like to" is a wish, which orders.
     r"(?:would|should)(?!\s+(?:[^\W\d_]+ly\s+)?(?:like|love)\b)"),
)
# The past: "was", "did", "had", "kept", "yesterday", "last night".
_PAST_SAID = lazy_compile(
    r"(?<![\w'’])(?:was|were|did|had|been|yesterday|last\s+night|ago|already|kept|went|got"
    r"|made|saw|took|gave|came|told|said|found|left|thought|felt|knew|won|lost)(?![\w'’])",
    re.IGNORECASE,
)
# The word after a player that makes the player what a sentence is about: "Marrow thinks",
# "Abs is", "Kleene has been".
_SAYS_OF = lazy_compile(
    r"(?:is|was|are|were|has|had|have|does|did|will|would|can|could|should|might|must|may"
    r"|['’]s|['’]ll|['’]d|seems|looks|thinks|says|said|claims|knows|wants|keeps|needs"
    r"|[a-z]+(?<!s)s)",
    re.IGNORECASE,
)
# The first person thinking, not doing: "I think Abs ...", "I'm sure ...".
_MENTAL = _wordset(
    "think believe guess bet hope feel know suspect wonder doubt agree like love hate trust "
    "was were had did sure pretty so not just really also still see saw heard mean am"
)
# Words a sentence that is about something, not a directive, opens with.
_NOT_A_VERB = _wordset(
    "the a an this that these those it its there here what who whom whose which when where "
    "why how if so and but or nor yes no ok okay well oh lol lmao haha hmm good great nice "
    "thanks thank thx ty sorry hi hello hey gm everyone everybody anyone someone all my our "
    "your his her their he she they you we i me us them is are was were be"
)


def for_later(text: str, g: Grammar) -> bool:
    """Whether ``text`` names a later phase and not this one ("tomorrow I'm arresting Vex",
    "Kleene gets my vote tomorrow, not today"), or names this one only in another clause than
    an order word said with the later phase ("Tomorrow night I'll frighten Quarry, tonight I'm
    resting"): its order, if it is one, may be for later, as the evidence of the message
    decides (a later phase inside an order's own words is no time of it: "the one who won't
    wake up tomorrow is Rowan")."""
    if _LATER.search(text) is None:
        return False
    if not _now_said(text, 0, len(text)):
        return True
    start = 0
    for mark in [*_CLAUSE_MARK.finditer(text), None]:
        end = len(text) if mark is None else mark.start()
        if (
            _LATER.search(text, start, end)
            and not _now_said(text, start, end)
            and g.any_order_word(text[start:end])
        ):
            return True
        start = len(text) if mark is None else mark.end()
    return False


def only_later(text: str) -> bool:
    """Whether ``text`` is only a later phase ("Tomorrow,", "next night though")."""
    return len(text) < 40 and _ONLY_LATER.match(text) is not None


def _now_said(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` names this phase, and not as "not today"."""
    return any(
        not _NOT_NOW.search(text, max(start, m.start() - 8), m.end())
        for m in _NOW.finditer(text, start, end)
    )


def in_own_voice(layout: Layout, mention: Mention) -> bool:
    """Whether the sender says the mention as their own order in so many words: it opens its
    clause ("Kill Pepper"), or follows "I", "we", "let me" ("I'll kill Pepper"), or the
    performative "hereby" ("the undersigned hereby tricks the Malefactor")."""
    clause = layout.clause(mention.start)
    before = layout.text[max(clause.start, mention.start - _LOOK_BACK) : mention.start]
    if "*" in before:
        # "*pulls out a tommy gun* tommy-gun on Cinder!!": an action set in asterisks is an
        # aside told before the order, which opens its clause after it.
        before = _ACTED.sub(" ", before)
    lead = _LEAD.match(before)
    head = before[lead.end() if lead else 0 :].strip()
    return (
        not head
        or bool(_HEREBY.fullmatch(head))
        or bool(_OWN.fullmatch(head))
        or head.casefold() in ("i", "we", "let me")
        or bool(_ASKS_FOR.fullmatch(head))
    )


# The sender's performative, the deed done in saying it: "I hereby" (a formal "the undersigned
# hereby" is "I hereby" by then: engine/orders/defined.py).
_HEREBY = lazy_compile(r"(?:(?:i|we)\s+)?hereby", re.IGNORECASE)


def asked_for(layout: Layout, mention: Mention) -> bool:
    """Whether the sender asks for the deed as a thing, by its word ("I would like to request
    a house search on Zé", "requesting a snipe on Zé"): an ability named so, held or not, is
    the one the sender means, and no other of theirs stands in for it (an everyday word,
    "watching Abs closely", may still be read as the order of theirs it fits)."""
    clause = layout.clause(mention.start)
    before = layout.text[max(clause.start, mention.start - _LOOK_BACK) : mention.start]
    lead = _LEAD.match(before)
    head = before[lead.end() if lead else 0 :].strip()
    return bool(head) and bool(_ASKS_FOR.fullmatch(head))


# A roleplayed action, in asterisks: "*cracks knuckles*", "*pulls out a tommy gun*".
_ACTED = lazy_compile(r"\*[^*\n]{1,80}\*")
# The sender asking for the deed as a thing, before its word: "I would like to request a
# house search on", "requesting a snipe on", "kindly arrange a", "I'll do a".
_ASKS_FOR = lazy_compile(
    r"(?:(?:i|we)\s*(?:['’]\s*d|would|['’]\s*ll|will|want\s+to|wish\s+to)?\s*"
    r"(?:(?:kindly|really|just)\s+)?(?:(?:like|love)\s+to\s+)?)?"
    r"(?:kindly\s+|please\s+)?(?:request(?:ing)?|ask(?:ing)?\s+for|arrang(?:e|ing)|submit(?:ting)?"
    r"|perform(?:ing)?|do(?:ing)?|carry(?:ing)?\s+out|go(?:ing)?\s+for|put\s+in\s+for)"
    r"(?:\s+(?:a|an|the|my|one|another))?",
    re.IGNORECASE,
)


# A purpose told after the order in its sentence, which a "?" at the sentence's end asks with
# it: "Slander Sable so he reads clean?", "Kill Marsh, so that the town loses its Agasa?".
_PURPOSE_AFTER = lazy_compile(r"\s*,?\s*so(?:\s+that)?\s", re.IGNORECASE)


def _ends_asking(clause: str) -> bool:
    """Whether the clause of a mention is itself asked ("Vote Abs?"), not a question after
    it about what the order will tell ("Sniffing out Ink. today — scent or no scent?")."""
    return TAG_QUESTION.sub("", clause.rstrip()).rstrip().endswith("?")


def _counted_deeds(text: str, clause: Span, mention: Mention, before: str) -> bool:
    """Whether an ability's word in the plural names deeds as things, done by whoever: a
    participle after it ("votes cast against Björn", "the heals given to Abs so far"), or
    after "the" a verb of the plural in its clause ("the votes on Björn are piling up")."""
    if _DONE_TO.match(text, mention.end) is not None:
        return True
    return bool(
        before
        and _THE_BEFORE.search(before)
        and _PLURAL_VERB_AFTER.match(text, mention.end, min(clause.end, mention.end + _LOOK_BACK))
    )


# A participle of deeds done, and whom or when: "cast against", "given to", "placed on".
_DONE_TO = phrases.gated(
    r"[ \t]+(?:(?:already|so\s+far|presently|currently|now|just|all)[ \t]+)?(?:cast|given|placed"
    r"|counted|tallied|received|lodged|logged|recorded|registered|thrown|landed|made|put|piled"
    r"|stacked|aimed|directed|done|used|spent|wasted|granted|handed(?:[ \t]+out)?|dealt"
    r"|dished[ \t]+out|sent|offered|extended)(?:[ \t]*:|[ \t]+(?:against|on|onto|upon|for|to|at|by"
    r"|in|towards?|so\s+far|already|this|last|yesterday|today|tonight)(?![\w'’]))",
    re.IGNORECASE,
)
# The doer of a deed said in the passive, after "by", who is not the sender: "by someone",
# "by the doc", "by Kit-Kat" (but "by me", "by tonight", "by the deadline").
_BY_ANOTHER = lazy_compile(
    r"(?<![\w'’])by\s+(?!(?:me|myself|us|ourselves|then|now|tonight|today|tomorrow|night|day"
    r"|dawn|morning|[nd]\d+|the\s+(?:way|end|deadline|time|morning))(?![\w'’]))[^\W\d_]",
    re.IGNORECASE,
)
# A verb of the plural after the word, in its clause: "the votes on Björn are piling up".
_PLURAL_VERB_AFTER = lazy_compile(
    r"(?:(?!\b(?:who|that|which|whom|whose|because|since|as|if|so|i|we)\b)[^.!?;,])*?"
    r"\b(?:are|were|have|keep|seem|look|stand|add)\b",
    re.IGNORECASE,
)


def _past_after(text: str, clause: Span, mention: Mention) -> bool:
    """A past deed told of the order's word after it in its clause ("my heal on Pepper
    worked out")."""
    return bool(_PAST_AFTER.match(text, mention.end, min(clause.end, mention.end + _LOOK_BACK)))


# The words between a negation and the order's word that leave it negated: "instead of the
# usual hit", "no more of my nightly kills", "I shall not be casting any vote".
_ROUTINE = lazy_compile(
    r"the|a|an|my|our|usual|normal|regular|nightly|daily|typical|same|old|ordinary|any|be",
    re.IGNORECASE,
)


# The tests of the words before a mention in its clause, each of which needs a word there:
# none matches an empty text (tests/engine/test_stance_before.py), so a mention that opens its
# clause is not read by them (``stance``).
BEFORE_NEEDS_A_WORD = (
    _NEGATION, _WITHHOLD, _PASSIVE_BEFORE, _DONE_BEFORE, _ABOUT_DONE, _COPULA, _TIME_BY, _COUNTED,
    _VOTES_COUNTED, _JUDGED,
    _IMAGINED, _RELATIVE, _ASKED_OF_IT, _HYPOTHETICAL, _OWN_MODAL, _QUOTE_OPENS,
)  # fmt: skip


def _negated(before: str) -> bool:
    """A negation close before the mention in its clause: "no kill from me", "not
    detaining anybody", "skipping detect", "(No interrogation this time.)"."""
    words = [_CONTRACTED.sub("", w) for w in before.split() if not _ROUTINE.fullmatch(w)][-3:]
    return any(_NEGATION.fullmatch(word.strip(".,!?;:'\"()").lower()) for word in words) or (
        bool(_NEGATION.search(" ".join(words)))
    )


def _past(before: str, mention: Mention) -> bool:
    """Whether the mention is a past deed ("I healed Ash", "done sweeping", "he voted"), not
    a passive order ("gets summoned", "is to be handed")."""
    word = mention.text.split()[0] if mention.text.split() else mention.text
    if _CHOSEN.match(word):
        return False  # "the group decided: Quiche = Vodka": the choice made now is the order
    past = _PAST_WORD.search(word) or word.casefold() in vocab.PAST_FORMS  # "took", "went"
    if past and not (before and _PASSIVE_BEFORE.search(before)):
        return True
    if before and _LIGHT_PAST_BEFORE.search(before):
        return True  # "we had a long chat about Lynz", "gave my heal to Abs": a deed done
    return bool(before and word.lower().endswith("ing") and _DONE_BEFORE.search(before)) and not (
        re.search(r"\b(?:i['’]?m|am|are|we['’]?re|is)\s+$", before, re.IGNORECASE)
    )


def _subject(
    layout: Layout, near: int, mention: Mention, voice: Voice
) -> tuple[str | None, Mention | None]:
    """``TALK`` when the clause says that someone else than the sender does it ("someone should
    APTX him", "Abs will kill Kleene", "Miaka pulls the trigger"); None when the sender does
    (imperative, "I", "we", the sender's own name or role, a request to the GM) or when the
    player before the word is the one it falls on ("Kleene gets my heal", "Put Tamsin in the
    holding cell", "Kettle is under my protection").

    The doer is read as a GM reads it: the words right before the order's word, past its
    auxiliaries and adverbs ("will", "should really", "is going to"), name who does it; when
    they are no doer (a verb, a preposition: "put Tamsin in the"), the one the clause opens
    with does ("fennel has been smug about the twig kill": fennel, who does nothing). The
    mention of the doer comes with ``TALK`` when the doer is a player or a role."""
    text = layout.text
    before = text[near : mention.start]
    tokens = [(near + t.start(), near + t.end(), t.group()) for t in _TOKEN.finditer(before)]
    i = len(tokens) - 1
    while i >= 0 and _is_aux(tokens, i):
        i -= 1
    i = _past_light_verb(tokens, i)
    if i < 0:
        carried = _carried_subject(layout, mention)
        if carried is not None:
            # "Mossy Oak gets the rifle out and snipes Rook": the sentence's subject does it.
            sender = carried.value == voice.sender or (
                carried.kind == ROLE and str(carried.value).casefold() in voice.names
            )
            return (None if sender else TALK), carried
        return None, None  # the order word opens the clause (after its auxiliaries): the sender's
    if _for_detail(layout, tokens, i, mention):
        return TALK, None  # "Blame Tomo for tonight's hit on Hana": the hit is the blame's crime
    start, _, word = tokens[i]
    key = word.casefold()
    if key in _OWN_WORDS or (key in ("me", "us") and i and tokens[i - 1][2].casefold() == "let"):
        if _thought_of(tokens, i):
            return TALK, None  # "I bet the town thinks we'll kill July": a thought, told
        return None, None  # "I'll kill", "we're gonna lynch", "let me heal"
    if _SUBJECT_DIES.match(mention.text):
        return None, None  # "Léa dies tonight": the one it falls on is its subject
    at = _mention_at(layout, start)
    if (
        at is not None
        and at.kind == PLAYER
        and i == len(tokens) - 1
        and _ON_SENDER.match(text, mention.end)
        and not text[at.end : mention.start].strip()
    ):
        # "Dot one-shot me N1", "Pan Pan ganked me": the sender is whom it falls on, so the
        # player before the word does it; a word with no past of its own ("shot") is no noun
        # after its target here.
        return TALK, at
    if (
        at is not None
        and at.kind == PLAYER
        and i == len(tokens) - 1
        and not _THIRD_PERSON.match(mention.text)
    ):
        at = None  # "the twig kill", "Kleene's protection": a noun after its target
    if (
        at is not None
        and at.kind == PLAYER
        and i == len(tokens) - 1
        and mention.text[:1].isupper()
        and not mention.text.isupper()
    ):
        at = None  # "RIP Nyx 🕯️ Clues on her": a word written as a sentence's start
    if at is not None and at.kind == ROLE and i == len(tokens) - 1:
        counted = _token_before(tokens, layout, at)
        if counted is not None and (counted.isdigit() or counted in _COUNTS):
            at = None  # "three Killer guises": the role says which guises, nobody does it
    if at is not None and at.kind == PRONOUN and i == len(tokens) - 1 and whose(at, mention):
        at = None  # "Old Tom loads his revolver": whose the thing is; the clause's opening does it
    if (
        at is not None
        and at.kind == PRONOUN
        and at.text.casefold() in _OBJECT_PRONOUNS
        and _wanted_to_do(tokens, i)
    ):
        # "I'd like him to heal Kleene", "I want her to do that": whom the sender wants to
        # do it does it (a wish about someone else's deed), not the sender.
        return TALK, at
    if (
        at is not None
        and at.kind == PRONOUN
        and at.text.casefold() in _OBJECT_PRONOUNS
        and not _THIRD_PERSON.match(mention.text)
    ):
        # "put him in detention": whom it falls on, as a name there; the opening does it (but
        # "anybody poking at her comes back": a verb's subject stands further back).
        at = None
    if at is not None and at.kind == PLAYER and _owned_on(tokens, layout, at):
        # "I want my vote on Quill to count as an extra one": the player is what the
        # sender's own thing is on; that thing, the sender's, does it.
        return None, None
    if at is not None and at.kind in (PLAYER, ROLE, PRONOUN):
        return _doer(layout, at, mention, voice), at
    if key == "you":
        # "could you heal Lynz", "I want you to protect Abs": a request to the GM.
        asking = i and tokens[i - 1][2].casefold() in _ASKS_YOU
        return (None if asking else TALK), None
    if (
        i >= 2
        and tokens[i - 1][2].casefold() in ("my", "our")
        and tokens[i - 2][2].casefold() in _CAUSATIVE
    ):
        return None, None  # "Have my people snatch Halloran": the sender's deed, by their men
    if _pronoun_of(key) in _SUBJECT_PRONOUNS and stands_for_sender(layout, start, voice):
        return None, None  # "Pisco takes the kill, and he'll erase what's left": the sender
    if key in _OTHER_WORDS or _pronoun_of(key) in _OTHER_WORDS:
        return TALK, None  # "someone should APTX him", "the town wants to lynch Abs"
    if _OWN_ACTION_IS.search(before):
        return None, None  # "my move tonight is protection on Rose": the sender's own action
    if _let_do(tokens, i):
        return TALK, None  # "let the boy sweat": what "let" allows, the boy does
    if _noun_subject(tokens, i, voice, _THIRD_PERSON.fullmatch(mention.text) is not None):
        return TALK, None  # "a doctor will heal him", "some fool heals the wrong person"
    # The word before is no doer ("put Tamsin in the holding cell"): the clause's opening is.
    lead = _LEAD.match(before)
    head = before[lead.end() if lead else 0 :].strip()
    if not head:
        return None, None
    if _OWN.match(head) or head.casefold().startswith(("i ", "i'", "i’", "we", "let me", "me ")):
        return None, None
    if any(n and head.casefold().startswith(n) for n in voice.names):
        return None, None  # "Chianti here ...", "Kogoro: ...": the sender in the third person
    opening = _mention_at(layout, near + (lead.end() if lead else 0) + _leading_space(before, lead))
    if opening is not None and opening.kind in (PLAYER, ROLE, PRONOUN):
        return _doer(layout, opening, mention, voice), opening
    if _OTHERS.match(head):
        return TALK, None  # "someone lynch him", "they should vote Abs"
    return None, None


# The sender as the object right after an order's word: "shot me", "ganked us"; not the one
# a thing is got for ("pick me a bestie", "find us the killer").
ON_SENDER = _ON_SENDER = lazy_compile(
    r"\s+(?:me|us)(?![\w'’])(?!\s+(?:a|an|the|some|my|our|one)(?![\w'’]))", re.IGNORECASE
)


# What stands between a player and an order in their words: "says", "told me to", "wants
# me to", "said:".
_SAYS_TO = lazy_compile(
    rf"\s*(?:{'|'.join(phrases.REPORTED)})(?:\s+(?:me|us))?(?:\s+to)?\s*[:,]?\s*[\"“'‘«]?\s*",
    re.IGNORECASE,
)


_ON_OWNED = _wordset("on for against at to")


def _owned_on(tokens: list[tuple[int, int, str]], layout: Layout, at: Mention) -> bool:
    """Whether the player is named after a preposition that follows the sender's own order
    said as a noun ("my vote on Quill", "our kill on Abs"): the object of that order, no
    doer ("my bet on Abs to kill Kleene" is no order of the sender's: a bet is none)."""
    j = next((k for k, t in enumerate(tokens) if t[0] == at.start), None)
    if j is None or j < 2 or tokens[j - 1][2].casefold() not in _ON_OWNED:
        return False
    owner = next(
        (k for k in range(j - 2, max(-1, j - 5), -1) if tokens[k][2].casefold() in ("my", "our")),
        None,
    )
    if owner is None:
        return False
    return any(
        m.kind == ABILITY and tokens[owner][0] <= m.start and m.end <= tokens[j - 1][0]
        for m in layout.found
    )


_WANTS = _wordset("want wants wanted like need needs expect expects ask asked tell told")


def _wanted_to_do(tokens: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the pronoun at ``i`` stands between a verb of wanting and "to" before the
    order's word: "want him to heal", "asked her to protect"."""
    return (
        i >= 1
        and i + 1 < len(tokens)
        and tokens[i + 1][2].casefold() == "to"
        and tokens[i - 1][2].casefold() in _WANTS
    )


def _past_light_verb(tokens: list[tuple[int, int, str]], i: int) -> int:
    """The token before a deed's noun and the light verb that takes it, which say nothing of
    who does it: "that Rook carries out the organisation's kill", "Ruth performs the hit":
    the verb's subject does it, past its auxiliaries ("will carry out the kill"). Only a noun
    (after a determiner or a possessive) is taken by a light verb; else ``i`` as it is."""
    j = i
    while j >= 0 and (
        tokens[j][2].casefold() in _DETERMINERS or tokens[j][2].casefold().endswith(("'s", "’s"))
    ):
        j -= 1
    if j >= 1 and tokens[j][2].casefold() in _LIGHT_PARTICLES:
        j -= 1
    if j == i or j < 0 or tokens[j][2].casefold() not in _LIGHT_VERBS:
        return i
    j -= 1
    while j >= 0 and _is_aux(tokens, j):
        j -= 1
    return j


# The verbs that take a deed's noun and add nothing to it: "carry out the kill", "perform the
# hit", "handle the job" (the particle after the verb, "out", "off", is part of it).
_LIGHT_VERBS = _wordset(
    "carry carries carried carrying perform performs performed performing handle handles "
    "handled handling execute executes executed executing pull pulls pulled pulling"
)
_LIGHT_PARTICLES = _wordset("out off")


def _pronoun_of(key: str) -> str:
    """The pronoun of a contracted word: "he'd" is "he", "they've" is "they"."""
    return re.split(r"['’]", key, maxsplit=1)[0]


def _let_do(tokens: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the word before the order's word is a common noun allowed to do it by "let"
    ("let the boy sweat", "let that fool talk"): the noun's deed, not the sender's ("let me
    heal" is the sender's own, read before)."""
    if not tokens[i][2].islower() or tokens[i][2] in _NOT_A_SUBJECT:
        return False
    j = i - 1
    while j >= 0 and i - j <= 3 and tokens[j][2].casefold() in _LET_DETERMINERS:
        j -= 1
    return j >= 0 and j < i - 1 and tokens[j][2].casefold() == "let"


def _noun_subject(
    tokens: list[tuple[int, int, str]], i: int, voice: Voice, third_person: bool
) -> bool:
    """Whether the word before the order's auxiliaries is a subject of them, in the third
    person: a verb that needs a subject ("will", "is", "wants") stands between, and the word
    before it is a common noun, not a word of the order's own ("a doctor will heal him", "the
    mafia will probably kill Fern"; but "please, will you", "Tonight: will heal Abs"). The
    order's word in the third person needs none between when its subject is someone
    indefinite ("some fool heals the wrong person", "a doctor protects him"): no sender says
    their own deed so (but "The undersigned hereby frightens", "Kogoro interrogates")."""
    if i == len(tokens) - 1:
        if not (third_person and i and tokens[i - 1][2].casefold() in _INDEFINITE):
            return False
    elif not any(t[2].casefold() in _FINITE for t in tokens[i + 1 :]):
        return False
    word = tokens[i][2]
    key = word.casefold()
    # A name or a title written capitalised may be the sender's own, in role-play ("The
    # great Mouri will question Corvid tonight"), and so may a noun the sender owns to
    # ("your friendly doctor will", "this doc will"): only another common noun is someone
    # else.
    owned = any(t[2].casefold() in _SELF_DETERMINERS for t in tokens[max(0, i - 3) : i])
    return (
        word.islower()
        and key not in _NOT_A_SUBJECT
        and not key.endswith("ly")
        and key not in voice.names
        and not owned
    )


def thought_before(text: str) -> bool:
    """Whether ``text``, the words before "I'll"/"I'm going to" and the order after them,
    tells what someone else thinks or says of the sender ("lol Dill really thinks", "Velvet is
    telling everyone"), or the sender's bet ("I bet"): what follows is the content of it, not
    an order."""
    tokens = [(t.start(), t.end(), t.group()) for t in _TOKEN.finditer(text)]
    return _thought_of(tokens, len(tokens))


def _thought_of(tokens: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the sender's "we'll"/"I'll" stands in what someone else thinks or says, or in
    the sender's bet on it ("the town thinks we'll kill July", "I bet we'll kill Abs",
    "Pete said we'd shoot X"): a thought told, not an order."""
    if _doubted_own(tokens, i):
        return True
    for j in range(i - 1, -1, -1):
        key = tokens[j][2].casefold()
        if key in _BETS:
            return True
        if key in _THINKS and j and _thinker(tokens[j - 1][2].casefold(), key):
            return True
    return False


# Before an "-ing" form of thinking or saying, what makes it a verb with a subject ("Velvet
# is telling", "Parkur keeps saying"), not a noun ("after a lot of thinking").
_MAKES_A_VERB = _wordset("is are was were 's ’s 're ’re keeps kept been be still always")
# Before any such word, what makes it a noun, or the sender's own: "a lot of thought", "I
# think".
_NO_THINKER = _wordset("i we of a an the some much more my our after before upon with")


def _doubted_own(tokens: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the sender's "I'll" right after it is doubted by the sender ("I doubt I'll
    kill Lynz", "I don't think I'll heal Kleene", "doubt that I will"): a guess at their own
    deed, not an order. Only right before it: "I doubt Kleene is town, I'll kill Lynz"
    doubts something else, and "no doubt I'll kill Lynz" is sure."""
    j = i - 1
    if j >= 0 and tokens[j][2].casefold() in _THAT:
        j -= 1
    if j < 0:
        return False
    key = tokens[j][2].casefold()
    before = tokens[j - 1][2].casefold() if j else ""
    if key in _DOUBTS:
        return before not in _SURE_DOUBT
    return key in _OWN_BELIEFS and (
        before in _NOT or (before == "not" and j > 1 and tokens[j - 2][2].casefold() == "do")
    )


def _thinker(before: str, word: str) -> bool:
    """Whether the word before a verb of thinking or saying makes it someone's deed, not the
    sender's own ("I think") nor a noun ("after some thinking")."""
    if before in _NO_THINKER:
        return False
    return not word.endswith("ing") or before in _MAKES_A_VERB


def _doer(layout: Layout, who: Mention, mention: Mention, voice: Voice) -> str | None:
    """Whether ``who``, read as the subject of the order's word, makes it someone else's
    deed (``TALK``) or the sender's order (None): the sender's own name or role, a player who
    receives it ("Kleene gets my heal"), a target written first ("Kleene's protection")."""
    if who.kind == PLAYER and who.value == voice.sender:
        return None
    if who.kind == ROLE and str(who.value).casefold() in voice.names:
        return None
    if who.kind == PRONOUN and stands_for_sender(layout, who.start, voice):
        return None  # "Camel parks by her door. He observes Rook all night": the sender's deed
    between = layout.text[who.end : mention.start]
    if not between.strip() and _THIRD_PERSON.match(mention.text):
        return TALK  # "Miaka pulls the trigger": the player does it
    if "vote" in mention.value and _PAST_WORD.search(mention.text):
        # "Abs will get lynched today for sure": what the town will do, foretold; a vote is
        # the sender's own ("Abs gets my vote").
        return TALK
    if _SAYS_TO.fullmatch(between):
        return Kind.QUOTED  # "Ayumi says identify Mona as Korn": her order, told
    if (
        who.kind == PLAYER
        and _POSSESSIVE.match(between)
        and (on := _ON_WHOM_AFTER.match(layout.text, mention.end)) is not None
        and (after := _mention_at(layout, on.end())) is not None
        and after.kind == PLAYER
        and after.value != who.value
        and not layout.text[layout.clause(who.start).start : who.start].strip(" \t\n-*>•:")
    ):
        # "Koi's vote on Amélie was weird": opening its clause, Koi's deed on another, told
        # (but "Using Ferro's slander on Délia" is the sender's use of it).
        return TALK
    if who.kind != PRONOUN and (
        _RECEIVES.match(between) or not between.strip(" ,:;-—–>→=") or _POSSESSIVE.match(between)
    ):
        return None  # "Kleene gets my heal", "Mitsu: kill", "Kleene's protection"
    return TALK


def stands_for_sender(layout: Layout, at: int, voice: Voice) -> bool:
    """Whether the subject pronoun at ``at`` ("he", "she", "she'll") stands for the sender, as
    a storyteller writes of their own character: the last player or role named as a doer
    before it — one its verb follows ("Camel parks", "the Killer is", "Abs kills") — is the
    sender's own name or role ("Camel parks by Rook's door. He observes Rook all night").
    Another doer named nearer ("Abs is BO. He kills Kleene") makes it someone else's deed."""
    text = layout.text
    word = _TOKEN.match(text, at)
    if word is None or _pronoun_of(word.group().casefold()) not in _SUBJECT_PRONOUNS:
        return False
    i = bisect.bisect_left(layout.found_starts, at) - 1
    for m in reversed(layout.found[max(0, i + 1 - _ANTECEDENTS) : i + 1]):
        if m.kind not in (PLAYER, ROLE):
            continue
        if not _VERB_AFTER.match(text, m.end):
            continue  # "Marguerite's door", "a name in red: Sundew", "He's the Killer"
        return m.value == voice.sender or (
            m.kind == ROLE and str(m.value).casefold() in voice.names
        )
    return False


# How many mentions before a pronoun are read for the one it stands for (a bounded cost).
_ANTECEDENTS = 24
_SUBJECT_PRONOUNS = _wordset("he she")
# A verb right after a player or role, which makes them its doer: "Abs is", "Rook kills".
_VERB_AFTER = lazy_compile(
    r"[ \t]+(?:is|was|are|were|has|had|does|did|will|would|can|could|should|might|must|may"
    r"|keeps|wants|needs|[a-z]+(?<![su])s|(?:does|did|is|was|has|had|ca|wo|could|would)n['’]?t)"
    r"(?![\w'’])"
)


def _for_detail(
    layout: Layout, tokens: list[tuple[int, int, str]], i: int, mention: Mention
) -> bool:
    """Whether the word stands after "for" as the detail of another order said before it in
    its sentence ("Arrest X for the kill", "Frame Tomo for tonight's hit on Hana", "Blame
    Parkur for the Kleene kill"): the crime or the reason, not an order of its own."""
    for j in range(i, max(-1, i - 4), -1):
        key = tokens[j][2].casefold()
        if key == "for":
            break
        if (
            key not in _DETERMINERS
            and not key.endswith(("'s", "’s"))
            and not (
                (at := _mention_at(layout, tokens[j][0])) is not None and at.kind in (PLAYER, PHASE)
            )
        ):
            return False
    else:
        return False
    sentence = layout.sentence(mention.start)
    return any(m.kind == ABILITY and sentence.start <= m.start < tokens[j][0] for m in layout.found)


_DETERMINERS = _wordset("the a an his her their its my our your this that")


def whose(pronoun: Mention, word: Mention) -> bool:
    """Whether ``pronoun``, right before the order's ``word``, says whose its thing is ("Old
    Tom loads his revolver"), not who does it or to whom: "his", "their", and "her" before a
    word that is no verb of the third person ("anybody poking at her comes back")."""
    key = pronoun.text.casefold()
    if key == "her":
        return not _THIRD_PERSON.match(word.text)
    return key in ("his", "their")


def _is_aux(tokens: list[tuple[int, int, str]], i: int) -> bool:
    """Whether the token says nothing of who does the order after it: an auxiliary, a modal,
    an adverb, a time word ("will", "should really", "is going to", "tonight"). "'s" is "is"
    only before another such word ("Kleene's going to"), else a possessive."""
    key = tokens[i][2].casefold()
    return key in _AUX or (key.endswith("ly") and len(key) > 4 and key not in _NOT_ADVERBS)


def _token_before(tokens: list[tuple[int, int, str]], layout: Layout, at: Mention) -> str | None:
    """The word before a mention (which may span several tokens), in lower case."""
    before = [t for t in tokens if t[1] <= at.start]
    return before[-1][2].casefold() if before else None


_COUNTS = _wordset("a an one two three four five six seven eight nine ten twenty my x")


# The joining word right before a verb that shares the subject of the clause before it.
_JOINED_VERB = lazy_compile(r"(?:\band|\bthen|&)\s*$", re.IGNORECASE)


def _carried_subject(layout: Layout, mention: Mention) -> Mention | None:
    """The player or role a sentence opens with, when the order's word after "and" is in the
    third person and so shares that subject ("Rook is annoying and kills people": Rook does
    it; "Mossy Oak gets the rifle out and snipes Rook": Mossy Oak)."""
    word = mention.text.split()[0] if mention.text.split() else ""
    if not (word[-1:].casefold() == "s" and word[-2:].casefold() != "ss"):
        return None
    text = layout.text
    sentence = layout.sentence(mention.start)
    if not _JOINED_VERB.search(text, max(sentence.start, mention.start - 12), mention.start):
        return None
    said = text[sentence.start : mention.start]
    head = said.lstrip(" \t\n-*>•·:")
    at = _mention_at(layout, sentence.start + len(said) - len(head))
    return at if at is not None and at.kind in (PLAYER, ROLE) else None


def _mention_at(layout: Layout, at: int) -> Mention | None:
    """The mention that covers position ``at``, if one does."""
    i = bisect.bisect_right(layout.found_starts, at) - 1
    if i >= 0 and layout.found[i].start <= at < layout.found[i].end:
        return layout.found[i]
    return None


def _leading_space(before: str, lead: re.Match[str] | None) -> int:
    rest = before[lead.end() if lead else 0 :]
    return len(rest) - len(rest.lstrip())


_TOKEN = lazy_compile(r"[^\W_][\w'’]*|[^\w\s]")
# The words between a doer and the order's word that say nothing of who does it.
_AUX = _wordset(
    "will 'll ’ll would 'd ’d should could can may might must shall is are am was were be "
    "been being has have had to going gonna wanna gotta want wants needs need try tries "
    "trying attempt attempts about plans plan decided decides intends just also then really "
    "definitely probably surely totally certainly already still always finally actually now "
    "tonight tonite today please pls plz kindly gladly soon personally first do does doing"
)
_NOT_ADVERBS = frozenset({"only", "early", "family", "belly", "jelly", "holly", "bully", "ally",
                          "fly", "rally", "reply", "supply", "apply"})  # fmt: skip
# The pronouns that are never a clause's subject: whom a deed falls on ("put him in").
_OBJECT_PRONOUNS = _wordset("him her them")
# The sender as the doer: "I", "I'll", "we're".
_OWN_WORDS = _wordset(
    "i i'll i’ll i'm i’m i'd i’d i've i’ve we we'll we’ll we're we’re we'd we’d we've we’ve "
    "myself ourselves"
)
# The first person before a verb in the past ("I listed", "we've zorped"), and that verb: a
# regular past ("-ed", not "need", "feed"), which no order of the sender's is said in.
_OWN_PAST = _wordset("i we i've i’ve we've we’ve")
_PAST_VERB = lazy_compile(r"[^\W\d_]+[^\W\d_e]ed", re.IGNORECASE)
# Someone else as the doer: "someone should", "the town will".
# The verbs of having one's own people do a deed: "have my people snatch X", "send our boys".
_CAUSATIVE = _wordset("have having get getting send sending let make making")
_OTHER_WORDS = _wordset(
    "someone somebody anyone anybody everyone everybody people ppl peeps folks town others "
    "they they'll "
    "they’ll they're they’re y'all y’all guys he she he'll she'll he's she's"
)
# The auxiliaries that need a subject before them: "X will", "X is", "X wants to".
_FINITE = _wordset(
    "will 'll ’ll would 'd ’d should could can may might must shall is are was were has have "
    "had wants needs tries attempts plans decided decides intends does did"
)
# Words before an auxiliary that are no subject of it: fillers, prepositions, the GM asked.
_NOT_A_SUBJECT = _wordset(
    "ok okay so then and or but also just now well alright right hey hi hello yo oi gm please "
    "pls plz kindly tonight tonite today tomorrow in on at to for with of from by about into "
    "onto the a an my our your this that what which who whom whose how why when where if "
    "yes no lol lmao haha hmm um uh oh wait edit update action order orders target note ps "
    "you u"
)
# Who is someone not named: "some fool", "a doctor", "another player".
_INDEFINITE = _wordset("some a an another any one every each")
# What makes the noun after it the sender's own, spoken of in role-play: "your doctor".
_SELF_DETERMINERS = _wordset("your ur yer this yours")
# The words between "let" and the noun it allows: "let the boy", "let that old fool".
_LET_DETERMINERS = _wordset("the that this those these a an his her their old poor little")
# Verbs of someone's thinking or saying, which what follows them is the content of.
_THINKS = _wordset(
    "thinks thought believes believed expects expected says said knows guesses guessed "
    "assumes assumed figures reckons suspects suspected predicts predicted fears feared "
    "told tells wrote writes suggested suggests "
    # ... and as "-ing" forms and other verbs of saying and hoping: "Velvet is telling
    # everyone I'll detain him", "Dill is hoping I'll protect him".
    "thinking believing expecting saying telling writing posting claiming claims claimed "
    "spreading insisting insists insisted hoping hopes hoped assuming guessing suspecting "
    "predicting announcing announced announces swears swore swearing"
)
# The sender's bet on what will happen: speculation, not an order.
_BETS = _wordset("bet bets betting wager")
# The sender's doubt of their own deed, right before "I'll": "I doubt I'll", "I don't think
# I'll", "I can't see myself" is no "I'll"; "no doubt" and "without a doubt" are sure.
_DOUBTS = _wordset("doubt doubting")
_SURE_DOUBT = _wordset("no a without")
_OWN_BELIEFS = _wordset("think believe expect reckon suppose imagine see figure")
_NOT = _wordset("don't don’t dont didn't didn’t didnt never")
_THAT = _wordset("that if whether")
# What asks the GM: "could you", "please, you ...", "I want you to".
_ASKS_YOU = _wordset("could can would will please pls plz want need like")
_POSSESSIVE = lazy_compile(r"^['’]s?\s*$")
# Whom a player's deed is on, after its word: "Koi's vote on Amélie", "his kill of X", "Rose's
# vote is on Abs".
_ON_WHOM_AFTER = lazy_compile(
    r"[ \t]+(?:(?:is|was|stays|stayed)[ \t]+)?(?:on|against|for|of|at)[ \t]+", re.IGNORECASE
)
