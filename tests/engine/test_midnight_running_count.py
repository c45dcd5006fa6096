"""The running count of midnight's Council mid-Day (issue 32, item 4).

docs/rulings.md, "midnight: the running count by Day": the count mid-Day shows each vote
declared in the topic with the voting power the open roles give (Authority "his vote counts as
two", Despotism "+0.5", saved votes spent with Blackmail material, VIP "only vote against you
with one vote") and the votes added in the open (Accuse, Revolt); the votes added or taken
covertly (Jury duty "covertly gets 1 vote against itself", Whist, Slippery bastard) wait for
the Council's count at the end of the Day.
"""

from __future__ import annotations

from fractions import Fraction

from autogm.engine.families.midnight.family import new_game
from autogm.engine.families.midnight.running import running_count
from autogm.engine.render.templates import say
from autogm.engine.rules import RULESETS
from autogm.engine.session import GameSession

MIDNIGHT = RULESETS["midnight"]
ROSTER = {
    "H": "Civilian",
    "P": "Cop",
    "Pro": "Officer",
    "R": "Detective",
    "M": "Vigilante",
    "T": "Agent",
    "Civ": "Civilian",
    "K": "Killer",
    "B": "Boss",
    "Psy": "Psycho",
}
DAYLIGHT = {
    "H": "Honcho",
    "P": "Politician",
    "Pro": "Prosecutor",
    "R": "Rebel",
    "M": "Millionaire",
    "T": "Tattletale",
}


def _day_two() -> GameSession:
    session = GameSession(new_game(MIDNIGHT, ROSTER, 1, {"daylight": DAYLIGHT}))
    session.open()
    session.close()  # Night 1
    session.receive("R", "[ooc]Revolt B[/ooc]", public=True)  # +1.5 at the next Day's Council
    session.close()  # Day 1: nobody voted; the Tattletale saves his vote
    session.receive("Civ", "Jury duty K")  # covert: +1 against K at Day 2's Council
    session.close()  # Night 2
    for author, post in [
        ("H", "[ooc]Vote M[/ooc]"),  # a Honcho's 2 count 1 against the Millionaire
        ("P", "[ooc]Vote B[/ooc]"),  # Despotism: 1.5
        ("Pro", "[ooc]Accuse K[/ooc] [ooc]Vote K[/ooc]"),
        ("T", "[ooc]Vote K[/ooc] [ooc]Blackmail material 1[/ooc]"),
        ("K", "[ooc]Vote peace[/ooc]"),
        ("B", "[ooc]Vote Psy[/ooc]"),  # Slippery bastard takes 2 from it, covertly
    ]:
        parsed = session.receive(author, post, public=True)
        assert not parsed.rejected, (author, parsed.rejected)
    return session


def test_the_running_count_shows_public_votes_and_power_and_nothing_covert() -> None:
    session = _day_two()
    count = running_count(session.state, session.pending.values())
    assert count is not None
    assert count.totals() == {
        "K": Fraction(6),  # Pro 1, T 2 (a saved vote spent), Accuse +3; not the Jury's +1
        "B": Fraction(3),  # P 1.5, Revolt +1.5
        "M": Fraction(1),  # VIP: the Honcho's vote counts one
        "Psy": Fraction(1),  # Slippery bastard is not counted yet
        "peace": Fraction(1),
    }
    assert count.not_voting == ("Civ", "M", "Psy", "R")
    text = count.render_bbcode("Vote count, Day 2")
    assert text.splitlines() == [
        "[b]Vote count, Day 2[/b]",
        "[b]K[/b] 6: Pro, T (2), Accuse +3",
        "[b]B[/b] 3: P (1.5), Revolt +1.5",
        "[b]M[/b] 1: H",
        "[b]Psy[/b] 1: B",
        "[b]peace[/b] 1: K",
        "[i]Not voting (4): Civ, M, Psy, R[/i]",
        say("vote_count.midnight_note"),
    ]
    assert "Jury" not in text and "Slippery" not in text and "Civ (" not in text


def test_the_council_count_differs_from_the_running_one_by_the_covert_votes_alone() -> None:
    session = _day_two()
    running = running_count(session.state, session.pending.values())
    assert running is not None
    outcome = session.close()
    council = outcome.lynch
    assert council is not None
    # Jury duty +1 on K; Slippery bastard -2 on Psy (no one dead yet) takes it below zero.
    assert council.votes == {"K": 7, "B": 3, "M": 1, "peace": 1}
    assert {k: v for k, v in running.totals().items() if k not in ("K", "Psy")} == {
        k: v for k, v in council.votes.items() if k != "K"
    }


def test_no_running_count_at_night() -> None:
    session = GameSession(new_game(MIDNIGHT, ROSTER, 1, {"daylight": DAYLIGHT}))
    assert running_count(session.state, session.pending.values()) is None


def test_a_vote_that_can_no_longer_count_leaves_the_running_count() -> None:
    """Joker, All-in: "Otherwise you are removed from the game": his vote, and the votes for
    him, will not count at the Council (``vote: failed``), so the count drops them."""
    roster = {"J": "Joker", "A": "Officer", "K": "Killer", "B": "Boss", "C": "Cop"}
    session = GameSession(new_game(MIDNIGHT, roster, 1, {}))
    session.open()
    session.close()  # Night 1
    session.receive("J", "[ooc]Vote K[/ooc]", public=True)
    session.receive("A", "[ooc]Vote J[/ooc]", public=True)
    session.receive("C", "[ooc]Vote K[/ooc]", public=True)
    count = running_count(session.state, session.pending.values())
    assert count is not None and count.totals() == {"K": 2, "J": 1}
    session.receive(
        "J", "[ooc]All-in: A as Cop, K as Killer, B as Boss, C as Officer[/ooc]", public=True
    )
    count = running_count(session.state, session.pending.values())
    assert count is not None and count.totals() == {"K": 1}
    assert count.not_voting == ("A", "B", "K")
