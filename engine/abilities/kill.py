"""The Black Org's night kill: one a night, the leader's order has the final say."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import Ability, register
from engine.context import Attack
from engine.rules.base import Side, Step

if TYPE_CHECKING:
    from engine.context import Action, Context
    from engine.orders.model import Order
    from engine.rules.base import AbilityUse
    from engine.state import GameState


def kill_cycle_due(state: GameState) -> list[str]:
    """Free members who have not killed yet in this cycle, highest-ranked first.

    "Every member of the Black Org must kill before a member is allowed a second kill. The
    exceptions to this is if a member is unable to kill due to being arrested or lynched, in
    which case they are no longer factored in to the kill cycle."
    """
    free = state.black_org()
    if state.ruleset.option("kill_cycle") == "off":
        return free
    due = [m for m in free if m not in state.kill_cycle]
    return due or free


@register
class Kill(Ability):
    """ "The leader has the final say on who to designate as the night kill target and may give
    the order as such. No one can override this order."
    """

    name = "kill"
    step = Step.KILLING
    self_target = False
    kept_when_injured = True  # "they may still carry out a kill at night"

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        killer = order.killer or order.actor
        if killer != order.actor and order.actor != state.current_leader():
            return "only the Black Org leader may order another member to kill"
        if killer not in state.black_org():
            return f"{killer} is not a free member of the Black Org"
        due = kill_cycle_due(state)
        if killer not in due:
            return (
                f"it is not {killer}'s turn in the kill cycle: "
                f"{', '.join(due)} must kill before anyone kills twice"
            )
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        leader = ctx.state.current_leader()
        able: list[Action] = []
        for action in actions:
            reason = ctx.unable_reason(action) or self._killer_unable(ctx, action)
            if reason:
                ctx.fail(action, reason)
            else:
                able.append(action)
        if not able:
            return
        # The leader's order first; between members, "The Black Organization ... [has] a rank
        # system for orders".
        rank = ctx.ruleset.bo_rank
        able.sort(key=lambda a: (a.actor != leader, rank(ctx.player(a.actor).role), a.actor))
        chosen, overruled = able[0], able[1:]
        for action in overruled:
            ctx.fail(action, "overruled")
        if not ctx.is_reachable(chosen.target or ""):
            ctx.fail(chosen, "target_unavailable")
            return
        killer = chosen.order.killer or chosen.actor
        ctx.attacks.append(Attack(killer, chosen.target or "", "kill", chosen))

    @staticmethod
    def _killer_unable(ctx: Context, action: Action) -> str | None:
        killer = action.order.killer
        if not killer or killer == action.actor:
            return None
        return ctx.unable(killer, action.ability)


def note_kill_cycle(state: GameState, killer: str, killed: bool) -> None:
    """Count a kill toward the cycle; start a new cycle once every free member has killed."""
    option = state.ruleset.option("kill_cycle")
    if option == "off" or (option == "success" and not killed):
        return
    if killer not in state.kill_cycle:
        state.kill_cycle.append(killer)
    free = set(state.black_org())
    if free and free <= set(state.kill_cycle):
        state.kill_cycle.clear()


def is_black_org(state: GameState, player: str) -> bool:
    return state.side(player) is Side.BLACK_ORG
