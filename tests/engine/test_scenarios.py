"""Every scenario file under tests/engine/scenarios is a rules test: replay it, check it.

Each file quotes the rule sentence it pins in its ``source``; the test id is the file name,
named after the rule.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.scenario_check import check_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    check_scenario(path)
