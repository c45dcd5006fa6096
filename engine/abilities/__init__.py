"""Every ability the engine implements; importing the package registers them all.

A new ability module is added to the import line below.
"""

# The vote is an ability too; it lives beside the lynch it feeds.
import engine.voting  # noqa: F401
from engine.abilities import (  # noqa: F401  # noqa: F401  # noqa: F401
    aptx,
    bonds,
    control,
    deceive,
    disguise,
    info,
    items,
    kill,
    law,
    lovers,
    protect,
    suitcase,
    travel,
    vest,
)
from engine.abilities.base import ABILITIES, Ability, register

__all__ = ["ABILITIES", "Ability", "register"]
