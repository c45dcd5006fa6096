"""The Black Org's night kill: one a night, the leader's order has the final say."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.context import PENDING, Attack
from autogm.engine.families.dctp.attacks import kill_cycle_due
from autogm.engine.families.dctp.state import black_org, current_leader
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Step
from autogm.engine.state import INJURED, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState


# The orders that make up the Black Org's one night kill: "The planting of the vest is done in
# place of the Black Org kill for the night"; Bribe makes that kill absolute.
KILL_FAMILY = ("kill", "snipe", "plant_vest", "bribe")


@register
class Kill(Ability):
    """ "The leader has the final say on who to designate as the night kill target and may give
    the order as such. No one can override this order."

    Snipe: "Snipe replaces kill for the specified roles. The BO Leader can therefore order
    Sniping if the killer is one of the roles with Snipe." "Snipers will always use Sniping
    when they are able too." An injured sniper "can't use snipe anymore, but can still kill
    normally".
    """

    name = "kill"
    step = Step.KILLING
    self_target = False
    kept_when_injured = True  # "they may still carry out a kill at night"
    # "Bribe will ... also kill someone that is arrested": the order stands when sent, and
    # without a Bribe that night it fails at resolution.
    arrested_target_ok = True

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        killer = order.killer or order.actor
        if killer != order.actor and order.actor != current_leader(state):
            return say("dctp_refusal.kill_order_leader")
        free = black_org(state)
        if killer not in free:
            return say("dctp_refusal.kill_not_free", killer=killer)
        due = kill_cycle_due(state, free)
        if killer not in due:
            return say("dctp_refusal.kill_cycle", killer=killer, due=", ".join(due))
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        settle_black_org_kill(ctx)

    @staticmethod
    def _killer_unable(ctx: Context, action: Action) -> str | None:
        killer = action.order.killer
        if not killer or killer == action.actor:
            return None
        return ctx.unable(killer, action.ability)


@register
class Snipe(Kill):
    """Classic Sniping: "Roles with that action: Chianti, Korn, Calvados"; the leader "can
    decide which BO member will kill who (whether it's normal killing or sniping)". The snipe
    is the night's one Black Org kill, carried out by a sniper; it is an order only where the
    ruleset says so (feature ``snipe_is_an_order``; 2011's snipers always snipe, and "Snipe X"
    reads as their kill there).
    """

    name = "snipe"

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        killer = order.killer or order.actor
        if killer in state.players and not state.ruleset.role(state.players[killer].role).has_trait(
            "sniper"
        ):
            snipers = [n for n, s in state.ruleset.roles.items() if s.has_trait("sniper")]
            who = "you" if killer == order.actor else killer
            return say("dctp_refusal.snipe_not_sniper", who=who, snipers=", ".join(snipers))
        return super().validate(state, order, use)


def attack_kind(ctx: Context, action: Action, killer: str) -> str:
    if action.ability.name == "plant_vest":
        return "vest"
    if action.ability.name == "snipe":
        return "snipe"
    if ctx.ruleset.has("snipe_is_an_order"):
        return "kill"  # the leader chose a normal kill
    p = ctx.player(killer)
    if ctx.ruleset.role(p.role).has_trait("sniper") and not p.has(INJURED, ctx.phase):
        return "snipe"
    return "kill"


def settle_black_org_kill(ctx: Context) -> None:
    """Decide the night's one Black Org kill (or vest, or bribed kill) from every order."""
    attacking = {id(attack.action) for attack in ctx.attacks}
    pending = [
        a for a in ctx.actions
        if a.state == PENDING and a.ability.name in KILL_FAMILY and id(a) not in attacking
    ]  # fmt: skip
    if not pending:
        return
    bribes = [a for a in pending if a.ability.name == "bribe"]
    orders = [a for a in pending if a.ability.name != "bribe"]
    bribed = bool(bribes and orders)
    leader = current_leader(ctx.state)
    able: list[Action] = []
    for action in orders:
        reason = ctx.unable_reason(action) or Kill._killer_unable(ctx, action)
        if bribed and reason in {"discombobulated", "arrested"}:
            # "The Black Org's kill that night cannot be hindered by any means whatsoever,
            # including an arrest on the killing player."
            reason = None
        if reason:
            ctx.fail(action, reason)
        else:
            able.append(action)
    chosen: Action | None = None
    if able:
        # The leader's order first; between members, "The Black Organization ... [has] a rank
        # system for orders".
        rank = ctx.ruleset.ext.bo_rank
        able.sort(key=lambda a: (a.actor != leader, rank(ctx.player(a.actor).role), a.actor))
        chosen = able[0]
        for action in able[1:]:
            ctx.fail(action, "overruled")
    for bribe in bribes:
        if chosen is None:
            # Nothing to bribe for: the suitcase of cash stays with Pisco.
            ctx.fail(bribe, "no_kill", notify=False)
            ctx.notify(bribe.actor, "bribe.no_kill")
        else:
            ctx.done(bribe)
            ctx.result(bribe, "done")
            ctx.record(bribe, took_place=True)
            ctx.player(bribe.actor).used["bribe"] = 1
            ctx.notify(bribe.actor, "bribe.done")
    if chosen is None:
        return
    target = chosen.target or ""
    victim = ctx.player(target)
    # Bribe: "Bribe will still kill a traveler, whether they are in the country or not and will
    # also kill someone that is arrested."
    reachable = victim.status is not Status.DEAD if bribed else ctx.is_reachable(target)
    if not reachable:
        ctx.fail(chosen, "target_unavailable")
        return
    killer = chosen.order.killer or chosen.actor
    kind = attack_kind(ctx, chosen, killer)
    ctx.attacks.append(Attack(killer, target, kind, chosen, absolute=bribed))


@register
class Bribe(Ability):
    """ "One per game, Pisco may 'Bribe' the GM with a suitcase full of cash." "The Black Org's
    kill that night cannot be hindered by any means whatsoever". "Night action, crime, cannot
    be covered." "Bribe is absolute and cannot be stopped in any way, including discombobulating
    the one offering the bribe."
    """

    name = "bribe"
    step = Step.KILLING
    blockable = False
    needs_free_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.players[order.actor].used.get("bribe"):
            return say(
                "dctp_refusal.bribe_used", ability=WORDING.title(self.name, state.ruleset.titles)
            )
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        settle_black_org_kill(ctx)


@register
class Erase(Ability):
    """ "Erase - Night action, crime, can be covered." The erase is taken when the night's
    victim dies (DCTP's ``attacks.erasure``); an erase with no body to hide fails here."""

    name = "erase"
    step = Step.OTHER
    needs_free_target = False

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.fail(action, "no_body", notify=False)
        ctx.notify(action.actor, "erase.no_body")
