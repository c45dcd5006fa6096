"""A later PM of a phase that builds on the sender's earlier one: "make it Jd", "scratch that",
"or Chalk? can't decide", "forgot: Night 1".

"You may always send in a new order to replace your old one, assuming the phase has not yet
ended." A careful GM reads a player's PMs of a phase in order and carries out what the last
word leaves standing (docs/rulings.md, "A later PM that builds on an earlier one"). A PM that
does nothing on its own (no order, no withdrawal the reader carries out alone) is read as the
continuation of the sender's thread: the text of their last PM of the phase that acted or was
refused as an order, with the PMs that built on it since. The two are read as one message, so
every way the reader reads a correction, a withdrawal, a reopened choice or a missing detail
inside one PM reads it across PMs too; this module adds no words of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order, ParsedPM
from autogm.engine.reading import meaning


@dataclass(frozen=True, slots=True)
class Thread:
    """What a sender's later PMs of the phase build on: the text of their PMs read as one,
    and its reading (whose orders stand now, unless a later PM replaced them)."""

    text: str
    read: ParsedPM
    # The state it was read in: a GM's correction or an instant order since (a new state
    # object) may change what the same words order, so the thread is not read again then.
    state: object = None


def did_something(parsed: ParsedPM) -> bool:
    """Whether a PM changes the sender's orders on its own: an order, a withdrawal of all or
    of one named order, an unvote, a will or a tape."""
    return bool(
        parsed.accepted
        or parsed.no_action
        or parsed.taken_back
        or parsed.unvote
        or parsed.will is not None
        or parsed.tape is not None
    )


# The refusals that say a PM was an order of its own, refused for itself: an ability the
# sender cannot use now (in Jail, used up), a target it cannot take, someone else's words, a
# condition, a question, a message too long. Such a PM is not read with the thread, which
# stands. (Not ``not_held``: a follow-up's detail is often read as an ability's word, as
# "crime: intimidating Béla" is, or "we skip tonight".)
_OWN_ORDER = frozenset(
    {Kind.NOT_NOW, Kind.BAD_TARGET, Kind.QUOTED, Kind.CONDITION, Kind.QUESTION, Kind.TOO_LONG}
)


def may_follow(parsed: ParsedPM) -> bool:
    """Whether a PM that did nothing on its own may build on the sender's thread: none of its
    refusals says it was an order of its own (``_OWN_ORDER``)."""
    return not any(r.kind in _OWN_ORDER for r in parsed.rejected)


def starts_thread(parsed: ParsedPM) -> bool:
    """Whether a PM is one later PMs may build on: it acted, or it was refused as an order
    ("Arrest Cobble" with no crime, "Heal" with no target). Talk alone is not: "Lark is so
    scummy" followed by "protect" is not read as Protect Lark; nor is a question, though it
    names an ability ("jury duty: does that vote show up publicly?" followed by "maybe on Rue
    some other night" is no Jury duty on Rue): it asks the GM, and gives nothing to amend."""
    return did_something(parsed) or any(
        r.kind != Kind.NOT_AN_ORDER and not r.text.rstrip().endswith("?") for r in parsed.rejected
    )


def continued(
    thread: Thread, text: str, read: Callable[[str], ParsedPM]
) -> tuple[Thread, ParsedPM] | None:
    """The thread with ``text`` read after it (``read``: the session's reading of a PM of this
    sender), and that reading with only the refusals the thread's own did not have (the
    player was told those); None when reading them together changes no order of the thread,
    which then stands as it was (chatter after an order, "still Abs, just confirming").

    The later PM is read as the next line of the earlier one ("scratch that", "or Lark?",
    "forgot: Night 1"), and, when that changes nothing, as an edit of it, as a forum's edit
    line is ("EDIT: Quill, not Lark"): a later PM that names only a new target is one."""
    was = [meaning(o) for o in thread.read.accepted]
    for joint in _JOINTS:
        joined = f"{thread.text}{joint}{text}"
        parsed = read(joined)
        if [meaning(o) for o in parsed.accepted] != was:
            told = {(r.text, r.kind) for r in thread.read.rejected}
            new = tuple(r for r in parsed.rejected if (r.text, r.kind) not in told)
            return Thread(joined, parsed, thread.state), replace(parsed, rejected=new)
    return None


# How a later PM is joined to the thread it builds on: as its next line, then as its edit.
_JOINTS = ("\n", "\nEDIT: ")


def standing(thread: Thread, pending: dict, author: str) -> list[tuple[tuple[str, str], Order]]:
    """The thread's orders the session still holds (a later order of another PM may have
    replaced one), each under its slot."""
    return [
        (key, order)
        for key, order in zip(thread.read.slots, thread.read.accepted, strict=True)
        if key[0] == author and pending.get(key) == order
    ]
