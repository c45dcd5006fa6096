"""What a DCTP ruleset holds beside the generic fields (``Ruleset.ext``): the Black Org's
rank, the keywords investigations see, the crimes, the order of healing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from autogm.engine.rules.base import Ruleset


@dataclass(frozen=True, slots=True)
class DctpRules:
    """One DCTP rule text's own data (``Ruleset.ext``), read by the family's code by name."""

    order_of_healing: tuple[str, ...]
    crimes: frozenset[str]
    keywords: Mapping[str, str]  # ability -> keyword it counts as for investigations
    rank: tuple[str, ...]  # Black Org rank, highest first
    # The Detective Boys' rank for conflicting Identify orders, highest first.
    group_rank: tuple[str, ...] = ()
    # What Sonoko may not use of her best friend's abilities.
    friend_excluded: frozenset[str] = frozenset()
    # Options that put an ability on or off the list of crimes, by option name (r53's Blame).
    crime_options: Mapping[str, str] = field(default_factory=dict)
    # Role -> its place in ``rank`` (the first, if listed twice): found when the part is made,
    # asked for with every order a leader's slot or a kill's killer depends on.
    _ranks: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ranks = {role: i for i, role in reversed(list(enumerate(self.rank)))}
        object.__setattr__(self, "_ranks", ranks)

    def keyword(self, ability: str) -> str:
        return self.keywords.get(ability, ability)

    def bo_rank(self, role: str) -> int:
        """Lower is higher-ranked; roles off the list rank last."""
        return self._ranks.get(role, len(self.rank))

    def with_options(self, ruleset: Ruleset) -> DctpRules:
        """The crimes as the GM's options put abilities on or off the list."""
        if not self.crime_options:
            return self
        crimes = set(self.crimes)
        for option, ability in self.crime_options.items():
            if ruleset.option(option):
                crimes.add(ability)
            else:
                crimes.discard(ability)
        return replace(self, crimes=frozenset(crimes))
