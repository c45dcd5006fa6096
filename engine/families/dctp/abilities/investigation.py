"""Investigation: true or false answers to queries on actions ("X heals Y"), in this phase
(Investigate) or a past one (Special Investigate, Follow-Up), and on crimes (Cross-Examine)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import register
from autogm.engine.families.dctp.abilities.informative import (
    Informative,
    holds,
    phase_records,
    query_is_true,
)
from autogm.engine.families.dctp.abilities.lent import sheet_roles
from autogm.engine.families.dctp.crimes import has_committed_any
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.outcome import Result
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order, Query
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState


VEST = "plant_vest"


def _count_problem(order: Order, use: AbilityUse, what: str) -> str | None:
    if not order.queries:
        return say("dctp_refusal.queries_what", what=what, example=what.title())
    if len(order.queries) > use.count:
        return say(
            "dctp_refusal.queries_count", what=what, count=use.count, given=len(order.queries)
        )
    return None


class _Queries(Informative):
    """Abilities that answer queries ("X heals Y") true or false."""

    needs_free_target = False  # queries may name the dead

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        return [
            Result(action.actor, self.name, "failed", query=q.text(WORDING), reason=reason)
            for q in action.order.queries
        ]

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        subjects = tuple(dict.fromkeys(q.subject for q in action.order.queries))
        ctx.record(action, took_place=True, targets=subjects)

    def answer(self, ctx: Context, query: Query) -> bool:
        """Same-phase by default; Special Investigate and Follow-Up look at past phases."""
        return query_is_true(ctx, query)

    def report(self, ctx: Context, action: Action) -> None:
        for query in action.order.queries:
            answer = self.answer(ctx, query)
            text = query.text(WORDING)
            ctx.results.append(Result(action.actor, self.name, answer, query=text))
            ctx.notify(action.actor, f"{self.name}.result", query=text, answer=answer)


@register
class Investigate(_Queries):
    """ "The player can Investigate a certain number of actions '#'. He can only Investigate
    the actions that are happening in the same night he's Investigating."
    """

    name = "investigate"

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        return _count_problem(order, use, "investigate")

    def answer(self, ctx: Context, query: Query) -> bool:
        # The Explosive Vest: "The strapping of the bomb itself cannot be investigate the phase
        # that it happens. It may be Special Investigated after the fact".
        if query.keyword == VEST:
            return False
        return super().answer(ctx, query)


def _may_look_at_prep(state: GameState, actor: str) -> bool:
    """Whether a role the player holds Special Investigate from may look at Prep ("James and
    Kir cannot"): the real role, the disguise or costume worn, the best friend's role and
    disguise (Sonoko) and the covered ally's (Cover) each give the ability as their sheet
    does, so Vermouth disguised as James may not, Kid disguised as Okiya may."""
    roles: list[str | None] = list(sheet_roles(state, actor))
    for loan in state.ext.loans:
        if (
            loan.kind == "cover" and loan.holder == actor and loan.source
            and loan.phase == state.phase.index
        ):  # fmt: skip
            roles += [state.players[loan.source].role, state.players[loan.source].ext.disguise]
    sheets = [
        sheet
        for sheet in (state.ruleset.role(r) for r in roles if r)
        if sheet.slot_for("special_investigate", state.phase.kind)
    ]
    return any(not sheet.has_trait("no_prep_si") for sheet in sheets) if sheets else True


@register
class SpecialInvestigate(_Queries):
    """ "Same as Investigate # but can just Investigate one action"; "The investigated action
    should have happened in the past ... (needs to give the info on what night it happened"; "
    Cannot investigate actions that are happening the night of special investigate." "Things
    that can be investigated from prep phase: Disguise, Choose Costume, Friendship and Travel";
    "James and Kir cannot" (sheet trait ``no_prep_si``).
    """

    name = "special_investigate"

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        problem = _count_problem(order, use, "special investigate")
        if problem:
            return problem
        current_ok = state.ruleset.option("si_current_phase")
        for query in order.queries:
            if query.when is None:
                return say("dctp_refusal.special_investigation_phase")
            if query.when > state.phase or (query.when == state.phase and not current_ok):
                return say(
                    "dctp_refusal.special_investigation_past",
                    ability=WORDING.title(self.name, state.ruleset.titles),
                    phase=query.when,
                )
            if query.when.index == 0 and not _may_look_at_prep(state, order.actor):
                return say("dctp_refusal.special_investigation_prep")
        return None

    def answer(self, ctx: Context, query: Query) -> bool:
        when = query.when or ctx.phase
        if when == ctx.phase and query.keyword == VEST:
            return False  # "cannot be investigate the phase that it happens" (Investigate)
        records = ctx.records if when == ctx.phase else phase_records(ctx.state, when)
        return holds(ctx.ruleset, records, query)


@register
class FollowUp(_Queries):
    """ "Can use Follow-Up during each day phase to SI actions that happened to someone they
    staked out the previous night." Example: "Takagi stakes out Conia N1 and finds out he was
    slandered. During the following day, he may use Follow-Up to check 'Conia slandered Conia
    N1'".
    """

    name = "follow_up"

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        problem = _count_problem(order, use, "follow up")
        if problem:
            return problem
        last_night = Phase(state.phase.index - 1)
        watched = {
            t
            for r in phase_records(state, last_night)
            if r.actor == order.actor and r.ability == "stake_out" and r.took_place
            for t in r.targets
        }
        if not watched:
            return say(
                "dctp_refusal.follow_up_needs",
                ability=WORDING.title(self.name, state.ruleset.titles),
                phase=last_night,
            )
        for query in order.queries:
            if query.when not in (None, last_night):
                return say(
                    "dctp_refusal.follow_up_phase",
                    ability=WORDING.title(self.name, state.ruleset.titles),
                    phase=last_night,
                )
            if query.obj not in watched and query.subject not in watched:
                return say(
                    "dctp_refusal.follow_up_targets",
                    ability=WORDING.title(self.name, state.ruleset.titles),
                    targets=" or ".join(sorted(watched)),
                )
        return None

    def answer(self, ctx: Context, query: Query) -> bool:
        return holds(ctx.ruleset, phase_records(ctx.state, Phase(ctx.phase.index - 1)), query)


@register
class CrossExamine(Informative):
    """ "The player can choose to cross-exame one player, to find out whether they have
    committed any crimes so far (includes prep phase)." "Blamed actions count as a crime."
    "Crimes committed during the same phase don't count."
    """

    name = "cross_examine"

    def report(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        answer = has_committed_any(ctx.state, target, ctx.phase)
        ctx.results.append(Result(action.actor, self.name, answer, target=target))
        ctx.notify(action.actor, "cross_examine.result", target=target, answer=answer)
