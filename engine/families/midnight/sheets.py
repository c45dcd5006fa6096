"""The shapes midnight's data is written in: a sheet line with its flags, and the family's
data that is not a role sheet (guise sets, the Council's priority list)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from autogm.engine.phases import PhaseKind

if TYPE_CHECKING:
    from autogm.engine.rules.base import RoleSheet, Ruleset

# "Abilities marked with "H", "J" or "D" are not disabled if you're in Hospital, Jail, or
# Dead." "Abilities marked with "B" cannot be blocked."
FLAG_LETTERS = {"H": "hospital", "J": "jail", "D": "dead"}


@dataclass(frozen=True, slots=True)
class Line:
    """One ability as a midnight sheet writes it: ``Pistol (H) — deals 1 damage``.

    ``group``: lines of one role sharing a group are one slot ("unless you use X": a later
    order for either replaces the earlier one). ``passive``: no order (Streetwise).
    """

    ability: str
    title: str
    phases: frozenset[PhaseKind] = frozenset({PhaseKind.NIGHT})
    flags: str = ""
    group: str = ""
    once_per_game: bool = False
    distinct_targets: bool = False  # "Cannot be used on the same target twice"
    public: bool = False  # "publicly": declared in the game topic in the OOC tag
    instant: bool = False  # resolved when declared, "in the order of declaration"
    passive: bool = False
    from_night: int = 1  # Punish: "during the Night, except in the first one"
    midnight: bool = True  # a Midnight ability (disabled in Hospital unless H)

    @property
    def kept_in(self) -> frozenset[str]:
        return frozenset(FLAG_LETTERS[c] for c in self.flags if c in FLAG_LETTERS)

    @property
    def blockable(self) -> bool:
        return "B" not in self.flags


@dataclass(frozen=True, slots=True)
class Model:
    """midnight's data beside the role sheets: its ruleset's ``Ruleset.ext``."""

    # Midnight role -> its starting Guises ("Boss (M) / Boss(1)Detective(1)...").
    guises: Mapping[str, tuple[tuple[str, int], ...]]
    # (role, ability) -> its line, for Midnight and Daylight roles; ("", ability) for the
    # abilities every player has (Vote, Letter).
    lines: Mapping[tuple[str, str], Line]
    # The Daylight roles in the text's order: "players whose Open Roles are listed earlier
    # have priority"; "Other" ranks after them, alphabetically.
    council_order: tuple[str, ...]
    start_hp: int = 2
    spam_limit: int = 3  # "more than three letters in one Night"
    # Cards a Midnight role starts with (Hand of Fate: "Joker starts with 1 card").
    start_cards: Mapping[str, int] = field(default_factory=dict)
    factions: Mapping[str, str] = field(default_factory=dict)
    # The open (Daylight) roles a player holds beside the hidden one, by name ("Every player
    # has two roles"); their slots join the hidden role's.
    open_roles: Mapping[str, RoleSheet] = field(default_factory=dict)
    # The text has no crimes: no record is one (``FamilyRules.crimes``).
    crimes: frozenset[str] = frozenset()

    def line(self, role: str | None, ability: str) -> Line | None:
        return self.lines.get((role or "", ability))

    def with_options(self, ruleset: Ruleset) -> Model:
        """No option of midnight changes this data."""
        return self
