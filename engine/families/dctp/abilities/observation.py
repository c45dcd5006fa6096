"""Observation: what is seen of a player (Observe's age or gender, Follow's scent) and what
was done to them (Stake-out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.families.dctp import appearance
from autogm.engine.families.dctp.abilities.informative import UNSEEN, Informative
from autogm.engine.outcome import Result
from autogm.engine.render.templates import say

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState


# How a stake-out names what was done to its target.
DONE_TO = {
    "kill": "attacked", "investigate": "investigated", "observe": "observed",
    "protect": "protected", "heal": "healed/first aided", "discombobulate": "discombobulated",
    "steal": "stolen from", "interrogate": "interrogated", "poison": "poisoned",
    "pinch_face": "face-pinched", "slander": "slandered", "frighten": "frightened",
    "arrest": "arrested", "erase": "erased", "house_search": "house searched",
    "detention": "detained", "lawsuit": "sued for", "follow": "followed",
}  # fmt: skip


@register
class StakeOut(Informative):
    """ "The policeman learns of all actions performed to a player that night." "You will not
    know how often someone was slandered or how often someone was interrogated." "You will not
    learn who the interrogator etc. is either." "If the target is killed the night you stake
    them out, you learn from the GM the gender of the killer. This does not circumvent
    disguises". A night Poison is a killing too (Crimes: "Killing (whether it be of the normal,
    sniping, or APTX variety)").
    """

    name = "stake_out"

    def report(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        p = ctx.player(target)
        if ctx.died_now(target):
            killers = [
                a.attacker for a in ctx.attacks if a.target == target and a.outcome == "killed"
            ]
            if not killers and p.fate.cause == "aptx":
                # Sherry's Poison by night: "Killing (whether it be of the normal, sniping, or
                # APTX variety)" (Crimes); its poisoner is the killer.
                killers = [
                    r.actor
                    for r in ctx.records
                    if r.ability == "poison"
                    and r.succeeded
                    and target in r.targets
                    and not r.blamed
                ]
            if killers:
                gender = appearance.gender(ctx.state, killers[0])
                outcome = f"killer:{gender}"
                ctx.notify(action.actor, "stake_out.killed", target=target, gender=gender)
            else:
                outcome = "killed"
                ctx.notify(action.actor, "stake_out.dead", target=target)
            ctx.results.append(Result(action.actor, self.name, outcome, target=target))
            return
        seen = sorted(
            {
                ctx.ruleset.ext.keyword(r.ability)
                for r in ctx.records
                if r.took_place
                and target in r.targets
                and r.ability not in UNSEEN
                and not (r.actor == action.actor and r.ability == self.name)
            }
        )
        ctx.results.append(Result(action.actor, self.name, seen, target=target))
        words = [DONE_TO.get(k, k.replace("_", " ")) for k in seen]
        text = "".join(words)
        if len(words) > 1:
            text = say("stake_out.listed", items=", ".join(words[:-1]), last=words[-1])
        key = "stake_out.result" if seen else "stake_out.nothing"
        ctx.notify(action.actor, key, target=target, seen=text)


@register
class Observe(Informative):
    """ "There's 2 types of Oberve: Age-Observe and Gender-Observe." "Cannot use both types of
    observe on the same person." "If the target is disguised, then the player will learn it for
    the disguise". "If Anokata is observed, the action will give out a random result each time.
    If Anokata get's observed by more than one observer, then all observers will get the same
    result on the same phase." (sheet trait ``unobservable``)
    """

    name = "observe"
    # Classic: one observation gives "child, female teenager, male teenager, female adult or
    # male adult" (no age or gender to choose).
    combined: bool = False

    @property
    def choices(self) -> tuple[str, ...]:
        """What the order chooses to learn ("Observe age X"): nothing to choose in classic."""
        return () if self.combined else ("age", "gender")

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if self.combined:
            return None
        if order.choice not in self.choices:
            return say("dctp_refusal.observe_which")
        other = "gender" if order.choice == "age" else "age"
        target, actor = order.targets[0], order.actor
        # The whole history, for every Observe order: the actor read once, not per record.
        for r in state.history:
            if (
                r.actor == actor and r.ability == "observe" and r.took_place
                and r.role == other and target in r.targets
            ):  # fmt: skip
                return say(
                    "dctp_refusal.observe_other", target=target, observed=other, choice=order.choice
                )
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        ctx.record(action, took_place=True, role=action.order.choice)

    def report(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        if self.combined:
            self._report_class(ctx, action, target)
            return
        kind = action.order.choice or "age"
        sheet = appearance.worn_sheet(ctx.state, target)
        if kind == "age":
            choices = appearance.ages(ctx.state, target)
        else:
            choices = ("male", "female") if sheet.has_trait("unobservable") else (sheet.gender,)
        key = f"observe:{target}:{kind}"
        if key not in ctx.memo:
            ctx.memo[key] = (
                choices[0]
                if len(choices) == 1
                else ctx.draw(f"the {kind} {target} shows tonight", list(choices))
            )
        outcome = ctx.memo[key]
        ctx.results.append(Result(action.actor, self.name, outcome, target=target))
        ctx.notify(action.actor, "observe.result", target=target, kind=kind, answer=outcome)

    def _report_class(self, ctx: Context, action: Action, target: str) -> None:
        """One of the five classes, for the disguise when there is one (a child has no
        gender in the list)."""
        sheet = appearance.worn_sheet(ctx.state, target)
        ages = appearance.ages(ctx.state, target)
        age = ages[0] if len(ages) == 1 else ctx.draw(f"the age {target} shows", list(ages))
        outcome = "child" if age == "child" else f"{sheet.gender} {age}"
        ctx.results.append(Result(action.actor, self.name, outcome, target=target))
        ctx.notify(action.actor, "observe.class", target=target, answer=outcome)


@register
class Follow(Informative):
    """ "She may accompany anyone during the day and the accompanied will learn that someone
    accompanied/followed them. As a result she will get either: 'Has a scent' or 'Has no
    scent'". "Disguiser does NOT assume the scent of their disguise."
    """

    name = "follow"

    def resolve(self, ctx: Context, action: Action) -> None:
        super().resolve(ctx, action)
        target = action.target or ""
        outcome = "scent" if appearance.scent(ctx.state, target) else "no scent"
        action.outcome = outcome
        ctx.result(action, outcome, target=target)
        ctx.notify(action.actor, "follow.result", target=target, answer=outcome)
        ctx.notify(target, "follow.you")
