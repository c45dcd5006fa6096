"""The Black Suitcase: the leader hands it out by day; its holder fakes one night action.

"During each day the Leader (also, next highest-ranked BO in case Leader dies or is arrested)
can decide to give the 'Black Suitcase' to any player (even himself). He can also choose a
substitute in case that player is killed/arrested." "Anokata can use the Black Suitcase during
Night 1 for himself." "During the next night the receiver can pretend to use any existing Night
ability. However, the player will never get a result for that action." "Using the Black
Suitcase for any action is not a crime, including using it to commit a crime."
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp.abilities.lent import lend_for_next_night
from autogm.engine.families.dctp.state import Loan, current_leader
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say
from autogm.engine.rules.base import DAY, AbilityUse, Side, Slot, Step
from autogm.engine.state import ActionRecord

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState


@register
class BlackSuitcase(Ability):
    """The day order: "Has to give it to someone, otherwise no one will recieve the Black
    Suitcase"."""

    name = "black_suitcase"
    step = Step.OTHER
    needs_free_target = True
    kept_when_injured = True  # "utilize items such as the Black Suitcase"

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        # The leader's, whoever leads: "(also, next highest-ranked BO ...)".
        p = state.players[player]
        if not p.is_free:
            return None  # the leader is a free member: skip the ranking for everyone else
        if state.side(player) is not Side.BLACK_ORG:
            return None
        sheet = state.ruleset.role(p.role)
        if player == current_leader(state) and not sheet.slot_for(self.name, state.phase.kind):
            return Slot((AbilityUse(self.name),), DAY)
        return None

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if order.actor != current_leader(state):
            return say("dctp_refusal.suitcase_leader")
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        lend_for_next_night(ctx, actions, "suitcase")


@register
class SuitcaseAction(Ability):
    """A fake night action through the Black Suitcase: it leaves a record that took place (so
    "Akonyl interrogates xpon" is true and a stake-out sees it) and nothing else. "If the player
    is discombobulated, the Black Suitcase action will fail as well ... Meaning the
    investigation of that fake action will come out as 'False'."
    """

    name = "suitcase_action"
    step = Step.OTHER
    kept_when_injured = True
    kept_when_suspended = True

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        return [
            Result(action.actor, self.name, "failed", query=action.order.canonical(), reason=reason)
        ]

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        for action in ctx.able(actions):
            targets = action.order.targets or tuple(
                dict.fromkeys(q.subject for q in action.order.queries)
            )
            if any(not ctx.is_reachable(t) and not ctx.died_now(t) for t in action.order.targets):
                ctx.fail(action, "target_unavailable")
                continue
            ctx.done(action)
            ctx.results.append(
                Result(action.actor, self.name, "done", query=action.order.canonical())
            )
            ctx.records.append(
                ActionRecord(
                    ctx.phase, action.actor, action.order.ability, targets, True, False,
                    role=action.order.role,
                )
            )  # fmt: skip
            # "You used the Black Suitcase: Heal Jd-", not "...: Suitcase: Heal Jd-".
            shown = replace(action.order, via=None).canonical(ctx.ruleset.titles)
            ctx.notify(action.actor, "suitcase.used", order=shown)


def suitcase_for_night_one(state: GameState) -> None:
    """ "Anokata can use the Black Suitcase during Night 1 for himself." """
    leader = current_leader(state)
    if leader is not None:
        state.ext.loans.append(Loan("suitcase", leader, leader, 1))
