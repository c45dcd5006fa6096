"""The running vote-count post of each day (``vote_count = on``): created once per day phase
at the first vote, then edited, at most once per poll, when the count changed."""

from __future__ import annotations

import logging
from datetime import datetime

from autogm.daemon.config.model import GameConfig
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox.running_post import keep_post
from autogm.daemon.play import games, texts
from autogm.daemon.play.phases import open_phase
from autogm.daemon.store.db import Store
from autogm.engine.phases import Phase

log = logging.getLogger(__name__)


def update_vote_counts(daemon: Runtime, store: Store, forum: str, now: datetime) -> None:
    """Keep each running game's vote-count post on ``forum`` up to date, by day."""
    for cfg in daemon.games_on(forum):
        if not cfg.vote_count:
            continue
        info = store.game(cfg.name)
        if info is None or info["status"] != "running":
            continue
        row = open_phase(store, cfg.name)
        if row is None or not Phase.parse(row.name).is_day:
            continue
        try:
            with store.atomic():
                _update_vote_count(daemon, store, cfg, row.name, now)
        except Exception:
            log.exception("%s: the vote count could not be updated", cfg.name)


def _update_vote_count(
    daemon: Runtime, store: Store, cfg: GameConfig, phase: str, now: datetime
) -> None:
    live = daemon.live(store, cfg.name)
    count = games.vote_count(live)
    if count is None or live.phase != phase:
        return
    body = count.render_bbcode(texts.vote_count_title(phase))
    base = f"votecount:{cfg.name}:{phase}"
    if not count.ballots and not store.rows("SELECT 1 FROM outbox WHERE dedupe_key = ?", [base]):
        return  # no post before the first vote
    keep_post(store, cfg.forum, cfg.name, phase, cfg.topic, base, body, now)
