"""What a DCTP game carries beside the generic state (``GameState.ext``): the leader, the kill
cycle, the APTX, the bonds, the costumes, the loans and the items lent; what a DCTP player
carries (``PlayerState.ext``): the disguise worn, the injury; and the Black Org's members and
leader read from them."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from autogm.engine.rules.base import Ruleset, Side, per_ruleset

if TYPE_CHECKING:
    from collections.abc import Mapping

    from autogm.engine.state import GameState


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


@dataclass(frozen=True, slots=True)
class Capsule:
    """An APTX4869 held by one player (confiscated ones), usable from ``usable_from``."""

    holder: str
    usable_from: int


@dataclass(frozen=True, slots=True)
class DctpPlayer:
    """A DCTP player's own state (``PlayerState.ext``), read by name (``p.ext.disguise``).

    A value: a change replaces it (``p.ext = replace(p.ext, disguise=role)``), so a copied
    player shares it, and every player who wears nothing and is not injured shares
    ``UNMARKED``.
    """

    disguise: str | None = None  # the role worn (Disguise, a costume)
    injury: str | None = None  # what injured the player: first_aid, protect, bone_breaking, ...

    def copy(self) -> DctpPlayer:
        return self

    def rename(self, old: str, new: str) -> None:
        """Names no player: a disguise is a role, an injury its cause."""

    def record_conditions(self) -> tuple[str, ...]:
        return (f"disguised:{self.disguise}",) if self.disguise else ()

    def columns(self) -> Mapping[str, Any]:
        return {"disguise": self.disguise}


# A DCTP player as dealt: no disguise, no injury.
UNMARKED = DctpPlayer()


@dataclass(slots=True)
class DctpState:
    """The game-wide DCTP state."""

    leader: str | None = None
    kill_cycle: list[str] = field(default_factory=list)
    aptx: int = 0
    capsules: list[Capsule] = field(default_factory=list)
    arrests: list[tuple[str, str, str | None, int]] = field(default_factory=list)
    lovers: list[tuple[str, str]] = field(default_factory=list)
    best_friends: dict[str, str] = field(default_factory=dict)  # Sonoko's player -> friend
    costumes: dict[str, tuple[str, ...]] = field(default_factory=dict)
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
    charms: dict[str, int] = field(default_factory=dict)  # holder -> last phase protected
    # classic's Protection Charm: holder -> (the day it takes a lynch vote off, its giver).
    lynch_charms: dict[str, tuple[int, str]] = field(default_factory=dict)
    watch: tuple[str, str, int] | None = None  # (holder, lender, night index)
    watch_broken: bool = False
    bomb: tuple[str, str] | None = None  # (wearer, planter) of the Explosive Vest
    vest_used: bool = False
    detentions: dict[str, str] = field(default_factory=dict)  # officer -> last detained
    # Classic's leader vote: each Black Org member's latest ranking (member -> players, first
    # choice first), and the ranking counted from them ("In case Conia dies then Akonyl will
    # become the new leader etc.").
    leader_ballots: dict[str, tuple[str, ...]] = field(default_factory=dict)
    leader_ranking: tuple[str, ...] = ()

    def copy(self) -> DctpState:
        # Copied in every phase: made without calling the class (as PlayerState.copy, whose
        # comment says why); every field is set here (tests/engine/test_state_copy.py).
        new = object.__new__(DctpState)
        new.leader = self.leader
        new.kill_cycle = list(self.kill_cycle)
        new.aptx = self.aptx
        new.capsules = list(self.capsules)
        new.arrests = list(self.arrests)
        new.lovers = list(self.lovers)
        new.best_friends = dict(self.best_friends)
        new.costumes = dict(self.costumes)
        new.costume_offers = dict(self.costume_offers)
        new.interrogations = dict(self.interrogations)
        new.spy_locks = dict(self.spy_locks)
        new.abducted = dict(self.abducted)
        new.loans = list(self.loans)
        new.starting_town = self.starting_town
        new.charms = dict(self.charms)
        new.lynch_charms = dict(self.lynch_charms)
        new.watch = self.watch
        new.watch_broken = self.watch_broken
        new.bomb = self.bomb
        new.vest_used = self.vest_used
        new.detentions = dict(self.detentions)
        new.leader_ballots = dict(self.leader_ballots)
        new.leader_ranking = self.leader_ranking
        return new

    def rename(self, old: str, new: str) -> None:
        """Every mention of player ``old`` becomes ``new`` (``GameState.rename_player``).

        Role names (costumes, abducted roles) are left alone even when a player is named like
        a role.
        """

        def n(name: str | None) -> str | None:
            return new if name == old else name

        def keys(mapping: dict) -> dict:  # type: ignore[type-arg]
            return {n(k): v for k, v in mapping.items()}

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
        self.leader_ballots = {
            n(k) or k: tuple(n(m) or m for m in ranked) for k, ranked in self.leader_ballots.items()
        }
        self.leader_ranking = tuple(n(m) or m for m in self.leader_ranking)

    def ties(self) -> Mapping[str, Mapping[str, str]]:
        """Each player's lover and best friend (the archive's ``lover`` and ``best_friend``
        columns), both ways."""
        return {
            "lover": {a: b for a, b in self.lovers} | {b: a for a, b in self.lovers},
            "best_friend": dict(self.best_friends) | {f: s for s, f in self.best_friends.items()},
        }


def own_capsules(state: GameState, player: str) -> int:
    """Capsules a player holds personally (confiscated ones) and may use this phase."""
    return sum(
        1 for c in state.ext.capsules if c.holder == player and c.usable_from <= state.phase.index
    )


@per_ruleset
def black_org_ranks(ruleset: Ruleset) -> dict[str, int]:
    """Each Black Org role → its ``bo_rank`` (ruleset data, found once: the members are asked
    for with every order a leader's slot depends on)."""
    rank = ruleset.ext.bo_rank
    return {
        role: rank(role) for role, sheet in ruleset.roles.items() if sheet.side is Side.BLACK_ORG
    }


def black_org(state: GameState, *, free_only: bool = True) -> list[str]:
    """Black Org members, highest-ranked first."""
    ranks = black_org_ranks(state.ruleset)
    members = [
        (ranks[p.role], name)
        for name, p in state.players.items()
        if p.role in ranks and (p.is_free or not free_only)
    ]
    members.sort()
    return [name for _, name in members]


def current_leader(state: GameState) -> str | None:
    """The Black Org leader: the chosen one, else Anokata, else the first free member of
    the members' voted ranking (classic), else the next-ranked member.

    "The leader (also, next highest-ranked BO in case Leader dies or is arrested)".
    """
    own = state.ext
    for name in (own.leader, *own.leader_ranking):
        p = state.players.get(name) if name else None
        if p is not None and p.is_free and state.side(name) is Side.BLACK_ORG:
            return name
    members = black_org(state)
    return members[0] if members else None
