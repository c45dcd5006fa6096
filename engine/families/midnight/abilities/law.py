"""The Law's Midnight roles: Officer, Criminologist, Detective, Cop, Vigilante, Civilian
(midnight-2023, "Midnight Roles")."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.families.midnight import damage, guises
from autogm.engine.families.midnight.abilities.base import MidnightAbility, faction
from autogm.engine.families.midnight.abilities.mafia import Attack, Learn, Weapon, jail
from autogm.engine.families.midnight.model import Modifier, game, mn
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side, Step

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

SHIELDED = "mn_vigil"  # Context.memo: players who take no damage from attacks tonight


@register(family="midnight")
class Revolver(Weapon):
    """Revolver — "during the Night you can attack a target for 1 damage"."""

    name = "revolver"


@register(family="midnight")
class Militia(MidnightAbility):
    """Militia (H) — "once per game during the Night you can choose a target other than
    yourself. The target learns this and gains Revolver.\""""

    name = "militia"
    self_target = False

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        if "revolver" not in mn(ctx.player(target)).granted:
            mn(ctx.player(target)).granted.append("revolver")
        ctx.notify(target, "midnight.gained", ability="revolver")
        self.took_place(ctx, action)
        ctx.result(action, "done", target=target)


@register(family="midnight")
class Testimony(Learn):
    """Testimony — "during the Night, you can learn a target's Guise twice"."""

    name = "testimony"
    times = 2


@register(family="midnight")
class Autopsy(MidnightAbility):
    """Autopsy — "unless you use Testimony, you can learn the Midnight role of a dead
    player"."""

    name = "autopsy"
    needs_free_target = False
    needs_dead_target = True

    def resolve(self, ctx: Context, action: Action) -> None:
        self.learn_role(ctx, action)


@register(family="midnight")
class Sweep(MidnightAbility):
    """Sweep — "choose a target and a Guise. You learn if the target has the Guise"."""

    name = "sweep"
    needs_guise = 1
    reaches_dead_now = True

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)

    def report(self, ctx: Context, action: Action) -> None:
        guise = action.order.roles[0]
        has = guises.seen(ctx, action.actor, action.target or "")[guise] > 0
        ctx.result(action, has, target=action.target)
        ctx.notify(
            action.actor, "midnight.sweep_yes" if has else "midnight.sweep_no",
            target=action.target, guise=guise,
        )  # fmt: skip


@register(family="midnight")
class Clues(MidnightAbility):
    """Clues — "during the Day you can choose a player who died last Night and learn the names
    of all abilities that were played on the target or dealt damage to it.\""""

    name = "clues"
    needs_free_target = False
    needs_dead_target = True

    def check(self, state: GameState, order: Order) -> str | None:
        fate = state.players[order.targets[0]].fate
        if fate is None or fate.phase.index != state.phase.index - 1:
            return say("midnight_refusal.not_died", target=order.targets[0])
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        target, night = action.target or "", ctx.phase.index - 1
        titles = sorted(
            {
                ctx.ruleset.title(r.ability)
                for r in ctx.state.history
                if r.phase.index == night and r.took_place and target in r.targets
            }
        )
        ctx.result(action, titles, target=target)
        ctx.notify(
            action.actor, "midnight.clues", target=target,
            abilities=", ".join(titles) or say("midnight_words.no_abilities"),
        )  # fmt: skip


@register(family="midnight")
class Detain(MidnightAbility):
    """Detain — "put a target in Jail for the next Day and Night. Cannot be used on the same
    target twice.\""""

    name = "detain"
    step = Step.JAIL

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        jailed = jail(ctx, action.target or "", 2)
        ctx.result(action, "jailed" if jailed else "not_jailed", target=action.target)


@register(family="midnight")
class Punish(Attack):
    """Punish — "during the Night, except in the first one, you can choose a target and name
    its Midnight role. If you guess, or if the target is Law, attack it for 2 damage\""""

    name = "punish"
    amount = 2
    needs_role = True

    def lands(self, ctx: Context, action: Action) -> bool:
        target = action.target or ""
        return super().lands(ctx, action) or faction(ctx.state, target) == Side.LAW.value


@register(family="midnight")
class Vigil(MidnightAbility):
    """Vigil (H) — "The target doesn't take damage from attacks this Night. Cannot be used on
    the same target twice.\""""

    name = "vigil"
    step = Step.PROTECT

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.memo.setdefault(SHIELDED, set()).add(action.target)
        self.took_place_done(ctx, action)


def _vigil(ctx: Context, hit: damage.Hit) -> str | None:
    return "vigil" if hit.attack and hit.target in ctx.memo.get(SHIELDED, ()) else None


damage.FILTERS.append(_vigil)


@register(family="midnight")
class Assist(MidnightAbility):
    """Assist (H) — "during the Day you can covertly add +3 Guises to a target that correspond
    to its Midnight role\""""

    name = "assist"
    step = Step.GUISES

    def resolve(self, ctx: Context, action: Action) -> None:
        target = ctx.player(action.target or "")
        mn(target).guises[target.role] += 3
        self.took_place_done(ctx, action)


@register(family="midnight")
class JuryDuty(MidnightAbility):
    """Jury duty — "during the Night you can choose a target. Next day it covertly gets 1 vote
    against itself\""""

    name = "jury_duty"

    def resolve(self, ctx: Context, action: Action) -> None:
        day = ctx.phase.index + 1
        game(ctx.state).modifiers.append(
            Modifier(day, action.target or "", Fraction(1), self.name, public=False)
        )
        self.took_place_done(ctx, action)


@register(family="midnight")
class Expose(MidnightAbility):
    """Expose — "choose a target and name a non-Law Midnight role. If you guess correctly, and
    the target has 10 or more Guises corresponding to its Midnight role, everybody publicly
    learns its role\""""

    name = "expose"
    needs_role = True
    reaches_dead_now = True

    def check(self, state: GameState, order: Order) -> str | None:
        if state.ruleset.role(order.role or "").side is Side.LAW:
            return say(
                "midnight_refusal.expose_law",
                ability=state.ruleset.title(self.name),
                role=order.role,
            )
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)

    def report(self, ctx: Context, action: Action) -> None:
        target = ctx.player(action.target or "")
        right = target.role == action.order.role
        enough = guises.seen(ctx, action.actor, target.name)[target.role] >= 10
        if right and enough:
            ctx.result(action, "exposed", target=target.name)
            ctx.announce("midnight.exposed", player=target.name, role=target.role)
        else:
            ctx.result(action, "not_exposed", target=target.name)
            ctx.notify(action.actor, "midnight.not_exposed", target=target.name)
