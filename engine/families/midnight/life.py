"""midnight's life model: hit points, the Hospital, a timed Jail, spirits, the dead.

"Hospital — all abilities of the Midnight role are disabled"; "Jail — all abilities are
disabled"; "Dead — all abilities are disabled ... cannot participate in the game in any way";
"Abilities marked with "H", "J" or "D" are not disabled if you're in Hospital, Jail, or Dead";
a spirit "cannot declare actions". Where a player is counts as it was when the phase began:
the phase's actions are "resolved simultaneously" (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from autogm.engine.families.midnight.model import DEAD, FREE, HOSPITAL, JAIL, SPIRIT, location, mn
from autogm.engine.families.midnight.sheets import Line
from autogm.engine.life import Life
from autogm.engine.render.templates import say
from autogm.engine.state import Status

if TYPE_CHECKING:
    from autogm.engine.ability import Ability
    from autogm.engine.context import Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

# Locations that do not disable a player's abilities in a phase, beyond the lines' flags: each
# (state, player, phase index) -> locations (Misère: "next Night your abilities are not
# disabled due to Hospital or Jail").
KEPT: list[Callable[[GameState, str, int], frozenset[str]]] = []

WHERE = "mn_where"  # Context.memo: each player's location when the phase began
BLOCKED = "blocked"
# Whether a player in the Hospital acts as if free, each (state, player) -> bool (the
# Warrior's Unstoppable: "abilities are not disabled when in Hospital").
FREE_IN_HOSPITAL: list[Callable[[GameState, str], bool]] = []

# Why a player may not act where they are: the templates' keys.
REASONS = {
    DEAD: "cannot.dead",
    SPIRIT: "cannot.spirit",
    JAIL: "cannot.jail",
    HOSPITAL: "cannot.hospital",
}


def line_of(state: GameState, player: str, ability: str) -> Line | None:
    """The sheet line ``player`` uses ``ability`` through: the Midnight role's, the Daylight
    role's, or the one every player has."""
    model, p = state.ruleset.ext, state.players[player]
    return (
        model.line(p.role, ability)
        or model.line(p.open_role, ability)
        or model.line("", ability)
        or _granted(model, ability)
    )


def holds(state: GameState, player: str, ability: str) -> Line | None:
    """The line through which ``player`` holds ``ability`` (a role's own, or one gained: Pass
    down's Pistol, Tomb Raider's Daylight abilities), or None."""
    model, p = state.ruleset.ext, state.players[player]
    found = model.line(p.role, ability) or model.line(p.open_role, ability)
    if found is None and p.ext is not None and ability in mn(p).granted:
        found = _granted(model, ability)
    return found


def where(state: GameState, player: str, memo: dict | None = None) -> str:
    """Where the player is for this phase's actions: as the phase began (``Context.memo``),
    the Warrior in the Hospital counting as free."""
    found = (memo or {}).get(WHERE, {}).get(player)
    if found is None:
        found = location(state.players[player], state.phase.index)
    if found == HOSPITAL and any(free(state, player) for free in FREE_IN_HOSPITAL):
        return FREE
    return found


def keeps(state: GameState, player: str, ability: str, memo: dict | None = None) -> bool:
    """Whether the player holds a passive ability that where they are leaves working ("Jail
    — all abilities are disabled" unless marked J)."""
    line = holds(state, player, ability)
    return line is not None and disabled(where(state, player, memo), line, None) is None


def _granted(model, ability: str) -> Line | None:
    # A gained ability (Pass down's Pistol, Militia's Revolver) keeps the line it has on its
    # own sheet.
    for (_, name), line in model.lines.items():
        if name == ability:
            return line
    return None


def kept(state: GameState, player: str, index: int) -> frozenset[str]:
    """Where ``player``'s abilities stay enabled in the phase of ``index`` whatever the lines
    say."""
    return frozenset().union(*(k(state, player, index) for k in KEPT))


def disabled(
    where: str, line: Line | None, ability: Ability | None, also: frozenset[str] = frozenset()
) -> str | None:
    """The location that disables this line, if one does (``also``: locations kept for the
    player beyond the line's flags)."""
    kept = (line.kept_in if line else frozenset()) | also
    if where == DEAD and "dead" not in kept:
        return DEAD
    if where == SPIRIT and ability is not None and not getattr(ability, "spirit_ok", False):
        return SPIRIT
    if where == JAIL and "jail" not in kept:
        return JAIL
    if where == HOSPITAL and line is not None and line.midnight and "hospital" not in kept:
        return HOSPITAL
    return None


class MidnightLife(Life):
    def unable(self, ctx: Context, actor: str, ability: Ability) -> str | None:
        line = line_of(ctx.state, actor, ability.name)
        reason = disabled(
            where(ctx.state, actor, ctx.memo),
            line,
            ability,
            kept(ctx.state, actor, ctx.phase.index),
        )
        if reason:
            return reason
        # "A player might be "blocked". In that case none of his declared actions in that
        # phase happen." "Abilities marked with "B" cannot be blocked."
        if actor in ctx.blocked and (line is None or line.blockable):
            return BLOCKED
        return None

    def reachable(self, ctx: Context, name: str) -> bool:
        return ctx.player(name).status is Status.ALIVE

    def order_problem(self, state: GameState, actor: str, ability: Ability | None) -> str | None:
        at = where(state, actor)
        if ability is None:
            return say(REASONS[at]) if at in (DEAD, SPIRIT) else None
        also = kept(state, actor, state.phase.index)
        reason = disabled(at, line_of(state, actor, ability.name), ability, also)
        return say(REASONS[reason]) if reason else None

    def target_problem(
        self, state: GameState, order: Order, ability: Ability, target: str
    ) -> str | None:
        dead = state.players[target].status is Status.DEAD
        if ability.needs_free_target and dead:
            return say("cannot.target_dead", target=target)
        if getattr(ability, "needs_dead_target", False) and not dead:
            return say("cannot.target_not_dead", target=target)
        return None

    def removed(self, ctx: Context, name: str, status: Status) -> None:
        """Nothing: a midnight death is its damage's (``damage.die``, whose ``AFTER_DEATH``
        says what it sets off), never ``Context.remove``, and its Jail is no removal."""


LIFE = MidnightLife()
