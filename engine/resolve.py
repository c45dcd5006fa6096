"""The resolution pipeline: the order of actions applied as one explicit list.

For each step of the ruleset's order for the phase's kind (``Ruleset.order_for``), the
abilities at that step resolve their actions; the ruleset's family then settles what some
steps gathered (the attacks by the order of healing, the lynch by the votes). Information
abilities report last, from the complete record of the phase.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from autogm.engine.ability import abilities_for
from autogm.engine.context import DONE, PENDING, Action, Context
from autogm.engine.families import FAMILIES
from autogm.engine.families.dctp.abilities.lent import LENT, ability_for
from autogm.engine.families.dctp.harm import apply_scheduled
from autogm.engine.families.dctp.phase_hooks import HELD_SLOTS
from autogm.engine.orders.model import Order
from autogm.engine.outcome import PhaseOutcome
from autogm.engine.phases import PhaseKind
from autogm.engine.rng import phase_rng
from autogm.engine.rules.base import Step
from autogm.engine.state import GameState
from autogm.engine.validate import HeldSlots, find_slot, held_slots, open_slot


def resolve(
    state: GameState,
    orders: Iterable[Order],
    rng: random.Random | None = None,
    *,
    sent_slots: dict[str, HeldSlots] | None = None,
    wills: Mapping[str, str] | None = None,
) -> PhaseOutcome:
    """Resolve the current phase of ``state`` with the accepted ``orders``.

    Pure: ``state`` is not changed; the outcome holds the new state, advanced to the next
    phase, with every result, notice and random draw of this one. ``sent_slots``: players'
    ``held_slots`` in ``state``, as the session found them when the orders were sent; used
    as they are and not changed. ``wills``: the wills sent in the phase (player -> text; an
    empty text takes the will back), each player's will before anything resolves; given
    here so that the state is copied once, not once for the wills and again to resolve.
    """
    new = state.clone()
    for player, will in (wills or {}).items():
        new.players[player].will = will or None
    began = apply_scheduled(new)
    family = FAMILIES[new.ruleset.family]
    ctx = Context(new, rng or phase_rng(state.seed, state.phase), [], family.life)
    # Each player's slots are computed once for the phase's orders and passive abilities:
    # nothing changes them between here and the first step. Those found when the orders were
    # sent stand unless a scheduled condition began (a costume is a condition).
    slots = ctx.memo.setdefault(HELD_SLOTS, {})
    known = sent_slots if sent_slots and not began else {}
    actions = ctx.actions
    kind = state.phase.kind  # a property: asked once, not for every order
    for order in orders:
        if order.actor not in slots:
            found = known.get(order.actor)
            slots[order.actor] = found if found is not None else held_slots(new, order.actor)
        actions.append(_action(new, order, slots[order.actor], kind))
    family.begin(ctx)
    del ctx.memo[HELD_SLOTS]
    phase = state.phase
    abilities = abilities_for(new.ruleset)
    # Each ability's step in this phase, asked once, not once per action and step.
    steps: dict[int, Step] = {}
    # The actions by their step (the id of the step), in the order of ``actions``: a step
    # looks at its own actions, not at every action. Actions that join during the phase
    # (the watch's, at its step) are sorted in before the next step.
    by_step: dict[int, list[Action]] = {}
    sorted_in = 0
    # A game won when the phase begins ("checked ... at the beginning of each phase")
    # resolves nothing more.
    for step in () if new.winner else new.ruleset.order_for(phase.kind):
        while sorted_in < len(actions):
            ability = actions[sorted_in].ability
            at = steps.get(id(ability))
            if at is None:
                at = steps[id(ability)] = ability.step_at(phase)
            by_step.setdefault(id(at), []).append(actions[sorted_in])
            sorted_in += 1
        at_step: dict[str, list[Action]] = {}
        for action in by_step.get(id(step), ()):
            if action.state == PENDING:
                at_step.setdefault(action.ability.name, []).append(action)
        for name, group in at_step.items():
            abilities[name].resolve_step(ctx, group)
        settle = family.settle.get(step)
        if settle:
            settle(ctx)
    for action in actions:
        if action.state == DONE:
            action.ability.report(ctx, action)
    family.end(ctx)
    new.history.extend(ctx.records)
    new.winner = new.winner or family.winner(new)
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
        held=tuple(ctx.held),
    )


def _action(state: GameState, order: Order, slots: list, kind: PhaseKind) -> Action:
    # The slot the order fills decides how it resolves: an ability used through an item or
    # the Black Suitcase (engine/families/dctp/abilities/lent.py), and its count ("Investigate 3").
    # Made for every order of every phase: an order that names no item fills the first slot
    # that offers its ability in this kind of phase (``find_slot``'s answer, without building
    # its refusals), and a slot that lends nothing gives the registry's ability. ``kind``: the
    # kind of ``state``'s phase.
    if not order.via and (found_open := open_slot(slots, order.ability, kind)) is not None:
        key, use = found_open
        ability = (
            ability_for(order, key, state.ruleset)
            if key.startswith(LENT)
            else abilities_for(state.ruleset)[order.ability]
        )
        return Action(order, ability, use.count, PENDING, None, None, key)
    found = find_slot(state, order, slots)
    if isinstance(found, str):
        return Action(order, abilities_for(state.ruleset)[order.ability], 1)
    (_, key), use = found
    return Action(order, ability_for(order, key, state.ruleset), use.count, slot=key)


def resolve_instant(state: GameState, order: Order, number: int) -> PhaseOutcome:
    """Resolve one instant order now, in the open phase (``number``: how many instants came
    before it this phase, so each has its own draws). Pure like ``resolve``: the outcome's
    state is still in the same phase."""
    new = state.clone()
    rng = phase_rng(f"{state.seed}/instant{number}", state.phase)
    family = FAMILIES[new.ruleset.family]
    ctx = Context(new, rng, [], family.life)
    action = _action(new, order, held_slots(new, order.actor), state.phase.kind)
    ctx.actions.append(action)
    action.ability.resolve_step(ctx, [action])
    if action.state == DONE:
        action.ability.report(ctx, action)
    new.history.extend(ctx.records)
    new.winner = new.winner or family.winner(new)
    return PhaseOutcome(state.phase, new, tuple(ctx.results), tuple(ctx.notices), None,
                        tuple(ctx.draws))  # fmt: skip
