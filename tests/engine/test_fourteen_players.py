"""The 14-player example game replays from Prep to the end, the same record every time.

"a 14-player prep-to-end game replays deterministically from its seed (same seed, same
record, byte for byte)": every random draw (disguises, new roles, friend, lovers, costumes,
stolen items, Betrayal, the FBI reports) goes through the game's RNG.
"""

from __future__ import annotations

import json
from pathlib import Path

from autogm.engine.replay import load_scenario, parse_scenario, record, replay

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "fourteen-players.yaml"


def _record_bytes() -> bytes:
    scenario = load_scenario(EXAMPLE)
    return json.dumps(record(scenario, replay(scenario)), ensure_ascii=False).encode()


def test_the_game_is_fourteen_players_from_prep_to_a_winner() -> None:
    scenario = load_scenario(EXAMPLE)
    rec = record(scenario, replay(scenario))
    assert len(rec["phases"][0]["players"]) == 14
    assert rec["phases"][0]["phase"] == "Prep"
    assert rec["winner"] == "town"
    prep = rec["phases"][0]
    # The Prep draws happened: Vermouth and Kid wear a role, and both role-PM waves went out.
    assert any(c.startswith("disguised:") for c in prep["players"]["Conia"]["conditions"])
    assert set(prep["private"]) == set(prep["players"])


def test_the_same_seed_gives_the_same_record_byte_for_byte() -> None:
    assert _record_bytes() == _record_bytes()


def test_another_seed_draws_differently() -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace("seed: 14", "seed: 15")
    scenario = parse_scenario(text, "seed-15")
    other = json.dumps(record(scenario, replay(scenario)), ensure_ascii=False).encode()
    assert other != _record_bytes()
