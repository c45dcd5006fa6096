"""The shapes a ruleset is made of: role sheets, ability slots, options, the order of actions.

A ruleset is data. Its role sheets say who may do what and when; the abilities themselves are
small units in ``engine.families.dctp.abilities`` that each name their step in the order of actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import wraps
from typing import Any, Protocol, Self, TypeVar

from autogm.engine.phases import PhaseKind


class Side(StrEnum):
    """The side (faction) a role plays for; each ruleset uses its own members."""

    BLACK_ORG = "black_org"
    TOWN = "town"
    # midnight: "Each player belongs to a faction: M (Mafia), L (Law), or N (Neutral)."
    MAFIA = "mafia"
    LAW = "law"
    NEUTRAL = "neutral"


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
    FRIGHTEN = "frighten"  # r53: its own step at night, after House Search/Detain
    OTHER = "other"
    TRAVEL = "travel"  # r53: "All other actions > Travel"
    # midnight has no published order ("resolved simultaneously"): its internal order is a
    # ruling (docs/rulings.md, "midnight: the order of resolution").
    BLOCK = "block"  # blocks that cannot be blocked ("B")
    BLOCKABLE_BLOCK = "blockable_block"  # blocks that can (Brainwash), after the others
    GUISES = "guises"
    PROTECT = "protect"
    ATTACK = "attack"
    DAMAGE = "damage"
    JAIL = "jail"
    COUNCIL = "council"
    MESSAGES = "messages"
    # classic: an APTX victim "is killed at the end of the day (after lynching)".
    POISON_DEATHS = "poison_deaths"


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
        # A loop, not next() over a generator: asked for every held slot of every order.
        for use in self.options:
            if use.ability == ability:
                return use
        return None


def item_name(raw: str) -> str:
    """One spelling per item: the sheets write "Car-keys" and "Car-Keys"."""
    raw = raw.strip()
    return raw[:1].upper() + raw[1:].lower()


@dataclass(frozen=True, slots=True)
class RoleSheet:
    """A role's sheet: side, group, abilities by slot, and what other abilities read of it."""

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
        if isinstance(self.default, bool) and not isinstance(value, bool):
            raise ValueError(f"option {self.name}: {raw!r} is not one of true, false")
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
class AbilityRules:
    """How one ruleset changes an ability's place in the order of actions and its flags.

    The ability class holds the defaults (the 2011 rules); a ruleset lists only what its own
    text changes: r53 moves Frighten behind House Search (``steps={NIGHT: FRIGHTEN}``) and
    makes a night Face Pinch trickable (``flags={"blockable": True}``).
    """

    steps: Mapping[PhaseKind, Step] = field(default_factory=dict)
    flags: Mapping[str, Any] = field(default_factory=dict)


class FamilyRules(Protocol):
    """What a family's rulesets hold beside the generic fields (``Ruleset.ext``), made by the
    family's rules modules and read by its code by name: DCTP's ``DctpRules`` (ranks,
    keywords, crimes, the order of healing), midnight's ``Model`` (guise sets, sheet lines,
    the open roles)."""

    # The abilities whose records are crimes (``ActionRecord.crime``, which the resolution
    # writes for every family); empty: the text has no crimes.
    crimes: frozenset[str]

    def with_options(self, ruleset: Ruleset) -> Self:
        """This part as the GM's options of ``ruleset`` change it (r53's Blame on or off the
        list of crimes); itself when no option changes it."""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One rule text as data: its role sheets, order of actions, options and rule switches,
    and ``ext``, what its family's rulesets hold beside them."""

    id: str
    # The game model whose abilities, settle steps and phase hooks it uses ("dctp"); no
    # default: no ruleset is another family's by omission.
    family: str
    roles: Mapping[str, RoleSheet]
    order_of_actions: tuple[Step, ...]
    option_specs: Mapping[str, OptionSpec]
    # A ``FamilyRules`` of the ruleset's family (DctpRules, midnight's Model), typed there.
    ext: Any
    # The sides every deal must hold at least one role of: first the hidden team the town
    # hunts (``hunted_side``), then the town's own side.
    deal_sides: tuple[Side, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    role_aliases: Mapping[str, str] = field(default_factory=dict)
    # Slots held without a sheet line, by side value, and under "all" for everyone.
    common_slots: Mapping[str, tuple[Slot, ...]] = field(default_factory=dict)
    # The ruleset this one revises (r53 revises 2011): where its text is silent, the base's
    # text stands.
    base: str | None = None
    # An order of actions per phase kind when the text gives one per kind (r53: "Night
    # Actions ... Day Actions"); a kind left out uses ``order_of_actions``.
    orders: Mapping[PhaseKind, tuple[Step, ...]] = field(default_factory=dict)
    # Per-ability changes of step and flags (``AbilityRules``), by ability name.
    ability_rules: Mapping[str, AbilityRules] = field(default_factory=dict)
    # Rule switches of the text that generic code asks about by name (``has``); each one is
    # listed in ``FEATURES`` with the sentence it stands for.
    features: frozenset[str] = frozenset()
    # What the text calls an ability in a player's results ("Trick" for discombobulate), and
    # the notices it words its own way (notice key -> the ruleset's key in templates.toml).
    titles: Mapping[str, str] = field(default_factory=dict)
    notice_keys: Mapping[str, str] = field(default_factory=dict)
    # Roles the text forbids in one game ("Haibara and Sherry may not be in the same game").
    exclusive_pairs: tuple[tuple[str, str], ...] = ()
    # How many times a role may be dealt in one game (midnight's three Civilians: "Civilian
    # — yes, another one", "Civilian — yes, three of them"); a role left out: once.
    deal_copies: Mapping[str, int] = field(default_factory=dict)
    # What a player chooses when signing up, first come first served, no two the same
    # (midnight's open roles: "Specify the Open Role you want to play; no duplicate roles");
    # empty: nothing is chosen at sign-up.
    signup_choices: tuple[str, ...] = ()
    # What a ruleset still lacks before a live game may use it (a ruleset being written, as
    # dctp-classic): the daemon refuses it while this is not empty; scenarios and replay
    # may use it.
    unfinished: tuple[str, ...] = ()

    def order_for(self, kind: PhaseKind) -> tuple[Step, ...]:
        """The order of actions of a phase of this kind."""
        return self.orders.get(kind, self.order_of_actions)

    @property
    def hunted_side(self) -> Side:
        """The hidden team the town hunts and accuses players of (the Black Org, the Mafia)."""
        return self.deal_sides[0]

    def has(self, feature: str) -> bool:
        if feature not in FEATURES:
            raise KeyError(f"unknown ruleset feature {feature!r}")
        return feature in self.features

    def title(self, ability: str) -> str:
        return self.titles.get(ability, ability)

    def option(self, name: str) -> Any:
        return self.options.get(name, self.option_specs[name].default)

    def role(self, name: str) -> RoleSheet:
        try:
            return self.roles[name]
        except KeyError:
            raise RulesetError(f"unknown role {name!r} in ruleset {self.id}") from None


def resolve_role(ruleset: Ruleset, name: str) -> str:
    """A role named as the sheet spells it or by a usual short form, case-insensitively.

    Here, not in engine.families.dctp.setup, so that checking a role list (check-config) does
    not load the game state's classes."""
    wanted = name.strip().casefold()
    for role in ruleset.roles:
        if role.casefold() == wanted:
            return role
    for alias, role in ruleset.role_aliases.items():
        if alias.casefold() == wanted:
            return role
    raise RulesetError(f"unknown role {name!r} in ruleset {ruleset.id}")


T = TypeVar("T")


def per_ruleset(build: Callable[..., T]) -> Callable[..., T]:
    """``build(ruleset, *args)`` made once per ruleset and arguments, and kept: data derived
    from a ruleset alone (its abilities, a role's slots) that is asked for every order or
    player. A ruleset is a value that never changes, but two of one id may differ (the GM's
    options), so each is kept under the ruleset itself: its id() with the ruleset held, so
    that a ruleset made later at the same address is not mistaken for it."""
    found: dict[tuple[Any, ...], tuple[Ruleset, T]] = {}

    @wraps(build)
    def cached(ruleset: Ruleset, *args: Any) -> T:
        key = (id(ruleset), *args)
        entry = found.get(key)
        if entry is None or entry[0] is not ruleset:
            if len(found) >= 1024:  # rulesets made on the fly (tests, simulations)
                found.clear()
            entry = found[key] = (ruleset, build(ruleset, *args))
        return entry[1]

    return cached


# Rule switches a ruleset may turn on, with the sentence each stands for. Generic code asks
# ``ruleset.has(name)``; an unknown name raises, so a typo fails loudly.
FEATURES: dict[str, str] = {
    "travel_last": 'r53: "All other actions > Travel": a traveler leaving Japan is in reach '
    "until Travel resolves, last in the phase.",
    "abroad_target_voids_all": 'r53: "If a player uses any of their actions on an abroad '
    'traveler, all actions will fail."',
    "friend_dead_ok": 'r53: "Sonoko can use the same abilities as her friend, whether that '
    'person is dead or alive."',
    "friend_lends_nothing": 'classic Friendship: "They will become friends and will know the '
    'identity of each other" and no more: Sonoko has no night or day actions and uses none of '
    'her friend\'s (2011: "Sonoko may use the abilities of her friends").',
    "vengeance_by_lynch_only": "classic Vengeance: \"If Akai get's lynched, he'll kill the person "
    'he voted for too." and no more: killed at night, he injures nobody (2011: "If killed '
    'successfully, he will injure his attacker").',
    "charm_fails_when_poisoned": "r53: \"Charm (unless Kazuha is APTX'd and does not have the "
    'charm herself)".',
    "fbi_reports_by_count": 'r53: "If 3+ are in the game, he will receive two results; if 0-2 '
    'are in the game, he will receive only one result."',
    "suspension_stops_arrests_only": "classic: \"The police officer can't arrest for the next 2 "
    "phases if he accuses someone falsely, because he'll get suspended.\" (his other abilities "
    "go on).",
    "lovers_kill_amor": 'classic: "To win as a Town/BO pair they need to kill Yumi and everyone '
    'else to get a stalemate." (Yumi in prison is not enough).',
    "drunk_needs_soberer": 'classic: "The player starts with the Status Drunk if at least one of '
    "the roles Eri, Ran, Conan or Shinichi are in the game. A disguised Ran etc. doesn't count.\"",
    "snipe_is_an_order": 'classic: the leader "can decide which BO member will kill who '
    "(whether it's normal killing or sniping)\": 'Snipe X' is a sniper's order, and a sniper's "
    "'Kill X' is a normal kill (2011: a sniper's kill is always a snipe).",
    "aptx_third_of_town": 'classic: "The number of capsules is equal to 1/3 of the (starting) '
    'number of townpeople." (2011: "1 APTX per BO with a max of 3").',
    "amor_before_disguise": 'classic: "They can\'t disguise as: BO members, ... Lovers": the '
    "Prep's friendship and lovers are drawn before the disguises, which cannot take a lover.",
    "detective_boys_at_least_two": 'classic Group: "There are at least 2 DB\'s in the game." '
    "(option detective_boys: whether a deal may leave them all out).",
    "leader_vote": 'classic: "If Anokata is not present in a game (or was killed) the BO will '
    'choose a Leader ... So each player PMs the GM with a ranking."',
    "gm_texts": 'classic: "The GM will give out one dream per night"; "There can be various '
    'hints/riddles given out by the GM"; "The BO can leave a tape/video after each murder"; '
    '"This Will will be shown in case you\'re lynched"; "In case a will or tape is giving out '
    'too much info, then it can be changed by the GM accordingly" (engine/gm_texts.py).',
    "sober_only_by_death": "classic: \"The player get's Sober after one of the roles Eri, Ran, "
    "Conan or Shinichi dies\" (not by a quarter of the town dead, Ran's injury or stolen "
    "alcohol).",
}


def derive(base: Ruleset, id: str, **changes: Any) -> Ruleset:
    """A revision of ``base``: the same ruleset with only ``changes`` replaced.

    ``roles`` given here are merged over the base's sheets (a sheet set to None is removed);
    ``option_defaults`` changes the defaults of the options (the base's and any new
    ``option_specs``);
    ``features`` are added to the base's. Everything else replaces the base's value whole.
    """
    roles = dict(base.roles)
    for name, sheet in changes.pop("roles", {}).items():
        if sheet is None:
            roles.pop(name, None)
        else:
            roles[name] = sheet
    specs = dict(changes.pop("option_specs", base.option_specs))
    for name, default in changes.pop("option_defaults", {}).items():
        specs[name] = replace(specs[name], default=default)
    features = base.features | frozenset(changes.pop("features", ()))
    aliases = {a: r for a, r in base.role_aliases.items() if r in roles}
    aliases.update(changes.pop("role_aliases", {}))
    return replace(
        base,
        id=id,
        base=base.id,
        roles=roles,
        option_specs=specs,
        features=features,
        role_aliases=aliases,
        options={},
        **changes,
    )
