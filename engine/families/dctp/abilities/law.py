"""The police and the courts: Arrest, House Search, Pinch Face, Detention, Lawsuit, and the
snipers' Revenge when they are taken into custody."""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp import appearance
from autogm.engine.families.dctp.crimes import CRIME_ABILITIES, committed, crimes_of
from autogm.engine.families.dctp.harm import injure_temporarily, revenge_applies
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side, Step
from autogm.engine.state import ABROAD, DETAINED, IN_FLIGHT, SUSPENDED, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import AbilityUse
    from autogm.engine.state import GameState

# "suspended for two phases following the arrest attempt"
SUSPENSION_PHASES = 2
# Revenge: "the officer(s) arresting them will become 'Temporarily Injured' (2 phases, same as
# a suspension)"
TEMPORARY_INJURY_PHASES = 2
# Detention: "The player will be released automatically after 3 phases"
DETENTION_PHASES = 3
# The mark of a player whose disguise was taken off when arrested (Pinch Face, an arrest for
# disguising, House Search): a Kid or Vermouth freed later gets a new disguise.
STRIPPED_IN_CUSTODY = "stripped_in_custody"


def can_be_taken(ctx: Context, target: str) -> bool:
    """An arrest reaches a free player in Japan, detained or not ("Arrest takes precedent over
    detain")."""
    p = ctx.player(target)
    return p.is_free and not p.has(ABROAD, ctx.phase) and not p.has(IN_FLIGHT, ctx.phase)


def take_into_custody(ctx: Context, officers: list[str], target: str, *, stripped: bool) -> None:
    """Arrest ``target`` (an arrest, or a House Search's or Face Pinch's auto-arrest).

    "An arrested person's identity remains secret." Revenge: "When they become arrested, the
    officer(s) arresting them will become 'Temporarily Injured' ... their identities will be
    exposed due to their resistance to their arrest." Rule Clarifications: "it is announced
    that player A was arrested as Chianti and that a police officer was injured in the
    process. The identity of player B is not revealed". "Kid/Vermouth lose their disguise if
    pinched, injured, arrested for being disguised, house searched".
    """
    p = ctx.player(target)
    if p.status is not Status.ALIVE:
        return
    revenge = revenge_applies(ctx, target)
    ctx.remove(target, Status.ARRESTED, "arrested")
    if stripped and appearance.strip_disguise(ctx, target, tell=True):
        # "Kid and Vermouth will then be assigned a new disguise at random if they are released
        # from jail." (Lawsuit; docs/rulings.md, "Face Pinch: undisguised target, and release")
        p.used[STRIPPED_IN_CUSTODY] = ctx.phase.index
    if revenge:
        if len(officers) > 1:  # "the officer(s) arresting them": every one is injured
            ctx.announce(
                "arrest.revenge_public_many", target=target, role=p.role, count=len(officers)
            )
        else:
            ctx.announce("arrest.revenge_public", target=target, role=p.role)
        for officer in officers:
            injure_temporarily(ctx, officer, TEMPORARY_INJURY_PHASES)
            until = Phase(ctx.phase.index + TEMPORARY_INJURY_PHASES)
            ctx.notify(officer, "arrest.revenge", essential=True, target=target,
                       role=p.role, until=str(until))  # fmt: skip
    else:
        ctx.announce("arrest.public", target=target)
    ctx.notify(target, "arrest.you", essential=True)


def suspend(ctx: Context, officer: str, key: str, **params: object) -> None:
    ctx.set_condition(officer, SUSPENDED, SUSPENSION_PHASES)
    until = Phase(ctx.phase.index + SUSPENSION_PHASES)
    ctx.notify(officer, key, essential=True, until=str(until), **params)
    ctx.announce("arrest.suspended_public")


@register
class Arrest(Ability):
    """ "Arrest ... Day/Night action, can't be covered, can't be frightened or discombobulated.
    Can arrest any player at Night or Day, except for themselves." "Players can be arrested for
    blamed actions, even tho the player didn't do it. The BO can't arrest someone for a blamed
    action in any way. But a town player, that is a lover with a BO, can arrest someone for a
    blamed action." "The action and/or vote of a successfully arrested player will not go
    thorough and will fail."
    """

    name = "arrest"
    step = Step.ARREST
    blockable = False
    frightenable = False
    self_target = False
    # Classic: "Needs to accuse a player for a crime: "Arresting Akonyl for killing conia"";
    # "The crime can be done on any night or day" (the phase may be left out).
    phase_optional: bool = False
    stopped_by_narrow_suspension = True

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if order.crime not in CRIME_ABILITIES:
            return say("dctp_refusal.arrest_crime")
        if order.when is None and not self.phase_optional:
            return say("dctp_refusal.arrest_phase")
        if order.when is not None and order.when >= state.phase:
            return say("dctp_refusal.arrest_past", phase=state.phase)
        key = (order.targets[0], order.crime, order.victim, _when(order.when))
        if key in state.ext.arrests:
            return say("dctp_refusal.arrest_twice")
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        # Arrests are judged together: "Arresting can't be hindered in any way", so an officer
        # arrested in the same step still makes his own arrest.
        verdicts: list[tuple[Action, bool]] = []
        for action in actions:
            reason = ctx.unable_reason(action)
            if reason and reason != "arrested":
                ctx.fail(action, reason)
            elif not can_be_taken(ctx, action.target or ""):
                ctx.fail(action, "target_unavailable")
            else:
                o = action.order
                actor = ctx.player(action.actor)
                blamed_ok = not (
                    ctx.ruleset.role(actor.role).has_trait("no_blamed_arrest")
                    or ctx.state.side(action.actor) is Side.BLACK_ORG
                )
                true = committed(
                    ctx.state, o.targets[0], o.crime or "", o.victim, o.when,  # type: ignore[arg-type]
                    blamed=blamed_ok,
                )  # fmt: skip
                verdicts.append((action, true))
        by_target: dict[str, list[str]] = {}
        for action, true in verdicts:
            if true:
                by_target.setdefault(action.target or "", []).append(action.actor)
        for action, true in verdicts:
            self._apply(ctx, action, true, by_target.get(action.target or "", []))

    def _apply(self, ctx: Context, action: Action, true: bool, officers: list[str]) -> None:
        o = action.order
        target = o.targets[0]
        ctx.record(action, took_place=True)
        if true:
            ctx.done(action, "arrested")
            ctx.result(action, "arrested", target=target)
            ctx.state.ext.arrests.append((target, o.crime or "", o.victim, _when(o.when)))
            ctx.notify(action.actor, "arrest.success", essential=True, target=target,
                       order=o.canonical())  # fmt: skip
            take_into_custody(ctx, officers, target, stripped=o.crime == "disguise")
        else:
            ctx.done(action, "suspended")
            ctx.result(action, "suspended", target=target)
            suspend(ctx, action.actor, "arrest.suspended", order=o.canonical())


@register
class HouseSearch(Ability):
    """ "Can order a house search each Night. This will reveal all crimes the target made." "If
    the target DID commit a crime, even if it was a blamed action, the target is Auto-Arrested
    on the same phase." "If the target did not commit a crime (blamed actions count as a
    crime), then the player will be suspended for 2 phases ... There will be also a
    notification, that a police officer was suspended (like arrest), but no identities will be
    revealed." "After the suspension is over, the police officer can use all abilities he had
    before, besides house search." "If the target has not committed a crime yet, but commits a
    crime in the same phase as the House Search order is given, the House Search will still be
    considered a failure, and the officer will suffer the consequences. The crime, however,
    will be hindered and Auto-arrest won't happen." "Night action, can't be covered."
    Discombobulate: "You can discombobulate House Search."
    """

    name = "house_search"
    step = Step.HOUSE_SEARCH
    self_target = False
    # Classic: "This will reveal everything about the target, all actions since the start of
    # the game, disguise and role etc." (no auto-arrest; docs/rulings.md).
    dossier: bool = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.players[order.actor].used.get("house_search_lost"):
            return say(
                "dctp_refusal.house_search_lost",
                ability=WORDING.title(self.name, state.ruleset.titles),
            )
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        if self.dossier:
            self._reveal(ctx, action)
            return
        target = action.target or ""
        crimes = crimes_of(ctx.state, target, ctx.phase)
        found = [_crime_text(r.ability, r.targets, r.role, r.phase) for r in crimes]
        worn = appearance.disguised_as(ctx.state, target)
        if worn and not any(r.ability in {"disguise", "temporary_disguise"} for r in crimes):
            found.append(f"disguising as {worn}")  # a disguise worn since the Prep phase
        ctx.done(action, bool(found))
        ctx.result(action, bool(found), target=target)
        ctx.record(action, took_place=True)
        if found:
            ctx.notify(action.actor, "house_search.found", target=target,
                       crimes="; ".join(found))  # fmt: skip
            take_into_custody(ctx, [action.actor], target, stripped=True)
            return
        appearance.strip_disguise(ctx, target, tell=True)
        ctx.player(action.actor).used["house_search_lost"] = 1
        suspend(ctx, action.actor, "house_search.suspended", target=target)
        for other in ctx.actions:
            if (
                other.actor == target
                and other.state == "pending"
                and other.ability.name in ctx.ruleset.ext.crimes
            ):
                ctx.fail(other, "house_searched")

    def _reveal(self, ctx: Context, action: Action) -> None:
        """Classic: the target's role, disguise and every action of the earlier phases; the
        officer is suspended and loses House Search when none of them was a crime."""
        target = action.target or ""
        p = ctx.player(target)
        crimes = crimes_of(ctx.state, target, ctx.phase)
        seen: set[tuple[str, str | None]] = set()
        actions = []
        for r in ctx.state.history:
            if r.actor != target or not r.took_place or r.phase >= ctx.phase:
                continue
            if r.ability == "disguise":
                # A disguise worn leaves a record every phase; it is one action.
                if (r.ability, r.role) in seen:
                    continue
                seen.add((r.ability, r.role))
            done = _action_text(ctx, r.ability, r.targets, r.role)
            actions.append(say("house_search.action", phase=r.phase, action=done))
        ctx.done(action, bool(crimes))
        ctx.result(action, bool(crimes), target=target)
        ctx.record(action, took_place=True)
        # Essential: the suspension that may follow silences the officer's other results.
        ctx.notify(action.actor, "house_search.dossier", essential=True, target=target, role=p.role,
                   disguise=p.ext.disguise or say("house_search.none"),
                   actions="; ".join(actions) or say("house_search.none"))  # fmt: skip
        if not crimes:
            ctx.player(action.actor).used["house_search_lost"] = 1
            suspend(ctx, action.actor, "house_search.suspended", target=target)


def _action_text(ctx: Context, ability: str, targets: tuple[str, ...], role: str | None) -> str:
    name = ctx.ruleset.title(ability).replace("_", " ")
    if ability == "disguise" and role:
        return say("house_search.disguised_as", ability=name, role=role)
    named = ", ".join(targets) or role or ""
    return say("house_search.used", ability=name, named=named).strip()


def _when(phase: Phase | None) -> int | None:
    """An arrest's phase in ``DctpState.arrests``: None when the order names none."""
    return None if phase is None else phase.index


def _crime_text(ability: str, targets: tuple[str, ...], role: str | None, phase: Phase) -> str:
    noun = WORDING.crime_nouns.get(ability, WORDING.crime_nouns.get(_crime_of(ability), ability))
    victim = role or ", ".join(targets)
    return f"{noun} {victim} on {phase}".replace("  ", " ")


def _crime_of(ability: str) -> str:
    return next((c for c, abilities in CRIME_ABILITIES.items() if ability in abilities), ability)


@register
class PinchFace(Ability):
    """ "Once within every two phases Nakamori can check a player for a disguise (Night 1 or
    Day 1, then Night 2 or Day 2...)" "If the player is not in disguise, the action will return
    a false" "If they are, they will be automatically arrested, then stripped of their disguise
    and their action for that phase will fail" "Nakamori will learn that the player was in
    disguise and also which disguise it was." "The target will be notified that they were
    pinched." "Can't be discombobulated or frightened."
    """

    name = "pinch_face"
    step = Step.FACE_PINCH
    blockable = False
    frightenable = False
    self_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.players[order.actor].used.get("pinch_face") == state.phase.number:
            return say("dctp_refusal.pinch_face_once", number=state.phase.number)
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        # A disguise, or a costume on the night it is worn (engine/families/dctp/appearance.py).
        disguise = appearance.disguised_as(ctx.state, target)
        ctx.player(action.actor).used["pinch_face"] = ctx.phase.number
        ctx.done(action, disguise is not None)
        ctx.result(action, disguise is not None, target=target)
        ctx.record(action, took_place=True)
        ctx.notify(target, "pinch_face.you", essential=True)
        if disguise is None:
            ctx.notify(action.actor, "pinch_face.none", target=target)
            return
        ctx.notify(action.actor, "pinch_face.disguised", target=target, role=disguise)
        take_into_custody(ctx, [action.actor], target, stripped=True)


@register
class Detention(Ability):
    """ "Can put any player in detention at Night or Day, except for themselves." "Only one
    player at a time can be in detention" "The player will be released automatically after 3
    phases or if Satou dies" "Can not be used on the same person twice in a row" "can't be
    covered, can't be frightened or discombobulated." Rule Clarifications: "Arrest takes
    precedent over detain."
    """

    name = "detention"
    step = Step.HOUSE_SEARCH
    blockable = False

    def step_at(self, phase: Phase) -> Step:
        return Step.DETENTION if phase.is_day else Step.HOUSE_SEARCH

    frightenable = False
    self_target = False

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        held = [n for n, p in state.players.items() if p.has(DETAINED, state.phase)]
        if held:
            return say("dctp_refusal.detention_held", player=held[0])
        if order.targets and state.ext.detentions.get(order.actor) == order.targets[0]:
            return say("dctp_refusal.detention_twice")
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        ctx.player(target).conditions[DETAINED] = ctx.phase.index + DETENTION_PHASES
        ctx.state.ext.detentions[action.actor] = target
        until = Phase(ctx.phase.index + DETENTION_PHASES)
        ctx.done(action)
        ctx.result(action, "done", target=target)
        ctx.record(action, took_place=True)
        ctx.notify(action.actor, "detention.done", target=target, until=str(until))
        ctx.notify(target, "detention.you", essential=True, until=str(until))
        ctx.announce("detention.public", player=target, until=str(until))


@register
class Lawsuit(Ability):
    """ "Usable once per game. Can bring back anyone who has been arrested with a lawsuit. There
    will be a message that the imprisoned player is out of prison. The identity of the one who
    was in prison won't get revealed to anyone." Pinch Face: "Kid and Vermouth will then be
    assigned a new disguise at random if they are released from jail. If Yukiko is pinched and
    arrested, she does not get a new role when freed."
    """

    name = "lawsuit"
    step = Step.OTHER
    needs_free_target = False
    once_per_game: bool = True  # classic: no limit

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if self.once_per_game and state.players[order.actor].used.get("lawsuit"):
            return say(
                "dctp_refusal.lawsuit_used", ability=WORDING.title(self.name, state.ruleset.titles)
            )
        if order.targets and state.players[order.targets[0]].status is not Status.ARRESTED:
            return say("dctp_refusal.lawsuit_not_arrested", target=order.targets[0])
        return None

    def resolve(self, ctx: Context, action: Action) -> None:
        target = action.target or ""
        p = ctx.player(target)
        if p.status is not Status.ARRESTED:
            ctx.fail(action, "target_unavailable")
            return
        p.status, p.fate = Status.ALIVE, None
        ctx.player(action.actor).used["lawsuit"] = 1
        stripped = p.used.pop(STRIPPED_IN_CUSTODY, None) is not None
        if stripped and "disguise" in ctx.ruleset.role(p.role).abilities():
            # Only a disguiser (the Prep Disguise); a costume wearer (Yukiko, Irish) keeps her
            # costumes and gets nothing new: "If Yukiko is pinched and arrested, she does not
            # get a new role when freed."
            appearance.random_disguise(ctx, target)
        ctx.done(action)
        ctx.result(action, "done", target=target)
        ctx.record(action, took_place=True)
        ctx.notify(action.actor, "lawsuit.done", target=target)
        # The disguise line only for a player who disguises (Prep Disguise, costumes): for
        # anyone else "Your disguise: none" tells nothing.
        disguiser = (
            target in ctx.state.ext.costumes
            or "disguise" in ctx.state.ruleset.role(p.role).abilities()
        )
        if p.ext.disguise or disguiser:
            ctx.notify(target, "lawsuit.you_disguised", disguise=p.ext.disguise or "none")
        else:
            ctx.notify(target, "lawsuit.you")
        ctx.announce("lawsuit.public", player=target)
