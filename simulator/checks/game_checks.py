"""The checks of a played game as a whole.

As it is played (simulator/game/loop.py): no exception; every message answered and read as
it was written; no private fact in a public post; an end within the phase limit. Here: the
end is one the ruleset allows, and, for a sample of games (and every broken one), the game
played again from its seed is the same game, and its scenario file replays (``autogm replay``)
to the same record.
"""

from __future__ import annotations

import hashlib
import json

from autogm.engine.families import FAMILIES
from autogm.simulator.defaults import REPLAY_EVERY
from autogm.simulator.game.loop import Played, Problem, play
from autogm.simulator.game.scenario import (
    live_record,
    replayed_record,
    scenario_data,
    scenario_text,
)
from autogm.simulator.setups import SimSetup

# Winners a family's game may end with; a "stalemate" ("nobody wins": midnight's, and the GM's
# for a game that stands still, docs/rulings.md) is allowed in every one.
ALLOWED_ENDS = {
    "dctp": frozenset({"town", "black_org", "lovers", "stalemate"}),
    "midnight": frozenset({"mafia", "law", "stalemate", "Psycho", "Evil Genius", "Joker"}),
}


def sampled(index: int, every: int = REPLAY_EVERY) -> bool:
    return every > 0 and index % every == 0


def check_end(played: Played, setup: SimSetup) -> None:
    family = FAMILIES[setup.ruleset.family].name
    allowed = ALLOWED_ENDS.get(family)
    if played.winner is not None and allowed is not None and played.winner not in allowed:
        played.problems.append(Problem("end", f"the game ended with {played.winner!r}"))


def digest(data: object) -> str:
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_replay(played: Played, setup: SimSetup, policy: str, limit: int) -> None:
    """Played again from its seed, the game is the same (the same messages, the same record),
    and its scenario file replays to the record the game made as it was played."""
    if any(p.check == "exception" for p in played.problems):
        return  # a game that raised has no whole record to compare
    text = scenario_text(played)
    try:
        scenario, replayed = replayed_record(text)
        live = live_record(played, scenario)
    except Exception as exc:  # a scenario that cannot be replayed is a broken game
        played.problems.append(Problem("replay", f"the scenario does not replay: {exc!r}"))
        return
    if digest(live) != digest(replayed):
        where = _first_difference(live, replayed)
        played.problems.append(
            Problem("replay", f"the scenario file replays to another record ({where})")
        )
    # The same scenario data is the same file (the text is written from it alone).
    again = play(setup, policy, played.seed, limit)
    if scenario_data(again) != scenario_data(played):
        played.problems.append(
            Problem("replay", "played again from its seed, the game is not the same game")
        )


def _first_difference(live: dict, replayed: dict) -> str:
    for a, b in zip(live.get("phases", ()), replayed.get("phases", ()), strict=False):
        if a != b:
            keys = [k for k in a if a.get(k) != b.get(k)]
            return f"{a.get('phase')}: {', '.join(keys)}"
    return "winner" if live.get("winner") != replayed.get("winner") else "length"
