"""The unit of work a runner hands out: a chunk of consecutive games of one run, each played,
checked and summed up. It depends only on its arguments, so a chunk gives the same summaries
in any process, on any machine."""

from __future__ import annotations

import hashlib
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
    for index in range(start, stop):
        played = play_checked(job, index)
        replayed = sampled(index, job.sample_every) or bool(played.problems)
        out.append(summarize(index, played, replayed))
    return out


def chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(games, start + size)) for start in range(0, games, size)]
