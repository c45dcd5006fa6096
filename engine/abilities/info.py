"""Information abilities: they learn from what happened, so they report after every step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import Ability, register
from engine.outcome import Result
from engine.rules.base import Step

if TYPE_CHECKING:
    from engine.context import Action, Context
    from engine.orders.model import Order, Query
    from engine.rules.base import AbilityUse
    from engine.state import GameState


def query_is_true(ctx: Context, query: Query) -> bool:
    """Whether a same-phase query holds.

    "He may investigate killings and attacks. If the killing was interrupted by protection,
    healing or first aid then the investigation will still be true"; "If a discombobulated
    action is investigated, then the action will be shown as 'false'"; "If the player was
    killed, the action wasn't done"; "Even if a protection or heal wasn't necessary, as long as
    the player did the order ... it will come out as 'True'".
    """
    if query.keyword == "disguise":
        return ctx.player(query.subject).disguise == query.obj
    keyword = ctx.ruleset.keyword(query.keyword)
    return any(
        r.took_place
        and r.actor == query.subject
        and ctx.ruleset.keyword(r.ability) == keyword
        and query.obj in r.targets
        for r in ctx.records
    )


@register
class Investigate(Ability):
    """ "The player can Investigate a certain number of actions '#'. He can only Investigate
    the actions that are happening in the same night he's Investigating."
    """

    name = "investigate"
    step = Step.OTHER
    needs_free_target = False  # queries may name the dead

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.queries:
            return "name what to investigate, e.g. 'Investigate Jd- heals Parkur'"
        if len(order.queries) > use.count:
            return f"you may investigate {use.count} action(s) a night, not {len(order.queries)}"
        return None

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        return [
            Result(action.actor, self.name, "failed", query=q.text(), reason=reason)
            for q in action.order.queries
        ]

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        subjects = tuple(dict.fromkeys(q.subject for q in action.order.queries))
        ctx.record(action, took_place=True, targets=subjects)

    def report(self, ctx: Context, action: Action) -> None:
        for query in action.order.queries:
            answer = query_is_true(ctx, query)
            ctx.results.append(Result(action.actor, self.name, answer, query=query.text()))
            ctx.notify(action.actor, "investigate.result", query=query.text(), answer=answer)
