"""`autogm replay FILE` and `--json`: the record of SCENARIOS.md, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from autogm.daemon.cli.main import main

EXAMPLE = Path(__file__).parents[2] / "examples" / "first-game.yaml"
SCENARIO_1 = Path(__file__).parent / "scenarios" / "dctp-2011" / "order-of-actions-1.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_prints_the_posts_phase_by_phase(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(EXAMPLE))
    assert code == 0
    assert "=== Night 1 ===" in out and "=== Day 2 ===" in out
    assert "understood: Kill Kleene" in out
    assert "Winner: town" in out


def test_replay_json_is_the_documented_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(SCENARIO_1), "--json")
    assert code == 0
    record = json.loads(out)
    assert set(record) == {"ruleset", "seed", "phases", "winner"}
    assert record["ruleset"] == "dctp-2011" and record["seed"] == 7
    night3 = next(p for p in record["phases"] if p["phase"] == "Night 3")
    assert set(night3) == {
        "phase", "orders", "results", "lynch", "public", "private", "players",
    }  # fmt: skip
    arrest = night3["orders"][0]
    assert arrest["player"] == "Akonyl"
    assert arrest["accepted"] == [
        {"ability": "arrest", "targets": ["Abs"], "crime": "kill", "victim": "Kleene",
         "when": "Night 1"}
    ]  # fmt: skip
    assert arrest["rejected"] == []
    assert night3["players"]["Abs"] == {"role": "Gin", "status": "arrested", "conditions": []}
    assert night3["lynch"] is None
    assert record["winner"] == "town"
    # "The record has an entry for every phase the engine resolved, the omitted ones included"
    assert [p["phase"] for p in record["phases"]] == [
        "Night 1", "Day 1", "Night 2", "Day 2", "Night 3",
    ]  # fmt: skip
    day1 = record["phases"][1]
    assert day1["lynch"] == {"target": None, "votes": {}, "shown": True, "failed": False}


def test_replay_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "replay", str(EXAMPLE), "--json")[1]
    second = run(capsys, "replay", str(EXAMPLE), "--json")[1]
    assert first == second


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("ruleset: [oops", "not valid YAML (line 1)"),
        ("- a list", "a scenario is a mapping"),
        ("ruleset: dctp-1999\nplayers: {A: Gin}\n", "unknown ruleset 'dctp-1999'"),
        ("ruleset: dctp-2011\nplayers: {A: Ginger}\n", "unknown role 'Ginger'"),
        ("ruleset: dctp-2011\n", "'players' must map"),
        (
            "ruleset: dctp-2011\nplayers: {A: Gin, B: Ran}\nphases:\n"
            "  - phase: Night 1\n    orders:\n      - Zed: Kill A\n",
            "Night 1: 'Zed' is not a player",
        ),
        (
            "ruleset: dctp-2011\nplayers: {A: Gin}\nphases:\n  - phase: Midnight 3\n",
            "'Midnight 3' is not a phase",
        ),
        ("ruleset: dctp-2011\nplayers: {A: Gin}\noptions: {lynch_tie: coin}\n", "lynch_tie"),
        ("ruleset: dctp-2011\nplayers: {A: Gin}\nsurprise: 1\n", "unknown key(s) surprise"),
        (
            "ruleset: dctp-2011\nplayers: {A: Gin, B: Ran, C: Conan}\nphases:\n  - phase: Day 1\n"
            "    orders:\n      - GM: dance\n",
            "unknown GM command",
        ),
    ],
)
def test_a_bad_scenario_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, problem: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and str(path) in err and problem in err, err
    assert "Traceback" not in err


def test_a_missing_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.yaml"))
    assert code == 2 and "cannot read the file" in err and err.count("\n") == 1


def test_replay_run_as_the_command_writes_the_whole_record(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run as the command, replay exits without the interpreter's teardown: its output is
    still written whole, with the code main returns, through a pipe as into a file."""
    root = Path(__file__).parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "autogm.daemon", "replay", str(EXAMPLE), "--json"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    code, out, _ = run(capsys, "replay", str(EXAMPLE), "--json")
    assert (done.returncode, done.stdout) == (code, out) == (0, out)
    assert out.endswith("}\n") and json.loads(out)["winner"]
