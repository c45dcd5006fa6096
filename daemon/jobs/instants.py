"""Instant orders' outcomes, sent when they are declared: ""Instant" actions ... are resolved
instantly, in the order of declaration" (midnight). The engine resolves them as the session
receives the order (``GameSession.instants``); this sends what each one announced in the topic
and told a player, once (the outbox's keys: a rebuild resolves them again and sends nothing
new)."""

from __future__ import annotations

from datetime import datetime

from autogm.daemon.config.model import GameConfig
from autogm.daemon.outbox import sending
from autogm.daemon.play import games
from autogm.daemon.play.games import LiveGame
from autogm.daemon.store.db import Store


def announce(store: Store, cfg: GameConfig, live: LiveGame, now: datetime) -> None:
    """Enqueue the posts and PMs of the open phase's instant orders not sent yet."""
    for number, (public, private) in enumerate(games.instant_texts(live), 1):
        key = f"instant:{cfg.name}:{live.phase}:{number}"
        if public:
            sending.post(store, cfg, "\n".join(public), key, now, phase=live.phase)
        for player, texts in private.items():
            subject = f"{cfg.name}: {live.phase}"
            sending.pm(store, cfg, player, subject, "\n".join(texts), f"{key}:{player}", now,
                       phase=live.phase)  # fmt: skip
