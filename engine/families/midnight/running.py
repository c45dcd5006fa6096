"""The running count of the Council while the Day is open: what the Town may see of it.

"During the Day (the "Council") you can publicly vote for a player, or for "peace"." The votes
and the Daylight roles are public, so the count mid-Day shows each vote declared in the topic
with the voting power anyone can work out from the open roles (Authority, Despotism,
Negotiation, saved votes spent with Blackmail material, VIP's cap) and the votes added in the
open (Accuse, Revolt). What is covert stays out until the Council counts it at the end of the
Day: Jury duty ("covertly gets 1 vote against itself"), Whist and Slippery bastard
(docs/rulings.md, "midnight: the running count by Day").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from autogm.engine.ability import abilities_for
from autogm.engine.families.midnight.abilities.daylight_council import AddVotes
from autogm.engine.families.midnight.council import PEACE, capped, number, power
from autogm.engine.families.midnight.life import MidnightLife
from autogm.engine.families.midnight.model import game
from autogm.engine.orders.model import Order
from autogm.engine.render.inert import inert
from autogm.engine.render.templates import say
from autogm.engine.state import GameState, Status


@dataclass(frozen=True, slots=True)
class Added:
    """Votes added in the open to a player at this Day's Council."""

    ability: str  # its title: "Accuse", "Revolt"
    target: str
    amount: Fraction


@dataclass(frozen=True, slots=True)
class RunningCount:
    """The open Day's Council so far: each standing vote in the order cast (voter, choice,
    power), the votes added in the open, and who may vote and has not."""

    ballots: tuple[tuple[str, str, Fraction], ...]
    added: tuple[Added, ...]
    not_voting: tuple[str, ...]

    def totals(self) -> dict[str, Fraction]:
        """Each choice's count, most first, then by name."""
        totals: dict[str, Fraction] = {}
        for _, choice, weight in self.ballots:
            totals[choice] = totals.get(choice, Fraction(0)) + weight
        for added in self.added:
            totals[added.target] = totals.get(added.target, Fraction(0)) + added.amount
        return dict(sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])))

    def render_bbcode(self, title: str | None = None) -> str:
        """The running count post: a line per choice with its total and what makes it up."""
        lines = [f"[b]{say('vote_count.title') if title is None else title}[/b]"]
        for choice, total in self.totals().items():
            parts = [
                inert(voter) if weight == 1 else f"{inert(voter)} ({number(weight)})"
                for voter, chosen, weight in self.ballots
                if chosen == choice
            ]
            parts += [f"{a.ability} +{number(a.amount)}" for a in self.added if a.target == choice]
            lines.append(f"[b]{inert(choice)}[/b] {number(total)}: {', '.join(parts)}")
        if self.not_voting:
            idle = ", ".join(map(inert, self.not_voting))
            lines.append(say("vote_count.not_voting", count=len(self.not_voting), names=idle))
        lines.append(say("vote_count.midnight_note"))
        return "\n".join(lines)


def running_count(state: GameState, orders: Iterable[Order]) -> RunningCount | None:
    """The count of the open Day from the orders held (None when no Day is open)."""
    if not state.phase.is_day:
        return None
    abilities = abilities_for(state.ruleset)
    held = list(orders)
    spent = {
        o.actor: int(o.choice or 0)
        for o in held
        if o.ability == "blackmail_material" and (o.choice or "").isdigit()
    }
    life, vote = MidnightLife(), abilities["vote"]
    ballots = []
    for order in held:
        if order.ability != "vote" or not (order.targets or order.choice == PEACE):
            continue
        choice = PEACE if order.choice == PEACE else order.targets[0]
        if life.order_problem(state, order.actor, vote) is not None or (
            choice != PEACE and state.players[choice].status is Status.DEAD
        ):
            continue  # gone since it was cast (a wrong All-in, the GM): it will not count
        weight = power(state, order.actor) + spent.get(order.actor, 0)
        ballots.append((order.actor, choice, capped(state, order.actor, choice, weight)))
    today = state.phase.index
    added = [
        Added(state.ruleset.title(o.ability), o.targets[0], ability.amount)
        for o in held
        if isinstance(ability := abilities[o.ability], AddVotes)
        and ability.days_ahead == 0
        and o.targets
    ]
    added += [
        Added(state.ruleset.title(m.source), m.target, m.amount)
        for m in game(state).modifiers
        if m.day == today and m.public
    ]
    voted = {voter for voter, _, _ in ballots}
    idle = [
        name
        for name in state.players
        if name not in voted and life.order_problem(state, name, vote) is None
    ]
    return RunningCount(tuple(ballots), tuple(added), tuple(sorted(idle, key=str.casefold)))
