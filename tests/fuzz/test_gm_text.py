"""Issue 19: "Every player-written text that a GM post or another player's PM carries is
rendered inert: no BBCode tag of the player's can open or close anything of the GM's, whatever
characters are hidden in it (escape rather than strip)."

The oracle (bbcode_oracle.tag_like) counts every place that could start a tag; the GM's text
must hold exactly the GM's own tags, and the player's words must all be there, as plain text.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from autogm.daemon.config.dates import DateStyle
from autogm.daemon.play import texts
from autogm.engine.orders.model import ParsedPM, Rejection
from autogm.engine.orders.votes import VoteCount
from autogm.engine.outcome import Notice
from autogm.engine.phases import Phase
from autogm.engine.render import render_notice
from autogm.engine.render.answers import render_acknowledgement
from autogm.engine.render.inert import TAG_BREAK, inert
from tests.fuzz.bbcode_oracle import tag_like
from tests.fuzz.strategies import hostile

UTC = ZoneInfo("UTC")
NEW_YEAR = datetime(2026, 1, 1, tzinfo=UTC)
FUZZ = settings(max_examples=150, deadline=None)
NAME = st.sampled_from(["Abs", "Kleene", "[b]Jd-[/b]", "Mr.\u200b Black Cat", "\u202eevil"])


def words_of(text: str) -> str:
    """What a reader sees of player text: its characters, invisible format characters and
    control characters (issue 28) aside; tabs and line breaks stay."""
    return "".join(
        ch
        for ch in text
        if unicodedata.category(ch) != "Cf" and (unicodedata.category(ch) != "Cc" or ch in "\t\n")
    )


@FUZZ
@given(hostile)
def test_inert_text_has_no_tag_and_keeps_every_word(text: str) -> None:
    shown = inert(text)
    assert tag_like(shown) == []
    assert shown.replace(TAG_BREAK, "") == words_of(text)


@FUZZ
@given(name=NAME, will=hostile)
def test_a_will_in_the_death_post_stays_inside_the_gms_quote(name: str, will: str) -> None:
    """templates.toml: will = "{player}'s will:\\n[quote]{will}[/quote]"."""
    for key, params in (
        ("death.will", {"player": name, "will": will}),
        ("erase.will", {"target": name, "will": will}),
        ("betrayal.will", {"player": name, "will": will}),
    ):
        post = render_notice(Notice(key, None, params))
        assert tag_like(post) == ["[q", "[/q"], post
        inside = post[post.index("[quote]") + 7 : post.rindex("[/quote]")]
        assert inside.replace(TAG_BREAK, "") == words_of(will)


@FUZZ
@given(fragment=hostile, reason=hostile)
def test_a_refused_fragment_is_quoted_back_inert(fragment: str, reason: str) -> None:
    parsed = ParsedPM("Abs", rejected=(Rejection(fragment, reason, "send it again"),))
    answer = render_acknowledgement(parsed, Phase.parse("Night 2"))
    assert tag_like(answer) == ["[q", "[/q"], answer


@FUZZ
@given(post=hostile, written=hostile, will=hostile, order=hostile)
def test_the_daemons_answers_quote_player_text_inert(
    post: str, written: str, will: str, order: str
) -> None:
    refused = texts.vote_refused_answer("g1", post, [(written, "no player is called that")])
    assert tag_like(refused) == ["[q", "[/q"], refused
    assert tag_like(texts.unreadable_answer(post)) == ["[q", "[/q"]
    assert tag_like(texts.orders_answer("Day 2", [order], will)) == []
    assert tag_like(texts.vote_by_non_player_answer("g1", post)) == ["[q", "[/q"]


@FUZZ
@given(st.lists(NAME | hostile.filter(bool), min_size=1, max_size=6, unique=True))
def test_names_in_the_vote_count_and_start_post_are_inert(names: list[str]) -> None:
    count = VoteCount.start(names)
    count, _ = count.apply(names[0], [])
    post = count.render_bbcode("Vote count, Day 1")
    # The GM's own: the title in bold, and the list of who is not voting in italics.
    assert tag_like(post) == ["[b", "[/b", "[i", "[/i"], post
    start = texts.start_post("g1", "dctp-2011", names, "Night 1", NEW_YEAR, DateStyle(UTC))
    plain = texts.start_post("g1", "dctp-2011", ["x"], "Night 1", NEW_YEAR, DateStyle(UTC))
    assert tag_like(start) == tag_like(plain)
