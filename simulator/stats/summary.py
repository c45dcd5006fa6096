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
    # On the winning side: a member of the side that won, dead or alive, or a player the
    # game names among its winners (a Neutral's own win). midnight names only the side's
    # living members ("Dead — ... cannot win"): its dead members were on the winning side
    # all the same, as in the DCTP rulesets, and the status column says who lived.
    winners = set(played.winners)
    rows = []
    for name, (role, status) in played.final.items():
        side = played.sides.get(name, "")
        won = side == played.winner or name in winners
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
