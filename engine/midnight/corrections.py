"""The GM's corrections in midnight where its game has its own model of the fact: an arrest.

midnight has no arrest: "Jail — all abilities are disabled" is its status for one held, and
every Jail the text gives is timed (Detain and Entrapment "for the next Day and Night", Bust
"for the next two phases", Qualified immunity "four phases"). So the GM's ``arrest X`` puts X
in Jail from the phase it is made in, for that phase and the next, or for the N phases of
``arrest X for N phases``; ``release X`` ends every Jail term from the open phase on
(docs/rulings.md, "midnight: the GM's corrections"). The other corrections mean what they mean
in every game (engine/gm.py).
"""

from __future__ import annotations

import re

from engine.gm import FAMILY_CORRECTIONS, OverrideError, phases_written
from engine.midnight.model import mn
from engine.outcome import Notice
from engine.phases import Phase
from engine.state import GameState, Status

# Detain, Entrapment, Bribe and Bust all jail for two phases ("the next Day and Night").
JAIL_TERM = 2


def arrest(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``arrest X [for N phases]``: X is in Jail from the open phase, for N phases (2)."""
    p = state.players[player]
    if p.status is Status.DEAD:
        raise OverrideError(f"{player} is dead")
    if mn(p).spirit:
        raise OverrideError(f"{player} is a spirit: a spirit cannot declare actions nor be jailed")
    first = state.phase.index
    last = first + (phases_written(found) or JAIL_TERM) - 1
    mn(p).jail.append((first, last))
    if last == first:
        return [Notice("gm.jailed_one", None, {"player": player, "first": str(Phase(first))})]
    return [
        Notice(
            "gm.jailed",
            None,
            {"player": player, "first": str(Phase(first)), "last": str(Phase(last))},
        )
    ]


def release(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``release X``: every Jail term of X ends before the open phase, one due to begin later
    (a Detain's "next Day") included."""
    ext = mn(state.players[player])
    now = state.phase.index
    if not any(last >= now for _, last in ext.jail):
        raise OverrideError(f"{player} is not in Jail and has no Jail term to come")
    ext.jail = [(first, min(last, now - 1)) for first, last in ext.jail if first < now]
    return [Notice("gm.out_of_jail", None, {"player": player})]


FAMILY_CORRECTIONS["midnight"] = {"arrest": arrest, "release": release}
