"""Day voting and the lynch.

"Everyone is allowed to vote during day phases ... You may only not vote if you are dead, not
in Japan (as a result of being a traveler), are arrested, or were hindered by an ability (such
as Frighten)." "Each player's vote is made public at the end of each day phase unless Voice of
Reason was used." "If a player was poisoned by APTX or arrested, their vote for that phase will
not count or be shown." "Players may abstain from voting."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.abilities.base import Ability, register
from engine.outcome import Lynch
from engine.rules.base import Step
from engine.state import Status

if TYPE_CHECKING:
    from engine.context import Action, Context

NO_LYNCH = "no lynch"


@register
class Vote(Ability):
    name = "vote"
    step = Step.LYNCHING
    blockable = False
    kept_when_suspended = True  # "lose all abilities apart from voting"
    kept_when_injured = True  # "Injured players may still ... [cast] lynch votes"

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        for action in actions:
            reason = ctx.unable_reason(action)
            if reason:
                # "He doesn't get a notice that his Vote didn't work."
                ctx.fail(action, reason, notify=False)
                continue
            choice = action.order.choice
            if choice == "abstain":
                ballot = "abstain"
            elif choice == "no_lynch":
                ballot = NO_LYNCH
            else:
                ballot = action.target or ""
            ctx.ballots[action.actor] = ballot
            ctx.done(action)
            ctx.result(action, "done", target=action.target)


def hold_lynch(ctx: Context) -> None:
    """Count the day's votes and lynch the most-voted player, as the rules allow."""
    if not ctx.phase.is_day:
        return
    counts: dict[str, int] = {}
    for ballot in ctx.ballots.values():
        if ballot != "abstain":
            counts[ballot] = counts.get(ballot, 0) + 1
    votes = dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    target = _choose(ctx, votes)
    lynched = target if target and target != NO_LYNCH else None
    ctx.lynch = Lynch(lynched, votes, shown=True, failed=False, ballots=dict(ctx.ballots))
    ctx.announce("lynch.votes", ballots=dict(ctx.ballots), votes=votes)
    if lynched:
        ctx.remove(lynched, Status.DEAD, "lynched")
    else:
        ctx.announce("lynch.none")


def _choose(ctx: Context, votes: dict[str, int]) -> str | None:
    if not votes:
        return None
    top = max(votes.values())
    if ctx.ruleset.option("lynch_majority") and top * 2 <= sum(votes.values()):
        return None
    leaders = sorted(name for name, n in votes.items() if n == top)
    # "If two people recieve the same number of lynch votes in a day phase and one of those two
    # people is arrested or APTXed, the other will be lynched." "If the person who got the most
    # lynch votes is also arrested that same phase, there will be no lynch. Same for APTX."
    standing = [n for n in leaders if n == NO_LYNCH or ctx.player(n).status is Status.ALIVE]
    if not standing:
        return None
    if len(standing) == 1:
        return standing[0]
    if ctx.ruleset.option("lynch_tie") == "random":
        return ctx.draw("lynch tie broken at random between", standing)
    return None
