"""The shape of an ability, and the registry of every ability the engine implements.

An ability is a small unit: its canonical name, its step in the order of actions, what it
may target, the checks it makes when the order is sent, and how it resolves. Exceptions to
the general rules are flags here, never tests of a role's name.
"""

from __future__ import annotations

import copy
import importlib
from typing import TYPE_CHECKING, ClassVar

from autogm.engine.by_family import ByFamily
from autogm.engine.outcome import Result
from autogm.engine.rules.base import Step, per_ruleset

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.phases import Phase
    from autogm.engine.rules.base import AbilityUse, Ruleset, Slot
    from autogm.engine.state import GameState


class Ability:
    name: ClassVar[str]
    step: ClassVar[Step]
    # Flags for the general rules; the rule text each one follows is in the subclass.
    blockable: ClassVar[bool] = True  # stopped by discombobulation at night
    self_target: ClassVar[bool] = True  # may name oneself
    needs_free_target: ClassVar[bool] = True  # target alive, not arrested, in Japan
    arrested_target_ok: ClassVar[bool] = False  # may be ordered on an arrested player
    kept_when_suspended: ClassVar[bool] = False  # "lose all abilities apart from voting"
    # What a suspension stops under feature ``suspension_stops_arrests_only`` (classic: "The
    # police officer can't arrest for the next 2 phases if he accuses someone falsely").
    stopped_by_narrow_suspension: ClassVar[bool] = False
    kept_when_injured: ClassVar[bool] = False
    abroad_ok: ClassVar[bool] = False
    frightenable: ClassVar[bool] = True  # stopped by Frighten the next day (Arrest is not)
    targets: ClassVar[int] = 1  # how many player targets the order names
    passive: ClassVar[bool] = False  # acts every phase without an order (Betrayal)
    informative: ClassVar[bool] = False  # a result the FBI leader may be told of
    # Its order excludes every other order of its player in the phase, whichever came later
    # stands (Travel: "They must either decide to travel or use their abilities--not both").
    alone: ClassVar[bool] = False
    # Abilities whose order of the same player and phase this one's replaces, and that
    # replace it, whichever came later standing (midnight's Investigate: "during the Day,
    # unless you vote").
    excludes: ClassVar[frozenset[str]] = frozenset()
    # Goes through although its actor is arrested or lynched earlier in the phase (r53's
    # Black Suitcase).
    survives_removal: ClassVar[bool] = False
    # Resolved when it is declared, not at the end of the phase ("Instant actions are resolved
    # instantly, in the order of declaration": ``GameSession`` calls ``resolve_instant``).
    instant: ClassVar[bool] = False

    # The last phase (its index) in which ``granted_slot`` may give a slot, None: any phase
    # (the bow-tie and the watch are lent at the start only). Held slots skip asking it later.
    grants_until: ClassVar[int | None] = None

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        """A slot this ability gives a player beyond the sheet (a status, an option)."""
        return None

    def in_play(self, ruleset: Ruleset) -> bool:
        """Whether the ruleset, with the GM's options, has this ability at all (the Explosive
        Vest's orders exist only when the GM turns it on): what a player is told they can
        send leaves it out otherwise."""
        return True

    def may_grant(self, ruleset: Ruleset) -> bool:
        """Whether ``granted_slot`` can give a slot at all in this ruleset (an option or a
        feature it needs): asked once per ruleset, so the others are not asked for every
        player of every order."""
        return True

    # The steps a ruleset moved this ability to, by phase kind (``AbilityRules.steps``).
    moved: ClassVar[dict] = {}

    def step_at(self, phase: Phase) -> Step:
        """The step this ability resolves at in ``phase`` (most have one step)."""
        return self.moved.get(phase.kind) or self.step

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        """A reason to refuse the order when it is sent, beyond the general checks."""
        return None

    def combine(self, state: GameState, earlier: Order, later: Order) -> Order | None:
        """The order that stands when ``later`` comes for the slot ``earlier`` holds, when the
        rules let both stand together; None (most abilities): the later replaces the earlier,
        "You may always send in a new order to replace your old one"."""
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        """Resolve every action of this ability at its step; most resolve one by one."""
        for action in ctx.able(actions):
            target = action.target
            if self.needs_free_target and target is not None and not ctx.is_reachable(target):
                ctx.fail(action, "target_unavailable")
                continue
            self.resolve(ctx, action)

    def resolve(self, ctx: Context, action: Action) -> None:
        """Carry out one action whose actor is able to act."""
        ctx.done(action)
        ctx.result(action, "done", target=action.target)
        ctx.record(action, took_place=True)

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        """The ``failed`` entries of the record for an action that did not take place."""
        return [Result(action.actor, self.name, "failed", target=action.target, reason=reason)]

    def report(self, ctx: Context, action: Action) -> None:
        """After every step: compute what an information ability learned (default: nothing)."""


# One registry per game model ("family"): two families may give one name different meanings
# (midnight's Interrogate blocks; DCTP's asks "BO or Not BO"). A family's abilities register
# when its abilities package is imported (FAMILY_ABILITIES).
REGISTRIES: ByFamily[dict[str, Ability]] = ByFamily()


def register(cls: type[Ability] | None = None, *, family: str = "dctp"):
    """Class decorator: built-in abilities register the way a third party's would, in their
    family's registry (DCTP's unless named)."""

    def add(cls: type[Ability]) -> type[Ability]:
        REGISTRIES.setdefault(family, {})[cls.name] = cls()
        return cls

    return add(cls) if cls is not None else add


# The package whose import registers a family's abilities, imported when a ruleset of the
# family first asks, so no caller depends on having imported it before; importing them here
# would be a circle (they are built on this module).
FAMILY_ABILITIES = {
    "dctp": "autogm.engine.families.dctp.abilities",
    "midnight": "autogm.engine.families.midnight.abilities",
}


@per_ruleset
def abilities_for(ruleset: Ruleset) -> dict[str, Ability]:
    """The abilities of ``ruleset``: its family's, with the ruleset's own steps and flags.

    An ability the ruleset changes is a copy whose instance attributes shadow the class's
    defaults, so every reader of ``ability.blockable`` or ``ability.step_at`` sees the
    ruleset's rule without asking for it.
    """
    importlib.import_module(FAMILY_ABILITIES[ruleset.family])
    found = dict(REGISTRIES[ruleset.family])
    for name, rules in ruleset.ability_rules.items():
        changed = copy.copy(found[name])
        for flag, value in rules.flags.items():
            if not hasattr(changed, flag):
                raise AttributeError(f"{ruleset.id}: {name} has no flag {flag!r}")
            setattr(changed, flag, value)
        if rules.steps:
            changed.moved = dict(rules.steps)
        found[name] = changed
    return found
