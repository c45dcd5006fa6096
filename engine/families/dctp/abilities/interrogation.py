"""Kogorou's interrogation ("BO" or "Not BO", at random while he is drunk), his sobering up,
and the Analyze that gives the true answer once he is sober."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp import appearance
from autogm.engine.families.dctp.abilities.informative import Informative
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side, Step
from autogm.engine.state import DRUNK, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState

BO, NOT_BO = "BO", "Not BO"


def quarter_dead(state: GameState) -> bool:
    """ "Becomes sober after 1/4th the total townies have died" (option ``kogorou_quarter``)."""
    if state.ruleset.option("kogorou_quarter") == "players":
        total = len(state.players)
        dead = sum(1 for p in state.players.values() if p.status is Status.DEAD)
    else:
        total = state.ext.starting_town
        dead = sum(
            1
            for name, p in state.players.items()
            if p.status is Status.DEAD and state.side(name) is Side.TOWN
        )
    return total > 0 and dead * 4 >= total


def starts_drunk(state: GameState) -> bool:
    """Whether a drunk role starts drunk: always (2011), or only with a role that sobers him in
    the game, worn roles aside (feature ``drunk_needs_soberer``)."""
    if not state.ruleset.has("drunk_needs_soberer"):
        return True
    return any(state.ruleset.role(p.role).has_trait("sobers_drunk") for p in state.players.values())


def sober_up(ctx: Context, name: str, *, now: bool) -> None:
    """Kogorou is sober from this phase (``now``) or from the next."""
    p = ctx.player(name)
    if DRUNK not in p.conditions:
        return
    if now:
        del p.conditions[DRUNK]
    else:
        p.conditions[DRUNK] = ctx.phase.index
    ctx.notify(name, "kogorou.sober", essential=True)


@register
class Interrogate(Informative):
    """ "He'll get the result 'BO' or 'Not BO'. Check the roles to see what result they get when
    they weren't slandered." "If that player was also Slandered, he'll get the reverse
    answer". "If Kogorou is drunk, he'll get a random result." "If Vermouth or Irish are
    disguised, they assume the default interrogation result of the disguise they are wearing."
    """

    name = "interrogate"

    def report(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        actor = ctx.player(action.actor)
        true = appearance.interrogation(ctx.state, target)
        ctx.state.ext.interrogations[(action.actor, ctx.phase.index)] = (target, true)
        if actor.has(DRUNK, ctx.phase) and quarter_dead(ctx.state):
            # "meaning his interrogation the night of the dividing death will be an accurate one"
            sober_up(ctx, action.actor, now=True)
        if actor.has(DRUNK, ctx.phase):
            answer = ctx.draw(f"{action.actor} is drunk: the answer on {target}", [BO, NOT_BO])
        else:
            answer = true
            if target in ctx.slandered:
                answer = NOT_BO if true == BO else BO
        ctx.results.append(Result(action.actor, self.name, answer, target=target))
        ctx.notify(action.actor, "interrogate.result", target=target, answer=answer)


@register
class Analyze(Ability):
    """ "After the player gets Sober, he can analyze his Interrogations during the Day (even
    the one before he got Sober) ... He gets the correct answer with the Analysis, whether the
    result was wrong because of being Drunk or because it was Slandered." "Needs to PM: 'I want
    to Analyze my Interrogation from Night 1'".
    """

    name = "analyze"
    step = Step.OTHER
    needs_free_target = False
    targets = 0

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.players[order.actor].has(DRUNK, state.phase):
            return say(
                "dctp_refusal.analyze_drunk", ability=WORDING.title(self.name, state.ruleset.titles)
            )
        if order.when is None:
            return say("dctp_refusal.analyze_night")
        if (order.actor, order.when.index) not in state.ext.interrogations:
            return say("dctp_refusal.analyze_nothing", phase=order.when)
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        when = action.order.when
        assert when is not None
        target, true = ctx.state.ext.interrogations[(action.actor, when.index)]
        ctx.done(action, true)
        ctx.result(action, true, target=target)
        ctx.record(action, took_place=True, targets=(target,))
        ctx.notify(action.actor, "analyze.result", target=target, when=str(when), answer=true)
