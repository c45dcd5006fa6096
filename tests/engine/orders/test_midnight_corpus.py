"""midnight's corpus: PMs and topic posts as players write them, and the reading each must give.

Each file in midnight_corpus/ sets up a midnight game (roster, Daylight roles, phase, the dead)
and lists cases: the author, the PM (``pm``) or the topic post (``post``: read for its [ooc]
tags), the orders it must be understood as in the canonical restatement the answer uses, the
fragments it refuses with a word of the reason, and the notes. "The parser reads midnight's
orders in their everyday forms; answers name what was understood" (issue 17).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from autogm.engine.families import FAMILIES
from autogm.engine.families.midnight.model import mn
from autogm.engine.families.midnight.rules import DAYLIGHT, MIDNIGHT
from autogm.engine.phases import Phase
from autogm.engine.reading import read_message
from autogm.engine.render.answers import render_acknowledgement
from autogm.engine.render.inert import inert
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import Side
from autogm.engine.state import Fate, GameState, Status
from tests.engine.orders.corpus_kit import check_rejections, corpus_cases

CORPUS = sorted((Path(__file__).parent / "midnight_corpus").glob("*.yaml"))


def _game(spec: dict[str, Any]) -> GameState:
    ruleset = load_ruleset("midnight")
    state = FAMILIES["midnight"].new_game(
        ruleset, spec["players"], 1, {"daylight": spec.get("daylight", {})}
    )
    state.phase = Phase.parse(spec["phase"])
    for name in spec.get("dead", []):
        state.players[name].status = Status.DEAD
    for name, when in spec.get("killed", {}).items():
        state.players[name].status = Status.DEAD
        state.players[name].fate = Fate(Phase.parse(when), "killed")
    for name, cards in spec.get("cards", {}).items():
        mn(state.players[name]).cards = cards
    for name, saved in spec.get("saved_votes", {}).items():
        mn(state.players[name]).saved_votes = saved
    return state


CASES = corpus_cases(CORPUS)


@pytest.mark.parametrize(("game", "case"), CASES)
def test_midnight_corpus(game: dict[str, Any], case: dict[str, Any]) -> None:
    state = _game(game)
    public = "post" in case
    parsed = read_message(
        state, case["from"], case["post"] if public else case["pm"], public=public
    )
    titles = state.ruleset.titles
    assert [o.canonical(titles) for o in parsed.accepted] == case.get("accepted", [])
    check_rejections(parsed, case)
    for note in case.get("notes", []):
        assert note in parsed.notes, parsed.notes
    assert parsed.unvote == case.get("unvote", False)
    assert parsed.no_action == case.get("no_action", False)
    answer = render_acknowledgement(parsed, state.phase, titles)
    if parsed.accepted:
        understood = "; ".join(o.canonical(titles) for o in parsed.accepted)
        assert f"Understood for {state.phase}: " in answer and understood.split(";")[0] in answer
    for rejection in parsed.rejected:
        assert inert(rejection.text) in answer and inert(rejection.reason) in answer


def test_the_corpus_reads_every_ordered_midnight_and_daylight_ability() -> None:
    """Every Mafia, Law and Neutral ability with an order, every Daylight one, and the common
    ones, is read in the corpus."""
    seen = set()
    for param in CASES:
        game, case = param.values
        state = _game(game)
        public = "post" in case
        text = case["post"] if public else case["pm"]
        seen |= {o.ability for o in read_message(state, case["from"], text, public=public).accepted}
    wanted = {
        line.ability
        for side, _, lines in MIDNIGHT.values()
        if side in (Side.MAFIA, Side.LAW, Side.NEUTRAL)
        for line in lines
        if not line.passive
    }
    wanted |= {line.ability for lines in DAYLIGHT.values() for line in lines if not line.passive}
    wanted |= {"letter", "vote"}
    assert sorted(wanted - seen) == []
