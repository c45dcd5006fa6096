"""The replay of the largest legal game, measured from outside as a GM runs it (not a test).

    python benchmarks/bench_replay_outside.py [--runs 7] [--command "autogm"] [--before CMD]

Generates the largest legal dctp-2011 game (every role that can share a game, see
bench_engine.largest_roster) in which every free player sends a messy PM (greetings, BBCode,
quotes of the GM's post, lower case, thanks) with an order for every slot they hold, phase
after phase; writes it as a scenario file; and times ``autogm replay FILE --json`` as a child
process against, in the same run: ``python -c pass``, and the same command on the game's first
phase alone (start-up: interpreter, imports, reading the roster). The cost of a phase is
(whole game - first phase) / (phases - 1). Growth: the cost of a phase for 10 to 80 phases (16
players), and the cost of an order PM (above start-up, over the PMs after the first phase) for
16 to 200 players (10 phases; past 49 players the town's roles repeat); ``--growth`` runs that
part alone, ``--largest`` the largest game alone.

By default the command is ``python -m autogm.daemon`` run from the checkout; ``--command autogm``
times the installed entry point (pip compiles the package, so imports are faster there).
``--before CMD`` times another install (an earlier release) on the largest game too, the two
commands and ``python -c pass`` run in turn, run by run, so that a loaded machine's load falls
on all of them alike.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autogm.engine.families.dctp.abilities import ABILITIES  # noqa: E402
from autogm.engine.families.dctp.attacks import kill_cycle_due  # noqa: E402
from autogm.engine.families.dctp.setup import Setup, new_game  # noqa: E402
from autogm.engine.rules import load_ruleset  # noqa: E402
from autogm.engine.session import GameSession  # noqa: E402
from autogm.engine.validate import held_slots  # noqa: E402
from benchmarks.bench_engine import LETHAL, largest_roster, order_text  # noqa: E402

RULESET = load_ruleset("dctp-2011")
GM_QUOTE = '[quote="GameMaster"][b]{phase} has begun.[/b] Send your orders by PM.[/quote]\n'


def messy(text: str, phase: str, rng: random.Random) -> str:
    """An order as players write it: the same order, with what a GM reads past."""
    if rng.random() < 0.3:
        text = text.lower()
    if rng.random() < 0.3:
        text = f"[b]{text}[/b]"
    if rng.random() < 0.4:
        text = rng.choice(["Hi GM! ", "hey gm,\n", "Evening :)\n"]) + text
    if rng.random() < 0.3:
        text += rng.choice([" please", " thanks!", ". ty", " :D"])
    if rng.random() < 0.2:
        text = GM_QUOTE.format(phase=phase) + text
    return text


def game_text(phases: int, players: int | None = None, seed: int = 16) -> tuple[str, int]:
    """A generated game in the scenario format, and the number of order PMs in it."""
    rng = random.Random(seed)
    roster = largest_roster()
    if players is not None:
        # One Gin and the town's roles in turn; past the largest legal game's 49 players,
        # names of three digits (P001...), so that no name is the start of another.
        names = (
            list(roster)[:players]
            if players <= len(roster)
            else [f"P{i:03d}" for i in range(1, players + 1)]
        )
        town = [r for r in RULESET.roles if RULESET.roles[r].side.value == "town"]
        roster = {name: "Gin" if i == 0 else town[i % len(town)] for i, name in enumerate(names)}
    session = GameSession(new_game(RULESET, roster, seed, Setup()))
    lines = [
        "ruleset: dctp-2011",
        f"seed: {seed}",
        "options:",
        "  lynch_tie: no_lynch",
        "players:",
        *(f"  {n}: {r}" for n, r in roster.items()),
        "setup: {}",
        "phases:",
    ]
    pms = 0
    for _ in range(phases):
        state = session.state
        phase = state.phase
        lines += [f"  - phase: {phase}", "    orders:"]
        due = kill_cycle_due(state)
        free = state.free_players()
        for player in free:
            orders = []
            for _, slot in held_slots(state, player):
                use = slot.options[0]
                if phase.kind not in slot.phases or use.ability not in ABILITIES:
                    continue
                # The game must last its phases: no lethal ability, few kills and arrests.
                if use.ability in LETHAL or (use.ability == "kill" and player not in due):
                    continue
                if use.ability in {"kill", "arrest"} and rng.random() < 0.85:
                    continue
                if use.ability == "vote":
                    orders.append(f"Vote {free[(free.index(player) + 1) % len(free)]}")
                else:
                    orders.append(order_text(state, player, use.ability, use.count, rng))
            if orders:
                text = messy("\n".join(orders), str(phase), rng)
                session.receive(player, text)
                lines.append(f"      - {player}: {json.dumps(text)}")
                pms += 1
        if lines[-1].endswith("orders:"):
            lines[-1] = "    orders: []"
        session.close()
        if session.state.winner:
            break
    return "\n".join(lines) + "\n", pms


def order_pms(text: str) -> int:
    """How many order PMs a generated game's text holds."""
    return text.count("\n      - ")


def first_phase(text: str) -> str:
    """The same game cut after its first phase: the start-up baseline."""
    head, _, rest = text.partition("  - phase:")
    first = rest.split("  - phase:")[0]
    return head + "  - phase:" + first


# The children run as a GM's shell runs them: without the variables some sandboxes set that
# make Python write no bytecode (a checkout's modules compiled again at every start) and write
# its output unbuffered (one system call per write).
CHILD_ENV_DROPPED = ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")


def child_env() -> dict[str, str]:
    """The environment the measured commands run in (see ``CHILD_ENV_DROPPED``)."""
    return {k: v for k, v in os.environ.items() if k not in CHILD_ENV_DROPPED}


def _once(command: list[str], cwd: Path, check: bool) -> float:
    env = child_env()
    started = time.perf_counter()
    subprocess.run(
        command,
        check=check,
        stdout=subprocess.DEVNULL,
        stderr=None if check else subprocess.DEVNULL,
        cwd=cwd,
        env=env,
    )
    return time.perf_counter() - started


def timed(command: list[str], runs: int, cwd: Path = ROOT, *, check: bool = True) -> float:
    """The median wall time of ``command`` as a child process, in milliseconds."""
    return statistics.median(_once(command, cwd, check) for _ in range(runs)) * 1000


def rounds_in_turn(
    commands: list[list[str]], runs: int, cwd: Path = ROOT, *, check: bool = True
) -> list[list[float]]:
    """The wall times of each command (ms), run by run: the commands run in turn (every
    other round in reverse order), so that a varying load falls on all of them alike."""
    times: list[list[float]] = [[] for _ in commands]
    for round_ in range(runs):
        order = list(range(len(commands)))
        for k in order if round_ % 2 == 0 else reversed(order):
            times[k].append(_once(commands[k], cwd, check) * 1000)
    return times


def timed_in_turn(
    commands: list[list[str]], runs: int, cwd: Path = ROOT, *, check: bool = True
) -> list[float]:
    """The median wall time of each command (ms), run in turn (``rounds_in_turn``)."""
    return [statistics.median(t) for t in rounds_in_turn(commands, runs, cwd, check=check)]


def cost(command: list[str], text: str, runs: int, folder: Path) -> tuple[float, float, int]:
    """(ms above start-up, first phase ms, phases) of ``command replay FILE --json``: the
    whole game and its first phase alone run in turn, and the cost above start-up is the
    median of the differences of each round's pair (a difference of two medians takes the
    noise of both: a small game's cost came out anywhere from a third to the whole)."""
    whole, first = folder / "game.yaml", folder / "first.yaml"
    whole.write_text(text, encoding="utf-8")
    first.write_text(first_phase(text), encoding="utf-8")
    phases = text.count("  - phase:")
    runs_of = [[*command, "replay", str(f), "--json"] for f in (whole, first)]
    whole_ms, first_ms = rounds_in_turn(runs_of, runs)
    above = statistics.median(w - f for w, f in zip(whole_ms, first_ms, strict=True))
    return above, statistics.median(first_ms), phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--command", help="the autogm command (default: python -m autogm.daemon)")
    parser.add_argument("--before", help="another autogm command, timed in turn with it")
    parser.add_argument("--growth", action="store_true", help="only the growth table")
    parser.add_argument("--largest", action="store_true", help="only the largest game")
    args = parser.parse_args()
    command = shlex.split(args.command) if args.command else [sys.executable, "-m", "autogm.daemon"]
    print(
        f"# {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"command: {' '.join(command)}, median of {args.runs} runs, "
        f"children without {' and '.join(CHILD_ENV_DROPPED)}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.growth:
            growth(command, folder, args.runs)
            return
        text, pms = game_text(16)
        (folder / "game.yaml").write_text(text, encoding="utf-8")
        (folder / "first.yaml").write_text(first_phase(text), encoding="utf-8")
        phases = text.count("  - phase:")
        commands = {"": command}
        if args.before:
            commands["before: "] = shlex.split(args.before)
        runs = [[sys.executable, "-c", "pass"]]
        for words in commands.values():
            runs += [
                [*words, "replay", str(folder / f), "--json"] for f in ("game.yaml", "first.yaml")
            ]
        passes, *rounds = rounds_in_turn(runs, args.runs)
        baseline = statistics.median(passes)
        print(f"python -c pass: {baseline:.0f} ms")
        print(f"largest game: {len(largest_roster())} players, {phases} phases, {pms} order PMs")
        pairs = zip(commands, rounds[::2], rounds[1::2], strict=True)
        for label, wholes, firsts in pairs:
            whole, first = statistics.median(wholes), statistics.median(firsts)
            # Each round's whole game less its first phase, run beside it (see ``cost``).
            above = statistics.median(w - f for w, f in zip(wholes, firsts, strict=True))
            per_phase = above / (phases - 1)
            print(
                f"  {label}replay --json: {whole:.0f} ms; first phase alone (start-up): "
                f"{first:.0f} ms ({first / baseline:.1f}x python -c pass)"
            )
            print(
                f"  {label}above start-up: {above:.0f} ms, {per_phase:.1f} ms a phase "
                "(target: 80 ms, 5 ms a phase)"
            )
        if not args.largest:
            growth(command, folder, args.runs)


def growth(command: list[str], folder: Path, runs: int) -> None:
    """Cost a phase above start-up, 10 to 80 phases (16 players), and cost an order PM above
    start-up, 16 to 200 players (10 phases): flat within 2x is the target."""
    baseline = timed([sys.executable, "-c", "pass"], runs)
    print(f"growth (median of {runs} runs; python -c pass: {baseline:.0f} ms):")
    print("  players phases order-PMs  ms-above-start-up  ms-a-phase  ms-an-order-PM")
    by_phase: list[float] = []
    by_pm: list[float] = []
    sizes = [(16, n, 40) for n in (10, 20, 40, 80)] + [(n, 10, 41) for n in (16, 50, 100, 200)]
    for players, phases_wanted, seed in sizes:
        text, pms = game_text(phases_wanted, players=players, seed=seed)
        above, _, phases = cost(command, text, runs, folder)
        later = pms - order_pms(first_phase(text))
        per_phase, per_pm = above / (phases - 1), above / max(1, later)
        (by_phase if seed == 40 else by_pm).append(per_phase if seed == 40 else per_pm)
        print(
            f"  {players:7d} {phases:6d} {pms:9d}  {above:17.0f}  {per_phase:10.1f}  {per_pm:14.3f}"
        )
    print(
        f"  a phase, 10 to 80 phases: at most {max(by_phase) / min(by_phase):.2f}x the cheapest; "
        f"an order PM, 16 to 200 players: at most {max(by_pm) / min(by_pm):.2f}x (target: 2x)"
    )


if __name__ == "__main__":
    main()
