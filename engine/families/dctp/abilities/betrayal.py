"""Kir's Betrayal: one Black Organization activity of the night, learned without an order."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from autogm.engine.ability import register
from autogm.engine.families.dctp.abilities.informative import Informative
from autogm.engine.outcome import Result
from autogm.engine.rules.base import Side

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context


# "She randomly gets to know one activity of the BO that was done on that night." The list of
# the text: what Kir learns of each; covered, disguised and Black Suitcase actions and Blame are
# not in it.
BETRAYAL_SEES = frozenset(
    {
        "kill", "snipe", "slander", "investigate", "special_investigate", "erase", "detect",
        "spy", "discombobulate", "frighten", "poison", "bribe", "steal", "observe", "stake_out",
    }
)  # fmt: skip


@register
class Betrayal(Informative):
    """ "Kir doesn't need to PM the GM to use this action, but it can be discombobulated." "If
    Kir gets discombobulated but doesn't actually send anything in, she would still know her
    action failed because of Betrayal." (``passive``: the engine adds it every night.)
    """

    name = "betrayal"
    needs_free_target = False
    targets = 0
    passive: ClassVar[bool] = True

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)

    def report(self, ctx: Context, action: Action) -> None:
        seen: dict[str, Action] = {}
        for other in ctx.actions:
            if (
                other.state != "done"
                or other.ability.name not in BETRAYAL_SEES
                or other.slot.startswith(("lent:", "disguise", "friend"))
            ):
                continue
            actor = other.order.killer or other.actor
            if ctx.state.side(actor) is not Side.BLACK_ORG:
                continue
            seen[f"{len(seen) + 1:02d} {ctx.player(actor).role} {other.ability.name}"] = other
        if not seen:
            ctx.results.append(Result(action.actor, self.name, "none"))
            ctx.notify(action.actor, "betrayal.none")
            return
        label = ctx.draw("the Black Org activity Kir learns, among", list(seen))
        other = seen[label]
        actor = other.order.killer or other.actor
        role = ctx.player(actor).role
        keyword = ctx.ruleset.ext.keyword(other.ability.name)
        ctx.results.append(Result(action.actor, self.name, keyword))
        if other.ability.name == "poison":
            ctx.notify(action.actor, "betrayal.poison", role=role, target=other.target)
        elif other.ability.name == "erase" and other.target:
            erased = ctx.player(other.target)
            ctx.notify(action.actor, "betrayal.erase", role=role, erased=erased.role)
            if erased.will:
                ctx.notify(action.actor, "betrayal.will", player=other.target, will=erased.will)
        else:
            ctx.notify(action.actor, "betrayal.seen", role=role, ability=other.ability.name)
