"""autogm simulate's speed, measured (not a test): run ``python benchmarks/bench_simulate.py
[GAMES]``.

Targets (issue 31): 16-player dctp-2011 games of the default setup at 1,000 games a minute
per core or more, and 2 workers at least 1.8x faster than 1. The machine is shared: each
round plays the same games on 1 worker and then on 2, so both see the same load, and the
load average is printed with the numbers.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from simulator.run.local import run_local
from simulator.run.work import Job
from simulator.setups import make_setup
from simulator.stats.table import Table


def timed(job: Job, games: int, workers: int) -> tuple[float, float, dict]:
    """(wall seconds, CPU seconds of this process and its workers, the table)."""
    before = os.times()
    began = time.perf_counter()
    found = run_local(job, games, workers)
    wall = time.perf_counter() - began
    after = os.times()
    cpu = sum(after[:4]) - sum(before[:4])
    assert len(found) == games and not any(g.broken for g in found), "a broken game"
    return wall, cpu, Table.of(found).to_json()


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    job = Job(make_setup("dctp-2011", 16), "random", 2011, sample_every=50)
    print(f"{games} games of dctp-2011, 16 players, default setup, policy random; "
          f"load average before: {os.getloadavg()[0]:.2f}")  # fmt: skip
    rows = []
    for round_ in range(2):
        one = timed(job, games, 1)
        two = timed(job, games, 2)
        assert one[2] == two[2], "1 and 2 workers gave different tables"
        rows.append((one, two))
        print(
            f"round {round_ + 1}: 1 worker {one[0]:.1f} s ({60 * games / one[0]:.0f} games/min, "
            f"{60 * games / one[1]:.0f} per CPU-minute); 2 workers {two[0]:.1f} s "
            f"({60 * games / two[0]:.0f} games/min); speed-up {one[0] / two[0]:.2f}x; "
            f"load {os.getloadavg()[0]:.2f}"
        )
    best_one = min(r[0][0] for r in rows)
    best_two = min(r[1][0] for r in rows)
    per_cpu = max(60 * games / r[0][1] for r in rows)
    print("the tables of 1 and 2 workers are the same in every round")
    print(f"best: 1 worker {60 * games / best_one:.0f} games/min; {per_cpu:.0f} games per "
          f"CPU-minute; 2 workers {60 * games / best_two:.0f} games/min, "
          f"{best_one / best_two:.2f}x")  # fmt: skip


if __name__ == "__main__":
    main()
