"""Replays a test scenario and checks the ``expect`` list it carries against the record.

``expect`` items name a phase and list what must hold at its end: ``players`` (status,
role, conditions contained), ``results`` (each listed entry must appear, in this order, with
at least the listed keys), ``public``/``private`` (texts that must appear), ``lynch`` (keys),
``absent_results`` (entries that must not appear), ``no_public``/``no_private`` (texts that
must not appear). A ``winner`` item checks the game's winner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from engine.replay import load_scenario, record, replay


def _contains(entry: dict[str, Any], wanted: dict[str, Any]) -> bool:
    return all(entry.get(k) == v for k, v in wanted.items())


def check_scenario(path: Path) -> dict[str, Any]:
    expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or []
    scenario = load_scenario(path)
    rec = record(scenario, replay(scenario))
    phases = {p["phase"]: p for p in rec["phases"]}
    for item in expect:
        if "winner" in item:
            assert rec["winner"] == item["winner"], f"winner {rec['winner']!r}"
            continue
        phase = phases.get(item["phase"])
        assert phase is not None, f"{item['phase']} was not resolved"
        for name, wanted in (item.get("players") or {}).items():
            got = phase["players"][name]
            for key, value in wanted.items():
                if key == "conditions":
                    missing = set(value) - set(got["conditions"])
                    assert not missing, f"{item['phase']} {name} lacks {missing}: {got}"
                else:
                    assert got[key] == value, f"{item['phase']} {name}.{key}: {got}"
        results = phase["results"]
        position = 0
        for wanted in item.get("results") or []:
            found = next(
                (i for i in range(position, len(results)) if _contains(results[i], wanted)), None
            )
            assert found is not None, (
                f"{item['phase']}: no result {wanted} after #{position} in {results}"
            )
            position = found + 1
        for unwanted in item.get("absent_results") or []:
            assert not any(_contains(r, unwanted) for r in results), f"{unwanted} in {results}"
        for text in item.get("public") or []:
            assert any(text in p for p in phase["public"]), f"{text!r} not in {phase['public']}"
        for text in item.get("no_public") or []:
            assert not any(text in p for p in phase["public"]), f"{text!r} in {phase['public']}"
        for name, texts in (item.get("private") or {}).items():
            got = phase["private"].get(name, [])
            for text in texts:
                assert any(text in p for p in got), f"{text!r} not in PMs to {name}: {got}"
        for name, texts in (item.get("no_private") or {}).items():
            got = phase["private"].get(name, [])
            for text in texts:
                assert not any(text in p for p in got), f"{text!r} in PMs to {name}: {got}"
        if "lynch" in item:
            lynch = phase["lynch"]
            if item["lynch"] is None:
                assert lynch is None
            else:
                assert lynch is not None and _contains(lynch, item["lynch"]), lynch
    return rec
