"""APTX4869: the Black Org's day poison, named with the victim's role."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.context import PENDING, Attack
from autogm.engine.families.dctp.poisoning import POISONED_TODAY
from autogm.engine.families.dctp.protection import first_saver
from autogm.engine.families.dctp.state import Capsule, own_capsules
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side, Step
from autogm.engine.state import ABROAD, DETAINED, IN_FLIGHT, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState

# "If APTX is confiscated in an arrest, the APTX will be randomly given to Haibara, Satou, or
#  Okiya if they are in the game.": the sheets with this trait.
RECEIVES_CONFISCATED = "receives_confiscated_aptx"
# Poison: "Sherry has 2 APTX that can be used for the Poison ability"
POISON_CAPSULES = 2


def can_poison(state: GameState, player: str) -> bool:
    is_member = state.side(player) is Side.BLACK_ORG
    return (is_member and state.ext.aptx > 0) or own_capsules(state, player) > 0


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
    # 2011: "Succesful APTX: ... The BO will keep the ATPX"; classic: "In both cases the number
    # of APTX of the BO decreases. (whether it's successful or failed)".
    spent_when_right = False
    # 2011: "Arresting the BO member who does the poisoning WILL hinder the poisoning. In this
    # case, the APTX is confiscated!"; classic: "Arresting a BO member will hinder the
    # poisoning ... But in this case, the APTX wasn't used at all and won't be wasted."
    confiscated = True
    # 2011: "The actions and the votes of the victim doesn't count and the target dies";
    # classic: "that player is killed at the end of the day (after lynching)" and "The vote of
    # the successfully poisoned target still counts ... His action also counts" (the death
    # waits for the ``POISON_DEATHS`` step, ``engine.families.dctp.poisoning.settle_poisonings``).
    death_after_lynch = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.role:
            return say("dctp_refusal.aptx_role")
        if not can_poison(state, order.actor):
            return say("dctp_refusal.aptx_none_left")
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        # "If there are more poisoning attempts than remaining APTX the higher-ranked BO
        # members poisoning attempts takes priority."
        # The Black Org's shared capsules go to the attempts in rank order, each attempt taking
        # one whatever its outcome: a right guess keeps its capsule only after the day.
        rank = ctx.ruleset.ext.bo_rank
        pool = ctx.state.ext.aptx
        for action in sorted(actions, key=lambda a: (rank(ctx.player(a.actor).role), a.actor)):
            from_pool = own_capsules(ctx.state, action.actor) == 0
            if self._attempt(ctx, action, pool > 0 or not from_pool) and from_pool:
                pool -= 1

    def _attempt(self, ctx: Context, action: Action, has_capsule: bool) -> bool:
        """Carry out one attempt; True when it took a capsule into play."""
        state = ctx.state
        target = action.target or ""
        reason = ctx.unable_reason(action)
        if reason in ("arrested", DETAINED) and self.confiscated:
            # "Arresting the BO member who does the poisoning WILL hinder the poisoning. In this
            # case, the APTX is confiscated!" "Arrest and detain do stop APTX attempts if
            # successful ... The APTX is then considered confiscated."
            self._spend(ctx, action)
            ctx.fail(action, "confiscated", notify=False)
            ctx.notify(action.actor, "aptx.confiscated", essential=True, target=target)
            hand_over(ctx)
            return True
        if reason:
            ctx.fail(action, reason)
            return False
        unavailable = target_problem(ctx, target)
        if unavailable == "target_arrested":
            # "If an APTX target is arrested in the phase they are to be poisoned, the APTX is
            # considered unused."
            ctx.fail(action, "target_arrested", notify=False)
            ctx.notify(action.actor, "aptx.unused", target=target)
            return False
        if unavailable:
            ctx.fail(action, unavailable)
            return False
        if not has_capsule:
            ctx.fail(action, "no_capsule", notify=False)
            ctx.notify(action.actor, "aptx.none_left", target=target)
            return False
        right = land(ctx, action)
        if not right or self.spent_when_right:
            # "Failed APTX: The APTX will be used up and the BO will lose it. The victim won't
            # know that he was targeted. The BO will get a message that the APTX failed and how
            # many APTX are left."
            self._spend(ctx, action)
        if right and self.spent_when_right:
            ctx.notify(action.actor, "aptx.success_spent", target=target,
                       role=action.order.role, left=state.ext.aptx)  # fmt: skip
        elif not right:
            ctx.notify(
                action.actor,
                "aptx.wrong",
                target=target,
                role=action.order.role,
                left=state.ext.aptx,
            )
        return True

    @staticmethod
    def _spend(ctx: Context, action: Action) -> None:
        state = ctx.state
        for i, capsule in enumerate(state.ext.capsules):
            if capsule.holder == action.actor and capsule.usable_from <= ctx.phase.index:
                del state.ext.capsules[i]
                return
        state.ext.aptx = max(0, state.ext.aptx - 1)


def about_to_be_poisoned(ctx: Context, name: str) -> bool:
    """Whether an APTX still to come this phase will poison ``name``: a right guess by an
    actor who can act and has a capsule, on a player it can reach who holds no charm. Asked
    before the APTX step, for r53's Charm."""
    p = ctx.player(name)
    if ctx.state.ext.charms.get(name, -1) >= ctx.phase.index or target_problem(ctx, name):
        return False
    for action in ctx.actions:
        if (
            action.state == PENDING
            and action.ability.step_at(ctx.phase) is Step.APTX
            and action.target == name
            and action.order.role == p.role
            and ctx.unable_reason(action) is None
            and (ctx.state.ext.aptx > 0 or own_capsules(ctx.state, action.actor) > 0)
        ):
            return True
    return False


def hand_over(ctx: Context) -> None:
    """ "These players may then use the APTX ... starting the next Day phase. If none of these
    roles are in the game, the APTX is out of play." """
    holders = [
        name
        for name, p in ctx.state.players.items()
        if p.is_free and ctx.ruleset.role(p.role).has_trait(RECEIVES_CONFISCATED)
    ]
    if not holders:
        ctx.announce("aptx.out_of_play")
        return
    holder = ctx.draw("confiscated APTX4869 goes to", holders)
    usable_from = ctx.phase.index + 2 if ctx.phase.is_day else ctx.phase.index + 1
    ctx.state.ext.capsules.append(Capsule(holder, usable_from))
    ctx.notify(holder, "aptx.received", essential=True)


def target_problem(ctx: Context, target: str) -> str | None:
    """Why an APTX cannot reach ``target``, if it cannot.

    Role & Ability Changes [8/22/11]: "Travelers can now be poisoned no matter where they are
    physically located." Travel: "On the plane: ... he also can't be APTXed" (option
    ``aptx_travelers``; docs/rulings.md). Arrested: "impervious to being poisoned".
    """
    p = ctx.player(target)
    if target in ctx.poisoned or target in ctx.memo.get(POISONED_TODAY, ()):
        return None  # two capsules on one victim: the second still counts as a right guess
    if p.status is Status.ARRESTED:
        return "target_arrested"
    if p.status is Status.DEAD or p.has(DETAINED, ctx.phase):
        return "target_unavailable"
    option = ctx.ruleset.option("aptx_travelers")
    if p.has(IN_FLIGHT, ctx.phase) and option != "anywhere":
        return "target_unavailable"
    if p.has(ABROAD, ctx.phase) and option == "in_japan":
        return "target_unavailable"
    return None


def land(ctx: Context, action: Action) -> bool:
    """An attempt with a capsule reaches its target: True when the capsule is kept.

    "Succesful APTX: The target was that role (success).The BO will keep the ATPX. The actions
    and the votes of the victim doesn't count and the target dies." Rule Clarifications: "If
    the use of an APTX is hindered due to the target possessing a charm, the APTX is considered
    lost." Charm: "The Charm will only be used up, if the person with the charm would have been
    poisoned otherwise. BO will not be specially notified that the charm was in play."
    Lovey-Dovey: "This protect will hinder lynching, killing, sniping and even APTX".
    """
    target = action.target or ""
    right = action.order.role == ctx.player(target).role
    later = getattr(action.ability, "death_after_lynch", False)
    pending: list[str] = ctx.memo.setdefault(POISONED_TODAY, []) if later else []
    if right and target not in ctx.poisoned and target not in pending:
        if ctx.state.ext.charms.get(target, -1) >= ctx.phase.index:
            del ctx.state.ext.charms[target]
            ctx.notify(target, "charm.used")
            _charm_saved(ctx, target)
            right = False
        else:
            saver = first_saver(ctx, target, "aptx")
            if saver is not None:
                saver.ability.on_save(  # type: ignore[attr-defined]
                    ctx, saver, Attack(action.actor, target, "aptx", action)
                )
                right = False
    ctx.done(action, "killed" if right else "failed")
    ctx.result(action, "killed" if right else "failed", target=target)
    ctx.record(action, took_place=True, role=action.order.role, succeeded=right)
    if right and later:
        if target not in pending:
            pending.append(target)
    elif right and target not in ctx.poisoned:
        ctx.poisoned.add(target)
        ctx.remove(target, Status.DEAD, "aptx")
    if right and not getattr(action.ability, "spent_when_right", False):
        ctx.notify(action.actor, f"{action.ability.name}.success", target=target,
                   role=action.order.role)  # fmt: skip
    return right


@register
class Poison(Ability):
    """Sherry's night APTX: "Can try to poison one player during the night." "Sherry has 2 APTX
    that can be used for the Poison ability, which follow the same rues as other APTX" "Can
    still poison during the day like the other BOs". "Night action, Crime, can't be covered".
    """

    name = "poison"
    step = Step.APTX
    self_target = False
    needs_free_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.role:
            return say("dctp_refusal.poison_role")
        if state.players[order.actor].used.get("poison", 0) >= POISON_CAPSULES:
            return say("dctp_refusal.poison_used_up", capsules=POISON_CAPSULES)
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        for action in actions:
            actor = ctx.player(action.actor)
            target = action.target or ""
            reason = ctx.unable_reason(action)
            if reason == "arrested":
                actor.used["poison"] = actor.used.get("poison", 0) + 1
                ctx.fail(action, "confiscated", notify=False)
                ctx.notify(action.actor, "aptx.confiscated", essential=True, target=target)
                hand_over(ctx)
                continue
            if reason:
                ctx.fail(action, reason)
                continue
            unavailable = target_problem(ctx, target)
            if unavailable == "target_arrested":
                ctx.fail(action, unavailable, notify=False)
                ctx.notify(action.actor, "aptx.unused", target=target)
                continue
            if unavailable:
                ctx.fail(action, unavailable)
                continue
            if not land(ctx, action):
                actor.used["poison"] = actor.used.get("poison", 0) + 1
                left = POISON_CAPSULES - actor.used["poison"]
                ctx.notify(action.actor, "poison.wrong", target=target,
                           role=action.order.role, left=left)  # fmt: skip


def _charm_saved(ctx: Context, target: str) -> None:
    """A Charm given this phase that stopped an APTX saved a life: its result is ``saved``
    (docs/scenarios.md: "done, or saved where it saved a life"). One given the phase before has no
    result this phase to change."""
    for i, result in enumerate(ctx.results):
        if result.ability == "charm" and result.target == target and result.outcome == "done":
            ctx.results[i] = replace(result, outcome="saved")


@register
class Charm(Ability):
    """ "Can give out the Health Charm. The same phase and the phase afterwards, the target
    will be protected from APTX poisoning." "Can only give the charm to herself once." "Kazuha
    won't know the identity of the one who received the Charm. The one who got the Charm will
    just know that Kazuha gave it to him/her, not the identity of the player."
    """

    name = "charm"
    step = Step.CHARM

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if order.targets == (order.actor,) and state.players[order.actor].used.get("charm_self"):
            return say("dctp_refusal.charm_self_once")
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        if (
            ctx.ruleset.has("charm_fails_when_poisoned")
            and target != action.actor
            and about_to_be_poisoned(ctx, action.actor)
        ):
            # r53: "Charm (unless Kazuha is APTX'd and does not have the charm herself)".
            ctx.fail(action, "poisoned")
            return
        ctx.state.ext.charms[target] = ctx.phase.index + 1
        if target == action.actor:
            ctx.player(action.actor).used["charm_self"] = 1
        ctx.done(action)
        ctx.result(action, "done", target=target)
        ctx.record(action, took_place=True)
        ctx.notify(action.actor, "charm.done", target=target)
        ctx.notify(target, "charm.received")
