"""What every player has: Vote (a Daylight ability) and Letter (a Midnight ability).

"Letter (a Midnight ability) — during the Night, you can send an anonymous message to a player,
or to the entire Town. If one target, including the Town, got more than three letters in one
Night, the instead of the messages it only learns "you have been spammed"."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import register
from engine.midnight.abilities.base import MidnightAbility
from engine.midnight.council import BALLOTS, PEACE
from engine.rules.base import Step

if TYPE_CHECKING:
    from engine.context import Action, Context
    from engine.orders.model import Order
    from engine.state import GameState

TOWN = "town"


@register(family="midnight")
class Vote(MidnightAbility):
    """ "you can publicly vote for a player, or for "peace"" (counted by the Council)."""

    name = "vote"
    step = Step.COUNCIL

    def resolve(self, ctx: Context, action: Action) -> None:
        choice = PEACE if action.order.choice == PEACE else action.target or ""
        ctx.memo.setdefault(BALLOTS, {})[action.actor] = choice
        ctx.done(action)
        ctx.result(action, "done", target=choice)


@register(family="midnight")
class Letter(MidnightAbility):
    name = "letter"
    step = Step.MESSAGES

    def check(self, state: GameState, order: Order) -> str | None:
        if not order.message:
            return "a Letter needs its words: 'Letter to <player or Town>: <text>'"
        if not order.targets and order.choice != TOWN:
            return "a Letter goes to a player or to the Town"
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        sent: list[Action] = []
        for action in actions:
            reason = ctx.unable_reason(action)
            if reason:
                ctx.fail(action, reason, notify=reason not in ("blocked", "dead"))
            else:
                sent.append(action)
        by_target: dict[str, list[Action]] = {}
        for action in sent:
            by_target.setdefault(action.target or TOWN, []).append(action)
        limit = ctx.ruleset.model.spam_limit
        for target, letters in by_target.items():
            spammed = len(letters) > limit
            for action in letters:
                self.took_place(ctx, action)
                ctx.result(action, "spammed" if spammed else "done", target=action.target)
            if target == TOWN:
                if spammed:
                    ctx.announce("midnight.town_spammed")
                for action in () if spammed else letters:
                    ctx.announce("midnight.town_letter", text=action.order.message)
            elif spammed:
                ctx.notify(target, "midnight.spammed")
            else:
                for action in letters:
                    ctx.notify(target, "midnight.letter", text=action.order.message)
