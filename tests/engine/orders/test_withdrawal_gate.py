"""The withdrawal steps of ``parse_pm`` read a message only when it holds a text every match
of the withdrawal's words holds (``parse._may_withdraw``, looked for once in the message):
a message that holds none reads as it does with every fragment looked at."""

from __future__ import annotations

import re

import pytest

from autogm.engine.families.dctp.reading import dialect
from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.orders import parse
from autogm.engine.orders.fragments import fragments
from autogm.engine.phases import Phase
from autogm.engine.reading import read_pm
from autogm.engine.rules import load_ruleset
from autogm.engine.state import GameState
from tests.engine.orders.test_phrase_gate import _messages

ROSTER = {"Akonyl": "Shiratori", "Abs": "Gin", "Kleene": "Agasa", "Parkur": "Camel",
          "Conia": "Vermouth", "Lynz": "Kaitou Kid"}  # fmt: skip

# Withdrawals in several voices, and the near misses that hold a key and take nothing back.
SHAPES = [
    "Heal Kleene. nvm, heal Abs", "vote Abs -- wait no, scratch that", "Vote Abs\nunvote, jk",
    "Kill Abs. On reflection, I rescind the above order", "never mind the heal on Kleene",
    "EDIT: changed my mind — Parkur", "vote Abs. Actually no, Lynz", "’scratch that",
    "'nvm. vote Lynz", "cancel that\nwas thinking of Abs", "Stake-out Abs",
    "vote Abs, no take-backs", "Heal Kleene, I'm not kidding", "VOTE ABS. NVM",
    "disregard the rumours about her, vote Abs",
    "unvote Abs nvm vote Lynz", "Heal Kleene.\nforget it", "ſcratch that, vote Abs",
]  # fmt: skip


def _state(phase: str) -> GameState:
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, Setup())
    state.phase = Phase.parse(phase)
    return state


def test_every_withdrawal_in_a_fragment_holds_a_key_of_the_message() -> None:
    """Over every message of the blind rounds and the corpus and the shapes above: a fragment
    either step's pattern matches (run as compiled, not gated) makes the message one that
    may withdraw."""
    state = _state("Day 2")
    names, g = tuple(state.players), dialect().grammar
    patterns = [re.compile(p.pattern, p.flags) for p in (parse._WITHDRAWAL_WORDS, parse._WITHDRAW)]
    held = 0
    for text in [*_messages(), *SHAPES]:
        pieces = fragments(text, names, g)
        if not parse._may_withdraw(pieces):
            for piece in pieces:
                assert not any(p.search(piece) for p in patterns), (text, piece)
        else:
            held += 1
    assert held > 100


@pytest.mark.parametrize("phase", ["Night 3", "Day 2"])
@pytest.mark.parametrize("text", SHAPES)
def test_a_message_reads_as_with_every_fragment_looked_at(
    monkeypatch: pytest.MonkeyPatch, phase: str, text: str
) -> None:
    state = _state(phase)
    gated = read_pm(state, "Akonyl", text)
    monkeypatch.setattr(parse, "_may_withdraw", lambda pieces: True)
    assert read_pm(state, "Akonyl", text) == gated
