"""DCTP's life model: alive, dead or arrested, and the conditions that stop an action
(injured, suspended, abroad, in flight, detained, frightened, severely wounded); what a death
sets off at once (a lover's suicide, a detention's end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.life import Life
from autogm.engine.orders.model import PLAIN
from autogm.engine.render.templates import say
from autogm.engine.state import (
    ABROAD,
    DETAINED,
    FRIGHTENED,
    IN_FLIGHT,
    INJURED,
    SEVERELY_WOUNDED,
    SUSPENDED,
    TEMPORARILY_INJURED,
    Status,
)

if TYPE_CHECKING:
    from autogm.engine.ability import Ability
    from autogm.engine.context import Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState, PlayerState

# The members read once (a member read from its class is slow on Python 3.11: see
# engine/state.py): every order drawn, sent and resolved asks its actor's and target's status.
_DEAD, _ARRESTED = Status.DEAD, Status.ARRESTED


class DctpLife(Life):
    """alive/dead/arrested, and the conditions that stop an action."""

    def reachable(self, ctx: Context, name: str) -> bool:
        """Alive, free, and in Japan.

        "If a traveler is targeted with an action while abroad, that action will fail"; a
        player leaving Japan this phase is "in the process of traveling". (Discombobulate and
        Frighten reach travelers: ``control._reachable_for_control``.)
        """
        p = ctx.player(name)
        if not p.is_free:
            return False
        if p.conditions and (
            p.has(IN_FLIGHT, ctx.phase) or p.has(DETAINED, ctx.phase) or p.has(ABROAD, ctx.phase)
        ):
            return False
        # r53: "All other actions > Travel": the traveler is still in Japan until then.
        return ctx.ruleset.has("travel_last") or not ctx.is_leaving(name)

    def unable(self, ctx: Context, actor: str, ability: Ability) -> str | None:
        p = ctx.state.players[actor]
        if actor in ctx.poisoned:
            return "poisoned"
        removed_now = p.fate is not None and p.fate.phase == ctx.phase
        if p.status is _DEAD:
            if removed_now and p.fate.cause == "lynched":
                return None if ability.survives_removal else "lynched"
            return "killed" if removed_now else "dead"
        if p.status is _ARRESTED:
            return None if removed_now and ability.survives_removal else "arrested"
        if actor in ctx.departing and ability.name != "travel":
            # "The player may not use an ability or vote and travel in the same phase."
            return "traveling"
        if p.conditions:  # most players have none: skip asking for each one
            reason = self._condition(ctx, p, ability)
            if reason:
                return reason
        # The blocked set first: most actors are not discombobulated.
        if actor in ctx.blocked and ctx.phase.is_night and ability.blockable:
            return "discombobulated"
        return None

    @staticmethod
    def _condition(ctx: Context, p: PlayerState, ability: Ability) -> str | None:
        """The condition that stops ``p`` from using ``ability`` now, in the order they are
        asked, or None."""
        phase = ctx.phase
        if p.has(IN_FLIGHT, phase) or (p.has(ABROAD, phase) and not ability.abroad_ok):
            return "abroad"
        if p.has(DETAINED, phase):
            return DETAINED
        is_day = phase.is_day
        if is_day and p.has(SEVERELY_WOUNDED, phase):
            # classic First Aid: "A severely wounded character can not vote for lynching and
            # can't use his day actions".
            return SEVERELY_WOUNDED
        if is_day and p.has(FRIGHTENED, phase) and ability.frightenable:
            return FRIGHTENED
        for condition in (SUSPENDED, TEMPORARILY_INJURED):
            if p.has(condition, phase) and not ability.kept_when_suspended:
                if (
                    condition == SUSPENDED
                    and ctx.ruleset.has("suspension_stops_arrests_only")
                    and not ability.stopped_by_narrow_suspension
                ):
                    continue
                return condition
        if p.has(INJURED, phase) and not ability.kept_when_injured:
            return INJURED
        return None

    def order_problem(self, state: GameState, actor: str, ability: Ability | None) -> str | None:
        p = state.players[actor]
        status = p.status
        if status is _DEAD:
            return say("cannot.dead")
        if status is _ARRESTED:
            return say("cannot.arrested")
        # An injury is for good ("All injuries incurred by players are permanent except for
        # those sustained by police officers in the course of an arrest"), so an order it
        # stops is known to fail when it is sent: the player hears it now, while there is time
        # to send another (docs/rulings.md, "An injured player's order is refused when sent").
        if ability is not None and p.has(INJURED, state.phase) and not ability.kept_when_injured:
            return say("cannot.injured", ability=PLAIN.title(ability.name, state.ruleset.titles))
        return None

    def target_problem(
        self, state: GameState, order: Order, ability: Ability, target: str
    ) -> str | None:
        status = state.players[target].status
        if ability.needs_free_target and status is _DEAD:
            return say("cannot.target_dead", target=target)
        if (
            ability.needs_free_target
            and status is _ARRESTED
            and not ability.arrested_target_ok
        ):
            return say("cannot.target_arrested", target=target)
        return None

    def removed(self, ctx: Context, name: str, status: Status) -> None:
        """What a death sets off at once (an arrest sets off nothing here)."""
        if status is not Status.DEAD:
            return
        state = ctx.state
        # "When one lover dies, the other commits suicide that same phase. No amount of healing
        # or protecting may prevent the death of a suicidal lover."
        for first, second in state.ext.lovers:
            if name in (first, second):
                other = second if name == first else first
                if ctx.player(other).status is not Status.DEAD:
                    ctx.remove(other, Status.DEAD, "suicide")
        # Detention: "The player will be released automatically after 3 phases or if Satou
        # dies"
        detained = state.ext.detentions.get(name)
        if detained and ctx.player(detained).has(DETAINED, ctx.phase):
            release_detention(ctx, detained)


def release_detention(ctx: Context, detained: str) -> None:
    """The end of a detention, on Satou's death or after its three phases (docs/rulings.md,
    "Detention": the detention was announced, so is the release; the player is told too)."""
    p = ctx.player(detained)
    p.conditions.pop(DETAINED, None)
    if p.status is not Status.ALIVE:
        return
    ctx.announce("detention.released", player=detained)
    ctx.notify(detained, "detention.released_you", essential=True)


LIFE = DctpLife()
