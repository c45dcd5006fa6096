"""Game state: players, their status and conditions, items, and the history of every action.

The state is a value: ``resolve`` works on a ``clone()`` and returns the new one, so a replay
from the same seed and orders always produces the same states.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from autogm.engine.phases import Phase
from autogm.engine.rules.base import Ruleset, Side


class Status(StrEnum):
    ALIVE = "alive"
    DEAD = "dead"
    ARRESTED = "arrested"


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


@dataclass(frozen=True, slots=True)
class Loan:
    """Something held for one phase: Agasa's bow-tie, the Black Suitcase, a covered ally.

    ``phase`` is the index of the phase it may be used in; ``source`` is the ally whose night
    ability Calvados uses (Cover).
    """

    kind: str
    holder: str
    giver: str
    phase: int
    source: str | None = None


@dataclass(slots=True)
class PlayerState:
    """One player's place in the game: role, life, conditions, items, uses and will."""

    name: str
    role: str
    status: Status = Status.ALIVE
    conditions: dict[str, int | None] = field(default_factory=dict)
    items: list[str] = field(default_factory=list)
    used: dict[str, int] = field(default_factory=dict)
    disguise: str | None = None
    will: str | None = None
    fate: Fate | None = None
    injury: str | None = None  # what injured the player: first_aid, protect, bone_breaking, ...
    # The open role held beside ``role`` (midnight's Daylight role), when the ruleset has them.
    open_role: str | None = None
    # The family's own per-player state (midnight: hp, guises, jail); it has ``copy()`` and
    # ``rename(old, new)``.
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
        new.disguise = self.disguise
        new.will = self.will
        new.fate = self.fate
        new.injury = self.injury
        new.open_role = self.open_role
        new.ext = None if self.ext is None else self.ext.copy()
        return new

    @property
    def is_alive(self) -> bool:
        return self.status is not Status.DEAD

    @property
    def is_free(self) -> bool:
        """Alive and not arrested: still counted when deciding who has won."""
        return self.status is Status.ALIVE

    def has(self, condition: str, phase: Phase) -> bool:
        if condition not in self.conditions:
            return False
        until = self.conditions[condition]
        return until is None or phase.index <= until

    def active_conditions(self, phase: Phase) -> list[str]:
        return sorted(c for c in self.conditions if self.has(c, phase))


@dataclass(frozen=True, slots=True)
class Capsule:
    """An APTX4869 held by one player (confiscated ones), usable from ``usable_from``."""

    holder: str
    usable_from: int


@dataclass(slots=True)
class GameState:
    """Everything a game is at one point: its ruleset, seed, phase, players and history."""

    ruleset: Ruleset
    seed: int | str
    phase: Phase
    players: dict[str, PlayerState]
    history: list[ActionRecord] = field(default_factory=list)
    leader: str | None = None
    kill_cycle: list[str] = field(default_factory=list)
    aptx: int = 0
    capsules: list[Capsule] = field(default_factory=list)
    arrests: list[tuple[str, str, str | None, int]] = field(default_factory=list)
    lovers: list[tuple[str, str]] = field(default_factory=list)
    best_friends: dict[str, str] = field(default_factory=dict)  # Sonoko's player -> friend
    costumes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winner: str | None = None
    # Costumes offered and not yet chosen; the true result of each interrogation
    # (interrogator, phase index) -> (target, result), for Analyze; Spy's lock (spy -> the
    # player whose role was learned); roles abducted by each player; loans for one phase;
    # the number of town players at the start (Kogorou's quarter).
    costume_offers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    interrogations: dict[tuple[str, int], tuple[str, str]] = field(default_factory=dict)
    spy_locks: dict[str, str] = field(default_factory=dict)
    abducted: dict[str, tuple[str, ...]] = field(default_factory=dict)
    loans: list[Loan] = field(default_factory=list)
    starting_town: int = 0
    # Conditions that begin in a later phase: (phase index, player, condition, until).
    scheduled: list[tuple[int, str, str, int | None]] = field(default_factory=list)
    charms: dict[str, int] = field(default_factory=dict)  # holder -> last phase protected
    # classic's Protection Charm: holder -> (the day it takes a lynch vote off, its giver).
    lynch_charms: dict[str, tuple[int, str]] = field(default_factory=dict)
    watch: tuple[str, str, int] | None = None  # (holder, lender, night index)
    watch_broken: bool = False
    bomb: tuple[str, str] | None = None  # (wearer, planter) of the Explosive Vest
    vest_used: bool = False
    detentions: dict[str, str] = field(default_factory=dict)  # officer -> last detained
    # The players who won, when the family names them (midnight: "cannot win" for the dead;
    # "you and you alone win"); ``winner`` stays the side's label.
    winners: tuple[str, ...] = ()
    # The family's own game-wide state (midnight: the Council's modifiers), with ``copy()`` and
    # ``rename(old, new)``.
    ext: Any = None
    # Classic's leader vote: each Black Org member's latest ranking (member -> players, first
    # choice first), and the ranking counted from them ("In case Conia dies then Akonyl will
    # become the new leader etc.").
    leader_ballots: dict[str, tuple[str, ...]] = field(default_factory=dict)
    leader_ranking: tuple[str, ...] = ()
    # Nights and Days in a row, up to the last one ended, in which nobody left the game: the
    # GM's stalemate (engine/stalemate.py, option ``stalemate_after``).
    quiet_phases: int = 0

    def clone(self) -> GameState:
        return GameState(
            ruleset=self.ruleset,
            seed=self.seed,
            phase=self.phase,
            players={name: p.copy() for name, p in self.players.items()},
            history=list(self.history),
            leader=self.leader,
            kill_cycle=list(self.kill_cycle),
            aptx=self.aptx,
            capsules=list(self.capsules),
            arrests=list(self.arrests),
            lovers=list(self.lovers),
            best_friends=dict(self.best_friends),
            costumes=dict(self.costumes),
            winner=self.winner,
            scheduled=list(self.scheduled),
            charms=dict(self.charms),
            lynch_charms=dict(self.lynch_charms),
            watch=self.watch,
            watch_broken=self.watch_broken,
            bomb=self.bomb,
            vest_used=self.vest_used,
            detentions=dict(self.detentions),
            costume_offers=dict(self.costume_offers),
            interrogations=dict(self.interrogations),
            spy_locks=dict(self.spy_locks),
            abducted=dict(self.abducted),
            loans=list(self.loans),
            starting_town=self.starting_town,
            winners=self.winners,
            ext=None if self.ext is None else self.ext.copy(),
            leader_ballots=dict(self.leader_ballots),
            leader_ranking=self.leader_ranking,
            quiet_phases=self.quiet_phases,
        )

    def rename_player(self, old: str, new: str) -> None:
        """Every mention of player ``old`` becomes ``new`` (a substitute takes over the slot).

        Kept beside ``clone``: a field that can hold a player's name is renamed here too.
        Role names (records' ``role``, disguises, costumes) are left alone even when a player
        is named like a role.
        """

        def n(name: str | None) -> str | None:
            return new if name == old else name

        def keys(mapping: dict) -> dict:  # type: ignore[type-arg]
            return {n(k): v for k, v in mapping.items()}

        self.players = {n(k) or k: p for k, p in self.players.items()}
        self.players[new].name = new
        self.history = [
            replace(r, actor=n(r.actor), targets=tuple(n(t) or t for t in r.targets))
            for r in self.history
        ]
        self.leader = n(self.leader)
        self.kill_cycle = [n(m) or m for m in self.kill_cycle]
        self.capsules = [replace(c, holder=n(c.holder)) for c in self.capsules]
        self.arrests = [(n(t) or t, crime, n(v), when) for t, crime, v, when in self.arrests]
        self.lovers = [(n(a) or a, n(b) or b) for a, b in self.lovers]
        self.best_friends = {n(k) or k: n(v) or v for k, v in self.best_friends.items()}
        self.costumes = keys(self.costumes)
        self.costume_offers = keys(self.costume_offers)
        self.interrogations = {
            (n(actor) or actor, when): (n(target) or target, true)
            for (actor, when), (target, true) in self.interrogations.items()
        }
        self.spy_locks = {n(k) or k: n(v) or v for k, v in self.spy_locks.items()}
        self.abducted = keys(self.abducted)
        self.loans = [
            replace(loan, holder=n(loan.holder), giver=n(loan.giver), source=n(loan.source))
            for loan in self.loans
        ]
        self.scheduled = [(when, n(p) or p, c, until) for when, p, c, until in self.scheduled]
        self.charms = keys(self.charms)
        self.lynch_charms = {
            n(k) or k: (day, n(giver) or giver) for k, (day, giver) in self.lynch_charms.items()
        }
        if self.watch:
            holder, lender, night = self.watch
            self.watch = (n(holder) or holder, n(lender) or lender, night)
        if self.bomb:
            wearer, planter = self.bomb
            self.bomb = (n(wearer) or wearer, n(planter) or planter)
        self.detentions = {n(k) or k: n(v) or v for k, v in self.detentions.items()}
        self.winners = tuple(n(w) or w for w in self.winners)
        if self.ext is not None:
            self.ext.rename(old, new)
        for p in self.players.values():
            if p.ext is not None:
                p.ext.rename(old, new)
        self.leader_ballots = {
            n(k) or k: tuple(n(m) or m for m in ranked) for k, ranked in self.leader_ballots.items()
        }
        self.leader_ranking = tuple(n(m) or m for m in self.leader_ranking)

    def side(self, player: str) -> Side:
        """The side of the player's role."""
        return self.ruleset.role(self.players[player].role).side

    def black_org(self, *, free_only: bool = True) -> list[str]:
        """Black Org members, highest-ranked first."""
        ranks = self.ruleset.black_org_ranks()
        members = [
            (ranks[p.role], name)
            for name, p in self.players.items()
            if p.role in ranks and (p.is_free or not free_only)
        ]
        members.sort()
        return [name for _, name in members]

    def current_leader(self) -> str | None:
        """The Black Org leader: the chosen one, else Anokata, else the first free member of
        the members' voted ranking (classic), else the next-ranked member.

        "The leader (also, next highest-ranked BO in case Leader dies or is arrested)".
        """
        for name in (self.leader, *self.leader_ranking):
            p = self.players.get(name) if name else None
            if p is not None and p.is_free and self.side(name) is Side.BLACK_ORG:
                return name
        members = self.black_org()
        return members[0] if members else None

    def free_players(self) -> list[str]:
        return [name for name, p in self.players.items() if p.is_free]
