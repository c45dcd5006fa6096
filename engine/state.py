"""Game state: players, their status and conditions, items, and the history of every action.

The state is a value: ``resolve`` works on a ``clone()`` and returns the new one, so a replay
from the same seed and orders always produces the same states.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Protocol, Self

from autogm.engine.phases import Phase
from autogm.engine.rules.base import Ruleset, Side


class Status(StrEnum):
    ALIVE = "alive"
    DEAD = "dead"
    ARRESTED = "arrested"


# On Python 3.11 a member read from its enum class takes a slow path (``EnumType`` defines
# ``__getattr__``, so the read calls ``type.__getattribute__`` through a method wrapper:
# about 960 instructions against 50 for a module name); the tests asked of every player
# of every phase compare with the member kept here.
_ALIVE, _DEAD = Status.ALIVE, Status.DEAD


# Conditions in the replay record (docs/scenarios.md); a condition lasts through the phase index
# stored with it, or for good when that is None.
INJURED = "injured"
TEMPORARILY_INJURED = "temporarily_injured"
SUSPENDED = "suspended"
ABROAD = "abroad"
IN_FLIGHT = "in_flight"
# Information, disguise, items, travel: a costume worn for one night (Temporary
# Disguise), Kogorou's drunkenness, the bonds made in Prep.
COSTUME = "costume"
DRUNK = "drunk"
LOVER = "lover"
BEST_FRIEND = "best_friend"
# Killing, protecting, punishing: see docs/engine.md, "Data other abilities read".
FRIGHTENED = "frightened"  # through the day after the night of the Frighten
DETAINED = "detained"
BOMB = "bomb"  # strapped with the Explosive Vest
ERASED = "erased"  # a dead player whose body was erased (Erase, Bribe)
# classic First Aid: saved from an attack but dying: no vote, no day action, dead at nightfall.
SEVERELY_WOUNDED = "severely_wounded"


@dataclass(frozen=True, slots=True)
class Fate:
    """How a player left the game: ``cause`` is killed, lynched, aptx, arrested, modkilled."""

    phase: Phase
    cause: str


# Not frozen, as Order is not (engine/orders/model.py): made by the thousand, never changed
# once made (a change is ``dataclasses.replace``); a frozen one's __init__ costs twice as much.
@dataclass(slots=True, unsafe_hash=True)
class ActionRecord:
    """One action as it happened, for investigations, arrests and cross-examinations.

    ``took_place`` is False when the action was stopped (discombobulated, actor arrested or
    killed first): "If a crime is hindered ... it is treated as having failed and thus not
    happening."
    """

    phase: Phase
    actor: str
    ability: str
    targets: tuple[str, ...]
    took_place: bool
    crime: bool
    role: str | None = None  # the role named (APTX guess, disguise worn)
    succeeded: bool = False  # a kill that killed, a guess that was right
    # A blamed action (Blame): investigations, arrests and cross-examinations see it as real
    # ("Any investigations for the blamed action will come back as 'true'"); only an arrest
    # by a Black Org member ignores it ("Vermouth and Irish cannot arrest players for blamed
    # actions").
    blamed: bool = False


@dataclass(slots=True)
class PlayerState:
    """One player's place in the game: role, life, conditions, items, uses and will."""

    name: str
    role: str
    status: Status = Status.ALIVE
    conditions: dict[str, int | None] = field(default_factory=dict)
    items: list[str] = field(default_factory=list)
    used: dict[str, int] = field(default_factory=dict)
    will: str | None = None
    fate: Fate | None = None
    # The open role held beside ``role`` (midnight's Daylight role), when the ruleset has them.
    open_role: str | None = None
    # The family's own per-player state, a ``PlayerExt`` (midnight's ``Midnighter``: hp,
    # guises, jail; DCTP's ``DctpPlayer``: the disguise worn, the injury), None for a player
    # with none.
    ext: Any = None

    def copy(self) -> PlayerState:
        # Every player is copied in every phase: made without calling the class, whose way
        # through type.__call__ to the dataclass's __init__ costs about as much as the copying
        # itself. Every field is set here (tests/engine/test_state_copy.py: none is left out).
        new = object.__new__(PlayerState)
        new.name = self.name
        new.role = self.role
        new.status = self.status
        new.conditions = dict(self.conditions)
        new.items = list(self.items)
        new.used = dict(self.used)
        new.will = self.will
        new.fate = self.fate
        new.open_role = self.open_role
        new.ext = None if self.ext is None else self.ext.copy()
        return new

    @property
    def is_alive(self) -> bool:
        return self.status is not _DEAD

    @property
    def is_free(self) -> bool:
        """Alive and not arrested: still counted when deciding who has won."""
        return self.status is _ALIVE

    def has(self, condition: str, phase: Phase) -> bool:
        if condition not in self.conditions:
            return False
        until = self.conditions[condition]
        return until is None or phase.index <= until

    def active_conditions(self, phase: Phase) -> list[str]:
        return sorted(c for c in self.conditions if self.has(c, phase))


class PlayerExt(Protocol):
    """What a family keeps for one player beside the generic fields (``PlayerState.ext``):
    DCTP's ``DctpPlayer``, midnight's ``Midnighter``."""

    def copy(self) -> Self:
        """A copy that shares nothing mutable (a value may return itself)."""

    def rename(self, old: str, new: str) -> None:
        """Every mention of player ``old`` becomes ``new``."""

    def record_conditions(self) -> tuple[str, ...]:
        """What the replay record lists among the player's conditions after the generic ones
        (DCTP's ``disguised:ROLE``); empty for none."""

    def columns(self) -> Mapping[str, Any]:
        """What the archive keeps of this state, by the players table's column (DCTP's
        ``disguise``); empty for none."""


class FamilyState(Protocol):
    """What a family keeps game-wide beside the generic fields (``GameState.ext``), made by
    its ``Family.new_state``: DCTP's ``DctpState``, midnight's ``MidnightGame``."""

    def copy(self) -> Self: ...

    def rename(self, old: str, new: str) -> None:
        """Every mention of player ``old`` becomes ``new``."""

    def ties(self) -> Mapping[str, Mapping[str, str]]:
        """The bonds between players the archive keeps, by column (``lover``): player ->
        the other; empty when the family has none."""


@dataclass(slots=True)
class GameState:
    """Everything a game is at one point: its ruleset, seed, phase, players and history, and
    ``ext``, what its family keeps beside them."""

    ruleset: Ruleset
    seed: int | str
    phase: Phase
    players: dict[str, PlayerState]
    # A ``FamilyState`` of the game's family (DctpState, MidnightGame), typed there: not a
    # Generic here, whose base costs every phase about 0.04 % (callgrind, the largest game).
    ext: Any
    history: list[ActionRecord] = field(default_factory=list)
    # Conditions that begin in a later phase: (phase index, player, condition, until); the
    # resolution applies them at the start of a phase, whatever the family.
    scheduled: list[tuple[int, str, str, int | None]] = field(default_factory=list)
    winner: str | None = None
    # The players who won, when the family names them (midnight: "cannot win" for the dead;
    # "you and you alone win"); ``winner`` stays the side's label.
    winners: tuple[str, ...] = ()
    # Nights and Days in a row, up to the last one ended, in which nobody left the game: the
    # GM's stalemate (engine/stalemate.py, option ``stalemate_after``).
    quiet_phases: int = 0

    def clone(self) -> GameState:
        # Cloned in every phase: made without calling the class (as PlayerState.copy).
        new = object.__new__(GameState)
        new.ruleset = self.ruleset
        new.seed = self.seed
        new.phase = self.phase
        new.players = {name: p.copy() for name, p in self.players.items()}
        new.ext = self.ext.copy()
        new.history = list(self.history)
        new.scheduled = list(self.scheduled)
        new.winner = self.winner
        new.winners = self.winners
        new.quiet_phases = self.quiet_phases
        return new

    def rename_player(self, old: str, new: str) -> None:
        """Every mention of player ``old`` becomes ``new`` (a substitute takes over the slot).

        Kept beside ``clone``: a field that can hold a player's name is renamed here too, and
        the family's state and each player's renames its own. Role names (records' ``role``,
        disguises) are left alone even when a player is named like a role.
        """

        def n(name: str) -> str:
            return new if name == old else name

        self.players = {n(k): p for k, p in self.players.items()}
        self.players[new].name = new
        self.history = [
            replace(r, actor=n(r.actor), targets=tuple(n(t) for t in r.targets))
            for r in self.history
        ]
        self.scheduled = [(when, n(p), c, until) for when, p, c, until in self.scheduled]
        self.winners = tuple(n(w) for w in self.winners)
        self.ext.rename(old, new)
        for p in self.players.values():
            if p.ext is not None:
                p.ext.rename(old, new)

    def side(self, player: str) -> Side:
        """The side of the player's role."""
        return self.ruleset.role(self.players[player].role).side

    def free_players(self) -> list[str]:
        return [name for name, p in self.players.items() if p.is_free]
