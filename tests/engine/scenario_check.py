"""Replays a test scenario and checks the ``expect`` list it carries against the record.

``expect`` items name a phase and list what must hold at its end: ``players`` (status,
role, conditions contained), ``results`` (each listed entry must appear, in this order, with
at least the listed keys), ``public``/``private`` (texts that must appear), ``lynch`` (keys),
``absent_results`` (entries that must not appear), ``no_public``/``no_private`` (texts that
must not appear), ``public_in_order`` (texts that must appear in the public post in this
order, each in a later announcement than the one before), ``orders`` (how PMs were read: see
``_check_orders``), ``held`` (texts the close held for the GM, each with at least the listed
keys; ``held: []`` says none). A ``winner`` item checks the game's winner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from autogm.engine.replay import load_scenario, record, replay


def _contains(entry: dict[str, Any], wanted: dict[str, Any]) -> bool:
    return all(entry.get(k) == v for k, v in wanted.items())


def check_scenario(path: Path) -> dict[str, Any]:
    expect = yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or []
    scenario = load_scenario(path)
    replays = replay(scenario)
    rec = record(scenario, replays)
    phases = {p["phase"]: p for p in rec["phases"]}
    # What each close held for the GM: the replay's, not the record's (the record has what
    # was sent; a held text is sent once a GM item approves it).
    held_at = {str(r.phase): [t.to_record() for t in r.held] for r in replays}
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
        at = -1
        for text in item.get("public_in_order") or []:
            later = [i for i, p in enumerate(phase["public"]) if i > at and text in p]
            assert later, f"{text!r} not after #{at} in {phase['public']}"
            at = later[0]
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
        if "held" in item:
            held = held_at[item["phase"]]
            if not item["held"]:
                assert not held, f"{item['phase']}: held {held}"
            for wanted in item["held"]:
                assert any(_contains(h, wanted) for h in held), f"{wanted} not in held {held}"
        _check_orders(item["phase"], phase["orders"], item.get("orders") or [])
        if "lynch" in item:
            lynch = phase["lynch"]
            if item["lynch"] is None:
                assert lynch is None
            else:
                assert lynch is not None and _contains(lynch, item["lynch"]), lynch
    return rec


def _check_orders(phase: str, orders: list[dict[str, Any]], wanted: list[dict[str, Any]]) -> None:
    """Each wanted item names a ``player`` (and, when they sent several PMs, a piece of the
    ``text``) and lists exactly what that PM was understood as: ``accepted`` (each entry with at
    least the listed keys of the record) and ``rejected`` (a piece of each refusal's text or
    reason); a list left out must be empty. ``post: true`` looks at the player's topic posts
    read for public orders (midnight) instead of their PMs."""
    for want in wanted:
        sent = [
            o
            for o in orders
            if o["player"] == want["player"]
            and want.get("text", "") in o["text"]
            and o.get("post", False) == want.get("post", False)
        ]
        assert len(sent) == 1, f"{phase}: {len(sent)} PMs match {want} in {orders}"
        got = sent[0]
        accepted = want.get("accepted") or []
        assert len(got["accepted"]) == len(accepted) and all(
            _contains(entry, w) for entry, w in zip(got["accepted"], accepted, strict=True)
        ), f"{phase}: {got['text']!r} understood as {got['accepted']}, not {accepted}"
        rejected = want.get("rejected") or []
        assert len(got["rejected"]) == len(rejected) and all(
            w in r["text"] or w in r["reason"]
            for r, w in zip(got["rejected"], rejected, strict=True)
        ), f"{phase}: {got['text']!r} refused {got['rejected']}, not {rejected}"
