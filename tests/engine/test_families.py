"""The family seam: every family states each of its parts, and none is another family's code.

A family's hooks are required fields of ``Family`` (engine/families/__init__.py): a family
that lacks a part says so with None, which means the part is absent (no public line, no
sign-up choice), never "do what DCTP does". Each family's code is in its own package
(engine/families/NAME), so a hook of one family that points into another's package is a
fallback in disguise.
"""

from __future__ import annotations

import dataclasses
import importlib

from autogm.engine.by_family import FAMILY_MODULES
from autogm.engine.families import FAMILIES, Family


def _families() -> dict[str, Family]:
    return {name: FAMILIES[name] for name in FAMILY_MODULES}


def test_every_part_of_a_family_is_required() -> None:
    defaulted = [
        f.name
        for f in dataclasses.fields(Family)
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
    ]
    assert defaulted == []


def test_every_family_of_the_registry_is_its_package_and_named_so() -> None:
    for name, family in _families().items():
        assert family.name == name
        assert FAMILY_MODULES[name] == f"autogm.engine.families.{name}.family"


def test_no_hook_of_a_family_is_another_familys_code() -> None:
    for name, family in _families().items():
        others = [f"autogm.engine.families.{other}" for other in FAMILY_MODULES if other != name]
        hooks = {f.name: getattr(family, f.name) for f in dataclasses.fields(Family)}
        hooks |= {f"settle[{step}]": hook for step, hook in family.settle.items()}
        hooks |= {f"corrections[{c}]": hook for c, hook in family.corrections.items()}
        hooks["life"] = type(family.life)  # a model is its class's code
        for part, hook in hooks.items():
            if callable(hook):
                module = hook.__module__
                assert not module.startswith(tuple(others)), f"{name}.{part} is {module}'s"


def test_a_familys_life_and_state_are_its_own() -> None:
    """The life model and the game-wide state a family makes are in its package (no family
    runs on another's model, as every DCTP-less game once ran on DCTP's)."""
    for name, family in _families().items():
        package = f"autogm.engine.families.{name}."
        assert type(family.life).__module__.startswith(package), name
        assert type(family.new_state()).__module__.startswith(package), name


def test_a_familys_capabilities_are_its_packages() -> None:
    """What a command reads without loading the family (``PUBLIC_ORDERS``) is what the loaded
    family says."""
    for name, family in _families().items():
        package = importlib.import_module(f"autogm.engine.families.{name}")
        assert package.PUBLIC_ORDERS is family.public_orders


def test_every_family_reads_with_its_own_reader_or_its_own_dialect() -> None:
    """A family's orders are read by its own ``read`` or by ``parse_pm`` in its ``dialect``
    (its words and its readers): exactly one of the two, so that no family is read in
    another's words."""
    for name, family in _families().items():
        assert (family.read is None) != (family.dialect is None), name
        if family.dialect is not None:
            words = family.dialect().words
            assert words.say("vote") is not None, name  # the words of the family's own orders
