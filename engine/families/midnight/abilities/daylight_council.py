"""The Daylight (open) roles' abilities in the Council: voting power, votes added, the vote
bank, and a voted-out player spared (midnight-2023, "Open Roles").

"During the Day (the "Council") you can publicly vote for a player, or for "peace". At the end
of the Day, the player with most votes dies." Every count is a Fraction (Despotism +0.5).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.families.midnight import council, hooks
from autogm.engine.families.midnight.abilities.base import TARGET_RULES
from autogm.engine.families.midnight.abilities.daylight import Gainable
from autogm.engine.families.midnight.council import BALLOTS, SPENT
from autogm.engine.families.midnight.life import holds, keeps, line_of
from autogm.engine.families.midnight.model import Modifier, game, mn
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Step
from autogm.engine.state import Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState


# -- voting power: Honcho, Politician, Ambassador ------------------------------------------


def _authority(state: GameState, voter: str) -> Fraction:
    """Authority — "+1 to voting power (his vote counts as two)"."""
    return Fraction(1) if keeps(state, voter, "authority") else Fraction(0)


def _despotism(state: GameState, voter: str) -> Fraction:
    """Despotism — "+0.5 to voting power"."""
    return Fraction(1, 2) if keeps(state, voter, "despotism") else Fraction(0)


def _negotiation(state: GameState, voter: str) -> Fraction:
    """Negotiation — "+3 to voting power. At the end of each day this bonus goes down by 1,
    down to 0"."""
    if keeps(state, voter, "negotiation"):
        return Fraction(mn(state.players[voter]).negotiation)
    return Fraction(0)


def _day_ends(ctx: Context) -> None:
    """End of a Day: Negotiation goes down by 1; a Tattletale who did not vote saves the vote
    (Blackmail material (J) — "if you don't vote, you save your vote")."""
    if not ctx.phase.is_day:
        return
    voted = ctx.memo.get(BALLOTS, {})
    for name, p in ctx.state.players.items():
        if p.status is Status.DEAD:
            continue
        ext = mn(p)
        if holds(ctx.state, name, "negotiation") and ext.negotiation > 0:
            ext.negotiation -= 1
        if name not in voted and keeps(ctx.state, name, "blackmail_material", ctx.memo):
            ext.saved_votes += 1
            ctx.notify(name, "midnight.vote_saved", saved=ext.saved_votes)


# -- votes added: Prosecutor, Rebel ---------------------------------------------------------


class AddVotes(Gainable):
    """Votes added against a target at a Council: ``amount`` at the Day ``days_ahead`` Days
    from this one."""

    step = Step.COUNCIL
    amount = Fraction(0)
    days_ahead = 0

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        target = action.target or ""
        day = ctx.phase.index + 2 * self.days_ahead
        game(ctx.state).modifiers.append(Modifier(day, target, self.amount, self.name))
        ctx.result(action, "done", target=target)
        ctx.announce(
            f"midnight.{self.name}", player=action.actor, target=target,
            votes=council.number(self.amount),
        )  # fmt: skip


@register(family="midnight")
class Accuse(AddVotes):
    """Accuse — "once per game during the day can publicly add three votes against one
    character"."""

    name = "accuse"
    amount = Fraction(3)


@register(family="midnight")
class Revolt(AddVotes):
    """Revolt — "during the Day you can publicly pick a player. Next Day, he gets +1.5 votes
    against himself"."""

    name = "revolt"
    amount = Fraction(3, 2)
    days_ahead = 1


# -- Millionaire ----------------------------------------------------------------------------


def _vip_target(state: GameState, order: Order, target: str) -> str | None:
    """VIP (J) — "cannot be targeted by Daylight abilities other than Vote"."""
    line = line_of(state, order.actor, order.ability)
    daylight = line is not None and not line.midnight and order.ability != "vote"
    if daylight and target != order.actor and keeps(state, target, "vip"):
        title = state.ruleset.title(order.ability)
        return say("midnight_refusal.vip", target=target, ability=title)
    return None


def _vip_cap(state: GameState, voter: str, target: str, power: Fraction) -> Fraction:
    """VIP (J) — "characters with increased voting power only vote against you with one
    vote"."""
    if target in state.players and power > 1 and keeps(state, target, "vip"):
        return Fraction(1)
    return power


# -- Tattletale -----------------------------------------------------------------------------


@register(family="midnight")
class BlackmailMaterial(Gainable):
    """Blackmail material (J) — "you can spend saved votes during the Day to augment your
    voting power" (the saving is ``_day_ends``)."""

    name = "blackmail_material"
    step = Step.COUNCIL
    targets = 0
    counts = True  # "Blackmail material 2": how many saved votes to spend

    def check(self, state: GameState, order: Order) -> str | None:
        wanted = int(order.choice) if (order.choice or "").isdigit() else 0
        saved = mn(state.players[order.actor]).saved_votes
        if wanted < 1:
            return say("refusal.blackmail_count")
        if wanted > saved:
            return say("midnight_refusal.saved_votes", saved=saved, wanted=wanted)
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        ctx.memo.setdefault(SPENT, {})[action.actor] = int(action.order.choice or 0)

    def report(self, ctx: Context, action: Action) -> None:
        # Spent only on a vote cast ("to augment your voting power"); else they stay saved.
        spent = ctx.memo[SPENT][action.actor]
        ext = mn(ctx.player(action.actor))
        if action.actor in ctx.memo.get(BALLOTS, {}):
            ext.saved_votes -= spent
            ctx.result(action, f"spent:{spent}")
        else:
            ctx.result(action, "not_spent")
        ctx.notify(
            action.actor,
            "midnight.votes_spent"
            if action.actor in ctx.memo.get(BALLOTS, {})
            else "midnight.votes_not_spent",
            spent=spent,
            saved=ext.saved_votes,
        )


# -- Lawyer ---------------------------------------------------------------------------------


def _absolve(ctx: Context, name: str) -> bool:
    """Absolve — "once per game, if you are voted out, the Council is cancelled"."""
    ext = mn(ctx.player(name))
    if "absolve" in ext.used_on or not keeps(ctx.state, name, "absolve", ctx.memo):
        return False
    ext.used_on["absolve"] = []
    ctx.announce("midnight.absolved", player=name)
    ctx.results.append(Result(name, "absolve", "saved", target=name))
    return True


council.POWER += [_authority, _despotism, _negotiation]
council.CAPS.append(_vip_cap)
# Absolve cancels the whole Council: tried before any save of the voted-out player alone.
council.VOTED_OUT.insert(0, _absolve)
TARGET_RULES.append(_vip_target)
hooks.PHASE_END.append(_day_ends)
