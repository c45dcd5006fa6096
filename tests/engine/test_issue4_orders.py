"""The words of the information, disguise, item and travel orders, as players write them."""

from __future__ import annotations

import pytest

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.phases import Phase
from autogm.engine.reading import read_pm
from autogm.engine.rules import load_ruleset

ROSTER = {
    "Abs": "Anokata", "Conia": "Vermouth", "Kleene": "Agasa", "Jodie": "Jodie",
    "Tak": "Takagi", "Okiya": "Okiya", "Kogo": "Kogorou", "Ayumi": "Ayumi", "Hak": "Hakuba",
    "Sono": "Sonoko", "Yumi": "Yumi", "Yuki": "Yukiko", "Kid": "Kaitou Kid", "Bourbon": "Bourbon",
    "Haibara": "Haibara", "Calva": "Calvados",
}  # fmt: skip


def _state(phase: Phase, *, prep: bool = False):
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, None if prep else Setup())
    state.phase = phase
    return state


@pytest.mark.parametrize(
    ("author", "text", "phase", "wanted"),
    [
        ("Conia", "Disguise: Kleene, Tak, Okiya", Phase.prep(), "Disguise Kleene, Tak, Okiya"),
        ("Sono", "Friendship: Kleene, Tak, Okiya", Phase.prep(), "Friendship Kleene, Tak, Okiya"),
        ("Yumi", "Amor: Kleene, Tak, Okiya, Jodie", Phase.prep(), "Amor Kleene, Tak, Okiya, Jodie"),
        ("Hak", "Travel to Japan", Phase.prep(), "Travel"),
        ("Jodie", "Observe age Conia", Phase.night(1), "Observe age Conia"),
        ("Jodie", "Gender-observe Conia", Phase.night(1), "Observe gender Conia"),
        ("Tak", "Stake out Kleene", Phase.night(1), "Stake-out Kleene"),
        ("Okiya", "Detect: Shinichi is in the game", Phase.night(1), "Detect Shinichi"),
        (
            "Okiya",
            "SI Conia disguising as Ran during Prep",
            Phase.night(2),
            "Special Investigate Conia disguised as Ran on Prep",
        ),
        (
            "Kogo",
            "I want to Analyze my Interrogation from Night 1",
            Phase.day(2),
            "Analyze my interrogation from Night 1",
        ),
        ("Ayumi", "Identify Conia as Vermouth", Phase.day(1), "Identify Conia as Vermouth"),
        ("Haibara", "Follow Conia", Phase.day(1), "Follow Conia"),
        ("Kid", "Steal from Abs", Phase.night(1), "Steal from Abs"),
        (
            "Kleene",
            "Bow-tie Jodie alternatively Tak",
            Phase.day(1),
            "Bow-tie to Jodie (alternatively Tak)",
        ),
        (
            "Abs",
            "Black Suitcase Conia (alternatively Kleene)",
            Phase.day(1),
            "Black Suitcase to Conia (alternatively Kleene)",
        ),
        ("Abs", "Suitcase: heal Kleene", Phase.night(1), "Suitcase: Heal Kleene"),
        ("Calva", "Cover Conia", Phase.day(1), "Cover Conia"),
    ],
)
def test_issue4_orders_are_understood(author: str, text: str, phase: Phase, wanted: str) -> None:
    state = _state(phase, prep=phase.index == 0)
    # A sober Kogorou who interrogated on Night 1, for Analyze.
    state.players["Kogo"].conditions.pop("drunk", None)
    state.ext.interrogations[("Kogo", Phase.night(1).index)] = ("Abs", "Not BO")
    parsed = read_pm(state, author, text)
    assert not parsed.rejected, parsed.rejected
    assert [o.canonical() for o in parsed.accepted] == [wanted]


@pytest.mark.parametrize(
    ("author", "text", "phase", "reason"),
    [
        ("Jodie", "Observe Conia", Phase.night(1), "age"),
        ("Okiya", "SI Conia disguising as Ran", Phase.night(2), "names the phase"),
        ("Kogo", "Analyze my interrogation from Night 1", Phase.day(1), "sober"),
        ("Conia", "Disguise: Kleene", Phase.prep(), "3 different players"),
        ("Kleene", "Bow-tie Kleene", Phase.day(1), "yourself"),
    ],
)
def test_issue4_refusals_say_why(author: str, text: str, phase: Phase, reason: str) -> None:
    parsed = read_pm(_state(phase, prep=phase.index == 0), author, text)
    assert not parsed.accepted
    assert reason in parsed.rejected[0].reason


def test_an_order_on_a_traveler_abroad_does_not_tell_the_sender_he_is_abroad() -> None:
    """Who is abroad is not public (it tells a traveler's role): "If a traveler is targeted
    with an action while abroad, that action will fail" when the phase resolves, with no word
    when the order is sent. The traveler's own order is refused ("can't use actions besides
    Travel")."""
    state = _state(Phase.night(1))
    assert state.players["Hak"].has("abroad", state.phase)
    parsed = read_pm(state, "Tak", "Stake out Hak")
    assert [o.canonical() for o in parsed.accepted] == ["Stake-out Hak"]
    assert not any("Hak" in note or "Japan" in note for note in parsed.notes), parsed.notes
    own = read_pm(state, "Hak", "Interrogate Abs")
    assert not own.accepted
    assert "you are not in Japan" in own.rejected[0].reason, own.rejected
