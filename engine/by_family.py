"""Registries keyed by game model ("family") that load a family's module at its first use.

A family beyond DCTP (midnight) adds its parts to ``engine.families.FAMILIES``, the ability
registries and the life models when its module is imported. Imported at the first look-up of
that family rather than with the engine, a DCTP game never pays for another family's readers,
abilities and patterns (about 100 ms of a command's start-up for midnight).
"""

from __future__ import annotations

import importlib
from typing import TypeVar

# The one registry of families: each family's package (engine/families/NAME), by the module
# that makes its Family and registers all of its parts.
FAMILY_MODULES = {
    "dctp": "autogm.engine.families.dctp.family",
    "midnight": "autogm.engine.families.midnight.family",
}

V = TypeVar("V")


class ByFamily(dict[str, V]):
    """A dict from family name that imports the family's module for a name it lacks."""

    def __missing__(self, family: str) -> V:
        module = FAMILY_MODULES.get(family)
        if module is not None:
            importlib.import_module(module)
            if dict.__contains__(self, family):
                return dict.__getitem__(self, family)
        raise KeyError(family)
