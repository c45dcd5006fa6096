"""How the DCTP family's orders are read: its declaration to the generic reader.

``dialect()`` is DCTP's way of writing orders (``engine.orders.parse.Dialect``), which the
session hands the reader (``engine.families.Family.dialect``): the family's words
(``engine/families/dctp/vocab.py``) and its own readers of plain orders, one per kind of order
that is more than "Ability Name <player>" (``Reader.targeted``). ``READERS`` maps an ability
to its reader (``engine.orders.dispatch`` reads with them beside the readers every family
shares). A reader takes the ``Reader`` of the PM, the text after the order word
and the whole fragment (for the order's ``text`` and the refusals), and returns the ``Order`` or
raises ``Refusal``. ``UNWORDED`` reads a fragment with no order word: a Black Org leader naming
the killer ("Vodka kills Kleene").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from autogm.engine.families.dctp.reading import (
    forms,
    harm,
    info,
    items,
    law,
    prep,
    ranking,
    voices,
)
from autogm.engine.families.dctp.vocab import WORDS
from autogm.engine.orders.model import Order
from autogm.engine.orders.parse import Dialect, dialect_of
from autogm.engine.orders.reader import FamilyReaders, Reader

READERS: dict[str, Callable[[Reader, str, str], Order]] = {
    # crime and punishment
    "arrest": law.read_arrest,
    "blame": law.read_blame,
    "slander": law.read_slander,
    "erase": law.read_erase,
    "bribe": law.read_bribe,
    # killing and protecting
    "kill": harm.read_kill,
    "snipe": harm.read_snipe,
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
    # things lent
    "bow_tie": items.read_bow_tie,
    "black_suitcase": items.read_black_suitcase,
    "cover": items.read_cover,
    # the Day's Voices
    "voice_of_reason": voices.read_voice_of_reason,
    "voice_of_accusation": voices.read_voice_of_accusation,
    # the Black Org's leader vote (classic)
    "leader_ranking": ranking.read_leader_ranking,
}

UNWORDED: Callable[[Reader, str, str], Order] = harm.leader_order


@lru_cache(maxsize=1)
def dialect() -> Dialect:
    """DCTP's way of writing orders, made at its first use (its evidence table is built from
    every ability's words)."""
    return dialect_of(WORDS, FamilyReaders(READERS, UNWORDED), forms.joined)
