"""Readers of crime and punishment: the arrest and the blame that name a crime, the slander,
and the cover-ups (erasing a body, bribing the GM)."""

from __future__ import annotations

import re

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.grammar import FOR
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order
from autogm.engine.orders.reader import Reader, Refusal
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say

# The crime set apart from the accused: "Arrest Abs (killed Kleene on Night 1)", "Arrest Abs -
# killing Kleene on N1"; the bracket may be left open.
_CRIME_OPEN = lazy_compile(r"\s*(?:[(\[]|[-:–—]+(?=\s))\s*", re.IGNORECASE)
_CRIME_CLOSE = lazy_compile(r"\s*[)\]]")
# "(for the murder of Kleene, N1)": a comma before the phase.
_COMMA = lazy_compile(r"\s*,\s*")


def _crime_apart(rest: str) -> tuple[str, bool]:
    """The text after the accused without the bracket or dash before the crime, and whether a
    bracket was opened (its closing one is read after the phase)."""
    opened = _CRIME_OPEN.match(rest)
    if opened is None:
        return _did(FOR.sub("", rest, count=1)), False
    return _did(FOR.sub("", rest[opened.end() :], count=1)), "(" in opened[0] or "[" in opened[0]


# The crime told as what the accused did: "Arrest Abs - he killed Kleene on N1", "Arrest Abs
# because he killed Kleene N1".
_HE_DID = lazy_compile(
    r"(?:(?:because|since|as|cuz|cause)\s+)?(?:he|she|they)\s+(?:has\s+|had\s+|have\s+)?"
    r"(?=\w)",
    re.IGNORECASE,
)


def _did(rest: str) -> str:
    return rest[found.end() :] if (found := _HE_DID.match(rest)) else rest


def _phase_apart(reader: Reader, rest: str, bracket: bool) -> tuple[Phase | None, str]:
    """The phase of the crime, after a comma if one stands before it, and the text after it
    without the bracket the crime opened."""
    if (comma := _COMMA.match(rest)) and reader.phase_at(rest[comma.end() :]):
        rest = rest[comma.end() :]
    when, rest = reader.phase(rest)
    if bracket:
        rest = _CRIME_CLOSE.sub("", rest, count=1) if _CRIME_CLOSE.match(rest) else rest
    return when, rest


def read_arrest(reader: Reader, rest: str, fragment: str) -> Order:
    target, rest = reader.name(rest)
    rest, bracket = _crime_apart(rest)
    crime, victim, rest = _crime(reader, rest)
    if crime is None:
        raise Refusal(say("reading.arrest_needs"), Kind.MISSING_DETAIL)
    if crime == "disguise" and victim is None:
        victim, rest = reader.role(rest)
    elif victim is None and not reader.phase_at(rest) and rest.strip(" )]"):
        victim, rest = reader.name(rest)
    when, rest = _phase_apart(reader, rest, bracket)
    reader.end(rest, fragment)
    return Order(
        reader.author,
        "arrest",
        (target,),
        crime=crime,
        victim=victim,
        when=when,
        text=fragment,
        wording=reader.wording,
    )


def _crime(reader: Reader, rest: str) -> tuple[str | None, str | None, str]:
    """The crime named at the start of ``rest``, its victim when written before it as the
    victim's ("for Kleene's murder"), and the text after them."""
    crime = reader.grammar.match_crime(rest)
    if crime is not None:
        return crime[0], None, rest[crime[1] :]
    owner = reader.possessor(rest)
    if owner is not None:
        victim, after = owner
        after = after.lstrip()
        crime = reader.grammar.match_crime(after)
        if crime is not None and crime[0] != "disguise":
            return crime[0], victim, after[crime[1] :]
    return None, None, rest


_TONIGHT = lazy_compile(r"\b(?:tonight|this\s+night)\b", re.IGNORECASE)


def read_blame(reader: Reader, rest: str, fragment: str) -> Order:
    """ "Blame Kleene for killing Parkur" (the crime is tonight's); "Blame Kleene" alone
    blames tonight's kill, the Org's crime of the night (docs/rulings.md, Blame)."""
    target, rest = reader.name(rest)
    rest, bracket = _crime_apart(rest)
    crime, victim, rest = _crime(reader, rest)
    if crime is None and not _TONIGHT.sub("", rest).strip(" .!;,"):
        crime = "kill"
        reader.notes.append(say("reading.blame_tonight"))
    if crime is None:
        raise Refusal(say("reading.blame_needs"), Kind.MISSING_DETAIL)
    if crime == "disguise" and victim is None:
        victim, rest = reader.role(rest)
    elif victim is None and rest.strip(" .!?;,)]") and not reader.phase_at(rest):
        victim, rest = reader.name(rest)
    if bracket and _CRIME_CLOSE.match(rest):
        rest = _CRIME_CLOSE.sub("", rest, count=1)
    reader.end(rest, fragment)
    return Order(
        reader.author,
        "blame",
        (target,),
        crime=crime,
        victim=victim,
        text=fragment,
        wording=reader.wording,
    )


def read_slander(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.listed("slander", rest, fragment)  # "up to two targets"


def read_erase(reader: Reader, rest: str, fragment: str) -> Order:
    """ "Erase" (tonight's victim) or "Erase X"."""
    if not rest.strip(" .!?;,") or not reader.names_anyone(rest):
        return reader.bare("erase", rest, fragment)
    return reader.targeted("erase", rest, fragment)


def read_bribe(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.bare("bribe", rest, fragment)
