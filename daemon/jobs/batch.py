"""What one pass over the stored inbox builds up, shared by the readers of PMs (inbox) and
of topic posts (votes_topic)."""

from __future__ import annotations

from dataclasses import dataclass, field

from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import InboxMessage


@dataclass(frozen=True, slots=True)
class Seat:
    """A player account's place in a game in play."""

    game: str
    name: str  # as the game has it
    status: str  # the players table's: alive, dead, ..., replaced


@dataclass
class Batch:
    """What one pass over the inbox built up: batched answers, the seats read."""

    # (game, player) -> each order PM's answer this pass, with its message and phase.
    batched: dict[tuple[str, str], list[tuple[InboxMessage, str, str]]] = field(
        default_factory=dict
    )
    # Every seat of every game in play by the casefold of its account's name, read once per
    # pass (the inbox changes none): a message finds its author's seats in one look-up, not
    # by a comparison with every player of every game.
    by_name: dict[str, list[Seat]] | None = None

    def seats(self, store: Store, author: str) -> list[Seat]:
        """The seats of ``author``'s account in the games in play (running or paused)."""
        if self.by_name is None:
            self.by_name = {}
            rows = store.rows(
                "SELECT p.game, p.name, p.status FROM players p JOIN games g ON g.name = p.game"
                " WHERE g.status IN ('running', 'paused') ORDER BY g.name, p.joined_at, p.name"
            )
            for row in rows:
                seat = Seat(row["game"], row["name"], row["status"])
                self.by_name.setdefault(seat.name.casefold(), []).append(seat)
        return self.by_name.get(author.casefold(), [])
