"""Who has won, checked at the end of every phase.

Town: "Arrested players are considered 'out' of the game when determining which side has
won" and the town wins when every Black Org member is dead or arrested. The Black Org's own
win condition is not stated; see docs/rulings.md ("Black Org win") and option black_org_win.
"""

from __future__ import annotations

from engine.rules.base import Side
from engine.state import DETAINED, GameState


def winner(state: GameState) -> str | None:
    free = state.free_players()
    black_org = [p for p in free if state.side(p) is Side.BLACK_ORG]
    town = [p for p in free if state.side(p) is Side.TOWN]
    # Detention: "If all BO players are either dead or arrested and the only remaining BO is in
    # detention, the game ends" (docs/rulings.md, "Detention": the town wins).
    if len(black_org) == 1 and state.players[black_org[0]].has(DETAINED, state.phase):
        return "town"
    if not black_org:
        return "town"
    if not town:
        return "black_org"
    if state.ruleset.option("black_org_win") == "parity" and len(black_org) >= len(town):
        return "black_org"
    return None
