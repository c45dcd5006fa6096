"""Dealing the GM's role list to the signed-up players, with the game's RNG.

The GM chooses the roles (config.ini ``roles =``); autogm only checks the list against the
rules and assigns it at random, so a game's deal is reproducible from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.rules.base import Ruleset, RulesetError, Side
from engine.setup import resolve_role


def check_role_list(ruleset: Ruleset, roles: Sequence[str]) -> list[str]:
    """The list with canonical role names, or RulesetError naming what is wrong with it."""
    names = [resolve_role(ruleset, r) for r in roles]
    repeated = sorted({n for n in names if names.count(n) > ruleset.copies.get(n, 1)})
    if repeated:
        raise RulesetError(f"each role can be dealt once; repeated: {', '.join(repeated)}")
    for first, second in ruleset.exclusive_pairs:
        if first in names and second in names:
            raise RulesetError(f"{first} and {second} may not be in the same game")
    if not any(r.side is Side.BLACK_ORG for r in ruleset.roles.values()):
        # A ruleset of other sides (midnight's Mafia, Law, Neutral): a game needs two of them.
        sides = {ruleset.roles[n].side for n in names}
        if len(sides) < 2:
            only = ", ".join(sorted(s.value for s in sides)) or "no"
            raise RulesetError(f"the role list has only {only} roles: a game needs two sides")
        return names
    if not any(ruleset.roles[n].side is Side.BLACK_ORG for n in names):
        raise RulesetError("the role list has no Black Org role")
    if all(ruleset.roles[n].side is Side.BLACK_ORG for n in names):
        raise RulesetError("the role list has no town role")
    return names


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
