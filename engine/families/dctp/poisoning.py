"""APTX4869 beyond the orders that use it (engine/families/dctp/abilities/aptx.py): the
capsules the Black Org starts with, and classic's poisoning that kills at the end of the day.

Other abilities ask these: Spy names as many roles as there are capsules at the start (classic),
and a day's loan (the Black Suitcase, the watch) passes over a player who dies of an APTX
before the night it is for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.state import Status

if TYPE_CHECKING:
    from autogm.engine.context import Context
    from autogm.engine.rules.base import Ruleset

# "1 APTX per BO with a max of 3."
MAX_APTX = 3
# ``Context.memo`` key: the players an APTX poisoned today who die after the lynch (classic).
POISONED_TODAY = "poisoned_today"


def dies_today(ctx: Context, name: str) -> bool:
    """Poisoned today by an APTX that kills at the end of the day (classic): still free now,
    killed before the night a day's loan is for."""
    return name in ctx.memo.get(POISONED_TODAY, ())


def starting_capsules(ruleset: Ruleset, members: int, town: int) -> int:
    """The Black Org's APTX4869 at the start: 2011 "1 APTX per BO with a max of 3"; classic
    (feature ``aptx_third_of_town``) "equal to 1/3 of the (starting) number of townpeople",
    rounded to the nearest and at least one (docs/rulings.md, "How many APTX capsules when the
    starting town is not a multiple of 3?")."""
    if ruleset.has("aptx_third_of_town"):
        return max(1, round(town / 3))
    return min(members, MAX_APTX)


def settle_poisonings(ctx: Context) -> None:
    """Classic: "If the identity (e.g. "Shinichi") was correct that player is killed at the end
    of the day (after lynching)"; "If the BO member who used APTX was lynched, the APTX is
    still effective and the target will still die." A target the lynch killed first is dead
    already (docs/rulings.md, "When a classic APTX kills")."""
    for target in ctx.memo.pop(POISONED_TODAY, ()):
        if ctx.player(target).status is Status.DEAD:
            continue
        ctx.poisoned.add(target)
        ctx.remove(target, Status.DEAD, "aptx")
