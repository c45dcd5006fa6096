"""Day voting and the lynch: the ballots counted, the most-voted player lynched as the rules
allow. The orders that feed it (the vote, Voice of Reason, Accompany, the Protection Charm,
Voice of Accusation) are abilities in engine/families/dctp/abilities/lynch.py.

"Everyone is allowed to vote during day phases ... You may only not vote if you are dead, not
in Japan (as a result of being a traveler), are arrested, or were hindered by an ability (such
as Frighten)." "Each player's vote is made public at the end of each day phase unless Voice of
Reason was used." "If a player was poisoned by APTX or arrested, their vote for that phase will
not count or be shown." "Players may abstain from voting."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.context import DONE, PENDING, Attack
from autogm.engine.families.dctp.harm import injure, revenge_applies
from autogm.engine.families.dctp.protection import first_saver
from autogm.engine.outcome import Lynch, Result
from autogm.engine.state import DETAINED, INJURED, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context

NO_LYNCH = "no lynch"


def _count(ballots: dict[str, str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for ballot in ballots.values():
        if ballot != "abstain":
            counts[ballot] = counts.get(ballot, 0) + 1
    return counts


def _adjusted(votes: dict[str, int], changes: list[tuple[str, int]]) -> dict[str, int]:
    out = dict(votes)
    for name, delta in changes:
        if name in out or delta > 0:
            out[name] = max(0, out.get(name, 0) + delta)
    return {k: v for k, v in out.items() if v > 0}


def hold_lynch(ctx: Context) -> None:
    """Count the day's votes and lynch the most-voted player, as the rules allow."""
    if not ctx.phase.is_day:
        return
    votes = dict(sorted(_count(ctx.ballots).items(), key=lambda kv: (-kv[1], kv[0])))
    accusations = _accusations(ctx)
    accompanied = [(a, a.target or "") for a in ctx.actions_of("accompany") if a.state == DONE]
    charmed = _charms_today(ctx)
    extra = [(t, 1) for _, t in accusations]
    fewer = [(t, -1) for _, t in accompanied]
    adjusted = _adjusted(votes, extra + fewer + [(t, -1) for t in charmed])
    if charmed and ctx.ruleset.option("charm_saved_lynch") == "no_lynch":
        adjusted = _charm_stops_lynch(ctx, votes, extra + fewer, charmed) or adjusted
    target = _choose(ctx, adjusted)
    lynched = target if target and target != NO_LYNCH else None
    _vengeance_of_the_poisoned(ctx, adjusted)
    # Voice of Reason: "Can stop the lynching once per game. ... if successful no one will be
    # killed by lynching during that day. The lynching votes will not be shown." Rule
    # Clarifications: "No votes are shown if Voice of Reason is used."
    reasons = [
        a for a in ctx.actions_of("voice_of_reason")
        if a.state == PENDING and ctx.unable_reason(a) is None
    ]  # fmt: skip
    if reasons:
        ctx.lynch = Lynch(None, votes, shown=False, failed=lynched is not None,
                          ballots=dict(ctx.ballots))  # fmt: skip
        ctx.announce("lynch.reason")
        for action in reasons:
            outcome = "saved" if lynched else "done"
            ctx.done(action, outcome)
            ctx.result(action, outcome)
            ctx.record(action, took_place=True)
            ctx.player(action.actor).used["voice_of_reason"] = 1
            ctx.notify(action.actor, "voice_of_reason.done")
        return
    ctx.announce("lynch.votes", ballots=dict(ctx.ballots), votes=votes)
    failed = False
    _charm_notices(ctx, votes, extra + fewer, charmed, lynched)
    # Accompany: "There will be just a public notice that 1 vote was reduced, in case that
    # person was about to be lynched." Rule Clarifications: "If the result of the accompany
    # affects the results of the vote, it is only revealed to the public that the lynching
    # failed" (option accompany_notice).
    # Asked only when it can matter: a tie among many is costly to look through.
    without = _choose(ctx, _adjusted(votes, extra), draw=False) if accompanied else None
    for action, accused in accompanied:
        if without == accused and lynched != accused:
            ctx.results.append(Result(action.actor, "accompany", "saved", target=accused))
            failed = True
            if ctx.ruleset.option("accompany_notice") == "vote_reduced":
                ctx.announce("lynch.accompanied", player=accused)
            else:
                ctx.announce("lynch.failed")
    # Voice of Accusation: "Once Kujou has lynched somebody using Voice of Accusation was a
    # deciding factor in having the person lynched, she may not use it again." "If Voice of
    # Accusation causes a player to be lynched, there will be a notice that one vote was
    # increased by 1, much like the Accompany notice."
    unaccused = _choose(ctx, _adjusted(votes, fewer), draw=False) if accusations else None
    for action, accused in accusations:
        if lynched == accused and unaccused != accused:
            ctx.player(action.actor).used["voice_of_accusation"] = 1
            ctx.announce("lynch.accused", player=accused)
    if lynched and not failed:
        saver = first_saver(ctx, lynched, "lynch")
        if saver is not None:
            # "If a lynching is hindered due to the target being protected or the target being
            # a traveler, the GM reports that the lynching simply failed. All votes are still
            # shown as usual." (option day_protect_votes_shown)
            saver.ability.on_save(ctx, saver, Attack("", lynched, "lynch"))  # type: ignore[attr-defined]
            failed = True
            ctx.announce("lynch.failed")
        elif not ctx.is_reachable(lynched) or ctx.is_leaving(lynched):
            failed = True
            ctx.announce("lynch.failed")
    shown = not (failed and not ctx.ruleset.option("day_protect_votes_shown"))
    if failed:
        ctx.lynch = Lynch(None, votes, shown=shown, failed=True, ballots=dict(ctx.ballots))
        if not shown:
            ctx.notices[:] = [n for n in ctx.notices if n.key != "lynch.votes"]
        return
    ctx.lynch = Lynch(lynched, votes, shown=True, failed=False, ballots=dict(ctx.ballots))
    if lynched:
        ctx.remove(lynched, Status.DEAD, "lynched")
        _revenge_on_lynch(ctx, lynched)
    else:
        ctx.announce("lynch.none")


def _charms_today(ctx: Context) -> dict[str, str]:
    """The Protection Charms that work on today's lynch (holder -> giver), spent now whether
    or not they change it (docs/rulings.md, "When does the Protection Charm work?")."""
    charms = ctx.state.ext.lynch_charms
    today = {h: giver for h, (day, giver) in charms.items() if day == ctx.phase.index}
    ctx.state.ext.lynch_charms = {h: v for h, v in charms.items() if v[0] > ctx.phase.index}
    return today


def _charm_stops_lynch(
    ctx: Context, votes: dict[str, int], changes: list[tuple[str, int]], charmed: dict[str, str]
) -> dict[str, int] | None:
    """Option ``charm_saved_lynch = no_lynch``: a charm that saves its holder stops the
    lynching outright (no votes left for anyone), as 2011's Accompany does."""
    without = _choose(ctx, _adjusted(votes, changes), draw=False)
    if without in charmed:
        with_charm = _choose(ctx, _adjusted(votes, [*changes, (without, -1)]), draw=False)
        if with_charm != without:
            return {}
    return None


def _charm_notices(
    ctx: Context,
    votes: dict[str, int],
    changes: list[tuple[str, int]],
    charmed: dict[str, str],
    lynched: str | None,
) -> None:
    """classic Protection Charm: "There will be a notice/text from the GM that the charm was in
    effect in case someone was saved by it. If it doesn't save the lynched one, then there will
    be no notice/text that the charm is in the game ... All votes will still be shown
    normally." Saved: the holder had the most votes without the charm, and is not lynched."""
    if not charmed:
        return
    without = _choose(ctx, _adjusted(votes, changes), draw=False)
    if without in charmed and lynched != without:
        giver = charmed[without]
        ctx.results.append(Result(giver, "protection_charm", "saved", target=without))
        ctx.announce("lynch.charm", player=without)


def _accusations(ctx: Context) -> list[tuple[Action, str]]:
    """Voice of Accusation: "Voice of Accusation makes Kujou's vote count as an extra vote."
    "Voice of Accusation may only be used when Kujou is voting to lynch somebody she has
    Cross-Examined previously."
    """
    found = []
    for action in ctx.actions_of("voice_of_accusation"):
        if action.state != PENDING:
            continue
        reason = ctx.unable_reason(action)
        if reason:
            ctx.fail(action, reason)
            continue
        accused = ctx.ballots.get(action.actor)
        examined = accused is not None and any(
            r.actor == action.actor and r.ability == "cross_examine" and r.took_place
            and accused in r.targets and r.phase < ctx.phase
            for r in ctx.state.history
        )  # fmt: skip
        if not examined or accused is None:
            ctx.fail(action, "not_cross_examined", notify=False)
            ctx.notify(action.actor, "voice_of_accusation.not_examined")
            continue
        ctx.done(action)
        ctx.result(action, "done", target=accused)
        ctx.record(action, took_place=True, targets=(accused,))
        found.append((action, accused))
    return found


def _revenge_on_lynch(ctx: Context, lynched: str) -> None:
    """Revenge: "When they get lynched, the target of their own lynching vote will become
    'injured'". Vengeance: "If Akai gets lynched, he'll kill the person he voted for too."
    """
    voted = ctx.ballots.get(lynched)
    if not voted or voted in {"abstain", NO_LYNCH} or voted not in ctx.state.players:
        return
    if not ctx.is_reachable(voted):
        # "If a traveler is targeted with an action while abroad, that action will fail":
        # the revenge does not injure, nor the vengeance kill, a player out of Japan, in
        # flight or leaving it this phase (docs/rulings.md, "Revenge and Vengeance on a
        # traveler").
        return
    p = ctx.player(lynched)
    if revenge_applies(ctx, lynched) and ctx.player(voted).status is not Status.DEAD:
        injure(ctx, voted, "revenge")
        ctx.announce("injury.public", player=voted)
        ctx.notify(voted, "revenge.injured_you", essential=True)
    if _has_vengeance(ctx, lynched) and not p.has(INJURED, ctx.phase):
        _vengeance_kill(ctx, voted)


def _has_vengeance(ctx: Context, name: str) -> bool:
    return "vengeance" in ctx.ruleset.role(ctx.player(name).role).abilities()


def _vengeance_kill(ctx: Context, voted: str) -> None:
    if not ctx.is_reachable(voted):
        return  # a traveler out of reach "cannot be killed without Bribe being used"
    if ctx.player(voted).status is not Status.DEAD:
        ctx.remove(voted, Status.DEAD, "vengeance")


def _vengeance_of_the_poisoned(ctx: Context, votes: dict[str, int]) -> None:
    """Vengeance: "If APTXed and lynched, the one he voted for will still get killed." "If
    APTXed at day or night, he won't injure the poisoner." """
    if not ctx.poisoned or not votes:
        return
    top = max(votes.values())
    for name in sorted(ctx.poisoned):
        if votes.get(name) != top or not _has_vengeance(ctx, name):
            continue
        if ctx.player(name).has(INJURED, ctx.phase):
            continue
        order = next((a.order for a in ctx.actions_of("vote") if a.actor == name), None)
        if order and order.targets and ctx.state.players.get(order.targets[0]):
            _vengeance_kill(ctx, order.targets[0])


def _choose(ctx: Context, votes: dict[str, int], *, draw: bool = True) -> str | None:
    if not votes:
        return None
    top = max(votes.values())
    if ctx.ruleset.option("lynch_majority") and top * 2 <= sum(votes.values()):
        return None
    leaders = sorted(name for name, n in votes.items() if n == top)
    # "If two people recieve the same number of lynch votes in a day phase and one of those two
    # people is arrested or APTXed, the other will be lynched." "If the person who got the most
    # lynch votes is also arrested that same phase, there will be no lynch. Same for APTX."
    # A detained player counts as arrested here (docs/rulings.md, "Detention").
    # Each player looked up once: a day where most voted for someone different ties dozens.
    players, phase = ctx.state.players, ctx.phase
    standing = []
    for n in leaders:
        if n != NO_LYNCH:
            p = players[n]
            if not p.is_free or (p.conditions and p.has(DETAINED, phase)):
                continue
        standing.append(n)
    if not standing:
        return None
    if len(standing) == 1:
        return standing[0]
    if draw and ctx.ruleset.option("lynch_tie") == "random":
        return ctx.draw("lynch tie broken at random between", standing)
    return None
