"""Answers written under the GM's quoted prompt lines, read as the fields those lines ask for.

A player replies to the phase's PM or a form by quoting its lines and answering under each
("> Target:" / "Corvid" / "> Crime:" / "killing Rookie"; "> Police: who do you arrest?" /
"Tobi.K" / "> For which crime?" / "discombobulating Fennimore"). Quoted lines are not the
sender's words (``bbcode.text_quotes`` sets them apart), so the answers alone would be names and
deeds with nothing to say what each is for; a GM reads each answer as the field its prompt
asks for. This writes each such answer as that field ("Target: Corvid", "arrest: Tobi.K",
"Crime: killing Rookie"), which the form's reader then reads as a form written by hand.

Only a message of two answers or more is written out: one answer under one prompt is read with
the prompt as its context (``parse._prompted``). A prompt that asks for no field ("> Anything
else?", "> How was your night?") leaves its answer as it stands, and so does an answer that is
an order of its own ("I want to arrest Corvid." under "who do you arrest?")."""

from __future__ import annotations

import re
from collections.abc import Callable

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.bbcode import QUOTED_LINE

# The last sentence of a prompt line: "Day 2 has begun. Police: who do you arrest?"
_SENTENCE_END = lazy_compile(r"(?<=[.!])\s+")
# A label's aside in brackets: "Guises (3):", "Target (one player):".
_ASIDE = lazy_compile(r"\s*\([^)]*\)")
# Who carries out a kill: "Who carries out the kill tonight?", "who kills?", "Killer?" (asked
# before the order words, whose "kill" it holds).
_KILLER = lazy_compile(
    r"^\W*who\s+(?:kills|shoots|carries\s+(?:it\s+)?out|does\s+(?:it|the)|will\s+(?:do|carry)"
    r"|performs|pulls)|(?<![\w'’])(?:killer|shooter|hit\s*man)(?![\w'’])",
    re.IGNORECASE,
)
# The fields of an order's detail and of its target, asked as questions: "For which crime?",
# "For?", "Why?", "In which phase?", "Which night?", "When?", "Who dies?", "Whom?", "Victim?".
_CRIME = lazy_compile(r"(?<![\w'’])(?:crimes?|why|what\s+for)(?![\w'’])|^\W*for\W*$", re.IGNORECASE)
_PHASE = lazy_compile(
    r"(?<![\w'’])(?:phase|when|(?:which|what)\s+(?:night|day))(?![\w'’])", re.IGNORECASE
)
_TARGET = lazy_compile(
    r"(?<![\w'’])(?:target|victim|who\s+dies|whom)(?![\w'’])|^\W*who\W*$", re.IGNORECASE
)
# The words of a prompt that may name an order ("arrest", "detain"): of four letters or more,
# so that no "who" or "you" is read as a typo of one.
_WORD = lazy_compile(r"[^\W\d_]{4,}")
# An answer that opens on the connector of its detail: "For killing Rookie on Night 1."
_CONNECTED = lazy_compile(r"^\W*(?:for|on|in|during)\s", re.IGNORECASE)
CRIME, PHASE = "Crime", "Phase"
# The labels of an order's detail, whose answers name a deed ("Crime: killing Rookie") or a
# role ("Guises: Killer, Killer, Killer") in words an order may share.
_DETAIL = frozenset({"crime", "crimes", "phase", "when", "night", "time", "guise", "guises",
                     "role", "roles", "as"})  # fmt: skip


def answered(source: str, order_word: Callable[[str], bool]) -> str:
    """``source`` with each answer under a quoted prompt written as the field the prompt asks
    for, when it answers two prompts or more; ``order_word``: whether a text holds a word of
    an order (the family's)."""
    if ">" not in source or "\n" not in source:
        return source  # no quoted line, or one line: most messages
    lines = source.split("\n")
    answers = [
        i + 1
        for i in range(len(lines) - 1)
        if QUOTED_LINE.match(lines[i])
        and lines[i + 1].strip()
        and not QUOTED_LINE.match(lines[i + 1])
        and (i + 2 == len(lines) or not lines[i + 2].strip() or QUOTED_LINE.match(lines[i + 2]))
    ]
    if len(answers) < 2:
        return source
    for at in answers:
        label = _label(QUOTED_LINE.sub("", lines[at - 1], count=1), order_word)
        answer = lines[at].strip()
        if label is None:
            continue
        detail = label.casefold() in _DETAIL
        if detail and _CONNECTED.match(answer):
            continue  # "For killing Rookie on Night 1.": the detail says what it is
        if not detail and order_word(answer):
            continue  # "I want to arrest Corvid.": the answer is an order of its own
        lines[at] = f"{label}: {answer}"
    return "\n".join(lines)


def _label(prompt: str, order_word: Callable[[str], bool]) -> str | None:
    """The field a prompt line asks for, as a form's label: a label as written ("Target:",
    "Guises (3):"), the order a question names ("who do you arrest?": "arrest"), or the field
    of detail or of target it asks for; None when it asks for none."""
    asked = _SENTENCE_END.split(prompt.strip())[-1].strip()
    if asked.endswith(":"):
        name = _ASIDE.sub("", asked[:-1]).strip()
        return name if name and len(name.split()) <= 3 else None
    if not asked.endswith("?"):
        return None
    if _KILLER.search(asked):
        return "Killer"
    for word in _WORD.finditer(asked):
        if order_word(word[0]):
            return word[0]
    if _CRIME.search(asked):
        return CRIME
    if _PHASE.search(asked):
        return PHASE
    if _TARGET.search(asked):
        return "Target"
    return None
