"""midnight's Neutral roles where a scenario cannot reach: a spirit's All-in (spirits come
from the Avenger's Unfinished business), the replay record of instant orders, and the
Evil Genius's DDD against a faction's win at the same moment."""

from __future__ import annotations

from autogm.engine.families.midnight.family import new_game
from autogm.engine.families.midnight.model import mn
from autogm.engine.phases import Phase
from autogm.engine.replay import parse_scenario, record, replay
from autogm.engine.rules import RULESETS
from autogm.engine.session import GameSession

MIDNIGHT = RULESETS["midnight"]
ROSTER = {"J": "Joker", "A": "Officer", "K": "Killer"}


def test_a_spirit_may_go_all_in_and_nothing_else():
    """All-in (H) — "instantly, even if you are a spirit, you can publish the complete list";
    a spirit "cannot declare actions"."""
    state = new_game(MIDNIGHT, ROSTER, 1, None)
    mn(state.players["J"]).spirit = True
    session = GameSession(state)
    refused = session.receive("J", "Deal A")
    assert "spirit" in refused.rejected[0].reason
    posted = session.receive("J", "[ooc]All-in: A as Officer, K as Killer[/ooc]", public=True)
    assert [o.ability for o in posted.accepted] == ["all_in"]
    assert [r.outcome for r in session.instants[0].results] == ["won"]
    assert session.state.winner == "Joker" and session.state.winners == ("J",)


def test_all_in_is_refused_in_jail_and_needs_everyone():
    """All-in is H, not J: "Jail — all abilities are disabled"; "the complete list of
    everyone's Midnight roles"."""
    state = new_game(MIDNIGHT, ROSTER, 1, None)
    session = GameSession(state)
    short = session.receive("J", "[ooc]All-in: A as Officer[/ooc]", public=True)
    assert "missing: K" in short.rejected[0].reason
    mn(state.players["J"]).jail.append((1, 2))
    jailed = session.receive("J", "[ooc]All-in: A as Officer, K as Killer[/ooc]", public=True)
    assert "Jail" in jailed.rejected[0].reason


def test_instant_results_come_first_in_the_record():
    """The record's ``results`` hold the instant orders' results, in the order declared,
    before the phase's own (docs/scenarios.md)."""
    scenario = parse_scenario(
        """
ruleset: midnight
seed: 1
players: {P: Psycho, K: Killer, Boss: Boss, Ofc: Officer}
phases:
  - phase: Night 1
    orders:
      - K: Pistol Ofc
      - P: "Double Life: Boss x2"
"""
    )
    rec = record(scenario, replay(scenario))
    results = rec["phases"][0]["results"]
    assert [(r["player"], r["ability"]) for r in results][:2] == [
        ("P", "double_life"),
        ("K", "pistol"),
    ]
    assert "Double Life: your Guises are now Boss(2)." in rec["phases"][0]["private"]["P"]


def test_ddd_wins_alone_over_a_faction_at_the_end_of_the_day():
    """DDD — "if at the end of the Day you have at least 8 plans, you and you alone win"."""
    state = new_game(MIDNIGHT, {"EG": "Evil Genius", "K": "Killer", "Ofc": "Officer"}, 1, None)
    state.phase = Phase.day(1)
    mn(state.players["EG"]).plans = 8
    session = GameSession(state)
    session.receive("K", "[ooc]Vote Ofc[/ooc]", public=True)
    outcome = session.close()
    assert outcome.state.players["Ofc"].status.value == "dead"
    assert outcome.state.winner == "Evil Genius" and outcome.state.winners == ("EG",)
