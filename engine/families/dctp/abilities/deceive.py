"""The Black Org's deceptions: Slander (Gin) and Blame (Anokata).

Both work through data other abilities read (docs/engine.md, "Data other abilities read"):
Slander fills ``Context.slandered``, which Interrogate inverts; Blame writes an ``ActionRecord``
with the blamed player as actor and ``blamed=True``, which investigations, stake-outs,
cross-examinations, house searches and arrests see as real.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp.crimes import CRIME_ABILITIES
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side, Step
from autogm.engine.state import ActionRecord

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState


@register
class Slander(Ability):
    """ "Allows player to slander any player at night, whether it's himself, someone from the
    town, or someone from the Black Org. Gin may slander up to two targets: one Black Org, and
    one town. He may not slander two Black Org or two town." "If the slandered target is
    interrogated that night, the interrogation result will be inverted." "The slanderer does
    not receive a notice indicating whether his slandered target was interrogated that night or
    not." "The slandered player does not receive a notification that they were slandered".
    """

    name = "slander"
    step = Step.OTHER
    targets = 2

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.targets:
            return say("dctp_refusal.slander_whom")
        if len(order.targets) > self.targets:
            if self.targets == 1:
                # Classic: "Can slander any player at night" (one; ``targets`` set to 1).
                return say("dctp_refusal.slander_one")
            return say("dctp_refusal.slander_two")
        if len(order.targets) == 2:
            sides = {state.side(t) for t in order.targets}
            if sides != {Side.BLACK_ORG, Side.TOWN}:
                return say("dctp_refusal.slander_one_of_each")
        return None

    def combine(self, state: GameState, earlier: Order, later: Order) -> Order | None:
        """ "Gin may slander up to two targets: one Black Org, and one town": a Slander of the
        other side joins the earlier one; only a Slander of the same side replaces it."""
        if earlier.ability != self.name or later.ability != self.name:
            return None
        sides = {state.side(t) for t in later.targets}
        kept = tuple(t for t in earlier.targets if state.side(t) not in sides)
        if not kept or len(kept) + len(later.targets) > self.targets:
            return None
        return replace(later, targets=kept + later.targets, text=f"{earlier.text}; {later.text}")

    def resolve(self, ctx: Context, action: Action) -> None:
        landed = tuple(t for t in action.order.targets if ctx.is_reachable(t))
        if not landed:
            ctx.fail(action, "target_unavailable")
            return
        ctx.slandered.update(landed)
        ctx.done(action)
        ctx.result(action, "done", target=", ".join(landed))
        ctx.record(action, took_place=True, targets=landed)
        ctx.notify(action.actor, "slander.done", target=" and ".join(landed))


@register
class Blame(Ability):
    """ "May opt to blame a townie for committing a crime on the same night." "Any
    investigations for the blamed action will come back as 'true', and the townie may be
    arrested for the blamed action as well." "'Blame' itself may not be investigated and will
    come back as a false." "Night action, crime, can be covered." Discombobulate: "Blame can be
    discombobulated too."
    """

    name = "blame"
    step = Step.OTHER

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if order.crime not in CRIME_ABILITIES:
            return say("dctp_refusal.blame_crime")
        if order.targets and state.side(order.targets[0]) is not Side.TOWN:
            return say("dctp_refusal.blame_townie")
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        o = action.order
        blamed = o.targets[0]
        ctx.done(action)
        ctx.result(action, "done", target=blamed)
        ctx.record(action, took_place=True)
        victim = o.victim
        is_role = victim is not None and victim not in ctx.state.players
        ctx.records.append(
            ActionRecord(
                phase=ctx.phase,
                actor=blamed,
                ability=o.crime or "",
                targets=() if victim is None or is_role else (victim,),
                took_place=True,
                crime=True,
                role=victim if is_role else None,
                succeeded=True,
                blamed=True,
            )
        )
        ctx.notify(action.actor, "blame.done", target=blamed, order=o.canonical())
