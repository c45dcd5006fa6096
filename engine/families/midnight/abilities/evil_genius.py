"""The Neutral Midnight role Evil Genius (midnight-2023, "Evil Genius (N)").

Plans are counted on the player (``Midnighter.plans``); "You always know how many plans you
have": every gain is told with the new count. Abduct hooks into the save from death, Propaganda
into the Council's victim, DDD into the end of the Day.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.families.midnight import council, damage, hooks
from autogm.engine.families.midnight.abilities.base import MidnightAbility
from autogm.engine.families.midnight.abilities.mafia import Block, jail
from autogm.engine.families.midnight.abilities.psycho import holds
from autogm.engine.families.midnight.model import game, mn
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Step

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

ABDUCTED = "mn_abducted"  # Context.memo: target -> the Evil Genius who abducted it tonight
SAVED = "mn_abduct_saved"  # Context.memo: the targets Abduct kept alive tonight
DDD_PLANS = 8


def gain_plans(ctx: Context, genius: str, count: int, key: str, **params: object) -> None:
    ext = mn(ctx.player(genius))
    ext.plans += count
    ctx.notify(genius, key, plans=ext.plans, **params)


def master_plan(ctx: Context) -> None:
    """Master Plan (H,J) — "You always know how many plans you have. At the end of each Night,
    you gain 1 plan.\""""
    if not ctx.phase.is_night:
        return
    for name, p in ctx.state.players.items():
        if holds(ctx.state, p, "master_plan"):
            gain_plans(ctx, name, 1, "midnight.master_plan")


@register(family="midnight")
class Abduct(MidnightAbility):
    """Abduct (H) — "during the Night, you can choose a target. If the target should have died
    by the end of the Night, it stays alive with 1 HP instead, and you gain 2 plans. Cannot be
    used on the same target twice.\""""

    name = "abduct"
    step = Step.PROTECT

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.memo.setdefault(ABDUCTED, {})[action.target] = action.actor
        self.took_place(ctx, action)

    def report(self, ctx: Context, action: Action) -> None:
        saved = action.target in ctx.memo.get(SAVED, ())
        ctx.result(action, "saved" if saved else "done", target=action.target)


def _abduct_spares(ctx: Context, name: str) -> bool:
    # "should have died by the end of the Night": of the Night's damage (not Bust's deaths "at
    # the start of the Day").
    genius = ctx.memo.get(ABDUCTED, {}).get(name)
    if genius is None or not ctx.memo.get(damage.SETTLING):
        return False
    mn(ctx.player(name)).hp = 1
    ctx.memo.setdefault(SAVED, set()).add(name)
    ctx.notify(name, "midnight.abduct_saved_you", essential=True)
    gain_plans(ctx, genius, 2, "midnight.abduct_saved", target=name)
    return True


# First among the saves: where Abduct keeps a player alive, a once-per-game save ("instead of
# dying") is not spent (docs/rulings.md).
damage.SPARE.insert(0, _abduct_spares)


@register(family="midnight")
class Propaganda(MidnightAbility):
    """Propaganda (H) — "unless you use Abduct, you can choose a target. If the target gets
    voted out next Day, the Council is cancelled and you gain 1 plans. Cannot be used on the
    same target twice.\""""

    name = "propaganda"

    def resolve(self, ctx: Context, action: Action) -> None:
        day = ctx.phase.index + 1
        game(ctx.state).propaganda.append((day, action.target or "", action.actor))
        self.took_place_done(ctx, action)


def _propaganda_cancels(ctx: Context, voted_out: str) -> bool:
    today = ctx.phase.index
    found = [g for day, t, g in game(ctx.state).propaganda if day == today and t == voted_out]
    if not found:
        return False
    ctx.announce("midnight.council_cancelled", player=voted_out)
    for genius in found:
        ctx.results.append(Result(genius, "propaganda", "saved", target=voted_out))
        gain_plans(ctx, genius, 1, "midnight.propaganda_plan", target=voted_out)
    return True


council.CANCELS.append(_propaganda_cancels)


@register(family="midnight")
class Whistleblower(MidnightAbility):
    """Whistleblower (H,J) — "unless you use Abduct or Propaganda, you can choose a living
    target other than yourself and name its Midnight role. If you guess correctly, you gain 1
    plan. Cannot be used on the same target twice. Cannot name the same role twice.\""""

    name = "whistleblower"
    needs_role = True
    self_target = False

    def check(self, state: GameState, order: Order) -> str | None:
        if order.role in mn(state.players[order.actor]).named.get(self.name, ()):
            return say(
                "midnight_refusal.whistleblower_twice",
                ability=state.ruleset.title(self.name),
                role=order.role,
            )
        return None

    def used(self, ctx: Context, action: Action) -> None:
        super().used(ctx, action)
        mn(ctx.player(action.actor)).named.setdefault(self.name, []).append(action.order.role or "")

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        if not self.guessed(ctx, action):
            return
        target = action.target or ""
        ctx.result(action, "right", target=target)
        gain_plans(ctx, action.actor, 1, "midnight.whistleblower_right", target=target)


@register(family="midnight")
class Brainwash(Block):
    """Brainwash (H,J) — "during the Night, you can block a target. Cannot be used on the same
    target twice." Not marked B: a block of the Evil Genius stops it (after the unblockable
    blocks)."""

    name = "brainwash"
    step = Step.BLOCKABLE_BLOCK


@register(family="midnight")
class Bribe(MidnightAbility):
    """Bribe (H) — "once per game, unless you use Brainwash, you can put a target in Jail for
    the next Day and Night\""""

    name = "bribe"
    step = Step.JAIL

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        jail(ctx, action.target or "", 2)
        ctx.result(action, "jailed", target=action.target)


def ddd(ctx: Context) -> None:
    """DDD (H,J) — "if at the end of the Day you have at least 8 plans, you and you alone
    win"."""
    state = ctx.state
    if not ctx.phase.is_day or state.winner:
        return
    for name, p in state.players.items():
        if holds(state, p, "ddd") and mn(p).plans >= DDD_PLANS:
            state.winner, state.winners = p.role, (name,)
            return


def plans_to_come(state: GameState) -> bool:
    """A player gains a plan every Night and wins by DDD at 8: while one holds both lines (not
    dead), his win is on its way, and the game is no stalemate."""
    return any(
        holds(state, p, "master_plan") and holds(state, p, "ddd") for p in state.players.values()
    )


hooks.AT_END.extend((master_plan, ddd))
hooks.WINS_TO_COME.append(plans_to_come)
