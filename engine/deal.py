"""Dealing the GM's role list to the signed-up players, with the game's RNG.

The GM chooses the roles (config.ini ``roles =``); autogm only checks the list against the
rules and assigns it at random, so a game's deal is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from autogm.engine.rules.base import Ruleset, RulesetError, Side, resolve_role


def check_role_list(ruleset: Ruleset, roles: Sequence[str]) -> list[str]:
    """The list with canonical role names, or RulesetError naming what is wrong with it."""
    names = [resolve_role(ruleset, r) for r in roles]
    repeated = sorted({n for n in names if names.count(n) > copies(ruleset, n)})
    if repeated:
        if all(copies(ruleset, n) == 1 for n in repeated):
            raise RulesetError(f"each role can be dealt once; repeated: {', '.join(repeated)}")
        shown = ", ".join(f"{n} (at most {copies(ruleset, n)})" for n in repeated)
        raise RulesetError(f"a role is dealt more often than the rules have it: {shown}")
    for first, second in ruleset.exclusive_pairs:
        if first in names and second in names:
            raise RulesetError(f"{first} and {second} may not be in the same game")
    for side in ruleset.deal_sides:
        if not any(ruleset.roles[n].side is side for n in names):
            raise RulesetError(f"the role list has no {SIDE_NAMES[side]} role")
    if ruleset.has("detective_boys_at_least_two"):
        boys = [n for n in names if ruleset.roles[n].has_trait("detective_boy")]
        none_ok = ruleset.option("detective_boys") == "none_or_at_least_two"
        if len(boys) < 2 and not (none_ok and not boys):
            have = ", ".join(boys) or "none"
            raise RulesetError(
                f"There are at least 2 DB's in the game (Ayumi, Genta, Mitsuhiko); the role "
                f"list has {have}"
            )
    return names


# How a side is named in an answer about a role list.
SIDE_NAMES = {
    Side.BLACK_ORG: "Black Org",
    Side.TOWN: "town",
    Side.MAFIA: "Mafia",
    Side.LAW: "Law",
    Side.NEUTRAL: "Neutral",
}


def copies(ruleset: Ruleset, role: str) -> int:
    """How many times ``role`` may be dealt in one game."""
    return ruleset.deal_copies.get(role, 1)


def deal_roles(
    ruleset: Ruleset, players: Sequence[str], roles: Sequence[str], seed: int | str
) -> dict[str, str]:
    """Assign ``roles`` to ``players`` at random (as many roles as players)."""
    if len(players) != len(roles):
        raise RulesetError(f"{len(players)} players but {len(roles)} roles to deal")
    if len(set(players)) != len(players):
        raise RulesetError("a player is listed twice")
    names = check_role_list(ruleset, roles)
    rng = random.Random(f"autogm/{seed}/deal")
    shuffled = list(names)
    rng.shuffle(shuffled)
    return dict(zip(players, shuffled, strict=True))
