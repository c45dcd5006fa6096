"""Docs as tests: every ruleset option a GM can set is documented where a GM looks for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from autogm.engine.rules import RULESETS

ROOT = Path(__file__).parents[2]
EXAMPLE = (ROOT / "config.example.ini").read_text(encoding="utf-8")
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
OPTIONS = sorted(
    (ruleset_id, name) for ruleset_id, r in RULESETS.items() for name in r.option_specs
)


@pytest.mark.parametrize(("ruleset_id", "name"), OPTIONS)
def test_every_option_is_in_the_example_config_and_the_rulings(ruleset_id: str, name: str) -> None:
    """ "every ruleset option can be set by the GM in config.ini" (ARCHITECTURE.md), and each
    option is the default of a ruling someone can read."""
    spec = RULESETS[ruleset_id].option_specs[name]
    default = str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
    assert f"# {name} = {default}" in EXAMPLE
    assert f"`{name}`" in RULINGS, f"docs/rulings.md does not name option {name}"
