"""The running vote-count post of each day (``vote_count = on``): created once per day phase
at the first vote, then edited, at most once per poll, when the count changed."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from adapters.base import PostRef
from daemon.config.model import GameConfig
from daemon.jobs.runtime import Runtime
from daemon.outbox import outbox, sending
from daemon.outbox.message import Outgoing
from daemon.play import games, texts
from daemon.play.phases import open_phase
from daemon.store.db import Store
from daemon.store.rows import from_json
from engine.phases import Phase

log = logging.getLogger(__name__)


def update_vote_counts(daemon: Runtime, store: Store, forum: str, now: datetime) -> None:
    """Keep each running game's vote-count post on ``forum`` up to date, by day."""
    for cfg in daemon.games_on(forum):
        info = store.game(cfg.name)
        if not cfg.vote_count or info is None or info["status"] != "running":
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
    rows = store.rows(
        "SELECT id, kind, body, state, forum_ref FROM outbox"
        " WHERE dedupe_key = ? OR dedupe_key LIKE ? ORDER BY id",
        [base, f"{base}:edit:%"],
    )
    if not rows:
        if count.ballots:
            sending.post(store, cfg, body, base, now, phase=phase)
        return
    _revise(store, cfg, phase, base, rows, body, now)


def _revise(
    store: Store,
    cfg: GameConfig,
    phase: str,
    base: str,
    rows: list[dict[str, Any]],
    body: str,
    now: datetime,
) -> None:
    """A new count for a day that has its post: the queued post, or an edit of the sent one."""
    last = rows[-1]
    if last["body"] == body:
        return
    if last["state"] == "queued":
        # Not sent yet: it goes out with the new count instead.
        store.execute(
            "UPDATE outbox SET body = ? WHERE id = ? AND state = 'queued'", [body, last["id"]]
        )
        return
    ref = from_json(rows[0]["forum_ref"]) if rows[0]["state"] == "sent" else None
    if not ref or last["state"] in ("sending", "unknown"):
        return  # the post's fate is not settled yet: the next poll tries again
    target = PostRef(ref["topic"], ref["post_id"])
    message = Outgoing(
        cfg.forum, "edit", f"{base}:edit:{len(rows)}", body, cfg.name, phase, target=target
    )
    outbox.enqueue(store, message, now)
