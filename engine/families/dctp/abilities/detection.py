"""Detection: whether a role is in the game (Detect; Police Detect, which does not see
through disguises)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from autogm.engine.ability import register
from autogm.engine.families.dctp import appearance
from autogm.engine.families.dctp.abilities.informative import Informative
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState


class _RoleQuestion(Informative):
    needs_free_target = False
    targets = 0
    police_only: ClassVar[bool] = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.role:
            return say("dctp_refusal.detect_character")
        if self.police_only and state.ruleset.role(order.role).group != "Police":
            return say("dctp_refusal.not_police", role=order.role)
        return None

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        return [Result(action.actor, self.name, "failed", query=action.order.role, reason=reason)]

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        ctx.record(action, took_place=True, targets=(), role=action.order.role)

    def report(self, ctx: Context, action: Action) -> None:
        role = action.order.role or ""
        answer = role in appearance.roles_in_game(ctx.state, worn=self.police_only)
        ctx.results.append(Result(action.actor, self.name, answer, query=role))
        ctx.notify(action.actor, "detect.result", role=role, answer=answer)


@register
class Detect(_RoleQuestion):
    """ "Can detect if one certain role is in the game per night. He needs to ask for the
    character name". "If Vermouth is in the game and he Detects Vermouth, he'll get a True ...
    If he asks for his/her disguised role, then he'll get a False."
    """

    name = "detect"


@register
class PoliceDetect(_RoleQuestion):
    """ "Allows Uehara to detect other police roles." "Police Detect differs from normal Detect
    in that it does NOT detect through disguises. If Uehara uses Police Detect for Megure and
    there is no Megure but there IS a disguised Megure ... Uehara will receive 'true'"."""

    name = "police_detect"
    police_only = True
