"""Every ability line of midnight-2023 has its scenario (issue 17: "every role and ability has
its scenario").

A line counts as covered when a scenario of tests/engine/scenarios/midnight quotes it in its
``source`` the way the rule text writes it, "<title> (<flags>) —" or "<title> —", and names its
role there (a Midnight or a Daylight role; Vote and Letter belong to every player). Two roles
that share a title (Taking Matters: the Renegade's and the Civilian's) need a scenario each.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from autogm.engine.rules import RULESETS

MIDNIGHT = RULESETS["midnight"]
FOLDER = Path(__file__).parent / "scenarios" / "midnight"


def _sources() -> list[str]:
    found = []
    for path in sorted(FOLDER.glob("*.yaml")):
        source = yaml.safe_load(path.read_text(encoding="utf-8")).get("source") or ""
        found.append(" ".join(source.split()))
    return found


def _quotes(source: str, role: str, title: str) -> bool:
    line = re.compile(rf"{re.escape(title)}(?: \([^)]*\))? —")
    return bool(line.search(source)) and (not role or re.search(rf"\b{re.escape(role)}\b", source))


def test_every_midnight_and_daylight_line_has_its_scenario() -> None:
    sources = _sources()
    missing = [
        f"{role or 'every player'}: {line.title}"
        for (role, _), line in MIDNIGHT.ext.lines.items()
        if not any(_quotes(source, role, line.title) for source in sources)
    ]
    assert not missing, f"no scenario quotes: {', '.join(missing)}"


def test_the_check_needs_the_role_and_the_quoted_line() -> None:
    renegade = 'midnight Renegade: "Taking Matters — during the Night"'
    assert _quotes(renegade, "Renegade", "Taking Matters")
    assert not _quotes(renegade, "Civilian", "Taking Matters")
    assert _quotes('Boss: "Brain of the Operation (H) — during"', "Boss", "Brain of the Operation")
    assert not _quotes("Boss: uses Brain of the Operation", "Boss", "Brain of the Operation")
