"""A played game as a scenario file (docs/scenarios.md): what ``autogm replay`` reads to
play it again, message for message, to the same record."""

from __future__ import annotations

from typing import Any

import yaml

from autogm.engine.replay import Scenario, parse_scenario, record, replay
from autogm.simulator.game.loop import Played

# libyaml's emitter where PyYAML was built with it (as engine.replay's SAFE_LOADER reads): a
# sampled game's file is written 5-6x faster, the same text (150 games of every ruleset
# compared with PyYAML's own emitter, byte for byte).
SAFE_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def scenario_data(played: Played, title: str = "", source: str = "") -> dict[str, Any]:
    data: dict[str, Any] = {}
    if title:
        data["title"] = title
    if source:
        data["source"] = source
    data["ruleset"] = played.ruleset
    data["seed"] = played.seed
    if played.options:
        data["options"] = dict(played.options)
    data["players"] = dict(played.roster)
    if played.setup:
        data["setup"] = played.setup
    data["phases"] = [
        {"phase": phase, "orders": [{who: text} for who, text in items]}
        for phase, items in played.items
    ]
    return data


def scenario_text(played: Played, title: str = "", source: str = "") -> str:
    return yaml.dump(
        scenario_data(played, title, source),
        Dumper=SAFE_DUMPER,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=100,
    )


def live_record(played: Played, scenario: Scenario) -> dict[str, Any]:
    """The replay record of the game as it was played (the record engine.replay makes)."""
    return record(scenario, played.replays)


def replayed_record(text: str) -> tuple[Scenario, dict[str, Any]]:
    """The record ``autogm replay --json`` gives for the scenario ``text``."""
    scenario = parse_scenario(text, "<simulated game>")
    return scenario, record(scenario, replay(scenario))
