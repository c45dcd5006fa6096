"""Who a player appears to be: one place for what each ability sees through a disguise.

A disguise (Vermouth's and Kid's, drawn in Prep) or a costume (Yukiko's and Irish's, worn for
one night) changes what others learn about a player; the rules say, per ability, whether it
does:

- Interrogation: "If Vermouth or Irish are disguised, they assume the default interrogation
  result of the disguise they are wearing."
- Observe: "If the target is disguised, then the player will learn it for the disguise, not the
  true identity."
- Stake-out's killer gender: "This does not circumvent disguises, however (so Vermouth/Irish
  will come back with the gender of their disguises)."
- Scent: "They still retain their scent no matter the disguise."
- Detect: "If Vermouth is in the game and he Detects Vermouth, he'll get a True ... If he asks
  for his/her disguised role, then he'll get a False." (the real role)
- Identify: "If the person is disguised, they can't Identify the disguise but have to Identify
  if the player is Kid or Vermouth." (the real role)
- Spy: "This does not reveal if someone is Kid, the player will just get the disguised role."
- Friendship: "unless that person is disguised, in which case Sonoko will be given the
  disguised role and not the actual role."
- Police Detect and Police Identify: "does NOT detect through disguises" (real or worn role).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from autogm.engine.rules.base import RoleSheet, Side, item_name
from autogm.engine.state import COSTUME, GameState, PlayerState

if TYPE_CHECKING:
    from autogm.engine.context import Context


def worn_role(p: PlayerState) -> str:
    """The role a player shows: the disguise or costume worn, else the real role."""
    return p.ext.disguise or p.role


def disguised_as(state: GameState, name: str) -> str | None:
    """The disguise or costume a player wears now, if any: what Pinch Face finds, what House
    Search counts, what makes a player "in disguise as" a police officer for the Explosive
    Vest. A costume is put on by a day order for the next night and taken off when that night
    ends ("He won't be disguised during the day"), so it is worn only then."""
    return state.players[name].ext.disguise


def shown_group_role(state: GameState, name: str, group: str) -> str | None:
    """The role of ``group`` a player is or shows ("any police officer is applicable,
    including those disguised as one"): the worn role first."""
    p = state.players[name]
    for role in (disguised_as(state, name), p.role):
        if role and state.ruleset.role(role).group == group:
            return role
    return None


def worn_sheet(state: GameState, name: str) -> RoleSheet:
    return state.ruleset.role(worn_role(state.players[name]))


def real_sheet(state: GameState, name: str) -> RoleSheet:
    return state.ruleset.role(state.players[name].role)


def interrogation(state: GameState, name: str) -> str:
    """ "BO" or "Not BO", as the sheet of the role shown gives it (before any Slander)."""
    return worn_sheet(state, name).interrogation


def scent(state: GameState, name: str) -> bool:
    """ "Disguiser does NOT assume the scent of their disguise." """
    return real_sheet(state, name).scent


def gender(state: GameState, name: str) -> str:
    return worn_sheet(state, name).gender


def ages(state: GameState, name: str) -> tuple[str, ...]:
    """The ages an observation may give: one, or several to draw from (Anokata)."""
    return worn_sheet(state, name).observe


def shown_role(state: GameState, name: str) -> str:
    """The role learned by Spy and by Sonoko's friendship: the disguise if there is one."""
    return worn_role(state.players[name])


def is_costume(p: PlayerState) -> bool:
    """A one-night costume (Temporary Disguise), rather than a disguise kept until lost."""
    return COSTUME in p.conditions


def roles_in_game(state: GameState, *, worn: bool = False) -> set[str]:
    """The real roles of the players still alive (Detect), plus the roles worn with ``worn``
    (Police Detect: "does NOT detect through disguises")."""
    roles = set()
    for p in state.players.values():
        if p.is_alive:
            roles.add(p.role)
            if worn and p.ext.disguise:
                roles.add(p.ext.disguise)
    return roles


def strip_disguise(ctx: Context, name: str, *, tell: bool = False) -> str | None:
    """Take a player's disguise or costume away, with the disguise's items; the role lost.

    "Kid/Vermouth lose their disguise if pinched, injured, arrested for being disguised, house
    searched; keep their disguise otherwise." "When the player isn't disguised, he'll loose the
    stealable items of the disguised role (the items don't stay and stack)". Pinch Face, an
    arrest for disguising and House Search (``law.take_into_custody``), injuries
    (``harm.injure``) and the end of a costume's night call this.
    """
    p = ctx.player(name)
    lost = p.ext.disguise
    if lost is None:
        return None
    for item in map(item_name, ctx.ruleset.role(lost).items):
        if item in p.items:
            p.items.remove(item)
    p.ext = replace(p.ext, disguise=None)
    p.conditions.pop(COSTUME, None)
    if tell:
        # A player who loses a disguise is told it is gone and what they
        # are now, even in a phase that gives them no other results.
        ctx.notify(name, "disguise.lost", essential=True, role=lost, now=p.role,
                   items=", ".join(p.items) or "none")  # fmt: skip
    return lost


def put_on(p: PlayerState, state: GameState, role: str) -> None:
    """Wear a disguise or costume, with its items: "The disguiser will have items from their
    original role in addition to those from their disguised role."""
    p.ext = replace(p.ext, disguise=role)
    p.items.extend(item_name(i) for i in state.ruleset.role(role).items)


def disguise_roles(state: GameState) -> list[str]:
    """Roles one may disguise as: "Disguisers may not disguise as Black Org members, children,
    or Prep phase roles" (the sheets' "Disguise: Yes"); experimental roles are left out."""
    return [
        name
        for name, sheet in state.ruleset.roles.items()
        if sheet.disguisable and sheet.side is Side.TOWN and not sheet.experimental
    ]


def unplayed_roles(state: GameState, pool: list[str]) -> list[str]:
    """Roles of ``pool`` nobody plays or wears."""
    taken = {p.role for p in state.players.values()} | {
        p.ext.disguise for p in state.players.values() if p.ext.disguise
    }
    return [r for r in pool if r not in taken]


def random_disguise(ctx: Context, name: str) -> str | None:
    """ "Kid and Vermouth will then be assigned a new disguise at random if they are released
    from jail." A role nobody plays or wears (docs/rulings.md)."""
    free = unplayed_roles(ctx.state, disguise_roles(ctx.state))
    if not free:
        return None
    role = ctx.draw(f"the new disguise of {name}, among", free)
    put_on(ctx.player(name), ctx.state, role)
    ctx.notify(name, "disguise.done", role=role, items=", ".join(ctx.player(name).items))
    return role
