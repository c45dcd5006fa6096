"""The last word of a deliberation: a line that settles what the lines before it weighed, and
names only the players ("Final answer: Dr Ferris.", "So the four: Pip, Aurélie, Corvina,
Wrenna.", "Going with Sable."). The order is the one the weighing was about: the one order of
the sender's own its words name ("Kill options. Castellan: ... Björn: ..."), with the
players of the settling line as its targets. A line that only leans ("leaning Ferris",
"probably Ferris") settles nothing, and one that still offers two ("Final answer: Ferris or
Björn") is no plain list of targets, so the weighing is read as before."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import phrases
from autogm.engine.orders.compose import Block, Candidates
from autogm.engine.orders.fragments import DOUBT, UNSURE
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order
from autogm.engine.orders.reader import SECOND_CHOICE, TWO_CHOICES, Reader, Refusal
from autogm.engine.orders.stance import TALK, Voice, stance
from autogm.engine.render.templates import say

# The words that say the weighing is over, then at most a copula or a mark before the players:
# "final answer:", "my final pick is", "decided:", "I've decided on", "going with", "so the
# four:", "locked in:", "settling on".
_SETTLES = phrases.gated(
    r"^\W*(?:(?:so|ok(?:ay)?|right|fine|alright|then|and)\b\W*)*(?:(?:my|the)\s+)?"
    r"(?:final(?:\s+(?:answer|list|pick|choice|decision|target|names?|four|three|two))?"
    r"|(?:i['’]?ve\s+|i\s+have\s+|i\s+)?decided(?:\s+on)?|decision|verdict"
    r"|(?:i['’]?m\s+|i\s+am\s+)?going\s+with|(?:i['’]?ll\s+)?go\s+with"
    r"|settl(?:ed|ing)\s+on|(?:i['’]?m\s+)?locking\s+in|locked\s+in"
    r"|(?:one|two|three|four|five|six|pair|list)(?=\s*[:=\-—–]))"
    r"\s*(?:(?:is|are|it\s+is|then)\b)?\s*[:=\-—–]?\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)


# A second choice offered after the decision: "Hmm, or Björn?", "or maybe Lynz".
_REOPENS_WITH = lazy_compile(rf"[\W_]*(?:(?:h+m+|u+m+|u+h+|well)\W+)?(?:{SECOND_CHOICE})", re.I)


def settled(
    reader: Reader,
    fragments: Sequence[str],
    block: Callable[[], Block],
    held: Candidates,
    voice: Voice,
    read: Callable[[str], object],
) -> Order | Refusal | None:
    """The order a run of fragments (``fragments``; ``block``: their text joined by line
    breaks, read for its evidence) settles on in its last fragment, read by ``read`` from its
    plain form; None when the last fragment settles nothing, or the weighing names no one
    order; the refusal when the last fragment settles on two choices. A word of an order
    said as someone else's deed ("they'll heal him tonight") is not what the sender
    weighed."""
    last = len(fragments) - 1
    while last > 0 and not reader.words.filler.clean(fragments[last]):
        last -= 1  # "Final answer: Conia. Thanks GM!": courtesy after the last word
    if not last:
        return None  # nothing weighed before it
    line = _SETTLES.match(fragments[last])
    if line is None and last > 1 and (line := _SETTLES.match(fragments[last - 1])) is not None:
        # "Final answer: Conia. Hmm, or Björn?": the decision reopened by the line after it
        # is no decision: two choices, or a doubt asked back; else the weighing is read.
        reopened = fragments[last]
        if not reader.names_anyone(line["rest"]):
            return None
        if _REOPENS_WITH.match(reopened) is not None and reader.names_anyone(reopened):
            return Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)
        if DOUBT.match(reopened) is not None or reopened.rstrip().endswith("?"):
            return Refusal(say(UNSURE), Kind.QUESTION)
        return None
    if line is None or not reader.names_anyone(line["rest"]):
        return None
    weighed_until = sum(len(f) + 1 for f in fragments[:last])
    said = block()
    weighed = {
        ability
        for m in said.found
        if m.kind == "ability"
        and m.start < weighed_until
        and stance(said.layout, m, said.found, voice) != TALK
        for ability in held.of(m.value)
    }
    if len(weighed) != 1:
        return None
    try:
        order = read(f"{reader.wording.title(weighed.pop())} {line['rest']}")
    except Refusal as refusal:  # no plain list of players (a Guess is one too)
        # "Final answer: Conia or Lynz.": the last word still offers two.
        return refusal if refusal.kind is Kind.TWO_CHOICES else None
    return order if isinstance(order, Order) and order.targets else None
