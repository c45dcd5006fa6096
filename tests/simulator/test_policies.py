"""The policies as the issue states them: the Black Org's members do not vote each other,
a player who learns someone is Black Org votes them, leaders name a killer; the random
policy sends only what the engine lets stand."""

from __future__ import annotations

import random

from autogm.engine.families.dctp.setup import new_game
from autogm.engine.outcome import Notice
from autogm.engine.phases import Phase
from autogm.simulator.game.loop import play
from autogm.simulator.policies.base import Knowledge
from autogm.simulator.policies.informed import InformedPolicy
from autogm.simulator.setups import make_setup

SETUP = make_setup("dctp-2011", 12)


def _games(policy: str, count: int = 4):
    return [play(SETUP, policy, seed) for seed in range(count)]


def test_informed_black_org_never_votes_a_member_and_leaders_name_killers() -> None:
    named = 0
    for game in _games("informed"):
        assert not game.problems, game.problems
        for phase in game.replays:
            for item in phase.received:
                if item.parsed is None or game.sides[item.player] != "black_org":
                    continue
                for order in item.parsed.accepted:
                    if order.ability == "vote" and order.targets:
                        assert game.sides[order.targets[0]] != "black_org", (phase.phase, order)
                    if order.ability in ("kill", "snipe"):
                        assert game.sides[order.targets[0]] != "black_org"
                        named += bool(order.killer and order.killer != order.actor)
    assert named > 0  # a leader named the member who kills


def test_a_player_who_learns_someone_is_black_org_votes_them() -> None:
    roster = {"A": "Gin", "B": "Vodka", "C": "Megure", "D": "Conan", "E": "Araide", "F": "Ran"}
    state = new_game(SETUP.ruleset, roster, 1)
    state.phase = Phase.day(1)
    known = {n: Knowledge(n, p.role, state.side(n).value) for n, p in state.players.items()}
    policy = InformedPolicy(known)
    told = [Notice("interrogate.result", "D", {"target": "B", "answer": "BO"})]
    policy.told("D", told, state)
    assert known["D"].enemies == {"B"}
    rng = random.Random(0)
    assert all(policy.vote(state, "D", rng) == ("B", None) for _ in range(5))
    policy.told("C", [Notice("investigate.result", "C", {"query": "A kills E", "answer": True})],
                state)  # fmt: skip
    assert known["C"].enemies == {"A"} and known["C"].crimes == [("A", "E", "Day 1")]


def test_random_players_send_only_what_stands() -> None:
    for game in _games("random", 3):
        assert not game.problems, game.problems
        for phase in game.replays:
            for item in phase.received:
                if item.parsed is not None and item.text != "yes":
                    assert item.parsed.accepted, (phase.phase, item.text, item.parsed.rejected)


def test_an_accusation_names_the_side_the_ruleset_hunts() -> None:
    """An informed player's accusation in the topic ("I am sure X is Black Org.") names the
    ruleset's hidden team by the name its players use: the Mafia in midnight."""
    for ruleset_id, side in (("midnight", "Mafia"), ("dctp-2011", "Black Org")):
        setup = make_setup(ruleset_id, 12)
        said = [
            text
            for seed in range(6)
            for phase in play(setup, "informed", seed).replays
            for _, text, _ in phase.posts
            if text.startswith("I am sure ")
        ]
        assert said and all(text.endswith(f" is {side}.") for text in said), (ruleset_id, said)
