"""Classic Group: "There are at least 2 DB's in the game." (docs/rulings.md, "The Detective
Boys in a classic deal"): a role list or a setup deals two or three of Ayumi, Genta and
Mitsuhiko; option ``detective_boys`` = none_or_at_least_two lets a deal leave them all out."""

from __future__ import annotations

import pytest

from autogm.engine.deal import check_role_list, deal_roles
from autogm.engine.role_setups import SetupError, build_setup, check_size, deal_setup
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import RulesetError

CLASSIC = load_ruleset("dctp-classic")
PLAYERS = [f"P{i}" for i in range(1, 9)]
TOWN = ["Heiji", "Araide", "Ran", "Takagi", "Jodie"]


def test_a_role_list_with_one_detective_boy_is_refused_naming_the_rule() -> None:
    with pytest.raises(RulesetError, match=r"at least 2 DB's in the game.*Ayumi"):
        check_role_list(CLASSIC, ["Gin", "Vodka", "Ayumi", *TOWN])
    with pytest.raises(RulesetError, match="the role list has none"):
        check_role_list(CLASSIC, ["Gin", "Vodka", "Korn", *TOWN])
    assert check_role_list(CLASSIC, ["Gin", "Ayumi", "Genta", *TOWN])


def test_the_option_lets_a_deal_leave_them_all_out_but_never_one_alone() -> None:
    lenient = load_ruleset("dctp-classic", {"detective_boys": "none_or_at_least_two"})
    assert check_role_list(lenient, ["Gin", "Vodka", "Korn", *TOWN])
    with pytest.raises(RulesetError, match="at least 2 DB's"):
        check_role_list(lenient, ["Gin", "Vodka", "Genta", *TOWN])


def test_2011_deals_one_detective_boy() -> None:
    assert check_role_list(load_ruleset("dctp-2011"), ["Gin", "Vodka", "Ayumi", *TOWN])


def test_a_setup_deals_at_least_two_detective_boys_from_its_fill() -> None:
    setup = build_setup(
        CLASSIC, "dbs", (("Gin",), ("Vodka",)), ("Ayumi", "Genta", "Mitsuhiko", *TOWN), (8,)
    )
    for seed in range(15):
        roles = deal_setup(CLASSIC, setup, PLAYERS, seed).roster.values()
        assert sum(r in ("Ayumi", "Genta", "Mitsuhiko") for r in roles) >= 2
    assert len(deal_roles(CLASSIC, PLAYERS, ["Gin", "Vodka", "Ayumi", "Genta", *TOWN[:4]], 1)) == 8


def test_a_setup_that_cannot_deal_two_says_so() -> None:
    setup = build_setup(CLASSIC, "one", (("Gin",), ("Vodka",)), ("Ayumi", *TOWN), (7,))
    with pytest.raises(SetupError, match="at least two Detective Boys"):
        check_size(CLASSIC, setup, 7)
