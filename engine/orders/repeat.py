"""'Same as last night': an order that repeats the author's orders of an earlier phase.

A careful GM takes "same as last night" (or "repeat my last order") sent alone as the orders
the author gave in their last phase of the same kind, night after night or day after day,
each checked as if written out again (docs/rulings.md, dctp-2011, "Reading orders written
freely"). What the author did is read from ``GameState.history``, which keeps each action
that was ordered, carried out or stopped (``took_place``), with its ability, targets and the
role it named; an order whose record does not keep all it said (an investigation's question,
an arrest's crime, an observation's kind) is not rebuilt from it, it is asked for again.
"""

from __future__ import annotations

import re
from functools import cache

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import vocab
from autogm.engine.orders.model import Order
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say
from autogm.engine.state import GameState

# "last night", "yesterday": the author's phase of the same kind just before this one.
_PREVIOUS = r"last\s+(?:night|day)|yesterday|(?:the\s+)?(?:night|day)\s+before|n-1|d-1"
# "before", "last time", "my last order": the author's latest phase of this kind with orders.
_LATEST = r"before|previously|last\s+(?:time|phase|round)|my\s+last\s+(?:order|orders|one)"
_WHEN = rf"(?P<previous>{_PREVIOUS})|(?P<latest>{_LATEST})"
# What is repeated: every family's words for orders, then the family's nouns for its own
# ("the same heal as last night": ``vocab.Words.repeat_nouns``).
_WHAT = "order|orders|action|actions|target|targets|one|thing"


@cache
def _repeat(nouns: tuple[str, ...]) -> re.Pattern[str]:
    """The pattern of a repeat in a family whose orders are also named by ``nouns``."""
    return lazy_compile(_repeat_source(nouns) + r"\W*", re.IGNORECASE)


@cache
def _repeat_but(nouns: tuple[str, ...]) -> re.Pattern[str]:
    """The pattern of a repeat with one thing changed: "same as last night but on Pip"."""
    return lazy_compile(
        _repeat_source(nouns) + r"[\s,;:–—-]*but\s+(?P<change>\S.*?)[\s.!]*", re.IGNORECASE
    )


def _repeat_source(nouns: tuple[str, ...]) -> str:
    what = f"(?:{'|'.join((_WHAT, *(re.escape(n) for n in nouns)))})"
    return (
        r"(?:(?:ok(?:ay)?|so|just|hi|hey|gm|please|pls|plz)\W+)*"
        rf"(?:(?:i(?:'ll|\s+will)?\s+)?(?:do\s+)?(?:the\s+)?same(?:\s+{what})?"
        rf"(?:\s+as\s+(?:{_WHEN})|\s+again)"
        r"|(?:please\s+)?(?:repeat|redo)\s+(?:my\s+|the\s+)?"
        rf"(?:(?P<whose>{_PREVIOUS})(?:'s|s)?\s+|last\s+|previous\s+)?{what}"
        rf"(?:\s+(?:from|of)\s+(?:{_WHEN.replace('?P<', '?P<of_')}))?)"
        r"(?:\W+(?:again|please|pls|plz|thanks|thx|ty|tonight|today|for\s+(?:me|tonight|today)))*"
    )


def repeat_asked(fragment: str, words: vocab.Words) -> bool | None:
    """None when ``fragment`` is not a repeat of earlier orders; True when it names the
    author's phase just before this one ("same as last night"), False when it means their
    latest orders of this kind ("same as before", "repeat my last order"), in the family's
    ``words``."""
    low = fragment.lower()
    if "same" not in low and "repeat" not in low and "redo" not in low:
        return None  # the cheap test first: most fragments are orders
    found = _repeat(words.repeat_nouns).fullmatch(fragment)
    if found is None:
        return None
    return bool(found["previous"] or found["whose"] or found["of_previous"])


def repeat_changed(fragment: str, words: vocab.Words) -> tuple[bool, str] | None:
    """A repeat with one thing changed ("same as last night but on Pip", "same as before but
    first aid Kaya"): whether it names the phase just before this one (as ``repeat_asked``),
    and the change, written as the rest of an order; None when ``fragment`` is none."""
    low = fragment.lower()
    if "same" not in low or "but" not in low:
        return None
    found = _repeat_but(words.repeat_nouns).fullmatch(fragment)
    if found is None:
        return None
    change = _POLITE_END.sub("", found["change"])
    previous = bool(found["previous"] or found["whose"] or found["of_previous"])
    return (previous, change) if change else None


# Courtesy after the change: "same as last night but on Pip pls".
_POLITE_END = lazy_compile(r"(?:\W+(?:please|pls|plz|thanks|thx|ty|tonight|today))+\W*$", re.I)


def repeated(
    state: GameState,
    author: str,
    previous: bool,
    passive: frozenset[str],
    words: vocab.Words,
) -> str | tuple[Phase, list[Order], list[str]]:
    """The author's orders to repeat: the phase they were given in, the orders rebuilt from
    the record, and the titles of those the record cannot rebuild (its family's ``words``
    say which: ``vocab.UNREPEATABLE``; votes are not in the history, each day's is cast
    anew); or why there are none. ``passive``: the abilities that act with no order, never
    repeated."""
    phase = state.phase
    if previous:
        number = phase.number - 1
        if number < 1:
            return say("reading.repeat_first", kind=phase.kind, phase=phase)
        when = Phase.night(number) if phase.is_night else Phase.day(number)
    else:
        when = None
    own = [
        r
        for r in state.history
        if r.actor == author
        and not r.blamed
        and r.ability not in passive
        and r.phase.kind is phase.kind
        and r.phase.index < phase.index
        and (when is None or r.phase == when)
    ]
    if not own:
        if when is not None:
            last = "reading.repeat_last_night" if phase.is_night else "reading.repeat_yesterday"
            said = say(last, phase=when)
        else:
            said = say("reading.repeat_none_earlier", kind=phase.kind)
        return say("reading.repeat_none", when=said)
    when = max(own, key=lambda r: r.phase.index).phase if when is None else when
    orders: list[Order] = []
    lost: list[str] = []
    titles, wording = state.ruleset.titles, words.wording
    not_kept = words.with_trait(vocab.UNREPEATABLE)
    for r in own:
        if r.phase != when:
            continue
        if r.ability in not_kept:
            lost.append(wording.title(r.ability, titles))
            continue
        order = Order(
            author,
            r.ability,
            r.targets,
            role=r.role,
            text=say("reading.repeat_same_as", phase=when),
            wording=wording,
        )
        if order not in orders:
            orders.append(order)
    return when, orders, lost
