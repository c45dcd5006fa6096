"""The orders that feed the lynch: the vote, Voice of Reason, Accompany, the Protection Charm
and Voice of Accusation. The lynch itself is held in DCTP's ``voting.hold_lynch``, which reads
the day's ballots and these orders once every ballot is in.

"Everyone is allowed to vote during day phases ... You may only not vote if you are dead, not
in Japan (as a result of being a traveler), are arrested, or were hindered by an ability (such
as Frighten)." "Players may abstain from voting."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.families.dctp.voting import NO_LYNCH
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Step

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState


@register
class Vote(Ability):
    name = "vote"
    step = Step.LYNCHING
    blockable = False
    kept_when_suspended = True  # "lose all abilities apart from voting"
    kept_when_injured = True  # "Injured players may still ... [cast] lynch votes"

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        for action in actions:
            reason = ctx.unable_reason(action)
            if reason:
                # "He doesn't get a notice that his Vote didn't work."
                ctx.fail(action, reason, notify=False)
                continue
            choice = action.order.choice
            if choice == "abstain":
                ballot = "abstain"
            elif choice == "no_lynch":
                ballot = NO_LYNCH
            else:
                ballot = action.target or ""
            ctx.ballots[action.actor] = ballot
            ctx.done(action)
            ctx.result(action, "done", target=action.target)


@register
class VoiceOfReason(Ability):
    """ "Can stop the lynching once per game. Doing so will not expose her role. The lynching
    must be stopped before the results are known, and if successful no one will be killed by
    lynching during that day." Its effect is in ``hold_lynch``."""

    name = "voice_of_reason"
    step = Step.LYNCHING
    needs_free_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.players[order.actor].used.get("voice_of_reason"):
            return say(
                "dctp_refusal.voice_of_reason_used",
                ability=WORDING.title(self.name, state.ruleset.titles),
            )
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        # Only the actors who cannot act fail here; the effect is decided in hold_lynch.
        list(ctx.able(actions))


@register
class Accompany(Ability):
    """ "The target will have his/her lynching votes reduced by 1 for that day." "She may
    accompany anyone during the day and the accompanied will learn that someone
    accompanied/followed them. She can't accompany herself." Its effect is in ``hold_lynch``.
    Actions & Arrest/Death: "If Kazuha was successfully poisoned and accompanied someone that
    was about to be lynched over the 1 vote difference, the reduction of that 1 vote fails".
    """

    name = "accompany"
    step = Step.LYNCHING
    self_target = False

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        ctx.result(action, "done", target=action.target)
        ctx.record(action, took_place=True)
        ctx.notify(action.actor, "accompany.done", target=action.target)
        ctx.notify(action.target or "", "accompany.you")


@register
class ProtectionCharm(Ability):
    """classic, a night action of Kazuha: "Can give one person the Protection Charm. The person
    with that charm will have reduced his/her lynching votes by 1 and thus could be saved from
    being lynched." "Can't give it to herself." "Kazuha won't know the identity of the one who
    received the Charm. The one who got the Charm will just know that Kazuha gave it to
    him/her". Given at night, it works on the next day's lynch (``hold_lynch``)."""

    name = "protection_charm"
    step = Step.OTHER
    self_target = False

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        ctx.state.ext.lynch_charms[target] = (ctx.phase.index + 1, action.actor)
        ctx.done(action)
        ctx.result(action, "done", target=target)
        ctx.record(action, took_place=True)
        ctx.notify(action.actor, "protection_charm.done", target=target)
        ctx.notify(target, "protection_charm.received")


@register
class VoiceOfAccusation(Ability):
    """ "When Kujou votes during a lynching, she may use Voice of Accusation." Its effect is in
    ``hold_lynch``, which needs the day's ballots."""

    name = "voice_of_accusation"
    step = Step.LYNCHING
    needs_free_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.players[order.actor].used.get("voice_of_accusation"):
            return say(
                "dctp_refusal.voice_of_accusation_used",
                ability=WORDING.title(self.name, state.ruleset.titles),
            )
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        return  # judged in hold_lynch, once every ballot is in
