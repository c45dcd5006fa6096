"""Readers of the information orders: investigations and their queries ("Jd- heals Parkur"),
observations, analysis, detection and identification of roles, and spying."""

from __future__ import annotations

import re

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import grammar
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order, Query
from autogm.engine.orders.reader import Reader, Refusal
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say

_QUERY_SPLIT = lazy_compile(r"\s*(?:[,;]|\band\b|\balso\b)\s*", re.IGNORECASE)
# Queries whose action may name no one: "Hakuba travels during Prep".
_NO_OBJECT = frozenset({"travel", "choose_costumes", "abduct"})
_OBSERVE_KIND = lazy_compile(r"\b(?:age|gender)\b", re.IGNORECASE)
# A kind the order excludes: "the gender, not the age".
_NOT_KIND = lazy_compile(r"\b(?:not|no)\s+(?:the\s+|their\s+|his\s+|her\s+)?$", re.IGNORECASE)
_OBSERVE_OF = lazy_compile(r"^\s*(?:the|his|her|their)\s+(?:age|gender)\s+of\b", re.IGNORECASE)
_ANALYZE_FILLER = lazy_compile(
    r"\s*(?:my\s+)?(?:interrogation|result)?s?\s*(?:from|of|on|during)?\s*", re.IGNORECASE
)
_IDENTIFY_NEEDS_ROLE = "reading.identify_role"
_IN_GAME = lazy_compile(r"\s*(?:is\s+)?in\s+(?:the\s+)?game\b", re.IGNORECASE)
# "Detect: is Shinichi in the game?", "Detect whether there is a Shinichi".
_DETECT_ASK = lazy_compile(
    r"\s*(?:(?:is|if|whether)\s+)?(?:there\s+is\s+|there\s+)?(?:an?\s+)?(?=\S)", re.IGNORECASE
)


def read_investigate(reader: Reader, rest: str, fragment: str) -> Order:
    asked = []
    for part in filter(None, _QUERY_SPLIT.split(rest)):
        query, when = _tonight_query(reader, part, fragment)
        if when is not None and when != reader.state.phase:
            if reader.holds("special_investigate") and not reader.holds("investigate"):
                # Okiya's "Investigate Akonyl protected conia on Night 1" is his SI.
                reader.notes.append(say("reading.investigate_read_as_special"))
                return read_special_investigate(reader, rest, fragment)
            raise Refusal(
                say("reading.investigate_tonight", phase=reader.state.phase, written=when),
                Kind.NOT_NOW,
            )
        asked.append(query)
    if not asked:
        # No player at all is no target; players without the action asked lack a detail.
        raise Refusal(
            say("reading.investigate_what"),
            Kind.MISSING_DETAIL if reader.names_anyone(rest) else Kind.NO_TARGET,
        )
    return Order(
        reader.author, "investigate", queries=tuple(asked), text=fragment, wording=reader.wording
    )


def _tonight_query(reader: Reader, part: str, fragment: str) -> tuple[Query, Phase | None]:
    """One query of an Investigate, and the phase it names (an Investigate sees tonight)."""
    subject, keyword, obj, tail = _action(
        reader, part, "reading.investigate_example", no_object=frozenset()
    )
    when, tail = reader.phase(tail)
    reader.end(tail, fragment)
    return Query(subject, keyword, obj), when


def queries(reader: Reader, rest: str, fragment: str) -> tuple[Query, ...]:
    """ "X heals Y", "X disguised as Ran on Prep", "Hakuba travels during Prep"."""
    found = []
    for part in filter(None, _QUERY_SPLIT.split(rest)):
        subject, keyword, obj, tail = _action(
            reader,
            part,
            "reading.special_investigate_example",
            no_object=_NO_OBJECT,
        )
        when, tail = reader.phase(tail)
        if tail.strip(" .!?;,"):
            raise Refusal(
                say("reading.not_understood", written=tail.strip(), fragment=fragment),
                Kind.NOT_AN_ORDER,
            )
        found.append(Query(subject, keyword, obj, when))
    if not found:
        raise Refusal(say("reading.special_investigate_action"), Kind.MISSING_DETAIL)
    return tuple(found)


def _action(
    reader: Reader, part: str, example: str, *, no_object: frozenset[str]
) -> tuple[str, str, str, str]:
    """The subject, the action and its object (a player, a role for a disguise, nothing for
    the actions in ``no_object``) of a query, and the text after them. ``example`` is the key
    of the refusal's model of a query, with {a} for the subject and {b} for another player."""
    subject, tail = reader.name(part)
    aux = _AUXILIARY.match(tail)  # "Abs is attacking Lynz", "Abs will kill Lynz"
    tail = tail[aux.end() :] if aux else tail
    verb = reader.grammar.query_patterns.match(tail.lstrip())
    if verb is None and (mark := grammar.POSSESSIVE.match(tail)):
        # "Investigate Abs's role": the name is read, and what is asked is no action.
        asked = tail[mark.end() :].split(maxsplit=1)[0] if tail[mark.end() :].strip() else ""
        raise Refusal(
            say(
                "reading.query_not_about",
                subject=subject,
                asked=asked,
                example=_example(reader, example, subject),
            ),
            Kind.MISSING_DETAIL,
        )
    if verb is None:
        raise Refusal(
            say(
                "reading.query_no_action", written=part, example=_example(reader, example, subject)
            ),
            Kind.MISSING_DETAIL,
        )
    keyword, used = verb
    tail = tail.lstrip()[used:]
    if aux and keyword not in ("disguise", "detect") and (by := _BY.match(tail)):
        # "Bo is killed by Ingrid", "Kelp was protected by Isolde": the passive.
        agent, tail = reader.name(tail[by.end() :])
        return agent, keyword, subject, tail
    if keyword == "disguise":
        obj, tail = reader.role(tail)
    elif keyword == "detect":
        # "Bourbon detects" or "Bourbon detects Shinichi": Detect asks for a character.
        obj = ""
        if tail.strip() and not reader.phase_at(tail):
            obj, tail = reader.role(tail)
            tail = _IN_GAME.sub("", tail, count=1) if _IN_GAME.match(tail) else tail
    elif keyword in no_object and (not tail.strip() or reader.phase_at(tail)):
        obj = ""
    else:
        obj, tail = reader.name(tail)
    if keyword == "blame":
        # "'Akonyl blames Kleene for killing PhoenixTears' comes back as a false" (Blame): the
        # crime blamed is part of the query and changes nothing in the answer.
        tail = _blamed_crime(reader, tail)
    return subject, keyword, obj, tail


def _example(reader: Reader, example: str, subject: str) -> str:
    """The refusal's model of a query, written with this game's names, the one asked about
    first, so it can be copied and completed."""
    others = [n for n in reader.words.players.names if n not in (subject, reader.author)]
    return say(example, a=subject, b=others[0] if others else reader.author)


_AUXILIARY = lazy_compile(
    r"^\s*(?:is|was|will|would|did|does|has|had)\s+(?:be\s+|been\s+)?(?=\w+ing\b|\w+ed\b|kill|heal)",
    re.IGNORECASE,
)
_FOR = lazy_compile(r"\s*for\s+", re.IGNORECASE)
_BY = lazy_compile(r"\s*by\s+", re.IGNORECASE)


def _blamed_crime(reader: Reader, tail: str) -> str:
    """The text after "X blames Y", without its "for killing Z" (or "for disguising as Ran")."""
    found = _FOR.match(tail)
    crime = found and reader.grammar.match_crime(tail[found.end() :])
    if not found or not crime:
        return tail
    tail = tail[found.end() + crime[1] :]
    if crime[0] == "disguise":
        return reader.role(tail)[1]
    if tail.strip() and not reader.phase_at(tail):
        return reader.name(tail)[1]
    return tail


def _asking(ability: str, reader: Reader, rest: str, fragment: str) -> Order:
    """An order made of questions alone (Special Investigate, Follow-Up)."""
    found = queries(reader, rest, fragment)
    return Order(reader.author, ability, queries=found, text=fragment, wording=reader.wording)


def read_special_investigate(reader: Reader, rest: str, fragment: str) -> Order:
    return _asking("special_investigate", reader, rest, fragment)


def read_follow_up(reader: Reader, rest: str, fragment: str) -> Order:
    return _asking("follow_up", reader, rest, fragment)


def read_observe(reader: Reader, rest: str, fragment: str) -> Order:
    """ "Observe age X", "Gender-observe X", "Observe X's gender"."""
    kinds = {
        k.group(0).lower()
        for k in _OBSERVE_KIND.finditer(fragment)
        if not _NOT_KIND.search(fragment, max(0, k.start() - 12), k.start())
    }
    kind = (
        None
        if len(kinds) > 1
        else next(
            (
                k
                for k in _OBSERVE_KIND.finditer(fragment)
                if not _NOT_KIND.search(fragment, max(0, k.start() - 12), k.start())
            ),
            None,
        )
    )
    rest = _OBSERVE_OF.sub("", rest, count=1)  # "observe the gender of Abs"
    rest = _OBSERVE_KIND.sub("", rest, count=1).lstrip(" :-")
    target, rest = reader.name(rest)
    rest = _OBSERVE_KIND.sub("", rest, count=1)
    reader.end(rest.strip(" ()"), fragment)
    choice = kind.group(0).lower() if kind else None
    return Order(
        reader.author, "observe", (target,), choice=choice, text=fragment, wording=reader.wording
    )


def read_analyze(reader: Reader, rest: str, fragment: str) -> Order:
    """ "Analyze my Interrogation from Night 1"."""
    rest = _ANALYZE_FILLER.sub("", rest, count=1)
    when, rest = reader.phase(rest)
    reader.end(rest, fragment)
    return Order(reader.author, "analyze", when=when, text=fragment, wording=reader.wording)


def _role_order(reader: Reader, ability: str, rest: str, fragment: str) -> Order:
    """ "Detect Shinichi", "Detect: Shinichi is in the game"."""
    rest = rest.lstrip(" :")
    role, rest = reader.role(_DETECT_ASK.sub("", rest, count=1))
    rest = _IN_GAME.sub("", rest, count=1)
    reader.end(rest, fragment)
    return Order(reader.author, ability, role=role, text=fragment, wording=reader.wording)


def read_detect(reader: Reader, rest: str, fragment: str) -> Order:
    return _role_order(reader, "detect", rest, fragment)


def read_police_detect(reader: Reader, rest: str, fragment: str) -> Order:
    return _role_order(reader, "police_detect", rest, fragment)


def read_identify(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.as_role("identify", rest, fragment, _IDENTIFY_NEEDS_ROLE)


def read_police_identify(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.as_role("police_identify", rest, fragment, _IDENTIFY_NEEDS_ROLE)


def read_spy(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.listed("spy", rest, fragment)
