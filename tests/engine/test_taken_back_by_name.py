"""dctp-2011-standard, Gameplay: "You may always send in a new order to replace your old one,
assuming the phase has not yet ended." A later message that names an earlier order and takes
it back ("never mind the kill on Birch", "call off my investigation of Conia") drops that
order, and only that one; it is answered as taken back (issue 27: "Only these [void an order]:
a negation or withdrawal"). Written in other words than blind round 6 (5076, 5151)."""

from __future__ import annotations

import pytest

from autogm.engine.families.dctp.setup import new_game
from autogm.engine.orders.kinds import Kind
from autogm.engine.rules import load_ruleset
from autogm.engine.session import GameSession

ROSTER = {
    "Abs": "Gin", "Kleene": "Agasa", "Conia": "Shinichi", "Jd-": "Araide", "Lynz": "Ran",
    "Mark": "Megure", "Rose": "Eisuke",
}  # fmt: skip


def _night() -> GameSession:
    session = GameSession(new_game(load_ruleset("dctp-2011"), ROSTER, 7))
    session.close()  # Night 1
    return session


@pytest.mark.parametrize(
    ("player", "first", "later"),
    [
        ("Abs", "Kill Lynz", "never mind the kill on Lynz, we sit this one out"),
        ("Rose", "Trick Abs", "forget tonight's trick on Abs. staying in"),
        ("Mark", "Investigate Abs kills Lynz", "call off my investigation of Abs, resting"),
        ("Jd-", "Heal Kleene", "scratch the heal, I'm too tired"),
    ],
)
def test_an_earlier_order_named_and_taken_back_is_dropped(
    player: str, first: str, later: str
) -> None:
    session = _night()
    session.receive(player, first)
    assert session.orders_of(player)
    parsed = session.receive(player, later)
    assert not parsed.accepted
    assert session.orders_of(player) == []
    assert Kind.WITHDRAWN in [r.kind for r in parsed.rejected]


def test_only_the_order_named_is_dropped() -> None:
    session = _night()
    session.receive("Jd-", "Heal Kleene")
    session.receive("Abs", "Kill Lynz")
    session.receive("Jd-", "never mind the heal on Conia")  # no heal on Conia was sent
    assert [o.canonical() for o in session.orders_of("Jd-")] == ["Heal Kleene"]
    session.receive("Jd-", "never mind the heal on Kleene, heal Lynz instead")
    assert [o.canonical() for o in session.orders_of("Jd-")] == ["Heal Lynz"]
    assert [o.canonical() for o in session.orders_of("Abs")] == ["Kill Lynz"]


@pytest.mark.parametrize(
    ("player", "first", "later", "left"),
    [
        ("Jd-", "Heal Kleene", "not healing Kleene after all, he's scummy", []),
        ("Abs", "Kill Lynz", "no kill from me tonight", []),
        ("Jd-", "Heal Kleene", "I won't heal Lynz", ["Heal Kleene"]),  # another player
    ],
)
def test_a_later_negation_takes_back_the_order_it_names(
    player: str, first: str, later: str, left: list[str]
) -> None:
    session = _night()
    session.receive(player, first)
    session.receive(player, later)
    assert [o.canonical() for o in session.orders_of(player)] == left
