"""A fake action through the Black Suitcase is restated as one: "Suitcase: Arrest X for ...".

Found by autogm simulate (dctp-2011, 16 players, random policy, run seed 31: game seed
1803714371): a police officer holding the Black Suitcase sent "Suitcase: Arrest Lynz for
disguising as Pisco"; autogm's restatement of it dropped the "Suitcase:" (an arrest has words
of its own), so the order it confirmed read as a real arrest, which the reader then refused
for its missing phase. Every order with words of its own (an arrest, APTX, a leader's kill,
Analyze, Temporary Disguise) keeps the lent slot it asks for.
"""

from __future__ import annotations

import pytest

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.orders.model import Order
from autogm.engine.phases import Phase
from autogm.engine.reading import read_pm
from autogm.engine.rules import load_ruleset

ROSTER = {"Abs": "Anokata", "Conia": "Vermouth", "Kleene": "Agasa", "Tak": "Takagi"}


@pytest.mark.parametrize(
    ("order", "restated"),
    [
        (
            Order(
                "Abs",
                "arrest",
                ("Kleene",),
                crime="kill",
                victim="Tak",
                via="suitcase",
                wording=WORDING,
            ),
            "Suitcase: Arrest Kleene for killing Tak",
        ),
        (
            Order("Abs", "aptx", ("Kleene",), role="Agasa", via="suitcase", wording=WORDING),
            "Suitcase: APTX Kleene as Agasa",
        ),
        (
            Order("Abs", "heal", ("Kleene",), via="suitcase", wording=WORDING),
            "Suitcase: Heal Kleene",
        ),
        (
            Order(
                "Abs",
                "arrest",
                ("Kleene",),
                crime="kill",
                victim="Tak",
                when=Phase.night(1),
                wording=WORDING,
            ),
            "Arrest Kleene for killing Tak on Night 1",
        ),
    ],
)
def test_using_the_black_suitcase_for_any_action_is_restated_as_the_suitcase(
    order: Order, restated: str
) -> None:
    """dctp-2011, Crimes: "Using the Black Suitcase for any action is not a crime, including
    using it to commit a crime. Considering that action never actually took place, it is not
    considered having happened" — so the restatement a player is sent must say it is the
    Suitcase's fake, never the real order."""
    assert order.canonical() == restated


def test_a_fake_arrest_through_the_suitcase_reads_back_as_restated() -> None:
    """Anokata: "Anokata can use the Black Suitcase during Night 1 for himself"; his fake
    arrest, written as autogm restates it, is read as the same fake arrest."""
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, Setup())
    state.phase = Phase.night(1)
    parsed = read_pm(state, "Abs", "Suitcase: Arrest Kleene for killing Tak")
    assert not parsed.rejected, parsed.rejected
    (order,) = parsed.accepted
    assert (order.ability, order.via) == ("arrest", "suitcase")
    assert order.canonical() == "Suitcase: Arrest Kleene for killing Tak"
