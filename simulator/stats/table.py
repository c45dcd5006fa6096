"""The table of a run: wins by side with a 95 % interval, how long games last, how each role
fares, the shortest and longest games, and the broken ones.

Every figure is computed from the games in the order of their index, so the same seed gives
the same table however many workers played the games.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from autogm.simulator.stats.summary import GameSummary

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: right near 0 and 1 and for few games,
    where the normal approximation is not (a 0-of-20 side still gets an upper bound)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class RoleLine:
    role: str
    side: str
    dealt: int = 0
    survived: int = 0  # alive and free at the end
    won: int = 0


@dataclass
class Table:
    """The run's figures; ``to_json`` is the ``--json`` output."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    lengths: list[int] = field(default_factory=list)
    roles: dict[str, RoleLine] = field(default_factory=dict)
    shortest: GameSummary | None = None
    longest: GameSummary | None = None
    broken: list[GameSummary] = field(default_factory=list)
    replayed: int = 0

    @classmethod
    def of(cls, summaries: Iterable[GameSummary]) -> Table:
        table = cls()
        for game in sorted(summaries, key=lambda g: g.index):
            table.add(game)
        return table

    def add(self, game: GameSummary) -> None:
        self.games += 1
        self.replayed += game.replayed
        if game.broken:
            self.broken.append(game)
        self.wins[game.winner or "none"] += 1
        self.lengths.append(game.phases)
        if self.shortest is None or game.phases < self.shortest.phases:
            self.shortest = game
        if self.longest is None or game.phases > self.longest.phases:
            self.longest = game
        for role, side, status, won in game.players:
            line = self.roles.get(role)
            if line is None:
                line = self.roles[role] = RoleLine(role, side)
            line.dealt += 1
            line.survived += status == "alive"
            line.won += won

    def win_rates(self) -> list[tuple[str, int, float, float, float]]:
        """(side, wins, rate, low, high), the most winning side first."""
        rows = []
        for side, wins in sorted(self.wins.items(), key=lambda kv: (-kv[1], kv[0])):
            low, high = wilson(wins, self.games)
            rows.append((side, wins, wins / self.games if self.games else 0.0, low, high))
        return rows

    def length_figures(self) -> dict[str, float]:
        if not self.lengths:
            return {}
        ordered = sorted(self.lengths)
        return {
            "mean": statistics.fmean(ordered),
            "median": statistics.median(ordered),
            "p10": ordered[len(ordered) // 10],
            "p90": ordered[min(len(ordered) - 1, (len(ordered) * 9) // 10)],
            "min": ordered[0],
            "max": ordered[-1],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": [
                {
                    "side": side,
                    "wins": wins,
                    "rate": round(rate, 4),
                    "interval95": [round(low, 4), round(high, 4)],
                }
                for side, wins, rate, low, high in self.win_rates()
            ],
            "length_phases": {k: round(v, 2) for k, v in self.length_figures().items()},
            "roles": [
                {
                    "role": r.role,
                    "side": r.side,
                    "dealt": r.dealt,
                    "survived": round(r.survived / r.dealt, 4),
                    "won": round(r.won / r.dealt, 4),
                }
                for r in sorted(self.roles.values(), key=lambda r: (r.side, r.role))
            ],
            "shortest": _game_json(self.shortest),
            "longest": _game_json(self.longest),
            "broken": [
                {
                    "seed": g.seed,
                    "index": g.index,
                    "problems": [{"check": c, "detail": d} for c, d in g.problems],
                }
                for g in self.broken
            ],
            "replayed": self.replayed,
        }


def _game_json(game: GameSummary | None) -> dict[str, Any] | None:
    if game is None:
        return None
    return {"seed": game.seed, "index": game.index, "phases": game.phases, "winner": game.winner}
