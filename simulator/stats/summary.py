"""What one game leaves for the table: small, so that a million of them travel from the
workers cheaply, and each made from the game alone, so that the table does not depend on
which worker played which game."""

from __future__ import annotations

from dataclasses import dataclass, field

from autogm.simulator.game.loop import Played


@dataclass(frozen=True, slots=True)
class GameSummary:
    index: int  # the game's place in the run (the table reads the games in this order)
    seed: int
    winner: str | None
    phases: int
    # (role, side, status at the end, won) for each player
    players: tuple[tuple[str, str, str, bool], ...] = ()
    problems: tuple[tuple[str, str], ...] = field(default=())
    replayed: bool = False  # played again and replayed from its scenario file

    @property
    def broken(self) -> bool:
        return bool(self.problems)


def summarize(index: int, played: Played, replayed: bool) -> GameSummary:
    winners = set(played.winners)
    rows = []
    for name, (role, status) in played.final.items():
        side = played.sides.get(name, "")
        won = name in winners if winners else side == played.winner
        rows.append((role, side, status, won))
    return GameSummary(
        index,
        played.seed,
        played.winner,
        played.phases,
        tuple(rows),
        tuple((p.check, p.detail) for p in played.problems),
        replayed,
    )
