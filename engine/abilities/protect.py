"""Protective abilities: they are consulted when the night's attacks are settled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import Ability, register
from engine.context import DONE
from engine.rules.base import Step

if TYPE_CHECKING:
    from engine.context import Action, Attack, Context


class Protection(Ability):
    """An ability in the order of healing. It resolves with "All other actions", but its
    effect is in place when the night's attacks land (``protection.settle_attacks``)."""

    step = Step.OTHER
    saves_from: frozenset[str] = frozenset()

    def saves(self, ctx: Context, action: Action, attack: Attack) -> bool:
        return attack.kind in self.saves_from

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        ctx.done(action, "saved")
        ctx.result(action, "saved", target=action.target)
        ctx.record(action, took_place=True)

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        super().resolve_step(ctx, [a for a in actions if a.state != DONE])


@register
class Heal(Protection):
    """ "The healed player doesn't die because of Killing. Can't heal APTX or cure an injured
    player." "If the target was sniped, heal won't save the victim." "If successfully healed,
    the healer will know that he successfully healed. The target and the attacker will be
    notified that the target was healed, but not by whom. No one will learn the attacker's
    identity in any way."
    """

    name = "heal"
    saves_from = frozenset({"kill"})

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        super().on_save(ctx, action, attack)
        ctx.notify(action.actor, "heal.saved", target=attack.target)
        ctx.notify(attack.target, "heal.saved_you")
        ctx.notify(attack.attacker, "kill.healed", target=attack.target)

    def resolve(self, ctx: Context, action: Action) -> None:
        super().resolve(ctx, action)
        ctx.notify(action.actor, "heal.done", target=action.target)
