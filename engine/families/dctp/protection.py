"""The order of healing: which protection saves a player from an attack, a lynch or an APTX.

"if more than one protection or healing is performed on a target that is attacked, the one
with the highest priority will succeed as all others fail" and "In the event the action with the
highest priority was hindered (via discombobulation or a similar action), the healing action
with the next highest priority will succeed in its place."

The same order decides who saves a player from the lynch (Voice of Reason aside, which stops
the lynch itself) and from an APTX (Lovey-Dovey). The night's attacks are settled by it in
``engine.families.dctp.attacks``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import abilities_for
from autogm.engine.context import PENDING, Action
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.orders.model import Order

if TYPE_CHECKING:
    from autogm.engine.context import Context

LOVEY_DOVEY = "lovey_dovey"
WATCH = "watch"


def healing_order(ctx: Context) -> tuple[str, ...]:
    """The ruleset's order of healing, with Lovey-Dovey placed by option ``lovey_dovey_rank``
    (it is not in the 2011 list; docs/rulings.md)."""
    order = ctx.ruleset.ext.order_of_healing
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
    watch = ctx.state.ext.watch
    if not watch or ctx.state.ext.watch_broken or not ctx.phase.is_night:
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
    action = Action(
        Order(holder, WATCH, (holder,), wording=WORDING), abilities_for(ctx.ruleset)[WATCH]
    )
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
