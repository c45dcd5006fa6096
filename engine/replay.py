"""Scenario files (shared/design/SCENARIOS.md): load, replay phase by phase, and record.

The record is a public interface: its keys and values are documented in docs/scenarios.md
and must stay stable.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.gm import OverrideError, apply_override
from engine.orders.model import ParsedPM
from engine.outcome import Notice, PhaseOutcome
from engine.phases import Phase
from engine.render import render_notice, render_phase
from engine.rules import load_ruleset
from engine.rules.base import RulesetError
from engine.session import GameSession
from engine.setup import new_game, setup_from_dict
from engine.state import GameState

TOP_KEYS = {"ruleset", "seed", "options", "players", "setup", "phases"}
# Keys a scenario may carry for people and tests; the replay reads past them.
NOTE_KEYS = {"title", "source", "expect"}
GM = "GM"


class ScenarioError(ValueError):
    """A scenario that cannot be replayed; the message names the file and the problem."""


@dataclass(frozen=True, slots=True)
class PhaseScript:
    phase: Phase
    orders: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    source: str
    state: GameState
    phases: tuple[PhaseScript, ...]


@dataclass
class PhaseReplay:
    """One resolved phase: what was sent, what happened, what the GM would post."""

    phase: Phase
    received: list[tuple[str, str, ParsedPM | None]] = field(default_factory=list)
    gm_notices: list[Notice] = field(default_factory=list)
    outcome: PhaseOutcome | None = None
    # The role PMs sent when the game opens (engine.prep.open_game), before the first phase.
    opening: list[Notice] = field(default_factory=list)

    def private(self, rendered: dict[str, list[str]]) -> dict[str, list[str]]:
        """The phase's private messages, the opening's role PMs first."""
        if not self.opening:
            return rendered
        merged: dict[str, list[str]] = {}
        for notice in self.opening:
            if notice.to is not None:
                texts = merged.setdefault(notice.to, [])
                text = render_notice(notice)
                if text not in texts:
                    texts.append(text)
        for player, texts in rendered.items():
            merged.setdefault(player, []).extend(texts)
        return merged


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read the file ({exc.strerror})") from None
    return parse_scenario(text, str(path))


def parse_scenario(text: str, source: str = "<scenario>") -> Scenario:
    def fail(problem: str) -> ScenarioError:
        return ScenarioError(f"{source}: {problem}")

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark else ""
        raise fail(f"not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(data, dict):
        raise fail("a scenario is a mapping with ruleset, seed, players and phases")
    unknown = set(data) - TOP_KEYS - NOTE_KEYS
    if unknown:
        raise fail(f"unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    players = data.get("players")
    if not isinstance(players, dict) or not players:
        raise fail("'players' must map each player's name to a role")
    try:
        ruleset = load_ruleset(str(data.get("ruleset", "")), data.get("options") or {})
        setup = setup_from_dict(data["setup"] or {}) if "setup" in data else None
        roster = {str(name): str(role) for name, role in players.items()}
        state = new_game(ruleset, roster, data.get("seed", 0), setup)
    except (RulesetError, TypeError, ValueError) as exc:
        raise fail(str(exc)) from None
    return Scenario(source, state, _phases(data.get("phases") or [], state, fail))


def _phases(raw: Any, state: GameState, fail: Any) -> tuple[PhaseScript, ...]:
    if not isinstance(raw, list):
        raise fail("'phases' must be a list")
    scripts: list[PhaseScript] = []
    last = state.phase.index - 1
    for number, item in enumerate(raw, 1):
        if not isinstance(item, dict) or "phase" not in item:
            raise fail(f"phase #{number} must have a 'phase' (e.g. 'Night 1')")
        try:
            phase = Phase.parse(str(item["phase"]))
        except ValueError:
            raise fail(f"phase #{number}: {item['phase']!r} is not a phase") from None
        if phase.index <= last:
            raise fail(f"phase {phase} comes after a later phase or before the game starts")
        last = phase.index
        orders = []
        for entry in item.get("orders") or []:
            if not isinstance(entry, dict) or len(entry) != 1:
                raise fail(f"{phase}: each order is one 'player: text' item")
            ((player, text),) = entry.items()
            player = str(player)
            if player != GM and player not in state.players:
                raise fail(f"{phase}: {player!r} is not a player of this scenario")
            orders.append((player, "" if text is None else str(text)))
        scripts.append(PhaseScript(phase, tuple(orders)))
    return tuple(scripts)


def replay(scenario: Scenario) -> list[PhaseReplay]:
    """Resolve every phase through the last one the scenario lists (earlier if it is won)."""
    session = GameSession(scenario.state)
    opening = list(session.open())
    scripts = {s.phase: s for s in scenario.phases}
    last = scenario.phases[-1].phase if scenario.phases else scenario.state.phase
    replays: list[PhaseReplay] = []
    while session.state.phase <= last and not session.state.winner:
        current = PhaseReplay(session.state.phase, opening=opening)
        opening = []
        script = scripts.get(session.state.phase)
        for player, text in script.orders if script else ():
            if player == GM:
                try:
                    session.state, notices = apply_override(session.state, text)
                except OverrideError as exc:
                    raise ScenarioError(f"{scenario.source}: {current.phase}: {exc}") from None
                current.gm_notices.extend(notices)
                current.received.append((player, text, None))
            else:
                current.received.append((player, text, session.receive(player, text)))
        current.outcome = session.close()
        replays.append(current)
    return replays


def record(scenario: Scenario, replays: list[PhaseReplay]) -> dict[str, Any]:
    """The replay record of SCENARIOS.md."""
    state = scenario.state
    phases = [_phase_record(r) for r in replays]
    final = replays[-1].outcome.state if replays and replays[-1].outcome else state
    return {
        "ruleset": state.ruleset.id,
        "seed": state.seed,
        "phases": phases,
        "winner": final.winner,
    }


def _phase_record(replay_: PhaseReplay) -> dict[str, Any]:
    outcome = replay_.outcome
    assert outcome is not None
    rendered = render_phase(outcome)
    public = [render_notice(n) for n in replay_.gm_notices] + rendered.public
    orders = []
    for player, text, parsed in replay_.received:
        if parsed is None:
            continue
        orders.append(
            {
                "player": player,
                "text": text,
                "accepted": [o.to_record() for o in parsed.accepted],
                "rejected": [r.to_record() for r in parsed.rejected],
            }
        )
    return {
        "phase": str(outcome.phase),
        "orders": orders,
        "results": [r.to_record() for r in outcome.results],
        "lynch": outcome.lynch.to_record() if outcome.lynch else None,
        "public": public,
        "private": replay_.private(rendered.private),
        "players": _players(outcome.state, outcome.phase),
    }


def _players(state: GameState, phase: Phase) -> dict[str, Any]:
    players = {}
    for name, p in state.players.items():
        conditions = p.active_conditions(phase)
        if p.disguise:
            conditions.append(f"disguised:{p.disguise}")
        players[name] = {"role": p.role, "status": p.status.value, "conditions": conditions}
    return players


def render_text(scenario: Scenario, replays: list[PhaseReplay]) -> str:
    """What the GM would post, phase by phase, with how each order was read."""
    lines: list[str] = []
    for replay_ in replays:
        outcome = replay_.outcome
        assert outcome is not None
        lines.append(f"=== {outcome.phase} ===")
        for player, text, parsed in replay_.received:
            lines.append(f"{player} sent: {' '.join(text.split())}")
            if parsed is None:
                continue
            for order in parsed.accepted:
                lines.append(f"  understood: {order.canonical()}")
            for rejection in parsed.rejected:
                lines.append(f"  refused: '{rejection.text}': {rejection.reason}")
            for note in parsed.notes:
                lines.append(f"  note: {note}")
        rendered = render_phase(outcome)
        public = [render_notice(n) for n in replay_.gm_notices] + rendered.public
        lines.append("-- public post --")
        lines.extend(public or ["(nothing to announce)"])
        for player, texts in replay_.private(rendered.private).items():
            lines.append(f"-- PM to {player} --")
            lines.extend(texts)
        for draw in outcome.draws:
            lines.append(f"-- random draw: {draw.label} {', '.join(draw.choices)}: {draw.chosen}")
        lines.append("")
    final = replays[-1].outcome.state if replays and replays[-1].outcome else scenario.state
    if final.winner:
        lines.append(f"Winner: {final.winner}")
    return "\n".join(lines)


def players_in(scenario: Scenario) -> Mapping[str, str]:
    return {name: p.role for name, p in scenario.state.players.items()}
