"""Damage: gathered from the phase's attacks, settled at once, then the HP thresholds.

"Each character starts with 2 HP. While you have 1 HP, you stay in the Hospital. At 0 or less
HP you die. There is no upper limit on how much HP you can have." Damage is simultaneous: every
hit of the phase is summed before anyone's HP changes (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from autogm.engine.context import Action
from autogm.engine.families.midnight.model import HOSPITAL, location, mn
from autogm.engine.state import Fate, Status

if TYPE_CHECKING:
    from autogm.engine.context import Context

HITS = "mn_hits"  # Context.memo: the phase's hits
SETTLING = "mn_settling"  # Context.memo: True while the phase's damage is settled


@dataclass(slots=True)
class Hit:
    source: str  # the player who dealt it
    target: str
    amount: int
    ability: str
    action: Action | None = None
    attack: bool = True  # Bloodbath "does not count as an attack"
    stopped_by: str | None = None


# Filters tried on every hit before it lands; one that returns a reason stops it (Vigil: "The
# target doesn't take damage from attacks this Night"; later Somersault, Immortality, Bank).
FILTERS: list[Callable[[Context, Hit], str | None]] = []
# Tried in order when a player's HP falls to 0 or less; one that returns True keeps them from
# dying (Abduct, Unfinished business).
SPARE: list[Callable[[Context, str], bool]] = []
# Called with (ctx, hits) before the phase's hits land; may add hits (Bank: "if there was
# none, you take 1 damage").
BEFORE_SETTLE: list[Callable[[Context, list[Hit]], None]] = []
# Called with (ctx, player) after a death (Pass down).
AFTER_DEATH: list[Callable[[Context, str], None]] = []


def hit(
    ctx: Context, action: Action | None, source: str, target: str, amount: int, *, attack=True
) -> None:
    ability = action.ability.name if action else "damage"
    ctx.memo.setdefault(HITS, []).append(Hit(source, target, amount, ability, action, attack))


def settle_damage(ctx: Context) -> None:
    """Every hit of the phase lands or is stopped; then HP, deaths and the Hospital."""
    hits: list[Hit] = ctx.memo.pop(HITS, [])
    for before in BEFORE_SETTLE:
        before(ctx, hits)
    taken: dict[str, int] = {}
    for h in hits:
        for check in FILTERS:
            h.stopped_by = check(ctx, h)
            if h.stopped_by:
                break
        if not h.stopped_by:
            taken[h.target] = taken.get(h.target, 0) + h.amount
        if h.action is not None:
            outcome = "saved" if h.stopped_by else f"damage:{h.amount}"
            ctx.result(h.action, outcome, target=h.target)
    for name, amount in taken.items():
        p = ctx.player(name)
        if p.status is Status.DEAD:
            continue
        mn(p).hp -= amount
        ctx.notify(name, "midnight.damaged", essential=True, amount=amount, hp=mn(p).hp)
    ctx.memo[SETTLING] = True
    thresholds(ctx, list(taken))
    ctx.memo[SETTLING] = False


def thresholds(ctx: Context, names: list[str]) -> None:
    """Deaths at 0 HP; the Hospital at 1 HP (public: "publicly visible statuses")."""
    for name in names:
        p = ctx.player(name)
        if p.status is Status.DEAD:
            continue
        if mn(p).hp <= 0 and not any(spare(ctx, name) for spare in SPARE):
            # Damage by day (Mishap) kills in the Day, not "during the night".
            die(ctx, name, "killed" if ctx.phase.is_night else "died")
        elif location(p, ctx.phase.index + 1) == HOSPITAL:
            ctx.announce("midnight.hospital", player=name)


def die(ctx: Context, name: str, cause: str) -> None:
    """The player dies; the Midnight role is not shown (Autopsy and Exhume learn it)."""
    p = ctx.player(name)
    p.status = Status.DEAD
    p.fate = Fate(ctx.phase, cause)
    ctx.announce(f"midnight.{cause}", player=name)
    for after in AFTER_DEATH:
        after(ctx, name)
