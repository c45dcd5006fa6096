"""The Guise system: what a player's Guises are, as an ability sees them, and learning one.

"Every player has Guises named after Midnight roles. Your starting set of Guises is determined
by your Midnight role, and at the end of every phase you get +1 Guise corresponding to your
Midnight role." "Every time an ability says you learn someone's Guise, you learn one at
random": one draw weighted by the counts, through the phase's RNG.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from autogm.engine.families.midnight.model import Layer, mn
from autogm.engine.outcome import Draw

if TYPE_CHECKING:
    from autogm.engine.context import Context

ANONYMOUS = "Anonymous"
# Overrides of what an ability sees, tried in order; the first that answers wins. Each takes
# (ctx, viewer, target) and gives the Guises seen, or None. Thwart adds one ("All its
# abilities work as if their targets only had one Guise — Anonymous(1)"); the Daylight role
# Anonymous ("regardless of any other effects, always has one Guise") and Psycho's Double Life
# add theirs.
OVERRIDES: list[Callable[[Context, str, str], Counter[str] | None]] = []
# Called with (ctx, viewer, target, guise) after a Guise is learned (Double Life: "If any
# ability learns you Guise, you learn what Guise it was").
ON_LEARNED: list[Callable[[Context, str, str, str], None]] = []


def seen(ctx: Context, viewer: str, target: str) -> Counter[str]:
    """The Guises ``target`` has as ``viewer``'s abilities see them in this phase."""
    for override in OVERRIDES:
        found = override(ctx, viewer, target)
        if found is not None:
            return found
    return mn(ctx.player(target)).all_guises(ctx.phase.index)


def draw_guise(ctx: Context, label: str, guises: Counter[str]) -> str | None:
    """One Guise at random, each as likely as its count: a weighted draw kept with the
    phase's draws (``Boss×3`` in the list of choices)."""
    items = sorted((g, n) for g, n in guises.items() if n > 0)
    if not items:
        return None
    pick = ctx.rng.randrange(sum(n for _, n in items))
    for guise, n in items:
        if pick < n:
            ctx.draws.append(Draw(label, tuple(f"{g}×{c}" for g, c in items), guise))
            return guise
        pick -= n
    raise AssertionError("unreachable: the pick is below the total")


def learn(ctx: Context, viewer: str, target: str, label: str) -> str | None:
    guise = draw_guise(ctx, label, seen(ctx, viewer, target))
    if guise is not None:
        for hook in ON_LEARNED:
            hook(ctx, viewer, target, guise)
    return guise


def written(found: Counter[str]) -> str:
    """Guises as a player is told them: "Boss(2), Cop(1)"."""
    return ", ".join(f"{g}({n})" for g, n in sorted(found.items()))


def add_for_phase(ctx: Context, target: str, guises: list[str]) -> None:
    """Guises that last through this phase only ("active this Night", "for this Night only")."""
    counted = tuple(sorted(Counter(guises).items()))
    mn(ctx.player(target)).layers.append(Layer(counted, ctx.phase.index))


def grow(ctx: Context) -> None:
    """End of a phase: "+1 Guise corresponding to your Midnight role" (the living), and the
    layers of this phase drop."""
    for p in ctx.state.players.values():
        ext = mn(p)
        ext.layers = [layer for layer in ext.layers if layer.until > ctx.phase.index]
        if p.is_alive:
            ext.guises[p.role] += 1
