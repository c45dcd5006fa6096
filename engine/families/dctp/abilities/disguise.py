"""Disguises: Vermouth's and Kid's Disguise (Prep), Yukiko's and Irish's costumes, Abduct.

A disguise is kept "so long as it is not removed due to injury or an ability"; a costume is
worn for one night. Both are crimes for as long as they are worn: "Arrest Sebolains for
disguising as Megure on Night 3"; "Yukiko and Irish must be arrested for the right disguise
during the right time frame". So every phase a disguise or costume is worn leaves a record
(``record_worn``), which arrests, investigations and cross-examinations read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp.appearance import (
    disguise_roles,
    put_on,
    strip_disguise,
    unplayed_roles,
)
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.phases import Phase, PhaseKind
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side, Step, item_name
from autogm.engine.state import COSTUME, DRUNK, ActionRecord

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState

# "the player will be given five possible roles ... The player then chooses three of those"
OFFERED, KEPT = 5, 3


def record_worn(ctx: Context) -> None:
    """At the start of a phase: each disguise or costume worn is a disguising crime in it."""
    for name, p in ctx.state.players.items():
        if p.ext.disguise and p.is_alive:
            ability = "temporary_disguise" if COSTUME in p.conditions else "disguise"
            ctx.records.append(
                ActionRecord(ctx.phase, name, ability, (), True, True, role=p.ext.disguise)
            )


def take_off_costumes(ctx: Context) -> None:
    """At the end of a night: "After the night Yukiko will no longer be disguised." When the
    last costume is used, a new offer: "The Day after Irish/Yukiko used his/her last disguise,
    he/she can re-use Choose Disguise." """
    for name, p in ctx.state.players.items():
        until = p.conditions.get(COSTUME)
        if until is None or until > ctx.phase.index:
            continue
        strip_disguise(ctx, name)
        costumes = ctx.state.ext.costumes.get(name, ())
        if p.is_free and costumes and all(f"costume:{r}" in p.used for r in costumes):
            offer_costumes(ctx, name)


def offer_costumes(ctx: Context, name: str) -> None:
    pool = disguise_roles(ctx.state)
    offer: list[str] = []
    for _ in range(min(OFFERED, len(pool))):
        offer.append(
            ctx.draw(f"a costume offered to {name}, among", [r for r in pool if r not in offer])
        )
    ctx.state.ext.costume_offers[name] = tuple(sorted(offer))
    ctx.notify(name, "costumes.offer", roles=", ".join(sorted(offer)), keep=KEPT)


@register
class Disguise(Ability):
    """ "During the Prep phase, the player about to disguise names a number of players (the
    exact number is determined by the GM). The GM then randomly chooses one of the names and
    awards the disguiser the player's role as a disguise. The player chosen will receive a new
    role without ever having known their original role". "If both Kid & Vermouth end up
    choosing the same player, both will disguise as that player's role."
    (Resolved in order with the other Prep actions by ``engine.families.dctp.prep``.)
    """

    name = "disguise"
    step = Step.PREP
    needs_free_target = False
    self_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        wanted = state.ruleset.option("prep_names")
        if len(set(order.targets)) != wanted:
            return say("refusal.disguise_names", count=wanted)
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        """Left for DCTP's ``prep.settle_prep``, which keeps the text's order of Prep actions."""

    def draw(self, ctx: Context, action: Action) -> str | None:
        eligible = set(disguise_roles(ctx.state))
        # Classic: "They can't disguise as: ... Lovers" (drawn before, ``amor_before_disguise``).
        lovers = {n for pair in ctx.state.ext.lovers for n in pair}
        named = [
            t for t in action.order.targets
            if ctx.player(t).role in eligible and t not in lovers
        ]  # fmt: skip
        if not named:
            # Ruling: none of the names can be worn; the draw is among every player who can.
            named = [
                n for n, p in ctx.state.players.items()
                if p.role in eligible and n != action.actor and n not in lovers
            ]  # fmt: skip
        if not named:
            return None
        return ctx.draw(f"the player {action.actor} disguises as, among", named)

    def apply(self, ctx: Context, action: Action, victim: str) -> None:
        role = ctx.player(victim).role
        put_on(ctx.player(action.actor), ctx.state, role)
        ctx.done(action, role)
        ctx.result(action, "done", target=victim)
        ctx.record(action, took_place=True, targets=(), role=role)
        ctx.notify(
            action.actor,
            "disguise.done",
            role=role,
            items=", ".join(ctx.player(action.actor).items),
        )


def recast(ctx: Context, victims: list[str]) -> None:
    """Give each player whose role is now worn a new role nobody plays."""
    pool = [
        r for r in disguise_roles(ctx.state)
        if not ctx.ruleset.role(r).slot_for("travel", PhaseKind.PREP)
    ]  # fmt: skip
    for victim in victims:
        free = unplayed_roles(ctx.state, pool)
        p = ctx.player(victim)
        new = ctx.draw(f"the new role of {victim}, whose role is worn, among", free)
        p.role = new
        p.items = [item_name(i) for i in ctx.ruleset.role(new).items]
        p.conditions.pop(DRUNK, None)
        if ctx.ruleset.role(new).has_trait("drunk"):
            p.conditions[DRUNK] = None


@register
class ChooseCostumes(Ability):
    """ "During the preparation phase, the player will be given five possible roles they could
    disguise as. The player then chooses three of those". "All disguises will be town roles.
    The player will NOT replace that role". Re-choose: "(Same as Choose Disguise)". "Not a
    crime" (Re-choose); Prep: option ``choose_costumes_is_crime``.
    """

    name = "choose_costumes"
    step = Step.PREP
    needs_free_target = False
    targets = 0

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        offer = state.ext.costume_offers.get(order.actor, ())
        if not offer:
            return say("dctp_refusal.no_costumes")
        if len(set(order.roles)) != KEPT or not set(order.roles) <= set(offer):
            return say("dctp_refusal.choose_costumes", count=KEPT, offer=", ".join(offer))
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        if ctx.phase.kind is PhaseKind.PREP:
            return  # engine.families.dctp.prep.settle_prep
        super().resolve_step(ctx, actions)

    def resolve(self, ctx: Context, action: Action) -> None:
        choose(ctx, action.actor, action.order.roles, action)


def choose(ctx: Context, name: str, roles: tuple[str, ...], action: Action | None) -> None:
    """Keep three costumes of the offer; without an order, three drawn at random."""
    offer = list(ctx.state.ext.costume_offers.pop(name, ()))
    if not roles:
        kept: list[str] = []
        for _ in range(min(KEPT, len(offer))):
            kept.append(
                ctx.draw(f"a costume kept for {name}, among", [r for r in offer if r not in kept])
            )
        roles = tuple(kept)
    ctx.state.ext.costumes[name] = tuple(roles)
    p = ctx.player(name)
    for role in roles:
        p.used.pop(f"costume:{role}", None)
    crime = ctx.phase.kind is PhaseKind.PREP and ctx.ruleset.option("choose_costumes_is_crime")
    ctx.records.append(ActionRecord(ctx.phase, name, "choose_costumes", (), True, crime))
    if action is not None:
        ctx.done(action)
        ctx.result(action, "done")
    ctx.notify(name, "costumes.chosen", roles=", ".join(roles))


@register
class TemporaryDisguise(Ability):
    """ "During the day, Yukiko can choose one of the costumes to disguise as that role during
    the next night. During the next night she can use any of her disguises abilities." "She can
    not disguise as the same role twice." "Day action, Crime". In Prep: "they can already pick a
    costume, meaning they would be disguised N1."
    """

    name = "temporary_disguise"
    step = Step.OTHER
    needs_free_target = False
    targets = 0

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        p = state.players[order.actor]
        held = set(state.ext.costumes.get(order.actor, ())) | set(
            state.ext.costume_offers.get(order.actor, ())
        )
        if order.role not in held:
            return say("dctp_refusal.not_a_costume", role=order.role, held=", ".join(sorted(held)))
        if f"costume:{order.role}" in p.used:
            return say("dctp_refusal.costume_worn", role=order.role)
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        wear(ctx, action)


def wear(ctx: Context, action: Action) -> None:
    role = action.order.role or ""
    p = ctx.player(action.actor)
    if role not in ctx.state.ext.costumes.get(action.actor, ()):
        ctx.fail(action, "not_a_costume")
        return
    night = Phase(ctx.phase.index + 1)
    strip_disguise(ctx, action.actor)
    put_on(p, ctx.state, role)
    p.conditions[COSTUME] = night.index
    p.used[f"costume:{role}"] = ctx.phase.index
    ctx.done(action, role)
    ctx.result(action, "done")
    ctx.record(action, took_place=True, targets=(), role=role)
    ctx.notify(action.actor, "costumes.worn", role=role, night=str(night))


# "After 3 phases, he can use it again. (Example: Irish abducts Eisuke on Night 1. He waits
# Day 1, Night 2 and Day 2. On Night 3, he can use abducting again)"
ABDUCT_WAIT = 3


@register
class Abduct(Ability):
    """ "Irish will Abduct one character that is not played in the game by any player. The GM
    will send him the name of one random town-sided character not in the game." "When Irish is
    killed his abducted character(s) will be discovered and the name becomes known to the
    town."
    """

    name = "abduct"
    step = Step.OTHER
    needs_free_target = False
    targets = 0
    # Classic: "Irish will abduct one character ... during night 1" (once, that night only).
    first_night_only: bool = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if self.first_night_only and state.phase != Phase.night(1):
            return say(
                "dctp_refusal.abduct_night_one",
                ability=WORDING.title(self.name, state.ruleset.titles),
            )
        last = state.players[order.actor].used.get(self.name)
        if last is not None and state.phase.index - last <= ABDUCT_WAIT:
            return say("dctp_refusal.abduct_again", phase=Phase(last + ABDUCT_WAIT + 1))
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        taken = {r for roles in ctx.state.ext.abducted.values() for r in roles}
        pool = [
            name for name, sheet in ctx.ruleset.roles.items()
            if sheet.side is Side.TOWN and not sheet.experimental and name not in taken
        ]  # fmt: skip
        free = unplayed_roles(ctx.state, pool)
        if not free:
            ctx.fail(action, "nobody_to_abduct")
            return
        role = ctx.draw(f"the character {action.actor} abducts, among", free)
        ctx.state.ext.abducted[action.actor] = (*ctx.state.ext.abducted.get(action.actor, ()), role)
        ctx.player(action.actor).used[self.name] = ctx.phase.index
        ctx.done(action, role)
        ctx.result(action, role)
        ctx.record(action, took_place=True, targets=(), role=role)
        ctx.notify(action.actor, "abduct.done", role=role)


def reveal_abducted(ctx: Context) -> None:
    """At the end of a phase: the abducted characters of an abductor killed in it."""
    for name, roles in ctx.state.ext.abducted.items():
        if roles and ctx.died_now(name):
            ctx.announce("abduct.revealed", player=name, roles=", ".join(roles))
