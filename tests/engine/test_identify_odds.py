"""Identify's odds when a Detective Boy is hindered, drawn through ``ctx.draw`` by the seed.

Identify: "If one of the Detective Boys is prevented from using his day ability (for example by
Tequila), the Identification could either succeed or fail, depending on the number of
undisturbed Detective Boys. For example if 2 other DB are still in the game, the chance to fail
is 1/3. If only one more is still active the chance to fail is 1/2. If it is the last DB it will
always fail." (docs/rulings.md, "Identify: who takes part and the odds": one boy of those in the
game is drawn; the identification fails when he is hindered.)
"""

from __future__ import annotations

from autogm.engine.phases import Phase
from autogm.engine.replay import parse_scenario, replay

LABEL = "the Detective Boy the identification rests on"


def _day_one(seed: int, boys: dict[str, str], dead: list[str]) -> tuple[tuple[str, ...], str, str]:
    """Tequila frightens Genta's player (Gt) on Night 1; on Day 1 every boy identifies G as
    Gin. Returns the draw's choices, the boy drawn and the outcome."""
    players = {"T": "Tequila", "G": "Gin", "V": "Vodka", "C": "Camel", "E": "Eisuke", **boys}
    night = ["      - T: Frighten Gt"]
    kills = [f"      - GM: modkill {d}" for d in dead]
    day = [f"      - {b}: Identify G as Gin" for b in boys if b not in dead]
    text = "\n".join(
        [
            "ruleset: dctp-2011",
            f"seed: {seed}",
            "players: {" + ", ".join(f"{n}: {r}" for n, r in players.items()) + "}",
            "setup: {}",
            "phases:",
            "  - phase: Night 1",
            "    orders:",
            *(night + kills),
            "  - phase: Day 1",
            "    orders:",
            *day,
        ]
    )
    phases = replay(parse_scenario(text))
    day_one = next(p for p in phases if p.phase == Phase.day(1))
    assert day_one.outcome is not None
    draws = [d for d in day_one.outcome.draws if d.label == LABEL]
    results = [r for r in day_one.outcome.results if r.ability == "identify"]
    assert results, "the boys got no identification result"
    outcomes = {str(r.outcome) for r in results}
    assert len(outcomes) == 1, "every boy gets the same result"
    if not draws:
        return (), "", outcomes.pop()
    (draw,) = draws
    return draw.choices, draw.chosen, outcomes.pop()


BOYS = {"Ay": "Ayumi", "Mi": "Mitsuhiko", "Gt": "Genta"}


def _odds(dead: list[str]) -> dict[str, int]:
    seen: dict[str, int] = {}
    for seed in range(40):
        choices, chosen, outcome = _day_one(seed, BOYS, dead)
        assert set(choices) == set(BOYS) - set(dead)
        # The identification fails exactly when the hindered boy is drawn.
        assert (outcome == "failed") == (chosen == "Gt"), (seed, chosen, outcome)
        seen[outcome] = seen.get(outcome, 0) + 1
    return seen


def test_two_other_boys_in_the_game_one_chance_in_three_to_fail() -> None:
    seen = _odds([])
    assert seen.get("failed") and seen.get("True"), seen  # both outcomes occur by seed
    assert 5 <= seen["failed"] <= 22, seen  # about 1/3 of 40


def test_one_other_boy_active_one_chance_in_two_to_fail() -> None:
    seen = _odds(["Ay"])
    assert seen.get("failed") and seen.get("True"), seen
    assert 10 <= seen["failed"] <= 30, seen  # about 1/2 of 40


def test_the_last_boy_hindered_always_fails() -> None:
    for seed in range(10):
        choices, _chosen, outcome = _day_one(seed, BOYS, ["Ay", "Mi"])
        assert outcome == "failed"
        assert choices in ((), ("Gt",))
