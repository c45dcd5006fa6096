"""What happens at the start and at the end of every phase, beyond the orders sent.

Start: who is leaving Japan (Travel), the disguises worn (a crime in every phase they are
worn), and the passive abilities that act without an order (Betrayal). End: the role PMs after
Prep, costumes taken off, what friends, FBI leaders, spies and Kogorou learn, abducted
characters revealed, loans returned.
"""

from __future__ import annotations

from autogm.engine.ability import abilities_for
from autogm.engine.context import PENDING, Action, Context
from autogm.engine.families.dctp.abilities.bonds import friend_killed
from autogm.engine.families.dctp.abilities.disguise import (
    record_worn,
    reveal_abducted,
    take_off_costumes,
)
from autogm.engine.families.dctp.abilities.interrogation import quarter_dead, sober_up
from autogm.engine.families.dctp.abilities.protect import die_of_wounds, lend_watch_tonight
from autogm.engine.families.dctp.abilities.travel import begin_travel
from autogm.engine.families.dctp.attacks import bribe_shield
from autogm.engine.families.dctp.harm import end_detentions
from autogm.engine.families.dctp.prep import finish_prep
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.orders.model import Order
from autogm.engine.outcome import Result
from autogm.engine.phases import PhaseKind
from autogm.engine.rules.base import Ruleset, per_ruleset
from autogm.engine.state import ABROAD, DRUNK, ERASED, IN_FLIGHT, INJURED, GameState, Status
from autogm.engine.validate import held_slots


def begin_phase(ctx: Context) -> None:
    begin_travel(ctx)
    if ctx.phase.kind is not PhaseKind.PREP:
        record_worn(ctx)
    add_passive(ctx)
    if ctx.ruleset.has("abroad_target_voids_all"):
        void_actions_on_travelers(ctx)
    lend_watch_tonight(ctx)


def void_actions_on_travelers(ctx: Context) -> None:
    """r53, Abroad: "If a player uses any of their actions on an abroad traveler, all actions
    will fail." Abroad is out of Japan when the phase begins (abroad or on the plane); a vote
    is not an action (Voting lists its own cases), and a bribed kill reaches a traveler ("Even
    if the victim is a traveler and out of the country, the kill will still be a success")."""
    away = {
        name
        for name, p in ctx.state.players.items()
        if p.is_free and (p.has(ABROAD, ctx.phase) or p.has(IN_FLIGHT, ctx.phase))
    }
    if not away:
        return
    bribed = bool(bribe_shield(ctx))
    voiders = {
        a.actor
        for a in ctx.actions
        if a.ability.name != "vote"
        and not (bribed and a.ability.name == "kill")
        and not away.isdisjoint(a.order.targets)
    }
    for action in ctx.actions:
        if action.actor in voiders and action.state == PENDING and action.ability.name != "vote":
            ctx.fail(action, "target_abroad")
    ctx.departing -= voiders


def end_phase(ctx: Context) -> None:
    die_of_wounds(ctx)
    finish_prep(ctx)
    if ctx.phase.is_night:
        take_off_costumes(ctx)
        fbi_reports(ctx)
    friend_killed(ctx)
    end_detentions(ctx)
    reveal_abducted(ctx)
    sober_kogorou(ctx)
    unlock_spies(ctx)
    ctx.state.ext.loans = [ln for ln in ctx.state.ext.loans if ln.phase > ctx.phase.index]


# ``Context.memo`` key: each player's held slots, computed once when the phase begins.
HELD_SLOTS = "held_slots"


@per_ruleset
def _passive_sheets(ruleset: Ruleset) -> frozenset[str]:
    """The roles whose sheets hold one of the ruleset's passive abilities: ruleset data,
    found once per ruleset rather than in every phase for every player."""
    passive = frozenset(n for n, a in abilities_for(ruleset).items() if a.passive)
    return frozenset(
        role for role, sheet in ruleset.roles.items() if not passive.isdisjoint(sheet.abilities())
    )


def add_passive(ctx: Context) -> None:
    """ "Kir doesn't need to PM the GM to use this action" (abilities flagged ``passive``)."""
    state = ctx.state
    sheets = _passive_sheets(state.ruleset)
    if not sheets:
        return  # no sheet holds one, and loans are left out below
    abilities = abilities_for(state.ruleset)
    cache = ctx.memo.get(HELD_SLOTS, {})
    # What was sent, gathered once a player may hold a passive ability (few do).
    sent: set[tuple[str, str]] | None = None
    kind = ctx.phase.kind
    players = state.players
    # A cheap test that spares computing every player's slots: a passive ability can be among
    # them only through a sheet that holds one (DCTP's abilities/lent.py sheet_roles: the
    # player's role, the disguise or costume worn, a best friend's role and disguise).
    friends = {} if state.ruleset.has("friend_lends_nothing") else state.ext.best_friends
    for name, p in players.items():
        if not p.is_free:
            continue
        if p.role not in sheets and p.ext.disguise not in sheets:
            friend = friends.get(name)
            if not friend:
                continue
            lender = players[friend]
            if lender.role not in sheets and lender.ext.disguise not in sheets:
                continue
        slots = cache.get(name)
        if slots is None:
            slots = held_slots(state, name)
        for key, slot in slots:
            if kind not in slot.phases or key.startswith("lent:"):
                continue
            for use in slot.options:
                ability = abilities.get(use.ability)
                if ability is None or not ability.passive:
                    continue
                if sent is None:
                    sent = {(a.actor, a.ability.name) for a in ctx.actions}
                if (name, use.ability) not in sent:
                    if p.has(INJURED, ctx.phase) and not ability.kept_when_injured:
                        # Condition, Injured: "loses any of their passive abilities": a lost
                        # ability is not attempted (no nightly "your betrayal failed").
                        continue
                    ctx.actions.append(
                        Action(Order(name, use.ability, wording=WORDING), ability, slot=key)
                    )
                    sent.add((name, use.ability))


def _reports_for(ctx: Context, leader: str) -> int:
    """How many subordinates report to the FBI leader after a night: up to two (2011); in
    r53 "based upon how many are left in the game. If 3+ are in the game, he will receive two
    results; if 0-2 are in the game, he will receive only one result." Left in the game: free
    players whose role or disguise is a subordinate's, as the count at the onset counts them."""
    state = ctx.state
    if not state.ruleset.has("fbi_reports_by_count"):
        return 2
    left = sum(
        1
        for name, p in state.players.items()
        if name != leader and p.is_free and _is_subordinate(state, name)
    )
    return 2 if left >= 3 else 1


def _is_subordinate(state: GameState, name: str) -> bool:
    """A player whose role or disguise is one of the FBI leader's subordinates."""
    p = state.players[name]
    role = state.ruleset.role
    return role(p.role).has_trait("fbi_subordinate") or (
        p.ext.disguise is not None and role(p.ext.disguise).has_trait("fbi_subordinate")
    )


def sober_kogorou(ctx: Context) -> None:
    """ "The player becomes sober the phase after Eri, Ran, Conan, or Shinichi dies. Those
    disguised do not count." "If Ran is injured due to successfully protecting someone at night,
    Kogorou becomes sober. Day protections or injuries incurred as a result of being treated
    with first-aid are not applicable." "Becomes sober after 1/4th the total townies have died".
    "Becomes sober when his alcohol has been stolen." "If Eri, Ran, Conan, or Shinichi get
    erased, Kogorou will not get sober and will stay drunk." Classic (feature
    ``sober_only_by_death``): "The player get's Sober after one of the roles Eri, Ran, Conan or
    Shinichi dies", and nothing else sobers him.
    """
    state = ctx.state
    drunk = [
        n
        for n, p in state.players.items()
        if DRUNK in p.conditions and p.has(DRUNK, ctx.phase) and p.is_alive
    ]
    if not drunk:
        return
    ruleset = state.ruleset
    # The cheap test first: few players died this phase.
    cause = any(
        p.status is Status.DEAD
        and ctx.died_now(name)
        and ruleset.role(p.role).has_trait("sobers_drunk")
        and ERASED not in p.conditions
        for name, p in state.players.items()
    )
    only_death = ruleset.has("sober_only_by_death")
    if ctx.phase.is_night and not only_death:
        cause = cause or any(
            r.ability == "protect"
            and r.outcome == "saved"
            and ruleset.role(state.players[r.player].role).has_trait("sobers_drunk")
            and ruleset.role(state.players[r.player].role).has_trait("injured_by_protecting")
            for r in ctx.results
        )
    cause = cause or (not only_death and quarter_dead(state))
    stolen = set() if only_death else ctx.memo.get("alcohol_stolen", set())
    for name in drunk:
        if cause or name in stolen:
            sober_up(ctx, name, now=False)


def unlock_spies(ctx: Context) -> None:
    """ "The player can't use Spy again as long as the player with that role/disguise isn't
    killed or arrested. The GM will notify the player that he can use the ability again." """
    for spy, watched in list(ctx.state.ext.spy_locks.items()):
        if ctx.player(watched).status is not Status.ALIVE:
            del ctx.state.ext.spy_locks[spy]
            ctx.notify(spy, "spy.unlocked")


def fbi_reports(ctx: Context) -> None:
    """ "After each night, James will receive two results from his subordinates chosen at
    random (the number of reports he gets relies on the number of subordinates in the game, but
    he may not receive more than two). With concern to Akai, James will receive only one of his
    investigations. In the case of Kir, James will receive only one of her actions (Betrayal,
    Investigation, or Special Investigation), chosen at random. The same also applies to any
    subordinate utilizing the bow-tie."
    """
    state = ctx.state
    # The sheets read off the roles mapping (``Ruleset.role`` and ``has_trait`` written out):
    # asked for every player after every night.
    roles = state.ruleset.roles
    leaders = [
        n for n, p in state.players.items()
        if p.is_free and "fbi_leader" in roles[p.role].traits
    ]  # fmt: skip
    if not leaders:
        return
    by_player: dict[str, list[Result]] = {}
    abilities = abilities_for(ctx.ruleset)
    # Whether each player is a subordinate, asked once per player, not once per result.
    subordinate: dict[str, bool] = {}
    for r in ctx.results:
        ability = abilities.get(r.ability)
        if r.outcome == "failed" or ability is None or not ability.informative:
            continue
        found = subordinate.get(r.player)
        if found is None:
            found = subordinate[r.player] = _is_subordinate(state, r.player)
        if found:
            by_player.setdefault(r.player, []).append(r)
    for leader in leaders:
        reporting = [n for n in by_player if n != leader]
        chosen: list[str] = []
        limit = _reports_for(ctx, leader)
        while reporting and len(chosen) < limit:
            pick = ctx.draw(f"a subordinate reporting to {leader}, among", reporting)
            chosen.append(pick)
            reporting.remove(pick)
        for name in chosen:
            results = by_player[name]
            labels = {f"{i + 1:02d} {r.ability}": r for i, r in enumerate(results)}
            result = labels[ctx.draw(f"the result {name} reports, among", list(labels))]
            shown = state.players[name].ext.disguise or state.players[name].role
            about = result.query or result.target
            about = f" {about}" if about else ""
            outcome = result.outcome
            if isinstance(outcome, list):
                outcome = ", ".join(outcome) or "nothing"
            ctx.notify(
                leader,
                "fbi.report",
                role=shown,
                ability=result.ability.replace("_", " "),
                about=about,
                answer=outcome,
            )
