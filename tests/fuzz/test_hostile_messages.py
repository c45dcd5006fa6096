"""Issue 19: hostile PMs and topic posts: "no exception, no order from quoted text or for
another author ... every input under a time bound proportional to its size"."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.orders.names import NameMatcher
from autogm.engine.orders.parse import MAX_PM_CHARS
from autogm.engine.orders.votes import MAX_POST_CHARS, VoteProblem, read_votes
from autogm.engine.phases import Phase
from autogm.engine.reading import read_pm
from autogm.engine.rules import load_ruleset
from autogm.engine.state import GameState
from tests.fuzz import shapes
from tests.fuzz.strategies import hostile

ROSTER = {
    "Akonyl": "Shiratori", "Abs": "Gin", "Kleene": "Agasa", "Mr Black Cat": "Eisuke",
    "Jd-": "Araide", "Parkur": "Camel", "Conia": "Vermouth", "pofa": "Satou",
    "Night Owl": "Ran", "Dawn": "Kazuha",
}  # fmt: skip
FUZZ = settings(max_examples=150, deadline=None)
ORDERS = st.sampled_from([
    "Kill Kleene", "Interrogate Abs", "Investigate Abs kills Kleene", "Heal Akonyl",
    "vote Abs", "[vote]Abs[/vote]", "[b]vote: Kleene[/b]", "Arrest Abs for killing Kleene on "
    "Night 1", "Will: I was town", "Protect Dawn", "no lynch", "Slander Parkur",
])  # fmt: skip
AUTHORS = st.sampled_from(sorted(ROSTER))
MESSAGE = st.lists(ORDERS | hostile, max_size=8).map("\n".join)


def game(phase: str) -> GameState:
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, Setup())
    state.phase = Phase.parse(phase)
    return state


NIGHT, DAY = game("Night 2"), game("Day 2")
MATCHER = NameMatcher(sorted(ROSTER))


def no_quote(text: str) -> bool:
    return "quote" not in text.casefold()


@FUZZ
@given(author=AUTHORS, text=MESSAGE, night=st.booleans())
def test_any_pm_is_read_without_error_and_only_for_its_author(
    author: str, text: str, night: bool
) -> None:
    parsed = read_pm(NIGHT if night else DAY, author, text)
    assert all(order.actor == author for order in parsed.accepted)


@FUZZ
@given(author=AUTHORS, quoted=(ORDERS | hostile).filter(no_quote), night=st.booleans())
def test_no_order_comes_from_quoted_text(author: str, quoted: str, night: bool) -> None:
    for source in (f"[quote]{quoted}[/quote]", f'[quote="Abs"]{quoted}[/quote]thanks!'):
        parsed = read_pm(NIGHT if night else DAY, author, source)
        assert parsed.accepted == () and parsed.will is None, source


@FUZZ
@given(text=MESSAGE)
def test_any_post_is_read_for_votes_without_error(text: str) -> None:
    read_votes(text, MATCHER)


@FUZZ
@given(quoted=(ORDERS | hostile).filter(no_quote))
def test_no_vote_comes_from_quoted_text(quoted: str) -> None:
    assert read_votes(f"[quote]{quoted}[/quote]", MATCHER) == []


# The worst shapes found by hand and by the hostile-player audit, each as long as the limit
# allows. Reading is linear, so each takes milliseconds; the bound is generous for a loaded
# machine and still far below what a quadratic reading of the same text costs (seconds to a
# minute). benchmarks/bench_hostile.py measures them.
PM_SHAPES = {
    "commas": "Investigate " + ", ".join(["Abs"] * 3990),
    "bare commas": "Kill Abs" + "," * 19_000,
    "spaced name": "Kill " + ", ".join(["Mr Black Cat"] * 1400),
    "joiners": " and ".join(["interrogate Abs"] * 1000),
    "list": "Investigate:\n" + "\n".join(["- Abs kills Kleene"] * 1000),
    "unclosed code": "[code]" * 3300,
    "nested quotes": "[quote]a" * 1200 + "[/quote]" * 1200,
    "text": "Interrogate Abs. " + "lorem ipsum " * 1600,
    "bold openers": "[b]" * 6600,
    # What follows an unvote is read again as an order (issue 11): repeats must not be.
    "unvotes": "unvote " * 2850,
    "unvote then words": "unvote x vote " * 1420,
    "phase labels": "Night 2: " * 2200 + "kill Abs",
    "second choices": "Kill Abs. or Kleene. " * 950,
}  # fmt: skip
POST_SHAPES = {
    "vote openers": "[vote]" * 10_000,
    "bold openers": "[b]" * 20_000,
    "unvote openers": "[unvote]" * 7_000 + "[/unvote]",
    "closers": "[b]x[/vote]" * 5_000,
    "unclosed code": "[code]" * 10_000,
}  # fmt: skip


@pytest.mark.parametrize("shape", sorted(PM_SHAPES))
def test_a_pm_at_the_size_limit_is_read_in_linear_time(shape: str) -> None:
    text = PM_SHAPES[shape]
    assert len(text) <= MAX_PM_CHARS
    started = time.perf_counter()
    read_pm(NIGHT, "Abs", text)
    assert time.perf_counter() - started < 3.0


@pytest.mark.parametrize("shape", sorted(POST_SHAPES))
def test_a_post_at_the_size_limit_is_read_in_linear_time(shape: str) -> None:
    text = POST_SHAPES[shape]
    assert len(text) <= MAX_POST_CHARS
    started = time.perf_counter()
    read_votes(text, MATCHER)
    assert time.perf_counter() - started < 3.0


@pytest.mark.parametrize("name", sorted(shapes.SHAPES))
def test_a_generated_message_at_the_size_limit_is_read_in_bounded_time(name: str) -> None:
    """Issue 27: "any message under the size limits (20,000-char PM, 60,000-char post) in
    under 0.5 s whatever its shape". The bound here is generous for a loaded machine;
    benchmarks/bench_hostile.py measures each shape against 0.5 s."""
    shape = shapes.SHAPES[name]
    shapes.read(shape, shapes.text_of(name, 2000, seed=1))  # the patterns compiled once
    text = shapes.text_of(name)
    assert len(text) <= shape.limit
    started = time.perf_counter()
    parsed = shapes.read(shape, text)
    assert time.perf_counter() - started < 3.0
    assert all(order.actor != "Stranger" for order in parsed.accepted)


def test_a_non_players_long_post_gets_one_answer_and_no_order() -> None:
    """A public order from someone who is not playing: answered once, never a traceback."""
    text = shapes.text_of("outsider's post")
    parsed = shapes.read(shapes.SHAPES["outsider's post"], text)
    assert parsed.accepted == ()
    ((refusal),) = parsed.rejected
    assert "Stranger is not playing in this game" in refusal.reason


def test_a_pm_over_the_limit_is_not_read_and_the_answer_says_why() -> None:
    parsed = read_pm(NIGHT, "Abs", "Kill Kleene. " + "x" * MAX_PM_CHARS)
    assert parsed.accepted == ()
    (refusal,) = parsed.rejected
    assert "autogm reads at most 20,000 characters" in refusal.reason
    assert refusal.fix == "send your orders, and your will, in a shorter message"


def test_a_post_over_the_limit_is_refused_with_the_reason() -> None:
    (mark,) = read_votes("[vote]Abs[/vote]" + "x" * MAX_POST_CHARS, MATCHER)
    assert mark.problem is VoteProblem.TOO_LONG


def test_a_will_over_the_limit_is_refused_and_the_earlier_stands() -> None:
    """Option will_max_length (docs/rulings.md, "Will"): "give wills a length limit with a
    clear answer to the player"."""
    parsed = read_pm(NIGHT, "Abs", "Kill Kleene\nWill: " + "I was town. " * 200)
    assert parsed.will is None
    assert [o.ability for o in parsed.accepted] == ["kill"]
    assert "your will is 2,399 characters long and the limit in this game is 2,000" in (
        parsed.rejected[-1].reason
    )
    assert read_pm(NIGHT, "Abs", "Will: " + "I was town. " * 100).will is not None


def test_hidden_characters_are_said_in_the_answer() -> None:
    """Issue 19: "Look-alike letters and invisible characters folded into a player's name are
    said in the answer"."""
    parsed = read_pm(NIGHT, "Abs", "Kill Kle\u200bene")
    assert [o.targets for o in parsed.accepted] == [("Kleene",)]
    assert any("1 invisible character" in note for note in parsed.notes)
