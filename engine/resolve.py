"""The resolution pipeline: the order of actions applied as one explicit list.

For each step of ``ruleset.order_of_actions``, the abilities at that step resolve their
actions; some steps then settle what they gathered (the attacks by the order of healing, the
lynch by the votes). Information abilities report last, from the complete record of the phase.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from engine.abilities import ABILITIES
from engine.abilities.lent import ability_for
from engine.abilities.vest import settle_vest
from engine.context import DONE, PENDING, Action, Context
from engine.harm import apply_scheduled
from engine.orders.model import Order
from engine.outcome import PhaseOutcome
from engine.phase_hooks import HELD_SLOTS, begin_phase, end_phase
from engine.prep import settle_prep
from engine.protection import settle_attacks
from engine.rng import phase_rng
from engine.rules.base import Step
from engine.state import GameState
from engine.validate import find_slot, held_slots
from engine.voting import hold_lynch
from engine.win import winner

SETTLE: dict[Step, Callable[[Context], None]] = {
    Step.PREP: settle_prep,
    Step.VEST: settle_vest,
    Step.LYNCHING: hold_lynch,
    Step.KILLING: settle_attacks,
}


def resolve(
    state: GameState, orders: Iterable[Order], rng: random.Random | None = None
) -> PhaseOutcome:
    """Resolve the current phase of ``state`` with the accepted ``orders``.

    Pure: ``state`` is not changed; the outcome holds the new state, advanced to the next
    phase, with every result, notice and random draw of this one.
    """
    new = state.clone()
    apply_scheduled(new)
    ctx = Context(new, rng or phase_rng(state.seed, state.phase), [])
    # Each player's slots are computed once for the phase's orders and passive abilities:
    # nothing changes them between here and the first step.
    slots = ctx.memo.setdefault(HELD_SLOTS, {})
    actions = ctx.actions
    for order in orders:
        if order.actor not in slots:
            slots[order.actor] = held_slots(new, order.actor)
        actions.append(_action(new, order, slots[order.actor]))
    begin_phase(ctx)
    del ctx.memo[HELD_SLOTS]
    phase = state.phase
    for step in new.ruleset.order_of_actions:
        at_step: dict[str, list[Action]] = {}
        for action in actions:
            if action.state == PENDING and action.ability.step_at(phase) is step:
                at_step.setdefault(action.ability.name, []).append(action)
        for name, group in at_step.items():
            ABILITIES[name].resolve_step(ctx, group)
        settle = SETTLE.get(step)
        if settle:
            settle(ctx)
    for action in actions:
        if action.state == DONE:
            action.ability.report(ctx, action)
    end_phase(ctx)
    if new.phase.is_night and not any(n.key.startswith("death.") for n in ctx.notices):
        ctx.announce("night.no_deaths")
    new.history.extend(ctx.records)
    new.winner = new.winner or winner(new)
    new.phase = state.phase.next()
    return PhaseOutcome(
        phase=state.phase,
        state=new,
        results=tuple(ctx.results),
        notices=tuple(
            n for n in ctx.notices if n.to is None or n.essential or n.to not in ctx.silenced
        ),
        lynch=ctx.lynch,
        draws=tuple(ctx.draws),
    )


def _action(state: GameState, order: Order, slots: list) -> Action:
    # The slot the order fills decides how it resolves: an ability used through an item or
    # the Black Suitcase (engine/abilities/lent.py), and its count ("Investigate 3").
    found = find_slot(state, order, slots)
    if isinstance(found, str):
        return Action(order, ABILITIES[order.ability], 1)
    (_, key), use = found
    return Action(order, ability_for(order, key), use.count, slot=key)
