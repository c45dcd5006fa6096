"""autogm simulate's speed, measured (not a test): run ``python benchmarks/bench_simulate.py
[GAMES] [ROUNDS]``.

Targets: 16-player dctp-2011 games of the default setup at 1,000 games a minute
per core or more, and 2 workers at least 1.8x faster than 1.

The machine is shared by several engineers, so each round plays the same games on 1 worker
and then on 2, both under the same load, and prints the load average (``os.getloadavg``)
before and after each run. Two measures are taken of every run:

- wall clock, through ``run_local`` as the command runs it: the speed a GM sees, and the
  speed-up of 2 workers over 1, which only shows when the second core is free;
- the CPU time of each process, measured in the worker around each chunk of games it plays:
  games per CPU-minute is the rate per core; the CPU speed-up of the 2-worker run (its CPU
  time over its busiest worker's) is the speed-up 2 workers give on 2 free cores, whatever
  else runs: how evenly the games are shared out. (The 1-worker run's CPU time over the
  busiest worker's is printed too; it also holds the difference in load between the runs,
  which makes a game cost more CPU on a busier machine.) Chunks are 20 games: give at least
  400 games, so that each worker plays ten.

Where the wall clock goes beyond the CPU, each run is taken apart: the time in the chunks
(each process's wall clock around each chunk it plays) is its CPU time, the time it waited
for a CPU held by another process (the kernel's run-queue wait, ``/proc/self/schedstat``), and
the rest (time the machine's hypervisor gave the CPU to another machine: the steal, printed
from ``/proc/stat`` for the whole machine beside it); the time outside the chunks is the
runner's own (processes started, chunks handed out, summaries collected).
"""

from __future__ import annotations

import os
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from autogm.simulator.run import local
from autogm.simulator.run.work import Job, run_chunk
from autogm.simulator.setups import make_setup
from autogm.simulator.stats.summary import GameSummary
from autogm.simulator.stats.table import Table


class Chunk(list):
    """A chunk's summaries, with the process that played them, its CPU seconds, its wall
    seconds and the seconds it waited for a CPU."""

    pid: int
    cpu: float
    wall: float
    waited: float


def _waited() -> float:
    """Seconds this process has waited in the kernel's run queue (0 where it is not told)."""
    try:
        return int(Path("/proc/self/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _stolen() -> float:
    """Seconds of the machine's CPUs taken by its hypervisor (steal: ``/proc/stat``)."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
        return int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _timed(args: tuple[Job, int, int]) -> Chunk:
    began, began_wall, began_wait = time.process_time(), time.perf_counter(), _waited()
    done = Chunk(run_chunk(*args))
    done.pid, done.cpu = os.getpid(), time.process_time() - began
    done.wall, done.waited = time.perf_counter() - began_wall, _waited() - began_wait
    return done


# Every chunk is played through the worker function the command uses, timed in the worker.
local._run = _timed


@dataclass
class Run:
    workers: int
    wall: float = 0.0
    cpu_by_process: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    wall_by_process: dict[int, float] = field(default_factory=lambda: defaultdict(float))
    waited: float = 0.0  # in the run queue, summed over the processes
    stolen: float = 0.0  # the whole machine's steal during the run
    load: tuple[float, float] = (0.0, 0.0)
    table: dict | None = None

    @property
    def cpu(self) -> float:
        return sum(self.cpu_by_process.values())

    @property
    def busiest(self) -> float:
        return max(self.cpu_by_process.values())


def timed(job: Job, games: int, workers: int) -> Run:
    run = Run(workers)

    def chunk_done(done: list[GameSummary]) -> None:
        run.cpu_by_process[done.pid] += done.cpu  # type: ignore[attr-defined]
        run.wall_by_process[done.pid] += done.wall  # type: ignore[attr-defined]
        run.waited += done.waited  # type: ignore[attr-defined]

    before, stolen = os.getloadavg()[0], _stolen()
    began = time.perf_counter()
    found = local.run_local(job, games, workers, on_chunk=chunk_done)
    run.wall = time.perf_counter() - began
    run.stolen = _stolen() - stolen
    run.load = (before, os.getloadavg()[0])
    assert len(found) == games and not any(g.broken for g in found), "a broken game"
    run.table = Table.of(found).to_json()
    return run


def describe(run: Run, games: int) -> str:
    shares = ", ".join(f"{c:.1f}" for c in sorted(run.cpu_by_process.values()))
    return (
        f"{run.workers} worker{'s' if run.workers > 1 else ''}: {run.wall:.1f} s wall "
        f"({60 * games / run.wall:.0f} games/min), CPU {run.cpu:.1f} s ({shares} by process; "
        f"{60 * games / run.cpu:.0f} games per CPU-minute), "
        f"load {run.load[0]:.2f}-{run.load[1]:.2f}"
    )


def accounted(run: Run) -> str:
    """Where the wall clock went beyond the CPU: in the chunks (summed over the processes),
    waiting for a CPU and the rest; outside them, the runner's own time (beyond the longest
    process's time in its chunks)."""
    in_chunks = sum(run.wall_by_process.values())
    rest = in_chunks - run.cpu - run.waited
    outside = run.wall - max(run.wall_by_process.values())
    return (
        f"    in the chunks {in_chunks:.1f} s: CPU {run.cpu:.1f}, waiting for a CPU "
        f"{run.waited:.1f}, the rest {rest:.1f} (the machine's steal: {run.stolen:.1f} s "
        f"over its CPUs); outside the chunks {outside:.1f} s"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    job = Job(make_setup("dctp-2011", 16), "random", 2011, sample_every=50)
    print(f"{games} games of dctp-2011, 16 players, default setup, policy random; "
          f"{os.cpu_count()} CPUs; load average {os.getloadavg()}")  # fmt: skip
    rows = []
    for round_ in range(rounds):
        one = timed(job, games, 1)
        two = timed(job, games, 2)
        assert one.table == two.table, "1 and 2 workers gave different tables"
        rows.append((one, two))
        print(f"round {round_ + 1}:")
        for run in (one, two):
            print(f"  {describe(run, games)}\n{accounted(run)}")
        print(
            f"  speed-up: wall {one.wall / two.wall:.2f}x; CPU {two.cpu / two.busiest:.2f}x "
            f"(1 worker's CPU over the busiest of 2: {one.cpu / two.busiest:.2f}x)"
        )
    print("the tables of 1 and 2 workers are the same in every round")
    best_one = min(r[0].wall for r in rows)
    best_two = min(r[1].wall for r in rows)
    per_cpu = max(60 * games / r[0].cpu for r in rows)
    cpu_speedup = max(r[1].cpu / r[1].busiest for r in rows)
    print(f"best: 1 worker {60 * games / best_one:.0f} games/min; {per_cpu:.0f} games per "
          f"CPU-minute; 2 workers {60 * games / best_two:.0f} games/min, wall "
          f"{best_one / best_two:.2f}x, CPU {cpu_speedup:.2f}x")  # fmt: skip


if __name__ == "__main__":
    main()
