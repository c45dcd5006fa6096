"""The one mutable object of a resolution: it lives for a single ``resolve`` call.

Abilities read and change the game through it, so every change leaves a trace: a result for
the record, a notice for a player, an action record for later investigations and arrests.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from autogm.engine.life import Life
from autogm.engine.outcome import Draw, HeldText, Lynch, Notice, Result
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say
from autogm.engine.state import (
    ERASED,
    ActionRecord,
    Fate,
    GameState,
    PlayerState,
    Status,
)

if TYPE_CHECKING:
    from autogm.engine.ability import Ability
    from autogm.engine.orders.model import Order
    from autogm.engine.rules.base import Ruleset


PENDING, DONE, FAILED = "pending", "done", "failed"


@dataclass(slots=True)
class Action:
    """An accepted order on its way through the order of actions."""

    order: Order
    ability: Ability
    count: int = 1
    state: str = PENDING
    reason: str | None = None
    outcome: Any = None
    slot: str = ""  # the slot key it fills ("sheet0", "lent:bow_tie", "friend1", ...)
    # The order's actor and first target (None: none), read for every action at nearly every
    # step: kept here once rather than looked up through the order each time (an order is
    # never changed once made).
    actor: str = field(init=False, repr=False, compare=False)
    target: str | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        order = self.order
        self.actor = order.actor
        self.target = order.targets[0] if order.targets else None


@dataclass(slots=True)
class Attack:
    """A Black Org attack waiting for the order of healing to decide it."""

    attacker: str
    target: str
    kind: str  # the ability: kill, snipe, vest, ...
    action: Action | None = None
    outcome: str | None = None  # killed, saved
    absolute: bool = False  # Bribe: "cannot be hindered by any means whatsoever"


@dataclass
class Context:
    """One phase's resolution in progress: the state it changes and what it gathers."""

    state: GameState
    rng: random.Random
    actions: list[Action]
    # The family's life model (``Family.life``): asked for every action and every target.
    life: Life
    phase: Phase = field(init=False)
    blocked: set[str] = field(default_factory=set)  # discombobulated this night
    poisoned: set[str] = field(default_factory=set)  # died of APTX today
    silenced: set[str] = field(default_factory=set)  # get no results this phase
    # Slandered tonight (Slander took place): Interrogate inverts its answer for them.
    slandered: set[str] = field(default_factory=set)
    attacks: list[Attack] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    records: list[ActionRecord] = field(default_factory=list)
    draws: list[Draw] = field(default_factory=list)
    # Texts held for the GM instead of sent (midnight's letters under ``letters = approve``).
    held: list[HeldText] = field(default_factory=list)
    ballots: dict[str, str] = field(default_factory=dict)  # voter -> target, in order
    lynch: Lynch | None = None
    # Players leaving Japan this phase with a Travel order (DCTP's abilities/travel.py), and
    # values shared by the actions of one phase (Anokata's random observation: "all observers
    # will get the same result on the same phase").
    departing: set[str] = field(default_factory=set)
    memo: dict[str, Any] = field(default_factory=dict)
    # The state's ruleset (its ruleset never changes), read by nearly every action and notice.
    ruleset: Ruleset = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.phase = self.state.phase
        self.ruleset = self.state.ruleset

    # -- looking things up -------------------------------------------------------------
    def player(self, name: str) -> PlayerState:
        return self.state.players[name]

    def actions_of(self, ability: str) -> list[Action]:
        return [a for a in self.actions if a.ability.name == ability]

    def is_reachable(self, name: str) -> bool:
        """Whether actions on this player can land (the family's life model says)."""
        return self.life.reachable(self, name)

    def is_leaving(self, name: str) -> bool:
        """A player whose Travel this phase has not been stopped (so far)."""
        if name not in self.departing:
            return False
        # ``departing`` holds the actors of this phase's Travel actions (travel.begin_travel).
        travel = next(a for a in self.actions if a.actor == name and a.ability.name == "travel")
        return self.unable(name, travel.ability) is None

    def able(self, actions: Iterable[Action]) -> Iterator[Action]:
        """The actions whose actors can act now; the others fail here, each with its reason."""
        for action in actions:
            reason = self.unable_reason(action)
            if reason:
                self.fail(action, reason)
            else:
                yield action

    def died_now(self, name: str) -> bool:
        """Killed in this phase: the night's actions happen at once, so actions on a player
        killed tonight still took place."""
        p = self.player(name)
        return p.status is Status.DEAD and p.fate is not None and p.fate.phase == self.phase

    def unable_reason(self, action: Action) -> str | None:
        """Why the actor cannot act at this point of the phase, if they cannot."""
        return self.life.unable(self, action.actor, action.ability)

    def unable(self, actor: str, ability: Ability) -> str | None:
        """Why ``actor`` cannot use ``ability`` at this point of the phase (the family's life
        model says), or None."""
        return self.life.unable(self, actor, ability)

    # -- changing things ---------------------------------------------------------------
    def draw(self, label: str, choices: list[str]) -> str:
        """A random choice through the game's RNG, kept so the ruling can be explained."""
        chosen = self.rng.choice(sorted(choices))
        self.draws.append(Draw(label, tuple(sorted(choices)), chosen))
        return chosen

    def notify(self, to: str, key: str, *, essential: bool = False, **params: Any) -> None:
        key, params = self._worded(key, params)
        self.notices.append(Notice(key, to, params, essential))

    def announce(self, key: str, **params: Any) -> None:
        key, params = self._worded(key, params)
        self.notices.append(Notice(key, None, params))

    def hold(self, action: Action, to: str | None, key: str) -> None:
        """Hold the action's words for the GM's approval (engine/gm_texts.py) instead of
        sending them: they go to ``to`` (None: the topic) through the ``key`` notice once
        approved; the GM's note names the sender."""
        title = self.ruleset.title(action.ability.name)
        sender, text = action.actor, action.order.message or ""
        self.held.append(
            HeldText(action.ability.name, 0, self.phase, to, text, key, {"title": title},
                     say("gm_text.note_from", title=title, sender=sender), sender)
        )  # fmt: skip

    def _worded(self, key: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The notice in the ruleset's own words: its variant of the key ("Snipe Guard"
        where 2011 breaks bones) and its name for the ability ("trick")."""
        ruleset = self.ruleset
        if "ability" in params and ruleset.titles:
            params["ability"] = ruleset.title(str(params["ability"]))
        return ruleset.notice_keys.get(key, key), params

    def result(self, action: Action, outcome: Any, **extra: Any) -> None:
        self.results.append(Result(action.actor, action.ability.name, outcome, **extra))

    def record(self, action: Action, *, took_place: bool, **extra: Any) -> None:
        order = action.order
        self.records.append(
            ActionRecord(
                phase=self.phase,
                actor=extra.pop("actor", order.actor),
                ability=extra.pop("ability", action.ability.name),
                targets=extra.pop("targets", order.targets),
                took_place=took_place,
                crime=action.ability.name in self.ruleset.ext.crimes,
                **extra,
            )
        )

    def done(self, action: Action, outcome: Any = "done") -> None:
        action.state, action.outcome = DONE, outcome

    def fail(self, action: Action, reason: str, *, notify: bool = True) -> None:
        """The action did not take place: a ``failed`` result, a record, and a notice."""
        action.state, action.reason, action.outcome = FAILED, reason, "failed"
        self.results.extend(action.ability.failure_results(action, reason))
        self.record(action, took_place=False)
        # One who died in an earlier phase is told nothing more: the dead have no results.
        if notify and reason != "dead":
            self.notify(action.actor, f"failed.{reason}", ability=action.ability.name)

    def remove(self, name: str, status: Status, cause: str, *, erased: bool = False) -> None:
        """A player leaves play (dies or is arrested) at this point of the phase.

        An ``erased`` body is announced without its role or will (Erase, Bribe). What the
        removal sets off at once (a lover's suicide) is the family's life model's to say.
        """
        p = self.player(name)
        p.status = status
        p.fate = Fate(self.phase, cause)
        if status is Status.DEAD and erased:
            p.conditions[ERASED] = None
            self.announce("death.erased", player=name)
        elif status is Status.DEAD:
            self.announce(f"death.{cause}", player=name, role=p.role)
            # Where the GM's texts are held (classic), a lynched player's will waits for
            # the GM (engine/gm_texts.py) and no other death shows one.
            if p.will and not self.ruleset.has("gm_texts"):
                self.announce("death.will", player=name, will=p.will)
        self.life.removed(self, name, status)

    def set_condition(self, name: str, condition: str, phases: int | None) -> None:
        """A condition for this phase and the ``phases`` after it (None: for good)."""
        until = None if phases is None else self.phase.index + phases
        self.player(name).conditions[condition] = until
        self.silenced.add(name)
