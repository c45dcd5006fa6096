"""The prep phase and the role PMs: what each player is told when the game opens and after Prep.

The role PMs are sent in two waves, because "The player chosen [by a Disguise] will receive a
new role without ever having known their original role": when the game opens, only the
players with a Prep action get their role (and Yukiko and Irish their five costumes); when
Prep ends, everyone else gets theirs, after the disguises, the friendship and the lovers are
settled. A game that starts from a prepared ``setup`` (no Prep) sends every role PM at once.

Prep actions resolve in the text's order: Disguise, then Friendship ("Sonoko's ability takes
precedent over Yumi's ability"), then Amor, then Choose Costumes and a first costume. Travel
resolves with the other actions at its own step.
"""

from __future__ import annotations

import random

from autogm.engine.ability import abilities_for
from autogm.engine.context import PENDING, Context
from autogm.engine.families import Opening
from autogm.engine.families.dctp.abilities.bonds import lover_of, notify_friends
from autogm.engine.families.dctp.abilities.disguise import (
    KEPT,
    choose,
    offer_costumes,
    recast,
    wear,
)
from autogm.engine.families.dctp.abilities.interrogation import starts_drunk
from autogm.engine.families.dctp.life import LIFE
from autogm.engine.families.dctp.state import current_leader
from autogm.engine.phases import PhaseKind
from autogm.engine.rules.base import Side
from autogm.engine.state import ABROAD, DRUNK, GameState


def has_prep_action(state: GameState, name: str) -> bool:
    sheet = state.ruleset.role(state.players[name].role)
    return any(PhaseKind.PREP in slot.phases for slot in sheet.slots)


def open_game(state: GameState) -> Opening:
    """The role PMs sent when the game opens; in Prep, the costumes offered are drawn here."""
    new = state.clone()
    rng = random.Random(f"autogm/{state.seed}/{state.phase.index}/open")
    ctx = Context(new, rng, [], LIFE)
    if new.phase.kind is PhaseKind.PREP:
        who = [n for n in new.players if has_prep_action(new, n)]
        for name in who:
            sheet = new.ruleset.role(new.players[name].role)
            if sheet.slot_for("choose_costumes", PhaseKind.PREP):
                offer_costumes(ctx, name)
        role_pms(ctx, who, bonds=False)
        # The costume offer follows the role PM.
        ctx.notices.sort(key=lambda n: n.key.startswith("costumes."))
    else:
        role_pms(ctx, list(new.players), bonds=True)
    return Opening(new, tuple(ctx.notices), tuple(ctx.draws))


def role_pms(ctx: Context, who: list[str], *, bonds: bool) -> None:
    """Each player's role PM and what their status tells them when the game starts."""
    state = ctx.state
    black_org = [n for n in state.players if state.side(n) is Side.BLACK_ORG]
    boys = [
        n
        for n in state.players
        if state.ruleset.role(state.players[n].role).has_trait("detective_boy")
    ]
    for name in who:
        p = state.players[name]
        sheet = state.ruleset.role(p.role)
        if bonds and p.ext.disguise:
            # The disguise's own line ("Your items now: ...") follows: each item said once.
            ctx.notify(name, "role.pm_disguised", role=p.role, title=sheet.title)
        else:
            ctx.notify(name, "role.pm", role=p.role, title=sheet.title, items=", ".join(p.items))
        if sheet.side is Side.BLACK_ORG:
            # "A private channel for the Black Org to discuss strategies is provided".
            team = ", ".join(f"{n} ({state.players[n].role})" for n in black_org if n != name)
            ctx.notify(name, "role.black_org", team=team or "nobody", leader=current_leader(state))
        if name in boys:
            # "Detective Boys are aware of one another's identities."
            group = ", ".join(f"{n} ({state.players[n].role})" for n in boys if n != name)
            ctx.notify(name, "role.group", group=group or "nobody")
        if DRUNK in p.conditions:
            ctx.notify(name, "kogorou.drunk")
        if ABROAD in p.conditions:
            ctx.notify(name, "travel.start_abroad")
        if sheet.has_trait("noc"):
            # "Player gets to know how many Black Org members are present in the current game"
            ctx.notify(name, "noc.count", count=len(black_org))
        if sheet.has_trait("fbi_leader"):
            fbi_leader_count(ctx, name)
        if bonds:
            bond_pms(ctx, name)


def bond_pms(ctx: Context, name: str) -> None:
    state = ctx.state
    p = state.players[name]
    if p.ext.disguise:
        ctx.notify(name, "disguise.done", role=p.ext.disguise, items=", ".join(p.items))
    if name in state.ext.costumes:
        ctx.notify(name, "costumes.chosen", roles=", ".join(state.ext.costumes[name]))
    if name in state.ext.best_friends:
        notify_friends(ctx, name, state.ext.best_friends[name])
    lover = lover_of(state, name)
    if lover:
        ctx.notify(name, "lovers.you", lover=lover, role=state.players[lover].role)


def fbi_leader_count(ctx: Context, name: str) -> None:
    """ "At the onset of the round, the FBI Leader is given notice of how many of his
    subordinated (Jodie, Akai, Camel, Kir) are in the game. This count includes characters
    disguised as his subordinated." "If someone is disguised as a subordinate, James will
    receive a small hint akin to, 'You believe something is strange with your suborinate(s)...'"
    """
    state = ctx.state
    count, strange = 0, False
    for p in state.players.values():
        real = state.ruleset.role(p.role).has_trait("fbi_subordinate")
        disguise = p.ext.disguise
        worn = bool(disguise) and state.ruleset.role(disguise).has_trait("fbi_subordinate")
        count += real or worn
        strange = strange or worn
    ctx.notify(name, "fbi.count", count=count)
    if strange:
        ctx.notify(name, "fbi.strange")


# The order of Prep actions: Disguise first (a disguise victim's new role comes before anyone
# befriends or loves them), then "Friendship always takes precedent over Lovers".
PREP_ORDER = ("disguise", "friendship", "amor")


def settle_prep(ctx: Context) -> None:
    """After the Prep step of the Prep phase: the Prep actions in the text's order."""
    if ctx.phase.kind is not PhaseKind.PREP:
        return
    pending: dict[str, list] = {name: [] for name in PREP_ORDER}
    for action in ctx.actions:
        if action.state == PENDING and action.ability.name in pending:
            pending[action.ability.name].append(action)
    bonds_first = ctx.ruleset.has("amor_before_disguise")
    if bonds_first:
        # Classic: lovers cannot be disguised as, so the bonds are drawn first; what the
        # friends are told waits for the disguises (a friend's role may be taken).
        told = len(ctx.notices)
        _settle_bonds(ctx, pending)
        held = [n for n in ctx.notices[told:] if n.key.startswith("friend.")]
        ctx.notices[told:] = [n for n in ctx.notices[told:] if not n.key.startswith("friend.")]
    _settle_disguises(ctx, pending["disguise"])
    if bonds_first:
        for sonoko in {n.to for n in held if n.key == "friend.yours"}:
            notify_friends(ctx, sonoko, ctx.state.ext.best_friends[sonoko])  # type: ignore[index]
    else:
        _settle_bonds(ctx, pending)
    chosen = {a.actor: a for a in ctx.actions if a.ability.name == "choose_costumes"}
    for name in list(ctx.state.ext.costume_offers):
        action = chosen.get(name)
        choose(ctx, name, action.order.roles if action else (), action)
    for action in ctx.actions:
        if action.ability.name == "temporary_disguise" and action.state == PENDING:
            wear(ctx, action)


def _settle_disguises(ctx: Context, actions: list) -> None:
    disguise = abilities_for(ctx.ruleset)["disguise"]
    victims: list[str] = []
    for action in ctx.able(actions):
        victim = disguise.draw(ctx, action)  # type: ignore[attr-defined]
        if victim is None:
            ctx.fail(action, "nobody_to_disguise_as")
            continue
        disguise.apply(ctx, action, victim)  # type: ignore[attr-defined]
        if victim not in victims:
            victims.append(victim)
    recast(ctx, victims)
    if not starts_drunk(ctx.state):
        # "A disguised Ran etc. doesn't count": the role worn was taken from its player.
        for p in ctx.state.players.values():
            p.conditions.pop(DRUNK, None)


def _settle_bonds(ctx: Context, pending: dict[str, list]) -> None:
    """Friendship, then Amor: "Friendship always takes precedent over Lovers"."""
    for name in ("friendship", "amor"):
        for action in ctx.able(pending[name]):
            abilities_for(ctx.ruleset)[name].settle(ctx, action)  # type: ignore[attr-defined]


def finish_prep(ctx: Context) -> None:
    """At the end of Prep: the role PMs of everyone without a Prep action."""
    if ctx.phase.kind is not PhaseKind.PREP:
        return
    start = len(ctx.notices)
    role_pms(ctx, [n for n in ctx.state.players if not has_prep_action(ctx.state, n)], bonds=False)
    # The role PM comes first in each player's messages.
    ctx.notices[:] = ctx.notices[start:] + ctx.notices[:start]
    # Lovers and friends without a Prep action of their own learn it with their role PM; the
    # Prep actions notified the others.
    for name in ctx.state.players:
        if not has_prep_action(ctx.state, name):
            p = ctx.state.players[name]
            if p.ext.disguise:
                ctx.notify(name, "disguise.done", role=p.ext.disguise, items=", ".join(p.items))


__all__ = ["KEPT", "finish_prep", "open_game", "role_pms", "settle_prep"]
