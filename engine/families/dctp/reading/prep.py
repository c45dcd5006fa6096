"""Readers of the Preparation orders (the disguise list, the costumes, friendship, lovers,
abduction, betrayal) and of the costume a disguiser wears on a night."""

from __future__ import annotations

import re

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.grammar import FOR, LIST_SEP, LIST_WORDS
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order
from autogm.engine.orders.reader import Reader, Refusal
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say

# "Abduct a character", "Abduct someone".
_ABDUCT_TAIL = lazy_compile(
    r"\s*(?:(?:a|one|some)\s+)?(?:random\s+)?(?:character|someone|somebody|role)?\s*$",
    re.IGNORECASE,
)


def read_disguise(reader: Reader, rest: str, fragment: str) -> Order:
    """ "Disguise: A, B, C" (Prep); "Disguise as Ran" is a costume. The names are players',
    never roles': "You choose player names (Akonyl, Conia etc.) not roles names (Agasa, Heiji
    etc.)" (classic, Disguise; docs/rulings.md, "Disguise names players, not roles")."""
    found = re.match(r"\s*as\b", rest, re.IGNORECASE)
    if found and not LIST_WORDS.match(rest):
        after = rest[found.end() :].lstrip(" :-–—")
        if not _players_listed(reader, after):
            return read_temporary_disguise(reader, rest[found.end() :], fragment)
        rest = after  # "disguise as: A, B, C": the players the disguise is among
    try:
        return reader.listed("disguise", rest, fragment)
    except Refusal as refusal:
        if refusal.kind not in (Kind.NO_TARGET, Kind.AMBIGUOUS_NAME):
            raise  # a role's name is no near name of a player's: "Ran" is not "Wren"
        role, used = reader.words.roles.match_prefix(LIST_WORDS.sub("", rest.lstrip(" :-"), 1))
        if not (role.is_match and used):
            raise
        count = reader.state.ruleset.option("prep_names")
        raise Refusal(say("reading.disguise_players", count=count), Kind.BAD_TARGET) from None


def _players_listed(reader: Reader, text: str) -> bool:
    """Whether ``text`` opens with a player's name written whole, followed by more names
    ("as: Amélie, Noodle, Koi"), where no role is named: the players a disguise is among."""
    name, used = reader.words.players.match_prefix(text)
    if not (name.is_match and used and name.distance == 0) or not LIST_SEP.match(text[used:]):
        return False
    role, used = reader.words.roles.match_prefix(text)
    return not (role.is_match and used)


def read_temporary_disguise(reader: Reader, rest: str, fragment: str) -> Order:
    role, rest = reader.role(re.sub(r"^\s*(?:as|the)\b", "", rest, flags=re.IGNORECASE))
    rest = re.sub(r"^\s*costume\b", "", rest, flags=re.IGNORECASE)
    rest = FOR.sub("", rest, count=1) if re.match(r"\s*for\b", rest, re.I) else rest
    when, after = reader.phase(rest)
    night = Phase(reader.state.phase.index + 1)
    if when is not None and when != reader.state.phase:
        # "Disguise as Ran for N3" on Day 2: the costume is worn the night after.
        if when != night:
            raise Refusal(
                say("reading.temporary_disguise_worn_on", phase=reader.state.phase, night=night),
                Kind.NOT_NOW,
            )
        rest = after
    reader.end(rest, fragment)
    return Order(
        reader.author, "temporary_disguise", role=role, text=fragment, wording=reader.wording
    )


def read_choose_costumes(reader: Reader, rest: str, fragment: str) -> Order:
    roles = []
    rest = rest.lstrip(" :")
    while rest.strip(" .!?;,"):
        role, rest = reader.role(rest)
        roles.append(role)
        more = LIST_SEP.match(rest)
        if not more:
            # "Shinichi Kazuha Chiba": roles one after another, when the next is a role.
            found, used = reader.words.roles.match_prefix(rest)
            if not (rest[:1].isspace() and found.is_match and used):
                break
            continue
        rest = rest[more.end() :]
    reader.end(rest, fragment)
    return Order(
        reader.author, "choose_costumes", roles=tuple(roles), text=fragment, wording=reader.wording
    )


def read_friendship(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.listed("friendship", rest, fragment)


# Between the two players of a pairing (classic): "Akonyl x Kleene", "Akonyl & Kleene".
_PAIRED = lazy_compile(r"\s+(?:x|×|&|\+|/|with)\s+|\s*[×&+/]\s*", re.IGNORECASE)


def read_amor(reader: Reader, rest: str, fragment: str) -> Order:
    """ "Amor: A, B, C, D" (2011); "Amor: AkonylxKleene and ConiaxCallid" as classic writes
    pairings, "A x B, C x D"."""
    rest = _PAIRED.sub(", ", rest)
    rest = re.sub(r"[^\s,;]+", lambda word: _joined_pair(reader, word[0]), rest)
    return reader.listed("amor", rest, fragment)


def _joined_pair(reader: Reader, word: str) -> str:
    """ "AkonylxKleene": two players' names joined by an "x", when the word is no player's
    name and exactly one "x" in it parts two names written whole."""
    if _whole_name(reader, word):
        return word
    splits = [
        f"{word[:i]}, {word[i + 1 :]}"
        for i, ch in enumerate(word)
        if ch in "xX" and _whole_name(reader, word[:i]) and _whole_name(reader, word[i + 1 :])
    ]
    return splits[0] if len(splits) == 1 else word


def _whole_name(reader: Reader, text: str) -> bool:
    found, used = reader.words.players.match_prefix(text)
    return bool(text) and found.is_match and used == len(text) and found.distance == 0


def read_abduct(reader: Reader, rest: str, fragment: str) -> Order:
    if reader.names_anyone(rest):
        raise Refusal(say("reading.abduct_nobody"), Kind.BAD_TARGET)
    return reader.bare("abduct", _ABDUCT_TAIL.sub("", rest, count=1), fragment)


def read_betrayal(reader: Reader, rest: str, fragment: str) -> Order:
    if reader.names_anyone(rest):
        # "Betrayal clarified as a passive ability at all times": no target to name.
        raise Refusal(say("reading.betrayal_passive"), Kind.BAD_TARGET)
    return reader.bare("betrayal", rest, fragment)
