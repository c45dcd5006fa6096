"""What a game costs the daemon as it gets longer and as games are added (not a test).

    python benchmarks/bench_cost.py [--before PYTHON] [--rounds 5] [--parts length,games,...]

1. **Game length.** One 16-player dctp-2011 game on the local forum (a fake clock, the daemon's
   own job functions): orders are sent by PM and read by a poll each, phases closed every 16
   orders, until the game holds H orders (10, 25, 50, 100); then each of the next PMs is sent
   and polled, and measured: ``parse_pm`` calls (counted: deterministic) and the CPU time of
   its poll (``time.process_time``, median).
2. **Number of games.** 1, 5, 20 and 50 such games started on one forum, votes by PM; the CPU
   time of an idle poll (median of 20) and the forum calls it makes (votes = pm and topic).
3. **Memory.** 50 games played phase after phase (a third of the players send an order each
   phase, nobody dies, a poll, then every game's phase closes): the daemon process's resident
   memory and Python's allocated blocks after each phase.

Each measurement runs in a child process of its own. ``--before PYTHON`` runs (1) and (2)
with another install as well (e.g. the ``python`` of a virtualenv with an earlier main
installed), round by round in turn with this checkout's, so that the machine's load falls
on both alike: CPU times on a shared machine are noisy, the paired ratio and the counts less so.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LENGTHS = (10, 25, 50, 100)
PHASES = 24
GAMES = (1, 5, 20, 50)
ROLES = [
    "Gin", "Vodka", "Vermouth", "Shiratori", "Agasa", "Araide", "Shinichi", "Megure",
    "Eisuke", "Heiji", "Ran", "Kazuha", "Sonoko", "Takagi", "Satou", "Chiba",
]  # fmt: skip
START = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


# ---------------------------------------------------------------- the child's side


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


class World:
    """``games`` 16-player games on one local forum, and the daemon that runs them."""

    def __init__(self, folder: Path, games: int, votes: str = "pm") -> None:
        from autogm.adapters.local import LocalForum
        from autogm.daemon.config.load import load_config
        from autogm.daemon.jobs.runner import Daemon

        self.clock = Clock()
        self.forum = LocalForum(folder / "forum", "GameMaster", now=self.clock)
        text = (
            "[autogm]\nstate_dir = state\ntimezone = UTC\nlog_level = WARNING\n\n"
            "[forum:local]\nadapter = local\npath = forum\nusername = GameMaster\n"
            "poll_interval = 5m\nsend_interval = 0\n"
        )
        self.players: dict[str, list[str]] = {}
        for number in range(games):
            topic = self.forum.create_topic(f"Game {number}", "Sign-ups are closed.").topic
            names = [f"g{number}p{i:02d}" for i in range(len(ROLES))]
            for name in names:
                self.forum.add_user(name)
            self.players[f"g{number}"] = names
            roster = ", ".join(f"{n}: {r}" for n, r in zip(names, ROLES, strict=True))
            text += (
                f"\n[game:g{number}]\nforum = local\ntopic = {topic}\nruleset = dctp-2011\n"
                f"seed = {number + 1}\nplayers = {roster}\nprep_deadline = 1h\n"
                f"night_deadline = 12h\nday_deadline = 12h\nstart = 2026-12-01 18:00\n"
                f"votes = {votes}\n"
            )
        (folder / "config.ini").write_text(text, encoding="utf-8")
        self.config = load_config(folder / "config.ini")
        self.daemon = Daemon(
            self.config,
            clock=self.clock,
            sleep=self.clock.sleep,
            forum_factory=lambda cfg: self.forum,
        )
        for game in self.config.games:
            self.daemon.start(game, self.clock())
        self.poll()
        self.orders = 0
        self.sent = 0

    def poll(self) -> None:
        self.daemon.poll("local", self.clock())

    def phase(self, game: str) -> str:
        from autogm.daemon.store.db import Store

        with Store.open(self.config.autogm.state_file) as store:
            return str(store.game(game)["phase"])

    def alive(self, game: str) -> list[str]:
        from autogm.daemon.store.db import Store

        with Store.open(self.config.autogm.state_file) as store:
            return [p["name"] for p in store.players(game) if p["status"] == "alive"]

    def close(self, game: str) -> None:
        self.clock.now += timedelta(hours=13)
        self.daemon.close_phase(game, self.phase(game), self.clock())

    def send(self, game: str, *, peaceful: bool = False) -> None:
        """One plausible order PM from the next living player of ``game`` (``peaceful``:
        nobody is killed or lynched, so the game goes on for as many phases as wanted)."""
        alive = self.alive(game) or self.players[game]
        player = alive[self.sent % len(alive)]
        target = alive[(self.sent * 7 + 3) % len(alive)]
        other = alive[(self.sent * 5 + 1) % len(alive)]
        if self.phase(game).startswith("Day"):
            text = "Vote no lynch" if peaceful else f"Vote {target}"
        else:
            kill = f"Heal {other}" if peaceful else f"Kill {target}"
            text = [f"Heal {target}", f"Investigate {target} kills {other}", kill][self.sent % 3]
        self.forum.as_user(player).send_private_message(["GameMaster"], "orders", text)
        self.sent += 1


def _counting_parse() -> Counter[str]:
    """Count every parse_pm call (the rebuild's and the new PM's alike): a session reads each
    message through ``engine.reading``, the "before" install through ``engine.session``."""
    try:
        from autogm.engine import reading as session
    except ImportError:
        from autogm.engine import session  # type: ignore[no-redef]

    calls: Counter[str] = Counter()
    real = session.parse_pm

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls["parse_pm"] += 1
        return real(*args, **kwargs)

    session.parse_pm = counted
    return calls


def child_length(folder: Path, history: int, pms: int) -> dict[str, Any]:
    world = World(folder, 1)
    world.close("g0")  # Prep
    while world.sent < history:
        world.send("g0")
        world.poll()
        if world.sent % 16 == 0:
            world.close("g0")
    calls = _counting_parse()
    cpu, parses, functions = [], [], []
    for _ in range(pms):
        world.send("g0")
        calls.clear()
        began = time.process_time()
        world.poll()
        cpu.append(time.process_time() - began)
        parses.append(calls["parse_pm"])
        world.send("g0")
        functions.append(_python_calls(world.poll))
    return {
        "cpu_ms": statistics.median(cpu) * 1000,
        "parse_pm": statistics.median(parses),
        "calls": statistics.median(functions),
    }


def _python_calls(action: Any) -> int:
    """How many Python functions ``action`` calls, all told: a count of the work done, the
    same from run to run whatever the machine's load (unlike a time)."""
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return count


def child_games(folder: Path, games: int, polls: int) -> dict[str, Any]:
    world = World(folder, games)
    try:
        from autogm.daemon.jobs.scheduler import JobSync, build_scheduler

        sync = JobSync(build_scheduler(), world.config, world.daemon.functions(), world.clock)
        world.daemon.on_change = sync.sync  # the re-plan after each poll, as `autogm run` has
    except ImportError:  # pragma: no cover - an install without the scheduler
        pass
    world.poll()
    cpu = []
    for _ in range(polls):
        began = time.process_time()
        world.poll()
        cpu.append(time.process_time() - began)
    return {"cpu_ms": statistics.median(cpu) * 1000}


def child_requests(folder: Path, games: int, votes: str) -> dict[str, Any]:
    """The forum calls of an idle poll (each is one request on phpBB, but topic reads of
    several pages: here none holds more than one)."""
    world = World(folder, games, votes)
    for game in world.players:
        world.close(game)  # Prep
        world.close(game)  # Night 1: Day 1 is open, its topic read for votes
    world.poll()
    calls: Counter[str] = Counter()
    forum = world.forum
    for name in ("new_private_messages", "posts_after", "last_posts"):
        real = getattr(forum, name, None)
        if real is not None:
            setattr(forum, name, _count(calls, name, real))
    world.poll()
    return {"calls": dict(calls), "total": sum(calls.values())}


def _count(calls: Counter[str], name: str, real: Any) -> Any:
    def counted(*args: Any) -> Any:
        calls[name] += 1
        return real(*args)

    return counted


def child_memory(folder: Path, games: int, phases: int) -> dict[str, Any]:
    """Resident memory and Python's allocated blocks after each phase of ``games`` games in
    which a third of the players send an order a phase and nobody dies: every game goes on,
    and its history grows, for all the phases."""
    world = World(folder, games)
    rss, blocks = [], []
    for _ in range(phases):
        for game in world.players:
            for _ in range(len(world.players[game]) // 3):
                world.send(game, peaceful=True)
        world.poll()
        for game in world.players:
            world.close(game)
        rss.append(_rss_mb())
        blocks.append(sys.getallocatedblocks())
    return {"rss_mb": rss, "blocks": blocks, "phase": world.phase("g0")}


def _rss_mb() -> float:
    status = Path("/proc/self/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


CHILDREN = {"length": child_length, "games": child_games, "requests": child_requests}
CHILDREN["memory"] = child_memory


def child_main(argv: list[str]) -> None:
    kind, *values = argv
    import logging

    logging.disable(logging.CRITICAL)
    with tempfile.TemporaryDirectory() as tmp:
        args = (int(v) if v.isdigit() else v for v in values)
        result = CHILDREN[kind](Path(tmp), *args)
    print(json.dumps(result))


# ---------------------------------------------------------------- the parent's side


def run(python: str, kind: str, *values: int | str, checkout: bool) -> dict[str, Any]:
    """One child: ``python`` runs this file's child part, from this checkout (``checkout``)
    or from whatever ``python`` has installed (another install, for the baseline)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    if checkout:
        env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [python, str(Path(__file__).resolve()), "--child", kind, *map(str, values)],
        cwd=tempfile.gettempdir(),  # never the checkout: a baseline imports its own install
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{kind} {values} with {python} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def sides(before: str | None) -> list[tuple[str, str, bool]]:
    found = [("now", sys.executable, True)]
    if before:
        found.append(("before", before, False))
    return found


def in_turn(before: str | None, rounds: int, kind: str, *values: int) -> dict[str, list]:
    results: dict[str, list] = {name: [] for name, _, _ in sides(before)}
    for _ in range(rounds):
        for name, python, checkout in sides(before):
            results[name].append(run(python, kind, *values, checkout=checkout))
    return results


def median(results: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="another install's python, measured in turn")
    parser.add_argument("--rounds", type=int, default=5, help="child runs per measurement")
    parser.add_argument(
        "--parts",
        default="length,games,requests,memory",
        help="which measurements, comma-separated (default: %(default)s)",
    )
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"load average {os.getloadavg()[0]:.1f}; median of {args.rounds} child runs, "
        f"in turn{' with ' + args.before if args.before else ''}"
    )
    names = [name for name, _, _ in sides(args.before)]
    if "length" in parts:
        length_part(args, names)
    if "games" in parts:
        games_part(args, names)
    if "requests" in parts:
        requests_part()
    if "memory" in parts:
        memory_part()


def length_part(args: argparse.Namespace, names: list[str]) -> None:
    print("\n## A new order PM, against the game's length (one 16-player game)\n")
    heads = [f"{n}: parse_pm calls | {n}: Python calls | {n}: poll CPU ms" for n in names]
    print("| orders before it | " + " | ".join(heads) + " |")
    print("|---|" + "---|---|---|" * len(names))
    by_length = {}
    for history in LENGTHS:
        found = in_turn(args.before, args.rounds, "length", history, 9)
        by_length[history] = found
        cells = [
            f"{median(found[n], 'parse_pm'):.0f} | {median(found[n], 'calls'):,.0f} | "
            f"{median(found[n], 'cpu_ms'):.2f}"
            for n in names
        ]
        print(f"| {history} | " + " | ".join(cells) + " |")
    for name in names:
        ends = (LENGTHS[0], LENGTHS[-1])
        low, high = (median(by_length[h][name], "cpu_ms") for h in ends)
        parses = [median(by_length[h][name], "parse_pm") for h in ends]
        calls = [median(by_length[h][name], "calls") for h in ends]
        print(
            f"\n{name}: from {ends[0]} to {ends[1]} orders, per new PM: parse_pm calls "
            f"{parses[0]:.0f} -> {parses[1]:.0f} ({parses[1] / parses[0]:.2f}x), Python calls "
            f"{calls[0]:,.0f} -> {calls[1]:,.0f} ({calls[1] / calls[0]:.2f}x), poll CPU "
            f"{low:.2f} -> {high:.2f} ms ({high / low:.2f}x)"
        )


def games_part(args: argparse.Namespace, names: list[str]) -> None:
    print("\n## An idle poll, against the number of games (votes = pm)\n")
    print("| games | " + " | ".join(f"{n}: idle poll CPU ms" for n in names) + " |")
    print("|---|" + "---|" * len(names))
    by_games = {}
    for games in GAMES:
        found = in_turn(args.before, args.rounds, "games", games, 20)
        by_games[games] = found
        cells = " | ".join(f"{median(found[n], 'cpu_ms'):.2f}" for n in names)
        print(f"| {games} | {cells} |")
    for name in names:
        one, many = (median(by_games[g][name], "cpu_ms") for g in (GAMES[0], GAMES[-1]))
        print(f"\n{name}: {GAMES[-1]} games / 1 game: {many / one:.2f}x")


def requests_part() -> None:
    print("\n## Forum calls of an idle poll (each one request on phpBB)\n")
    for votes in ("pm", "topic"):
        for games in (1, 5):
            found = run(sys.executable, "requests", games, votes, checkout=True)
            print(f"votes = {votes}, {games} game(s) on one forum: {found['calls']}")


def memory_part() -> None:
    print("\n## Memory: 50 games played phase after phase (resident MB after each phase)\n")
    found = run(sys.executable, "memory", 50, PHASES, checkout=True)
    rss, blocks = found["rss_mb"], found["blocks"]
    print(" ".join(f"{value:.1f}" for value in rss) + f" (the games at {found['phase']})")
    late, objects = rss[9:], blocks[9:]
    per_phase = (objects[-1] - objects[0]) / (len(objects) - 1)
    print(
        f"after phase 10: {late[0]:.1f} -> {late[-1]:.1f} MB, "
        f"{(late[-1] - late[0]) / (len(late) - 1):+.2f} MB a phase; Python's allocated blocks "
        f"{objects[0]:,} -> {objects[-1]:,} ({per_phase:+,.0f} a phase)"
    )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child_main(sys.argv[2:])
    else:
        main()
