"""From one fragment to its order: find the order word, then hand the rest to its reader.

``READERS`` is the one table from an order word's ability to its reader; an ability not in
it is "Ability Name" (``Reader.targeted``). A fragment with no order word may still be a
Black Org leader naming the killer ("Vodka kills Kleene").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from engine.orders import grammar
from engine.orders.fragments import CHATTER
from engine.orders.grammar import USE
from engine.orders.model import Order
from engine.orders.reader import Reader, Refusal
from engine.orders.readers import harm, info, items, law, prep, votes

_I = re.compile(r"i\s+(?=\w)", re.IGNORECASE)
_PUNCT_TAIL = re.compile(r"[\s.!?;,]+$")


def read(reader: Reader, fragment: str) -> Order | str | None:
    """The order in ``fragment``; None for chatter, "unvote" for an unvote."""
    text = reader.words.filler.clean(fragment)
    text = _PUNCT_TAIL.sub("", text)
    if not text or CHATTER.match(text):
        return None
    for pattern, form in grammar.REWRITE_PATTERNS:
        rewritten = pattern.match(text)
        if rewritten:
            text = form.format(x=rewritten["x"])
            break
    keyword, text = _order_word(text)
    if keyword is None:
        return harm.leader_order(reader, text, fragment)
    ability, used = keyword
    rest = text[used:].lstrip(" :")
    reader_of = READERS.get(ability)
    if reader_of is None:
        return reader.targeted(ability, rest, fragment)
    return reader_of(reader, rest, fragment)


def _order_word(text: str) -> tuple[tuple[str, int] | None, str]:
    """The order word at the start of ``text`` and its length, and the text it starts."""
    keyword = grammar.match_word(grammar.ORDER_PATTERNS, text)
    if keyword is None and _I.match(text):
        # "I vote Abs", "I abstain": the player speaking of their own order.
        keyword = grammar.match_word(grammar.ORDER_PATTERNS, text[_I.match(text).end() :])
        text = text[_I.match(text).end() :] if keyword else text
    if keyword is None and (lead := USE.match(text)) and lead.end():
        # "Use heal on Parkur", "the watch to Akonyl".
        keyword = grammar.match_word(grammar.ORDER_PATTERNS, text[lead.end() :])
        text = text[lead.end() :] if keyword else text
    return keyword, text


# The lent items are read here, beside ``read``: at night they carry another order.
def _lent_or_lend(reader: Reader, ability: str, via: str, rest: str, fragment: str) -> Order:
    """ "Bow-tie X alternatively Y" lends it; "Bow-tie: interrogate X" uses it."""
    inner = grammar.match_word(grammar.ORDER_PATTERNS, rest.lstrip(" :"))
    if inner is not None and reader.state.phase.is_night:
        order = read(reader, rest.lstrip(" :"))
        if not isinstance(order, Order):
            raise Refusal(f"'{rest.strip()}' is not an order to use the {via}")
        return replace(order, via=via, text=fragment)
    return reader.substitutes(ability, rest, fragment)


def _read_bow_tie(reader: Reader, rest: str, fragment: str) -> Order:
    return _lent_or_lend(reader, "bow_tie", "bow_tie", rest, fragment)


def _read_black_suitcase(reader: Reader, rest: str, fragment: str) -> Order:
    return _lent_or_lend(reader, "black_suitcase", "suitcase", rest, fragment)


def _read_cover(reader: Reader, rest: str, fragment: str) -> Order:
    return _lent_or_lend(reader, "cover", "cover", rest, fragment)


READERS: dict[str, Callable[[Reader, str, str], Order | str]] = {
    # crime and punishment
    "arrest": law.read_arrest,
    "blame": law.read_blame,
    "slander": law.read_slander,
    "erase": law.read_erase,
    "bribe": law.read_bribe,
    # killing and protecting
    "aptx": harm.read_aptx,
    "poison": harm.read_poison,
    "protect": harm.read_protect,
    "watch": harm.read_watch,
    # information
    "investigate": info.read_investigate,
    "special_investigate": info.read_special_investigate,
    "follow_up": info.read_follow_up,
    "observe": info.read_observe,
    "analyze": info.read_analyze,
    "detect": info.read_detect,
    "police_detect": info.read_police_detect,
    "identify": info.read_identify,
    "police_identify": info.read_police_identify,
    "spy": info.read_spy,
    # preparation and disguise
    "disguise": prep.read_disguise,
    "temporary_disguise": prep.read_temporary_disguise,
    "choose_costumes": prep.read_choose_costumes,
    "friendship": prep.read_friendship,
    "amor": prep.read_amor,
    "abduct": prep.read_abduct,
    "betrayal": prep.read_betrayal,
    # things and places
    "steal": items.read_steal,
    "defuse": items.read_defuse,
    "travel": items.read_travel,
    "bow_tie": _read_bow_tie,
    "black_suitcase": _read_black_suitcase,
    "cover": _read_cover,
    # votes
    "vote": votes.read_vote,
    "no_lynch": votes.read_no_lynch,
    "abstain": votes.read_abstain,
    "unvote": votes.read_unvote,
    "voice_of_reason": votes.read_voice_of_reason,
    "voice_of_accusation": votes.read_voice_of_accusation,
}
