"""What a midnight player and game carry beside the common state (``PlayerState.ext``,
``GameState.ext``): hit points, Guises, Jail terms, the record of targets used."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from autogm.engine.state import GameState, PlayerState, Status

FREE, HOSPITAL, JAIL, DEAD, SPIRIT = "free", "hospital", "jail", "dead", "spirit"


@dataclass(frozen=True, slots=True)
class Layer:
    """Guises added for a time ("active this Night", "for this Night only"): through the phase
    index ``until``."""

    guises: tuple[tuple[str, int], ...]
    until: int


@dataclass(slots=True)
class Midnighter:
    """One player's midnight state."""

    hp: int
    guises: Counter[str] = field(default_factory=Counter)
    layers: list[Layer] = field(default_factory=list)
    # Jail terms as (first phase index, last phase index).
    jail: list[tuple[int, int]] = field(default_factory=list)
    # Phases in Hospital whatever the HP (Chef's Kitchen Nightmares).
    hospital: set[int] = field(default_factory=set)
    spirit: bool = False
    # ability -> the targets it was used on ("Cannot be used on the same target twice").
    used_on: dict[str, list[str]] = field(default_factory=dict)
    # Abilities gained beyond the sheets (Pass down's Pistol, Militia's Revolver).
    granted: list[str] = field(default_factory=list)
    # The name written for the open role "Other" ("You can choose any other role name").
    open_name: str | None = None
    # Tattletale: "if you don't vote, you save your vote".
    saved_votes: int = 0
    # Ambassador: "+3 to voting power. At the end of each day this bonus goes down by 1".
    negotiation: int = 3
    # Joker's Hand of Fate: "every character can have any number of cards".
    cards: int = 0
    # Evil Genius's Master Plan: "you can have any number of "plans"".
    plans: int = 0
    # ability -> the Midnight roles it named (Whistleblower: "Cannot name the same role
    # twice").
    named: dict[str, list[str]] = field(default_factory=dict)
    # Night indices whose abilities are not disabled by Hospital or Jail (Misère).
    misere: set[int] = field(default_factory=set)

    def copy(self) -> Midnighter:
        return Midnighter(
            hp=self.hp, guises=Counter(self.guises), layers=list(self.layers),
            jail=list(self.jail), hospital=set(self.hospital), spirit=self.spirit,
            used_on={k: list(v) for k, v in self.used_on.items()}, granted=list(self.granted),
            open_name=self.open_name, saved_votes=self.saved_votes,
            negotiation=self.negotiation, cards=self.cards, plans=self.plans,
            named={k: list(v) for k, v in self.named.items()}, misere=set(self.misere),
        )  # fmt: skip

    def rename(self, old: str, new: str) -> None:
        self.used_on = {k: [new if t == old else t for t in v] for k, v in self.used_on.items()}

    def record_conditions(self) -> tuple[str, ...]:
        return ()  # the record's midnight fields come from Family.player_record

    def columns(self) -> dict[str, Any]:
        return {}  # the archive's midnight columns come from Family.player_record

    def all_guises(self, index: int) -> Counter[str]:
        """The Guises held in the phase of this index: the lasting ones and active layers."""
        total = Counter(self.guises)
        for layer in self.layers:
            if index <= layer.until:
                total.update(dict(layer.guises))
        return +total

    def jailed(self, index: int) -> bool:
        return any(first <= index <= last for first, last in self.jail)


@dataclass(frozen=True, slots=True)
class Modifier:
    """Votes added to (or taken from) a player at one Council: Jury duty's covert vote."""

    day: int  # the phase index of the Day it counts at
    target: str
    amount: Fraction
    source: str  # the ability
    public: bool = True


@dataclass(frozen=True, slots=True)
class Delayed:
    """A result that comes later than its action: the Journalist's Investigate, chosen by Day,
    "At the end of the next Night you learn its Guise"."""

    phase: int  # the phase index whose end delivers it
    actor: str
    ability: str
    target: str


@dataclass(slots=True)
class MidnightGame:
    """The game-wide midnight state."""

    modifiers: list[Modifier] = field(default_factory=list)
    delayed: list[Delayed] = field(default_factory=list)
    # Propaganda: (the Day's phase index, its target, the Evil Genius) - "If the target gets
    # voted out next Day, the Council is cancelled".
    propaganda: list[tuple[int, str, str]] = field(default_factory=list)

    def copy(self) -> MidnightGame:
        return MidnightGame(
            modifiers=list(self.modifiers),
            delayed=list(self.delayed),
            propaganda=list(self.propaganda),
        )

    def ties(self) -> Mapping[str, Mapping[str, str]]:
        """None: midnight has no bonds between players."""
        return {}

    def rename(self, old: str, new: str) -> None:
        self.modifiers = [
            Modifier(m.day, new if m.target == old else m.target, m.amount, m.source, m.public)
            for m in self.modifiers
        ]
        swap = {old: new}
        self.delayed = [
            Delayed(d.phase, swap.get(d.actor, d.actor), d.ability, swap.get(d.target, d.target))
            for d in self.delayed
        ]
        self.propaganda = [
            (day, new if t == old else t, new if g == old else g) for day, t, g in self.propaganda
        ]


def mn(p: PlayerState) -> Midnighter:
    return p.ext


def game(state: GameState) -> MidnightGame:
    return state.ext


def location(p: PlayerState, index: int) -> str:
    """Where the player is in the phase of this index (the record's ``location``):
    "Hospital", "Jail" and "Dead" are the text's "publicly visible statuses"."""
    if p.status is Status.DEAD:
        return DEAD
    ext = mn(p)
    if ext.spirit:
        return SPIRIT
    if ext.jailed(index):
        return JAIL
    # "While you have 1 HP, you stay in the Hospital." A spirit "doesn't get into Hospital".
    if ext.hp == 1 or index in ext.hospital:
        return HOSPITAL
    return FREE
