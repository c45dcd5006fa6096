"""examples/midnight.yaml: a whole midnight game replays to a winner (issue 17: "A whole
midnight game replays to a winner from an example file in examples/").

Its ``expect`` list pins what the game shows phase by phase; this test checks it, and what a
whole game must hold besides: Mafia, Law and a Neutral, every player with a Daylight role, one
of them "Other", and the winners. Issue 32: it plays the Joker's cards, "Play (H) — during the
Night, if you have at least one card, you can lose it and activate one of the abilities", and
"All-in (H) — instantly, even if you are a spirit, you can publish the complete list of
everyone's Midnight roles", and still ends with a winner.
"""

from __future__ import annotations

from pathlib import Path

from autogm.engine.rules import RULESETS
from tests.engine.scenario_check import check_scenario

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "midnight.yaml"


def test_the_midnight_example_replays_to_the_law_s_win() -> None:
    rec = check_scenario(EXAMPLE)
    assert rec["ruleset"] == "midnight" and rec["winner"] == "law"
    first = rec["phases"][0]["players"]
    assert {p["faction"] for p in first.values()} == {"mafia", "law", "neutral"}
    daylight = [p["daylight"] for p in first.values()]
    # "(Other) You can choose any other role name": the record names it as written.
    listed = RULESETS["midnight"].ext.open_roles
    assert sum(role not in listed for role in daylight) == 1
    assert len(set(daylight)) == len(daylight)  # "no duplicate roles"
    last = rec["phases"][-1]
    alive_law = sorted(
        n for n, p in last["players"].items() if p["faction"] == "law" and p["status"] == "alive"
    )
    assert sorted(rec["winners"]) == alive_law
    played = {(r["player"], r["ability"]) for p in rec["phases"] for r in p["results"]}
    assert {("Pofa", "play"), ("Hak", "play"), ("Pofa", "all_in")} <= played
    assert [p["phase"] for p in rec["phases"]] == [
        "Night 1", "Day 1", "Night 2", "Day 2", "Night 3", "Day 3",
    ]  # fmt: skip
