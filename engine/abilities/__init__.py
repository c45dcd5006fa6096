"""Every ability the engine implements; importing the package registers them all.

A new ability module is added to the import line below. The import order is the registry's order,
which is the order of the slots abilities grant beyond the sheet (``validate._granting``): moving
a granting ability (Spy, Black Suitcase, Bow-tie, Watch, Lovey-Dovey, Defuse) to a module that
sorts elsewhere reorders a player's held slots.
"""

# The vote is an ability too; it lives beside the lynch it feeds.
import engine.voting  # noqa: F401
from engine.abilities import (  # noqa: F401
    aptx,
    betrayal,
    bonds,
    control,
    deceive,
    detection,
    disguise,
    identification,
    interrogation,
    investigation,
    items,
    kill,
    law,
    leader,
    lovers,
    observation,
    protect,
    suitcase,
    travel,
    vest,
)
from engine.abilities.base import ABILITIES, Ability, abilities_for, register

__all__ = ["ABILITIES", "Ability", "abilities_for", "register"]
