"""Named setups: the GM's role list for a range of game sizes, with the constraints the GM
writes down, dealt from the game's seed.

A setup holds the roles always dealt (some a random choice: "one of Chianti, Korn"), the
roles drawn to fill up to the number of players, and constraints: the sizes it is legal for,
roles that come together, roles that exclude each other, a minimum and maximum per side, and
roles that need another present. Dealing searches the choices in an order drawn from the
seed, so a deal is reproducible and every legal deal can come out; when none exists, the
error names the constraint that cannot be met for that many players.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from autogm.engine.deal import check_role_list, copies
from autogm.engine.rules.base import Ruleset, RulesetError, Side, per_ruleset, resolve_role

# How many partial role lists a search may look at before it gives up (a setup with a
# hundred roles to fill from still deals in well under this).
SEARCH_BUDGET = 200_000


class SetupError(RulesetError):
    """A setup that cannot be dealt; ``key`` names the setup line at fault, when one is."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


@dataclass(frozen=True, slots=True)
class Constraint:
    """One constraint as the GM wrote it: ``key`` and ``text`` name it in errors."""

    key: str  # together, apart, requires, black_org, town
    text: str
    roles: tuple[str, ...] = ()
    low: int = 0
    high: int | None = None

    def broken_by(self, chosen: Sequence[str], ruleset: Ruleset) -> bool:
        """Whether a partial list already breaks it (adding roles cannot mend it)."""
        if self.key == "apart":
            return sum(role in chosen for role in self.roles) > 1
        if self.key in ("black_org", "town") and self.high is not None:
            return _side_count(chosen, ruleset, self.key) > self.high
        return False

    def met_by(self, chosen: Sequence[str], ruleset: Ruleset) -> bool:
        """Whether a whole role list meets it."""
        if self.broken_by(chosen, ruleset):
            return False
        if self.key == "together":
            present = [role in chosen for role in self.roles]
            return all(present) or not any(present)
        if self.key == "requires":
            role, *needed = self.roles
            return role not in chosen or all(n in chosen for n in needed)
        if self.key in ("black_org", "town"):
            return _side_count(chosen, ruleset, self.key) >= self.low
        return True


def _side_count(chosen: Sequence[str], ruleset: Ruleset, side: str) -> int:
    wanted = Side(side)  # once, not for every role of every partial list the deal tries
    return sum(ruleset.roles[role].side is wanted for role in chosen)


@dataclass(frozen=True, slots=True)
class RoleSetup:
    """A setup, its role names already the ruleset's own (see :func:`build_setup`)."""

    name: str
    always: tuple[tuple[str, ...], ...]  # each entry: one role, or the roles to choose one of
    fill: tuple[str, ...] = ()
    sizes: tuple[int, ...] = ()  # empty: every size the roles can fill
    constraints: tuple[Constraint, ...] = ()

    def legal_sizes(self) -> tuple[int, ...]:
        if self.sizes:
            return self.sizes
        low = len(self.always)
        return tuple(range(low, low + len(self.fill) + 1))


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt setup: player → role, and the random choices that made it, for the archive."""

    setup: str
    roster: dict[str, str]
    drawn: list[str] = field(default_factory=list)

    def to_record(self) -> dict[str, object]:
        return {"setup": self.setup, "roster": dict(self.roster), "drawn": list(self.drawn)}


def build_setup(
    ruleset: Ruleset,
    name: str,
    always: Sequence[Sequence[str]],
    fill: Sequence[str] = (),
    sizes: Sequence[int] = (),
    constraints: Sequence[Constraint] = (),
) -> RoleSetup:
    """A setup with every role checked against the ruleset; SetupError names the bad one."""

    def known(role: str, key: str) -> str:
        try:
            return resolve_role(ruleset, role)
        except RulesetError as exc:
            raise SetupError(str(exc), key) from exc

    entries = tuple(tuple(known(r, "roles") for r in entry) for entry in always)
    pool = tuple(known(r, "fill") for r in fill)
    checked = tuple(
        Constraint(c.key, c.text, tuple(known(r, c.key) for r in c.roles), c.low, c.high)
        for c in constraints
    )
    listed = [r for entry in entries if len(entry) == 1 for r in entry] + list(pool)
    repeated = sorted({r for r in listed if listed.count(r) > copies(ruleset, r)})
    if repeated:
        raise SetupError(f"each role can be dealt once; listed twice: {', '.join(repeated)}")
    for size in sizes:
        if size < len(entries) or size > len(entries) + len(pool):
            raise SetupError(
                f"{size} players cannot be dealt: the setup has {len(entries)} roles always "
                f"dealt and {len(pool)} to fill from",
                "sizes",
            )
    return RoleSetup(name, entries, pool, tuple(sorted(set(sizes))), checked)


def check_size(ruleset: Ruleset, setup: RoleSetup, players: int) -> None:
    """SetupError unless some deal of the setup exists for ``players`` players; the error
    names the constraint (or the constraints together) that cannot be met."""
    _dealable(ruleset, setup, players)


@per_ruleset
def _dealable(ruleset: Ruleset, setup: RoleSetup, players: int) -> bool:
    """``check_size``'s search, kept once it found a deal: every deal of a setup asks it again
    (a search as long as the deal's own), and a simulation deals the same setup thousands of
    times. A SetupError is raised each time it is asked (nothing is kept)."""
    if players not in setup.legal_sizes():
        sizes = _ranges(setup.legal_sizes())
        raise SetupError(f"setup {setup.name} is for {sizes} players, not {players}", "sizes")
    if _search(ruleset, setup, players, random.Random(0), setup.constraints) is not None:
        return True
    culprits = [
        c
        for c in setup.constraints
        if _search(
            ruleset,
            setup,
            players,
            random.Random(0),
            tuple(other for other in setup.constraints if other is not c),
        )
        is not None
    ]
    if len(culprits) == 1:
        c = culprits[0]
        raise SetupError(
            f"setup {setup.name}: for {players} players no deal meets '{c.key} = {c.text}'",
            c.key,
        )
    wrote = "; ".join(f"{c.key} = {c.text}" for c in (culprits or setup.constraints))
    together = " together" if len(culprits or setup.constraints) > 1 else ""
    raise SetupError(
        f"setup {setup.name}: for {players} players no deal meets{together}: {wrote}"
        if wrote
        else f"setup {setup.name}: for {players} players no role list is legal in "
        f"{ruleset.id} (it needs a Black Org and a town role, no excluded pair"
        f"{', at least two Detective Boys' if ruleset.has('detective_boys_at_least_two') else ''})",
        culprits[0].key if len(culprits) == 1 else None,
    )


def deal_setup(ruleset: Ruleset, setup: RoleSetup, players: Sequence[str], seed: int | str) -> Deal:
    """Deal the setup to ``players`` from the game's seed (the same seed, the same deal)."""
    if len(set(players)) != len(players):
        raise SetupError("a player is listed twice")
    check_size(ruleset, setup, len(players))
    rng = random.Random(f"autogm/{seed}/setup")
    roles = _search(ruleset, setup, len(players), rng, setup.constraints)
    assert roles is not None  # check_size found one; every search order finds one too
    drawn = [
        f"one of {', '.join(entry)}: {role}"
        for entry, role in zip(setup.always, roles, strict=False)
        if len(entry) > 1
    ]
    filled = roles[len(setup.always) :]
    if setup.fill:
        drawn.append(f"filled with {', '.join(filled) or 'none'}")
    order = list(roles)
    rng.shuffle(order)
    return Deal(setup.name, dict(zip(players, order, strict=True)), drawn)


def _ranges(sizes: Sequence[int]) -> str:
    """``(8, 9, 10, 12)`` → ``"8-10, 12"``."""
    parts: list[str] = []
    for size in sizes:
        if parts and parts[-1].split("-")[-1] == str(size - 1):
            parts[-1] = f"{parts[-1].split('-')[0]}-{size}"
        else:
            parts.append(str(size))
    return ", ".join(parts)


def _search(
    ruleset: Ruleset,
    setup: RoleSetup,
    players: int,
    rng: random.Random,
    constraints: Sequence[Constraint],
) -> list[str] | None:
    """The first role list, in an order drawn from ``rng``, that the constraints and the
    ruleset allow; None when there is none (or the search budget ran out)."""
    options = [rng.sample(entry, len(entry)) for entry in setup.always]
    pool = rng.sample(setup.fill, len(setup.fill))
    wanted = players - len(setup.always)
    budget = [SEARCH_BUDGET]

    def legal(chosen: list[str]) -> bool:
        if not all(c.met_by(chosen, ruleset) for c in constraints):
            return False
        try:
            check_role_list(ruleset, chosen)
        except RulesetError:
            return False
        return True

    def broken(chosen: list[str]) -> bool:
        budget[0] -= 1
        return budget[0] < 0 or any(c.broken_by(chosen, ruleset) for c in constraints)

    def fills(chosen: list[str], start: int, left: int) -> Iterator[list[str]]:
        if left == 0:
            if legal(chosen):
                yield chosen
            return
        for i in range(start, len(pool) - left + 1):
            if pool[i] in chosen and chosen.count(pool[i]) >= copies(ruleset, pool[i]):
                continue
            chosen.append(pool[i])
            if not broken(chosen):
                yield from fills(chosen, i + 1, left - 1)
            chosen.pop()

    def picks(chosen: list[str], index: int) -> Iterator[list[str]]:
        if index == len(options):
            yield from fills(chosen, 0, wanted)
            return
        for role in options[index]:
            if chosen.count(role) >= copies(ruleset, role):
                continue
            chosen.append(role)
            if not broken(chosen):
                yield from picks(chosen, index + 1)
            chosen.pop()

    found = next(picks([], 0), None)
    return list(found) if found is not None else None
