"""Readers of the day's votes, which every family shares: "Vote Abs", "No lynch", "Abstain",
"Unvote"."""

from __future__ import annotations

import re
from dataclasses import dataclass

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.model import Order
from autogm.engine.orders.name_match import MatchKind
from autogm.engine.orders.reader import Reader, Refusal

_WHOLE_NAME = (MatchKind.EXACT, MatchKind.ALIAS)
# "[vote]abstain[/vote]": a vote for no one, not a player called that.
_ABSTAIN = lazy_compile(r"\s*abstain(?:ing)?\b", re.IGNORECASE)
_NOBODY = lazy_compile(r"(?:nobody|no\s*one|none)\b", re.IGNORECASE)
_VOTE_VERB = lazy_compile(
    r"^\s*(?:goes\s+to|will\s+go\s+to|is\s+(?:for|on)|is|on|against)\s+(?=\S)", re.IGNORECASE
)


# Every character a ``_VOTE_VERB`` match can start with once leading whitespace is passed
# (``\s`` is ``str.isspace``): each of its words starts with one, and IGNORECASE matches a
# letter's two cases (and 'ı' and 'İ' to 'i'). A vote's target mostly starts with none.
_VOTE_VERB_FIRST = "gGwWiIıİoOaA"


def read_vote(reader: Reader, rest: str, fragment: str) -> Order:
    if rest.lstrip()[:1] in _VOTE_VERB_FIRST:  # "" too: the pattern decides then
        rest = _VOTE_VERB.sub("", rest, count=1)  # "My vote goes to Abs"
    if rest.lstrip()[:1] in "aA" and _ABSTAIN.match(rest):
        return read_abstain(reader, rest[_ABSTAIN.match(rest).end() :], fragment)  # type: ignore[union-attr]
    # "Vote no lynch", "vote nobody": both start with "no" (only N, n, O and o match those
    # letters case-insensitively); a player's name mostly does not, and is read at once.
    if rest[:2].casefold() == "no" and (
        reader.grammar.order_patterns.match(rest) == ("no_lynch", len(rest))
        or _NOBODY.match(rest)
    ):
        # A player's name written whole beats the words (a player may be called "Nobody").
        named, used = reader.words.players.match_prefix(rest)
        if not (used and named.kind in _WHOLE_NAME and not rest[used:].strip(" .!")):
            wording = reader.wording
            return Order(reader.author, "vote", choice="no_lynch", text=fragment, wording=wording)
    return reader.targeted("vote", rest, fragment)


def read_no_lynch(reader: Reader, rest: str, fragment: str) -> Order:
    reader.end(rest, fragment)
    return Order(reader.author, "vote", choice="no_lynch", text=fragment, wording=reader.wording)


def read_abstain(reader: Reader, rest: str, fragment: str) -> Order:
    reader.end(rest, fragment)
    return Order(reader.author, "vote", choice="abstain", text=fragment, wording=reader.wording)


def read_no_action(reader: Reader, rest: str, fragment: str) -> str:
    """Not an order either: "no action tonight" drops the player's orders of the phase but
    their vote (``parse_pm``), and is answered as understood."""
    reader.end(rest, fragment)
    return "no_action"


_UNVOTE_AGAIN = lazy_compile(r"[\s,;.!*#/]*(?:and\s+)?un-?vote\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Unvote:
    """Not an order: ``parse_pm`` takes back the votes read before it, then reads ``then``,
    the words after the unvote, as an order of their own ("##unvote ##vote Miaka").
    ``named`` is the player whose vote is taken back when the unvote names one."""

    then: str = ""
    named: str = ""


def read_unvote(reader: Reader, rest: str, fragment: str) -> Unvote:
    """ "Unvote", "unvote Abs" (the vote taken back needs no name, but may have one), and
    whatever follows: a vote in the same breath is the player's new vote, and anything else
    is read or refused, never dropped with the unvote."""
    named = ""
    while True:
        # The vote taken back may be named; a miss is no error here, so no suggestions.
        found, used = reader.words.players.match_prefix(rest)
        after = rest[used:] if found.is_match and used else rest
        named = found.name if found.is_match and used else named
        # "unvote unvote ...", "##unvote Abs ##unvote Miaka": one unvote, read in one pass (the
        # words after it are read again as an order, so each repeat must not be).
        again = _UNVOTE_AGAIN.match(after)
        if again is None:
            break
        rest = after[again.end() :]
    try:
        reader.end(after, fragment)
    except Refusal:
        return Unvote(after.strip(" ,;"), named)
    return Unvote(named=named)

