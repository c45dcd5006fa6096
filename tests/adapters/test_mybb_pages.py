"""The MyBB adapter's readers on captured MyBB 1.8.37 pages: kinds, errors, threads and the
parts of merged posts, PM folders and PMs, dates in the account's zone and format, and the
MyCode MyBB stores (the trimmed ends of a post, the parts of a merged one)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from bs4 import BeautifulSoup

from autogm.adapters.base import (
    BoardDisabled,
    FloodLimited,
    FormExpired,
    LoginFailed,
    NoPermission,
    NotFound,
    SessionExpired,
    UnrecognisedPage,
)
from autogm.adapters.mybb import mycode
from autogm.adapters.mybb.dates import calibrate, date_text, skew
from autogm.adapters.mybb.errors import error_for_box, error_for_form, error_for_login
from autogm.adapters.mybb.pages import message_box, page_info, page_kind, parse_memberlist
from autogm.adapters.mybb.pm import parse_pm_folder, parse_pm_view
from autogm.adapters.mybb.thread import order, parse_thread_page, split_id
from autogm.adapters.web.urls import redact

from .conftest import PAGES

CAPTURED = PAGES / "mybb-1.8.37"
DERIVED = PAGES / "mybb-1.8.37-derived"
NOW = datetime(2026, 11, 27, 15, 5, 30, tzinfo=UTC)  # the captured pages' clock
LATER = datetime(2026, 11, 27, 17, 30, 30, tzinfo=UTC)  # the derived pages' clock
DATES = calibrate("11-27-2026, 03:05 PM", NOW)
MARKER = "\u200b\u200c\u200d\u2060" * 4
# The kind of each page of index.json's templates (a real 302 has no body at all).
KINDS = {
    "member_login": "login_form",
    "error": "message",
    "redirect": "redirect",
    "index": "index",
    "forumdisplay": "forum",
    "newreply": "posting_form",
    "newthread": "posting_form",
    "editpost": "posting_form",
    "private_send": "pm_compose_form",
    "private": "pm_folder",
    "private_read": "pm_view",
    "showthread": "topic",
    "printthread": "print_view",
    None: "unknown",
}
ERRORS = {
    "error_board_closed_player.html": BoardDisabled,
    "error_board_closed_player_pm_inbox.html": BoardDisabled,
    "error_edit_others_post.html": NoPermission,
    "error_not_logged_in_pm_inbox.html": SessionExpired,
    "error_not_logged_in_reply.html": SessionExpired,
    "error_pm_not_exist.html": NotFound,
    "error_thread_not_exist.html": NotFound,
    "login_bad_post_key.html": SessionExpired,  # a guest's key refused: log in again
    "newreply_bad_post_key.html": FormExpired,
    "pm_bad_post_key.html": FormExpired,
}


def _page(name: str, folder=CAPTURED) -> str:
    return (folder / name).read_text(encoding="utf-8")


def _soup(name: str, folder=CAPTURED) -> BeautifulSoup:
    return BeautifulSoup(_page(name, folder), "lxml")


INDEX = json.loads((CAPTURED / "index.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", INDEX, ids=[entry["file"] for entry in INDEX])
def test_every_captured_page_is_of_the_kind_its_template_names(entry):
    assert page_kind(_soup(entry["file"])) == KINDS[entry.get("template")]


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_error_pages_are_named_errors(name):
    soup = _soup(name)
    box = message_box(soup)
    assert box is not None
    assert type(error_for_box(box, page_info(soup))) is ERRORS[name]


def test_a_refused_form_says_why_and_a_flood_how_long():
    flood = error_for_form(page_info(_soup("pm_flood_error.html")).form_errors)
    assert isinstance(flood, FloodLimited) and flood.wait_seconds == 61
    posts = error_for_form(page_info(_soup("newreply_flood_error.html")).form_errors)
    assert isinstance(posts, FloodLimited) and posts.wait_seconds == 61
    unknown = error_for_form(page_info(_soup("pm_unknown_recipient.html")).form_errors)
    assert isinstance(unknown, NotFound) and "Nobody Here" in str(unknown)
    wrong = error_for_login(page_info(_soup("login_wrong_password.html")).form_errors)
    assert isinstance(wrong, LoginFailed)


def test_every_page_says_who_reads_it_and_the_board_clock():
    gm = page_info(_soup("showthread_gm.html"))
    assert (gm.logged_in, gm.username, gm.user_id) == (True, "GM", "1")
    assert gm.post_key and gm.current_time == "11-27-2026, 03:05 PM"
    guest = page_info(_soup("showthread_guest.html"))
    assert not guest.logged_in and guest.username is None
    assert page_info(_soup("board_closed_gm_index.html")).board_closed_notice


def test_a_thread_reads_oldest_first_and_a_merged_post_as_parts():
    page = parse_thread_page(_page("showthread_gm.html"), DATES, NOW)
    assert (page.topic_id, page.forum_id, page.page, page.pages) == ("1", "2", 1, 1)
    assert [post.id for post in page.posts] == ["1", "2", "3", "4", "4.2", "5"]
    assert page.parts == {"1": 1, "2": 1, "3": 1, "4": 2, "5": 1}
    kleene, merged = page.posts[3], page.posts[4]
    assert (kleene.author, kleene.text) == ("Kleene", "Kleene here. [b]Vote: Akonyl[/b]")
    assert merged.text == "Also: [b]Unvote[/b]. [b]Vote: Pofa[/b]" and merged.edited_at
    # A quote is someone else's words: not in the author's text, and its date is no name.
    quoting = page.posts[-1]
    assert quoting.source.startswith('[quote="Akonyl"]') and "Vote: Abs" not in quoting.text
    assert quoting.author == "Sørina" and "ça suffit" in quoting.text
    # The GM's name sits in group styling: the text is the name.
    assert page.posts[0].author == "GM" and page.posts[0].author_id == "1"
    assert page.reply_form is not None and page.reply_form.value("lastpid") == "5"


def test_a_thread_over_pages_says_where_the_next_one_is():
    first = parse_thread_page(_page("showthread_page1of2_gm.html", DERIVED), DATES, LATER)
    assert (first.page, first.pages) == (1, 2) and "page=2" in (first.next_url or "")
    second = parse_thread_page(_page("showthread_page2of2_gm.html", DERIVED), DATES, LATER)
    assert (second.page, second.pages, second.next_url) == (2, 2, None)
    ids = [post.id for post in first.posts + second.posts]
    assert "15.2" in ids and ids == sorted(ids, key=order)


def test_part_ids_order_after_their_post_and_before_the_next():
    assert split_id("41.2") == ("41", 2) and split_id("41") == ("41", 1)
    assert order("41") < order("41.2") < order("41.10") < order("42")


def test_pm_folders_list_newest_first_and_say_what_is_unread():
    inbox = parse_pm_folder(_page("pm_inbox_gm_after_read.html"), DATES, NOW)
    assert [(m.id, m.author, m.unread) for m in inbox.messages] == [
        ("3", "Sørina", False),
        ("5", "Big Tony", True),
        ("1", "Akonyl", False),
    ]
    assert inbox.messages[0].subject == 'Night 1: <Sørina> & "friends"'
    sent = parse_pm_folder(_page("pm_sent_items_page1_gm.html", DERIVED), DATES, LATER, True)
    assert len(sent.messages) == 20 and (sent.page, sent.pages) == (1, 2)
    assert sent.messages[0].id == "68" and sent.messages[0].author == "" and sent.next_url


def test_a_pm_reads_its_sender_recipients_and_words():
    pm = parse_pm_view(_page("pm_read_bbcode_nonascii.html"), "3", DATES, NOW)
    assert (pm.id, pm.author, pm.author_id, pm.recipients) == ("3", "Sørina", "11", ("GM",))
    assert pm.text.startswith("[b]Protect[/b] [i]Big Tony[/i] tonight.")
    assert pm.quotes == ("I am the doctor",) and "I am the doctor" not in pm.text
    assert "[code]x < y && y > z[/code]" in pm.text and "<b>not bold</b>" in pm.text
    assert "Smile" not in pm.text  # a smiley's name is no word of the message
    copy = parse_pm_view(_page("pm_read_sent_copy_gm.html", DERIVED), "68", DATES, LATER)
    assert copy.author == "GM" and copy.recipients
    # The outbox's marker, 16 zero-width characters, is kept by MyBB in a PM.
    assert re.search("[\u200b\u200c\u200d\u2060]{16}$", copy.source)


def test_members_are_found_by_name():
    users = parse_memberlist(_soup("memberlist_search_gm.html", DERIVED))
    assert [(u.name, u.id) for u in users] == [("Sørina", "11")]
    assert parse_memberlist(_soup("memberlist_search_none_gm.html", DERIVED)) == []


def test_dates_read_in_the_accounts_zone_and_format_from_the_page_clock():
    berlin = calibrate("27.11.2026, 16:05", NOW)
    assert berlin.formats[0] == "d.m.Y, H:i" and berlin.timezone.utcoffset(None) == timedelta(
        hours=1
    )
    assert berlin.parse("27.11.2026, 16:05", NOW) == NOW.replace(second=0)
    long = calibrate("Friday, November 27th, 2026, 09:35 pm", NOW)
    assert long.timezone.utcoffset(None) == timedelta(hours=6, minutes=30)
    # Day and month in either order: the one that reads today is taken.
    april = datetime(2026, 4, 3, 15, 5, tzinfo=UTC)
    assert calibrate("03-04-2026, 03:05 PM", april).formats[0] == "d-m-Y, h:i A"
    # A board clock ten minutes off ours is read all the same, and the skew told.
    slow = calibrate("11-27-2026, 02:55 PM", NOW)
    assert abs(skew(slow, "11-27-2026, 02:55 PM", NOW)) < 600
    with pytest.raises(UnrecognisedPage):
        calibrate("the fifth of never", NOW)


def test_relative_dates_read_as_their_titles():
    soup = BeautifulSoup(
        '<span><span title="11-27-2026">Today</span>, 03:05 PM</span>'
        '<i><span title="11-27-2026, 02:05 PM">1 hour ago</span></i>',
        "lxml",
    )
    today, hour = soup.find("span"), soup.find("i")
    assert date_text(today) == "11-27-2026, 03:05 PM"
    assert DATES.parse(date_text(hour), NOW) == datetime(2026, 11, 27, 14, 5, tzinfo=UTC)


def test_the_ends_mybb_would_trim_are_written_as_references():
    sent = mycode.keep_ends(f"Results\n{MARKER}\n")
    assert sent == "Results\n" + "".join(f"&#{ord(c)};" for c in MARKER)
    assert mycode.keep_ends("  plain  ") == "plain"


def test_a_merged_posts_source_splits_where_mybb_draws_the_rule():
    merged = mycode.split_parts(
        (DERIVED / "editpost_merged_form_kleene.html")
        .read_text("utf-8")
        .split('name="message"', 1)[1]
        .split(">", 1)[1]
        .split("</textarea>", 1)[0]
    )
    assert [part.strip() for part in merged] == ["Hmm, let me think.", "/in as Chef"]
    source = 'A [quote="x"]q[hr]q[/quote] [b]b[hr]b[/b]\n[hr]\nB [b] never closed [hr] C'
    assert len(mycode.split_parts(source)) == 3
    edited = mycode.replace_part(source, 2, "NEW")
    assert edited == 'A [quote="x"]q[hr]q[/quote] [b]b[hr]b[/b]\n[hr]\nNEW [hr] C'
    with pytest.raises(IndexError):
        mycode.replace_part(source, 4, "x")


def test_form_keys_never_reach_a_saved_page():
    text = _page("showthread_gm.html")
    assert "c7046e5def4870ee4f7ad3fd00cb1211" in text
    cleaned = redact(text)
    assert "c7046e5def4870ee4f7ad3fd00cb1211" not in cleaned
    assert "23335254b759a78c4a3630fa0d58de45" not in cleaned  # the logout key
