"""What one pass over the stored inbox builds up, shared by the readers of PMs (inbox) and
of topic posts (votes_topic)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from daemon.jobs.runtime import Runtime
from daemon.play.games import LiveGame
from daemon.store.db import Store


@dataclass
class Batch:
    """What one pass over the inbox built up: rebuilt games, batched answers."""

    lives: dict[str, LiveGame] = field(default_factory=dict)
    batched: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    # The player rows of each game in play, read once per pass (the inbox changes none).
    rosters: dict[str, list[dict[str, Any]]] | None = None

    def players(self, store: Store) -> dict[str, list[dict[str, Any]]]:
        """Game in play (running or paused) → its player rows."""
        if self.rosters is None:
            self.rosters = {
                g["name"]: store.players(g["name"]) for g in store.games("running", "paused")
            }
        return self.rosters

    def live(self, daemon: Runtime, store: Store, game: str) -> LiveGame:
        """The game as the messages read so far left it: rebuilt once per pass."""
        live = self.lives.get(game) or daemon.live(store, game)
        self.lives[game] = live
        return live
