"""The Daylight (open) roles' abilities outside the Council: life and death, the Hospital and
the Jail, Guises and information (midnight-2023, "Open Roles"). The Council's are in
``daylight_council``.

Open roles are public ("Open Roles are chosen at the start of the game"), so a rule on whom an
order may name (Shut-in, VIP) refuses the order when it is sent: the sender could know.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.families.midnight import damage, guises, hooks
from autogm.engine.families.midnight.abilities.base import TARGET_RULES, MidnightAbility
from autogm.engine.families.midnight.abilities.mafia import JAIL_PROOF, jail, jail_proof, pass_down
from autogm.engine.families.midnight.council import VOTED_OUT
from autogm.engine.families.midnight.life import FREE_IN_HOSPITAL, holds, keeps
from autogm.engine.families.midnight.model import HOSPITAL, JAIL, Delayed, game, location, mn
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say
from autogm.engine.rules.base import AbilityUse, Slot, Step
from autogm.engine.state import Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

ACROBATS = "mn_somersault"  # Context.memo: who activated Somersault tonight


class Gainable(MidnightAbility):
    """A Daylight ability another player may gain (Tomb Raider: "you publicly gain his
    Daylight abilities"): its slot for one who holds it beyond the sheet."""

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        p = state.players[player]
        if p.ext is None or self.name not in mn(p).granted:
            return None
        if state.ruleset.ext.line(p.open_role, self.name):
            return None  # held on the sheet already
        line = holds(state, player, self.name)
        return Slot((AbilityUse(self.name),), line.phases) if line else None


# -- Highlander, Brute, Monk, Sociopath, Avenger, Warrior, Acrobat -------------------------


def _immortality(ctx: Context, hit: damage.Hit) -> str | None:
    """Immortality (J) — "cannot take damage during the first two Nights" (any damage, not
    only attacks)."""
    first_two = ctx.phase.is_night and ctx.phase.number <= 2
    return (
        "immortality"
        if first_two and keeps(ctx.state, hit.target, "immortality", ctx.memo)
        else None
    )


def starting_hp(state: GameState, name: str) -> int:
    """The HP ``name`` started the game with: "Each character starts with 2 HP"; Sturdy —
    "starts with 1 extra HP" (the Brute's own line: one gained later adds nothing)."""
    model = state.ruleset.ext
    return model.start_hp + (1 if model.line(state.players[name].open_role, "sturdy") else 0)


def _sturdy(state: GameState) -> None:
    """Sturdy — "starts with 1 extra HP"."""
    for name, p in state.players.items():
        mn(p).hp = starting_hp(state, name)


def _meditation(ctx: Context) -> None:
    """Meditation — "at the end of a Night, if he has 1 HP, restores 1 HP"."""
    if not ctx.phase.is_night:
        return
    for name, p in ctx.state.players.items():
        ext = mn(p)
        alive = p.status is Status.ALIVE and not ext.spirit
        if alive and ext.hp == 1 and keeps(ctx.state, name, "meditation", ctx.memo):
            ext.hp += 1
            ctx.notify(name, "midnight.meditation", essential=True, hp=ext.hp)
            if location(p, ctx.phase.index + 1) != HOSPITAL:
                ctx.announce("midnight.left_hospital", player=name)


def _shut_in(state: GameState, order: Order, target: str) -> str | None:
    """Shut-in — "cannot be targeted by other players' abilities during the first Night"."""
    first_night = state.phase.is_night and state.phase.number == 1
    if first_night and target != order.actor and holds(state, target, "shut_in"):
        return say("midnight_refusal.shut_in", target=target)
    return None


def _spirit(ctx: Context, name: str) -> bool:
    """Unfinished business (J) — "once per game, instead of dying, publicly turns into a
    "spirit". A spirt has 1 HP, cannot declare actions, and doesn't get into Hospital"."""
    ext = mn(ctx.player(name))
    if ext.spirit or "unfinished_business" in ext.used_on:
        return False
    if not keeps(ctx.state, name, "unfinished_business", ctx.memo):
        return False
    ext.used_on["unfinished_business"] = []
    ext.spirit, ext.hp = True, 1
    ctx.announce("midnight.spirit", player=name)
    ctx.results.append(Result(name, "unfinished_business", "saved", target=name))
    # Pass down: "if you die or turn into a spirit, the Boss gains Pistol".
    pass_down(ctx, name)
    return True


def _spirit_voted_out(ctx: Context, name: str) -> bool:
    """Unfinished business when the Council votes the Avenger out (option
    ``spirit_on_council``)."""
    return bool(ctx.ruleset.option("spirit_on_council")) and _spirit(ctx, name)


def _unstoppable(state: GameState, player: str) -> bool:
    """Unstoppable — "abilities are not disabled when in Hospital"."""
    return holds(state, player, "unstoppable") is not None


def _cannot_be_jailed(ctx: Context, player: str) -> bool:
    """Unstoppable — "Cannot get in Jail"."""
    return keeps(ctx.state, player, "unstoppable", ctx.memo)


@register(family="midnight")
class Somersault(Gainable):
    """Somersault — "once per game during the Night can activate this ability. In that case,
    he doesn't take damage from attacks"."""

    name = "somersault"
    step = Step.PROTECT
    targets = 0

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.memo.setdefault(ACROBATS, set()).add(action.actor)
        self.took_place(ctx, action)
        ctx.result(action, "done")


def _somersault(ctx: Context, hit: damage.Hit) -> str | None:
    return "somersault" if hit.attack and hit.target in ctx.memo.get(ACROBATS, ()) else None


# -- Marauder ------------------------------------------------------------------------------


@register(family="midnight")
class TombRaider(Gainable):
    """Tomb Raider — "once per game during the Night can choose a dead player. By morning you
    publicly gain his Daylight abilities"."""

    name = "tomb_raider"
    needs_free_target = False
    needs_dead_target = True

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        dead = ctx.player(action.target or "")
        gained = [
            line.ability
            for (role, _), line in ctx.ruleset.ext.lines.items()
            if role == dead.open_role and role
        ]
        ext = mn(ctx.player(action.actor))
        ext.granted += [a for a in gained if a not in ext.granted]
        titles = ", ".join(ctx.ruleset.title(a) for a in gained)
        titles = titles or say("midnight_words.no_abilities")
        ctx.result(action, gained, target=dead.name)
        ctx.announce(
            "midnight.tomb_raider", player=action.actor, target=dead.name,
            role=mn(dead).open_name or dead.open_role, abilities=titles,
        )  # fmt: skip


# -- Anonymous, Journalist, Psychic, Undertaker --------------------------------------------


def _incognito(ctx: Context, viewer: str, target: str) -> Counter[str] | None:
    """Incognito — "regardless of any other effects, always has one Guise: Anonymous(1)"."""
    if ctx.ruleset.option("incognito_in_jail"):
        has = holds(ctx.state, target, "incognito") is not None
    else:
        has = keeps(ctx.state, target, "incognito", ctx.memo)
    return Counter({guises.ANONYMOUS: 1}) if has else None


@register(family="midnight")
class Investigate(Gainable):
    """Investigate — "during the Day, unless you vote, you can publicly choose a target. At the
    end of the next Night you learn its Guise"."""

    name = "investigate"
    step = Step.MESSAGES
    excludes = frozenset({"vote"})

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        night = ctx.phase.index + 1
        game(ctx.state).delayed.append(Delayed(night, action.actor, self.name, action.target or ""))
        ctx.result(action, "pending", target=action.target)


def _deliver(ctx: Context) -> None:
    """The Journalist's Guise, learned at the end of the Night after the Day he chose."""
    index, state = ctx.phase.index, ctx.state
    due = [d for d in game(state).delayed if d.phase == index]
    game(state).delayed = [d for d in game(state).delayed if d.phase != index]
    for d in due:
        if state.players[d.actor].status is Status.DEAD:
            continue  # "Dead — ... cannot participate in the game in any way"
        guise = guises.learn(ctx, d.actor, d.target, f"{d.actor}'s {d.ability} on {d.target}")
        ctx.results.append(Result(d.actor, d.ability, guise, target=d.target))
        ctx.notify(d.actor, "midnight.guise", ability=d.ability, target=d.target,
                   guises=guise or say("midnight_words.no_guise"))  # fmt: skip


@register(family="midnight")
class Seance(Gainable):
    """Séance — "during the Day, if you don't vote, you can learn a Guise of each player who
    died last Night"."""

    name = "seance"
    targets = 0
    excludes = frozenset({"vote"})

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)

    def report(self, ctx: Context, action: Action) -> None:
        night = ctx.phase.index - 1
        died = [
            n for n, p in ctx.state.players.items()
            if p.status is Status.DEAD and p.fate is not None and p.fate.phase.index == night
        ]  # fmt: skip
        learned = {}
        for name in died:
            learned[name] = guises.learn(
                ctx, action.actor, name, f"{action.actor}'s seance on {name}"
            )
        ctx.result(action, learned)
        none = say("midnight_words.no_guise")
        shown = "; ".join(
            say("midnight_words.seance_one", player=n, guises=g or none) for n, g in learned.items()
        )
        ctx.notify(
            action.actor, "midnight.seance", guises=shown or say("midnight_words.nobody_died")
        )


@register(family="midnight")
class Exhume(Gainable):
    """Exhume — "once per game can instantly learn the Midnight role of a dead player"."""

    name = "exhume"
    instant = True
    needs_free_target = False
    needs_dead_target = True

    def resolve(self, ctx: Context, action: Action) -> None:
        self.learn_role(ctx, action)


# -- Technician, Chef, Commissioner --------------------------------------------------------


@register(family="midnight")
class Mishap(Gainable):
    """Mishap — "once per game during the Day you can publicly choose a target that is not at
    the Hospital or Jail. It takes 1 damage"."""

    name = "mishap"
    step = Step.ATTACK

    def check(self, state: GameState, order: Order) -> str | None:
        target = order.targets[0]
        # Where the target is, as everyone sees it ("publicly visible statuses").
        if location(state.players[target], state.phase.index) in (HOSPITAL, JAIL):
            return say(
                "midnight_refusal.mishap_target",
                ability=state.ruleset.title(self.name),
                target=target,
            )
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        # "It takes 1 damage": the text does not call it an attack.
        damage.hit(ctx, action, action.actor, action.target or "", 1, attack=False)


@register(family="midnight")
class KitchenNightmares(Gainable):
    """Kitchen Nightmares — "during the Day you can publicly choose a target. During the next
    Night the target is in Hospital regardless of HP. Cannot be used at the same target
    twice"."""

    name = "kitchen_nightmares"
    step = Step.JAIL

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        target = action.target or ""
        mn(ctx.player(target)).hospital.add(ctx.phase.index + 1)
        ctx.announce("midnight.kitchen", player=target)
        ctx.result(action, "done", target=target)


@register(family="midnight")
class Bust(Gainable):
    """Bust — "once per game during the Day you can publicly choose a target and send it to
    Jail for the next two phases (Night, Day)"."""

    name = "bust"
    step = Step.JAIL

    def resolve(self, ctx: Context, action: Action) -> None:
        self.took_place(ctx, action)
        jailed = jail(ctx, action.target or "", 2)
        ctx.result(action, "jailed" if jailed else "not_jailed", target=action.target)


# -- Politician, Avenger in the Council ----------------------------------------------------


def _qualified_immunity(ctx: Context, name: str) -> bool:
    """Qualified immunity — "in voted out during the Council, instead of dying you get into
    Jail for four phases (Night, Day, Night, Day)". The Jail is what replaces the death: one
    who cannot get in Jail (Unstoppable) has nothing to take instead, and dies."""
    if not keeps(ctx.state, name, "qualified_immunity", ctx.memo):
        return False
    if jail_proof(ctx, name):
        ctx.announce("midnight.immunity_not_jailed", player=name)
        ctx.results.append(Result(name, "qualified_immunity", "not_jailed", target=name))
        return False
    ctx.announce("midnight.immunity", player=name)
    jail(ctx, name, 4)
    ctx.results.append(Result(name, "qualified_immunity", "saved", target=name))
    return True


damage.FILTERS.insert(0, _immortality)
damage.FILTERS.append(_somersault)
damage.SPARE.append(_spirit)
hooks.NEW_GAME.append(_sturdy)
hooks.PHASE_END += [_deliver, _meditation]
TARGET_RULES.append(_shut_in)
FREE_IN_HOSPITAL.append(_unstoppable)
JAIL_PROOF.append(_cannot_be_jailed)
# "regardless of any other effects": before Thwart's and Double Life's views.
guises.OVERRIDES.insert(0, _incognito)
VOTED_OUT += [_qualified_immunity, _spirit_voted_out]
