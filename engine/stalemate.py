"""The GM's stalemate: a game that has stood still is ended, nobody winning.

No DCTP text has a stalemate, and midnight's ("In a "stalemate" when no player can win, nobody
wins and the game ends.") leaves it to the GM to see that no player can win. A GM does not
run a round for ever: when Days and Nights pass in a row in which nobody leaves the game (dies,
is lynched or arrested; in midnight dies or turns into a spirit), and the family's rules leave
the game no other way on, the GM ends it as a stalemate (docs/rulings.md, "A game that stands
still"). How many Days and Nights is option ``stalemate_after`` (0: never; the game goes on
until a side wins).

Each family counts the phases at its end hook (``count_phase``) and asks ``due`` in its win
check, after the sides' own wins (a win always comes before a stalemate), with its own
condition: DCTP's parity (engine/families/dctp/win.py), midnight's wins to come
(engine/families/midnight/family.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.phases import PhaseKind

if TYPE_CHECKING:
    from autogm.engine.context import Context
    from autogm.engine.state import GameState

STALEMATE = "stalemate"
OPTION = "stalemate_after"


def left_now(ctx: Context) -> bool:
    """Whether a player left the game in this phase: dead, lynched or arrested by it (or by the
    GM while it was open), as each removal notes its phase in the player's ``fate``."""
    index = ctx.phase.index
    players = ctx.state.players.values()
    return any(p.fate is not None and p.fate.phase.index == index for p in players)


def count_phase(ctx: Context, moved: bool) -> None:
    """Count the phase that ends: a Night or a Day in which nobody left the game (``moved``
    false) adds one to the phases in a row that stood still; any other ends the row. Prep is
    not counted (nobody can leave the game in it)."""
    if ctx.phase.kind is PhaseKind.PREP:
        return
    state = ctx.state
    state.quiet_phases = 0 if moved else state.quiet_phases + 1


def due(state: GameState) -> bool:
    """Whether the game has stood still for the option's Days and Nights."""
    if not state.quiet_phases:
        return False  # the common case, asked at the end of every phase
    after = state.ruleset.option(OPTION)
    return after > 0 and state.quiet_phases >= 2 * after


def announce(ctx: Context, key: str = "game.stalemate") -> None:
    """The public word that ends a game as a stalemate: how long it stood still (``key``: the
    family's words for it)."""
    ctx.announce(key, days=ctx.ruleset.option(OPTION))
