"""Public votes in topic posts and the running vote count."""

from __future__ import annotations

import pytest

from autogm.engine.orders.names import MatchKind, NameMatcher
from autogm.engine.orders.votes import (
    NO_LYNCH,
    VoteCount,
    VoteKind,
    VoteMark,
    VoteProblem,
    read_votes,
)

PLAYERS = ["Akonyl", "Abs", "Kleene", "Jd-", "Conia", "Mr. Black Cat", "Müller", "Saito", "Satou"]
MATCHER = NameMatcher(PLAYERS)
VOTE, UNVOTE = VoteKind.VOTE, VoteKind.UNVOTE


def summary(source: str) -> list[tuple[str, str | None]]:
    return [
        (mark.kind.value, mark.target if mark.kind is VOTE else None)
        for mark in read_votes(source, MATCHER)
        if not mark.is_rejected
    ]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("[vote]Abs[/vote]", [("vote", "Abs")]),
        ("I think it's him. [vote]abs[/vote] Sorry Abs.", [("vote", "Abs")]),
        ("[VOTE]Mr. Black Cat[/VOTE]", [("vote", "Mr. Black Cat")]),
        ("[vote]muller[/vote]", [("vote", "Müller")]),
        ("[b]vote: Kleene[/b]", [("vote", "Kleene")]),
        ("[b]Vote Kleene[/b]", [("vote", "Kleene")]),
        ("[b]VOTE - Kleene.[/b]", [("vote", "Kleene")]),
        ("[b]vote:Jd-[/b]", [("vote", "Jd-")]),
        ("[b]vote for Conia[/b]", [("vote", "Conia")]),
        ("[b]lynch Conia[/b]", [("vote", "Conia")]),
        ("[b]unvote[/b]", [("unvote", None)]),
        ("[b]Unvote.[/b]", [("unvote", None)]),
        ("[unvote][/unvote]", [("unvote", None)]),
        ("[b]unvote, vote: Abs[/b]", [("unvote", None), ("vote", "Abs")]),
        ("[vote]no lynch[/vote]", [("no_lynch", None)]),
        ("[b]vote: No Lynch[/b]", [("no_lynch", None)]),
        ("[vote]nolynch[/vote]", [("no_lynch", None)]),
        # colour and size around or inside
        ("[color=red][b]VOTE: Abs[/b][/color]", [("vote", "Abs")]),
        ("[size=150][b]vote [color=#FF0000]Abs[/color][/b][/size]", [("vote", "Abs")]),
        ("[b][color=red]vote: Abs[/color][/b]", [("vote", "Abs")]),
        ("[vote][b]Abs[/b][/vote]", [("vote", "Abs")]),
        ("[b][vote]Abs[/vote][/b]", [("vote", "Abs")]),
        # several votes in one post, in order
        (
            "[vote]Abs[/vote] ... changed my mind [b]unvote[/b] [vote]Kleene[/vote]",
            [("vote", "Abs"), ("unvote", None), ("vote", "Kleene")],
        ),
        # a code block holds the author's own words, as in a PM (docs/rulings.md, issue 19)
        ("[code][vote]Abs[/vote][/code]", [("vote", "Abs")]),
        # no votes: quotes, chatter, struck-through votes, bold chatter
        ('[quote="Abs"][vote]Kleene[/vote][/quote]', []),
        ('[quote="Jd-"][quote="Abs"][b]vote: Kleene[/b][/quote][/quote]', []),
        ("I vote Abs, everyone vote Abs!", []),
        ("vote: Abs", []),
        ("[b]Important:[/b] we should vote Abs today", []),
        ("[b]vote[/b] today, people!", []),
        ("[s][vote]Abs[/vote][/s]", []),
        ("[i]vote Abs[/i]", []),
    ],
)
def test_read_votes(source: str, expected: list[tuple[str, str | None]]) -> None:
    assert summary(source) == expected


def test_a_typo_vote_says_how_it_was_read() -> None:
    (mark,) = read_votes("[b]vote: Akonly[/b]", MATCHER)
    assert (mark.kind, mark.target, mark.written) == (VOTE, "Akonyl", "Akonly")
    assert mark.match is not None
    assert mark.match.kind is MatchKind.FUZZY
    assert mark.match.is_reading


@pytest.mark.parametrize(
    ("source", "written", "problem", "candidates"),
    [
        ("[vote]Zorro[/vote]", "Zorro", VoteProblem.UNKNOWN_NAME, ()),
        ("[vote]Saitou[/vote]", "Saitou", VoteProblem.AMBIGUOUS_NAME, ("Saito", "Satou")),
        ("[vote][/vote]", "", VoteProblem.EMPTY, ()),
        ("[b]vote Abs because he lied[/b]", "Abs because he lied", VoteProblem.UNKNOWN_NAME, ()),
    ],
)
def test_unrecognised_votes_are_kept_as_refused_marks(
    source: str, written: str, problem: VoteProblem, candidates: tuple[str, ...]
) -> None:
    (mark,) = read_votes(source, MATCHER)
    assert (mark.written, mark.problem, mark.is_rejected, mark.choice) == (
        written,
        problem,
        True,
        None,
    )
    assert (mark.match.candidates if mark.match else ()) == candidates


def test_an_exact_player_name_beats_no_lynch() -> None:
    matcher = NameMatcher(["No Lynch", "Abs"])
    (mark,) = read_votes("[vote]no lynch[/vote]", matcher)
    assert (mark.kind, mark.target) == (VOTE, "No Lynch")
    (mark,) = read_votes("[vote]no lynch[/vote]", NameMatcher(["No Lynch Larry", "Abs"]))
    assert mark.kind is VoteKind.NO_LYNCH


ALIVE = ["Akonyl", "Abs", "Kleene", "Jd-", "Conia"]


def post(count: VoteCount, voter: str, source: str) -> tuple[VoteCount, list[VoteMark]]:
    return count.apply(voter, read_votes(source, MATCHER))


def test_last_vote_counts_and_unvote_clears() -> None:
    count = VoteCount.start(ALIVE)
    count, _ = post(count, "Akonyl", "[vote]Abs[/vote]")
    count, _ = post(count, "Kleene", "[vote]Abs[/vote]")
    count, _ = post(count, "Abs", "[vote]Akonyl[/vote]")
    count, _ = post(count, "Akonyl", "[b]vote: Conia[/b]")
    count, _ = post(count, "Kleene", "[b]unvote[/b]")
    assert count.tally() == {"Akonyl": ["Abs"], "Conia": ["Akonyl"]}
    assert count.vote_of("Kleene") is None
    assert count.vote_of("Akonyl") == "Conia"
    assert count.not_voting() == ["Conia", "Jd-", "Kleene"]


def test_tally_is_sorted_by_count_then_name_with_voters_in_casting_order() -> None:
    count = VoteCount.start(ALIVE)
    for voter, source in [
        ("Kleene", "[vote]Jd-[/vote]"),
        ("Conia", "[vote]Abs[/vote]"),
        ("Akonyl", "[vote]Jd-[/vote]"),
        ("Jd-", "[vote]Conia[/vote]"),
        ("Abs", "[vote]no lynch[/vote]"),
    ]:
        count, refused = post(count, voter, source)
        assert refused == []
    assert list(count.tally().items()) == [
        ("Jd-", ["Kleene", "Akonyl"]),
        ("Abs", ["Conia"]),
        ("Conia", ["Jd-"]),
        (NO_LYNCH, ["Abs"]),
    ]


def test_votes_from_non_voters_and_for_non_targets_are_refused() -> None:
    count = VoteCount.start(ALIVE, targets=["Akonyl", "Abs", "Kleene"], allow_no_lynch=False)
    count, refused = post(count, "Mr. Black Cat", "[vote]Abs[/vote]")
    assert [m.problem for m in refused] == [VoteProblem.NOT_A_VOTER]
    count, refused = post(count, "Akonyl", "[vote]Conia[/vote]")
    assert [m.problem for m in refused] == [VoteProblem.NOT_A_TARGET]
    count, refused = post(count, "Akonyl", "[vote]no lynch[/vote]")
    assert [m.problem for m in refused] == [VoteProblem.NO_LYNCH_NOT_ALLOWED]
    count, refused = post(count, "Akonyl", "[vote]Zorro[/vote]")
    assert [m.problem for m in refused] == [VoteProblem.UNKNOWN_NAME]
    assert count.tally() == {}


def test_a_refused_vote_leaves_the_previous_vote_standing() -> None:
    count = VoteCount.start(ALIVE)
    count, _ = post(count, "Akonyl", "[vote]Abs[/vote]")
    count, refused = post(count, "Akonyl", "[vote]Zorro[/vote]")
    assert len(refused) == 1
    assert count.vote_of("Akonyl") == "Abs"


def test_a_vote_count_is_a_value() -> None:
    empty = VoteCount.start(ALIVE)
    after, _ = post(empty, "Akonyl", "[vote]Abs[/vote]")
    assert empty.tally() == {}
    assert after.tally() == {"Abs": ["Akonyl"]}
    again, _ = post(empty, "Akonyl", "[vote]Abs[/vote]")
    assert again == after
    assert hash(again) == hash(after)


def test_render_bbcode() -> None:
    count = VoteCount.start(ALIVE)
    for voter, source in [
        ("Kleene", "[vote]Jd-[/vote]"),
        ("Akonyl", "[vote]Jd-[/vote]"),
        ("Abs", "[vote]no lynch[/vote]"),
    ]:
        count, _ = post(count, voter, source)
    assert count.render_bbcode("Vote count, Day 2") == (
        "[b]Vote count, Day 2[/b]\n"
        "[b]Jd-[/b] (2): Kleene, Akonyl\n"
        "[b]No Lynch[/b] (1): Abs\n"
        "[i]Not voting (2): Conia, Jd-[/i]"
    )


def test_render_bbcode_of_an_empty_count() -> None:
    assert VoteCount.start(["Abs"]).render_bbcode() == (
        "[b]Vote count[/b]\n[i]Not voting (1): Abs[/i]"
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        # Blind round 13 (the multitasker's "sry was driving ... ##vote Brisket"): Markdown's
        # emphasis is as deliberate a mark as [b]: a heading line and a **bold** span.
        ("sry was driving, catching up\nAbs tripped over his claim\n##vote Abs", [("vote", "Abs")]),
        ("# Vote: Kleene", [("vote", "Kleene")]),
        ("## VOTE Conia ##", [("vote", "Conia")]),
        ("ok so **vote Abs** for now", [("vote", "Abs")]),
        ("__unvote__", [("unvote", None)]),
        # Near misses: emphasis that is no vote, a "#" inside a line, plain words.
        ("**Abs** is lying", []),
        ("Abs is my #1 suspect, vote Abs", []),
        ("## Day 2 thoughts\nAbs is scummy", []),
    ],
)
def test_markdown_emphasis_is_a_deliberate_mark(source: str, expected: list) -> None:
    assert summary(source) == expected
