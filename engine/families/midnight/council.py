"""The Council: a ledger of votes with exact voting power, modifiers, and "peace".

"During the Day (the "Council") you can publicly vote for a player, or for "peace". At the end
of the Day, the player with most votes dies. In case of a draw, players whose Open Roles are
listed earlier have priority. If "peace" has strictly more votes than every player, nobody
dies." Voting power comes in halves (Despotism +0.5, Revolt +1.5): every count is a Fraction,
compared exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from autogm.engine.context import DONE, FAILED
from autogm.engine.families.midnight.damage import die
from autogm.engine.families.midnight.model import game, mn
from autogm.engine.outcome import Lynch

if TYPE_CHECKING:
    from autogm.engine.context import Context
    from autogm.engine.state import GameState

PEACE = "peace"
BALLOTS = "mn_ballots"  # Context.memo: voter -> what they voted for, in order
SPENT = "mn_spent"  # Context.memo: voter -> saved votes spent today (Blackmail material)

# Voting power beyond 1, each (state, voter) -> extra (Authority +1, Despotism +0.5,
# Negotiation): added by the Daylight roles.
POWER: list[Callable[[GameState, str], Fraction]] = []
# Caps on a vote's power by whom it is cast against, each (state, voter, target, power) ->
# power (VIP: "characters with increased voting power only vote against you with one vote").
CAPS: list[Callable[[GameState, str, str, Fraction], Fraction]] = []
# Tried in order when a player is voted out; one that returns True cancels the Council, so
# nobody dies (Absolve, then Propaganda). Each writes its result naming whom it spared.
CANCELS: list[Callable[[Context, str], bool]] = []
# Tried in order after CANCELS; one that returns True keeps the voted-out player from dying
# (Qualified immunity, Unfinished business). A cancelled Council spends no one's save.
VOTED_OUT: list[Callable[[Context, str], bool]] = []
# Called with (ctx, ledger) once the votes and the Day's modifiers are in, for modifiers
# counted when the Council counts (Slippery bastard: "another 0.5 votes for each dead
# player").
COUNTING: list[Callable[[Context, Ledger], None]] = []


@dataclass(slots=True)
class Ledger:
    """One Council's count: each vote with its power, and the modifiers for this Day."""

    votes: dict[str, tuple[str, Fraction]] = field(default_factory=dict)
    modifiers: list[tuple[str, Fraction, str]] = field(default_factory=list)

    def vote(self, voter: str, target: str, power: Fraction) -> None:
        self.votes[voter] = (target, power)

    def modify(self, target: str, amount: Fraction, source: str) -> None:
        self.modifiers.append((target, amount, source))

    def totals(self) -> dict[str, Fraction]:
        totals: dict[str, Fraction] = {}
        for target, power in self.votes.values():
            totals[target] = totals.get(target, Fraction(0)) + power
        for target, amount, _ in self.modifiers:
            totals[target] = totals.get(target, Fraction(0)) + amount
        # A count below zero is no count ("loses two votes against himself"): a ruling.
        return {t: v for t, v in totals.items() if v > 0}


def power(state: GameState, voter: str) -> Fraction:
    return Fraction(1) + sum((extra(state, voter) for extra in POWER), Fraction(0))


def priority(state: GameState, player: str) -> tuple[int, str, str]:
    """The Council's order for a draw: the Daylight list, then "Other" alphabetically ("Council
    priority is the alphabetical order"), by the name the player wrote for it."""
    order = state.ruleset.ext.council_order
    p = state.players[player]
    if p.open_role in order:
        return (order.index(p.open_role), "", player)
    written = mn(p).open_name or p.open_role or ""
    return (len(order), written.casefold(), player)


def chosen(state: GameState, totals: dict[str, Fraction]) -> str | None:
    """Who dies: the most votes, "peace" winning only with strictly more than every player."""
    players = {t: v for t, v in totals.items() if t != PEACE}
    if not players:
        return None
    top = max(players.values())
    if totals.get(PEACE, Fraction(0)) > top:
        return None
    return min((t for t, v in players.items() if v == top), key=lambda t: priority(state, t))


def number(value: Fraction) -> int | float:
    """A count as the record writes it: 2, or 1.5 (halves are exact in a float)."""
    return int(value) if value.denominator == 1 else float(value)


def count(ctx: Context) -> Ledger:
    """The Council's ledger at the end of the Day: each ballot with its voter's power, the
    votes added or taken for this Day, and the modifiers counted now (Slippery bastard)."""
    ledger = Ledger()
    state = ctx.state
    spent = ctx.memo.get(SPENT, {})
    for voter, target in ctx.memo.get(BALLOTS, {}).items():
        weight = power(state, voter) + spent.get(voter, 0)
        ledger.vote(voter, target, capped(state, voter, target, weight))
    for m in game(state).modifiers:
        if m.day == ctx.phase.index:
            ledger.modify(m.target, m.amount, m.source)
    for counting in COUNTING:
        counting(ctx, ledger)
    return ledger


def capped(state: GameState, voter: str, target: str, weight: Fraction) -> Fraction:
    """A vote's power against ``target`` after the caps (VIP)."""
    for cap in CAPS:
        weight = cap(state, voter, target, weight)
    return weight


def cast_votes(ctx: Context) -> dict[str, tuple[str, str | None]]:
    """Every vote the Council took, in the order cast: voter -> (choice, None when it counts,
    else why it does not: ``dead`` for a voter removed from the game during the Day,
    ``target_unavailable`` for a vote naming a player who died during the Day, ...)."""
    cast: dict[str, tuple[str, str | None]] = {}
    for action in ctx.actions:
        if action.ability.name != "vote" or action.state not in (DONE, FAILED):
            continue
        order = action.order
        choice = PEACE if order.choice == PEACE else (order.targets[0] if order.targets else "")
        cast[action.actor] = (choice, None if action.state == DONE else action.reason)
    return cast


def hold_council(ctx: Context) -> None:
    """End of the Day: count the ledger and carry out the Council's choice.

    Every vote against a player counts, cast or added: "the player with most votes dies" asks
    not who cast them, so votes added by abilities (Accuse, Revolt, Jury duty) decide a Council
    on a Day nobody voted, unless option ``council_needs_a_vote`` holds no Council without a
    ballot (docs/rulings.md, "midnight: the Council")."""
    if not ctx.phase.is_day:
        return
    state = ctx.state
    # The votes cast, counted or not: a vote that names a player who died during the Day was
    # cast all the same, and the post says it counted for nobody.
    cast = cast_votes(ctx)
    if not cast and ctx.ruleset.option("council_needs_a_vote"):
        # No Council: nothing is counted, so no post shows a vote nobody cast.
        ctx.announce("midnight.council", ballots={}, votes={})
        ctx.announce("midnight.no_council")
        ctx.lynch = Lynch(None, {}, True, False, {})
        return
    ledger = count(ctx)
    totals = ledger.totals()
    target = chosen(state, totals)
    ballots = {voter: t for voter, (t, _) in ledger.votes.items()}
    shown = {t: number(v) for t, v in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))}
    uncounted = {voter: why for voter, (_, why) in cast.items() if why is not None}
    ctx.announce(
        "midnight.council", ballots={voter: choice for voter, (choice, _) in cast.items()},
        votes=shown, **({"uncounted": uncounted} if uncounted else {}),
    )  # fmt: skip
    if target is None:
        if PEACE in totals:
            ctx.announce("midnight.peace")
        elif cast:
            # Ballots cast, and no count above zero (votes taken away covertly, unnamed, or
            # cast for a player who died during the Day).
            ctx.announce("midnight.no_votes")
        else:
            ctx.announce("midnight.no_council")
        ctx.lynch = Lynch(None, shown, True, False, ballots)
        return
    if any(cancel(ctx, target) for cancel in CANCELS) or any(
        spare(ctx, target) for spare in VOTED_OUT
    ):
        # "failed says a lynch was due but did not happen" (docs/scenarios.md): the result of
        # what spared the player names them.
        ctx.lynch = Lynch(None, shown, True, True, ballots)
        return
    ctx.lynch = Lynch(target, shown, True, False, ballots)
    die(ctx, target, "voted_out")
