"""APTX4869: the Black Org's day poison, named with the victim's role."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import Ability, register
from engine.rules.base import Side, Step
from engine.state import Capsule, Status

if TYPE_CHECKING:
    from engine.context import Action, Context
    from engine.orders.model import Order
    from engine.rules.base import AbilityUse
    from engine.state import GameState

# "If APTX is confiscated in an arrest, the APTX will be randomly given to Haibara, Satou, or
#  Okiya if they are in the game."
CONFISCATED_TO = ("Haibara", "Satou", "Okiya")


def own_capsules(state: GameState, player: str) -> int:
    """Capsules a player holds personally (confiscated ones) and may use this phase."""
    return sum(
        1 for c in state.capsules if c.holder == player and c.usable_from <= state.phase.index
    )


def can_poison(state: GameState, player: str) -> bool:
    is_member = state.side(player) is Side.BLACK_ORG
    return (is_member and state.aptx > 0) or own_capsules(state, player) > 0


@register
class Aptx(Ability):
    """ "During each day any BO member may attempt to poison another player (BO or Townie) by
    sending a PM with that players name and identity to the GM." "Each BO can only start one
    poison attempt each day."
    """

    name = "aptx"
    step = Step.APTX
    self_target = False
    kept_when_injured = True  # a Black Org item use, like the kill

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.role:
            return "an APTX must name the role you believe the target has: 'APTX X as Role'"
        if not can_poison(state, order.actor):
            return "there is no APTX4869 left for you to use"
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        # "If there are more poisoning attempts than remaining APTX the higher-ranked BO
        # members poisoning attempts takes priority."
        # The Black Org's shared capsules go to the attempts in rank order, each attempt taking
        # one whatever its outcome: a right guess keeps its capsule only after the day.
        rank = ctx.ruleset.bo_rank
        pool = ctx.state.aptx
        for action in sorted(actions, key=lambda a: (rank(ctx.player(a.actor).role), a.actor)):
            from_pool = own_capsules(ctx.state, action.actor) == 0
            if self._attempt(ctx, action, pool > 0 or not from_pool) and from_pool:
                pool -= 1

    def _attempt(self, ctx: Context, action: Action, has_capsule: bool) -> bool:
        """Carry out one attempt; True when it took a capsule into play."""
        state = ctx.state
        target = action.target or ""
        reason = ctx.unable_reason(action)
        if reason == "arrested":
            # "Arresting the BO member who does the poisoning WILL hinder the poisoning. In this
            # case, the APTX is confiscated!"
            self._spend(ctx, action)
            ctx.fail(action, "confiscated", notify=False)
            ctx.notify(action.actor, "aptx.confiscated", essential=True, target=target)
            self._hand_over(ctx)
            return True
        if reason:
            ctx.fail(action, reason)
            return False
        if ctx.player(target).status is Status.ARRESTED:
            # "If an APTX target is arrested in the phase they are to be poisoned, the APTX is
            # considered unused."
            ctx.fail(action, "target_arrested", notify=False)
            ctx.notify(action.actor, "aptx.unused", target=target)
            return False
        if not ctx.is_reachable(target) and target not in ctx.poisoned:
            ctx.fail(action, "target_unavailable")
            return False
        if not has_capsule:
            ctx.fail(action, "no_capsule", notify=False)
            ctx.notify(action.actor, "aptx.none_left", target=target)
            return False
        right = action.order.role == ctx.player(target).role
        ctx.done(action, "killed" if right else "failed")
        ctx.result(action, "killed" if right else "failed", target=target)
        ctx.record(action, took_place=True, role=action.order.role, succeeded=right)
        if right:
            # "Succesful APTX: ... The BO will keep the ATPX. The actions and the votes of the
            # victim doesn't count and the target dies."
            if target not in ctx.poisoned:
                ctx.poisoned.add(target)
                ctx.remove(target, Status.DEAD, "aptx")
            ctx.notify(action.actor, "aptx.success", target=target, role=action.order.role)
        else:
            # "Failed APTX: The APTX will be used up and the BO will lose it. The victim won't
            # know that he was targeted. The BO will get a message that the APTX failed and how
            # many APTX are left."
            self._spend(ctx, action)
            ctx.notify(
                action.actor, "aptx.wrong", target=target, role=action.order.role, left=state.aptx
            )
        return True

    @staticmethod
    def _spend(ctx: Context, action: Action) -> None:
        state = ctx.state
        for i, capsule in enumerate(state.capsules):
            if capsule.holder == action.actor and capsule.usable_from <= ctx.phase.index:
                del state.capsules[i]
                return
        state.aptx = max(0, state.aptx - 1)

    @staticmethod
    def _hand_over(ctx: Context) -> None:
        """ "These players may then use the APTX ... starting the next Day phase. If none of
        these roles are in the game, the APTX is out of play." """
        holders = [
            name for name, p in ctx.state.players.items() if p.role in CONFISCATED_TO and p.is_free
        ]
        if not holders:
            ctx.announce("aptx.out_of_play")
            return
        holder = ctx.draw("confiscated APTX4869 goes to", holders)
        usable_from = ctx.phase.index + 2 if ctx.phase.is_day else ctx.phase.index + 1
        ctx.state.capsules.append(Capsule(holder, usable_from))
        ctx.notify(holder, "aptx.received", essential=True)
