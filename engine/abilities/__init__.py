"""Every ability the engine implements; importing the package registers them all.

A new ability module is added to the import line below.
"""

# The vote is an ability too; it lives beside the lynch it feeds.
import engine.voting  # noqa: F401
from engine.abilities import aptx, control, info, kill, law, protect  # noqa: F401
from engine.abilities import deceive, lovers, vest  # noqa: F401
from engine.abilities import bonds, disguise, items, suitcase, travel  # noqa: F401
from engine.abilities.base import ABILITIES, Ability, register

__all__ = ["ABILITIES", "Ability", "register"]
