"""The unit of work a runner hands out: a chunk of consecutive games of one run, each played,
checked and summed up. It depends only on its arguments, so a chunk gives the same summaries
in any process, on any machine."""

from __future__ import annotations

import gc
import hashlib
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from autogm.simulator.checks.game_checks import check_end, check_replay, sampled
from autogm.simulator.defaults import PHASE_LIMIT, REPLAY_EVERY
from autogm.simulator.game.loop import Played, play
from autogm.simulator.setups import SimSetup
from autogm.simulator.stats.summary import GameSummary, summarize


def game_seed(run_seed: int, index: int) -> int:
    """The seed of the run's ``index``-th game: drawn from the run's seed, so two runs with
    near seeds share no game, and printed with each game so it can be replayed alone."""
    digest = hashlib.sha256(f"autogm-sim/{run_seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


@dataclass(frozen=True)
class Job:
    """What every chunk of a run shares."""

    setup: SimSetup
    policy: str
    run_seed: int
    limit: int = PHASE_LIMIT
    sample_every: int = REPLAY_EVERY


def play_checked(job: Job, index: int, seed: int | None = None) -> Played:
    """The run's ``index``-th game, played and checked (a sampled one replayed too)."""
    seed = game_seed(job.run_seed, index) if seed is None else seed
    played = play(job.setup, job.policy, seed, job.limit)
    check_end(played, job.setup)
    if sampled(index, job.sample_every) or played.problems:
        check_replay(played, job.setup, job.policy, job.limit)
    return played


def run_chunk(job: Job, start: int, stop: int) -> list[GameSummary]:
    """Games ``start`` to ``stop - 1`` of the run."""
    out = []
    with _games_collector():
        for index in range(start, stop):
            played = play_checked(job, index)
            replayed = sampled(index, job.sample_every) or bool(played.problems)
            out.append(summarize(index, played, replayed))
    return out


# Containers allocated beyond those freed between two collections of the youngest generation
# while games are played (``_games_collector``; CPython's default is 700).
GAMES_YOUNG_THRESHOLD = 10_000

_collector_lock = threading.Lock()
_collector_users = 0
_collector_saved: tuple[int, ...] = ()
_collector_froze = False


@contextmanager
def _games_collector() -> Iterator[None]:
    """The cyclic garbage collector tuned for playing games. A game allocates hundreds of
    thousands of short-lived containers, which reference counting frees, and makes few
    cycles; at its default pace the collector ran about 6 times a game, one run in ten
    over the middle generation and one in a hundred over every object of the process (the
    engine's modules and tables), finding almost nothing: 2.4 % of a game's instructions
    (callgrind, 10 games), 4 % of its CPU time. While chunks play, the objects alive when
    the first began are left out of the collections (``gc.freeze``) and the youngest
    generation is collected when 10,000 containers more than were freed were allocated, not
    700: 4 runs in 50 games. Both are undone when the last chunk playing in the process ends
    (a Dask worker may play chunks in threads at once). A game's own cycles (midnight's
    make some) are collected all the same."""
    global _collector_users, _collector_saved, _collector_froze
    with _collector_lock:
        if _collector_users == 0:
            _collector_saved = gc.get_threshold()
            # Frozen already (the command froze its start-up, daemon/cli/main.py): those
            # objects are out of the collections, and unfreezing at the end would let them in.
            _collector_froze = gc.get_freeze_count() == 0
            if _collector_froze:
                gc.freeze()
            gc.set_threshold(GAMES_YOUNG_THRESHOLD, *_collector_saved[1:])
        _collector_users += 1
    try:
        yield
    finally:
        with _collector_lock:
            _collector_users -= 1
            if _collector_users == 0:
                gc.set_threshold(*_collector_saved)
                if _collector_froze:
                    gc.unfreeze()


def chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(games, start + size)) for start in range(0, games, size)]
