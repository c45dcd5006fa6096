"""What one pass over the stored inbox builds up, shared by the readers of PMs (inbox) and
of topic posts (votes_topic)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from daemon.store.db import Store


@dataclass
class Batch:
    """What one pass over the inbox built up: batched answers, the rosters read."""

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
