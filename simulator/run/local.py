"""Games played in local processes (``--workers N``; default: one per core). Each worker
takes chunks of consecutive games; the summaries come back in any order and the table reads
them by index, so the same seed gives the same table for any number of workers."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable

from autogm.simulator.run.work import Job, chunks, run_chunk
from autogm.simulator.stats.summary import GameSummary

CHUNK = 20  # games per task: large enough to cost little to hand out, small for the bar


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _run(args: tuple[Job, int, int]) -> list[GameSummary]:
    return run_chunk(*args)


def run_local(
    job: Job,
    games: int,
    workers: int,
    on_chunk: Callable[[list[GameSummary]], None] | None = None,
) -> list[GameSummary]:
    tasks = [(job, start, stop) for start, stop in chunks(games, CHUNK)]
    found: list[GameSummary] = []
    if workers <= 1:
        for task in tasks:
            done = _run(task)
            found.extend(done)
            if on_chunk:
                on_chunk(done)
        return found
    # fork where there is one: a worker starts with the engine already imported.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with context.Pool(workers) as pool:
        for done in pool.imap_unordered(_run, tasks):
            found.extend(done)
            if on_chunk:
                on_chunk(done)
    return found
