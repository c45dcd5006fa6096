"""Classic Amor: "There can be all pairings that the player chose or just 1 pair or 2 pairs
etc. Yumi won't know who really became lovers and who didn't." (docs/rulings.md, "Amor's
pairings in classic")."""

from __future__ import annotations

from autogm.engine.replay import parse_scenario, replay

SCENARIO = """
ruleset: dctp-classic
seed: {seed}
options: {{amor_pairings: 3}}
players: {{G: Gin, Y: Yumi, A: Heiji, B: Ran, C: Araide, D: Takagi, E: Jodie, F: Eisuke}}
phases:
  - phase: Prep
    orders:
      - Y: "Amor: A x B, C x D, E x F"
"""


def lovers(seed: int) -> list[tuple[str, str]]:
    scenario = parse_scenario(SCENARIO.format(seed=seed))
    outcome = replay(scenario)[0].outcome
    assert outcome is not None
    return outcome.state.ext.lovers


def test_some_or_all_of_the_pairings_become_lovers_drawn_from_the_seed() -> None:
    named = {("A", "B"), ("C", "D"), ("E", "F")}
    counts = set()
    for seed in range(40):
        pairs = lovers(seed)
        assert set(pairs) <= named and pairs
        counts.add(len(pairs))
    assert counts == {1, 2, 3}
    assert lovers(7) == lovers(7)
