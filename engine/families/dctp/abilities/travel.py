"""Travel: Hakuba and Makoto start abroad and fly in (or out) by a Prep, night or day order.

"At the onset of the game, the player is not in Japan." "If they do travel beginning in prep,
they will be in the air on Night 1 ... they will arrive during Day 1". "Hakuba decides to
travel to Japan on Night 1. Then he's in the plane on Day 1 ... Will arrive in Japan at Night
2". So a Travel sent in phase P puts the traveler on the plane in P+1 and at the destination
in P+2.

Abroad, the traveler is "treated as if they were 'arrested' as far as not being able to be
killed, not being able to use any actions apart from Travel, and not being able to vote"; on
the plane "the player may not use their abilities, vote, or be killed or lynched ... may also
not be poisoned". Leaving Japan: "The player may not use an ability or vote and travel in the
same phase." "If the traveler is killed or lynched in the same phase they use Travel, the
traveler will survive and travel as intended. Only if they are discombobulated or frightened
will the traveler still be killed". "If the traveler is poisoned on the same phase they use
Travel to leave Japan, the APTX will still take effect and they will die."

The context carries who is leaving (``Context.departing``, filled when the phase begins):
``Context.is_reachable`` treats a traveler whose Travel still stands as out of reach, and
``Context.unable`` fails his other actions ("traveling").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Step
from autogm.engine.state import ABROAD, BOMB, IN_FLIGHT

# Travelers strapped with the Explosive Vest when the phase began (``Context.memo``).
STRAPPED = "strapped_travelers"

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState


@register
class Travel(Ability):
    """ "To travel, the player sends a travel order to the GM (whether it's during Prep, Night,
    or Day)." "Traveling can be hindered by abilities, and the player will not travel if so."
    """

    name = "travel"
    step = Step.OTHER
    alone = True  # "Can opt to Travel OR Interrogate during the night ... Travel OR Vote"
    abroad_ok = True  # "not being able to use any actions apart from Travel"
    needs_free_target = False
    targets = 0

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        p = state.players[order.actor]
        if p.has(IN_FLIGHT, state.phase):
            return say("dctp_refusal.travel_in_flight")
        if p.has(BOMB, state.phase) and not p.has(ABROAD, state.phase):
            return say("dctp_refusal.travel_bomb")
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        if action.actor in ctx.memo.get(STRAPPED, ()):
            ctx.fail(action, "strapped")
            return
        self._fly(ctx, action)

    def _fly(self, ctx: Context, action: Action) -> None:
        p = ctx.player(action.actor)
        now = ctx.phase.index
        home = p.has(ABROAD, ctx.phase)
        if home:
            p.conditions[ABROAD] = now
        else:
            p.conditions[ABROAD] = None
        p.conditions[IN_FLIGHT] = now + 1
        arrival = Phase(now + 2)
        ctx.done(action)
        ctx.result(action, "done")
        ctx.record(action, took_place=True, targets=())
        key = "travel.to_japan" if home else "travel.abroad"
        ctx.notify(action.actor, key, flight=str(Phase(now + 1)), arrival=str(arrival))


def begin_travel(ctx: Context) -> None:
    """Who is leaving Japan this phase: travelers in Japan with a Travel order.

    The Explosive Vest: "If a traveler is strapped with the bomb, they may not travel out of
    the country that day phase. They may travel the next night if applicable and the bomb was
    defused." A bomb worn when the day begins keeps its wearer in Japan all day, even once it
    is defused (the Travel fails: ``strapped``).
    """
    for action in ctx.actions:
        if action.ability.name != "travel":
            continue
        p = ctx.player(action.actor)
        if not p.is_free or p.has(ABROAD, ctx.phase) or p.has(IN_FLIGHT, ctx.phase):
            continue
        if p.has(BOMB, ctx.phase):
            ctx.memo.setdefault(STRAPPED, set()).add(action.actor)
        else:
            ctx.departing.add(action.actor)
