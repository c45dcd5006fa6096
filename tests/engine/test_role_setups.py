"""Named setups with the GM's constraints, dealt from the seed (issue 18, "Dealing").

"A setup is a named list of roles ... with constraints a GM writes down: sizes it is legal
for, roles that come together or exclude each other, a minimum and maximum per side, roles
that need another present (a Lovers pair, the Black Org's leader), and random choices ("one of
Chianti, Korn"). Check a setup against the ruleset ... and say which constraint cannot be met
for the signed-up count." "The deal is drawn from the game's seed (replayable ...)."
"""

from __future__ import annotations

import pytest

from autogm.engine.role_setups import (
    Constraint,
    SetupError,
    build_setup,
    check_size,
    deal_setup,
)
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import Side

R = load_ruleset("dctp-2011")
PLAYERS = [f"P{i}" for i in range(1, 11)]
FILL = ("Agasa", "Eisuke", "Araide", "Heiji", "Kazuha", "Shinichi", "Ran", "Vodka")


def _setup(*constraints: Constraint, sizes=(7, 8, 9, 10), fill=FILL, always=None):
    always = always or (("Gin",), ("Chianti", "Korn"), ("Shiratori",), ("Megure",))
    return build_setup(R, "small", always, fill, sizes, constraints)


def test_the_same_seed_gives_the_same_deal_and_other_seeds_other_deals():
    setup = _setup()
    first = deal_setup(R, setup, PLAYERS[:8], 53)
    assert first == deal_setup(R, setup, PLAYERS[:8], 53)
    others = {tuple(sorted(deal_setup(R, setup, PLAYERS[:8], s).roster.items())) for s in range(20)}
    assert len(others) > 5


def test_roles_always_dealt_are_dealt_and_one_of_deals_exactly_one():
    for seed in range(30):
        deal = deal_setup(R, _setup(), PLAYERS[:8], seed)
        roles = list(deal.roster.values())
        assert {"Gin", "Shiratori", "Megure"} <= set(roles)
        assert sum(r in roles for r in ("Chianti", "Korn")) == 1
        assert len(set(roles)) == 8
        assert any(line.startswith("one of Chianti, Korn: ") for line in deal.drawn)


def test_one_of_draws_each_choice_over_seeds():
    chosen = {
        next(
            r
            for r in deal_setup(R, _setup(), PLAYERS[:7], s).roster.values()
            if r in ("Chianti", "Korn")
        )
        for s in range(30)
    }
    assert chosen == {"Chianti", "Korn"}


def test_together_roles_come_together():
    rule = Constraint("together", "Heiji + Kazuha", ("Heiji", "Kazuha"))
    for seed in range(30):
        roles = set(deal_setup(R, _setup(rule), PLAYERS[:8], seed).roster.values())
        assert ("Heiji" in roles) == ("Kazuha" in roles)


def test_apart_roles_never_meet():
    rule = Constraint("apart", "Vodka, Korn", ("Vodka", "Korn"))
    for seed in range(30):
        roles = set(deal_setup(R, _setup(rule), PLAYERS[:10], seed).roster.values())
        assert not {"Vodka", "Korn"} <= roles


def test_a_role_that_needs_another_gets_it():
    rule = Constraint("requires", "Korn needs Chianti", ("Korn", "Chianti"))
    for seed in range(30):
        roles = set(deal_setup(R, _setup(rule), PLAYERS[:8], seed).roster.values())
        assert "Korn" not in roles  # "one of Chianti, Korn": Korn never has Chianti beside him


def test_side_minimum_and_maximum():
    rule = Constraint("black_org", "3", (), 3, 3)
    for seed in range(20):
        roles = deal_setup(R, _setup(rule), PLAYERS[:9], seed).roster.values()
        assert sum(R.roles[r].side is Side.BLACK_ORG for r in roles) == 3


def test_a_size_the_setup_is_not_for_is_refused_naming_its_sizes():
    with pytest.raises(SetupError, match=r"setup small is for 7-10 players, not 6"):
        check_size(R, _setup(), 6)


def test_the_error_names_the_one_constraint_that_cannot_be_met():
    # With 12 players every fill role is dealt, so Vodka is always there beside Gin and
    # Chianti or Korn: 3 Black Org, and "black_org = 2" cannot hold.
    rule = Constraint("black_org", "2", (), 2, 2)
    setup = _setup(rule, sizes=(8, 12))
    with pytest.raises(SetupError, match=r"for 12 players no deal meets 'black_org = 2'") as err:
        check_size(R, setup, 12)
    assert err.value.key == "black_org"
    check_size(R, setup, 8)  # with 8 players Vodka can stay out


def test_unknown_roles_and_impossible_sizes_are_named():
    with pytest.raises(SetupError, match="unknown role 'Ginn'") as err:
        build_setup(R, "bad", [("Ginn",)], FILL)
    assert err.value.key == "roles"
    with pytest.raises(SetupError, match="13 players cannot be dealt") as err:
        _setup(sizes=(13,))
    assert err.value.key == "sizes"


def test_the_ruleset_own_rules_hold_in_every_deal():
    # Haibara and Sherry may not be in the same game (dctp-2011's exclusive pair).
    setup = build_setup(R, "pair", [("Gin",)], ("Haibara", "Sherry", "Agasa", "Megure"), (3,))
    for seed in range(20):
        roles = set(deal_setup(R, setup, PLAYERS[:3], seed).roster.values())
        assert not {"Haibara", "Sherry"} <= roles


def test_sizes_default_to_every_size_the_fill_allows():
    setup = build_setup(R, "open", [("Gin",), ("Agasa",)], ("Megure", "Heiji"))
    assert setup.legal_sizes() == (2, 3, 4)
