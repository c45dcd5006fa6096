"""Each game's session kept between jobs, fed only what is new.

A game is rebuilt from the store (``games.rebuild``: every message of every phase fed again)
when the daemon starts, after a change a kept session cannot follow (a GM's ``void order`` or
``correct order``, an order fed out of the store's order), and when a sampled check finds the
kept session and a rebuild disagree. Otherwise each job takes the session the last one left:
a new PM is read once, not once per later message of its game.

The store says whether a kept session still matches it, in one read: triggers write a new
random stamp under ``game:NAME`` whenever anything a rebuild reads changes (its orders, its
phases, its deal) and under ``rewrite:NAME`` for the changes a session cannot follow
(daemon/store/schema.py, ``m003_versions``). A session is lent to one job's store, and the
job's own changes (a PM fed and stored, a phase closed) are made to both in the same steps;
when the job ends (``settle``), the stamp its changes left is what the session matches. A job
that fails drops what it was lent (``drop_lent``): a session may hold half of a message whose
writes were rolled back. A change made anywhere else (a CLI command, another connection) leaves
a stamp no session was settled at, and the next job rebuilds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from autogm.daemon.play.games import LiveGame, differences
from autogm.daemon.store.db import Store

log = logging.getLogger(__name__)

# One use in this many of a kept session is checked against a rebuild from the store (the
# rebuild costs what every use cost before sessions were kept; one in 64 adds under 2 %).
CHECK_EVERY = 64


@dataclass
class _Kept:
    live: LiveGame
    stamp: int | None  # the game's ``game:`` stamp the session matches (when not lent)
    rewrite: int | None  # its ``rewrite:`` stamp when the session was built
    lent_to: Store | None = None  # the store of the job using it, until the job settles
    uses: int = 0


class KeptGames:
    """The kept sessions of one daemon, by game."""

    def __init__(
        self,
        build: Callable[[Store, str], LiveGame],
        clock: Callable[[], datetime],
        check_every: int = CHECK_EVERY,
    ) -> None:
        self.build = build
        self.clock = clock
        self.check_every = check_every
        # How many times a game was rebuilt from the store for use, and to check a kept one.
        self.rebuilds = 0
        self.checks = 0
        self._kept: dict[str, _Kept] = {}

    def get(self, store: Store, game: str) -> LiveGame:
        """The game's session as the store has it, lent to the job that owns ``store``."""
        stamp, rewrite = _stamps(store, game)
        kept = self._kept.get(game)
        if kept is not None and kept.rewrite == rewrite:
            ours = kept.lent_to is store
            if ours or (kept.lent_to is None and kept.stamp == stamp):
                kept.lent_to = store
                kept.uses += 1
                if self.check_every and kept.uses % self.check_every == 0:
                    self._check(store, game, kept)
                return kept.live
        live = self.build(store, game)
        self.rebuilds += 1
        self._kept[game] = _Kept(live, stamp, rewrite, lent_to=store)
        return live

    def settle(self, store: Store) -> None:
        """The job that owns ``store`` has ended and its writes are in: the sessions it was
        lent match the store as it is now (unless it rewrote their history meanwhile)."""
        for game, kept in list(self._kept.items()):
            if kept.lent_to is not store:
                continue
            stamp, rewrite = _stamps(store, game)
            if rewrite != kept.rewrite:
                del self._kept[game]
                continue
            kept.stamp, kept.lent_to = stamp, None

    def drop_lent(self, store: Store) -> None:
        """The job that owns ``store`` failed, or lost the writes of a message half fed to a
        session: its sessions are rebuilt at their next use."""
        for game in [g for g, kept in self._kept.items() if kept.lent_to is store]:
            del self._kept[game]

    def forget(self, game: str) -> None:
        """Rebuild ``game`` at its next use (its session was fed out of the store's order)."""
        self._kept.pop(game, None)

    def peek(self, game: str) -> LiveGame | None:
        """The session kept for ``game``, if any, as it is (for checks: not lent)."""
        kept = self._kept.get(game)
        return kept.live if kept is not None else None

    def _check(self, store: Store, game: str, kept: _Kept) -> None:
        """Compare the kept session with a rebuild; keep the rebuild, and say so, if they
        differ (the store is the truth)."""
        rebuilt = self.build(store, game)
        self.checks += 1
        found = differences(kept.live, rebuilt)
        if found:
            log.error("%s: the kept game differed from the store's (%s): rebuilt", game, found)
            details = {"differs": found, "phase": rebuilt.phase}
            store.log("game.kept-differs", details, self.clock(), game)
            kept.live = rebuilt


def _stamps(store: Store, game: str) -> tuple[int | None, int | None]:
    found = store.versions(f"game:{game}", f"rewrite:{game}")
    return found[f"game:{game}"], found[f"rewrite:{game}"]
