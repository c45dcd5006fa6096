"""How fast each command starts, measured from outside (not a test).

    python benchmarks/bench_startup.py [--runs 9] [--command autogm] [--before CMD]

Times ``--help``, ``replay`` of a one-phase game, ``check-config`` and ``status`` of a fresh
config as child processes, against ``python -c pass`` in the same run. Target:
each under 150 ms, at most ten times ``python -c pass``. Use the installed entry point
(``--command autogm``): pip compiles the package, as a GM's install has it. ``--before CMD``
times another install (an earlier release) too: each of its commands, the same command of
``--command`` and ``python -c pass`` run in turn, run by run, so that a loaded machine's load
falls on all of them alike.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_replay_outside import (  # noqa: E402
    CHILD_ENV_DROPPED,
    timed,
    timed_in_turn,
)

GAME = """ruleset: dctp-2011
seed: 1
players: {Abs: Gin, Kleene: Agasa, Conia: Shinichi, Jd-: Araide}
phases:
  - phase: Night 1
    orders:
      - Abs: Kill Kleene
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--command", help="the autogm command (default: python -m autogm.daemon)")
    parser.add_argument("--before", help="another autogm command, timed in turn with it")
    args = parser.parse_args()
    command = shlex.split(args.command) if args.command else [sys.executable, "-m", "autogm.daemon"]
    if not args.command:
        # Run from the checkout: the commands start in a scratch folder, so point them here.
        os.environ["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])
        )
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"command: {' '.join(command)}, median of {args.runs} runs, "
        f"children without {' and '.join(CHILD_ENV_DROPPED)}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "game.yaml").write_text(GAME, encoding="utf-8")
        config = (ROOT / "config.example.ini").read_text(encoding="utf-8")
        (folder / "config.ini").write_text(config, encoding="utf-8")
        cases = (
            ("--help", ["--help"]),
            ("replay (one phase)", ["replay", "game.yaml"]),
            ("check-config", ["check-config", "config.ini"]),
            ("status", ["status", "--config", "config.ini"]),
        )
        passing = [sys.executable, "-c", "pass"]
        if args.before:
            before = shlex.split(args.before)
            for _, words in cases:  # the state file made (migrated) once, not in a timed run
                timed([*before, *words], 1, folder, check=False)
            runs = [passing]
            for _, words in cases:
                runs += [[*command, *words], [*before, *words]]
            baseline, *times = timed_in_turn(runs, args.runs, folder, check=False)
            print(f"{'python -c pass':28} {baseline:6.0f} ms")
            for (label, _), spent, earlier in zip(cases, times[::2], times[1::2], strict=True):
                print(
                    f"{'autogm ' + label:28} {spent:6.0f} ms  ({spent / baseline:4.1f}x; "
                    f"before: {earlier:.0f} ms)"
                )
            return
        baseline = timed(passing, args.runs, folder, check=False)
        print(f"{'python -c pass':28} {baseline:6.0f} ms")
        for label, words in cases:
            spent = timed([*command, *words], args.runs, folder, check=False)
            print(f"{'autogm ' + label:28} {spent:6.0f} ms  ({spent / baseline:4.1f}x)")


if __name__ == "__main__":
    main()
