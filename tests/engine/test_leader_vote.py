"""Classic's leader vote: the count of the worked example and the reading of a ranking PM.

Leader: "If Anokata is not present in a game (or was killed) the BO will choose a Leader ...
So each player PMs the GM with a ranking." "Example: Conia votes:Akonyl (Vodka), Conia (Korn),
Pofa (Gin); Akonyl votes: Conia (Korn), Akonyl (Vodka), Pofa (Gin); Pofa votes: Pofa (Gin),
Conia (Korn), Akonyl (Vodka). Then the ranking would be: Conia(Korn), Akonyl (Vodka),
Pofa(Gin)." (docs/rulings.md, "The Black Org's leader vote")
"""

from __future__ import annotations

import pytest

from autogm.engine.families.dctp.abilities.leader import count, tally, vote_open
from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.phases import Phase
from autogm.engine.reading import read_pm
from autogm.engine.rules import load_ruleset
from autogm.engine.state import GameState, Status

ROSTER = {
    "Pofa": "Gin",
    "Akonyl": "Vodka",
    "Conia": "Korn",
    "Kleene": "Heiji",
    "Ctu": "Takagi",
    "xpon": "Araide",
}
EXAMPLE = [
    ("Akonyl", "Conia", "Pofa"),
    ("Conia", "Akonyl", "Pofa"),
    ("Pofa", "Conia", "Akonyl"),
]
MEMBERS = ("Pofa", "Akonyl", "Conia")  # the role list's order: Gin, Vodka, Korn


def game(roster: dict[str, str] | None = None, **options: str) -> GameState:
    ruleset = load_ruleset("dctp-classic", options or None)
    state = new_game(ruleset, roster or ROSTER, 1, Setup())
    state.phase = Phase.parse("Day 1")
    return state


def role_list(name: str) -> int:
    return MEMBERS.index(name)


@pytest.mark.parametrize("method", ["places", "pairwise"])
def test_the_worked_example_gives_conia_akonyl_pofa(method: str) -> None:
    """ "Then the ranking would be: Conia(Korn), Akonyl (Vodka), Pofa(Gin)." Both counts give
    it (sum of places 5, 6, 7; head to head Conia beats both, Akonyl beats Pofa)."""
    assert count(EXAMPLE, MEMBERS, method, role_list) == ("Conia", "Akonyl", "Pofa")


def test_a_tie_of_places_goes_to_more_first_places_then_the_role_list() -> None:
    """Ruling: equal sums of places are settled by more first places, then more second
    places; what the ballots leave equal goes to "the ranking according to the role list"."""
    # Sums: Pofa 1+3=4, Akonyl 3+1=4, Conia 2+2=4; Pofa and Akonyl one first place each.
    ballots = [("Pofa", "Conia", "Akonyl"), ("Akonyl", "Conia", "Pofa")]
    assert count(ballots, MEMBERS, "places", role_list) == ("Pofa", "Akonyl", "Conia")
    assert count([], MEMBERS, "places", role_list) == MEMBERS


def test_pairwise_cycle_falls_back_to_places() -> None:
    """A cycle head to head (each beats one other) is settled as the places count settles
    it."""
    ballots = [
        ("Pofa", "Akonyl", "Conia"),
        ("Akonyl", "Conia", "Pofa"),
        ("Conia", "Pofa", "Akonyl"),
    ]
    assert count(ballots, MEMBERS, "pairwise", role_list) == MEMBERS


def test_a_dead_member_is_left_out_and_the_places_close_up() -> None:
    """ "In case Conia dies then Akonyl will become the new leader etc.": a ballot's later
    places move up past a member no longer free."""
    assert count(EXAMPLE, ("Pofa", "Akonyl"), "places", role_list) == ("Akonyl", "Pofa")


def test_missing_ballots_abstain_or_count_as_the_role_list() -> None:
    """Option ``leader_vote_missing``: a member who sends none is left out (abstain), or
    counted as ranking by the role list (role_list)."""
    state = game()
    state.ext.leader_ballots = {"Conia": ("Conia", "Akonyl", "Pofa")}
    assert tally(state) == ("Conia", "Akonyl", "Pofa")
    state = game(leader_vote_missing="role_list")
    state.ext.leader_ballots = {"Conia": ("Conia", "Akonyl", "Pofa")}
    # Conia 1+3+3 = 7, Akonyl 2+2+2 = 6, Pofa 3+1+1 = 5.
    assert tally(state) == ("Pofa", "Akonyl", "Conia")


def test_the_vote_is_open_only_without_a_free_anokata() -> None:
    """ "If Anokata is not present in a game (or was killed)"."""
    assert vote_open(game())
    state = game({**ROSTER, "Boss": "Anokata"})
    assert not vote_open(state)
    refused = read_pm(state, "Pofa", "Ranking: Boss, Pofa, Akonyl, Conia").rejected
    assert "not an ability of yours" in refused[0].reason
    state.players["Boss"].status = Status.DEAD
    assert vote_open(state)


@pytest.mark.parametrize(
    "text",
    [
        "Ranking: 1. Gin 2. Vodka 3. Korn",
        "Ranking:\n1. Pofa\n2. Akonyl\n3. Conia",
        "Ranking: Gin > Vodka > Korn",
        "Leader vote: Pofa, Akonyl and Conia",
        "my ranking is Pofa (Gin), Akonyl (Vodka), Conia (Korn)",
        "Rank: 2. Akonyl 1. Pofa 3. Conia",
        "Leader ranking: 1) Gin, 2) Akonyl, 3) Korn. Thanks!",
        "ranking: Gin -> Vodka -> Korn",
    ],
)
def test_a_ranking_in_everyday_forms_reads_as_one_ballot(text: str) -> None:
    parsed = read_pm(game(), "Akonyl", text)
    assert not parsed.rejected, parsed.rejected
    (order,) = parsed.accepted
    assert order.targets == ("Pofa", "Akonyl", "Conia")
    assert order.canonical() == "Leader Ranking: 1. Pofa, 2. Akonyl, 3. Conia"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Ranking: Gin > Vodka", "leaves out Conia (Korn)"),
        ("Ranking: Gin = Korn > Vodka", "no ties"),
        ("Ranking: 1. Gin 3. Korn 4. Vodka", "numbered 1, 2, 3"),
        ("Ranking: Gin, Vodka, Vodka, Korn", "ranked twice"),
        ("Ranking: Pofa, Kleene, Akonyl, Conia", "Kleene is not a member of the Black Org"),
        ("Ranking: Pofa (Korn), Akonyl, Conia", "Pofa is Gin"),
        ("Ranking: Pofa, Chianti, Conia", "no member of the Black Org is Chianti"),
        ("Ranking:", "first choice first"),
    ],
)
def test_an_incomplete_or_ambiguous_ranking_is_refused_with_the_reason(
    text: str, reason: str
) -> None:
    parsed = read_pm(game(), "Akonyl", text)
    assert not parsed.accepted, parsed.accepted
    assert len(parsed.rejected) == 1, parsed.rejected
    assert reason in parsed.rejected[0].reason, parsed.rejected[0].reason


def test_a_town_player_is_told_nothing_about_the_black_org() -> None:
    parsed = read_pm(game(), "Kleene", "Ranking: Pofa (Korn), Akonyl, Conia")
    (rejection,) = parsed.rejected
    assert "not an ability of yours" in rejection.reason
    assert "Gin" not in rejection.reason
