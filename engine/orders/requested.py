"""An order asked of the GM in another mood, said again in the one the reader reads: "let X be
<done>", the plain subjunctive ("let Marrow be placed under my protection" is Protect on
Marrow, "let me hold a séance" the séance).

A letter, a newcomer or a learner asks for the order instead of giving it, and a GM reads the
request as the order: "I should be most obliged if Marrow were placed under my protection",
"I'd really appreciate it if Ysolde could be put in detention", "kindly see that Sparrow is
slandered", "make sure Wren gets slandered", "I would have Marrow healed", "I want that Marrow
is under my protection" (a learner's "je veux que"), "Ludo is to have my protection", "Toffee
can borrow my watch". The frame ("I'd be grateful if", "see that", "would have") is courtesy
or grammar, not a condition, a doubt nor a deed of the one named: each is said again as "let X
be ..." ("let me ..." for leave asked for the sender's own deed, "if I might hold a séance"),
and "X is to have" as "X gets". The message is read so (``parse.read_phoned``) only when its
first reading refused a fragment, and taken only when it reads more orders, so a message read
at once pays nothing and a request that is still no order ("grateful if you could tell me
whether ...") keeps its answer. What stays of the frame is read as before: "by someone" makes
it another's deed, "either Marrow or Wren" two choices, an arrest with no crime a missing
detail.
"""

from __future__ import annotations

import re

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.model import PlainOrder
from autogm.engine.orders.vocab import BASE_FORMS

# Words of degree before the feeling: "most obliged", "ever so grateful", "really appreciate".
_DEGREE = r"(?:(?:most|much|very|so|ever\s+so|deeply|truly|really|awfully|terribly|greatly)\s+)*"
# The feeling the sender would have if the order were carried out.
_FEELING = r"(?:obliged|grateful|thankful|pleased|glad|delighted|happy|appreciative)"
# "I should be most obliged if", "would be grateful if" (the subject left out), "I'd really
# appreciate it if", "we are thankful if".
_IF_FRAME = (
    r"(?:(?:(?:i|we)\s*(?:['’]\s*d|would|should|shall|will)\s+|would\s+|should\s+)be"
    r"|(?:i|we)\s*(?:['’]\s*m|am|are|['’]\s*re))\s+" + _DEGREE + _FEELING + r"\s+if"
    r"|(?:i|we)\s*(?:['’]\s*d|would|should)\s+" + _DEGREE + r"appreciate\s+it\s+if"
)
# A clause said between the frame and its subject: "if, for the duration of this night,".
_ASIDE = r"(?:\s*,[^,.;!?\n]{1,60},)?"
# The subject of the request: a few words, no mark between (a player, "my Snipe Guard").
_SUBJECT = r"(?P<subject>[^\s,.;!?\n][^,.;!?\n]{0,59}?)"
# The subjunctive of the request after its subject: "were", "might be", "could be".
_BE = r"(?:were|was|be|(?:might|may|could|can|would|should|shall)\s+be)"
_IF_REQUEST = lazy_compile(
    rf"(?<![\w'’])(?:{_IF_FRAME}){_ASIDE}\s+"
    # Leave asked for the sender's own deed: "if I might hold a séance".
    rf"(?:(?P<own>i|we)\s+(?:might|may|could|can)\s+(?:be\s+allowed\s+to\s+)?"
    rf"|(?!(?:you|u)\b){_SUBJECT}\s+{_BE}\s+)",
    re.IGNORECASE,
)
# "See that Sparrow is slandered", "see to it that", "make sure Wren gets slandered", "ensure
# that"; a learner's "I want that Marrow is under my protection".
_SEE_THAT = lazy_compile(
    r"(?<![\w'’])(?:see\s+(?:to\s+it\s+)?that|make\s+sure(?:\s+that)?|ensure(?:\s+that)?"
    r"|(?:i|we)\s+(?:want|wish|would\s+like|['’]\s*d\s+like)\s+that"
    # A mandate: "I request that the Tommy-gun be turned upon Pim", "ask that".
    r"|(?:i|we)\s+(?:hereby\s+)?(?:request|ask|order|instruct|direct|submit|propose)\s+that)"
    rf"\s+(?!(?:you|u|i|we)\b){_SUBJECT}\s+(?:is|are|gets?|will\s+be|shall\s+be|be)\s+",
    re.IGNORECASE,
)
# A participle: "placed", "turned", "identified"; an irregular one ("given", "taken").
_DONE = r"[a-z]{2,}ed|" + "|".join(sorted(BASE_FORMS, key=len, reverse=True))
# The causative "have X done": "I would have Marrow healed", "grateful to have my
# interrogation from Night 1 analyzed", "we would have Oleander identified as Vodka".
_HAVE_DONE = lazy_compile(
    r"(?<![\w'’])(?:(?:i|we)(?:\s+[A-Z][\w'’-]*){0,3}\s*(?:['’]\s*d|would|should|shall)\s+"
    rf"(?:like\s+to\s+)?|(?:(?:i|we)\s*(?:['’]\s*d|would|should|shall)\s+be\s+)?{_DEGREE}"
    rf"{_FEELING}\s+to\s+)have\s+(?!(?:you|u|i|we|to|been|no)\b)"
    rf"{_SUBJECT}\s+(?P<done>{_DONE})(?![\w'’])",
    re.IGNORECASE,
)
# The one named as the order's receiver, with what they are to have: "Ludo is to have my
# protection", "marrow's to have", "Toffee can borrow my watch".
_TO_HAVE = lazy_compile(
    r"(?<=\w)(?:\s+(?:is|are)|['’]s)\s+to\s+(?:have|get|receive)\s+(?=(?:my|our|the)\b)"
    r"|(?<=\w)\s+(?:can|may|could)\s+(?:borrow|have|hold|keep)\s+(?=(?:my|our)\b)",
    re.IGNORECASE,
)
# "let X be done", said actively ("turn the Tommy-gun upon Pim", "place Marrow under my
# protection"), the way orders are written; not with its doer after it ("healed by someone").
_LET_DONE = lazy_compile(
    rf"(?<![\w'’])let\s+(?!(?:me|us)\b){_SUBJECT}\s+be\s+(?P<done>{_DONE})(?![\w'’])"
    r"(?![^.;!?\n]*\bby\s)",
    re.IGNORECASE,
)
# The letters before "-ed" after which the verb ends in "e": "placed", "used", "analyzed".
_SILENT_E = frozenset("cvz")
_VOWELS = frozenset("aeiouy")
# The unstressed endings of verbs that take no "e": "slandered", "poisoned", "visited".
_NO_E = ("er", "en", "on", "el", "it", "et")
# A word every frame holds (a cheap test before the patterns).
_GATE = (" if", "that", "sure", "have", " to ", "borrow")


def plainly(text: str) -> str:
    """``text`` with each order asked in another mood said as "let X be ..." ("let me ..."),
    and "X is to have" as "X gets"; ``text`` itself when it asks none so."""
    lowered = text.lower()
    if not any(word in lowered for word in _GATE):
        return text
    said = _TO_HAVE.sub(" gets ", _SEE_THAT.sub(_let, _IF_REQUEST.sub(_let, text)))
    said = _HAVE_DONE.sub(lambda m: f"let {m['subject']} be {m['done']}", said)
    said = _LET_DONE.sub(lambda m: f"{base_form(m['done'])} {m['subject']}", said)
    return text if said == text else said


def base_form(done: str) -> str:
    """The verb a participle is of: "given" give, "identified" identify, "stopped" stop,
    "placed" place, "turned" turn (a rule of thumb of English spelling: a reading that
    misses is only not taken)."""
    word = done.lower()
    if word in BASE_FORMS:
        return BASE_FORMS[word]
    if not word.endswith("ed"):
        return word  # "put", "set", "cut"
    if word.endswith("ied"):
        return word[:-3] + "y"
    if word.endswith("eed"):
        return word[:-1]
    stem = word[:-2]
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "lsfz":
        return stem[:-1]  # "stopped", "committed"
    last, before = stem[-1], stem[-2] if len(stem) > 1 else ""
    if last in _SILENT_E and before != last:
        return stem + "e"  # "placed", "analyzed", "disguised" below
    if last in _VOWELS or last in "wxy" or before not in _VOWELS or stem.endswith(_NO_E):
        return stem  # "turned", "protected", "followed", "slandered"
    if last == "s" or len(stem) < 3 or stem[-3] not in _VOWELS:
        return stem + "e"  # "blamed", "investigated", "used", "cured"
    return stem  # "healed", "detained", "poisoned"


def _let(found: re.Match[str]) -> PlainOrder:
    own = found.groupdict().get("own")
    if own is not None:
        return "let me " if own.lower() == "i" else "let us "
    return f"let {found['subject']} be "
