"""The Neutral Midnight role Psycho (midnight-2023, "Psycho (N) / Psycho(1)").

Double Life (H,J) is instant; Stalk, Assault and Bloodbath are Night actions; Slippery
bastard, Public Enemy and Last Man Standing are passive rules hooked into the Council, the
factions' wins and the Neutral wins.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.families.midnight import council, guises, hooks
from autogm.engine.families.midnight.abilities.base import MidnightAbility
from autogm.engine.families.midnight.abilities.mafia import Attack, Learn
from autogm.engine.families.midnight.model import mn
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Step
from autogm.engine.state import Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState, PlayerState


def holds(state: GameState, p: PlayerState, ability: str) -> bool:
    """Whether the player's Midnight role has this line and they are not dead (the Psycho's
    passive lines are H and J, not D: "Dead — all abilities are disabled")."""
    return p.status is Status.ALIVE and state.ruleset.ext.line(p.role, ability) is not None


@register(family="midnight")
class DoubleLife(MidnightAbility):
    """Double Life (H,J) — "you can instantly change you Guises to anything you want. If any
    ability learns you Guise, you learn what Guise it was"."""

    name = "double_life"
    step = Step.GUISES
    targets = 0
    names_guises = True
    instant = True

    def check(self, state: GameState, order: Order) -> str | None:
        if not order.roles:
            return say("refusal.double_life_guises")
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        chosen = Counter(action.order.roles)
        mn(ctx.player(action.actor)).guises = chosen
        self.took_place(ctx, action)
        ctx.result(action, "done")
        ctx.notify(action.actor, "midnight.double_life", guises=guises.written(chosen))


def _learned(ctx: Context, viewer: str, target: str, guise: str) -> None:
    """ "If any ability learns you Guise, you learn what Guise it was" (not whose ability)."""
    p = ctx.player(target)
    if viewer != target and holds(ctx.state, p, "double_life"):
        ctx.notify(target, "midnight.guise_learned", guise=guise)


guises.ON_LEARNED.append(_learned)


@register(family="midnight")
class Stalk(Learn):
    """Stalk (H,J) — "during the Night you can learn a target's Guise"."""

    name = "stalk"


@register(family="midnight")
class Assault(Attack):
    """Assault (H,J,B) — "during the Night, except the first one, you can attack a target for
    1 damage"."""

    name = "assault"


@register(family="midnight")
class Bloodbath(Attack):
    """Bloodbath (H,J,B) — "unless you use Assault, you can choose a target and name its
    Midnight role. If you guess correctly, deal 2 damage to it (does not count as an
    attack)"."""

    name = "bloodbath"
    amount = 2
    needs_role = True
    counts_as_attack = False


def slippery_bastard(ctx: Context, ledger: council.Ledger) -> None:
    """Slippery bastard (H,J) — "every Day Psycho loses two votes against himself, and another
    0.5 votes for each dead player" (the dead counted when the Council counts)."""
    state = ctx.state
    dead = sum(1 for p in state.players.values() if p.status is Status.DEAD)
    for name, p in state.players.items():
        if holds(state, p, "slippery_bastard"):
            ledger.modify(name, -(2 + Fraction(dead, 2)), "slippery_bastard")


council.COUNTING.append(slippery_bastard)


def public_enemy(state: GameState, faction: str) -> bool:
    """Public Enemy (H,J) — "Law and Mafia can't win" (while the Psycho is not dead)."""
    return any(holds(state, p, "public_enemy") for p in state.players.values())


hooks.VETOES.append(public_enemy)


def last_man_standing(state: GameState) -> tuple[str, tuple[str, ...]] | None:
    """Last Man Standing (H,J) — "if you're the only player alive, you win"."""
    living = [n for n, p in state.players.items() if p.status is Status.ALIVE]
    if len(living) == 1 and holds(state, state.players[living[0]], "last_man_standing"):
        return state.players[living[0]].role, (living[0],)
    return None


hooks.NEUTRAL_WINS.append(last_man_standing)
