"""The page parsers on pages captured from a real phpBB 3.3.11 board: no HTTP at all."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from bs4 import BeautifulSoup

from autogm.adapters.base import UnrecognisedPage, User
from autogm.adapters.phpbb.pages import (
    message_box,
    page_info,
    page_kind,
    parse_memberlist,
    parse_profile,
    sent_message_id,
)
from autogm.adapters.phpbb.pm import parse_pm_folder, parse_pm_view
from autogm.adapters.phpbb.topic import parse_topic_page
from autogm.adapters.web.archive import PageArchive
from autogm.adapters.web.dates import DateReader
from autogm.adapters.web.forms import find_form

from .conftest import BASE, MARKER, NOW, page

DATES = DateReader()
DERIVED = "phpbb-3.3-prosilver-derived"


def soup(name: str) -> BeautifulSoup:
    return BeautifulSoup(page(name), "html.parser")


def test_game_topic_posts_have_ids_authors_times_and_texts():
    topic = parse_topic_page(page("viewtopic_round1_gm.html"), DATES, NOW)
    assert (topic.topic_id, topic.title, topic.page, topic.pages) == ("2", "Mafia Round 1", 1, 1)
    assert [post.id for post in topic.posts] == ["2", "3", "4", "5", "6", "7", "8", "33"]
    first = topic.posts[0]
    assert (first.author, first.author_id, first.topic) == ("GameMaster", "2", "2")
    assert first.posted_at == datetime(2026, 11, 22, 2, 57, 9, tzinfo=UTC)
    assert first.source.startswith("[b]Welcome to Mafia Round 1![/b]\n\nRules:\n[list]\n[*]Send")
    assert "[url=https://example.org/mafia-rules]Mafia rules wiki[/url]" in first.source


def test_quotes_are_kept_apart_from_the_authors_own_words():
    posts = {
        post.id: post
        for post in parse_topic_page(page("viewtopic_round1_gm.html"), DATES, NOW).posts
    }
    assert posts["7"].text == "That vote is [u]very[/u] early.\n\nNoted."
    assert posts["7"].quotes == ("/vote Akonyl", "I was asleep on Night 1.")
    assert '[quote="Abs"]/vote Akonyl[/quote]' in posts["7"].source
    assert posts["3"].text == "Good luck everyone! [b]Abs[/b] is looking suspicious already."
    assert posts["3"].quotes[0].startswith("[b]Welcome to Mafia Round 1![/b]")


def test_code_colour_emoji_smilies_and_escaped_html_survive_as_text():
    posts = {
        post.id: post
        for post in parse_topic_page(page("viewtopic_round1_gm.html"), DATES, NOW).posts
    }
    assert '[code]Akonyl: 1 (Abs)\nKleene: 0\n<none> & "quotes"[/code]' in posts["4"].source
    assert "https://example.org/mafia-rules#voting" in posts["4"].source
    assert "[list=1]\n[*]I am a [color=#0000ff]townie[/color]." in posts["5"].source
    assert (
        posts["6"].source
        == "Zażółć gęślą jaźń — I vote [b]Big Tony[/b] 😀 :) <b>not html</b> & more"
    )


def test_an_edited_post_says_when():
    posts = {
        post.id: post
        for post in parse_topic_page(page("viewtopic_round1_gm.html"), DATES, NOW).posts
    }
    assert posts["5"].edited_at == datetime(2026, 11, 22, 2, 57, tzinfo=UTC)
    assert all(post.edited_at is None for key, post in posts.items() if key != "5")


@pytest.mark.parametrize("viewer", ["player", "guest"])
def test_the_topic_reads_the_same_for_every_viewer(viewer):
    gm = parse_topic_page(page("viewtopic_round1_gm.html"), DATES, NOW)
    other = parse_topic_page(page(f"viewtopic_round1_{viewer}.html"), DATES, NOW)
    assert other.posts == gm.posts


@pytest.mark.parametrize(
    ("name", "number", "ids", "next_url"),
    [
        ("viewtopic_signups_page1.html", 1, range(9, 19), "./viewtopic.php?t=3&start=10"),
        ("viewtopic_signups_page2.html", 2, range(19, 29), "./viewtopic.php?t=3&start=20"),
        ("viewtopic_signups_page3.html", 3, range(29, 32), None),
        ("viewtopic_by_post_id.html", 2, range(19, 29), "./viewtopic.php?t=3&start=20"),
    ],
)
def test_pagination_gives_the_page_number_and_the_next_page(name, number, ids, next_url):
    topic = parse_topic_page(page(name), DATES, NOW)
    assert (topic.page, topic.pages, topic.next_url) == (number, 3, next_url)
    assert [post.id for post in topic.posts] == [str(i) for i in ids]
    assert all(post.page == number for post in topic.posts)


def test_inbox_lists_ids_senders_subjects_and_unread_state():
    folder = parse_pm_folder(page("pm_inbox_mixed_gm.html"), DATES, NOW)
    assert [m.id for m in folder.messages] == ["10", "6", "5", "4", "3", "2", "1"]
    assert [m.unread for m in folder.messages] == [True] * 5 + [False] * 2
    special = folder.messages[1]
    assert (special.author, special.author_id) == ("O'Neil", "72")
    assert special.subject == 'Ability: <block> & "roleblock"'
    assert special.sent_at == datetime(2026, 11, 22, 2, 59, tzinfo=UTC)
    assert (folder.page, folder.pages, folder.next_url, folder.percent_full) == (1, 1, None, 14)


def test_an_empty_inbox_is_an_empty_list():
    assert parse_pm_folder(page("pm_inbox_empty_gm.html"), DATES, NOW).messages == []


def test_sentbox_rows_name_no_author():
    folder = parse_pm_folder(page("pm_sentbox_gm.html"), DATES, NOW)
    assert [(m.id, m.author) for m in folder.messages] == [("8", ""), ("7", "")]


def test_sentbox_and_outbox_rows_give_the_time_they_were_sent():
    # Their rows read "To <names>" and carry the time in dd.info ("Sent: <date>"), not after "»".
    sent = datetime(2026, 11, 22, 2, 59, tzinfo=UTC)
    sentbox = parse_pm_folder(page("pm_sentbox_gm.html"), DATES, NOW)
    outbox = parse_pm_folder(page("pm_outbox_gm.html"), DATES, NOW)
    assert [(m.id, m.sent_at) for m in sentbox.messages] == [("8", sent), ("7", sent)]
    assert [(m.id, m.subject, m.sent_at) for m in outbox.messages] == [
        ("9", "Re: question about rules", sent)
    ]


def test_a_folder_of_several_pages_links_the_next_one():
    # phpBB 3.3 prints no "Page X of Y" once a list has several pages: the buttons tell.
    first = parse_pm_folder(page("pm_sentbox_gm_page1of2.html", DERIVED), DATES, NOW)
    last = parse_pm_folder(page("pm_sentbox_gm_page2of2.html", DERIVED), DATES, NOW)
    next_url = "./ucp.php?i=pm&mode=view&action=view_folder&f=-1&start=25"
    assert (first.page, first.pages, first.next_url) == (1, 2, next_url)
    assert (last.page, last.pages, last.next_url) == (2, 2, None)
    assert [m.sent_at for m in last.messages] == [datetime(2026, 11, 22, 2, 41, tzinfo=UTC)]


def test_the_outbox_marker_survives_a_pm_view():
    message = parse_pm_view(page("pm_view_9_outbox_marker.html", DERIVED), DATES, NOW)
    assert (message.id, message.recipients) == ("9", ("Big Tony",))
    assert message.source == message.text == "Yes, you may vote for yourself." + MARKER


def test_the_outbox_marker_survives_in_posts_and_stays_in_a_quote():
    # Derived in place from viewtopic_round1_gm.html: a marker ends post p33's text, and the
    # text PhoenixTears quotes carries one, as when a player quotes one of our posts.
    html = page("viewtopic_round1_gm.html")
    for old, new in [
        ("I am town, trust me.</div>", f"I am town, trust me.{MARKER}</div>"),
        ("<cite>Abs wrote:</cite>/vote Akonyl", f"<cite>Abs wrote:</cite>/vote Akonyl{MARKER}"),
    ]:
        assert html.count(old) == 1
        html = html.replace(old, new)
    posts = {post.id: post for post in parse_topic_page(html, DATES, NOW).posts}
    assert posts["33"].source == posts["33"].text == "I am town, trust me." + MARKER
    quoting = next(post for post in posts.values() if post.author == "PhoenixTears")
    assert quoting.quotes[0] == "/vote Akonyl" + MARKER and MARKER not in quoting.text


def test_a_plain_pm():
    message = parse_pm_view(page("pm_view_plain.html"), DATES, NOW)
    assert (message.id, message.author, message.author_id) == ("1", "Akonyl", "58")
    assert (message.subject, message.recipients) == ("Night 1 action", ("GameMaster",))
    assert message.sent_at == datetime(2026, 11, 22, 2, 58, tzinfo=UTC)
    assert message.text == message.source == "Arrest Abs for killing Kleene on Night 1"


def test_a_pm_quoting_a_pm_that_quotes_another():
    message = parse_pm_view(page("pm_view_quotes_earlier_pm.html"), DATES, NOW)
    assert message.text == "Thanks! Also, I think [b]Jdash[/b] is mafia."
    assert len(message.quotes) == 1
    assert message.quotes[0].startswith('[quote="Akonyl"]Arrest Abs for killing Kleene')
    assert message.source.startswith('[quote="GameMaster"][quote="Akonyl"]')


def test_a_pm_with_bbcode_and_a_non_ascii_sender():
    message = parse_pm_view(page("pm_view_bbcode_nonascii.html"), DATES, NOW)
    assert (message.author, message.author_id) == ("Sørina", "71")
    assert message.source == (
        "[b]Investigate:[/b] Pofa\n[quote]Ich möchte Pofa untersuchen — merci ![/quote]\n"
        "[color=red]urgent[/color] [i]please[/i] :)\n[code]target=Pofa[/code]"
    )
    assert message.quotes == ("Ich möchte Pofa untersuchen — merci !",)


def test_a_pm_with_html_special_characters():
    message = parse_pm_view(page("pm_view_html_special_chars.html"), DATES, NOW)
    assert message.subject == 'Ability: <block> & "roleblock"'
    assert message.source == "I'd like to roleblock <Parkur> & 'Conia' tonight."


def test_a_pm_to_two_recipients():
    message = parse_pm_view(page("pm_view_sent_multi_recipient.html"), DATES, NOW)
    assert message.recipients == ("Abs", "Jdash")
    assert message.author == "GameMaster"


@pytest.mark.parametrize("name", ["pm_view_nonexistent.html", "pm_view_wrong_folder.html"])
def test_a_missing_pm_is_not_read_as_a_message(name):
    with pytest.raises(UnrecognisedPage):
        parse_pm_view(page(name), DATES, NOW)
    assert message_box(soup(name)).text == "Private message could not be found."


def test_profiles_give_the_user_id():
    assert parse_profile(soup("memberlist_viewprofile_by_name.html")) == User("Sørina", "71")
    assert parse_profile(soup("memberlist_viewprofile_u60.html")) == User("Kleene", "60")
    assert parse_profile(soup("memberlist_viewprofile_unknown.html")) is None


def test_member_search_lists_users():
    assert parse_memberlist(soup("memberlist_search_space_name.html")) == [User("Big Tony", "70")]
    wildcard = parse_memberlist(soup("memberlist_search_wildcard.html"))
    assert {user.name for user in wildcard} == {"Parkur", "PhoenixTears", "Pofa"}


def test_the_sent_confirmation_names_the_new_pm():
    box = message_box(soup("pm_send_confirmation.html"))
    assert box.text.startswith("This message has been sent successfully.")
    assert sent_message_id(box) == "1"


def test_login_form_fields():
    form = find_form(soup("login_form.html"), "login")
    assert form.action == "./ucp.php?mode=login&sid=6416043db9f6e6d9e53515cecdb33466"
    assert form.creation_time is not None
    assert {"username", "password", "form_token", "creation_time", "sid"} <= form.names
    payload = dict(form.payload("login", values={"username": "u", "password": "p"}))
    assert payload["login"] == "Login"
    assert "autologin" not in payload  # an unchecked checkbox is not sent


def test_reply_form_keeps_hidden_fields_and_the_default_subject():
    form = find_form(soup("posting_reply_form.html"), "postform")
    assert form.action == "./posting.php?mode=reply&t=2"
    assert form.value("topic_cur_post_id") == "3"
    assert form.value("subject") == "Re: Mafia Round 1"
    assert form.value("attach_sig") == "on"
    assert "fileupload" not in dict(form.fields)


def test_edit_form_holds_the_raw_bbcode():
    form = find_form(soup("posting_edit_form.html"), "postform")
    assert form.value("message").startswith("My claims:\n[list=1]")
    assert form.value("edit_post_message_checksum")


def test_compose_form_has_the_recipient_by_id():
    form = find_form(soup("pm_compose_form.html"), "postform")
    assert form.value("address_list[u][2]") == "to"
    assert "sid=" in form.action


def test_logged_in_state_and_name():
    assert page_info(soup("index_gm.html")).logged_in
    assert page_info(soup("index_gm.html")).username == "GameMaster"
    assert not page_info(soup("index_guest.html")).logged_in
    assert page_info(soup("board_disabled_admin_index.html")).board_disabled_notice


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("viewtopic_round1_gm.html", "topic"),
        ("pm_inbox_mixed_gm.html", "pm_folder"),
        ("pm_view_plain.html", "pm_view"),
        ("login_form.html", "login_form"),
        ("error_topic_not_exist.html", "message"),
        ("posting_reply_form.html", "posting_form"),
        ("pm_compose_form.html", "pm_compose_form"),
        ("memberlist_viewprofile_u60.html", "profile"),
        ("memberlist_search_kleene.html", "memberlist"),
        ("viewforum_mafia_games_gm.html", "forum"),
        ("index_gm.html", "index"),
    ],
)
def test_page_kinds(name, kind):
    assert page_kind(soup(name)) == kind


@pytest.mark.parametrize(
    "name",
    [
        "login_form.html",  # cron <img> src: "…pm_text&#x3F;sid&#x3D;<sid>"
        "index_guest.html",
        "viewtopic_round1_guest.html",
        "error_not_logged_in_pm_inbox.html",
        "error_session_expired_reply_post.html",
        "pm_compose_form.html",  # the compose action always carries the sid
    ],
)
def test_a_saved_page_keeps_no_session_id(name, tmp_path):
    html = page(name)
    sids = set(re.findall(r"sid(?:=|&#x3D;)([0-9a-f]{32})", html))
    sids |= set(re.findall(r'name="sid" value="([0-9a-f]{32})"', html))
    assert sids
    path = PageArchive(tmp_path).save(f"{BASE}ucp.php?sid={min(sids)}", 200, html, name)
    saved = path.read_text(encoding="utf-8")
    assert not [sid for sid in sids if sid in saved]
