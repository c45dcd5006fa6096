"""The games ``autogm simulate`` found broken, each kept as a scenario (reduced to the
message that broke it) whose ``expect`` says what the rules want.

A scenario whose fix belongs to another part of the project is expected to fail here, with
the reason; the simulator does not write that kind of message until it passes
(simulator/policies/writing.py ``KNOWN_GAPS``), so that a run's broken games are new ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.replay import load_scenario, replay
from simulator.policies.writing import KNOWN_GAPS
from tests.engine.scenario_check import check_scenario

BROKEN = sorted((Path(__file__).parent / "broken").glob("*.yaml"))
# Whole games that never ended (``stall-*.yaml``): the test is that the game ends. Each needs a
# look at the rules before it can pass: the reason says what is known.
STALLS = {
    "stall-dctp-one-against-one-trick": (
        "needs a ruling (docs/rulings.md): one Black Org member against one town player whose "
        "Trick stops every kill, the vote tied each day; the elimination win cannot come and "
        "2011 has no stalemate"
    ),
    "stall-midnight-spirit-psycho": (
        "needs a ruling (midnight family): a spirit Psycho vetoes the Law's win and cannot act, "
        "the last Law player's Council vote counts for nothing after Slippery bastard, and the "
        "post says 'Nobody voted' under a shown vote"
    ),
}


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_game(path: Path, request: pytest.FixtureRequest) -> None:
    gap = KNOWN_GAPS.get(path.stem)
    if gap is not None:
        # Strict: once the gap is closed the test passes, fails as XPASS, and says to drop
        # the entry (and so let the simulator write that kind of message again).
        request.applymarker(pytest.mark.xfail(reason=gap.reason, strict=True))
    if path.stem in STALLS:
        request.applymarker(pytest.mark.xfail(reason=STALLS[path.stem], strict=True))
        played = replay(load_scenario(path))
        assert played[-1].outcome is not None and played[-1].outcome.state.winner
        return
    check_scenario(path)


def test_every_known_gap_has_its_scenario() -> None:
    assert set(KNOWN_GAPS) | set(STALLS) <= {p.stem for p in BROKEN}
