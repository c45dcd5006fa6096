"""Abilities held beyond one's own sheet: through a disguise, a friend, a costume, or a loan.

- Disguise: "When disguised as a role, the disguised player retains any abilities from their
  actual role and gains all those of their disguise."
- Costume: "During the next night she can use any of her disguises abilities." "He won't be
  disguised during the day. So no day actions of the costumes can be used."
- Friendship: "Sonoko may use the abilities of her friends, with some exceptions. If Sonoko
  befriends Kid or Vermouth, she will not be able to kill or steal. If she befriends a police
  officer, she will not be able to detain, arrest, or house search." "If Sonoko befriends
  Yukiko, she will be able to use the abilities of Yukiko's disguised role." "so long as her
  friend is still alive".
- Bow-tie: "Someone in possession of the bow-tie can act if he were Conan and can choose to
  Interrogate OR Investigate 3. (Not both)"; "he can use both that interrogate/investigate and
  the normal one".
- Black Suitcase: "During the next night the receiver can pretend to use any existing Night
  ability." "Alternatively, the receiver can use Blame instead of a fake Night ability. This
  WILL BE REAL."
- Cover: "The next night, Calvados can use one night ability from that ally." "Can't cover:
  Frighten, Revenge, Arrest, House Search, Travel"; "Will not work on killing someone";
  "Calvados can't give someone else the one-time bribe ability."

Items work for the injured and the suspended: "Players that are injured may still use items
such as the bow-tie"; "he can use the bow-tie actions in case he get's the bow-tie"; "Injured
members may still ... utilize items such as the Black Suitcase".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, abilities_for
from autogm.engine.families.dctp.appearance import is_costume
from autogm.engine.families.dctp.poisoning import dies_today
from autogm.engine.families.dctp.state import Loan, own_capsules
from autogm.engine.phases import PhaseKind
from autogm.engine.rules.base import NIGHT, PREP, AbilityUse, RoleSheet, Ruleset, Slot, per_ruleset
from autogm.engine.state import Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

# The slot keys of lent abilities start with this; an order's ``via`` picks one.
LENT = "lent:"

# Each ability section says "can be covered" or "can't be covered"; Cover adds "Can't cover:
# Frighten, Revenge, Arrest, House Search, Travel", "Will not work on killing someone", and
# "Calvados can't give someone else the one-time bribe ability".
NOT_COVERABLE = frozenset(
    {
        "kill", "frighten", "revenge", "arrest", "house_search", "travel", "bribe", "abduct",
        "poison", "vengeance", "lovey_dovey", "detention", "spy", "aptx", "identify",
    }
)  # fmt: skip

# What the bow-tie lends: "can act if he were Conan and can choose to Interrogate OR
# Investigate #" (the count is the ruleset's: ``BowTie.investigations``).
BOW_TIE_CHOICES = ("interrogate", "investigate")


def bow_tie_slot(ruleset: Ruleset) -> Slot:
    count = abilities_for(ruleset)["bow_tie"].investigations  # type: ignore[attr-defined]
    return Slot((AbilityUse("interrogate"), AbilityUse("investigate", count)), NIGHT)


@per_ruleset
def _night_abilities(ruleset: Ruleset) -> tuple[AbilityUse, ...]:
    """Every night ability of the ruleset, at the highest count a sheet gives it (the Black
    Suitcase's fake actions: "pretend to use any existing Night ability")."""
    best: dict[str, int] = {}
    common = [slot for slots in ruleset.common_slots.values() for slot in slots]
    for slots in [*(sheet.slots for sheet in ruleset.roles.values()), common]:
        for slot in slots:
            if PhaseKind.NIGHT in slot.phases:
                for use in slot.options:
                    best[use.ability] = max(best.get(use.ability, 0), use.count)
    return tuple(AbilityUse(name, count) for name, count in sorted(best.items()))


def _sheet_slots(
    state: GameState, role: str, *, nights_only: bool, excluded: frozenset[str] = frozenset()
) -> list[Slot]:
    slots = []
    for slot in state.ruleset.role(role).slots:
        phases = slot.phases & NIGHT if nights_only else slot.phases - PREP
        options = tuple(u for u in slot.options if u.ability not in excluded)
        if phases and options:
            slots.append(Slot(options, frozenset(phases)))
    return slots


def lending_friend(state: GameState, sonoko: str) -> str | None:
    """Sonoko's best friend, whose abilities she may use, or None where the ruleset's
    Friendship lends none (classic: ``friend_lends_nothing``)."""
    if state.ruleset.has("friend_lends_nothing"):
        return None
    return state.ext.best_friends.get(sonoko)


def sheet_roles(state: GameState, name: str) -> list[str]:
    """The roles whose sheets may give a player abilities (loans aside): their own, the
    disguise or costume worn, and their best friend's (Sonoko) role and disguise."""
    p = state.players[name]
    roles = [p.role, p.ext.disguise]
    friend = lending_friend(state, name)
    if friend:
        roles += [state.players[friend].role, state.players[friend].ext.disguise]
    return [r for r in roles if r]


def source_sheet(state: GameState, actor: str, slot_key: str) -> RoleSheet:
    """The sheet whose line an action used, for the consequences written on it: a disguise's
    or costume's for the slots it gives ("the disguiser gains all those of their disguise": a
    Kid disguised as Ran who protects is injured like Ran), else the player's own. A friend's
    abilities keep Sonoko's own consequences (docs/rulings.md)."""
    p = state.players[actor]
    if slot_key.startswith("disguise") and p.ext.disguise:
        return state.ruleset.role(p.ext.disguise)
    return state.ruleset.role(p.role)


def worn_slots(state: GameState, name: str) -> list[Slot]:
    """The slots a player's disguise or tonight's costume gives."""
    p = state.players[name]
    if not p.ext.disguise:
        return []
    return _sheet_slots(state, p.ext.disguise, nights_only=is_costume(p))


def held_beyond(
    state: GameState, player: str, sheet_has_aptx: bool
) -> tuple[tuple[tuple[str, Slot], ...], list[tuple[str, Slot]]]:
    """DCTP's slots beyond the sheet (``Family.held_beyond``), keyed for the session (a later
    order replaces): before the granted ones, the APTX of confiscated capsules to a player
    whose sheets hold none; after them, those held through a disguise or costume, a friend,
    the bow-tie, the Black Suitcase, Cover, and the costumes chosen again or in Prep."""
    p = state.players[player]
    own = state.ext
    before: tuple[tuple[str, Slot], ...] = ()
    if not sheet_has_aptx and own.capsules and own_capsules(state, player):
        before = (("common:aptx", Slot((AbilityUse("aptx"),), frozenset({PhaseKind.DAY}))),)
    # Most players wear nothing, have no friend and hold no loan: each test below is skipped
    # on an empty field first (asked for every player of every order).
    found: list[tuple[str, Slot]] = (
        [(f"disguise{i}", slot) for i, slot in enumerate(worn_slots(state, player))]
        if p.ext.disguise
        else []
    )
    friend = lending_friend(state, player) if player in own.best_friends else None
    if friend and (state.players[friend].is_alive or state.ruleset.has("friend_dead_ok")):
        excluded = state.ruleset.ext.friend_excluded
        friend_state = state.players[friend]
        slots = _sheet_slots(state, friend_state.role, nights_only=False, excluded=excluded)
        slots += [
            Slot(tuple(u for u in s.options if u.ability not in excluded), s.phases)
            for s in worn_slots(state, friend)
        ]
        found += [(f"friend{i}", s) for i, s in enumerate(slots) if s.options]
    for loan in own.loans:
        if loan.holder != player or loan.phase != state.phase.index:
            continue
        if loan.kind == "bow_tie":
            found.append((f"{LENT}bow_tie", bow_tie_slot(state.ruleset)))
        elif loan.kind == "suitcase":
            uses = (*_night_abilities(state.ruleset), AbilityUse("blame"))
            found.append((f"{LENT}suitcase", Slot(tuple(dict.fromkeys(uses)), NIGHT)))
        elif loan.kind == "cover" and loan.source:
            ally = state.players[loan.source]
            uses: list[AbilityUse] = []
            for role_slots in (
                _sheet_slots(state, ally.role, nights_only=True, excluded=NOT_COVERABLE),
                [
                    Slot(tuple(u for u in s.options if u.ability not in NOT_COVERABLE), s.phases)
                    for s in worn_slots(state, loan.source)
                    if PhaseKind.NIGHT in s.phases
                ],
            ):
                for slot in role_slots:
                    uses += [u for u in slot.options if u not in uses]
            if uses:
                # "Calvados can just use either slander or investigate. Not both like Gin."
                found.append((f"{LENT}cover", Slot(tuple(uses), NIGHT)))
    if p.ext.disguise is None and player in own.costume_offers:
        # Re-choose: "The Day after Irish/Yukiko used his/her last disguise, he/she can re-use
        # Choose Disguise." (the new offer is made when the last costume is taken off)
        found.append(
            ("rechoose", Slot((AbilityUse("choose_costumes"),), frozenset({PhaseKind.DAY})))
        )
    if state.phase.index == 0 and state.ruleset.role(p.role).slot_for(  # Prep
        "choose_costumes", PhaseKind.PREP
    ):
        # "Once Irish/Yukiko have their selected disguises, they can already pick a costume,
        # meaning they would be disguised N1."
        found.append(("costume_prep", Slot((AbilityUse("temporary_disguise"),), PREP)))
    return before, found


def first_free(ctx: Context, names: tuple[str, ...]) -> str | None:
    """The first named player still free: "alternatives in case the one he chose gets
    lynched/etc."; classic: "He can also choose a substitute in case that player is killed",
    and a player an APTX kills at the end of this day is killed before the night."""
    return next(
        (n for n in names if ctx.player(n).status is Status.ALIVE and not dies_today(ctx, n)),
        None,
    )


def lend_for_next_night(ctx: Context, actions: list[Action], item: str) -> None:
    """Day loans of the bow-tie and the Black Suitcase: the first named player still free
    holds ``item`` the night after; the lender and the holder are told, never each other's
    names ("Neither the recipient ... nor Agasa learn each other's identity")."""
    for action in ctx.able(actions):
        holder = first_free(ctx, action.order.targets)
        if holder is None:
            ctx.fail(action, "target_unavailable")
            continue
        ctx.state.ext.loans.append(Loan(item, holder, action.actor, ctx.phase.index + 1))
        ctx.done(action)
        ctx.result(action, "done", target=holder)
        ctx.record(action, took_place=True, targets=(holder,))
        ctx.notify(action.actor, f"{item}.given", target=holder)
        # Told even when suspended or injured this phase: the rules let them use it.
        ctx.notify(holder, f"{item}.received", essential=True)


class _ItemUse:
    """Mixin for an ability used through an item: kept when injured or suspended."""

    kept_when_injured = True
    kept_when_suspended = True


@per_ruleset
def _item_version(ruleset: Ruleset, name: str) -> Ability:
    own = abilities_for(ruleset)[name]
    base = type(own)
    found = type(f"{base.__name__}ThroughItem", (_ItemUse, base), {})()
    # The ruleset's own steps and flags, then the item's: an item use is kept when injured or
    # suspended whatever the ruleset says of the ability itself.
    found.__dict__.update(own.__dict__)
    found.kept_when_injured = found.kept_when_suspended = True
    return found


def ability_for(order: Order, slot_key: str, ruleset: Ruleset) -> Ability:
    """The ability an order resolves as, given the slot it fills."""
    abilities = abilities_for(ruleset)
    if not slot_key.startswith(LENT):
        return abilities[order.ability]  # most slots: the sheet's own, no item in between
    if slot_key == f"{LENT}suitcase" and order.ability != "blame":
        return abilities["suitcase_action"]
    if slot_key in (f"{LENT}suitcase", f"{LENT}bow_tie"):
        return _item_version(ruleset, order.ability)
    return abilities[order.ability]
