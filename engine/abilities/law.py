"""Arrest: the police's way to take a criminal out of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import Ability, register
from engine.crimes import CRIME_ABILITIES, committed
from engine.phases import Phase
from engine.rules.base import Step
from engine.state import SUSPENDED, Status

if TYPE_CHECKING:
    from engine.context import Action, Context
    from engine.orders.model import Order
    from engine.rules.base import AbilityUse
    from engine.state import GameState

# "suspended for two phases following the arrest attempt"
SUSPENSION_PHASES = 2


@register
class Arrest(Ability):
    """ "Arrest ... Day/Night action, can't be covered, can't be frightened or discombobulated.
    Can arrest any player at Night or Day, except for themselves."
    """

    name = "arrest"
    step = Step.ARREST
    blockable = False
    self_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if order.crime not in CRIME_ABILITIES:
            return (
                "an arrest must name a crime (killing, slandering, stealing from, disguising "
                "as, ...): being in the Black Org is not a crime"
            )
        if order.when is None:
            return "an arrest must name the phase of the crime, e.g. '... on Night 1'"
        if order.when >= state.phase:
            return (
                f"the crime must be in a past phase, and it is {state.phase}: "
                "'The crime ... CANNOT be in the same phase that the arrest is happening'"
            )
        key = (order.targets[0], order.crime, order.victim, order.when.index)
        if key in state.arrests:
            return "you can't arrest someone for the same crime twice"
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        # Arrests are judged together: "Arresting can't be hindered in any way", so an officer
        # arrested in the same step still makes his own arrest.
        verdicts: list[tuple[Action, bool]] = []
        for action in actions:
            reason = ctx.unable_reason(action)
            if reason and reason != "arrested":
                ctx.fail(action, reason)
            elif not ctx.is_reachable(action.target or ""):
                ctx.fail(action, "target_unavailable")
            else:
                o = action.order
                verdicts.append(
                    (action, committed(ctx.state, o.targets[0], o.crime or "", o.victim, o.when))
                )  # type: ignore[arg-type]
        for action, true in verdicts:
            self._apply(ctx, action, true)

    def _apply(self, ctx: Context, action: Action, true: bool) -> None:
        o = action.order
        target = o.targets[0]
        ctx.record(action, took_place=True)
        if true:
            ctx.done(action, "arrested")
            ctx.result(action, "arrested", target=target)
            ctx.state.arrests.append((target, o.crime or "", o.victim, o.when.index))  # type: ignore[union-attr]
            ctx.notify(action.actor, "arrest.success", target=target, order=o.canonical())
            if ctx.player(target).status is Status.ALIVE:
                ctx.remove(target, Status.ARRESTED, "arrested")
                ctx.announce("arrest.public", target=target)
                ctx.notify(target, "arrest.you", essential=True)
        else:
            ctx.done(action, "suspended")
            ctx.result(action, "suspended", target=target)
            ctx.set_condition(action.actor, SUSPENDED, SUSPENSION_PHASES)
            until = Phase(ctx.phase.index + SUSPENSION_PHASES)
            ctx.notify(
                action.actor,
                "arrest.suspended",
                essential=True,
                order=o.canonical(),
                until=str(until),
            )
            ctx.announce("arrest.suspended_public")
