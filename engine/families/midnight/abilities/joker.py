"""The Neutral Midnight role Joker and the cards (midnight-2023, "Joker (N)").

Hand of Fate (H,J,D) — "every character can have any number of cards. Everyone knows how many
cards they have. Everybody has Play. Joker starts with 1 card." Cards change once, when the
Night ends ("simultaneously"): each Play costs its card, Deal and Pass give one, Hit doubles
the hands of those who did not Play, Fold empties the hand; then Bust, then the Croupier's
morning report (docs/rulings.md, "midnight: the cards").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from autogm.engine.ability import register
from autogm.engine.families.midnight import damage, guises, hooks, life
from autogm.engine.families.midnight.abilities.base import MidnightAbility
from autogm.engine.families.midnight.abilities.psycho import holds
from autogm.engine.families.midnight.model import Modifier, game, mn
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say
from autogm.engine.rules.base import NIGHT, AbilityUse, Slot, Step
from autogm.engine.state import Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

PLAYED = "mn_played"  # Context.memo: player -> the Play they made tonight
GAINS = "mn_card_gains"  # Context.memo: a card each, from Deal and Pass
HIT = "mn_hit"  # Context.memo: the Jokers who used Hit tonight
BUST = "mn_bust"  # Context.memo: the Jokers who used Bust tonight
BANKED = "mn_banked"  # Context.memo: who played Bank tonight
BANK_EMPTY = "mn_bank_empty"  # Context.memo: bankers no damage was dealt to
BUSTED = "mn_busted"  # Context.memo: who died due to Bust
FOLDED = "mn_folded"

PASS, BANK, BLUFF, WHIST, MISERE, FOLD = "pass", "bank", "bluff", "whist", "misère", "fold"
# What the player is told of each Play that took place (Bank's depends on the Night's damage).
PLAY_NOTICES = {
    PASS: "midnight.play_pass",
    BLUFF: "midnight.play_bluff",
    WHIST: "midnight.play_whist",
    MISERE: "midnight.play_misere",
    FOLD: "midnight.play_fold",
}
BLUFF_GUISES = 5
BUST_CARDS = 3


def card_game(state: GameState) -> bool:
    """Whether cards are in play: a Joker was dealt (Hand of Fate is H,J,D: it holds while the
    Joker is dead too)."""
    model = state.ruleset.ext
    return any(model.line(p.role, "hand_of_fate") for p in state.players.values())


@register(family="midnight")
class Deal(MidnightAbility):
    """Deal (H) — "during the Night you can choose up to three different targets. Each one
    gains a card\""""

    name = "deal"
    targets = 3

    def check(self, state: GameState, order: Order) -> str | None:
        if not 1 <= len(order.targets) <= 3:
            return say("refusal.deal_names")
        if len(set(order.targets)) != len(order.targets):
            return say("refusal.deal_different")
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.memo.setdefault(GAINS, []).extend(action.order.targets)
        self.took_place_done(ctx, action)


@register(family="midnight")
class Play(MidnightAbility):
    """Play (H) — "during the Night, if you have at least one card, you can lose it and
    activate one of the abilities": Pass, Bank, Bluff, Whist, Misère, Fold."""

    name = "play"
    step = Step.GUISES  # Bluff's Guises are there before anything learns one
    choices: ClassVar[tuple[str, ...]] = (PASS, BANK, BLUFF, WHIST, MISERE, FOLD)
    choice_names: ClassVar[dict[str, str]] = {PASS: "player", BLUFF: "guises"}

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        """ "Everybody has Play" (the Joker has it on the sheet)."""
        p = state.players[player]
        if p.ext is None or state.ruleset.ext.line(p.role, self.name):
            return None
        return Slot((AbilityUse(self.name),), NIGHT) if card_game(state) else None

    def check(self, state: GameState, order: Order) -> str | None:
        if mn(state.players[order.actor]).cards < 1:
            return say("midnight_refusal.play_no_card", ability=state.ruleset.title(self.name))
        choice = order.choice
        if choice not in self.choices:
            return say("refusal.play_one_of", choices=", ".join(c.title() for c in self.choices))
        if choice == PASS:
            if len(order.targets) != 1:
                return say("refusal.pass_names")
            if order.targets[0] == order.actor:
                return say("refusal.pass_other")
        elif order.targets:
            return say("midnight_refusal.play_no_player", choice=choice.title())
        if choice == BLUFF and len(order.roles) != BLUFF_GUISES:
            return say("midnight_refusal.bluff_guises", count=BLUFF_GUISES, given=len(order.roles))
        if choice != BLUFF and order.roles:
            return say("midnight_refusal.play_no_guises", choice=choice.title())
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        actor, choice = action.actor, action.order.choice or ""
        ctx.memo.setdefault(PLAYED, {})[actor] = choice
        if choice == PASS:
            # "Pass — choose a living target other than yourself. It gains a card"
            ctx.memo.setdefault(GAINS, []).append(action.target)
        elif choice == BANK:
            ctx.memo.setdefault(BANKED, set()).add(actor)
        elif choice == BLUFF:
            # "Bluff — gain any 5 Guises, this Night only"
            guises.add_for_phase(ctx, actor, list(action.order.roles))
        elif choice == WHIST:
            # "Whist — next Day, lose 2 votes against yourself"
            day = ctx.phase.index + 1
            game(ctx.state).modifiers.append(Modifier(day, actor, Fraction(-2), "whist", False))
        elif choice == MISERE:
            # "Misère — next Night your abilities are not disabled due to Hospital or Jail"
            mn(ctx.player(actor)).misere.add(ctx.phase.index + 2)
        elif choice == FOLD:
            ctx.memo.setdefault(FOLDED, set()).add(actor)
        self.took_place(ctx, action)

    def report(self, ctx: Context, action: Action) -> None:
        # The result and the notice name the Play, as the order did: a card was spent on it.
        choice = action.order.choice
        ctx.result(action, "done", target=action.target, choice=choice)
        if choice == BANK:
            empty = action.actor in ctx.memo.get(BANK_EMPTY, ())
            ctx.notify(action.actor, "midnight.bank_empty" if empty else "midnight.bank_blocked")
        elif choice in PLAY_NOTICES:
            bluffed = guises.written(Counter(action.order.roles))
            ctx.notify(action.actor, PLAY_NOTICES[choice], target=action.target, guises=bluffed)

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        return [
            replace(r, choice=action.order.choice) for r in super().failure_results(action, reason)
        ]


def _bank(ctx: Context, hit: damage.Hit) -> str | None:
    """Bank — "blocks all damage dealt to you this Night" (attacks or not)."""
    banked = hit.target in ctx.memo.get(BANKED, ()) and hit.ability != BANK
    return BANK if banked else None


def _bank_empty(ctx: Context, hits: list[damage.Hit]) -> None:
    """ "... but if there was none, you take 1 damage" (none dealt to you, stopped or not)."""
    for banker in sorted(ctx.memo.get(BANKED, ())):
        if not any(h.target == banker for h in hits):
            ctx.memo.setdefault(BANK_EMPTY, set()).add(banker)
            hits.append(damage.Hit(banker, banker, 1, BANK, attack=False))


damage.FILTERS.append(_bank)
damage.BEFORE_SETTLE.append(_bank_empty)


def _misere(state: GameState, player: str, index: int) -> frozenset[str]:
    p = state.players[player]
    return frozenset({"hospital", "jail"}) if p.ext and index in mn(p).misere else frozenset()


life.KEPT.append(_misere)


class _Activate(MidnightAbility):
    """An ability the Joker activates, with no target; its effect comes when the Night ends."""

    targets = 0
    memo_key: ClassVar[str]

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.memo.setdefault(self.memo_key, []).append(action.actor)
        self.took_place(ctx, action)
        ctx.result(action, "done")


@register(family="midnight")
class Hit(_Activate):
    """Hit (H) — "during the Night, you can activate this. Then all players who don't activate
    Play gain as many cards as they had at the beginning of the Night\""""

    name = "hit"
    memo_key = HIT


@register(family="midnight")
class JokerBust(_Activate):
    """Bust (H) — "during the Night, unless you use Hit, you can activate this. Then at the
    start of the Day everybody who has 3 or more cards dies.\""""

    name = "joker_bust"
    memo_key = BUST


def settle_cards(ctx: Context) -> None:
    """The Night's card changes, at once, then who holds how many is told to each player whose
    hand changed ("Everyone knows how many cards they have")."""
    if not ctx.phase.is_night or not card_game(ctx.state):
        return
    players = ctx.state.players
    start = {n: mn(p).cards for n, p in players.items()}
    played: dict[str, str] = ctx.memo.get(PLAYED, {})
    change: Counter[str] = Counter()
    for name in played:
        change[name] -= 1  # "you can lose it and activate one of the abilities"
    for target in ctx.memo.get(GAINS, ()):
        change[target] += 1
    for _ in ctx.memo.get(HIT, ()):
        for name, p in players.items():
            if p.status is Status.ALIVE and name not in played:
                change[name] += start[name]
    for name in ctx.memo.get(FOLDED, ()):
        change[name] = -start[name]  # "Fold — lose all cards": the hand ends the Night empty
    for name, delta in change.items():
        ext = mn(players[name])
        ext.cards = max(0, start[name] + delta)
        if ext.cards != start[name] and players[name].status is Status.ALIVE:
            ctx.notify(name, "midnight.cards", cards=ext.cards)


def bust(ctx: Context) -> None:
    """ "at the start of the Day everybody who has 3 or more cards dies" (in the morning post,
    before the Day's win check; "instead of dying" saves apply, Abduct's "by the end of the
    Night" does not)."""
    if not ctx.phase.is_night or not ctx.memo.get(BUST):
        return
    for name, p in ctx.state.players.items():
        if p.status is not Status.ALIVE or mn(p).cards < BUST_CARDS:
            continue
        if not any(spare(ctx, name) for spare in damage.SPARE):
            ctx.memo.setdefault(BUSTED, []).append(name)
            damage.die(ctx, name, "bust")


def croupier(ctx: Context) -> None:
    """Croupier (H,J) — "each morning you learn: How many cards each character has; A Guise
    of every dead character with at least 1 card; A Guise of every living character with at
    least 2 cards; The Midnight role of every character who died due to Bust; The Midnight
    role of every character who used a Play other than Pass\""""
    if not ctx.phase.is_night:
        return
    players = ctx.state.players
    for joker, p in players.items():
        if not holds(ctx.state, p, "croupier"):
            continue
        cards = {n: mn(o).cards for n, o in players.items()}
        learned: dict[str, str] = {}
        for name, other in players.items():
            dead = other.status is Status.DEAD
            if name != joker and cards[name] >= (1 if dead else 2):
                guise = guises.learn(ctx, joker, name, f"{joker}'s croupier on {name}")
                if guise:
                    learned[name] = guise
        busted = ctx.memo.get(BUSTED, [])
        players_ = [n for n, c in ctx.memo.get(PLAYED, {}).items() if c != PASS]
        roles = {n: players[n].role for n in sorted({*busted, *players_})}
        ctx.results.append(
            Result(joker, "croupier", {"cards": cards, "guises": learned, "roles": roles})
        )
        ctx.notify(
            joker, "midnight.croupier",
            cards=", ".join(f"{n} {c}" for n, c in cards.items()),
            guises=", ".join(f"{n}: {g}" for n, g in learned.items()) or "none",
            roles=", ".join(f"{n}: {r}" for n, r in roles.items()) or "none",
        )  # fmt: skip


hooks.AT_END.extend((settle_cards, bust, croupier))


@register(family="midnight")
class AllIn(MidnightAbility):
    """All-in (H) — "instantly, even if you are a spirit, you can publish the complete list of
    everyone's Midnight roles. If the list is correct, you win instantly. Otherwise you are
    removed from the game\""""

    name = "all_in"
    step = Step.MESSAGES
    instant = True
    spirit_ok = True
    needs_free_target = False
    targets = 0  # the list: ``targets`` with their ``roles``, in the same order
    lists_roles = True

    def check(self, state: GameState, order: Order) -> str | None:
        named = set(order.targets)
        if len(named) != len(order.targets) or len(order.roles) != len(order.targets):
            return say("refusal.all_in_list")
        missing = sorted(set(state.players) - named - {order.actor})
        if missing:
            return say("refusal.all_in_missing", missing=", ".join(missing))
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        order, actor = action.order, action.actor
        listed = list(zip(order.targets, order.roles, strict=True))
        right = all(ctx.player(n).role == role for n, role in listed)
        self.took_place(ctx, action)
        ctx.announce(
            "midnight.all_in", player=actor,
            roles=", ".join(f"{n}: {role}" for n, role in listed),
        )  # fmt: skip
        if right:
            ctx.result(action, "won")
            ctx.state.winner, ctx.state.winners = ctx.player(actor).role, (actor,)
            ctx.announce("midnight.all_in_won", player=actor)
        else:
            ctx.result(action, "removed")
            damage.die(ctx, actor, "removed")
