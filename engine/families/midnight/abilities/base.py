"""What every midnight ability shares: the sheet line's limits checked when the order is sent
("once per game", "Cannot be used on the same target twice", "except in the first one", Rank
and file), and a resolution that leaves a blocked action ``blocked``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from autogm.engine.ability import Ability
from autogm.engine.families.midnight.life import BLOCKED, line_of
from autogm.engine.families.midnight.model import mn
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Step

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState

CIVILIAN = "Civilian"
# Reasons that are told once for the whole phase, not per action: the block ("The victim
# learns if they've been blocked") and death.
TOLD_ONCE = frozenset({BLOCKED, "dead"})
# Send-time rules on whom an order may name, each (state, order, target) -> a reason or None
# (Shut-in: "cannot be targeted by other players' abilities during the first Night"; VIP:
# "cannot be targeted by Daylight abilities other than Vote").
TARGET_RULES: list[Callable[[GameState, Order, str], str | None]] = []


class MidnightAbility(Ability):
    step = Step.MESSAGES
    needs_role: ClassVar[bool] = False  # the order names a Midnight role
    needs_guise: ClassVar[int] = 0  # the order names this many Guises
    needs_dead_target: ClassVar[bool] = False
    spirit_ok: ClassVar[bool] = False  # All-in: "even if you are a spirit"
    # Information and messages reach a target killed in this same phase: the phase's actions
    # happen "simultaneously" (docs/rulings.md, "midnight: the order of resolution").
    reaches_dead_now: ClassVar[bool] = False
    # How the order is written, for the reader (engine.families.midnight.reader): a choice
    # among these words first ("Play Bluff"), and what each choice names after it ("player",
    # "guises"); players each with a Midnight role (All-in); any Guises (Double Life); a
    # number (Blackmail material).
    choices: ClassVar[tuple[str, ...]] = ()
    choice_names: ClassVar[dict[str, str]] = {}
    lists_roles: ClassVar[bool] = False
    names_guises: ClassVar[bool] = False
    counts: ClassVar[bool] = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        line = line_of(state, order.actor, self.name)
        ext = mn(state.players[order.actor])
        title = state.ruleset.title(self.name)
        if line is not None and state.phase.is_night and state.phase.number < line.from_night:
            return say("midnight_refusal.first_night", ability=title)
        if line is not None and line.once_per_game and self.name in ext.used_on:
            return say("midnight_refusal.once_per_game", ability=title)
        # "you can declare any number of actions per phase, but not the same action several
        # times": an instant one leaves no order held for a later one to replace.
        again = line is not None and line.instant
        if again and _declared_this_phase(state, order.actor, self.name):
            return say("midnight_refusal.declared", ability=title)
        if line is not None and line.distinct_targets:
            for target in order.targets:
                if target in ext.used_on.get(self.name, ()):
                    return say("midnight_refusal.same_target", ability=title, target=target)
        if self.targets and not order.targets and order.choice is None:
            return say("midnight_refusal.needs_target", ability=title)
        for target in order.targets:
            for rule in TARGET_RULES:
                reason = rule(state, order, target)
                if reason:
                    return reason
        if self.needs_role:
            if not order.role or order.role not in state.ruleset.roles:
                return say("midnight_refusal.needs_role", ability=title)
            if order.role == CIVILIAN and state.phase.index == 1 and _rank_and_file(state):
                # "Rank and file — during the first Night, all abilities that require the
                # user to name a Midnight role cannot name Civilians"
                return say("midnight_refusal.rank_and_file")
        if self.needs_guise and len(order.roles) != self.needs_guise:
            return say(
                "midnight_refusal.needs_guises",
                ability=title,
                count=self.needs_guise,
                given=len(order.roles),
            )
        for guise in order.roles:
            if guise not in state.ruleset.roles:
                return say("midnight_refusal.not_a_guise", guise=guise)
        return self.check(state, order)

    def check(self, state: GameState, order: Order) -> str | None:
        """Send-time checks of this ability beyond the line's."""
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        for action in actions:
            reason = ctx.unable_reason(action)
            if reason:
                ctx.fail(action, reason, notify=reason not in TOLD_ONCE)
                continue
            target = action.target
            if self.needs_free_target and target is not None and not self.reaches(ctx, target):
                ctx.fail(action, "target_unavailable")
                continue
            self.used(ctx, action)
            self.resolve(ctx, action)

    def reaches(self, ctx: Context, target: str) -> bool:
        return ctx.is_reachable(target) or (self.reaches_dead_now and ctx.died_now(target))

    def used(self, ctx: Context, action: Action) -> None:
        """Keep the targets for "not the same target twice" and "once per game"."""
        mn(ctx.player(action.actor)).used_on.setdefault(self.name, []).extend(action.order.targets)

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        outcome = "blocked" if reason == BLOCKED else "failed"
        return [Result(action.actor, self.name, outcome, target=action.target, reason=reason)]

    def guessed(self, ctx: Context, action: Action) -> bool:
        """Whether the order named the target's Midnight role; a wrong guess is recorded and
        told to its author."""
        if ctx.player(action.target or "").role == action.order.role:
            return True
        ctx.result(action, "wrong", target=action.target)
        ctx.notify(action.actor, "midnight.wrong_guess", ability=self.name, target=action.target)
        return False

    def took_place(self, ctx: Context, action: Action, outcome: object = "done") -> None:
        """The action happened: its result, and the record (what Clues and the Sawed-off
        Shotgun see)."""
        ctx.done(action, outcome)
        ctx.record(action, took_place=True)

    def learn_role(self, ctx: Context, action: Action) -> None:
        """The actor learns the target's Midnight role (Autopsy, Exhume)."""
        self.took_place(ctx, action)
        role = ctx.player(action.target or "").role
        ctx.result(action, role, target=action.target)
        ctx.notify(action.actor, "midnight.role_learned", target=action.target, role=role)

    def took_place_done(self, ctx: Context, action: Action) -> None:
        """The action happened and its result is just that (a ``done`` on its target)."""
        self.took_place(ctx, action)
        ctx.result(action, "done", target=action.target)


def _declared_this_phase(state: GameState, actor: str, ability: str) -> bool:
    # The history is in phase order: this phase's records are at its end.
    for r in reversed(state.history):
        if r.phase != state.phase:
            return False
        if r.actor == actor and r.ability == ability:
            return True
    return False


def _rank_and_file(state: GameState) -> bool:
    model = state.ruleset.ext
    return any(model.line(p.role, "rank_and_file") for p in state.players.values())


def faction(state: GameState, player: str) -> str:
    return state.ruleset.role(state.players[player].role).side.value
