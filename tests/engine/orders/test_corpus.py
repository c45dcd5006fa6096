"""The corpus: real-looking PMs and the parse each must give.

Each file in corpus/ sets up a game (roster, phase, ruleset) and lists cases: the author, the
PM as sent (BBCode and all), the orders it must be understood as (in their canonical
restatement, the words the acknowledgement uses), the fragments it must refuse with a word of
the reason, the will, and the name-reading notes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from autogm.engine.families.dctp.abilities import ABILITIES
from autogm.engine.families.dctp.abilities.lent import ability_for
from autogm.engine.families.dctp.setup import Setup, new_game, setup_from_dict
from autogm.engine.families.dctp.state import Loan
from autogm.engine.orders.model import ParsedPM
from autogm.engine.phases import Phase
from autogm.engine.reading import read_pm
from autogm.engine.render.answers import render_acknowledgement
from autogm.engine.rules import load_ruleset
from autogm.engine.state import BOMB, ActionRecord, GameState, Status
from autogm.engine.validate import check_order
from tests.engine.orders.corpus_kit import check_rejections, corpus_cases

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.yaml"))


def _game(spec: dict[str, Any], phase: str | None = None) -> GameState:
    """The game a corpus file describes, in the phase of the case (or of the file).

    Beyond the roster and the phase: ``options`` (the ruleset's), ``setup`` (as in scenario
    files: disguises, costumes, lovers, best_friend, abroad, sober, leader), ``dead``,
    ``arrested``, ``conditions`` (player: [condition]), ``used`` (player: {key: phase index}),
    ``offers`` (costumes offered), ``loans`` (held in the case's phase: kind, holder, giver,
    source), ``bomb`` (wearer, planter), ``history`` (records of past actions),
    ``interrogations`` (Kogorou's, for Analyze).
    """
    ruleset = load_ruleset(spec.get("ruleset", "dctp-2011"), spec.get("options"))
    setup = setup_from_dict(spec["setup"]) if "setup" in spec else Setup()
    state = new_game(ruleset, spec["players"], 1, setup)
    state.phase = Phase.parse(phase or spec["phase"])
    for name in spec.get("dead", []):
        state.players[name].status = Status.DEAD
    for name in spec.get("arrested", []):
        state.players[name].status = Status.ARRESTED
    for name, conditions in spec.get("conditions", {}).items():
        for condition in conditions:
            state.players[name].conditions[condition] = None
    for name, used in spec.get("used", {}).items():
        state.players[name].used.update(used)
    for name, roles in spec.get("offers", {}).items():
        state.ext.costume_offers[name] = tuple(roles)
    for loan in spec.get("loans", []):
        state.ext.loans.append(
            Loan(loan["kind"], loan["holder"], loan["giver"], state.phase.index, loan.get("source"))
        )
    for record in spec.get("history", []):
        state.history.append(
            ActionRecord(
                phase=Phase.parse(record["phase"]),
                actor=record["actor"],
                ability=record["ability"],
                targets=tuple(record.get("targets", ())),
                took_place=record.get("took_place", True),
                crime=record.get("crime", False),
                role=record.get("role"),
            )
        )
    if "bomb" in spec:
        wearer, planter = spec["bomb"]
        state.ext.bomb = (wearer, planter)
        state.players[wearer].conditions[BOMB] = None
    for name, phases in spec.get("interrogations", {}).items():
        for when, (target, result) in phases.items():
            state.ext.interrogations[(name, Phase.parse(when).index)] = (target, result)
    return state


CASES = corpus_cases(CORPUS)


@pytest.mark.parametrize(("game", "case"), CASES)
def test_corpus_pm(game: dict[str, Any], case: dict[str, Any]) -> None:
    parsed = read_pm(_game(game, case.get("phase")), case["from"], case["pm"])
    assert [o.canonical() for o in parsed.accepted] == case.get("accepted", [])
    check_rejections(parsed, case)
    assert parsed.will == case.get("will")
    for note in case.get("notes", []):
        assert note in parsed.notes, parsed.notes
    assert parsed.unvote == case.get("unvote", False)


def _parsed_corpus() -> list[tuple[GameState, ParsedPM]]:
    parsed = []
    for path in CORPUS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            state = _game(data["game"], case.get("phase"))
            parsed.append((state, read_pm(state, case["from"], case["pm"])))
    return parsed


def test_the_corpus_is_large_and_uses_every_ability() -> None:
    """At least 1,000 PMs, 260 of them with a refusal (issue 11 asked for 800 and 150; the
    thresholds grow with the corpus), and every ability of the engine among the orders they
    give: the ability an order resolves as, so a Black Suitcase action counts as
    ``suitcase_action``."""
    assert len(CASES) >= 1000
    assert sum(1 for case in CASES if case.values[1].get("rejected")) >= 260
    seen: set[str] = set()
    for state, parsed in _parsed_corpus():
        for order in parsed.accepted:
            checked = check_order(state, order)
            assert not isinstance(checked, str), (order, checked)
            seen.add(order.ability)
            seen.add(ability_for(order, checked[0][1], state.ruleset).name)
    assert sorted(set(ABILITIES) - seen) == []


def test_every_refusal_is_quoted_and_explained_in_the_answer() -> None:
    for state, parsed in _parsed_corpus():
        answer = render_acknowledgement(parsed, state.phase)
        if parsed.accepted:
            understood = "; ".join(o.canonical() for o in parsed.accepted)
            assert f"Understood for {state.phase}: {understood}." in answer
        for rejection in parsed.rejected:
            assert rejection.reason.strip()
            assert f"[quote]{rejection.text}[/quote]{rejection.reason}" in answer
            assert not rejection.fix or rejection.fix in answer


def test_every_refusal_has_a_kind() -> None:
    """Issue 27: each refusal says which kind it is, in one word of ``Kind``."""
    from autogm.engine.orders.kinds import Kind

    for _, parsed in _parsed_corpus():
        for rejection in parsed.rejected:
            assert rejection.kind in set(Kind), rejection
