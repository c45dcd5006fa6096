"""Markup of older phpBB versions and of subsilver2, on pages derived from their templates."""

from __future__ import annotations

from datetime import UTC, datetime

from autogm.adapters.phpbb.pm import parse_pm_folder, parse_pm_view
from autogm.adapters.phpbb.topic import parse_topic_page
from autogm.adapters.web.dates import DateReader

from .conftest import NOW, page

DATES = DateReader()
PROSILVER_30 = "phpbb-3.0-prosilver-derived"
SUBSILVER2 = "phpbb-3.0-subsilver2-derived"


def test_phpbb30_prosilver_topic():
    topic = parse_topic_page(page("viewtopic_page1.html", PROSILVER_30), DATES, NOW)
    assert (topic.topic_id, topic.page, topic.pages) == ("2", 1, 2)
    assert topic.next_url == "./viewtopic.php?f=3&t=2&start=10"
    first, quoting, edited = topic.posts
    assert (first.author, first.author_id) == ("GameMaster", "2")
    assert (quoting.author, quoting.author_id) == ("PhoenixTears", "61")  # a link without a class
    assert first.posted_at == datetime(2026, 11, 22, 2, 57, tzinfo=UTC)  # text after &raquo;
    assert first.source.startswith("[b]Welcome to Mafia Round 1![/b]")
    assert "[i]Night 1 begins now.[/i]" in first.source
    assert quoting.text == "That vote is [u]very[/u] early. :)\n\nNoted."
    assert quoting.quotes == ("/vote Akonyl", "an uncited quote")
    assert "[code]Akonyl: 1\nKleene: 0[/code]" in edited.source
    assert edited.edited_at == datetime(2026, 11, 22, 2, 59, tzinfo=UTC)


def test_phpbb30_prosilver_inbox_unread_icon_and_relative_dates():
    folder = parse_pm_folder(page("pm_inbox.html", PROSILVER_30), DATES, NOW)
    assert [(m.id, m.unread) for m in folder.messages] == [("10", True), ("2", False), ("1", False)]
    assert [m.sent_at for m in folder.messages] == [
        datetime(2026, 11, 22, 2, 59, tzinfo=UTC),  # "Today, 02:59"
        datetime(2026, 11, 21, 23, 58, tzinfo=UTC),  # "Yesterday, 23:58"
        datetime(2026, 11, 21, 22, 58, tzinfo=UTC),  # "21 Nov 2026, 22:58"
    ]
    assert folder.percent_full == 6


def test_phpbb30_prosilver_pm():
    message = parse_pm_view(page("pm_view.html", PROSILVER_30), DATES, NOW)
    assert (message.id, message.author, message.author_id) == ("10", "Akonyl", "58")
    assert message.text == "Thanks! Also, I think [b]Jdash[/b] is mafia."
    assert message.quotes[0].startswith('[quote="Akonyl"]Arrest Abs')


def test_subsilver2_topic():
    topic = parse_topic_page(page("viewtopic.html", SUBSILVER2), DATES, NOW)
    assert (topic.topic_id, topic.title, topic.page, topic.pages, topic.next_url) == (
        "2",
        "Mafia Round 1",
        2,
        2,
        None,
    )
    abs_post, gm_post = topic.posts
    assert (abs_post.id, abs_post.author, abs_post.author_id) == ("12", "Abs", "59")
    assert abs_post.text == "I still [b]vote Akonyl[/b].\n\n[code]tally: Akonyl 2[/code]"
    assert abs_post.quotes == ("That vote is [u]very[/u] early.", "an uncited quote")
    assert abs_post.edited_at == datetime(2026, 11, 22, 3, 0, tzinfo=UTC)
    assert (gm_post.author, gm_post.author_id, gm_post.source) == (
        "GameMaster",
        "2",
        "Day 2 begins. :)",
    )
    assert gm_post.posted_at == datetime(2026, 11, 22, 3, 1, tzinfo=UTC)


def test_subsilver2_pm():
    message = parse_pm_view(page("pm_view.html", SUBSILVER2), DATES, NOW)
    assert (message.id, message.subject, message.author, message.author_id) == (
        "5",
        "Investigate Pofa",
        "Sørina",
        "71",
    )
    assert message.recipients == ("GameMaster",)
    assert message.text == "[b]Investigate:[/b] Pofa\n\n[color=red]urgent[/color]"
