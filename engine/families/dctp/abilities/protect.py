"""Protective abilities: they are consulted when an attack, a lynch or an APTX lands.

Order of Healing: "Voice of Reason > Bone Breaking > Watch Protection > Protection > Healing >
First Aid"; "Sniping bypasses all types of healing and first aid. When someone is protected,
the protected will survive, but the protector himself dies instead. If someone possessing the
watch is attacked, they are protected. If someone possessing the watch is attacked by a sniper,
they will survive but the watch will break and become unusable for the remainder of the game."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, abilities_for, register
from autogm.engine.context import DONE, PENDING
from autogm.engine.families.dctp.abilities.lent import source_sheet
from autogm.engine.families.dctp.harm import injure, schedule
from autogm.engine.families.dctp.poisoning import dies_today
from autogm.engine.render.templates import say
from autogm.engine.rules.base import NIGHT, PREP, AbilityUse, Slot, Step
from autogm.engine.state import ABROAD, IN_FLIGHT, SEVERELY_WOUNDED, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Attack, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState


class Protection(Ability):
    """An ability in the order of healing. It resolves with "All other actions", but its
    effect is in place when the night's attacks land (``protection.settle_attacks``), when the
    lynch is held (``voting.hold_lynch``) and when an APTX lands (``aptx``)."""

    step = Step.OTHER
    saves_from: frozenset[str] = frozenset()
    # Attacks that go through this protection although it stood in their way (classic:
    # "Sniping will bypass any protection (Ran, Makoto and Agasas Watch)"): the protection
    # took place and was wasted (``on_bypassed``), and the target is left to the next one.
    bypassed_by: frozenset[str] = frozenset()

    def saves(self, ctx: Context, action: Action, kind: str) -> bool:
        return kind in self.saves_from

    def on_bypassed(self, ctx: Context, action: Action, attack: Attack) -> None:
        ctx.done(action)
        ctx.result(action, "done", target=attack.target)
        ctx.record(action, took_place=True)

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        ctx.done(action, "saved")
        ctx.result(action, "saved", target=attack.target)
        ctx.record(action, took_place=True)

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        # The night's actions happen at once: a protection of a player killed tonight (by a
        # snipe it could not stop) still took place ("Even if a protection or heal wasn't
        # necessary, as long as the player did the order ... it will come out as 'True'").
        for action in actions:
            if action.state == DONE:
                continue
            reason = ctx.unable_reason(action)
            if reason:
                ctx.fail(action, reason)
            elif not any(_reached(ctx, t) for t in action.order.targets):
                ctx.fail(action, "target_unavailable")
            else:
                self.resolve(ctx, action)

    def resolve(self, ctx: Context, action: Action) -> None:
        super().resolve(ctx, action)
        ctx.notify(
            action.actor,
            f"{self.name}.done",
            ability=self.name,
            target=", ".join(action.order.targets),
        )


def _reached(ctx: Context, target: str) -> bool:
    fate = ctx.player(target).fate
    return ctx.is_reachable(target) or (
        fate is not None and fate.phase == ctx.phase and fate.cause in {"killed", "aptx"}
    )


def _attacker_told(ctx: Context, attack: Attack, key: str) -> None:
    if attack.attacker:
        ctx.notify(attack.attacker, key, target=attack.target)


@register
class Heal(Protection):
    """ "The healed player doesn't die because of Killing. Can't heal APTX or cure an injured
    player." "If the target was sniped, heal won't save the victim." "If successfully healed,
    the healer will know that he successfully healed. The target and the attacker will be
    notified that the target was healed, but not by whom. No one will learn the attacker's
    identity in any way."
    """

    name = "heal"
    saves_from = frozenset({"kill", "vest"})

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        super().on_save(ctx, action, attack)
        ctx.notify(action.actor, "heal.saved", target=attack.target)
        ctx.notify(attack.target, "heal.saved_you")
        _attacker_told(ctx, attack, "kill.healed")


@register
class FirstAid(Protection):
    """ "The player who received First Aid will not die if attacked, but will instead become
    injured." "The action that was done by the one who was attacked will fail, because he got
    injured." "If sniped, the target will still die and won't be saved." "If succesfully
    healed/First aided, the healer will know that he succesfully first-aided the target. The
    target and the attacker will know that someone healed/First aided the target, but not who."
    Bone Breaking: "there will be a message that someone was injured (not how, meaning it could
    have been first aid too)".
    """

    name = "first_aid"
    saves_from = frozenset({"kill", "vest"})
    # classic: the target is severely wounded instead of injured (``wound``).
    wounds = False

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        super().on_save(ctx, action, attack)
        target = attack.target
        if self.wounds:
            wound(ctx, action, attack)
            return
        injure(ctx, target, "first_aid")
        # "Any action performed by someone who was successfully healed via first aid will
        # fail, because that player became injured as the action was being carried out."
        for other in ctx.actions:
            if other.actor == target and other.state == PENDING and other is not action:
                ctx.fail(other, "injured", notify=False)
        ctx.notify(action.actor, "first_aid.saved", target=target)
        ctx.notify(target, "first_aid.saved_you", essential=True)
        ctx.announce("injury.public", player=target)
        _attacker_told(ctx, attack, "kill.healed")


def wound(ctx: Context, action: Action, attack: Attack) -> None:
    """Classic First Aid: "The player who received First Aid will not die immediately if
    attacked (by killing or sniping), but will instead be severely wounded." "A severely
    wounded character can not vote for lynching and can't use his day actions, and will die at
    the next nightfall, but has learned his attackers identity (unless it was a sniper) and may
    freely talk about it". Heal: "The attacker will also know that the target was
    healed/first aided, but not from whom". The night's own actions of the wounded: option
    ``wounded_night_actions`` (docs/rulings.md, "Severe wounds in classic").
    """
    target = attack.target
    # Through the day that follows; ``die_of_wounds`` ends it at nightfall.
    ctx.player(target).conditions[SEVERELY_WOUNDED] = ctx.phase.index + 1
    if ctx.ruleset.option("wounded_night_actions") == "fail":
        for other in ctx.actions:
            if other.actor == target and other.state == PENDING and other is not action:
                ctx.fail(other, SEVERELY_WOUNDED, notify=False)
    ctx.notify(action.actor, "first_aid.wounded", target=target)
    if attack.kind == "snipe":
        ctx.notify(target, "first_aid.wounded_you_sniped", essential=True)
    else:
        ctx.notify(target, "first_aid.wounded_you", essential=True, attacker=attack.attacker)
    ctx.announce("wound.public", player=target)
    _attacker_told(ctx, attack, "kill.healed")


def die_of_wounds(ctx: Context) -> None:
    """At the end of a day (nightfall), the severely wounded die: "will die at the next
    nightfall". A wounded player in prison dies too: the wound was dealt before (docs/rulings.md,
    "Severe wounds in classic")."""
    if not ctx.phase.is_day:
        return
    for name, p in ctx.state.players.items():
        # ``has`` asked only of the few players with the condition (asked every day).
        if SEVERELY_WOUNDED in p.conditions and p.is_alive and p.has(SEVERELY_WOUNDED, ctx.phase):
            ctx.remove(name, Status.DEAD, "wounds")


def with_watch(ctx: Context, protector: str) -> bool:
    """Whether a protector holds the Tranquilizer Watch tonight in a ruleset where a protect
    is then made with the watch (classic: "If Ran or Makoto get's the watch, they protect
    themselves and the protected target with the watch. So they don't get a penalty after
    that.")."""
    watch = ctx.state.ext.watch
    return (
        ctx.phase.is_night
        and watch is not None
        and watch[0] == protector
        and watch[2] == ctx.phase.index
        and not ctx.state.ext.watch_broken
        and abilities_for(ctx.ruleset)[Watch.name].arms_protectors  # type: ignore[attr-defined]
    )


def protect_penalty(ctx: Context, action: Action) -> None:
    """Protect, Penalties: "Makoto: If Makoto successfully protects someone, he'll automatically
    fly out of Japan the next phase (phase 1), stay one phase (phase 2) ... can decide to fly
    back and travel during Phase 3". "Ran: If Ran successfully protects someone, she'll get
    Injured and can't protect anybody anymore." Disguise: "the disguiser gains all those of
    their disguise": the penalty is the sheet's whose Protect was used.
    """
    if ctx.phase.is_day and not ctx.ruleset.option("day_protect_penalty"):
        return
    if with_watch(ctx, action.actor):
        return
    actor = ctx.player(action.actor)
    if actor.status is Status.DEAD:
        return
    # Looked up before the injury takes the disguise away.
    sheet = source_sheet(ctx.state, action.actor, action.slot)
    if sheet.has_trait("injured_by_protecting"):
        injure(ctx, action.actor, "protect")
        ctx.notify(action.actor, "protect.injured", essential=True)
    if sheet.has_trait("flies_out_after_protecting"):
        now = ctx.phase.index
        schedule(ctx.state, now + 1, action.actor, IN_FLIGHT, now + 1)
        schedule(ctx.state, now + 2, action.actor, ABROAD, None)
        ctx.notify(action.actor, "protect.fly_out", essential=True)


@register
class Protect(Protection):
    """ "May choose to Protect any number of people at day. If one of the Protected people is
    going to get lynched, he will jump in and stop the lynching." "May also choose one
    individual to Protect at night. If said individual is about to be killed by the BO, he
    again Protects the individual. The protected also learns if he was Protected. The Protected
    individual and the Protector then learns the identity of the attacker(!) (unless sniped, in
    which case the protector will die but the target will survive. No identity will be
    revealed then)" "Can't protect anyone from APTX" "May not protect themselves."
    """

    name = "protect"
    self_target = False
    saves_from = frozenset({"kill", "snipe", "vest", "lynch"})

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.targets:
            return say("dctp_refusal.protect_whom")
        if state.phase.is_night and len(order.targets) > 1:
            return say("dctp_refusal.protect_one")
        return None

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        super().on_save(ctx, action, attack)
        target = attack.target
        if attack.kind == "lynch":
            ctx.notify(action.actor, "protect.saved_lynch", essential=True, target=target)
            ctx.notify(target, "protect.saved_you_lynch")
        elif attack.kind == "snipe":
            # "the protected will survive, but the protector himself dies instead"; "the target
            # is made aware of the fact they were protected (despite the fact that the
            # protector is dead)".
            ctx.remove(action.actor, Status.DEAD, "killed")
            ctx.notify(target, "protect.saved_you")
        elif with_watch(ctx, action.actor):
            ctx.notify(action.actor, "protect.saved_with_watch", essential=True, target=target)
            ctx.notify(target, "protect.saved_you")
        else:
            ctx.notify(
                action.actor, "protect.saved", essential=True, target=target,
                attacker=attack.attacker,
            )  # fmt: skip
            ctx.notify(target, "protect.saved_you_from", attacker=attack.attacker)
        if attack.kind != "lynch":
            _attacker_told(ctx, attack, "kill.protected")
        protect_penalty(ctx, action)

    def on_bypassed(self, ctx: Context, action: Action, attack: Attack) -> None:
        """Classic Sniping: "In case Ran or Makoto protected the target, the target will die
        and the protectors wasted their ability and have to do their penalty"; "The identity
        of the attacker doesn't get revealed in any way (not by Sonoko and not by a protector
        etc.)". A snipe healed behind the protector: option ``sniped_protector_penalty``."""
        super().on_bypassed(ctx, action, attack)
        ctx.notify(action.actor, "protect.bypassed", essential=True, target=attack.target)
        penalty = ctx.ruleset.option("sniped_protector_penalty")
        if penalty == "always" or attack.outcome == "killed":
            protect_penalty(ctx, action)


@register
class BoneBreaking(Protection):
    """ "This target will be protected completly in case he/she was about to get sniped. The
    sniper will fail his killing and will get injured as a result." "If the target was killed
    in another way than sniping, then the target will die and Akai didn't injure anyone."
    "If the sniper was injured, there will be a message that someone was injured (not how)".
    """

    name = "bone_breaking"
    saves_from = frozenset({"snipe"})

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        super().on_save(ctx, action, attack)
        injure(ctx, attack.attacker, "bone_breaking")
        ctx.notify(action.actor, "bone_breaking.saved", target=attack.target)
        ctx.notify(attack.target, "protect.saved_you")
        ctx.notify(attack.attacker, "kill.bone_broken", essential=True, target=attack.target)
        ctx.announce("injury.public", player=attack.attacker)


@register
class Watch(Protection):
    """Agasa's Tranquilizer Watch. By day: "Can also lend the watch to anyone for one night
    except for himself (and it is returned at the end of the night)." "he may include (ordered)
    alternatives in case the one he chose gets lynched/etc." At night, the holder: "Someone in
    possession of the Watch is protected from the BO as if he were protected by Ran or Makoto,
    but he needs to fire from the distance so he does not get to see the attacker's face".
    Rule Clarifications: "If a player is sniped while in possession of the watch, they will
    survive but the watch will not--the watch breaks and is no longer in play. The player that
    distributed the watch the day before and the player that used the watch ... are given a
    notice that the watch was used successfully and is now broken. If the watch was not broken
    but was used successfully to defend themselves, the player using the watch is told as
    much. The attacker is given a notice that the attack was unsuccessful".
    """

    name = "watch"
    self_target = False
    # Classic: a protector holding the watch protects with it (``with_watch``).
    arms_protectors = False
    kept_when_suspended = True  # "besides the bow-tie/watch"
    kept_when_injured = True  # "Injured members may still ... utilize items such as ... watch"
    saves_from = frozenset({"kill", "snipe", "vest"})

    grants_until = 1  # Prep or Night 1

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        """ "Agasa starts on Night 1 being able to use his gadgets": he lends the watch for
        Night 1 in Prep, or during Night 1 itself (docs/rulings.md, "Agasa's gadgets on Night
        1")."""
        if state.phase.index > 1:
            return None
        if self.name not in state.ruleset.role(state.players[player].role).abilities():
            return None
        return Slot((AbilityUse(self.name),), PREP if state.phase.index == 0 else NIGHT)

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.ext.watch_broken:
            return say("dctp_refusal.watch_broken")
        if not order.targets:
            return say("dctp_refusal.watch_whom")
        if order.actor in order.targets:
            return say("dctp_refusal.watch_self")
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        if ctx.phase.is_night:
            # The holder's watch, not an order: it protects or it does nothing, silently.
            # (A lending on Night 1 took effect when the night began: ``lend_watch_tonight``.)
            for action in actions:
                if action.state == PENDING:
                    ctx.done(action)
            return
        for action in actions:
            self.lend(ctx, action, ctx.phase.index + 1)

    @staticmethod
    def lend(ctx: Context, action: Action, night: int) -> None:
        reason = ctx.unable_reason(action)
        if reason:
            ctx.fail(action, reason)
            return
        if ctx.state.ext.watch_broken:
            ctx.fail(action, "watch_broken")  # the lender is told why
            return
        # "alternatives in case the one he chose gets lynched": or dies of a classic APTX
        # at the end of this day.
        holder = next(
            (t for t in action.order.targets if ctx.is_reachable(t) and not dies_today(ctx, t)),
            None,
        )
        if holder is None:
            # Why, in words that tell no more than the topic did: which of the reasons it was
            # (a lynch, an arrest, a trip abroad) is not said.
            ctx.fail(action, "watch_unreachable")
            return
        ctx.state.ext.watch = (holder, action.actor, night)
        ctx.done(action)
        ctx.result(action, "done", target=holder)
        ctx.record(action, took_place=True, targets=(holder,))
        tonight = night == ctx.phase.index
        ctx.notify(action.actor, "watch.lent_tonight" if tonight else "watch.lent", target=holder)
        # Told even when suspended or injured this phase: the watch protects them all the same.
        received = "watch.received_tonight" if tonight else "watch.received"
        ctx.notify(holder, received, essential=True)

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        ctx.done(action, "saved")
        ctx.result(action, "saved", target=attack.target)
        lender = ctx.state.ext.watch[1] if ctx.state.ext.watch else None
        if attack.kind == "snipe":
            ctx.state.ext.watch_broken = True
            ctx.notify(action.actor, "watch.broken")
            if lender:
                ctx.notify(lender, "watch.broken")
        else:
            ctx.notify(action.actor, "watch.saved")
        _attacker_told(ctx, attack, "kill.unsuccessful")


def lend_watch_tonight(ctx: Context) -> None:
    """At the start of Night 1: a watch lent during the night protects its holder that night
    ("Agasa starts on Night 1 being able to use his gadgets"). The lending is Agasa's day
    action moved to the night: like a day action, it is not discombobulated."""
    if ctx.phase.index != 1:
        return
    for action in ctx.actions:
        if action.ability.name == Watch.name and action.slot == f"granted:{Watch.name}":
            reason = ctx.unable_reason(action)
            if reason in (None, "discombobulated"):
                Watch.lend(ctx, action, ctx.phase.index)
            else:
                ctx.fail(action, reason or "target_unavailable")
