"""The games ``autogm simulate`` found broken, each kept as a scenario (reduced to the
message that broke it, or the whole game for one that never ended: ``stall-*.yaml``) whose
``expect`` says what the rules want.

A scenario whose fix belongs to another part of the project is expected to fail here, with
the reason; the simulator does not write that kind of message until it passes
(simulator/policies/writing.py ``KNOWN_GAPS``), so that a run's broken games are new ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from autogm.simulator.policies.writing import KNOWN_GAPS
from tests.engine.scenario_check import check_scenario

BROKEN = sorted((Path(__file__).parent / "broken").glob("*.yaml"))


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_game(path: Path, request: pytest.FixtureRequest) -> None:
    gap = KNOWN_GAPS.get(path.stem)
    if gap is not None:
        # Strict: once the gap is closed the test passes, fails as XPASS, and says to drop
        # the entry (and so let the simulator write that kind of message again).
        request.applymarker(pytest.mark.xfail(reason=gap.reason, strict=True))
    check_scenario(path)


def test_every_known_gap_has_its_scenario() -> None:
    assert set(KNOWN_GAPS) <= {p.stem for p in BROKEN}
