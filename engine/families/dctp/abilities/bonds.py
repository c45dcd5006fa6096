"""Bonds: Sonoko's Friendship and Yumi's Amor (Prep), Calvados's Cover, what friends learn.

"Detective Boys, BFFs, and Lovers must not overlap." "Sonoko's ability takes precedent over
Yumi's ability, meaning Friendship always takes precedent over Lovers." (Prep actions resolve
in that order in ``engine.families.dctp.prep``.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp import appearance
from autogm.engine.families.dctp.state import Loan
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side, Step
from autogm.engine.state import BEST_FRIEND, LOVER, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState

# "Yumi ... Chooses four players, two of which will become lovers."
AMOR_NAMES = 4
# Classic: how many pairings Yumi names ("GM tells how many exactly").
PAIRINGS_OPTION = "amor_pairings"


def in_a_bond(state: GameState, name: str) -> bool:
    sheet = state.ruleset.role(state.players[name].role)
    return (
        sheet.has_trait("detective_boy")
        or name in state.ext.best_friends
        or name in state.ext.best_friends.values()
        or any(name in pair for pair in state.ext.lovers)
    )


def befriendable(state: GameState, sonoko: str, name: str) -> bool:
    """ "Detective Boys, Lovers, and Black Org members apart from Vermouth cannot be befriended."
    "Travelers can be befriended." """
    sheet = state.ruleset.role(state.players[name].role)
    if name == sonoko or not state.players[name].is_alive or in_a_bond(state, name):
        return False
    return sheet.side is Side.TOWN or sheet.has_trait("befriendable")


def lovable(state: GameState, name: str) -> bool:
    """ "Best Friends and Detective Boys may not be lovers." """
    return state.players[name].is_alive and not in_a_bond(state, name)


class _PrepChoice(Ability):
    """A Prep action that names players, one or two of whom are drawn (DCTP's ``prep``)."""

    step = Step.PREP
    needs_free_target = False

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        """Left for DCTP's ``prep.settle_prep``, which keeps the text's order of Prep actions."""


@register
class Friendship(_PrepChoice):
    """ "Sonoko names a list of players he would like to befriend (GM determines the exact
    amount of players to list). The Sonoko player will then randomly befriend one of those
    players. Sonoko and her friend will know one another's identities, unless that person is
    disguised, in which case Sonoko will be given the disguised role and not the actual role."
    """

    name = "friendship"
    self_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        wanted = state.ruleset.option("prep_names")
        if len(set(order.targets)) != wanted:
            return say("refusal.friendship_names", count=wanted)
        return None

    def settle(self, ctx: Context, action: Action) -> None:
        state = ctx.state
        sonoko = action.actor
        named = [t for t in action.order.targets if befriendable(state, sonoko, t)]
        if not named:
            # Ruling: none of the names can be befriended; the draw is among all who can.
            named = [n for n in state.players if befriendable(state, sonoko, n)]
        if not named:
            ctx.fail(action, "nobody_to_befriend")
            return
        friend = ctx.draw(f"the friend of {sonoko}, among", named)
        state.ext.best_friends[sonoko] = friend
        for name in (sonoko, friend):
            ctx.player(name).conditions[BEST_FRIEND] = None
        ctx.done(action, friend)
        ctx.result(action, "done", target=friend)
        ctx.record(action, took_place=True, targets=(friend,))
        notify_friends(ctx, sonoko, friend)


def notify_friends(ctx: Context, sonoko: str, friend: str) -> None:
    """ "Friends know one another's identities, or just the disguise if one is disguised." """
    shown = appearance.shown_role(ctx.state, friend)
    ctx.notify(sonoko, "friend.yours", friend=friend, role=shown)
    ctx.notify(friend, "friend.you", sonoko=sonoko, role=ctx.player(sonoko).role)


@register
class Amor(_PrepChoice):
    """ "Chooses four players, two of which will become lovers." "Lovers know one another's
    actual identities." "During Prep phase, if Sonoko's friend is also someone named by Yumi,
    Sonoko's ability takes precedent."
    """

    name = "amor"
    # Classic: "Chooses 2-4 pairings to be lovers (GM tells how many exactly)"; "There can be
    # all pairings that the player chose or just 1 pair or 2 pairs etc. Yumi won't know who
    # really became lovers and who didn't." Off (2011): four names, one pair drawn.
    pairings = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if self.pairings:
            wanted = state.ruleset.option(PAIRINGS_OPTION)
            if len(order.targets) != 2 * wanted:
                return say("refusal.amor_pairings", count=wanted)
            if len(set(order.targets)) != len(order.targets):
                return say("refusal.amor_once")
            return None
        if len(set(order.targets)) != AMOR_NAMES:
            return say("refusal.amor_names", count=AMOR_NAMES)
        return None

    def settle(self, ctx: Context, action: Action) -> None:
        if self.pairings:
            self._settle_pairings(ctx, action)
            return
        state = ctx.state
        named = [t for t in action.order.targets if lovable(state, t)]
        if len(named) < 2:
            # Ruling: fewer than two of the names can be lovers; the rest are drawn among all.
            named += [n for n in state.players if lovable(state, n) and n not in named]
        if len(named) < 2:
            ctx.fail(action, "nobody_to_love")
            return
        first = ctx.draw(f"the first lover named by {action.actor}, among", named)
        second = ctx.draw(
            f"the second lover named by {action.actor}, among", [n for n in named if n != first]
        )
        pair = (first, second) if first < second else (second, first)
        state.ext.lovers.append(pair)
        for name in pair:
            ctx.player(name).conditions[LOVER] = None
        ctx.done(action, "done")
        ctx.result(action, "done", target=pair[0])
        ctx.notify(action.actor, "amor.done", first=pair[0], second=pair[1])
        notify_lovers(ctx, *pair)

    def _settle_pairings(self, ctx: Context, action: Action) -> None:
        """Classic: of the pairings named, those whose two players may be lovers ("DB's ... and
        Friends ... can't be lovers") are the candidates; how many become lovers (1 to all) and
        which are drawn. Yumi is told only that it is done (docs/rulings.md, "Amor's
        pairings in classic")."""
        state, names = ctx.state, action.order.targets
        pairs = [
            (a, b) if a < b else (b, a)
            for a, b in zip(names[::2], names[1::2], strict=True)
            if lovable(state, a) and lovable(state, b)
        ]
        if not pairs:
            ctx.fail(action, "nobody_to_love")
            return
        how_many = int(ctx.draw("how many pairings become lovers, among", [
            str(n) for n in range(1, len(pairs) + 1)
        ]))  # fmt: skip
        left = {f"{a} x {b}": (a, b) for a, b in pairs}
        for _ in range(how_many):
            chosen = ctx.draw(
                f"a pairing named by {action.actor} that becomes lovers, among", list(left)
            )
            first, second = left.pop(chosen)
            state.ext.lovers.append((first, second))
            for name in (first, second):
                ctx.player(name).conditions[LOVER] = None
            notify_lovers(ctx, first, second)
        ctx.done(action, "done")
        ctx.result(action, "done")
        ctx.notify(action.actor, "amor.pairings_done")


def notify_lovers(ctx: Context, first: str, second: str) -> None:
    for me, other in ((first, second), (second, first)):
        ctx.notify(me, "lovers.you", lover=other, role=ctx.player(other).role)


def lover_of(state: GameState, name: str) -> str | None:
    for first, second in state.ext.lovers:
        if name == first:
            return second
        if name == second:
            return first
    return None


@register
class Cover(Ability):
    """ "Can choose one ally during the day. The next night, Calvados can use one night ability
    from that ally." "Allies are all BOs ... and Calvados's own lover." "Doesn't work if Calvados
    or the target dies during the day." "Will still work if the ally was arrested during the day
    Calvados covered him/her." "Will not work on dead or already arrested allies."
    """

    name = "cover"
    step = Step.OTHER
    self_target = False
    needs_free_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        ally = order.targets[0]
        if state.players[ally].status is not Status.ALIVE:
            return say(
                "dctp_refusal.cover_not_free",
                ally=ally,
                ability=WORDING.title(self.name, state.ruleset.titles),
            )
        if state.side(ally) is not Side.BLACK_ORG and lover_of(state, order.actor) != ally:
            return say("dctp_refusal.cover_not_ally", ally=ally)
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        ally = action.target or ""
        p = ctx.player(ally)
        arrested_today = p.status is Status.ARRESTED and p.fate and p.fate.phase == ctx.phase
        if p.status is Status.DEAD or (p.status is Status.ARRESTED and not arrested_today):
            # Public news (a death, an arrest), so the notice may say it.
            ctx.fail(action, "ally_lost")
            return
        ctx.state.ext.loans.append(
            Loan("cover", action.actor, action.actor, ctx.phase.index + 1, source=ally)
        )
        ctx.done(action)
        ctx.result(action, "done", target=ally)
        ctx.record(action, took_place=True)
        ctx.notify(action.actor, "cover.done", target=ally)


def friend_killed(ctx: Context) -> None:
    """ "When Sonoko's friend dies as a result of being killed by the Black Org, she will learn
    the identity of the attacker. She will not learn the identity if her friend happens to be
    sniped or poisoned." """
    for sonoko, friend in ctx.state.ext.best_friends.items():
        if not ctx.died_now(friend):
            continue
        for attack in ctx.attacks:
            if attack.target == friend and attack.outcome == "killed" and attack.kind == "kill":
                killer = attack.attacker
                ctx.notify(
                    sonoko,
                    "friend.killer",
                    friend=friend,
                    killer=killer,
                    role=appearance.shown_role(ctx.state, killer),
                )
                break
