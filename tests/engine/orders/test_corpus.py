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

from engine.orders.parse import parse_pm
from engine.phases import Phase
from engine.rules import load_ruleset
from engine.setup import Setup, new_game
from engine.state import GameState, Status

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.yaml"))


def _game(spec: dict[str, Any]) -> GameState:
    state = new_game(load_ruleset(spec.get("ruleset", "dctp-2011")), spec["players"], 1, Setup())
    state.phase = Phase.parse(spec["phase"])
    for name in spec.get("dead", []):
        state.players[name].status = Status.DEAD
    for name in spec.get("arrested", []):
        state.players[name].status = Status.ARRESTED
    return state


def _cases() -> list[Any]:
    cases = []
    for path in CORPUS:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for number, case in enumerate(data["cases"], 1):
            cases.append(pytest.param(data["game"], case, id=f"{path.stem}-{number}"))
    return cases


CASES = _cases()


@pytest.mark.parametrize(("game", "case"), CASES)
def test_corpus_pm(game: dict[str, Any], case: dict[str, Any]) -> None:
    parsed = parse_pm(_game(game), case["from"], case["pm"])
    assert [o.canonical() for o in parsed.accepted] == case.get("accepted", [])
    wanted = case.get("rejected", [])
    assert len(parsed.rejected) == len(wanted), parsed.rejected
    for rejection, (fragment, reason) in zip(
        parsed.rejected, (next(iter(w.items())) for w in wanted), strict=True
    ):
        assert fragment in rejection.text, rejection
        assert reason.lower() in rejection.reason.lower(), rejection
    assert parsed.will == case.get("will")
    for note in case.get("notes", []):
        assert note in parsed.notes, parsed.notes
    assert parsed.unvote == case.get("unvote", False)
