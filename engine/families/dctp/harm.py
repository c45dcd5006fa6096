"""What happens to a player beyond one ability: injuries (and whether Revenge still answers a
lynch or an arrest), and conditions that begin in a later phase (what a death sets off at once
is the life model's: ``engine.families.dctp.life.DctpLife.removed``).

"All injuries incurred by players are permanent except for those sustained by police officers
in the course of an arrest"; "If a player is injured and in disguise, they lose their
disguise."; "Injured/suspended people do not recieve results on the phase they're
injured/suspended."
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from autogm.engine.families.dctp.appearance import strip_disguise
from autogm.engine.families.dctp.life import release_detention
from autogm.engine.state import DETAINED, INJURED, TEMPORARILY_INJURED, GameState

if TYPE_CHECKING:
    from autogm.engine.context import Context


def injure(ctx: Context, name: str, cause: str) -> None:
    """A permanent injury: the player loses every ability (the Black Org kill and items
    excepted, by the abilities' flags) and any disguise, and gets no results this phase."""
    ctx.set_condition(name, INJURED, None)
    p = ctx.player(name)
    p.ext = replace(p.ext, injury=cause)
    strip_disguise(ctx, name, tell=True)


def injure_temporarily(ctx: Context, name: str, phases: int) -> None:
    """ "the police officer becomes injured for two phases" (Revenge): like a suspension."""
    ctx.set_condition(name, TEMPORARILY_INJURED, phases)


def revenge_applies(ctx: Context, name: str) -> bool:
    """Whether ``name`` still has Revenge (option ``revenge_when_injured``; docs/rulings.md).

    Condition, Injured: injured members "will lose their role-specific abilities (including
    Revenge)"; Revenge: "If injured by Bone Breaking, the sniper can still use this action
    (only exception)".
    """
    p = ctx.player(name)
    if "revenge" not in ctx.ruleset.role(p.role).abilities():
        return False
    if not p.has(INJURED, ctx.phase):
        return True
    option = ctx.ruleset.option("revenge_when_injured")
    return option == "always" or (option == "bone_breaking" and p.ext.injury == "bone_breaking")


def schedule(state: GameState, at: int, name: str, condition: str, until: int | None) -> None:
    """A condition that begins in phase index ``at`` (Makoto flies out the next phase)."""
    state.scheduled.append((at, name, condition, until))


def apply_scheduled(state: GameState) -> bool:
    """At the start of a phase: the conditions scheduled for it begin. Whether any began."""
    if not state.scheduled:
        return False
    keep = []
    for at, name, condition, until in state.scheduled:
        if at <= state.phase.index:
            state.players[name].conditions[condition] = until
        else:
            keep.append((at, name, condition, until))
    began = len(keep) < len(state.scheduled)
    state.scheduled = keep
    return began


def end_detentions(ctx: Context) -> None:
    """At the end of a phase: "The player will be released automatically after 3 phases"."""
    index = ctx.phase.index
    for name, p in ctx.state.players.items():
        # Most players have no condition at all: their empty dict is the cheap test.
        if p.conditions and p.conditions.get(DETAINED, -1) == index:
            release_detention(ctx, name)
