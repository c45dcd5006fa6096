"""What the information abilities share: their base class (they learn from what happened, so
they report after every step) and the lookups of action records that answer queries.

Every answer is computed from data: the action records of the phase (``ctx.records``) and of
past phases (``state.history``, looked up by phase), what a player appears to be
(``engine.families.dctp.appearance``), and the hooks other abilities fill (``ctx.slandered``;
blamed and Black Suitcase actions are records with ``took_place``). The abilities are in
``investigation``, ``observation``, ``interrogation``, ``detection``, ``identification``
and ``betrayal``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, ClassVar

from autogm.engine.ability import Ability
from autogm.engine.rules.base import Step
from autogm.engine.state import ActionRecord

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Query
    from autogm.engine.phases import Phase
    from autogm.engine.state import GameState

# "'Blame' itself may not be investigated and will come back as a false"; "Spy cannot be
# investigated or staked out in any form."
UNSEEN = frozenset({"blame", "spy"})
DISGUISES = frozenset({"disguise", "temporary_disguise"})


def phase_records(state: GameState, phase: Phase) -> list[ActionRecord]:
    """The records of one past phase: the history is in phase order, so a bisect finds them."""
    history = state.history
    index = phase.index
    start = bisect_left(history, index, key=lambda r: r.phase.index)
    end = bisect_right(history, index, lo=start, key=lambda r: r.phase.index)
    return history[start:end]


def holds(ruleset, records: list[ActionRecord], query: Query) -> bool:
    """Whether the records show the queried action as having taken place.

    "If the killing was interrupted by protection, healing or first aid then the investigation
    will still be true"; "If a discombobulated action is investigated, then the action will be
    shown as 'false'"; "Even if a protection or heal wasn't necessary, as long as the player
    did the order ... it will come out as 'True'"; "Black Suitcase and Blamed actions appear as
    if they were legitimate actions"; a disguise is asked "for their exact disguise".
    """
    if query.keyword in UNSEEN:
        return False
    if query.keyword in DISGUISES:
        return any(
            r.took_place and r.actor == query.subject and r.ability in DISGUISES
            and r.role == query.obj
            for r in records
        )  # fmt: skip
    # Asked for every query of every investigation, against every record of the phase: the
    # ruleset's keywords are read as a dict, and the cheap tests come first.
    keywords = ruleset.ext.keywords
    keyword = keywords.get(query.keyword, query.keyword)
    # Detect names a character, not a player: "Bourbon detects Shinichi".
    asks_role = keyword == keywords.get("detect", "detect")
    subject = query.subject
    obj = query.obj
    for r in records:
        if (
            r.took_place
            and r.actor == subject
            and r.ability not in UNSEEN
            and keywords.get(r.ability, r.ability) == keyword
            and (not obj or (r.role == obj if asks_role else obj in r.targets))
        ):
            return True
    return False


# ``Context.memo`` key: the phase's records by actor, for the phase's queries.
_BY_ACTOR = "records_by_actor"


def query_is_true(ctx: Context, query: Query) -> bool:
    """Whether a same-phase query holds.

    Only the subject's records can show the queried action: they are found through the
    phase's records indexed by actor, built once for all of the phase's queries rather than
    walked for each one (and built again when a record has been added since: records are
    only ever appended).
    """
    records = ctx.records
    found = ctx.memo.get(_BY_ACTOR)
    if found is None or found[0] is not records or found[1] != len(records):
        by_actor: dict[str, list[ActionRecord]] = {}
        for record in records:
            by_actor.setdefault(record.actor, []).append(record)
        found = ctx.memo[_BY_ACTOR] = (records, len(records), by_actor)
    return holds(ctx.ruleset, found[2].get(query.subject, []), query)


class Informative(Ability):
    """An ability whose results James may receive from a subordinate ("two results from his
    subordinates chosen at random")."""

    informative: ClassVar[bool] = True
    step = Step.OTHER

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        # The night's actions happen at once: a target killed tonight is still looked at
        # (Stake-out: "If the target is killed the night you stake them out, you learn ... the
        # gender of the killer").
        for action in ctx.able(actions):
            target = action.target
            if (
                self.needs_free_target
                and target is not None
                and not ctx.is_reachable(target)
                and not ctx.died_now(target)
            ):
                ctx.fail(action, "target_unavailable")
            else:
                self.resolve(ctx, action)

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        ctx.record(action, took_place=True)
