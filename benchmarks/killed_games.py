"""Games killed with -9 at random points: is any private message lost or sent twice?

    python benchmarks/killed_games.py [--games 100] [--kills 3] [--seed 1]

Each game is the demo's round (sign-ups, a deal with constraints, orders by PM, a quiet player
prodded, warned and replaced, reminders, results by PM and in the topic) on a local forum,
played by a child process on the demo's simulated clock (``daemon.cli.demo.play_demo``, the
daemon's own job functions at the times its plan gives). The child is killed with SIGKILL at a
random moment of a random job (after 1 to 8 jobs of that run), up to ``--kills`` times, and
started again on the same folder (it resumes as ``autogm run`` does: the outbox's messages of
unknown fate are looked for first), until the game is archived.

Then every message is counted by its outbox marker (tests/daemon/markers.py), whatever its
subject: each PM the outbox holds is on the forum exactly once, with its recipients; each post
once; no message of the GM's on the forum lacks an outbox row; nothing is left unsent; every PM
the players sent the GM is stored exactly once.

tests/daemon/jobs/test_killed_games.py runs a small sample in CI; the README's numbers are
from the 100-game run.
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from autogm.daemon.cli.demo import START, SimClock, play_demo, prepare_demo  # noqa: E402
from tests.daemon.markers import Tally, count  # noqa: E402

CLOCK_FILE = "clock"
LOG_FILE = "demo.log"
STALLED = "No winner after"  # what the demo says when it stops at its phase cap


class SavedClock(SimClock):
    """The demo's simulated clock, kept in a file after each job so that a restarted child
    goes on from where the killed one was (as a real clock would have moved on)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        saved = path.read_text().strip() if path.exists() else ""
        super().__init__(datetime.fromisoformat(saved) if saved else START)

    def save(self) -> None:
        temporary = self.path.with_suffix(".tmp")
        temporary.write_text(self.now.isoformat())
        temporary.replace(self.path)


def child(directory: Path, seed: int) -> int:
    """One run of the game in ``directory`` until it is archived (or the parent kills it);
    what the demo prints goes to ``demo.log`` there, each run after the last."""
    clock = SavedClock(directory / CLOCK_FILE)
    with (directory / LOG_FILE).open("a", encoding="utf-8") as out:
        out.write(f"--- run at {clock()}\n")
        return play_demo(
            directory / "config.ini", clock, seed=seed, pace=0, out=out, after_job=clock.save
        )


def wait_for_jobs(clock: Path, jobs: int, process: subprocess.Popen[bytes]) -> bool:
    """Wait until the child has saved its clock after ``jobs`` more jobs (each save replaces
    the file); False if it ended first."""
    def stamp() -> tuple[int, int] | None:
        try:
            found = clock.stat()
        except FileNotFoundError:
            return None
        return found.st_ino, found.st_mtime_ns

    last, seen = stamp(), 0
    while seen < jobs:
        if process.poll() is not None:
            return False
        time.sleep(0.002)
        now = stamp()
        if now != last:
            last, seen = now, seen + 1
    return True


def play_killed(directory: Path, seed: int, kills: int, rng: random.Random) -> Tally:
    """One game, killed up to ``kills`` times at random moments, then played to its end."""
    prepare_demo(directory, SimClock(START), seed=seed)
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(directory)]
    command += ["--seed", str(seed)]
    done = 0
    for attempt in range(kills + 1):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if attempt < kills:
            # Counted in the game's own jobs, not in seconds: on a quiet machine a whole game
            # takes about as long as a busy one's start-up, and a kill after a delay in
            # seconds found it over.
            reached = wait_for_jobs(directory / CLOCK_FILE, rng.randint(1, 8), process)
            time.sleep(rng.uniform(0, 0.02))  # somewhere inside the next job
            if reached and process.poll() is None:
                process.send_signal(signal.SIGKILL)
                done += 1
            process.wait()
            continue
        _, errors = process.communicate(timeout=600)
    tally = count(directory)
    tally.kills = done
    said = (directory / LOG_FILE).read_text(encoding="utf-8").splitlines()
    if tally.unfinished and any(line.startswith(STALLED) for line in said[-3:]):
        # The demo's players never end some seeds' games (killed or not): the demo stops
        # them at its phase cap. Their messages were counted all the same.
        tally.unfinished, tally.stalled = 0, 1
    elif tally.unfinished:
        # Why: the demo's last words, and the daemon's last log lines.
        logged = errors.decode(errors="replace").splitlines()[-6:]
        tally.why.append(f"{directory.name} unfinished: " + " | ".join(said[-4:] + logged))
    return tally


def run(games: int, kills: int, seed: int, report=print) -> Tally:  # type: ignore[no-untyped-def]
    total = Tally()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="autogm-killed-") as folder:
        for number in range(games):
            directory = Path(folder) / f"game{number}"
            tally = play_killed(directory, seed * 1000 + number, kills, rng)
            total.add(tally)
            problems = tally.problems() + tally.why
            note = f": {'; '.join(problems[:3])}" if problems else ""
            report(f"game {number + 1}: {tally.kills} kills, {tally.sent} messages{note}")
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--kills", type=int, default=3, help="kill -9 per game, at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", metavar="DIR", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(Path(args.child), args.seed)
    began = time.monotonic()
    total = run(args.games, args.kills, args.seed)
    print(total.summary(), f"({time.monotonic() - began:.0f} s)")
    return int(bool(total.problems() or total.unfinished))


if __name__ == "__main__":
    sys.exit(main())
