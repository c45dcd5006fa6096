"""The reader of a Black Org member's leader ranking (classic's leader vote).

"So each player PMs the GM with a ranking", written as players write lists: "Ranking: 1. Gin
2. Vodka 3. Korn", "Ranking: Gin > Vodka > Korn", "Leader vote: Conia, Akonyl, Pofa", the
text's own "Akonyl (Vodka), Conia (Korn), Pofa (Gin)", or "Ranking:" over a numbered list
(``fragments`` joins the list's lines). A member is named by player or by role. A ranking
that ties two members, numbers its places wrongly or names a role and a player that disagree
is refused, saying why: the GM does not guess a ballot.
"""

from __future__ import annotations

import re

from autogm.engine.families.dctp.state import black_org
from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order
from autogm.engine.orders.names import MatchKind
from autogm.engine.orders.reader import Reader, Refusal
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side

ABILITY = "leader_ranking"

# A place's number: "1.", "2)", "3:", "1st", "#2"; at the start or after a space or separator.
_PLACE = lazy_compile(
    r"(?:^|(?<=[\s,;>]))#?(?P<n>\d{1,2})(?:[.):]|st\b|nd\b|rd\b|th\b)\s*", re.IGNORECASE
)
# Between places without numbers: "Gin > Vodka", "Gin, Vodka", "Gin then Vodka", "Gin -> Vodka".
_SEPARATOR = lazy_compile(
    r"\s*(?:-*>+|→|,|;|/|\bthen\b|\bfollowed\s+by\b|\band\s+(?:then\s+)?|\s-\s)\s*",
    re.IGNORECASE,
)
_TIE = lazy_compile(r"=|\b(?:tied?|equal(?:ly)?|same\s+place)\b", re.IGNORECASE)
# What may stand before the members: "for leader", "for the boss vote →", "best to worst:".
_HEADING = lazy_compile(
    r"^(?:(?:for\s+)?(?:the\s+)?(?:bo\s+)?(?:leader|boss)(?:ship)?(?:\s+(?:vote|ballot|spot))?"
    r"|best\s+to\s+worst|first\s+to\s+last|in\s+order|from\s+(?:best|first|top))"
    r"[\s,:\-–—→>]*",
    re.IGNORECASE,
)
# The author, ranking themselves: "me", "myself".
_ME = lazy_compile(r"\s*(?:me|myself|i)(?![\w'’])", re.IGNORECASE)
# A note that the member is the author: "Calvados (that's me)".
_ME_NOTE = lazy_compile(
    r"^\s*[(\[]\s*(?:that['’]?s\s+|it['’]?s\s+)?(?:me|myself)\s*[!.~]*\s*[)\]]", re.IGNORECASE
)
# The role written beside a name, as the text's example does: "Akonyl (Vodka)".
_ROLE_NOTE = lazy_compile(r"^\s*[(\[](?P<role>[^()\[\]]{1,30})[)\]]")


def read_leader_ranking(reader: Reader, rest: str, fragment: str) -> Order:
    text = _HEADING.sub("", rest.strip().lstrip(":-–—→> ").strip()).strip()
    text = _past_heading(reader, text)
    if not text:
        raise Refusal(say("reading.ranking_members"), Kind.MISSING_DETAIL)
    if not reader.holds(ABILITY):
        # Not a member voting now: the order is refused by the slot check, and nothing is read
        # that could tell the author who is in the Black Org.
        return Order(reader.author, ABILITY, text=fragment, wording=reader.wording)
    if _TIE.search(text):
        raise Refusal(say("reading.ranking_ties"), Kind.TWO_CHOICES)
    items, numbers = _places(text)
    if not numbers:
        items, numbers = _ordinals(items)
    if len(items) == 1 and not numbers:
        # "Gin Vodka Korn" (arrows read as spaces): members one after another.
        items = _one_after_another(reader, items[0]) or items
    members = []
    for i, item in enumerate(items):
        member = _member(reader, item, fragment, last=i == len(items) - 1)
        members.append(member)
    if numbers:
        if sorted(numbers) != list(range(1, len(numbers) + 1)):
            shown = ", ".join(str(n) for n in numbers)
            raise Refusal(say("reading.ranking_numbers", numbers=shown), Kind.MISSING_DETAIL)
        members = [m for _, m in sorted(zip(numbers, members, strict=True))]
    return Order(reader.author, ABILITY, tuple(members), text=fragment, wording=reader.wording)


def _past_heading(reader: Reader, text: str) -> str:
    """The members after a heading of the ranking's own words that ends in a colon ("for the
    leadership, most deserving first: A > B > C"): words before the first colon that name
    no player, no role and not the author are the heading, not a place."""
    head, colon, after = text.partition(":")
    if not colon or not after.strip() or _ME.search(head):
        return text
    roles = reader.words.roles
    if reader.names_anyone(head) or any(
        (role := roles.exact_prefix(head[w.start() :])) is not None and role[1]
        for w in _WORD.finditer(head)
    ):
        return text
    return after.strip()


_WORD = lazy_compile(r"(?<![\w'’])\w")


def _places(text: str) -> tuple[list[str], list[int]]:
    """The ranking's items in the order written, and their numbers when it numbers them."""
    marks = list(_PLACE.finditer(text))
    if not marks:
        return [i for i in _SEPARATOR.split(text) if i.strip()], []
    if text[: marks[0].start()].strip(" ,;>"):
        before = text[: marks[0].start()].strip()
        raise Refusal(say("reading.ranking_before_first", written=before), Kind.NOT_AN_ORDER)
    items, numbers = [], []
    for mark, after in zip(marks, [*marks[1:], None], strict=True):
        item = text[mark.end() : after.start() if after else len(text)].strip(" ,;>-–—:")
        if not item:
            raise Refusal(say("reading.ranking_empty_place", place=mark["n"]), Kind.NO_TARGET)
        items.append(item)
        numbers.append(int(mark["n"]))
    return items, numbers


# A place said after the member: "Chianti first, Gin second, Calvados last", "Korn on top".
_ORDINAL_AFTER = lazy_compile(
    r"\s+(?:(?:in\s+)?(?P<word>first|second|third|fourth|fifth|sixth|last)(?:\s+place)?"
    r"|(?P<top>on\s+top|at\s+the\s+top)|(?P<bottom>at\s+the\s+bottom|bottom))[\s.!]*$",
    re.IGNORECASE,
)
_ORDINAL_NUMBER = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
# "then me (Pisco)": the word that joins a place to the one before.
_THEN = lazy_compile(r"^\s*(?:then|and(?:\s+then)?)\s+", re.IGNORECASE)


def _ordinals(items: list[str]) -> tuple[list[str], list[int]]:
    """The items with the place each says after it ("Chianti first, Gin second, Calvados
    (that's me) last"; "Korn on top, then me, Vodka last"), numbered; none said, and the
    items stand in the order written. "last" and "at the bottom" are the last place."""
    said: list[int | None] = []
    kept = []
    for item in items:
        item = _THEN.sub("", item)
        found = _ORDINAL_AFTER.search(item)
        if found is None:
            said.append(None)
            kept.append(item)
            continue
        kept.append(item[: found.start()])
        if found["word"] and found["word"].lower() != "last":
            said.append(_ORDINAL_NUMBER[found["word"].lower()])
        elif found["top"]:
            said.append(1)
        else:
            said.append(len(items))
    if all(n is None for n in said):
        return kept, []
    # Places not said follow the order written among those left.
    free = [n for n in range(1, len(items) + 1) if n not in said]
    numbers = (
        [n if n is not None else free.pop(0) for n in said] if len(free) >= said.count(None) else []
    )
    return kept, [n for n in numbers if n is not None]


def _one_after_another(reader: Reader, text: str) -> list[str]:
    """The items of a ranking written with spaces only, when every word is a member's name or
    role written whole; else empty (the text is read as one item and refused as such)."""
    items, rest = [], text.strip()
    while rest:
        found, used = reader.words.players.match_prefix(rest)
        if not (found.is_match and used and found.kind in (MatchKind.EXACT, MatchKind.ALIAS)):
            found, used = reader.words.roles.match_prefix(rest)
            if not (found.is_match and used and found.distance == 0):
                return []
        items.append(rest[:used].strip())
        rest = rest[used:].strip()
    return items if len(items) > 1 else []


def _member(reader: Reader, item: str, fragment: str, *, last: bool) -> str:
    """The Black Org member one item names, by player ("Akonyl", "Akonyl (Vodka)") or by role
    ("Vodka")."""
    state = reader.state
    members = black_org(state, free_only=False)
    me = _ME.match(item)
    if me is not None:
        # "2nd - me (Korn)", "then me (Pisco)": the author.
        return _after(reader, reader.author, item[me.end() :], fragment, last=last)
    found, used = reader.words.players.match_prefix(item)
    exact = found.is_match and used and found.kind in (MatchKind.EXACT, MatchKind.ALIAS)
    if not exact:
        role, used_role = reader.words.roles.match_prefix(item)
        if role.is_match and used_role:
            holders = [m for m in members if state.players[m].role == role.name]
            if not holders:
                raise Refusal(say("reading.ranking_no_member", role=role.name), Kind.BAD_TARGET)
            if role.is_reading:
                reader.notes.append(role.note)
            return _after(reader, holders[0], item[used_role:], fragment, last=last)
    name, after = reader.name(item)
    return _after(reader, name, after, fragment, last=last)


def _after(reader: Reader, name: str, rest: str, fragment: str, *, last: bool) -> str:
    """What may follow a member's name: the role in brackets, which must be theirs."""
    me = _ME_NOTE.match(rest)
    if me is not None:
        if name != reader.author:
            raise Refusal(say("reading.ranking_not_you", player=name), Kind.TWO_CHOICES)
        rest = rest[me.end() :]
    note = _ROLE_NOTE.match(rest)
    if note is not None:
        written = note["role"].strip()
        found, used = reader.words.roles.match_prefix(written)
        p = reader.state.players[name]
        is_member = reader.state.ruleset.role(p.role).side is Side.BLACK_ORG
        if not (found.is_match and used == len(written)):
            raise Refusal(
                say("reading.ranking_not_a_role", written=written, player=name),
                Kind.MISSING_DETAIL,
            )
        if is_member and found.name != p.role:
            raise Refusal(
                say("reading.ranking_two_members", player=name, written=written, role=p.role),
                Kind.TWO_CHOICES,
            )
        rest = rest[note.end() :]
    if last:
        reader.end(rest, fragment)
    elif rest.strip(" .!?"):
        raise Refusal(
            say(
                "reading.ranking_not_understood",
                written=rest.strip(),
                player=name,
                fragment=fragment,
            ),
            Kind.NOT_AN_ORDER,
        )
    return name
