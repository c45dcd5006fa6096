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
from collections.abc import Mapping

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import phrases
from autogm.engine.orders.evidence import ABILITY, PLAYER, EvidenceTable, mentions
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order, Rejection
from autogm.engine.orders.reader import Reader
from autogm.engine.orders.seam import SlotKey
from autogm.engine.render.inert import shorten
from autogm.engine.render.templates import say

# The three classes as one pattern: a message is looked at once (most hold none of them,
# and the gate answers for all three at once); which class a statement is, after.
_STATEMENT = phrases.pattern(phrases.UNDECIDED, phrases.NONE_GIVEN, phrases.NOT_SPENT)
# ... and the decision put off or the rest, in words rarer than theirs: gated apart, so that
# the common words of the others ("not", "from") do not run these too.
_PUT_OFF = phrases.pattern(phrases.PUT_OFF, phrases.RESTING)
_UNDECIDED = phrases.pattern(phrases.UNDECIDED, phrases.PUT_OFF)
_RESTING = phrases.pattern(phrases.RESTING)
# The sender's own voice right before a rest: "I'll stop and rest", "I'm resting".
_VOICE = lazy_compile(
    r"(?<![\w'’])(?:i\s*['’]?\s*ll|i\s+will|i\s*['’]?\s*m|i\s+am|gonna|going\s+to)"
    r"\s+(?:(?:just|simply|stop\s+and)\s+)?$",
    re.IGNORECASE,
)
_NOT_SPENT = phrases.pattern(phrases.NOT_SPENT)
# The end of the sentence a statement stands in.
_SENTENCE_END = lazy_compile(r"[.!?\n]")
# Someone else as the statement's subject, right before it in its clause: "Let him sit one
# out", "she'll decide later", "they say no action from me".
_SOMEONE_ELSE = lazy_compile(
    r"(?<![\w'’])(?:let\s+)?(?:he|she|they|him|her|them|you|u|y['’]?all|someone|everyone"
    r"|everybody|nobody|people)(?:['’]\w+)?\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
# A later phase before a statement in its sentence: the phase it speaks of.
_LATER = phrases.pattern(phrases.LATER)
# A word of changing an order already given: the statement speaks of a later edit, and the
# order stands until then.
_CHANGE = lazy_compile(
    r"(?<![\w'’])(?:chang(?:e|es|ed|ing)|switch\w*|edit\w*|updat\w*|revis\w*|else)(?![\w'’])",
    re.IGNORECASE,
)


def void_undecided(
    text: str,
    accepted: dict[SlotKey, Order],
    reader: Reader,
    table: EvidenceTable,
    means: Mapping[str, str],
) -> list[Rejection]:
    """Take out of ``accepted`` (the orders read from ``text``, the message as cleaned) the
    orders a statement of the message voids, and answer their refusals: the decision still
    to come (``phrases.UNDECIDED``, ``PUT_OFF``), no order sent (``NONE_GIVEN``, ``RESTING``), or
    an ability of the sender's said to stay unused (``phrases.NOT_SPENT``, by its word in
    ``table`` or its rule's words in ``means``)."""
    refused: list[Rejection] = []
    statements = [*_STATEMENT.finditer(text), *_PUT_OFF.finditer(text)]
    for found in sorted(statements, key=lambda f: f.start()):
        said, begin = found.group(), found.start()
        if _RESTING.fullmatch(said):
            voice = _VOICE.search(text, max(0, begin - 24), begin)
            if voice is None:
                continue  # "I rest my case", "let them rest": no rest of the sender's
            begin = voice.start()  # quoted with its voice: "I'll stop and rest tonight"
        undecided = _UNDECIDED.fullmatch(said) is not None
        named_only = not undecided and _NOT_SPENT.fullmatch(said) is not None
        key = "reading.undecided" if undecided else "reading.none_given"
        named = _named(
            text, found, reader, table, means, accepted, named_only=named_only, undecided=undecided
        )
        if named is None:
            continue
        written = shorten(text[begin : _end(text, found)].strip(), 80)
        for slot, order in list(accepted.items()):
            if named and order.ability not in named:
                continue
            del accepted[slot]
            refused.append(
                Rejection(
                    shorten(order.text or order.canonical(), 200),
                    say(key, written=written),
                    kind=Kind.WITHDRAWN,
                )
            )
        if not accepted:
            break
    return refused


def says_none(
    text: str, reader: Reader, table: EvidenceTable, means: Mapping[str, str]
) -> Rejection | None:
    """The answer to a message that gives no order and says it sends none, naming no ability
    ("Never mind — nothing from me tonight. I'm saving myself."): taken back, quoting the
    statement; None when it says nothing of the kind. (A decision still to come, "I'll decide
    later", takes nothing back when nothing was given: it is talk.)"""
    for found in _STATEMENT.finditer(text):
        said = found.group()
        if _NOT_SPENT.fullmatch(said) is not None or _UNDECIDED.fullmatch(said) is not None:
            continue  # "not wasting a bullet": an ability named unused, not the message
        named = _named(text, found, reader, table, means, {}, named_only=False, undecided=False)
        if named != set():
            continue
        start = max(text.rfind(mark, 0, found.start()) for mark in ".!?\n") + 1
        written = shorten(text[start : _end(text, found)].strip(), 80)
        return Rejection(written, say("reading.none_given", written=written), kind=Kind.WITHDRAWN)
    return None


def _end(text: str, found: re.Match[str]) -> int:
    """Where the sentence of the statement ``found`` ends."""
    stop = _SENTENCE_END.search(text, found.end())
    return stop.start() if stop else len(text)


def _named(
    text: str,
    found: re.Match[str],
    reader: Reader,
    table: EvidenceTable,
    means: Mapping[str, str],
    accepted: Mapping[SlotKey, Order],
    *,
    named_only: bool,
    undecided: bool,
) -> set[str] | None:
    """The abilities the statement ``found`` names after it in its sentence (empty: every
    order); None when it voids nothing: someone else's, a change to come, a target chosen
    against, or (``named_only``) no ability of the sender's named."""
    start = text.rfind("\n", 0, found.start()) + 1
    end = _end(text, found)
    if _CHANGE.search(text, start, end):
        return None  # "I'll send something else later if I change my mind": the order stands
    if _SOMEONE_ELSE.search(text, max(start, found.start() - 40), found.start()):
        return None  # "let him sit one out", "she'll decide later": someone else's
    opens = max(text.rfind(mark, 0, found.start()) for mark in ".!?\n") + 1
    if not undecided and _LATER.search(text, opens, found.start()):
        return None  # "Heal Conia. Tomorrow I'll rest.": no order sent in a later phase
    after = text[found.end() : end]
    seen = mentions(after, table, reader.words.players, reader.words.roles)
    # A player named is a target chosen against ("not wasting a bullet on Kleene"); in a
    # decision still to come, one weighed ("I decide later who gets it, maybe Knödel").
    if not undecided and any(m.kind == PLAYER for m in seen):
        return None
    named = {a for m in seen if m.kind == ABILITY for a in m.value}
    # ... or its tool, in its rule's words ("not wasting a bullet": the gun's).
    named.update(
        o.ability
        for o in accepted.values()
        if (said := means.get(o.ability)) is not None and re.search(said, after, re.IGNORECASE)
    )
    if named_only and not named:
        return None  # "I'm not wasting a minute": no ability of the sender's
    return named
