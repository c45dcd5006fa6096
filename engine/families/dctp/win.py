"""Who has won, checked at the end of every phase.

Town: "Arrested players are considered 'out' of the game when determining which side has
won" and the town wins when every Black Org member is dead or arrested. The Black Org's own
win condition is not stated; see docs/rulings.md ("Black Org win") and option black_org_win.

Lovers: "A town/town pair wins along with the town. A Black Org/Black Org pair wins with the
Black Org. A town/Black Org pair does not win with either the town or the Black Org. To win as
such a tandem, they must kill all others." "Lovers may still win while one or both are
arrested." A game has one winner: ``town``, ``black_org`` or ``lovers`` (a mixed pair); a pair
of one side wins with it. What a living mixed pair does to the sides' wins is option
``mixed_lovers`` (docs/rulings.md, "Lovers' win").

A game that stands still, no side winning, is ended by the GM as a ``stalemate``
(engine/stalemate.py, option ``stalemate_after``; docs/rulings.md, "A game that stands still").
"""

from __future__ import annotations

from autogm.engine import stalemate
from autogm.engine.rules.base import Side
from autogm.engine.state import DETAINED, GameState, Status

LOVERS = "lovers"
# The sides read once (a member read from its class is slow on Python 3.11: see
# engine/state.py): every phase asks the side of every free player.
_BLACK_ORG, _TOWN = Side.BLACK_ORG, Side.TOWN


def mixed_pairs(state: GameState) -> list[tuple[str, str]]:
    """Town/Black Org pairs of lovers still alive (a lover's death takes the other along)."""
    return [
        (a, b)
        for a, b in state.ext.lovers
        if state.side(a) is not state.side(b)
        and state.players[a].is_alive
        and state.players[b].is_alive
    ]


def _amor_outlives(state: GameState, pair: tuple[str, str]) -> bool:
    if not state.ruleset.has("lovers_kill_amor"):
        return False
    return any(
        name not in pair
        and p.status is not Status.DEAD
        and "amor" in state.ruleset.role(p.role).abilities()
        for name, p in state.players.items()
    )


def winner(state: GameState) -> str | None:
    """The game's winner, or None while it goes on: a side's win, else the GM's stalemate."""
    won = side_won(state)
    if won is None and stalled(state):
        return stalemate.STALEMATE
    return won


def stalled(state: GameState) -> bool:
    """The GM's stalemate: the game has stood still (engine/stalemate.py) with as many free
    Black Org members as free town players, where the vote cannot remove either side's player
    against the other's votes, so that only the nights could move it on, and have not."""
    if not stalemate.due(state):
        return False
    roles = state.ruleset.roles
    sides = [roles[p.role].side for p in state.players.values() if p.status is Status.ALIVE]
    black_org = sides.count(Side.BLACK_ORG)
    return black_org == len(sides) - black_org


def side_won(state: GameState) -> str | None:
    """The side (or mixed pair of lovers) that has won, or None."""
    mixed = mixed_pairs(state)
    if mixed:
        free = state.free_players()
        for pair in mixed:
            # "To win as such a tandem, they must kill all others" (arrested others are out;
            # "Lovers may still win while one or both are arrested"); classic: "they need to
            # kill Yumi and everyone else" (feature ``lovers_kill_amor``: the one who made
            # them lovers must be dead, prison is not enough).
            if all(p in pair for p in free) and not _amor_outlives(state, pair):
                return LOVERS
    own_side = state.ruleset.option("mixed_lovers") == "own_side"
    in_pair = {p for pair in mixed for p in pair} if own_side else set()
    black_org: list[str] = []
    town: list[str] = []
    pair_free: list[str] = []
    for name, p in state.players.items():
        if not p.is_free:
            continue
        if name in in_pair:
            pair_free.append(name)
            continue
        side = state.side(name)
        if side is _BLACK_ORG:
            black_org.append(name)
        elif side is _TOWN:
            town.append(name)
    # Detention: "If all BO players are either dead or arrested and the only remaining BO is in
    # detention, the game ends" (docs/rulings.md, "Detention": the town wins).
    if (
        not pair_free
        and len(black_org) == 1
        and state.players[black_org[0]].has(DETAINED, state.phase)
    ):
        return "town"
    if pair_free:
        return None  # a mixed pair still free stands between either side and its win
    if not black_org:
        return "town"
    if not town:
        return "black_org"
    if state.ruleset.option("black_org_win") == "parity" and len(black_org) >= len(town):
        return "black_org"
    return None
