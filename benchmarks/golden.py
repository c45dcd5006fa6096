"""Golden replay records: save every record once, then prove a change left them byte-identical.

    python benchmarks/golden.py save DIR    # before the change: inputs and records into DIR
    python benchmarks/golden.py check DIR   # after each step: every record compared to DIR's
    python benchmarks/golden.py check DIR --fast   # the same records made in this process

The inputs are the examples, every scenario under tests/engine/scenarios/, and generated games
of every ruleset (several seeds, lengths and sizes each), copied into DIR/in so that ``check``
replays exactly what ``save`` did, whatever the checkout's files say since. Each record is the
output of ``autogm replay FILE --json`` as a GM runs it (a child process: the exit code, the
standard output and the standard error are all compared). A generated game is written from a
live session of the engine it is saved with, so the records are those of a game the engine
really played: every free player sends an order for every slot they hold, phase after phase,
in the words ``benchmarks/bench_engine.order_text`` writes (refusals included).

``--fast`` makes the records in one process (the replay, the record and its JSON as the command
makes them, without a child process per file): a quick look between edits. The proof is the
check without it.

DIR belongs outside the repository (a folder beside the checkout): it is a snapshot, not a fixture.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# (ruleset, seed, phases, players or None for the largest legal roster, options)
GAMES = [
    ("dctp-2011", 16, 24, None, {"lynch_tie": "no_lynch"}),
    ("dctp-2011", 3, 12, 16, {}),
    ("dctp-2011", 77, 40, 24, {"explosive_vest": True}),
    ("dctp-r53", 5, 24, None, {"lynch_tie": "no_lynch"}),
    ("dctp-r53", 41, 14, 18, {}),
    ("dctp-classic", 8, 24, None, {"lynch_tie": "no_lynch"}),
    ("dctp-classic", 29, 16, 15, {}),
    ("midnight", 2023, 12, None, {}),
    ("midnight", 11, 20, None, {}),
]


def inputs() -> dict[str, Path]:
    """The checkout's scenario files by the name their record is kept under."""
    found = {f"examples/{p.name}": p for p in sorted((ROOT / "examples").glob("*.yaml"))}
    scenarios = ROOT / "tests" / "engine" / "scenarios"
    for path in sorted(scenarios.rglob("*.yaml")):
        found[f"scenarios/{path.relative_to(scenarios)}"] = path
    return found


def _roster(ruleset, players: int | None, rng: random.Random) -> dict[str, str]:
    from autogm.engine.rules.base import Side

    excluded = {second for _, second in ruleset.exclusive_pairs}
    roles = [r for r in ruleset.roles if r not in excluded]
    if players is not None:
        black_org = [r for r in roles if ruleset.roles[r].side is Side.BLACK_ORG]
        town = [r for r in roles if ruleset.roles[r].side is not Side.BLACK_ORG]
        rng.shuffle(black_org)
        rng.shuffle(town)
        members = max(2, players // 5)
        roles = black_org[:members] + town[: players - members]
    return {f"P{i:02d}": role for i, role in enumerate(roles, 1)}


def _midnight_header(seed: int) -> list[str]:
    """The midnight example's table (its roles and Daylight roles) under another seed."""
    text = (ROOT / "examples" / "midnight.yaml").read_text(encoding="utf-8")
    head = text.split("\nphases:")[0].splitlines()
    return [f"seed: {seed}" if line.startswith("seed:") else line for line in head
            if not line.startswith("#")]  # fmt: skip


def game_text(ruleset_id: str, seed: int, phases: int, players: int | None,
              options: dict) -> str:  # fmt: skip
    """A game played by the engine of this checkout, written as a scenario."""
    from autogm.engine.ability import abilities_for
    from autogm.engine.families.dctp.attacks import kill_cycle_due
    from autogm.engine.replay import parse_scenario
    from autogm.engine.rules import load_ruleset
    from autogm.engine.session import GameSession
    from autogm.engine.validate import held_slots
    from benchmarks.bench_engine import LETHAL, order_text

    rng = random.Random(seed)
    ruleset = load_ruleset(ruleset_id, options)
    if ruleset.family == "midnight":
        lines = _midnight_header(seed)
    else:
        roster = _roster(ruleset, players, rng)
        lines = [f"ruleset: {ruleset_id}", f"seed: {seed}", "options:",
                 *(f"  {k}: {json.dumps(v)}" for k, v in options.items()), "players:",
                 *(f"  {n}: {r}" for n, r in roster.items()), "setup: {}"]  # fmt: skip
        if not options:
            lines.remove("options:")
    scenario = parse_scenario("\n".join([*lines, "phases: []"]) + "\n")
    session = GameSession(scenario.state)
    session.open()
    lines.append("phases:")
    abilities = abilities_for(ruleset)
    dctp = ruleset.family == "dctp"
    for _ in range(phases):
        state = session.state
        phase = state.phase
        lines += [f"  - phase: {phase}", "    orders:"]
        due = kill_cycle_due(state) if dctp else []
        free = state.free_players()
        for player in free:
            orders = []
            for _, slot in held_slots(state, player):
                use = slot.options[0]
                if phase.kind not in slot.phases or use.ability not in abilities:
                    continue
                # The game must last: lethal abilities seldom, few kills and arrests.
                if use.ability in LETHAL and rng.random() < 0.8:
                    continue
                if use.ability == "kill" and player not in due:
                    continue
                if use.ability in {"kill", "arrest"} and rng.random() < 0.7:
                    continue
                if use.ability == "vote":
                    orders.append(f"Vote {rng.choice(free)}")
                elif dctp:
                    orders.append(order_text(state, player, use.ability, use.count, rng))
                else:
                    others = [n for n in free if n != player] or free
                    orders.append(f"{ruleset.title(use.ability)} {rng.choice(others)}")
            if orders:
                text = "\n".join(orders)
                session.receive(player, text)
                lines.append(f"      - {player}: {json.dumps(text)}")
        if lines[-1].endswith("orders:"):
            lines[-1] = "    orders: []"
        session.close()
        if session.state.winner:
            break
    return "\n".join(lines) + "\n"


def _replay(command: list[str], path: Path) -> bytes:
    done = subprocess.run([*command, "replay", str(path), "--json"], capture_output=True,
                          check=False, cwd=ROOT)  # fmt: skip
    return b"rc %d\n--- stdout\n%s--- stderr\n%s" % (done.returncode, done.stdout, done.stderr)


def _in_process(path: Path) -> bytes:
    """What ``autogm replay FILE --json`` writes for a scenario that replays, made here."""
    import io

    from autogm.daemon.cli.json_text import write_to
    from autogm.engine.replay import load_scenario, record, replay

    out = io.StringIO()
    try:
        scenario = load_scenario(path)
        write_to(record(scenario, replay(scenario)), out)
    except Exception as exc:  # a scenario that fails is a record too
        return f"rc ? ({type(exc).__name__}: {exc})".encode()
    out.write("\n")
    return b"rc 0\n--- stdout\n%s--- stderr\n" % out.getvalue().encode()


def _records(command: list[str] | None, folder: Path) -> dict[str, bytes]:
    files = sorted(p for p in (folder / "in").rglob("*.yaml"))
    if command is None:
        return {str(p.relative_to(folder / "in")): _in_process(p) for p in files}
    with ThreadPoolExecutor(2) as pool:
        outs = pool.map(lambda p: _replay(command, p), files)
        return {str(p.relative_to(folder / "in")): out for p, out in zip(files, outs, strict=True)}


def save(folder: Path, command: list[str]) -> None:
    if (folder / "in").exists():
        shutil.rmtree(folder / "in")
    for name, path in inputs().items():
        target = folder / "in" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    for ruleset_id, seed, phases, players, options in GAMES:
        target = folder / "in" / "games" / f"{ruleset_id}-{seed}-{phases}.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(game_text(ruleset_id, seed, phases, players, options), "utf-8")
    records = _records(command, folder)
    (folder / "records.json").write_text(
        json.dumps({k: v.decode("utf-8", "surrogateescape") for k, v in records.items()},
                   indent=0, sort_keys=True), "utf-8")  # fmt: skip
    failed = sum(1 for v in records.values() if not v.startswith(b"rc 0\n"))
    print(f"saved {len(records)} records ({failed} exit non-zero, kept as they are) in {folder}")


def check(folder: Path, command: list[str] | None) -> int:
    saved = json.loads((folder / "records.json").read_text("utf-8"))
    # A file added since the save has no saved copy: it is not compared (nor read).
    moved = [n for n, p in inputs().items() if (folder / "in" / n).exists()
             if (folder / "in" / n).read_bytes() != p.read_bytes()]  # fmt: skip
    records = _records(command, folder)
    made = {k: v.decode("utf-8", "surrogateescape") for k, v in records.items()}
    differ = [k for k in saved if made.get(k) != saved[k]]
    for name in differ[:20]:
        print(f"DIFFERS: {name}")
    for name in moved:
        print(f"note: the checkout's {name} changed since the save (the saved copy was replayed)")
    print(f"{len(saved) - len(differ)} of {len(saved)} records byte-identical")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["save", "check"])
    parser.add_argument("--fast", action="store_true", help="check in this process")
    parser.add_argument("folder", type=Path)
    parser.add_argument(
        "--command",
        default=str(Path(sys.executable).parent / "autogm"),
        help="the autogm command to replay with (default: this venv's)",
    )
    args = parser.parse_args()
    command = args.command.split()
    if args.action == "save":
        save(args.folder, command)
        return 0
    return check(args.folder, None if args.fast else command)


if __name__ == "__main__":
    sys.exit(main())
