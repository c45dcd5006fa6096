"""Items: Steal, and Agasa's bow-tie lent for a night.

Each role's items are on its sheet ("Items: Gun, Car-keys, ..."); a disguise adds its own
("+ items from disguise"). Stolen items are gone for good.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp.abilities.lent import BOW_TIE_CHOICES, LENT, lend_for_next_night
from autogm.engine.render.templates import say
from autogm.engine.rules.base import PREP, AbilityUse, Slot, Step

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

# "Becomes sober when his alcohol has been stolen."
SOBERING_ITEM = "Alcohol"


@register
class Steal(Ability):
    """ "Can steal one item from one person per night." "An already stolen item will be gone
    from a player's inventory and can't be stolen again." "Items stolen will NOT be added to the
    thief's inventory." "The player who was stolen from will get a notification on the item that
    he lost. But he won't know who the thief was". "If a player gets stolen from by 2 or more
    different thieves, all thieves will 'get the same item.'" "Everyone involved gets the info,
    that glasses were stolen and that 2 (or more) thiefs wanted this item." "All thieves are
    guilty for that crime."
    """

    name = "steal"
    step = Step.OTHER
    self_target = False

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        by_target: dict[str, list[Action]] = {}
        for action in ctx.able(actions):
            if not ctx.is_reachable(action.target or ""):
                ctx.fail(action, "target_unavailable")
            else:
                by_target.setdefault(action.target or "", []).append(action)
        for target, thieves in by_target.items():
            thieves = self._one_per_ally(ctx, thieves)
            victim = ctx.player(target)
            if not victim.items:
                for action in thieves:
                    ctx.done(action, "nothing")
                    ctx.result(action, "nothing", target=target)
                    ctx.record(action, took_place=True)
                    ctx.notify(action.actor, "steal.nothing", target=target)
                continue
            item = ctx.draw(f"the item stolen from {target}, among", sorted(set(victim.items)))
            victim.items.remove(item)
            if item == SOBERING_ITEM:
                ctx.memo.setdefault("alcohol_stolen", set()).add(target)
            others = len(thieves) - 1
            for action in thieves:
                ctx.done(action, item)
                ctx.result(action, item, target=target)
                ctx.record(action, took_place=True)
                ctx.notify(action.actor, "steal.done", target=target, item=item, others=others)
                if others:
                    ctx.notify(action.actor, "steal.others", item=item, thieves=len(thieves))
            ctx.notify(target, "steal.victim", item=item)
            if others:
                ctx.notify(target, "steal.thieves", item=item, thieves=len(thieves))

    @staticmethod
    def _one_per_ally(ctx: Context, thieves: list[Action]) -> list[Action]:
        """Cover: "In case Akemi is covered, Calvados has to use steal on a different target than
        Akemi. They can't steal both from the same target on the same night." """
        kept = []
        for action in thieves:
            loan = next(
                (
                    ln for ln in ctx.state.ext.loans
                    if action.slot == "lent:cover" and ln.kind == "cover"
                    and ln.holder == action.actor and ln.phase == ctx.phase.index
                ),
                None,
            )  # fmt: skip
            if loan and any(t.actor == loan.source for t in thieves):
                ctx.fail(action, "same_target")
            else:
                kept.append(action)
        return kept


@register
class BowTie(Ability):
    """ "Bow-tie: Can lend it to anyone for a night except for himself (and it is returned at
    the end of the night)." "Neither the recipient of Watch or bow-tie nor Agasa learn each
    other's identity". "he may include (ordered) alternatives in case the one he chose gets
    lynched/etc." "Agasa starts on Night 1 being able to use his gadgets" (so he may lend in
    Prep for Night 1).
    """

    name = "bow_tie"
    step = Step.OTHER
    self_target = False
    # "Interrogate OR Investigate 3" (2011); classic: "Interrogate or Investigate 5".
    investigations = 3
    # Classic: "If the recipient of the Bow-tie has a normal interrogate or investigate due to
    # his/her role, he can't use both that interrogate/investigate and the normal one" (2011:
    # "he can use both"): the two share one slot (``shares_slot_with``).
    one_slot = False

    def shares_slot_with(self, lent_key: str, held_key: str, held: Order) -> bool:
        """Whether an order in the bow-tie's slot and one in another slot of its holder are
        one choice (a later one replaces the other)."""
        return (
            self.one_slot
            and lent_key == f"{LENT}{self.name}"
            and not held_key.startswith(LENT)
            and held.ability in BOW_TIE_CHOICES
        )

    grants_until = 0  # lent in Prep only

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        if state.phase.index != 0:
            return None  # lent in Prep only: no sheet to read after it
        sheet = state.ruleset.role(state.players[player].role)
        if self.name in sheet.abilities():
            return Slot((AbilityUse(self.name),), PREP)
        return None

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if order.actor in order.targets:
            return say("dctp_refusal.bow_tie_self")
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        lend_for_next_night(ctx, actions, "bow_tie")
