"""What every player has: Vote (a Daylight ability) and Letter (a Midnight ability).

"Letter (a Midnight ability) — during the Night, you can send an anonymous message to a player,
or to the entire Town. If one target, including the Town, got more than three letters in one
Night, the instead of the messages it only learns "you have been spammed"."

With option ``letters = approve`` the words of a Letter (and of the Boss's Call) are held for
the GM at the close (engine/gm_texts.py) and go out once approved; the spam is still decided
at the close, by the count of letters sent (docs/rulings.md, "midnight: letters through the
GM's approval queue").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.families.midnight.abilities.base import MidnightAbility
from autogm.engine.families.midnight.council import BALLOTS, PEACE
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Step

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

TOWN = "town"
# A letter's result when it waits for the GM (option ``letters = approve``).
HELD = "held"


def approved(ctx: Context) -> bool:
    """Whether Letters and The Call wait for the GM's approval (option ``letters``):
    "pretending to be another player is not allowed", and the GM is the one who checks."""
    return ctx.ruleset.option("letters") == "approve"


def send(ctx: Context, to: str | None, key: str, text: str | None) -> None:
    if to is None:
        ctx.announce(key, text=text)
    else:
        ctx.notify(to, key, text=text)


@register(family="midnight")
class Vote(MidnightAbility):
    """ "you can publicly vote for a player, or for "peace"" (counted by the Council)."""

    name = "vote"
    step = Step.COUNCIL

    def resolve(self, ctx: Context, action: Action) -> None:
        choice = PEACE if action.order.choice == PEACE else action.target or ""
        ctx.memo.setdefault(BALLOTS, {})[action.actor] = choice
        ctx.done(action)
        ctx.result(action, "done", target=choice)


@register(family="midnight")
class Letter(MidnightAbility):
    name = "letter"
    step = Step.MESSAGES

    def check(self, state: GameState, order: Order) -> str | None:
        if not order.message:
            return say("midnight_refusal.letter_words")
        if not order.targets and order.choice != TOWN:
            return say("midnight_refusal.letter_to")
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        sent: list[Action] = []
        for action in actions:
            reason = ctx.unable_reason(action)
            if reason:
                ctx.fail(action, reason, notify=reason not in ("blocked", "dead"))
            else:
                sent.append(action)
        by_target: dict[str, list[Action]] = {}
        for action in sent:
            by_target.setdefault(action.target or TOWN, []).append(action)
        limit = ctx.ruleset.ext.spam_limit
        held = approved(ctx)
        for target, letters in by_target.items():
            spammed = len(letters) > limit
            outcome = "spammed" if spammed else HELD if held else "done"
            for action in letters:
                self.took_place(ctx, action, outcome)
                ctx.result(action, outcome, target=action.target)
            to = None if target == TOWN else target
            if spammed:
                # Decided by the count at the close: the words of a spam reach nobody, so
                # there is nothing for the GM to approve.
                if to is None:
                    ctx.announce("midnight.town_spammed")
                else:
                    ctx.notify(to, "midnight.spammed")
            elif not held:
                for action in letters:
                    send(ctx, to, _key(to), action.order.message)
        # Held in the order they were sent: the GM's letter 1 is the Night's first.
        for action in sent:
            if action.outcome == HELD:
                ctx.hold(action, action.target, _key(action.target))


def _key(to: str | None) -> str:
    return "midnight.letter" if to else "midnight.town_letter"
