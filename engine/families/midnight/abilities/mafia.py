"""The Mafia's Midnight roles: Boss, Killer, Agent, Renegade (midnight-2023, "Midnight Roles")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.context import DONE, PENDING
from autogm.engine.families.midnight import damage, guises
from autogm.engine.families.midnight.abilities.base import MidnightAbility, faction
from autogm.engine.families.midnight.abilities.common import HELD, approved, send
from autogm.engine.families.midnight.model import mn
from autogm.engine.render.templates import say
from autogm.engine.rules.base import NIGHT, AbilityUse, Side, Slot, Step
from autogm.engine.state import Status

if TYPE_CHECKING:
    from collections import Counter

    from autogm.engine.context import Action, Context
    from autogm.engine.state import GameState

THWARTED = "mn_thwarted"  # Context.memo: players whose abilities see Anonymous(1)
# Who cannot be put in Jail, each (ctx, player) -> bool (the Warrior: "Cannot get in Jail").
JAIL_PROOF: list[Callable[[Context, str], bool]] = []


class Block(MidnightAbility):
    """Interrogate (B) — "during the Night, block a target". "A player might be "blocked". In
    that case none of his declared actions in that phase happen. The victim learns if they've
    been blocked.\""""

    step = Step.BLOCK

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        if target not in ctx.blocked:
            ctx.blocked.add(target)
            ctx.notify(target, "midnight.blocked", essential=True)
        self.took_place(ctx, action)
        ctx.result(action, "done", target=target)


@register(family="midnight")
class Interrogate(Block):
    name = "interrogate"


class Learn(MidnightAbility):
    """An ability that learns a target's Guise ``times`` times, in ``report`` (after every
    Guise change of the phase)."""

    times = 1
    step = Step.MESSAGES
    reaches_dead_now = True

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)

    def report(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        label = f"{action.actor}'s {self.name} on {target}"
        found = [guises.learn(ctx, action.actor, target, label) for _ in range(self.times)]
        learned = [g for g in found if g]
        outcome = learned[0] if self.times == 1 and learned else learned
        ctx.result(action, outcome, target=target)
        ctx.notify(
            action.actor, "midnight.guise", ability=self.name, target=target,
            guises=", ".join(learned) or say("midnight_words.no_guise"),
        )  # fmt: skip


@register(family="midnight")
class BrainOfTheOperation(Learn):
    """Brain of the Operation (H) — "unless you use Interrogate, you can learn a target's Guise
    twice"."""

    name = "brain"
    times = 2


@register(family="midnight")
class TakingMatters(Learn):
    """Taking Matters — "you can learn a target's Guise" (Renegade; Civilian)."""

    name = "taking_matters"


@register(family="midnight")
class SawedOffShotgun(MidnightAbility):
    """Sawed-off Shotgun — "every non-Mafia member who used an ability on you other than Letter
    is attacked with 1 damage"."""

    name = "shotgun"
    step = Step.ATTACK
    targets = 0

    def resolve(self, ctx: Context, action: Action) -> None:
        boss = action.actor
        shot: list[str] = []
        for other in ctx.actions:
            actor = other.actor
            if (
                boss in other.order.targets
                and actor != boss
                and other.ability.name != "letter"
                and faction(ctx.state, actor) != Side.MAFIA.value
                and other.state in (PENDING, DONE)
                and ctx.unable(actor, other.ability) is None
                and actor not in shot
            ):
                shot.append(actor)
        ctx.done(action)
        ctx.record(action, took_place=True, targets=tuple(shot))
        for name in shot:
            damage.hit(ctx, action, boss, name, 1)
        if not shot:
            ctx.result(action, "done")


class Message(MidnightAbility):
    step = Step.MESSAGES
    reaches_dead_now = True

    def check(self, state: GameState, order) -> str | None:
        if order.message:
            return None
        return say("midnight_refusal.message_words", ability=self.name)


@register(family="midnight")
class TheCall(Message):
    """The Call (H) — "you can send a target an anonymous message "from the Boss"" (not a
    Letter: it does not count toward a spam)."""

    name = "call"

    def check(self, state: GameState, order) -> str | None:
        if not order.targets:
            # "send a target": a player, never the Town as a Letter may.
            return say("refusal.call_target")
        return super().check(state, order)

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        held = approved(ctx)
        ctx.result(action, HELD if held else "done", target=action.target)
        if held:
            ctx.hold(action, action.target, "midnight.call")
        else:
            send(ctx, action.target, "midnight.call", action.order.message)


class Attack(MidnightAbility):
    """An attack for ``amount`` damage; with ``needs_role`` only when the role is named
    right."""

    step = Step.ATTACK
    amount = 1
    counts_as_attack = True  # Bloodbath's damage "does not count as an attack"

    def lands(self, ctx: Context, action: Action) -> bool:
        return not self.needs_role or ctx.player(action.target or "").role == action.order.role

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        if self.lands(ctx, action):
            target = action.target or ""
            damage.hit(ctx, action, action.actor, target, self.amount, attack=self.counts_as_attack)
        else:
            ctx.result(action, "wrong", target=action.target)
            self.missed(ctx, action)

    def missed(self, ctx: Context, action: Action) -> None:
        ctx.notify(action.actor, "midnight.wrong_guess", ability=self.name, target=action.target)


class Weapon(Attack):
    """A weapon a player may gain beyond the sheet (Pass down's Pistol, Militia's Revolver)."""

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        p = state.players[player]
        if p.ext is None or self.name not in mn(p).granted:
            return None
        if state.ruleset.ext.line(p.role, self.name):
            return None  # held on the sheet already
        return Slot((AbilityUse(self.name),), NIGHT)


@register(family="midnight")
class Pistol(Weapon):
    """Pistol (H) — "deals 1 damage"."""

    name = "pistol"


@register(family="midnight")
class SniperRifle(Attack):
    """Sniper Rifle — "name the target's Midnight role. If you name it correctly, deal 2
    damage"."""

    name = "sniper"
    amount = 2
    needs_role = True


@register(family="midnight")
class TommyGun(Attack):
    """Tommy-gun — "deals 2 damage. At the morning everybody learns who used this ability"."""

    name = "tommy_gun"
    amount = 2

    def resolve(self, ctx: Context, action: Action) -> None:
        super().resolve(ctx, action)
        ctx.announce("midnight.tommy_gun", player=action.actor)


def pass_down(ctx: Context, name: str) -> None:
    """Pass down — "if you die or turn into a spirit, the Boss gains Pistol"."""
    p = ctx.player(name)
    if not ctx.ruleset.ext.line(p.role, "pass_down"):
        return
    for boss, other in ctx.state.players.items():
        boss_alive = other.status is Status.ALIVE and ctx.ruleset.ext.line(other.role, "shotgun")
        if boss_alive and "pistol" not in mn(other).granted:
            mn(other).granted.append("pistol")
            ctx.notify(boss, "midnight.gained", ability="pistol")


damage.AFTER_DEATH.append(pass_down)


@register(family="midnight")
class Slander(MidnightAbility):
    """Slander (H) — "you can add any 3 Guises to a target, active this Night"."""

    name = "slander"
    step = Step.GUISES
    needs_guise = 3

    def resolve(self, ctx: Context, action: Action) -> None:
        guises.add_for_phase(ctx, action.target or "", list(action.order.roles))
        self.took_place_done(ctx, action)


@register(family="midnight")
class Disguise(MidnightAbility):
    """Disguise (H) — "unless you use Sabotage or Entrapment, you can add any 20 Guises to
    yourself for this Night only"."""

    name = "disguise"
    step = Step.GUISES
    targets = 0
    needs_guise = 20

    def resolve(self, ctx: Context, action: Action) -> None:
        guises.add_for_phase(ctx, action.actor, list(action.order.roles))
        self.took_place(ctx, action)
        ctx.result(action, "done")


@register(family="midnight")
class Sabotage(Attack):
    """Sabotage — "choose a target and name its Guise. If the target has 10 or more of these
    Guises, attack it for 1 damage"."""

    name = "sabotage"
    needs_guise = 1

    def lands(self, ctx: Context, action: Action) -> bool:
        seen: Counter[str] = guises.seen(ctx, action.actor, action.target or "")
        return seen[action.order.roles[0]] >= 10

    def missed(self, ctx: Context, action: Action) -> None:
        # Sabotage names a Guise, not the Midnight role: it misses on a count.
        ctx.notify(
            action.actor, "midnight.sabotage_missed", target=action.target,
            guise=action.order.roles[0],
        )  # fmt: skip


@register(family="midnight")
class Entrapment(MidnightAbility):
    """Entrapment — "name its Midnight role. If you guess correctly, the target gets in Jail
    for the next Day and Night. Cannot be used on the same target twice"."""

    name = "entrapment"
    step = Step.JAIL
    needs_role = True

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        if not self.guessed(ctx, action):
            return
        target = action.target or ""
        ctx.result(action, "jailed" if jail(ctx, target, 2) else "not_jailed", target=target)


def jail_proof(ctx: Context, target: str) -> bool:
    """Whether ``target`` cannot get in Jail (the Warrior's Unstoppable)."""
    return any(proof(ctx, target) for proof in JAIL_PROOF)


def jail(ctx: Context, target: str, phases: int) -> bool:
    """Jail "for the next" ``phases`` phases: from the next phase on (this phase's actions are
    simultaneous with the order that jails); False for one who cannot get in Jail."""
    if jail_proof(ctx, target):
        ctx.announce("midnight.not_jailed", player=target)
        return False
    first = ctx.phase.index + 1
    mn(ctx.player(target)).jail.append((first, first + phases - 1))
    ctx.announce("midnight.jailed", player=target, phases=phases)
    return True


@register(family="midnight")
class Backstab(Attack):
    """Backstab — "choose a target and name its Midnight role. If you guess correctly, attack
    it for 1 damage"."""

    name = "backstab"
    needs_role = True


@register(family="midnight")
class Thwart(MidnightAbility):
    """Thwart (H) — "All its abilities work as if their targets only had one Guise —
    Anonymous(1). Cannot be used on the same target twice.\""""

    name = "thwart"
    step = Step.GUISES

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.memo.setdefault(THWARTED, set()).add(action.target)
        self.took_place_done(ctx, action)


def _thwarted(ctx: Context, viewer: str, target: str):
    from collections import Counter

    if viewer in ctx.memo.get(THWARTED, ()):
        return Counter({guises.ANONYMOUS: 1})
    return None


guises.OVERRIDES.append(_thwarted)
