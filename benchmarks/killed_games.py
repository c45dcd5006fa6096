"""Games killed with -9 at random points: is any private message lost or sent twice?

    python benchmarks/killed_games.py [--games 100] [--kills 3] [--seed 1]

Each game is the demo's round (sign-ups, a deal with constraints, orders by PM, a quiet player
prodded, warned and replaced, reminders, results by PM and in the topic) on a local forum,
played by a child process on the demo's simulated clock (``daemon.cli.demo.play_demo``, the
daemon's own job functions at the times its plan gives). The child is killed with SIGKILL after
a random real delay, up to ``--kills`` times, and started again on the same folder (it resumes
as ``autogm run`` does: the outbox's messages of unknown fate are looked for first), until the
game is archived.

Then every message is counted by its outbox marker (the zero-width characters each sent
message carries, daemon/outbox/message.py), whatever its subject:

- each PM the outbox holds is on the forum exactly once, with its recipients (a PM written
  without them reached nobody: lost); each post once (an edit counts for the post it edits);
- no message of the GM's on the forum lacks an outbox row (a second copy under another key);
- nothing is left unsent, and every PM the players sent the GM is stored exactly once.

tests/daemon/jobs/test_killed_games.py runs a small sample in CI; the README's numbers are
from the 100-game run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from daemon.cli.demo import GM, START, SimClock, play_demo, prepare_demo  # noqa: E402
from daemon.outbox.message import MARKER_ALPHABET, marker  # noqa: E402

CLOCK_FILE = "clock"
_MARKER = re.compile(f"[{MARKER_ALPHABET}]{{16}}")


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
    """One run of the game in ``directory`` until it is archived (or the parent kills it)."""
    clock = SavedClock(directory / CLOCK_FILE)
    with Path(os.devnull).open("w") as out:
        return play_demo(
            directory / "config.ini", clock, seed=seed, pace=0, out=out, after_job=clock.save
        )


@dataclass
class Tally:
    """What the markers say about one game (or the sum of several)."""

    games: int = 0
    kills: int = 0
    unfinished: int = 0
    sent: int = 0  # outbox rows the forum holds
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    half_written: int = 0
    inbox_lost: int = 0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.kills += other.kills
        self.unfinished += other.unfinished
        self.sent += other.sent
        self.lost += other.lost
        self.doubled += other.doubled
        self.half_written += other.half_written
        self.inbox_lost += other.inbox_lost

    def summary(self) -> str:
        return (
            f"{self.games} games, {self.kills} kill -9, {self.sent} messages counted: "
            f"{len(self.lost)} lost, {len(self.doubled)} doubled, {self.half_written} "
            f"half-written, {self.inbox_lost} received PMs not stored once, {self.unfinished} "
            "games unfinished"
        )


def count(directory: Path) -> Tally:
    """Every message of the game in ``directory`` counted by its outbox marker."""
    tally = Tally(games=1)
    state = sqlite3.connect(directory / "state" / "autogm.db")
    state.row_factory = sqlite3.Row
    forum = sqlite3.connect(directory / "forum" / "forum.sqlite")
    forum.row_factory = sqlite3.Row
    rows = state.execute("SELECT * FROM outbox ORDER BY id").fetchall()
    by_marker = {marker(row["dedupe_key"]): row for row in rows}
    gm = forum.execute("SELECT id FROM users WHERE name = ?", [GM]).fetchone()["id"]
    status = state.execute("SELECT status FROM games").fetchone()
    tally.unfinished = int(status is None or status["status"] != "archived")

    seen: Counter[int] = Counter()  # outbox id -> copies on the forum
    pms = forum.execute("SELECT id, source FROM messages WHERE author_id = ?", [gm]).fetchall()
    for pm in pms:
        names = {
            r["name"]
            for r in forum.execute(
                "SELECT u.name FROM recipients r JOIN users u ON u.id = r.user_id"
                " WHERE r.message_id = ?",
                [pm["id"]],
            )
        }
        row = _row_of(pm["source"], by_marker)
        if row is None:
            tally.doubled.append(f"PM {pm['id']} carries no marker of the outbox")
            continue
        if not names:
            tally.half_written += 1
            continue  # reached nobody
        if row["kind"] != "pm" or names != set(json.loads(row["recipients"])):
            tally.doubled.append(f"PM {pm['id']} does not match outbox row {row['id']}")
            continue
        seen[row["id"]] += 1
    posted = {
        str(json.loads(row["forum_ref"])["post_id"]): row
        for row in rows
        if row["kind"] == "post" and row["forum_ref"]
    }
    posts = forum.execute("SELECT id, source FROM posts WHERE author_id = ?", [gm]).fetchall()
    for post in posts:
        row = _row_of(post["source"], by_marker)
        if row is not None and row["kind"] == "edit":
            row = posted.get(json.loads(row["target"])["post_id"])
        if row is None:
            if not _MARKER.search(post["source"]):
                continue  # the topics' opening posts, written by hand
            tally.doubled.append(f"post {post['id']} carries no marker of the outbox")
            continue
        seen[row["id"]] += 1
    for row in rows:
        if row["kind"] == "edit":
            continue
        copies = seen[row["id"]]
        what = f"{row['kind']} #{row['id']} {row['dedupe_key']} ({row['state']})"
        if copies == 1 and row["state"] == "sent":
            tally.sent += 1
        elif copies > 1:
            tally.doubled.append(f"{what}: {copies} copies")
        elif row["state"] not in ("held",):
            tally.lost.append(f"{what}: {copies} copies")
    # Every PM the players sent the GM, stored once (the store keeps it before reading it).
    received = forum.execute(
        "SELECT m.id FROM messages m JOIN recipients r ON r.message_id = m.id WHERE r.user_id = ?",
        [gm],
    ).fetchall()
    stored = Counter(
        r["forum_id"] for r in state.execute("SELECT forum_id FROM inbox WHERE kind = 'pm'")
    )
    tally.inbox_lost = sum(stored[str(r["id"])] != 1 for r in received)
    state.close()
    forum.close()
    return tally


def _row_of(source: str, by_marker: dict[str, sqlite3.Row]) -> sqlite3.Row | None:
    found = _MARKER.findall(source)
    return by_marker.get(found[-1]) if found else None


def play_killed(directory: Path, seed: int, kills: int, rng: random.Random) -> Tally:
    """One game, killed up to ``kills`` times at random moments, then played to its end."""
    prepare_demo(directory, SimClock(START), seed=seed)
    command = [sys.executable, str(Path(__file__).resolve()), "--child", str(directory)]
    command += ["--seed", str(seed)]
    done = 0
    for attempt in range(kills + 1):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if attempt < kills:
            time.sleep(rng.uniform(0.4, 2.8))
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                done += 1
            process.wait()
            continue
        _, errors = process.communicate(timeout=600)
        if process.returncode != 0:
            sys.stderr.write(errors.decode(errors="replace")[-2000:])
    tally = count(directory)
    tally.kills = done
    return tally


def run(games: int, kills: int, seed: int, report=print) -> Tally:  # type: ignore[no-untyped-def]
    total = Tally()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="autogm-killed-") as folder:
        for number in range(games):
            directory = Path(folder) / f"game{number}"
            tally = play_killed(directory, seed * 1000 + number, kills, rng)
            total.add(tally)
            problems = tally.lost + tally.doubled
            note = f": {'; '.join(problems[:3])}" if problems or tally.half_written else ""
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
    return int(bool(total.lost or total.doubled or total.half_written or total.inbox_lost))


if __name__ == "__main__":
    sys.exit(main())
