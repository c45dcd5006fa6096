"""The project's checker of reading scenarios: what ../shared/reading/check.py checks, and more.

A reading scenario is a game in the scenario format (docs/scenarios.md) plus keys the replay
reads past (``title``, ``source``, ``tags``, ``notes``, ``expect``). Each item of ``expect``
names a phase (``after``) and any of: ``status``, ``conditions``, ``results``, ``accepted``,
``rejected`` (player: at least so many refusals), ``lynch``, ``winner``, and midnight's ``hp``,
``daylight``, ``faction``, ``location`` — checked as ../shared/reading/check.py checks them —
and, beyond it:

- ``reason: KIND``: a refusal of that kind (``engine.orders.kinds``) stands in the phase's
  record, by the players ``rejected`` names (each of them, as many as it says) or, when it
  names none, by anyone;
- a topic post is an order too: its entry in the record's ``orders[]`` (marked ``post``)
  counts for ``accepted`` and ``rejected`` as a private message's does.

It runs a scenario through ``autogm replay --json`` (``--autogm``), or in this process
(``record_of``: the same functions the command runs, without its start-up), so that the test
suite can read hundreds of them in seconds.

    python -m tests.reading.checker [--autogm PATH] [-v] FILES_OR_DIRS...
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

HIDDEN_KEYS = {"title", "source", "tags", "expect", "notes"}


def norm(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip().lower()
    text = re.sub(r"\bn(?:ight)?\s*(\d+)\b", r"night \1", text)
    text = re.sub(r"\bd(?:ay)?\s*(\d+)\b", r"day \1", text)
    return re.sub(r"[\s\-]+", " ", text)


def norm_ability(value: Any) -> str:
    return re.sub(r"[\s\-]+", "_", str(value).strip().lower())


def same_value(expected: Any, actual: Any) -> bool:
    if isinstance(expected, list):
        if not isinstance(actual, list):
            actual = [actual]
        return sorted(map(norm, expected)) == sorted(map(norm, actual))
    if expected is None:
        return actual is None
    if isinstance(actual, list):
        return False
    return norm(expected) == norm(actual)


def _phase(record: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((p for p in record.get("phases", []) if norm(p.get("phase")) == norm(name)), None)


def _messages(phase: dict[str, Any]) -> list[dict[str, Any]]:
    """The phase's private messages and topic posts, each as the record has it."""
    return phase.get("orders") or []


def check(record: dict[str, Any], expect: dict[str, Any]) -> list[str]:
    """The failures of one ``expect`` item against a replay record."""
    fails: list[str] = []
    if "after" not in expect:
        if "winner" in expect and not same_value(expect["winner"], record.get("winner")):
            fails.append(f"winner: want {expect['winner']!r}, got {record.get('winner')!r}")
        return fails
    where = expect["after"]
    phase = _phase(record, where)
    if phase is None:
        return [f"phase {where!r} missing from the record"]
    players = {norm(k): v for k, v in (phase.get("players") or {}).items()}
    for name, want in (expect.get("status") or {}).items():
        got = (players.get(norm(name)) or {}).get("status")
        if not same_value(want, got):
            fails.append(f"{where}: {name} status want {want}, got {got}")
    for key in ("hp", "daylight", "faction", "location"):
        for name, want in (expect.get(key) or {}).items():
            got = (players.get(norm(name)) or {}).get(key)
            if not same_value(want, got):
                fails.append(f"{where}: {name} {key} want {want!r}, got {got!r}")
    for name, conditions in (expect.get("conditions") or {}).items():
        held = {norm(c) for c in (players.get(norm(name)) or {}).get("conditions") or []}
        for condition in conditions:
            negated = str(condition).startswith("!")
            key = norm(str(condition).lstrip("!"))
            if negated and key in held:
                fails.append(f"{where}: {name} should not be {key} (has {sorted(held)})")
            if not negated and key not in held:
                fails.append(f"{where}: {name} should be {key} (has {sorted(held)})")
    fails += _results(phase, expect, where)
    messages = _messages(phase)
    for want in expect.get("accepted") or []:
        mine = [
            order
            for message in messages
            if norm(message.get("player")) == norm(want["player"])
            for order in message.get("accepted") or []
        ]
        if not any(_same_order(want, order) for order in mine):
            fails.append(
                f"{where}: {want['player']} order not understood as {want} (accepted: {mine})"
            )
    refusals = collections.defaultdict(list)
    for message in messages:
        refusals[norm(message.get("player"))].extend(message.get("rejected") or [])
    for name, count in (expect.get("rejected") or {}).items():
        got = len(refusals[norm(name)])
        if got < count:
            fails.append(f"{where}: {name} should have {count}+ rejected orders, got {got}")
    if "reason" in expect:
        fails += _reasons(expect, refusals, where)
    if "lynch" in expect:
        fails += _lynch(expect["lynch"], phase.get("lynch") or {}, where)
    if "winner" in expect and not same_value(expect["winner"], record.get("winner")):
        fails.append(f"winner: want {expect['winner']!r}, got {record.get('winner')!r}")
    return fails


def _results(phase: dict[str, Any], expect: dict[str, Any], where: str) -> list[str]:
    fails = []
    results = phase.get("results") or []
    for want in expect.get("results") or []:
        wanted = want["ability"] if isinstance(want["ability"], list) else [want["ability"]]
        abilities = {norm_ability(a) for a in wanted}
        found = [
            r
            for r in results
            if norm(r.get("player")) == norm(want["player"])
            and norm_ability(r.get("ability", "")) in abilities
        ]
        if "query" in want:
            found = [r for r in found if norm(r.get("query")) == norm(want["query"])]
        if not found:
            query = f" {want['query']!r}" if "query" in want else ""
            fails.append(f"{where}: no result for {want['player']} {sorted(abilities)}{query}")
            continue
        if "outcome" in want and not any(
            same_value(want["outcome"], r.get("outcome")) for r in found
        ):
            fails.append(
                f"{where}: {want['player']} {sorted(abilities)} outcome want "
                f"{want['outcome']!r}, got {[r.get('outcome') for r in found]}"
            )
    return fails


def _same_order(want: dict[str, Any], order: dict[str, Any]) -> bool:
    if norm_ability(order.get("ability", "")) != norm_ability(want["ability"]):
        return False
    for key, value in want.items():
        if key in ("player", "ability"):
            continue
        if key == "targets":
            if sorted(map(norm, value)) != sorted(map(norm, order.get(key) or [])):
                return False
        elif not same_value(value, order.get(key)):
            return False
    return True


def _reasons(
    expect: dict[str, Any], refusals: dict[str | None, list[dict[str, Any]]], where: str
) -> list[str]:
    kind = str(expect["reason"])
    named = expect.get("rejected") or {}
    wanted = {norm(name): count for name, count in named.items()} or {None: 1}
    fails = []
    for name, count in wanted.items():
        kinds = (
            [r.get("kind") for r in refusals[name]]
            if name is not None
            else [r.get("kind") for found in refusals.values() for r in found]
        )
        if kinds.count(kind) < count:
            who = name or "anyone"
            fails.append(f"{where}: want {count}+ refusals of kind {kind} by {who}, got {kinds}")
    return fails


def _lynch(want: dict[str, Any] | None, got: dict[str, Any], where: str) -> list[str]:
    if want is None:
        return [f"{where}: no lynch wanted, got {got}"] if got and got.get("target") else []
    fails = []
    for key, value in want.items():
        if key == "votes":
            counted = {norm(a): b for a, b in (got.get("votes") or {}).items()}
            for target, votes in value.items():
                if counted.get(norm(target)) != votes:
                    fails.append(
                        f"{where}: votes for {target} want {votes}, got {counted.get(norm(target))}"
                    )
        elif not same_value(value, got.get(key)):
            fails.append(f"{where}: lynch {key} want {value!r}, got {got.get(key)!r}")
    return fails


def visible(doc: dict[str, Any]) -> str:
    """The scenario as the replay reads it: the keys for people and checks left out."""
    game = {k: v for k, v in doc.items() if k not in HIDDEN_KEYS}
    return yaml.safe_dump(game, sort_keys=False, allow_unicode=True)


def record_of(doc: dict[str, Any], source: str = "<scenario>") -> dict[str, Any]:
    """The replay record of a scenario, made in this process as ``autogm replay --json``
    makes it (engine.replay), written to JSON and read back as the command's output is."""
    from autogm.engine.replay import parse_scenario, record, replay

    scenario = parse_scenario(visible(doc), source)
    return json.loads(json.dumps(record(scenario, replay(scenario)), ensure_ascii=False))


def record_by_command(autogm: str, doc: dict[str, Any]) -> dict[str, Any] | str:
    """The record printed by ``autogm replay --json``, or why there is none."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.yaml"
        path.write_text(visible(doc), encoding="utf-8")
        try:
            done = subprocess.run(
                [autogm, "replay", str(path), "--json"], capture_output=True, text=True, timeout=60
            )
        except subprocess.TimeoutExpired:
            return "replay timed out (60 s)"
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
        return f"replay exited {done.returncode}: {tail[0][:200]}"
    return json.loads(done.stdout)


def failures(doc: dict[str, Any], record: dict[str, Any] | str) -> list[str]:
    if isinstance(record, str):
        return [record]
    return [fail for expect in doc.get("expect") or [] for fail in check(record, expect)]


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for path in map(Path, paths):
        files += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--autogm", help="the command to run (default: replay in this process)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print failing records")
    args = parser.parse_args(argv)
    total = passed = 0
    by_tag: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for path in scenario_files(args.paths):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        try:
            record = (
                record_by_command(args.autogm, doc) if args.autogm else record_of(doc, str(path))
            )
        except Exception as exc:  # a crash is a failure to report, not the end of the run
            record = f"replay raised {type(exc).__name__}: {exc}"
        fails = failures(doc, record)
        total += 1
        passed += not fails
        for tag in doc.get("tags") or ["untagged"]:
            by_tag[tag][0] += not fails
            by_tag[tag][1] += 1
        if fails:
            print(f"FAIL {path.name}: {doc.get('title', '')}")
            for fail in fails[:6]:
                print(f"    {fail}")
            if args.verbose and not isinstance(record, str):
                print(json.dumps(record, indent=1, ensure_ascii=False)[:4000])
    for tag, (ok, of) in sorted(by_tag.items()):
        print(f"  {tag}: {ok}/{of}")
    print(f"{passed}/{total} scenarios pass")
    return 0 if total and passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
