"""Settling the night's attacks by the order of healing, then applying the deaths.

"if more than one protection or healing is performed on a target that is attacked, the one
with the highest priority will succeed as all others fail" and "In the event the action with the
highest priority was hindered (via discombobulation or a similar action), the healing action
with the next highest priority will succeed in its place."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.kill import note_kill_cycle
from engine.context import PENDING, Action, Attack
from engine.outcome import Result
from engine.state import Status

if TYPE_CHECKING:
    from engine.context import Context


def _savers(ctx: Context, attack: Attack) -> list[Action]:
    """Protections on the attacked player that can act, highest in the order of healing first.

    "Abilities that protect and heal only prevent the death of those that are named and
    targeted directly."
    """
    order = ctx.ruleset.order_of_healing
    found = [
        a
        for a in ctx.actions
        if a.ability.name in order
        and a.state == PENDING
        and a.target == attack.target
        and ctx.unable_reason(a) is None
        and a.ability.saves(ctx, a, attack)  # type: ignore[attr-defined]
    ]
    return sorted(found, key=lambda a: order.index(a.ability.name))


def settle_attacks(ctx: Context) -> None:
    deaths: list[Attack] = []
    for attack in ctx.attacks:
        if attack.outcome:
            continue
        savers = _savers(ctx, attack)
        if savers:
            attack.outcome = "saved"
            savers[0].ability.on_save(ctx, savers[0], attack)  # type: ignore[attr-defined]
        else:
            attack.outcome = "killed"
            deaths.append(attack)
    # Deaths are applied after every attack is decided, so a protector killed tonight still
    # protected: the night's actions happen at once.
    for attack in deaths:
        if ctx.player(attack.target).status is not Status.DEAD:
            ctx.remove(attack.target, Status.DEAD, "killed")
    for attack in ctx.attacks:
        _close_attack(ctx, attack)


def _close_attack(ctx: Context, attack: Attack) -> None:
    action = attack.action
    killed = attack.outcome == "killed"
    if action is not None and action.state == PENDING:
        ctx.done(action, attack.outcome)
        ctx.results.append(
            Result(attack.attacker, attack.kind, attack.outcome, target=attack.target)
        )
        ctx.record(action, took_place=True, actor=attack.attacker, succeeded=killed)
        # A saved attack is reported by the protection that saved it ("the attacker is
        # informed that healing or protecting was in effect").
        if killed:
            ctx.notify(attack.attacker, "kill.done", target=attack.target)
            if action.actor != attack.attacker:
                ctx.notify(action.actor, "kill.done", target=attack.target)
    if attack.kind == "kill":
        note_kill_cycle(ctx.state, attack.attacker, killed)
