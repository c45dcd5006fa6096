"""Lovey-Dovey: "Lovers can protect each other with the ability Lovey-Dovey."

(The lovers' pairing, Amor, is a Prep ability elsewhere; a lover's suicide is in
``engine.families.dctp.life.DctpLife.removed``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.context import DONE
from autogm.engine.families.dctp.abilities.protect import Protection
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.render.templates import say
from autogm.engine.rules.base import NIGHT_DAY, AbilityUse, Slot

if TYPE_CHECKING:
    from autogm.engine.context import Action, Attack, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

# "If it successfully hinders a lynching, killing, sniping, or poisoning, the lovers lose this
# ability for 2 phases"
COOLDOWN_PHASES = 2


def lover_of(state: GameState, player: str) -> str | None:
    for first, second in state.ext.lovers:
        if player == first:
            return second
        if player == second:
            return first
    return None


@register
class LoveyDovey(Protection):
    """ "The lover can protect the other lover during day or night. Can't use it on anyone else
    besides his/her lover" "This protect will hinder lynching, killing, sniping and even APTX"
    "Just one lover can use protect. They can't protect each other in the same phase." "You
    can only protect once per Day/Night. So you have to choose if you protect your lover on
    night 1. Then neither of the lovers can use protect on day 1 anymore." Rule
    Clarifications: "If lovey-dovey is used, the user nor the target are privy to the identity
    of the attacker." "Day/Night action, can't be covered".
    """

    name = "lovey_dovey"
    self_target = False
    saves_from = frozenset({"kill", "snipe", "vest", "aptx", "lynch"})

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        if not state.ext.lovers or lover_of(state, player) is None:  # most games have no lovers yet
            return None
        return Slot((AbilityUse(self.name),), NIGHT_DAY)

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        lover = lover_of(state, order.actor)
        if not order.targets or order.targets[0] != lover:
            return say(
                "dctp_refusal.lovey_dovey_lover",
                ability=WORDING.title(self.name, state.ruleset.titles),
                lover=lover,
            )
        p = state.players[order.actor]
        if p.used.get("lovey_dovey_until", -1) >= state.phase.index:
            return say("refusal.lovey_dovey_resting")
        if p.used.get("lovey_dovey_cycle") == state.phase.number:
            return say("refusal.lovey_dovey_used", number=state.phase.number)
        return None

    def saves(self, ctx: Context, action: Action, kind: str) -> bool:
        return kind in self.saves_from and self._first(ctx, action)

    @staticmethod
    def _first(ctx: Context, action: Action) -> bool:
        """Only the first of the two lovers' orders in a phase stands."""
        for other in ctx.actions:
            if other is action:
                return True
            if other.ability.name == "lovey_dovey" and other.actor == action.order.targets[0]:
                return False
        return True

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        live = []
        for action in actions:
            if action.state == DONE:
                continue
            if not self._first(ctx, action):
                ctx.fail(action, "overruled", notify=False)
                ctx.notify(action.actor, "lovey_dovey.overruled")
            else:
                live.append(action)
        super().resolve_step(ctx, live)

    def resolve(self, ctx: Context, action: Action) -> None:
        super().resolve(ctx, action)
        self._mark(ctx, action, saved=False)

    def on_save(self, ctx: Context, action: Action, attack: Attack) -> None:
        super().on_save(ctx, action, attack)
        self._mark(ctx, action, saved=True)
        ctx.notify(action.actor, "lovey_dovey.saved", target=attack.target, kind=attack.kind)
        ctx.notify(attack.target, "lovey_dovey.saved_you", kind=attack.kind)
        if attack.kind in {"kill", "snipe", "vest"} and attack.attacker:
            ctx.notify(attack.attacker, "kill.protected", target=attack.target)

    @staticmethod
    def _mark(ctx: Context, action: Action, *, saved: bool) -> None:
        for name in (action.actor, *action.order.targets):
            used = ctx.player(name).used
            used["lovey_dovey_cycle"] = ctx.phase.number
            if saved:
                used["lovey_dovey_until"] = ctx.phase.index + COOLDOWN_PHASES
