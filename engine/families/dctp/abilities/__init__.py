"""Every ability of the DCTP family; importing the package registers them all.

The modules are imported in the order below, and that order is the registry's: the order of the
slots abilities grant beyond the sheet (``validate._granting``: Spy, Black Suitcase, Bow-tie,
Watch, Lovey-Dovey, Defuse) and of every walk through ``ABILITIES``. A new ability module goes
at the end; a module is listed after every ability module it imports, so that each registers
at its own place (tests/engine/test_layout.py checks both).
"""

# isort: off
from autogm.engine.families.dctp.abilities import lynch  # noqa: F401
from autogm.engine.families.dctp.abilities import aptx  # noqa: F401
from autogm.engine.families.dctp.abilities import betrayal  # noqa: F401
from autogm.engine.families.dctp.abilities import bonds  # noqa: F401
from autogm.engine.families.dctp.abilities import kill  # noqa: F401
from autogm.engine.families.dctp.abilities import control  # noqa: F401
from autogm.engine.families.dctp.abilities import deceive  # noqa: F401
from autogm.engine.families.dctp.abilities import detection  # noqa: F401
from autogm.engine.families.dctp.abilities import suitcase  # noqa: F401
from autogm.engine.families.dctp.abilities import items  # noqa: F401
from autogm.engine.families.dctp.abilities import disguise  # noqa: F401
from autogm.engine.families.dctp.abilities import identification  # noqa: F401
from autogm.engine.families.dctp.abilities import interrogation  # noqa: F401
from autogm.engine.families.dctp.abilities import investigation  # noqa: F401
from autogm.engine.families.dctp.abilities import law  # noqa: F401
from autogm.engine.families.dctp.abilities import leader  # noqa: F401
from autogm.engine.families.dctp.abilities import protect  # noqa: F401
from autogm.engine.families.dctp.abilities import lovers  # noqa: F401
from autogm.engine.families.dctp.abilities import observation  # noqa: F401
from autogm.engine.families.dctp.abilities import travel  # noqa: F401
from autogm.engine.families.dctp.abilities import vest  # noqa: F401

# isort: on
from autogm.engine.ability import REGISTRIES, Ability

# The DCTP registry, which every DCTP ruleset shares (with its own ``AbilityRules``).
ABILITIES: dict[str, Ability] = REGISTRIES["dctp"]
