"""Identification: the role a player holds, drawn from a list (Spy) or asked for by name
(the Detective Boys' Identify, Uehara's Police Identify)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from autogm.engine.ability import Ability, abilities_for, register
from autogm.engine.families.dctp import appearance
from autogm.engine.families.dctp.poisoning import starting_capsules
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say
from autogm.engine.rules.base import NIGHT, AbilityUse, Ruleset, Side, Slot, Step

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState


def spy_names(state: GameState) -> int:
    """ "a list of players not in the BO (4 - 6, depending on the size of the game ...)" and
    "a 'Shinichi' in the list of 5 players (= 14-16 town players)". Classic (Spy's flag
    ``names_as_aptx``): "a list of players not in the BO equal to 1/3 of the number of town
    players (= number of APTX)", the starting count, and no more than there are free players
    outside the Black Org to name (docs/rulings.md, "Irish's Spy list in classic")."""
    chosen = state.ruleset.option("spy_names")
    if chosen:
        return int(chosen)
    if getattr(abilities_for(state.ruleset)["spy"], "names_as_aptx", False):
        members = sum(1 for n in state.players if state.side(n) is Side.BLACK_ORG)
        count = starting_capsules(state.ruleset, members, state.ext.starting_town)
        others = sum(1 for n in state.free_players() if state.side(n) is Side.TOWN)
        return max(1, min(count, others))
    town = sum(1 for n in state.players if state.side(n) is Side.TOWN)
    return 4 if town < 14 else 5 if town <= 16 else 6


def spy_too_few(state: GameState) -> bool:
    """ "Can't be used when there are less than 4 townspeople alive or if there are less than
    BO+1 townsplayer alive." (alive and free)"""
    free = state.free_players()
    town = sum(1 for n in free if state.side(n) is Side.TOWN)
    return town < 4 or town < len(free) - town + 1


@register
class Spy(Ability):
    """ "The user chooses a list of players not in the BO ... the GM picks a random one and sends
    the name of the role to the player." "This does not reveal if someone is Kid, the player
    will just get the disguised role". "The player can't use Spy again as long as the player
    with that role/disguise isn't killed or arrested." "Spy cannot be investigated or staked
    out in any form" (it leaves no record that took place).
    """

    name = "spy"
    step = Step.OTHER
    informative: ClassVar[bool] = True
    # 2011: the lock until the role learned is gone, and the floor of town players; classic's
    # Spying says neither (``locks``, ``needs_enough_town`` off), and sizes the list as the
    # APTX count (``names_as_aptx``).
    locks = True
    needs_enough_town = True
    names_as_aptx = False

    def may_grant(self, ruleset: Ruleset) -> bool:
        return bool(ruleset.option("spy"))

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        if not state.ruleset.option("spy"):
            return None  # the option first: no sheet to read without it
        sheet = state.ruleset.role(state.players[player].role)
        if sheet.has_trait("spy_before_8_22_11"):
            return Slot((AbilityUse("spy"),), NIGHT)
        return None

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        wanted = spy_names(state)
        if len(set(order.targets)) != wanted:
            return say(
                "dctp_refusal.spy_names",
                ability=WORDING.title(self.name, state.ruleset.titles),
                count=wanted,
            )
        if order.actor in state.ext.spy_locks:
            return say("dctp_refusal.spy_locked")
        if self.needs_enough_town and spy_too_few(state):
            return say(
                "dctp_refusal.spy_too_few", ability=WORDING.title(self.name, state.ruleset.titles)
            )
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        for action in actions:
            reason = ctx.unable_reason(action) or (
                "too_few_town" if self.needs_enough_town and spy_too_few(ctx.state) else None
            )
            if reason:
                ctx.fail(action, reason)
                continue
            town = [
                t
                for t in action.order.targets
                if ctx.state.side(t) is Side.TOWN and ctx.is_reachable(t)
            ]
            if not town:
                ctx.fail(action, "target_unavailable")
                continue
            drawn = ctx.draw(f"the player {action.actor} spies on, among", town)
            role = appearance.shown_role(ctx.state, drawn)
            if self.locks:
                ctx.state.ext.spy_locks[action.actor] = drawn
            ctx.done(action, role)
            ctx.result(action, role)
            ctx.notify(action.actor, "spy.result", role=role)


@register
class Identify(Ability):
    """ "Decide together to Identify one person's role". "They can just Identify one player's
    role together per Day." "If one of the Detective Boys is prevented from using his day
    ability (for example by Tequila), the Identification could either succeed or fail, depending
    on the number of undisturbed Detective Boys. For example if 2 other DB are still in the
    game, the chance to fail is 1/3. If only one more is still active the chance to fail is
    1/2. If it is the last DB it will always fail." "If the person is disguised, they can't
    Identify the disguise but have to Identify if the player is Kid or Vermouth." "If the GM
    gets conflicting orders on whom to Identify, the GM will use this ranking" (the ruleset's
    ``group_rank``).
    """

    name = "identify"
    step = Step.OTHER
    informative: ClassVar[bool] = True

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        return None if order.role else say("dctp_refusal.identify_role")

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        rank = ctx.ruleset.ext.group_rank
        group = sorted(
            (
                n
                for n in ctx.state.free_players()
                if appearance.real_sheet(ctx.state, n).has_trait("detective_boy")
            ),
            key=lambda n: (
                rank.index(ctx.player(n).role) if ctx.player(n).role in rank else len(rank),
                n,
            ),
        )
        able = [a for a in actions if ctx.unable_reason(a) is None]
        chosen = min(
            able,
            key=lambda a: (
                rank.index(ctx.player(a.actor).role)
                if ctx.player(a.actor).role in rank
                else len(rank)
            ),
            default=None,
        )
        hindered = [n for n in group if ctx.unable(n, self) is not None]
        if chosen is None:
            for action in actions:
                ctx.fail(action, ctx.unable_reason(action) or "hindered")
            return
        for action in actions:
            if action is not chosen:
                # One identification a day: the others' orders merge into the chosen one.
                ctx.done(action, "merged")
        target = chosen.target or ""
        if (
            hindered
            and ctx.draw("the Detective Boy the identification rests on", group) in hindered
        ):
            outcome: object = "failed"
        elif not ctx.is_reachable(target):
            outcome = "failed"
        else:
            outcome = ctx.player(target).role == chosen.order.role
        ctx.done(chosen, outcome)
        ctx.record(chosen, took_place=outcome != "failed")
        query = f"{target} is {chosen.order.role}"
        for member in group:
            ctx.results.append(Result(member, self.name, outcome, query=query))
            key = "identify.failed" if outcome == "failed" else "identify.result"
            ctx.notify(member, key, query=query, answer=outcome)


@register
class PoliceIdentify(Ability):
    """ "Allows Uehara to identify other players for police roles." "does NOT identify through
    disguises" (a disguised Megure is "true"). "Uehara may use Police Identify every day phase
    until she makes a positive identification. Once she does, the ability is considered
    expired".
    """

    name = "police_identify"
    step = Step.OTHER
    informative: ClassVar[bool] = True

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.role:
            return say("dctp_refusal.police_identify_role")
        if state.ruleset.role(order.role).group != "Police":
            return say("dctp_refusal.not_police", role=order.role)
        if state.players[order.actor].used.get(self.name):
            return say(
                "dctp_refusal.police_identify_expired",
                ability=WORDING.title(self.name, state.ruleset.titles),
            )
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        p = ctx.player(target)
        answer = action.order.role in (p.role, p.ext.disguise)
        if answer:
            ctx.player(action.actor).used[self.name] = ctx.phase.index
        ctx.done(action, answer)
        ctx.record(action, took_place=True)
        query = f"{target} is {action.order.role}"
        ctx.results.append(Result(action.actor, self.name, answer, query=query))
        ctx.notify(action.actor, "identify.result", query=query, answer=answer)
