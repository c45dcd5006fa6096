"""Discombobulate: stop a player's night actions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp.attacks import bribe_shield
from autogm.engine.rules.base import Step
from autogm.engine.state import ABROAD, FRIGHTENED, IN_FLIGHT

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context

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
        shield = bribe_shield(ctx)
        for action in _on_reachable_targets(ctx, actions):
            if action.target in shield:
                # Bribe: "If a player attempts to ... discombobulate the killer, their action
                # will fail as if discombobulated."
                ctx.fail(action, "discombobulated")
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
                ctx.notify(
                    action.actor, "discombobulate.done", ability=self.name, target=action.target
                )
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


def _reachable_for_control(ctx: Context, target: str) -> bool:
    """ "Discombobulate and Frighten are the only normal actions that will have an effect" on a
    traveler abroad; "While on the plane, he can't be discombobulated or frightened"."""
    p = ctx.player(target)
    if p.has(ABROAD, ctx.phase) and not p.has(IN_FLIGHT, ctx.phase):
        return p.is_free
    # A traveler leaving Japan this phase (Context.departing) can still be stopped.
    return ctx.is_reachable(target) or (target in ctx.departing and p.is_free)


@register
class Frighten(Ability):
    """ "Night action, Crime, can't be covered." "The Frightened player can't use his ability
    the next day. He also can't vote the next day." "The Frightened player won't know that he
    got Frightened. ... He doesn't get a notice that his Vote didn't work." "If he used a Day
    action, then the GM will PM him that his actions failed." "Protect used on that day can be
    frightened. If the player planed to use travel on that day, the traveling will fail too."
    "Arrest can't be frightened."

    The next day, ``Context.unable`` stops every ability of the frightened player whose
    ``frightenable`` flag is set (all but Arrest, Detention, Pinch Face).
    """

    name = "frighten"
    step = Step.DISCOMBOBULATION
    self_target = False

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        for action in _on_reachable_targets(ctx, actions):
            target = action.target or ""
            ctx.player(target).conditions[FRIGHTENED] = ctx.phase.index + 1
            ctx.done(action)
            ctx.result(action, "done", target=target)
            ctx.record(action, took_place=True)
            ctx.notify(action.actor, "frighten.done", target=target)


def _on_reachable_targets(ctx: Context, actions: list[Action]) -> Iterator[Action]:
    """The tricks and frights that can land: able actors, targets reachable by them."""
    for action in ctx.able(actions):
        if _reachable_for_control(ctx, action.target or ""):
            yield action
        else:
            ctx.fail(action, "target_unavailable")
