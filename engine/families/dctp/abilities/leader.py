"""Classic's leader vote: the Black Org ranks its members when Anokata is not (or no longer)
in play, and the first free member of the counted ranking leads.

Leader: "If Anokata is not present in a game (or was killed) the BO will choose a Leader. They
can either go for the ranking according to the role list (Anokata, Gin, Vermouth, Bourbon ...)
or they vote for their own ranking. So each player PMs the GM with a ranking." The worked
example: three ballots (Akonyl, Conia, Pofa / Conia, Akonyl, Pofa / Pofa, Conia, Akonyl) give
"Conia(Korn), Akonyl (Vodka), Pofa(Gin)" and "In case Conia dies then Akonyl will become the
new leader etc." "The leader ranking has nothing to do with the APTX ranking!": the APTX
priority keeps the role list (``DctpRules.bo_rank``); only ``current_leader``
(engine/families/dctp/state.py) reads the voted ranking. docs/rulings.md, "The Black Org's
leader vote".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp.state import black_org, current_leader
from autogm.engine.render.templates import say
from autogm.engine.rules.base import NIGHT_DAY, PREP, AbilityUse, Ruleset, Side, Slot, Step

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

FEATURE = "leader_vote"
# Option names (docs/rulings.md, "The Black Org's leader vote").
COUNT_OPTION = "leader_vote_count"
MISSING_OPTION = "leader_vote_missing"

_SLOT = Slot((AbilityUse("leader_ranking"),), NIGHT_DAY | PREP)


def vote_open(state: GameState) -> bool:
    """Whether the Black Org chooses its leader: no free member holds Anokata's "leader"
    trait ("not present in a game (or was killed)"; an arrested one "is otherwise considered
    dead")."""
    return not any(
        p.is_free
        and state.side(name) is Side.BLACK_ORG
        and state.ruleset.role(p.role).has_trait("leader")
        for name, p in state.players.items()
    )


def places(ballot: Sequence[str], candidates: Sequence[str]) -> dict[str, int]:
    """Each candidate's place on one ballot (1 = first). Players no longer candidates are left
    out and the places close up; a candidate the ballot does not name (a member freed after it
    was sent) shares the place after the last one named."""
    named = [c for c in dict.fromkeys(ballot) if c in candidates]
    found = {c: i + 1 for i, c in enumerate(named)}
    return {c: found.get(c, len(named) + 1) for c in candidates}


def count(
    ballots: Sequence[Sequence[str]],
    candidates: Sequence[str],
    method: str,
    role_rank: Callable[[str], int],
) -> tuple[str, ...]:
    """The ranking the ballots give.

    ``places`` (the worked example's count): the lowest sum of places first; a tie goes to
    the one with more first places, then more second places, and so on. ``pairwise``: the
    one who beats more of the others head to head (ranked above them on more ballots) first;
    a tie there is settled as ``places`` settles it. A tie no ballot settles goes to the role
    list ("the ranking according to the role list"), ``role_rank``.
    """
    table = [places(b, candidates) for b in ballots]
    size = len(candidates)

    def by_places(c: str) -> tuple[int, ...]:
        tally = [0] * (size + 1)
        for placed in table:
            tally[placed[c] - 1] += 1
        return (sum(placed[c] for placed in table), *(-n for n in tally))

    def wins(c: str) -> int:
        return sum(
            sum(p[c] < p[d] for p in table) > sum(p[d] < p[c] for p in table)
            for d in candidates
            if d != c
        )

    def key(c: str) -> tuple:
        first = (-wins(c),) if method == "pairwise" else ()
        return (*first, *by_places(c), role_rank(c), c)

    return tuple(sorted(candidates, key=key))


def tally(state: GameState) -> tuple[str, ...]:
    """The ranking of the free members from the ballots held (each member's latest)."""
    members = black_org(state)  # free members, in role-list order
    rank = state.ruleset.ext.bo_rank

    def role_rank(name: str) -> int:
        return rank(state.players[name].role)

    ballots = [state.ext.leader_ballots[m] for m in members if m in state.ext.leader_ballots]
    if state.ruleset.option(MISSING_OPTION) == "role_list":
        ballots += [tuple(members) for m in members if m not in state.ext.leader_ballots]
    return count(ballots, members, state.ruleset.option(COUNT_OPTION), role_rank)


def shown(state: GameState, ranking: Sequence[str]) -> str:
    """ "1. Conia (Korn), 2. Akonyl (Vodka), 3. Pofa (Gin)": members know each other's roles."""
    return ", ".join(f"{i}. {n} ({state.players[n].role})" for i, n in enumerate(ranking, 1))


@register
class LeaderRanking(Ability):
    """A member's ranking for the leader vote, sent by PM in any phase while the vote is open;
    a later one replaces it. It is a message to the GM, not an action in the night: tricks,
    frights, injuries and suspensions do not stop it, and investigations do not see it."""

    name = "leader_ranking"
    step = Step.OTHER
    blockable = False
    frightenable = False
    kept_when_injured = True
    kept_when_suspended = True
    needs_free_target = False

    def may_grant(self, ruleset: Ruleset) -> bool:
        return ruleset.has(FEATURE)

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        if not state.ruleset.has(FEATURE):
            return None
        p = state.players[player]
        if not p.is_free or state.side(player) is not Side.BLACK_ORG:
            return None
        return _SLOT if vote_open(state) else None

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        members = black_org(state)
        everyone = ", ".join(f"{m} ({state.players[m].role})" for m in members)
        seen: set[str] = set()
        for name in order.targets:
            if name in seen:
                return say("dctp_refusal.ranking_twice", player=name, members=everyone)
            seen.add(name)
            if name not in members:
                p = state.players[name]
                if state.side(name) is Side.BLACK_ORG:
                    return say(
                        "dctp_refusal.ranking_not_free",
                        player=name,
                        status=p.status.value,
                        members=everyone,
                    )
                return say("dctp_refusal.ranking_not_member", player=name, members=everyone)
        left_out = [m for m in members if m not in seen]
        if left_out:
            missing = ", ".join(f"{m} ({state.players[m].role})" for m in left_out)
            return say("dctp_refusal.ranking_left_out", missing=missing, members=everyone)
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        state = ctx.state
        counted = False
        for action in ctx.able(actions):
            state.ext.leader_ballots[action.actor] = tuple(action.order.targets)
            ctx.done(action)
            ctx.result(action, "done", query=action.order.canonical())
            counted = True
        if not counted:
            return
        state.ext.leader_ranking = tally(state)
        ballots = sum(1 for m in black_org(state) if m in state.ext.leader_ballots)
        for member in black_org(state):
            ctx.notify(
                member,
                "leader.ranking",
                ranking=shown(state, state.ext.leader_ranking),
                leader=current_leader(state),
                ballots=ballots,
            )
