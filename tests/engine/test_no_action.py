"""Issue 18: ""No action" is a valid order a player can send, and counts as activity." It is
answered as understood, and like any later order it replaces what the phase held (a vote
stands: "Players may abstain from voting" is said with Abstain)."""

from __future__ import annotations

import pytest

from autogm.engine.families.dctp.setup import new_game
from autogm.engine.render.answers import render_acknowledgement
from autogm.engine.rules import load_ruleset
from autogm.engine.session import GameSession

ROSTER = {"Abs": "Gin", "Kleene": "Agasa", "Conia": "Shinichi", "Jd-": "Araide", "Lynz": "Ran"}


def _session(phase: int) -> GameSession:
    session = GameSession(new_game(load_ruleset("dctp-2011"), ROSTER, 7))
    while session.state.phase.index < phase:
        session.close()
    return session


@pytest.mark.parametrize("text", ["No action tonight", "no action", "I'll pass tonight", "Skip"])
def test_no_action_is_understood_and_drops_the_phases_orders(text: str) -> None:
    session = _session(1)
    session.receive("Jd-", "Heal Kleene")
    parsed = session.receive("Jd-", text)
    assert parsed.no_action and not parsed.rejected
    assert session.orders_of("Jd-") == []
    answer = render_acknowledgement(parsed, session.state.phase)
    assert "Understood for Night 1: no action" in answer


def test_no_action_by_day_keeps_the_vote() -> None:
    session = _session(2)
    session.receive("Lynz", "Protect Kleene. Vote Abs")
    session.receive("Lynz", "no action today")
    assert [o.canonical() for o in session.orders_of("Lynz")] == ["Vote Abs"]
