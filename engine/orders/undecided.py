"""A message that says its sender has not decided, or sends nothing: the orders it voids.

A player thinking aloud may write an order's words ("Protect Corvina? Or Wrenna...") and
then say the order is still to come ("I'll send the real order later"); one repeating what
the thread demands ("Detain Lumen, detain Lumen") may end "I'll send something when I've
decided"; one musing may close "I submit no instruction herewith" or "I'm not wasting a
bullet tonight". A GM carries out none of it: what the message says of itself outweighs
the order's words in it (docs/rulings.md, "A message that says it decides nothing").

What such a statement names after it, in its sentence, is all it voids ("I'll decide later
on the vote. Heal Pip." heals Pip); one that names no ability voids every order of the
message. A statement that names a player is a choice of target, not a refusal to act ("Not
wasting a bullet on Kleene. Kill Lynz."), and one that speaks of changing an order keeps it
("Heal Lynz. I'll send an edit later if I change my mind").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import phrases
from autogm.engine.orders.evidence import ABILITY, PLAYER, mentions
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Rejection
from autogm.engine.render.inert import shorten
from autogm.engine.render.templates import say

if TYPE_CHECKING:
    from autogm.engine.orders.parse import Message

_UNDECIDED = phrases.pattern(phrases.UNDECIDED)
_NONE_GIVEN = phrases.pattern(phrases.NONE_GIVEN)
_NOT_SPENT = phrases.pattern(phrases.NOT_SPENT)
# The end of the sentence a statement stands in.
_SENTENCE_END = lazy_compile(r"[.!?\n]")
# A word of changing an order already given: the statement speaks of a later edit, and the
# order stands until then.
_CHANGE = lazy_compile(
    r"(?<![\w'’])(?:chang(?:e|es|ed|ing)|switch\w*|edit\w*|updat\w*|revis\w*|else)(?![\w'’])",
    re.IGNORECASE,
)


def void_undecided(msg: Message) -> None:
    """Take out of ``msg.accepted`` the orders a statement of the message voids: the decision
    still to come (``phrases.UNDECIDED``), no order sent (``phrases.NONE_GIVEN``), or an
    ability of the sender's said to stay unused (``phrases.NOT_SPENT``)."""
    if not msg.accepted:
        return
    text = msg.text
    for pattern, key, named_only in (
        (_UNDECIDED, "reading.undecided", False),
        (_NONE_GIVEN, "reading.none_given", False),
        (_NOT_SPENT, "reading.none_given", True),
    ):
        for found in pattern.finditer(text):
            _void(msg, found, key, named_only=named_only)
            if not msg.accepted:
                return


def _void(msg: Message, found: re.Match[str], key: str, *, named_only: bool) -> None:
    """Void the orders the statement ``found`` names after it in its sentence; with none
    named, every order (unless ``named_only``)."""
    text = msg.text
    start = text.rfind("\n", 0, found.start()) + 1
    stop = _SENTENCE_END.search(text, found.end())
    end = stop.start() if stop else len(text)
    if _CHANGE.search(text, start, end):
        return  # "I'll send something else later if I change my mind": the order stands
    reader = msg.reader
    after = text[found.end() : end]
    seen = mentions(after, msg.dialect.table, reader.words.players, reader.words.roles)
    if any(m.kind == PLAYER for m in seen):
        return  # "not wasting a bullet on Kleene": a target chosen against, no refusal to act
    named = {a for m in seen if m.kind == ABILITY for a in m.value}
    means = msg.dialect.words.means
    # ... or its tool, in its rule's words ("not wasting a bullet": the gun's).
    named.update(
        o.ability
        for o in msg.accepted.values()
        if (said := means.get(o.ability)) is not None and re.search(said, after, re.IGNORECASE)
    )
    if named_only and not named:
        return  # "I'm not wasting a minute": no ability of the sender's
    written = shorten(text[found.start() : end].strip(), 80)
    for slot, order in list(msg.accepted.items()):
        if named and order.ability not in named:
            continue
        del msg.accepted[slot]
        msg.rejected.append(
            Rejection(
                shorten(order.text or order.canonical(), 200),
                say(key, written=written),
                kind=Kind.WITHDRAWN,
            )
        )
