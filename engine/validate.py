"""Send-time checks: whether an order may stand at all, and which slot it fills.

An order the rules forbid outright when it is sent is rejected with a reason the player can
act on (docs/scenarios.md, "Rejected or failed?"); an order that was valid when sent but does not
take place is a ``failed`` result at resolution instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from autogm.engine.ability import Ability, abilities_for
from autogm.engine.families import FAMILIES
from autogm.engine.families.dctp.abilities.lent import LENT, ability_for
from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.kinds import Kind, Refused
from autogm.engine.orders.model import Order
from autogm.engine.orders.seam import HeldSlots, SlotKey  # noqa: F401  (engine.resolve imports them here)
from autogm.engine.phases import PhaseKind
from autogm.engine.render.templates import say
from autogm.engine.rules.base import AbilityUse, Ruleset, Slot, per_ruleset
from autogm.engine.state import GameState


def held_slots(state: GameState, player: str) -> list[tuple[str, Slot]]:
    """Every slot the player holds, keyed so that a later order can replace an earlier one."""
    p = state.players[player]
    ruleset = state.ruleset
    own, has_aptx, beyond = _role_slots(ruleset, p.role)
    slots = list(own)
    # Slots beyond the role sheet, as the family says (midnight's open role): listed before
    # the granted ones, and after.
    before, after = beyond(state, player, has_aptx)
    slots += before
    # Slots a status or an option gives (Lovey-Dovey for lovers, Defuse with the Explosive
    # Vest): each ability says whom it is granted to.
    for name, ability in _granting(ruleset, state.phase.index):
        granted = ability.granted_slot(state, player)
        if granted is not None:
            slots.append((f"granted:{name}", granted))
    slots += after
    return slots


@per_ruleset
def _role_slots(
    ruleset: Ruleset, role: str
) -> tuple[tuple[tuple[str, Slot], ...], bool, Callable[..., Any]]:
    """The role sheet's slots and its side's and everyone's common slots, keyed, whether they
    hold the APTX, and the family's ``held_beyond``: ruleset data, built once per ruleset and
    role rather than per order."""
    sheet = ruleset.role(role)
    slots = [(f"sheet{i}", slot) for i, slot in enumerate(sheet.slots)]
    for group in (sheet.side.value, "all"):
        common = ruleset.common_slots.get(group, ())
        slots += [(f"common:{s.options[0].ability}", s) for s in common]
    beyond = FAMILIES[ruleset.family].held_beyond
    return tuple(slots), any(k == "common:aptx" for k, _ in slots), beyond


@per_ruleset
def _granting(ruleset: Ruleset, phase: int) -> list[tuple[str, Ability]]:
    """The abilities that may grant a slot beyond the sheet in the phase of index ``phase``
    (they override ``granted_slot``, ``may_grant`` allows it and ``grants_until`` has not
    passed), found once per ruleset and phase: asking the others for every player of every
    order is wasted time. The ruleset's options say what may be granted."""
    return [
        (name, a)
        for name, a in abilities_for(ruleset).items()
        if type(a).granted_slot is not Ability.granted_slot
        and a.may_grant(ruleset)
        and (a.grants_until is None or phase <= a.grants_until)
    ]


def find_slot(
    state: GameState, order: Order, slots: list[tuple[str, Slot]] | None = None
) -> tuple[SlotKey, AbilityUse] | str:
    """The slot this order fills, or why the player cannot use the ability now (``slots``:
    the actor's ``held_slots`` when the caller has them already)."""
    kind, titles = state.phase.kind, state.ruleset.titles
    if slots is None:
        slots = held_slots(state, order.actor)
    if order.via:
        # "Bow-tie: interrogate X" asks for the lent slot only.
        slots = [(k, s) for k, s in slots if k == f"{LENT}{order.via}"]
        if not slots:
            via = order.via.replace("_", " ")
            return Refused(say("cannot.hold_via", via=via, phase=state.phase), Kind.NOT_HELD)
        if all(slot.find(order.ability) is None for _, slot in slots):
            gives = " OR ".join(
                order.wording.title(u.ability, titles) for _, slot in slots for u in slot.options
            )
            return Refused(
                say(
                    "cannot.via_gives",
                    via=order.via.replace("_", " "),
                    gives=gives,
                    ability=order.wording.title(order.ability, titles),
                ),
                Kind.NOT_HELD,
            )
    ability = order.ability
    found = open_slot(slots, ability, kind)
    if found is not None:
        return (order.actor, found[0]), found[1]
    title = order.wording.title(order.ability, titles)
    # Held in other phases only: which (the set built for this answer, not for every order).
    elsewhere: set[PhaseKind] = set()
    for _, slot in slots:
        if slot.find(ability) is not None:
            elsewhere |= slot.phases
    if elsewhere:
        when = " and ".join(sorted(k.value for k in elsewhere))
        return Refused(
            say("cannot.not_now", ability=title, when=when, phase=state.phase), Kind.NOT_NOW
        )
    role = state.players[order.actor].role
    return Refused(say("cannot.not_yours", ability=title, role=role), Kind.NOT_HELD)


def open_slot(
    slots: list[tuple[str, Slot]], ability: str, kind: PhaseKind
) -> tuple[str, AbilityUse] | None:
    """The key of the first of ``slots`` that offers ``ability`` in this kind of phase, and
    the use it offers; None when none does. Asked for every order when it is sent and again
    when it resolves."""
    for key, slot in slots:
        use = slot.find(ability)
        if use is not None and kind in slot.phases:
            return key, use
    return None


def check_order(
    state: GameState, order: Order, slots: list[tuple[str, Slot]] | None = None
) -> tuple[SlotKey, AbilityUse] | str:
    """The slot the order fills if it may stand, else the reason to refuse it (``slots``: the
    actor's ``held_slots`` when the caller has them already)."""
    players, titles = state.players, state.ruleset.titles
    actor = players.get(order.actor)
    if actor is None:
        return Refused(say("cannot.not_playing", player=order.actor), Kind.NOT_HELD)
    ability = abilities_for(state.ruleset).get(order.ability)
    life = FAMILIES[state.ruleset.family].life
    problem = life.order_problem(state, order.actor, ability)
    if problem:
        return Refused(problem, Kind.NOT_NOW)
    found = find_slot(state, order, slots)
    if isinstance(found, str):
        return found
    if ability is None:
        return Refused(
            say("cannot.not_carried_out", ability=order.wording.title(order.ability, titles)),
            Kind.NOT_HELD,
        )
    for target in order.targets:
        if target not in players:
            return Refused(say("cannot.not_playing", player=target), Kind.BAD_TARGET)
        if target == order.actor and not ability.self_target:
            return Refused(
                say("cannot.not_on_yourself", ability=order.wording.title(order.ability, titles)),
                Kind.BAD_TARGET,
            )
        reason = life.target_problem(state, order, ability, target)
        if reason:
            return Refused(reason, Kind.BAD_TARGET)
    # The ability as the slot gives it: a fake action through the Black Suitcase is checked as
    # a fake, not as the real thing (DCTP's abilities/lent.py); any other slot gives the ability
    # itself.
    if found[0][1].startswith(LENT):
        ability = ability_for(order, found[0][1], state.ruleset)
    problem = ability.validate(state, order, found[1])
    if problem:
        return problem if isinstance(problem, Refused) else Refused(problem, validate_kind(problem))
    return found


# The kind of an ability's own send-time refusal (``Ability.validate``), read from its words
# when the ability does not say it (``Refused``): a detail the order lacks ("an APTX must name
# the role", "name whom to slander", "a Letter needs its words"), a use the ability has no
# more of now ("once per game", "you have used both", "Abduct is used on Night 1 only"); any
# other is about the target named.
_MISSING = lazy_compile(
    r"^(?:name\b|write\b|say\b)|\b(?:must\s+name|names?\s+(?:the|its|a|an|\d+|whom)\b|needs?\s+"
    r"(?:its|the|a|an)\b|lists\s+each)",
    re.IGNORECASE,
)
# A refusal that says what the order named is: "Expose names a non-Law Midnight role, and
# Officer is Law", "Mishap needs a target that is not at the Hospital or Jail (Tovah is)".
_NAMED_WRONG = lazy_compile(r"(?:,\s+and\s+[^,()]+\s+is\s+\w+|\([^()]+\s+is\))\s*$")
_USED_UP = lazy_compile(
    r"\b(?:once|used|already|no\s+longer|expired|lost|only\s+(?:on|when)|available\s+only"
    r"|again|in\s+a\s+row|turn|there\s+is\s+no|you\s+have\s+no|not\s+in\s+use|on\s+the\s+plane"
    r"|is\s+in\s+detention|only\s+the|cannot\s+(?:spy|snipe)|have\s+none|fewer\s+than"
    # More than the count it has now: "you may investigate 2 action(s) a night, not 3" (the
    # GM cannot choose which to drop).
    r"|(?:a|per)\s+(?:night|day|phase),\s+not\s+\d+)\b",
    re.IGNORECASE,
)

# The target named is the one it was used on before ("cannot be used on the same target
# twice (Ruth)", "may not detain the same person twice in a row"): a target it cannot take,
# though the ability is there to use on another.
_SAME_TARGET = lazy_compile(r"\bsame\s+(?:target|person|player)\b", re.IGNORECASE)


# Kept per sentence: the same few refusals come again and again (a simulated player's "there
# is no APTX4869 left for you to use", every night), and three searches each cost more than
# the look-up (1.6 % of a simulated game).
@lru_cache(maxsize=1024)
def validate_kind(problem: str) -> Kind:
    """The ``Kind`` of an ability's refusal written as a plain sentence."""
    if _NAMED_WRONG.search(problem):
        return Kind.BAD_TARGET  # what the order named is the wrong one, not missing
    if _MISSING.search(problem):
        return Kind.MISSING_DETAIL
    if _SAME_TARGET.search(problem):
        return Kind.BAD_TARGET
    if _USED_UP.search(problem):
        return Kind.NOT_NOW
    return Kind.BAD_TARGET
