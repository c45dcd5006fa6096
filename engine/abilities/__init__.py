"""Every ability the engine implements; importing the package registers them all.

The modules are imported in the order below, and that order is the registry's: the order of the
slots abilities grant beyond the sheet (``validate._granting``: Spy, Black Suitcase, Bow-tie,
Watch, Lovey-Dovey, Defuse) and of every walk through ``ABILITIES``. A new ability module goes
at the end; a module is listed after every ability module it imports, so that each registers
at its own place (tests/engine/test_layout.py checks both).
"""

# isort: off
from engine.abilities import lynch  # noqa: F401
from engine.abilities import aptx  # noqa: F401
from engine.abilities import betrayal  # noqa: F401
from engine.abilities import bonds  # noqa: F401
from engine.abilities import kill  # noqa: F401
from engine.abilities import control  # noqa: F401
from engine.abilities import deceive  # noqa: F401
from engine.abilities import detection  # noqa: F401
from engine.abilities import suitcase  # noqa: F401
from engine.abilities import items  # noqa: F401
from engine.abilities import disguise  # noqa: F401
from engine.abilities import identification  # noqa: F401
from engine.abilities import interrogation  # noqa: F401
from engine.abilities import investigation  # noqa: F401
from engine.abilities import law  # noqa: F401
from engine.abilities import leader  # noqa: F401
from engine.abilities import protect  # noqa: F401
from engine.abilities import lovers  # noqa: F401
from engine.abilities import observation  # noqa: F401
from engine.abilities import travel  # noqa: F401
from engine.abilities import vest  # noqa: F401

# isort: on
from engine.abilities.base import ABILITIES, Ability, abilities_for, register

__all__ = ["ABILITIES", "Ability", "abilities_for", "register"]
