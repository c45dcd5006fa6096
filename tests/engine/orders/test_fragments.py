"""Cutting a cleaned message: the will and the tape after their labels."""

from __future__ import annotations

import pytest

from engine.orders.fragments import split_tape, split_will


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Heal Abs\nWill: I was town", ("Heal Abs\n", "I was town")),
        ("Heal Abs. LW - I was town", ("Heal Abs.", "I was town")),
        ("Heal Abs\nMY LAST WILL AND TESTAMENT: town", ("Heal Abs\n", "town")),
        ("Heal Abs\nwiLL- ünd so", ("Heal Abs\n", "ünd so")),
        ("Heal Abs will you", ("Heal Abs will you", None)),
        ("Stake-out Abs", ("Stake-out Abs", None)),
    ],
)
def test_a_will_is_found_only_where_its_label_can_be(
    text: str, expected: tuple[str, str | None]
) -> None:
    assert split_will(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Kill Abs\nTape: I was here", ("Kill Abs\n", "I was here")),
        ("Kill Abs. my VIDEO - ünd so", ("Kill Abs.", "ünd so")),
        ("Kill Abs with tape", ("Kill Abs with tape", None)),
        ("Stake-out Abs", ("Stake-out Abs", None)),
    ],
)
def test_a_tape_is_found_only_where_its_label_can_be(
    text: str, expected: tuple[str, str | None]
) -> None:
    assert split_tape(text) == expected
