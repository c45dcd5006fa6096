"""Readers of killing and protecting: a leader naming the killer, APTX and poison (they name
the target's role), and the protections that take several players."""

from __future__ import annotations

import re

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order
from autogm.engine.orders.reader import NO_ORDER, Reader, Refusal
from autogm.engine.render.templates import say

_LEADER = lazy_compile(
    r"\s*(?:should|will|must|to|is\s+to|has\s+to)?\s*(?:kills?|attacks?|(?P<snipe>snipes?))\b",
    re.IGNORECASE,
)
# The killer named for a kill ordered beside it: "Kill Lynz. Miaka will do it.", "..., Miaka
# does the kill", "Vodka will carry it out", "Miaka is the killer".
_KILL_NOUN = r"(?:it|this|that|the\s+(?:kill(?:ing)?|hit|job|attack|murder))"
_DOES_IT = lazy_compile(
    r"\s*(?:(?:will|shall|should|must|can|is\s+to|has\s+to|is\s+going\s+to|gets\s+to)\s+)?"
    rf"(?:(?:do(?:es)?|handles?|takes?)\s+{_KILL_NOUN}|carr(?:y|ies)\s+{_KILL_NOUN}\s+out"
    rf"|carr(?:y|ies)\s+out\s+{_KILL_NOUN}|(?:is|be)\s+the\s+killer)\b",
    re.IGNORECASE,
)
# "Kill Lynz with Miaka", "Kill Lynz (Miaka does it)": the killer after the target.
_BY = lazy_compile(r"\s*(?:[,;(-]\s*)?(?:(?:with|by|using|via)\s+)?", re.IGNORECASE)
# Only a kill with one of these words after its target may name its killer there: the names
# are not looked for in every kill's remark.
_KILLER_HINT = re.compile(
    r"\b(?:with|by|using|via|do|does|carry|carries|handles?|takes?|killer)\b", re.IGNORECASE
)
_ORDER_TO = lazy_compile(r"(?:order|tell|have|make)\s+", re.IGNORECASE)
# The target after the killer's words: "Miaka does the kill, target Lynz", "... on Lynz".
_DOES_ON = lazy_compile(
    r"\s*(?:[,;:\-–—]\s*)?(?:(?:the\s+)?target(?:\s+is)?\s*[:=\-]?|on)\s*(?=\S)", re.IGNORECASE
)


def leader_order(reader: Reader, text: str, fragment: str) -> Order:
    """A leader naming the killer: "Vodka kills Kleene", "Order Vodka to kill Kleene".

    Read when a fragment starts with no order word, so its refusal is the one for a fragment
    that reads as no order at all."""
    text = _ORDER_TO.sub("", text, count=1)
    found, used = reader.words.players.match_prefix(text)
    killer = found.name if found.is_match and used else None
    if killer is None:
        # "Vodka kills Kleene": the leader names the killer by role, as the Black Org knows
        # one another (docs/rulings.md writes it so).
        role, used = reader.words.roles.match_prefix(text)
        verb = _LEADER.match(text[used:]) or _DOES_IT.match(text[used:])
        if role.is_match and used and verb:
            killer = _member_with_role(reader, role.name)
    does = _DOES_IT.match(text[used:]) or _LEADER.match(text[used:])
    if killer is not None and does and not text[used + does.end() :].strip(" .!"):
        # "Miaka will do it", "Miaka kills": no target here; ``parse_pm`` gives it the kill
        # ordered before it.
        return Order(reader.author, "kill", killer=killer, text=fragment, wording=reader.wording)
    if killer is not None and does and (on := _DOES_ON.match(text, used + does.end())):
        target, rest = reader.name(text[on.end() :])
        reader.end(rest, fragment)
        return Order(
            reader.author, "kill", (target,), killer=killer, text=fragment, wording=reader.wording
        )
    if killer is not None:
        verb = _LEADER.match(text[used:])
        if verb:
            target, rest = reader.name(text[used + verb.end() :])
            reader.end(rest, fragment)
            snipe = verb["snipe"] and reader.state.ruleset.has("snipe_is_an_order")
            ability = "snipe" if snipe else "kill"
            return Order(
                reader.author,
                ability,
                (target,),
                killer=killer,
                text=fragment,
                wording=reader.wording,
            )
    # The examples use this game's names, so that they can be copied.
    others = [n for n in reader.words.players.names if n != reader.author] or [reader.author]
    a, b = others[0], others[-1]
    raise Refusal(say("reading.order_examples", reason=say(NO_ORDER), a=a, b=b), Kind.NOT_AN_ORDER)


def _member_with_role(reader: Reader, role: str) -> str:
    """The Black Org member whose role is ``role``; refused when the leader's own side has
    none (the order would tell nothing, and naming a role no member has is a slip)."""
    state = reader.state
    author = state.players.get(reader.author)
    members = [n for n, p in state.players.items() if p.role == role and p.is_free]
    if author is None or not members or state.side(reader.author) != state.side(members[0]):
        raise Refusal(say("reading.kill_killer_role", role=role), Kind.BAD_TARGET)
    return members[0]


def read_snipe(reader: Reader, rest: str, fragment: str) -> Order:
    """ "Snipe Lynz" (and "Snipe Lynz with Korn"): the sniper's kill. In 2011 it is the kill
    itself ("Snipe replaces kill for the specified roles"); where the ruleset makes it the
    leader's choice (classic: "whether it's normal killing or sniping") it is a Snipe order."""
    ability = "snipe" if reader.state.ruleset.has("snipe_is_an_order") else "kill"
    return read_kill(reader, rest, fragment, ability)


def read_kill(reader: Reader, rest: str, fragment: str, ability: str = "kill") -> Order:
    """ "Kill Lynz", and the killer a leader names after the target ("Kill Lynz, Miaka will do
    it", "Kill Lynz with Miaka")."""
    target, rest = reader.name(rest)
    by = _BY.match(rest) if _KILLER_HINT.search(rest) else None
    lead = rest[by.end() :] if by and by.end() else ""
    found, used = reader.words.players.match_prefix(lead) if lead else (None, 0)
    if found is not None and found.is_match and used:
        does = _DOES_IT.match(lead[used:])
        if does or re.match(r"\s*(?:with|by|using|via)\b", rest, re.IGNORECASE):
            if found.is_reading:
                reader.notes.append(found.note)
            after = lead[used + does.end() :] if does else lead[used:]
            reader.end(after.lstrip(" )"), fragment)
            return Order(
                reader.author,
                ability,
                (target,),
                killer=found.name,
                text=fragment,
                wording=reader.wording,
            )
    killer = _bracketed_member(reader, rest, target)
    if killer is not None:
        return Order(
            reader.author, ability, (target,), killer=killer, text=fragment, wording=reader.wording
        )
    reader.end(rest, fragment)
    return Order(reader.author, ability, (target,), text=fragment, wording=reader.wording)


# "Kill: Lynz (Miaka)": one name alone in brackets after the target.
_BRACKETED = re.compile(r"\s*\(\s*([^()]+?)\s*\)\s*[.!]*\s*$")


def _bracketed_member(reader: Reader, rest: str, target: str) -> str | None:
    """The killer a leader writes in brackets after the target, when the name in them is a
    member of the leader's own side (a careful GM reads "(Miaka)" so only then; any other
    name in brackets is a remark the reader refuses as before)."""
    alone = _BRACKETED.match(rest)
    if alone is None or reader.author not in reader.state.players:
        return None
    found, used = reader.words.players.match_prefix(alone[1])
    if not (found.is_match and used == len(alone[1])) or found.name in (None, target):
        return None
    state = reader.state
    if state.side(found.name) is not state.side(reader.author):
        return None
    if found.is_reading:
        reader.notes.append(found.note)
    return found.name


def read_aptx(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.as_role("aptx", rest, fragment, "reading.aptx_role")


def read_poison(reader: Reader, rest: str, fragment: str) -> Order:
    try:
        return reader.as_role("poison", rest, fragment, "reading.poison_role")
    except Refusal as refusal:
        # Refused outright, as it always was: a poisoning's guessed name is not asked back.
        raise Refusal(str(refusal), refusal.kind) from None


def read_protect(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.listed("protect", rest, fragment)  # "any number of people at day"


def read_watch(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.substitutes("watch", rest, fragment)  # "(ordered) alternatives"
