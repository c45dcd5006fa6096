"""Discombobulate: stop a player's night actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import Ability, register
from engine.rules.base import Step

if TYPE_CHECKING:
    from engine.context import Action, Context

EFFECTIVE, STOPPED = "effective", "stopped"


@register
class Discombobulate(Ability):
    """ "People that were discombobulated will fail with their night action on the same night."
    "May NOT discombobulate themselves, because it will discombobulate the GM."
    """

    name = "discombobulate"
    step = Step.DISCOMBOBULATION
    self_target = False

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        live: list[Action] = []
        for action in actions:
            reason = ctx.unable_reason(action)
            if reason:
                ctx.fail(action, reason)
            elif not ctx.is_reachable(action.target or ""):
                ctx.fail(action, "target_unavailable")
            else:
                live.append(action)
        verdict = settle_tricks(live)
        for action in live:
            if verdict[id(action)] == EFFECTIVE:
                ctx.blocked.add(action.target or "")
        # "If two users trick each other, all actions fail": a trick caught in a cycle stops
        # its own actor as well.
        ctx.blocked.update(a.actor for a in live if verdict[id(a)] == STOPPED)
        for action in live:
            if verdict[id(action)] == EFFECTIVE:
                ctx.done(action)
                ctx.result(action, "done", target=action.target)
                ctx.record(action, took_place=True)
                ctx.notify(action.actor, "discombobulate.done", target=action.target)
            else:
                ctx.fail(action, "discombobulated")


def settle_tricks(tricks: list[Action]) -> dict[int, str]:
    """Which tricks work: a trick works unless a working trick targets its actor.

    "If A tricks B and B tricks C, A is successful, B isn't, and C's actions go through as
    normal." Tricks left undecided stand in a cycle (A tricks B, B tricks A): all fail.
    """
    verdict: dict[int, str] = {}
    incoming: dict[str, list[Action]] = {}
    for trick in tricks:
        incoming.setdefault(trick.target or "", []).append(trick)
    changed = True
    while changed:
        changed = False
        for trick in tricks:
            if id(trick) in verdict:
                continue
            against = incoming.get(trick.actor, [])
            if any(verdict.get(id(t)) == EFFECTIVE for t in against):
                verdict[id(trick)] = STOPPED
                changed = True
            elif all(verdict.get(id(t)) == STOPPED for t in against):
                verdict[id(trick)] = EFFECTIVE
                changed = True
    for trick in tricks:
        verdict.setdefault(id(trick), STOPPED)
    return verdict
