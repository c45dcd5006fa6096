"""Information abilities: they learn from what happened, so they report after every step.

Every answer is computed from data: the action records of the phase (``ctx.records``) and of
past phases (``state.history``, looked up by phase), what a player appears to be
(``engine.appearance``), and the hooks other abilities fill (``ctx.slandered``; blamed and
Black Suitcase actions are records with ``took_place``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING, ClassVar

from engine import appearance
from engine.abilities.base import Ability, register
from engine.crimes import has_committed_any
from engine.outcome import Result
from engine.phases import Phase
from engine.rules.base import NIGHT, AbilityUse, Side, Slot, Step
from engine.state import DRUNK, ActionRecord, Status

if TYPE_CHECKING:
    from engine.context import Action, Context
    from engine.orders.model import Order, Query
    from engine.state import GameState

# "'Blame' itself may not be investigated and will come back as a false"; "Spy cannot be
# investigated or staked out in any form."
UNSEEN = frozenset({"blame", "spy"})
DISGUISES = frozenset({"disguise", "temporary_disguise"})
BO, NOT_BO = "BO", "Not BO"


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
    keyword = ruleset.keyword(query.keyword)
    return any(
        r.took_place
        and r.actor == query.subject
        and r.ability not in UNSEEN
        and ruleset.keyword(r.ability) == keyword
        and (not query.obj or query.obj in r.targets)
        for r in records
    )


def query_is_true(ctx: Context, query: Query) -> bool:
    """Whether a same-phase query holds."""
    return holds(ctx.ruleset, ctx.records, query)


def _count_problem(order: Order, use: AbilityUse, what: str) -> str | None:
    if not order.queries:
        return f"name what to {what}, e.g. '{what.title()} Jd- heals Parkur'"
    if len(order.queries) > use.count:
        return f"you may {what} {use.count} action(s) a night, not {len(order.queries)}"
    return None


class Informative(Ability):
    """An ability whose results James may receive from a subordinate ("two results from his
    subordinates chosen at random")."""

    informative: ClassVar[bool] = True
    step = Step.OTHER

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        # The night's actions happen at once: a target killed tonight is still looked at
        # (Stake-out: "If the target is killed the night you stake them out, you learn ... the
        # gender of the killer").
        for action in actions:
            reason = ctx.unable_reason(action)
            target = action.target
            if reason:
                ctx.fail(action, reason)
            elif (
                self.needs_free_target
                and target is not None
                and not ctx.is_reachable(target)
                and not _died_now(ctx, target)
            ):
                ctx.fail(action, "target_unavailable")
            else:
                self.resolve(ctx, action)

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        ctx.record(action, took_place=True)


def _died_now(ctx: Context, name: str) -> bool:
    p = ctx.player(name)
    return p.status is Status.DEAD and p.fate is not None and p.fate.phase == ctx.phase


class _Queries(Informative):
    """Abilities that answer queries ("X heals Y") true or false."""

    needs_free_target = False  # queries may name the dead

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        return [
            Result(action.actor, self.name, "failed", query=q.text(), reason=reason)
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
            ctx.results.append(Result(action.actor, self.name, answer, query=query.text()))
            ctx.notify(action.actor, f"{self.name}.result", query=query.text(), answer=answer)


@register
class Investigate(_Queries):
    """ "The player can Investigate a certain number of actions '#'. He can only Investigate
    the actions that are happening in the same night he's Investigating."
    """

    name = "investigate"

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        return _count_problem(order, use, "investigate")


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
                return (
                    "a Special Investigation names the phase: 'SI Akonyl protects conia on Night 1'"
                )
            if query.when > state.phase or (query.when == state.phase and not current_ok):
                return f"Special Investigate looks at past phases, not {query.when}"
            sheet = state.ruleset.role(state.players[order.actor].role)
            if query.when.index == 0 and sheet.has_trait("no_prep_si"):
                return "you cannot investigate the actions of the Prep phase"
        return None

    def answer(self, ctx: Context, query: Query) -> bool:
        when = query.when or ctx.phase
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
            return f"Follow-Up needs a stake-out of yours that took place on {last_night}"
        for query in order.queries:
            if query.when not in (None, last_night):
                return f"Follow-Up looks at {last_night} only"
            if query.obj not in watched and query.subject not in watched:
                return f"Follow-Up looks at actions on {' or '.join(sorted(watched))}"
        return None

    def answer(self, ctx: Context, query: Query) -> bool:
        return holds(ctx.ruleset, phase_records(ctx.state, Phase(ctx.phase.index - 1)), query)


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
    disguises".
    """

    name = "stake_out"

    def report(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        p = ctx.player(target)
        if p.status is Status.DEAD and p.fate and p.fate.phase == ctx.phase:
            killers = [
                a.attacker for a in ctx.attacks if a.target == target and a.outcome == "killed"
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
                ctx.ruleset.keyword(r.ability)
                for r in ctx.records
                if r.took_place
                and target in r.targets
                and r.ability not in UNSEEN
                and not (r.actor == action.actor and r.ability == self.name)
            }
        )
        ctx.results.append(Result(action.actor, self.name, seen, target=target))
        words = [DONE_TO.get(k, k.replace("_", " ")) for k in seen]
        text = ", ".join(words[:-1]) + f" and {words[-1]}" if len(words) > 1 else "".join(words)
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

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if order.choice not in ("age", "gender"):
            return "say which observation: 'Observe age X' or 'Observe gender X'"
        other = "gender" if order.choice == "age" else "age"
        target = order.targets[0]
        for r in state.history:
            if (
                r.actor == order.actor and r.ability == "observe" and r.took_place
                and r.role == other and target in r.targets
            ):  # fmt: skip
                return f"you observed {target}'s {other}: you cannot observe their {order.choice}"
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        ctx.record(action, took_place=True, role=action.order.choice)

    def report(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
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


def quarter_dead(state: GameState) -> bool:
    """ "Becomes sober after 1/4th the total townies have died" (option ``kogorou_quarter``)."""
    if state.ruleset.option("kogorou_quarter") == "players":
        total = len(state.players)
        dead = sum(1 for p in state.players.values() if p.status is Status.DEAD)
    else:
        total = state.starting_town
        dead = sum(
            1
            for n, p in state.players.items()
            if p.status is Status.DEAD and state.side(n) is Side.TOWN
        )
    return total > 0 and dead * 4 >= total


def sober_up(ctx: Context, name: str, *, now: bool) -> None:
    """Kogorou is sober from this phase (``now``) or from the next."""
    p = ctx.player(name)
    if DRUNK not in p.conditions:
        return
    if now:
        del p.conditions[DRUNK]
    else:
        p.conditions[DRUNK] = ctx.phase.index
    ctx.notify(name, "kogorou.sober", essential=True)


@register
class Interrogate(Informative):
    """ "He'll get the result 'BO' or 'Not BO'. Check the roles to see what result they get when
    they weren't slandered." "If that player was also Slandered, he'll get the reverse
    answer". "If Kogorou is drunk, he'll get a random result." "If Vermouth or Irish are
    disguised, they assume the default interrogation result of the disguise they are wearing."
    """

    name = "interrogate"

    def report(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        actor = ctx.player(action.actor)
        true = appearance.interrogation(ctx.state, target)
        ctx.state.interrogations[(action.actor, ctx.phase.index)] = (target, true)
        if actor.has(DRUNK, ctx.phase) and quarter_dead(ctx.state):
            # "meaning his interrogation the night of the dividing death will be an accurate one"
            sober_up(ctx, action.actor, now=True)
        if actor.has(DRUNK, ctx.phase):
            answer = ctx.draw(f"{action.actor} is drunk: the answer on {target}", [BO, NOT_BO])
        else:
            answer = true
            if target in ctx.slandered:
                answer = NOT_BO if true == BO else BO
        ctx.results.append(Result(action.actor, self.name, answer, target=target))
        ctx.notify(action.actor, "interrogate.result", target=target, answer=answer)


@register
class Analyze(Ability):
    """ "After the player gets Sober, he can analyze his Interrogations during the Day (even
    the one before he got Sober) ... He gets the correct answer with the Analysis, whether the
    result was wrong because of being Drunk or because it was Slandered." "Needs to PM: 'I want
    to Analyze my Interrogation from Night 1'".
    """

    name = "analyze"
    step = Step.OTHER
    needs_free_target = False
    targets = 0

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.players[order.actor].has(DRUNK, state.phase):
            return "Analyze is available only when Kogorou is sober"
        if order.when is None:
            return "name the night of the interrogation: 'Analyze my interrogation from Night 1'"
        if (order.actor, order.when.index) not in state.interrogations:
            return f"you have no interrogation from {order.when} to analyze"
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        when = action.order.when
        assert when is not None
        target, true = ctx.state.interrogations[(action.actor, when.index)]
        ctx.done(action, true)
        ctx.result(action, true, target=target)
        ctx.record(action, took_place=True, targets=(target,))
        ctx.notify(action.actor, "analyze.result", target=target, when=str(when), answer=true)


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


class _RoleQuestion(Informative):
    needs_free_target = False
    targets = 0
    police_only: ClassVar[bool] = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.role:
            return "name a character: 'Detect Shinichi'"
        if self.police_only and state.ruleset.role(order.role).group != "Police":
            return f"{order.role} is not a police role"
        return None

    def failure_results(self, action: Action, reason: str) -> list[Result]:
        return [Result(action.actor, self.name, "failed", query=action.order.role, reason=reason)]

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)
        ctx.record(action, took_place=True, targets=(), role=action.order.role)

    def report(self, ctx: Context, action: Action) -> None:
        role = action.order.role or ""
        answer = role in appearance.roles_in_game(ctx.state, worn=self.police_only)
        ctx.results.append(Result(action.actor, self.name, answer, query=role))
        ctx.notify(action.actor, "detect.result", role=role, answer=answer)


@register
class Detect(_RoleQuestion):
    """ "Can detect if one certain role is in the game per night. He needs to ask for the
    character name". "If Vermouth is in the game and he Detects Vermouth, he'll get a True ...
    If he asks for his/her disguised role, then he'll get a False."
    """

    name = "detect"


@register
class PoliceDetect(_RoleQuestion):
    """ "Allows Uehara to detect other police roles." "Police Detect differs from normal Detect
    in that it does NOT detect through disguises. If Uehara uses Police Detect for Megure and
    there is no Megure but there IS a disguised Megure ... Uehara will receive 'true'"."""

    name = "police_detect"
    police_only = True


def spy_names(state: GameState) -> int:
    """ "a list of players not in the BO (4 - 6, depending on the size of the game ...)" and
    "a 'Shinichi' in the list of 5 players (= 14-16 town players)"."""
    chosen = state.ruleset.option("spy_names")
    if chosen:
        return int(chosen)
    town = sum(1 for n in state.players if state.side(n) is Side.TOWN)
    return 4 if town < 14 else 5 if town <= 16 else 6


def spy_too_few(state: GameState) -> bool:
    """ "Can't be used when there are less than 4 townspeople alive or if there are less than
    BO+1 townsplayer alive." (alive and free)"""
    free = state.free_players()
    town = sum(1 for n in free if state.side(n) is Side.TOWN)
    return town < 4 or town < len(free) - town + 1


@register
class Spy(Ability):
    """ "The user chooses a list of players not in the BO ... the GM picks a random one and sends
    the name of the role to the player." "This does not reveal if someone is Kid, the player
    will just get the disguised role". "The player can't use Spy again as long as the player
    with that role/disguise isn't killed or arrested." "Spy cannot be investigated or staked
    out in any form" (it leaves no record that took place).
    """

    name = "spy"
    step = Step.OTHER
    informative: ClassVar[bool] = True

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        sheet = state.ruleset.role(state.players[player].role)
        if state.ruleset.option("spy") and sheet.has_trait("spy_before_8_22_11"):
            return Slot((AbilityUse("spy"),), NIGHT)
        return None

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        wanted = spy_names(state)
        if len(set(order.targets)) != wanted:
            return f"Spy names {wanted} different players"
        if order.actor in state.spy_locks:
            return (
                "you cannot spy again until the player whose role you learned is killed or arrested"
            )
        if spy_too_few(state):
            return "Spy cannot be used with fewer than 4 (or Black Org + 1) town players alive"
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        for action in actions:
            reason = ctx.unable_reason(action) or (
                "too_few_town" if spy_too_few(ctx.state) else None
            )
            if reason:
                ctx.fail(action, reason)
                continue
            town = [
                t
                for t in action.order.targets
                if ctx.state.side(t) is Side.TOWN and ctx.is_reachable(t)
            ]
            if not town:
                ctx.fail(action, "target_unavailable")
                continue
            drawn = ctx.draw(f"the player {action.actor} spies on, among", town)
            role = appearance.shown_role(ctx.state, drawn)
            ctx.state.spy_locks[action.actor] = drawn
            ctx.done(action, role)
            ctx.result(action, role)
            ctx.notify(action.actor, "spy.result", role=role)


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


@register
class Identify(Ability):
    """ "Decide together to Identify one person's role". "They can just Identify one player's
    role together per Day." "If one of the Detective Boys is prevented from using his day
    ability (for example by Tequila), the Identification could either succeed or fail, depending
    on the number of undisturbed Detective Boys. For example if 2 other DB are still in the
    game, the chance to fail is 1/3. If only one more is still active the chance to fail is
    1/2. If it is the last DB it will always fail." "If the person is disguised, they can't
    Identify the disguise but have to Identify if the player is Kid or Vermouth." "If the GM
    gets conflicting orders on whom to Identify, the GM will use this ranking" (the ruleset's
    ``group_rank``).
    """

    name = "identify"
    step = Step.OTHER
    informative: ClassVar[bool] = True

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        return None if order.role else "name the role: 'Identify Akonyl as Sonoko'"

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        rank = ctx.ruleset.group_rank
        group = sorted(
            (
                n
                for n in ctx.state.free_players()
                if appearance.real_sheet(ctx.state, n).has_trait("detective_boy")
            ),
            key=lambda n: (
                rank.index(ctx.player(n).role) if ctx.player(n).role in rank else len(rank),
                n,
            ),
        )
        able = [a for a in actions if ctx.unable_reason(a) is None]
        chosen = min(
            able,
            key=lambda a: (
                rank.index(ctx.player(a.actor).role)
                if ctx.player(a.actor).role in rank
                else len(rank)
            ),
            default=None,
        )
        hindered = [n for n in group if ctx.unable(n, self) is not None]
        if chosen is None:
            for action in actions:
                ctx.fail(action, ctx.unable_reason(action) or "hindered")
            return
        for action in actions:
            if action is not chosen:
                # One identification a day: the others' orders merge into the chosen one.
                ctx.done(action, "merged")
        target = chosen.target or ""
        if (
            hindered
            and ctx.draw("the Detective Boy the identification rests on", group) in hindered
        ):
            outcome: object = "failed"
        elif not ctx.is_reachable(target):
            outcome = "failed"
        else:
            outcome = ctx.player(target).role == chosen.order.role
        ctx.done(chosen, outcome)
        ctx.record(chosen, took_place=outcome != "failed")
        query = f"{target} is {chosen.order.role}"
        for member in group:
            ctx.results.append(Result(member, self.name, outcome, query=query))
            key = "identify.failed" if outcome == "failed" else "identify.result"
            ctx.notify(member, key, query=query, answer=outcome)


@register
class PoliceIdentify(Ability):
    """ "Allows Uehara to identify other players for police roles." "does NOT identify through
    disguises" (a disguised Megure is "true"). "Uehara may use Police Identify every day phase
    until she makes a positive identification. Once she does, the ability is considered
    expired".
    """

    name = "police_identify"
    step = Step.OTHER
    informative: ClassVar[bool] = True

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not order.role:
            return "name the role: 'Police identify X as Megure'"
        if state.ruleset.role(order.role).group != "Police":
            return f"{order.role} is not a police role"
        if state.players[order.actor].used.get(self.name):
            return "your Police Identify has expired: you made a positive identification"
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        p = ctx.player(target)
        answer = action.order.role in (p.role, p.disguise)
        if answer:
            ctx.player(action.actor).used[self.name] = ctx.phase.index
        ctx.done(action, answer)
        ctx.record(action, took_place=True)
        query = f"{target} is {action.order.role}"
        ctx.results.append(Result(action.actor, self.name, answer, query=query))
        ctx.notify(action.actor, "identify.result", query=query, answer=answer)


# "She randomly gets to know one activity of the BO that was done on that night." The list of
# the text: what Kir learns of each; covered, disguised and Black Suitcase actions and Blame are
# not in it.
BETRAYAL_SEES = frozenset(
    {
        "kill", "snipe", "slander", "investigate", "special_investigate", "erase", "detect",
        "spy", "discombobulate", "frighten", "poison", "bribe", "steal", "observe", "stake_out",
    }
)  # fmt: skip


@register
class Betrayal(Informative):
    """ "Kir doesn't need to PM the GM to use this action, but it can be discombobulated." "If
    Kir gets discombobulated but doesn't actually send anything in, she would still know her
    action failed because of Betrayal." (``passive``: the engine adds it every night.)
    """

    name = "betrayal"
    needs_free_target = False
    targets = 0
    passive: ClassVar[bool] = True

    def resolve(self, ctx: Context, action: Action) -> None:
        ctx.done(action)

    def report(self, ctx: Context, action: Action) -> None:
        seen: dict[str, Action] = {}
        for other in ctx.actions:
            if (
                other.state != "done"
                or other.ability.name not in BETRAYAL_SEES
                or other.slot.startswith(("lent:", "disguise", "friend"))
            ):
                continue
            actor = other.order.killer or other.actor
            if ctx.state.side(actor) is not Side.BLACK_ORG:
                continue
            seen[f"{len(seen) + 1:02d} {ctx.player(actor).role} {other.ability.name}"] = other
        if not seen:
            ctx.results.append(Result(action.actor, self.name, "none"))
            ctx.notify(action.actor, "betrayal.none")
            return
        label = ctx.draw("the Black Org activity Kir learns, among", list(seen))
        other = seen[label]
        actor = other.order.killer or other.actor
        role = ctx.player(actor).role
        keyword = ctx.ruleset.keyword(other.ability.name)
        ctx.results.append(Result(action.actor, self.name, keyword))
        if other.ability.name == "poison":
            ctx.notify(action.actor, "betrayal.poison", role=role, target=other.target)
        elif other.ability.name == "erase" and other.target:
            erased = ctx.player(other.target)
            ctx.notify(action.actor, "betrayal.erase", role=role, erased=erased.role)
            if erased.will:
                ctx.notify(action.actor, "betrayal.will", player=other.target, will=erased.will)
        else:
            ctx.notify(action.actor, "betrayal.seen", role=role, ability=other.ability.name)
