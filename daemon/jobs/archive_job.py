"""The archive job: once a game has ended and its last post is out, copy it into the archive
database and mark it archived."""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path

from autogm.daemon.config.files import ARCHIVE_FILE
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.store.db import Store

log = logging.getLogger(__name__)


def archive(daemon: Runtime, game: str, now: datetime) -> None:
    with daemon.open_store() as store:
        info = store.game(game)
        if info is None or info["status"] != "ended":
            return
        cfg = daemon.config.games[game]
        daemon.deliver(store, cfg.forum)  # the final post goes out before the archive
        where = daemon.archiver(store, game, now)
        with store.atomic():
            store.update_game(game, now, status="archived")
            store.log("game.archived", {"where": where}, now, game)
        log.info("%s: archived to %s", game, where)
        daemon.forget(game)  # its kept session is needed no more
        daemon.changed(store, now)


def archive_to_state_dir(state_dir: Path, store: Store, game: str, now: datetime) -> str:
    """The default archiver: ``archive.db`` in the state directory; says where and what."""
    from autogm.daemon.archive.write import archive_game

    path = state_dir / ARCHIVE_FILE
    summary = archive_game(store, game, path, now)
    return f"{path} ({summary.phases} phases, winner {summary.winner})"
