"""Settling the night's attacks by the order of healing, then applying the deaths.

"if more than one protection or healing is performed on a target that is attacked, the one
with the highest priority will succeed as all others fail" and "In the event the action with the
highest priority was hindered (via discombobulation or a similar action), the healing action
with the next highest priority will succeed in its place."

The same order decides who saves a player from the lynch (Voice of Reason aside, which stops
the lynch itself) and from an APTX (Lovey-Dovey).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import abilities_for
from engine.abilities.kill import close_attack, erasure
from engine.context import PENDING, Action, Attack
from engine.harm import injure
from engine.orders.model import Order
from engine.state import INJURED, Status

if TYPE_CHECKING:
    from engine.context import Context

LOVEY_DOVEY = "lovey_dovey"
WATCH = "watch"


def healing_order(ctx: Context) -> tuple[str, ...]:
    """The ruleset's order of healing, with Lovey-Dovey placed by option ``lovey_dovey_rank``
    (it is not in the 2011 list; docs/rulings.md)."""
    order = ctx.ruleset.order_of_healing
    if LOVEY_DOVEY in order:
        return order
    rank = ctx.ruleset.option("lovey_dovey_rank")
    if rank == "last":
        return (*order, LOVEY_DOVEY)
    at = order.index("protect") if "protect" in order else len(order)
    return (*order[:at], LOVEY_DOVEY, *order[at:])


def _watch_action(ctx: Context, target: str) -> Action | None:
    """The Tranquilizer Watch as a protection of its holder, the night it is lent for.

    "The wristwatch protects the holder from attacks the night they are in possession of it."
    "Protection from the tranquilizer watch can be discombobulated too."
    """
    watch = ctx.state.watch
    if not watch or ctx.state.watch_broken or not ctx.phase.is_night:
        return None
    holder, _lender, night = watch
    if holder != target or night != ctx.phase.index:
        return None
    for action in ctx.actions:
        if (
            action.ability.name == WATCH
            and action.actor == holder
            and action.order.targets == (holder,)
        ):
            return action if action.state == PENDING else None
    action = Action(Order(holder, WATCH, (holder,)), abilities_for(ctx.ruleset)[WATCH])
    ctx.actions.append(action)
    return action


def savers(ctx: Context, target: str, kind: str) -> list[Action]:
    """Protections of ``target`` against ``kind`` that can act, highest in the order first.

    "Abilities that protect and heal only prevent the death of those that are named and
    targeted directly."
    """
    order = healing_order(ctx)
    found = []
    if kind in {"kill", "snipe", "vest"}:
        _watch_action(ctx, target)  # joins ctx.actions the night it protects
    for a in ctx.actions:
        if (
            a.ability.name in order
            and a.state == PENDING
            and target in a.order.targets
            and ctx.unable_reason(a) is None
            and a.ability.saves(ctx, a, kind)  # type: ignore[attr-defined]
        ):
            found.append(a)
    return sorted(found, key=lambda a: order.index(a.ability.name))


def bypassed(ctx: Context, target: str, kind: str) -> list[Action]:
    """Protections of ``target`` that an attack of ``kind`` goes through (classic: "Sniping
    will bypass any protection"), in the order of healing."""
    order = healing_order(ctx)
    return [
        a
        for a in ctx.actions
        if a.ability.name in order
        and a.state == PENDING
        and target in a.order.targets
        and kind in getattr(a.ability, "bypassed_by", ())
        and ctx.unable_reason(a) is None
    ]


def first_saver(ctx: Context, target: str, kind: str) -> Action | None:
    found = savers(ctx, target, kind)
    return found[0] if found else None


def settle_attacks(ctx: Context) -> None:
    state = ctx.state
    deaths: list[Attack] = []
    for attack in ctx.attacks:
        if attack.outcome:
            continue
        if attack.absolute:
            # Bribe: "If a player attempts to protect the victim or discombobulate the killer,
            # their action will fail as if discombobulated."
            healing = healing_order(ctx)
            for a in ctx.actions:
                if (
                    a.ability.name in healing
                    and a.state == PENDING
                    and attack.target in a.order.targets
                ):
                    ctx.fail(a, "discombobulated")
            attack.outcome = "killed"
            deaths.append(attack)
            continue
        passed = bypassed(ctx, attack.target, attack.kind)
        saver = first_saver(ctx, attack.target, attack.kind)
        if saver is not None:
            attack.outcome = "saved"
            saver.ability.on_save(ctx, saver, attack)  # type: ignore[attr-defined]
        else:
            attack.outcome = "killed"
            deaths.append(attack)
        for action in passed:
            action.ability.on_bypassed(ctx, action, attack)  # type: ignore[attr-defined]
    # Deaths are applied after every attack is decided, so a protector killed tonight still
    # protected: the night's actions happen at once.
    for attack in deaths:
        if attack.kind == "vest":
            continue  # a planted vest kills at the end of the next day (vest.py)
        if ctx.player(attack.target).status is not Status.DEAD:
            eraser = erasure(ctx, attack)
            ctx.remove(attack.target, Status.DEAD, "killed", erased=eraser is not None)
            _vengeance(ctx, attack)
    for attack in ctx.attacks:
        close_attack(ctx, attack)
    # "After the night they receive it, it returns to the player that distributed it."
    if state.watch and ctx.phase.is_night and state.watch[2] <= ctx.phase.index:
        state.watch = None


def _vengeance(ctx: Context, attack: Attack) -> None:
    """Akai's Vengeance: "If killed successfully, he will injure his attacker before he dies.
    If healed or if the kill get's prevented in any way, he won't injure the attacker." "If
    Frightened, he can't vote and can't use this action. Same with discombobulation."
    A sniper is injured too, but only told privately (docs/rulings.md, "Notices of injuries").
    """
    if ctx.ruleset.has("vengeance_by_lynch_only"):
        return
    victim = ctx.player(attack.target)
    sheet = ctx.ruleset.role(victim.role)
    if "vengeance" not in sheet.abilities() or victim.has(INJURED, ctx.phase):
        return
    if attack.target in ctx.blocked:
        return
    attacker = ctx.player(attack.attacker)
    if attacker.status is Status.DEAD or attacker.has(INJURED, ctx.phase):
        return
    injure(ctx, attack.attacker, "vengeance")
    # The text says nothing of a public line for Vengeance, and "X was injured" beside Akai's
    # death names his killer: the GM chooses (docs/rulings.md, "Vengeance").
    shown = ctx.ruleset.option("vengeance_injury_public")
    if attack.kind == "snipe" or shown == "none":
        # Snipe: "The identity of the attacker doesn't get revealed in any way".
        pass
    elif shown == "anonymous":
        ctx.announce("injury.someone")
    else:
        ctx.announce("injury.public", player=attack.attacker)
    ctx.notify(attack.attacker, "vengeance.injured_you", essential=True, target=attack.target)
