"""The shapes a ruleset is made of: role sheets, ability slots, options, the order of actions.

A ruleset is data. Its role sheets say who may do what and when; the abilities themselves are
small units in ``engine.abilities`` that each name their step in the order of actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.phases import PhaseKind


class Side(StrEnum):
    BLACK_ORG = "black_org"
    TOWN = "town"


class Step(StrEnum):
    """Steps of the order of actions; each ruleset lists them in its own order."""

    PREP = "prep"
    VEST = "vest"  # the Explosive Vest's explosion (and defusing before it)
    ARREST = "arrest"
    DETENTION = "detention"
    FACE_PINCH = "face_pinch"
    CHARM = "charm"
    APTX = "aptx"
    LYNCHING = "lynching"
    DISCOMBOBULATION = "discombobulation"
    KILLING = "killing"
    HOUSE_SEARCH = "house_search"
    OTHER = "other"


NIGHT = frozenset({PhaseKind.NIGHT})
DAY = frozenset({PhaseKind.DAY})
NIGHT_DAY = frozenset({PhaseKind.NIGHT, PhaseKind.DAY})
PREP = frozenset({PhaseKind.PREP})


@dataclass(frozen=True, slots=True)
class AbilityUse:
    """One ability as a sheet grants it: ``Investigate 3`` is ``AbilityUse("investigate", 3)``."""

    ability: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class Slot:
    """What a player may send for one line of the sheet in the phases listed.

    ``Investigate 3 OR Interrogate`` is one slot with two options: a later order for either
    replaces the earlier one ("the last valid action prior to the countdown ending").
    """

    options: tuple[AbilityUse, ...]
    phases: frozenset[PhaseKind]

    def find(self, ability: str) -> AbilityUse | None:
        return next((use for use in self.options if use.ability == ability), None)


@dataclass(frozen=True, slots=True)
class RoleSheet:
    name: str
    title: str
    group: str  # "Black Org", "Police", "FBI & CIA", "Civilians"
    side: Side
    slots: tuple[Slot, ...]
    interrogation: str  # "BO" or "Not BO" (undisguised)
    scent: bool
    disguisable: bool
    items: tuple[str, ...]
    observe: tuple[str, ...]  # one age, or several when the result is drawn at random
    gender: str
    status: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    traits: frozenset[str] = frozenset()
    experimental: bool = False

    def slot_for(self, ability: str, phase: PhaseKind) -> tuple[int, AbilityUse] | None:
        for index, slot in enumerate(self.slots):
            use = slot.find(ability)
            if use and phase in slot.phases:
                return index, use
        return None

    def abilities(self) -> list[str]:
        return [use.ability for slot in self.slots for use in slot.options]

    def has_trait(self, trait: str) -> bool:
        return trait in self.traits


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A ruleset option a GM may set in config.ini's ``[rules:NAME]`` or a scenario."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str

    def coerce(self, raw: Any) -> Any:
        value = raw
        if isinstance(raw, str) and isinstance(self.default, bool):
            lowered = raw.strip().lower()
            if lowered in {"true", "yes", "on", "1"}:
                value = True
            elif lowered in {"false", "no", "off", "0"}:
                value = False
        elif isinstance(raw, str) and isinstance(self.default, int):
            value = int(raw) if raw.strip().lstrip("-").isdigit() else raw
        if isinstance(self.default, int) and not isinstance(value, int):
            raise ValueError(f"option {self.name}: {raw!r} is not a whole number")
        if self.choices and value not in self.choices:
            shown = ", ".join(
                str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices
            )
            raise ValueError(f"option {self.name}: {raw!r} is not one of {shown}")
        return value


class RulesetError(ValueError):
    """An unknown ruleset, role or option value."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    id: str
    roles: Mapping[str, RoleSheet]
    order_of_actions: tuple[Step, ...]
    order_of_healing: tuple[str, ...]
    crimes: frozenset[str]
    keywords: Mapping[str, str]  # ability -> keyword it counts as for investigations
    rank: tuple[str, ...]  # Black Org rank, highest first
    option_specs: Mapping[str, OptionSpec]
    options: Mapping[str, Any] = field(default_factory=dict)
    role_aliases: Mapping[str, str] = field(default_factory=dict)
    # Slots held without a sheet line, by side value, and under "all" for everyone.
    common_slots: Mapping[str, tuple[Slot, ...]] = field(default_factory=dict)
    # The Detective Boys' rank for conflicting Identify orders, highest first.
    group_rank: tuple[str, ...] = ()

    def option(self, name: str) -> Any:
        return self.options.get(name, self.option_specs[name].default)

    def role(self, name: str) -> RoleSheet:
        try:
            return self.roles[name]
        except KeyError:
            raise RulesetError(f"unknown role {name!r} in ruleset {self.id}") from None

    def keyword(self, ability: str) -> str:
        return self.keywords.get(ability, ability)

    def bo_rank(self, role: str) -> int:
        """Lower is higher-ranked; roles off the list rank last."""
        return self.rank.index(role) if role in self.rank else len(self.rank)
