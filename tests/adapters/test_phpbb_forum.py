"""PhpBBForum operations against captured pages served by `responses`."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from urllib.parse import parse_qsl

import pytest

from autogm.adapters.base import (
    BoardDisabled,
    CaptchaRequired,
    FloodLimited,
    Interrupted,
    LoginFailed,
    NoPermission,
    NotFound,
    PostRef,
    UnrecognisedPage,
    User,
)

from .conftest import BASE, HTML, LOGIN_FORM_SID, MARKER, SID

DERIVED = "phpbb-3.3-prosilver-derived"
COMPOSE_ACTION = "ucp.php?i=pm&mode=compose&action=post&sid=2c48048525b50364a327185bd7dd5352"
FLOOD_ACTION = "ucp.php?i=pm&mode=compose&action=post&sid=ac11c1918bfff225911f85a5056eaff9"


def sent_fields(board, index: int = -1) -> dict[str, str]:
    posts = [call for call in board.mock.calls if call.request.method == "POST"]
    return dict(parse_qsl(posts[index].request.body))


# -- login -------------------------------------------------------------------------------------


def test_login_posts_the_form_back_after_one_second(board, forum, clock):
    board.login()
    forum.login()
    fields = sent_fields(board)
    assert fields["username"] == "GameMaster"
    assert fields["password"] == "hunter2-secret"
    assert fields["autologin"] == "on"
    assert fields["login"] == "Login"
    assert fields["sid"] == LOGIN_FORM_SID
    assert {"form_token", "creation_time", "redirect"} <= fields.keys()
    assert sum(clock.sleeps) >= 1.0  # phpBB's check_form_key: the form must be >= 1 s old
    assert forum.current_user() == User("GameMaster", "2")


def test_wrong_password_is_login_failed_without_the_password(board, forum, caplog):
    caplog.set_level(logging.DEBUG)
    board.get("ucp.php?mode=login", "login_form.html")
    board.post(f"ucp.php?mode=login&sid={LOGIN_FORM_SID}", "login_wrong_password.html")
    with pytest.raises(LoginFailed, match="incorrect password") as raised:
        forum.login()
    assert "hunter2" not in str(raised.value) + caplog.text + repr(forum)


def test_captcha_after_failed_logins_stops(board, forum):
    board.get("ucp.php?mode=login", "login_form.html")
    board.post(
        f"ucp.php?mode=login&sid={LOGIN_FORM_SID}", "login_captcha_after_failed_attempts.html"
    )
    with pytest.raises(CaptchaRequired, match="browser"):
        forum.login()


def test_a_login_form_refused_as_too_fast_is_fetched_again(board, forum):
    board.get("ucp.php?mode=login", "login_form.html")
    board.post(f"ucp.php?mode=login&sid={LOGIN_FORM_SID}", "login_too_fast_form_invalid.html")
    board.login()
    forum.login()
    assert forum.current_user().id == "2"


def test_a_disabled_board_refuses_login(board, forum):
    board.get("ucp.php?mode=login", "error_board_disabled_guest.html")
    with pytest.raises(BoardDisabled, match="currently unavailable"):
        forum.login()


# -- private messages --------------------------------------------------------------------------


def test_idle_poll_is_one_request(board, forum):
    board.login()
    forum.login()
    board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_all_read_gm.html", folder=DERIVED)
    before = len(board.mock.calls)
    batch = forum.new_private_messages("10")
    assert (batch.messages, batch.mark) == ([], "10")
    assert len(board.mock.calls) - before == 1


def test_first_poll_reads_every_message_oldest_first(board, forum):
    board.login()
    board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_all_unread_gm.html")
    views = {1: "pm_view_plain.html", 5: "pm_view_bbcode_nonascii.html"}
    views |= {6: "pm_view_html_special_chars.html"}
    for number in range(1, 7):
        folder = DERIVED if number in (2, 3, 4) else "phpbb-3.3-prosilver"
        board.get(
            f"ucp.php?i=pm&mode=view&p={number}",
            views.get(number, f"pm_view_{number}.html"),
            folder=folder,
        )
    batch = forum.new_private_messages(None)
    assert [message.id for message in batch.messages] == ["1", "2", "3", "4", "5", "6"]
    assert batch.mark == "6"
    assert batch.messages[1].text == "[b]Kill:[/b] Kleene\n[i]Backup:[/i] Jdash"
    assert batch.messages[4].quotes == ("Ich möchte Pofa untersuchen — merci !",)


def test_newer_messages_and_unread_older_ones_are_new(board, forum):
    board.login()
    board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_after_reading_gm.html")
    board.get("ucp.php?i=pm&mode=view&p=3", "pm_view_3.html", folder=DERIVED)
    board.get("ucp.php?i=pm&mode=view&p=4", "pm_view_4.html", folder=DERIVED)
    board.get("ucp.php?i=pm&mode=view&p=10", "pm_view_quotes_earlier_pm.html")
    batch = forum.new_private_messages("6")
    assert [message.id for message in batch.messages] == ["3", "4", "10"]
    assert batch.mark == "10"
    assert batch.messages[-1].text == "Thanks! Also, I think [b]Jdash[/b] is mafia."


def test_mark_read_fetches_only_a_message_not_yet_viewed(board, forum):
    board.login()
    board.get("ucp.php?i=pm&mode=view&p=1", "pm_view_plain.html")
    forum.read_private_message("1")
    forum.mark_read("1")
    board.get("ucp.php?i=pm&mode=view&p=5", "pm_view_bbcode_nonascii.html")
    forum.mark_read("5")


def test_a_lost_session_logs_in_again_and_retries(board, forum):
    board.login()
    board.get("ucp.php?i=pm&folder=inbox", "error_session_expired_pm_inbox.html")
    board.login()
    board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_empty_gm.html")
    assert forum.new_private_messages(None).messages == []


def test_a_missing_pm_is_not_found(board, forum):
    board.login()
    board.get("ucp.php?i=pm&mode=view&p=99999", "pm_view_nonexistent.html")
    with pytest.raises(NotFound, match="could not be found"):
        forum.read_private_message("99999")


def test_send_a_pm_by_name_goes_to_that_user_only(board, forum, clock):
    board.login()
    board.get(
        "memberlist.php?mode=viewprofile&un=S%C3%B8rina", "memberlist_viewprofile_by_name.html"
    )
    # The captured compose form was built for user 2: its pre-filled recipient must not stay.
    board.get("ucp.php?i=pm&mode=compose&u=71", "pm_compose_form.html")
    board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    sent = forum.send_private_message(["Sørina"], "Your role", "You are [b]Town[/b].")
    assert (sent.id, sent.recipients) == ("1", ("Sørina",))
    fields = sent_fields(board)
    assert [key for key in fields if key.startswith("address_list")] == ["address_list[u][71]"]
    assert "username_list" not in fields
    assert (fields["subject"], fields["message"], fields["post"]) == (
        "Your role",
        "You are [b]Town[/b].",
        "Submit",
    )


def test_send_a_pm_to_several_users_by_id(board, forum):
    board.login()
    board.get("ucp.php?i=pm&mode=compose&u=59", "pm_compose_form.html")
    board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    sent = forum.send_private_message([User("Abs", "59"), 62], "Mafia", "You two.")
    assert sent.recipients == ("Abs", "62")
    keys = [key for key in sent_fields(board) if key.startswith("address_list")]
    assert keys == ["address_list[u][59]", "address_list[u][62]"]


def test_a_flooded_pm_waits_and_is_sent_again(board, forum, clock):
    board.login()
    board.get("ucp.php?i=pm&mode=compose&u=2", "pm_compose_form.html")
    board.post(COMPOSE_ACTION, "pm_flood_error.html")
    board.post(FLOOD_ACTION, "pm_send_confirmation.html")
    assert forum.send_private_message([2], "Hello", "Again").id == "1"
    assert 15.0 in [round(wait, 1) for wait in clock.sleeps]


def test_an_unknown_recipient_is_not_found(board, forum):
    board.login()
    board.get(
        "memberlist.php?mode=viewprofile&un=Nobody%20Here",
        "memberlist_viewprofile_unknown.html",
        status=404,
    )
    with pytest.raises(NotFound, match="Nobody Here"):
        forum.send_private_message(["Nobody Here"], "Hi", "text")


SENTBOX_PAGE_2 = "ucp.php?i=pm&mode=view&action=view_folder&f=-1&start=25"


def test_sent_pms_read_the_outbox_then_the_sentbox_back_to_since(board, forum):
    board.login()
    board.get("ucp.php?i=pm&folder=outbox", "pm_outbox_gm.html")
    board.get("ucp.php?i=pm&folder=sentbox", "pm_sentbox_gm_page1of2.html", folder=DERIVED)
    board.get(SENTBOX_PAGE_2, "pm_sentbox_gm_page2of2.html", folder=DERIVED)
    board.get("ucp.php?i=pm&mode=view&p=8", "pm_view_sent_multi_recipient.html")
    board.get("ucp.php?i=pm&mode=view&p=9", "pm_view_9_outbox_marker.html", folder=DERIVED)
    forum.login()
    before = len(board.mock.calls)
    found = forum.sent_private_messages(datetime(2026, 11, 22, 2, 50, tzinfo=UTC))
    assert [(pm.id, pm.recipients) for pm in found] == [
        ("8", ("Abs", "Jdash")),
        ("9", ("Big Tony",)),
    ]
    assert found[1].text.endswith(MARKER)
    # Lists first (outbox before sentbox), then one view per PM; PM 7 (2:41) is never opened.
    paths = [url.removeprefix(BASE) for url in board.calls()[before:]]
    assert paths == [
        "ucp.php?i=pm&folder=outbox",
        "ucp.php?i=pm&folder=sentbox",
        SENTBOX_PAGE_2,
        "ucp.php?i=pm&mode=view&p=8",
        "ucp.php?i=pm&mode=view&p=9",
    ]


def test_a_walk_over_pages_stops_between_two_requests_when_asked(board, forum):
    """Issue 14: "A close starts within one request of its deadline, whatever else is
    running": a read of many pages asks its caller's check before each request, and stops
    there, with nothing returned (so no mark moves), when a more urgent job waits."""
    board.login()
    board.get("ucp.php?i=pm&folder=outbox", "pm_outbox_gm.html")
    board.get("ucp.php?i=pm&folder=sentbox", "pm_sentbox_gm_page1of2.html", folder=DERIVED)
    forum.login()
    before = len(board.mock.calls)
    forum.interrupt_when(lambda: len(board.mock.calls) - before >= 2)
    with pytest.raises(Interrupted, match="not made"):
        forum.sent_private_messages(datetime(2026, 11, 22, 2, 50, tzinfo=UTC))
    paths = [url.removeprefix(BASE) for url in board.calls()[before:]]
    assert paths == ["ucp.php?i=pm&folder=outbox", "ucp.php?i=pm&folder=sentbox"]
    forum.interrupt_when(None)  # and without the check, every request is made again
    board.get("ucp.php?i=pm&folder=outbox", "pm_outbox_gm.html")
    board.get("ucp.php?i=pm&folder=sentbox", "pm_sentbox_gm_page1of2.html", folder=DERIVED)
    board.get(SENTBOX_PAGE_2, "pm_sentbox_gm_page2of2.html", folder=DERIVED)
    board.get("ucp.php?i=pm&mode=view&p=8", "pm_view_sent_multi_recipient.html")
    board.get("ucp.php?i=pm&mode=view&p=9", "pm_view_9_outbox_marker.html", folder=DERIVED)
    found = forum.sent_private_messages(datetime(2026, 11, 22, 2, 50, tzinfo=UTC))
    assert [pm.id for pm in found] == ["8", "9"]


def test_sent_pms_stop_at_the_first_row_older_than_since(board, forum):
    board.login()
    board.get("ucp.php?i=pm&folder=outbox", "pm_outbox_gm.html")
    board.get("ucp.php?i=pm&folder=sentbox", "pm_sentbox_gm_page1of2.html", folder=DERIVED)
    # Everything listed dates from 2:59: no second sentbox page, no message opened.
    assert forum.sent_private_messages(datetime(2026, 11, 22, 3, 0, tzinfo=UTC)) == []


def test_sent_pms_compare_by_the_minute_phpbb_shows(board, forum):
    board.login()
    board.get("ucp.php?i=pm&folder=outbox", "pm_outbox_gm.html")
    board.get("ucp.php?i=pm&folder=sentbox", "pm_sentbox_gm_page1of2.html", folder=DERIVED)
    board.get(SENTBOX_PAGE_2, "pm_sentbox_gm_page2of2.html", folder=DERIVED)
    board.get("ucp.php?i=pm&mode=view&p=8", "pm_view_sent_multi_recipient.html")
    board.get("ucp.php?i=pm&mode=view&p=9", "pm_view_9_outbox_marker.html", folder=DERIVED)
    # PM 9 may have gone out at 2:59:50; phpBB shows "2:59", which must not hide it.
    found = forum.sent_private_messages(datetime(2026, 11, 22, 2, 59, 30, tzinfo=UTC))
    assert [pm.id for pm in found] == ["8", "9"]


def test_a_sent_pm_deleted_before_it_is_opened_is_left_out(board, forum):
    board.login()
    board.get("ucp.php?i=pm&folder=outbox", "pm_outbox_gm.html")
    board.get("ucp.php?i=pm&folder=sentbox", "pm_sentbox_gm_page1of2.html", folder=DERIVED)
    board.get(SENTBOX_PAGE_2, "pm_sentbox_gm_page2of2.html", folder=DERIVED)
    board.get("ucp.php?i=pm&mode=view&p=8", "pm_view_sent_multi_recipient.html")
    board.get("ucp.php?i=pm&mode=view&p=9", "pm_view_nonexistent.html")
    found = forum.sent_private_messages(datetime(2026, 11, 22, 2, 50, tzinfo=UTC))
    assert [pm.id for pm in found] == ["8"]


def test_the_outbox_marker_is_posted_unchanged(board, forum):
    board.login()
    board.get("ucp.php?i=pm&mode=compose&u=70", "pm_compose_form.html")
    board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    body = "Yes, you may vote for yourself." + MARKER
    forum.send_private_message([User("Big Tony", "70")], "Re: question about rules", body)
    assert sent_fields(board)["message"] == body


# -- topics ------------------------------------------------------------------------------------


def test_read_a_whole_topic_across_pages(board, forum):
    board.login()
    board.get("viewtopic.php?t=3&sk=t&sd=a", "viewtopic_signups_page1.html")
    board.get("viewtopic.php?t=3&start=10", "viewtopic_signups_page2.html")
    board.get("viewtopic.php?t=3&start=20", "viewtopic_signups_page3.html")
    posts = forum.posts_after("3", None)
    assert [post.id for post in posts] == [str(number) for number in range(9, 32)]
    assert {post.topic for post in posts} == {"3"}


def test_read_after_a_post_fetches_only_pages_from_that_post_on(board, forum):
    board.login()
    board.get("viewtopic.php?p=23&sk=t&sd=a", "viewtopic_by_post_id.html")
    board.get("viewtopic.php?t=3&start=20", "viewtopic_signups_page3.html")
    posts = forum.posts_after("3", "23")
    assert [post.id for post in posts] == [str(number) for number in range(24, 32)]


def test_an_idle_topic_read_is_one_request(board, forum):
    board.login()
    forum.login()
    board.get("viewtopic.php?p=33&sk=t&sd=a", "viewtopic_round1_gm.html")
    before = len(board.mock.calls)
    assert forum.posts_after("2", "33") == []
    assert len(board.mock.calls) - before == 1


def test_a_deleted_mark_post_falls_back_to_the_topic(board, forum):
    board.login()
    board.get("viewtopic.php?p=32&sk=t&sd=a", "error_post_not_exist.html", status=404)
    board.get("viewtopic.php?t=2&sk=t&sd=a", "viewtopic_round1_gm.html")
    assert [post.id for post in forum.posts_after("2", "32")] == ["33"]


def test_a_missing_topic_is_not_found(board, forum):
    board.login()
    board.get("viewtopic.php?t=99999&sk=t&sd=a", "error_topic_not_exist.html", status=404)
    with pytest.raises(NotFound, match="topic does not exist"):
        forum.posts_after("99999", None)


def test_a_forbidden_topic_is_no_permission(board, forum):
    board.login()
    board.get("viewtopic.php?t=4&sk=t&sd=a", "error_no_permission_viewtopic.html", status=403)
    with pytest.raises(NoPermission, match="not authorised"):
        forum.posts_after("4", None)


def test_reply_returns_the_new_post_id(board, forum):
    board.login()
    board.get("posting.php?mode=reply&t=2", "posting_reply_form.html")
    board.redirect("posting.php?mode=reply&t=2", f"{BASE}viewtopic.php?p=4#p4")
    assert forum.reply("2", "/vote Akonyl") == PostRef("2", "4")
    fields = sent_fields(board)
    assert fields["message"] == "/vote Akonyl"
    assert fields["subject"] == "Re: Mafia Round 1"
    assert fields["post"] == "Submit"
    assert "topic_cur_post_id" not in fields


@pytest.mark.parametrize(
    "refusal",
    [
        "posting_flood_error.html",
        "posting_form_invalid.html",
        "posting_reply_post_review_notice.html",
    ],
)
def test_a_refused_reply_is_submitted_again_with_the_fresh_form(board, forum, refusal):
    board.login()
    board.get("posting.php?mode=reply&t=2", "posting_reply_form.html")
    board.post("posting.php?mode=reply&t=2", refusal)
    board.redirect("posting.php?mode=reply&t=2", "./viewtopic.php?p=40#p40")
    assert forum.reply("2", "Day 2 begins.") == PostRef("2", "40")
    first, second = sent_fields(board, 1), sent_fields(board, 2)
    assert first["form_token"] != second["form_token"] or refusal == "posting_flood_error.html"


def test_a_reply_flooded_every_time_raises_with_the_wait(board, make_forum):
    forum = make_forum(flood_interval=20.0)
    board.login()
    board.get("posting.php?mode=reply&t=2", "posting_reply_form.html")
    for _ in range(3):
        board.post("posting.php?mode=reply&t=2", "posting_flood_error.html")
    with pytest.raises(FloodLimited) as raised:
        forum.reply("2", "text")
    assert raised.value.wait_seconds == 20.0


def test_a_reply_whose_session_died_logs_in_and_posts(board, forum):
    board.login()
    board.get("posting.php?mode=reply&t=2", "posting_reply_form.html")
    board.post("posting.php?mode=reply&t=2", "error_session_expired_reply_post.html")
    board.login()
    board.get("posting.php?mode=reply&t=2", "posting_reply_form.html")
    board.redirect("posting.php?mode=reply&t=2", "./viewtopic.php?p=41#p41")
    assert forum.reply("2", "text").post_id == "41"


def test_reply_to_a_missing_topic_is_not_found(board, forum):
    board.login()
    board.get("posting.php?mode=reply&t=99999", "error_reply_topic_not_exist.html", status=404)
    with pytest.raises(NotFound):
        forum.reply("99999", "text")


def test_edit_posts_the_new_text_with_the_checksums(board, forum):
    board.login()
    board.get("posting.php?mode=edit&p=5", "posting_edit_form.html")
    board.redirect("posting.php?mode=edit&p=5", "./viewtopic.php?p=5#p5")
    forum.edit_post(PostRef("2", "5"), "Vote count: Akonyl 2")
    fields = sent_fields(board)
    assert fields["message"] == "Vote count: Akonyl 2"
    assert fields["subject"] == "Re: Mafia Round 1"
    assert fields["edit_post_message_checksum"]


def test_editing_someone_elses_post_is_no_permission(board, forum):
    board.login()
    board.get("posting.php?mode=edit&p=2", "error_edit_others_post.html")
    with pytest.raises(NoPermission, match="cannot edit"):
        forum.edit_post(PostRef("2", "2"), "text")


# -- users and strange pages -------------------------------------------------------------------


def test_find_user_looks_up_once(board, forum):
    board.login()
    board.get(
        "memberlist.php?mode=viewprofile&un=S%C3%B8rina", "memberlist_viewprofile_by_name.html"
    )
    assert forum.find_user("Sørina") == User("Sørina", "71")
    assert forum.find_user("sørina") == User("Sørina", "71")


def test_an_unknown_user_is_none(board, forum):
    board.login()
    board.get(
        "memberlist.php?mode=viewprofile&un=Nobody%20Here",
        "memberlist_viewprofile_unknown.html",
        status=404,
    )
    assert forum.find_user("Nobody Here") is None


def test_a_strange_page_is_saved_without_session_ids(board, forum, tmp_path):
    board.login()
    board.mock.get(
        BASE + "ucp.php?i=pm&folder=inbox",
        body=f'<html><body><a href="./index.php?sid={SID}">Maintenance</a></body></html>',
        content_type=HTML,
    )
    with pytest.raises(UnrecognisedPage) as raised:
        forum.new_private_messages(None)
    path = raised.value.path
    assert path is not None and path.parent == tmp_path / "unrecognised"
    assert str(path) in str(raised.value)
    saved = path.read_text(encoding="utf-8")
    assert "Maintenance" in saved and SID not in saved


# -- timing rules (PROTOCOL §11) ---------------------------------------------------------------


def stamped(forum, clock) -> list[tuple[str, str, float]]:
    """(method, url, fake time) of every request the forum makes from now on."""
    stamps: list[tuple[str, str, float]] = []
    send = forum.transport.session.request

    def request(method, url, **kwargs):
        stamps.append((method, url, clock.now))
        return send(method, url, **kwargs)

    forum.transport.session.request = request
    return stamps


def form_ages(stamps) -> list[float]:
    """For each POST, the time since the GET before it (the form it submits)."""
    return [
        when - stamps[index - 1][2]
        for index, (method, _, when) in enumerate(stamps)
        if method == "POST"
    ]


def test_every_form_is_posted_more_than_a_second_after_it_was_fetched(board, forum, clock):
    stamps = stamped(forum, clock)
    board.login()
    board.get("posting.php?mode=reply&t=2", "posting_reply_form.html")
    board.redirect("posting.php?mode=reply&t=2", "./viewtopic.php?p=4#p4")
    board.get("ucp.php?i=pm&mode=compose&u=2", "pm_compose_form.html")
    board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    board.get("posting.php?mode=edit&p=5", "posting_edit_form.html")
    board.redirect("posting.php?mode=edit&p=5", "./viewtopic.php?p=5#p5")
    forum.login()
    forum.reply("2", "text")
    forum.send_private_message([2], "Hi", "text")
    forum.edit_post(PostRef("2", "5"), "text")
    ages = form_ages(stamps)
    assert len(ages) == 4 and min(ages) > 1.0  # login, reply, PM, edit


def test_posts_and_pms_share_one_flood_interval_and_edits_are_exempt(board, forum, clock):
    stamps = stamped(forum, clock)
    board.login()
    board.get("posting.php?mode=reply&t=2", "posting_reply_form.html")
    board.redirect("posting.php?mode=reply&t=2", "./viewtopic.php?p=4#p4")
    board.get("posting.php?mode=edit&p=5", "posting_edit_form.html")
    board.redirect("posting.php?mode=edit&p=5", "./viewtopic.php?p=5#p5")
    board.get("ucp.php?i=pm&mode=compose&u=2", "pm_compose_form.html")
    board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    forum.reply("2", "text")
    forum.edit_post(PostRef("2", "5"), "fixed")
    forum.send_private_message([2], "Hi", "text")
    reply, edit, pm = [when for method, _, when in stamps if method == "POST"][1:]
    assert edit - reply < 15.0  # edits are not flood-limited (§10)
    assert pm - reply >= 15.0  # a PM after a post waits the flood interval (§11)


def test_login_while_already_logged_in_keeps_the_session(board, forum):
    # GET ucp.php?mode=login while logged in redirects to the index (PROTOCOL §2).
    board.login()
    forum.login()
    board.redirect("ucp.php?mode=login", f"{BASE}index.php", method="GET")
    board.get("index.php", "index_gm.html")
    forum.login()
    assert forum.current_user() == User("GameMaster", "2")
    assert len(board.calls("POST")) == 1


def test_an_edit_posts_every_field_the_form_requires(board, forum):
    board.login()
    board.get("posting.php?mode=edit&p=5", "posting_edit_form.html")
    board.redirect("posting.php?mode=edit&p=5", "./viewtopic.php?p=5#p5")
    forum.edit_post(PostRef("2", "5"), "Vote count: Akonyl 2")
    fields = sent_fields(board)
    assert fields["edit_post_message_checksum"] == "1cc86a0ebc5bd4c7af50986cd2643dd6"
    assert fields["edit_post_subject_checksum"] == "d98fa89a0bcc5456b2f29211e23829f5"
    assert fields["creation_time"].isdigit() and len(fields["form_token"]) == 40
    assert fields["post"] == "Submit"


def test_a_strange_login_answer_names_neither_password_nor_sid(board, forum, caplog):
    caplog.set_level(logging.DEBUG)
    board.get("ucp.php?mode=login", "login_form.html")
    board.mock.post(
        BASE + f"ucp.php?mode=login&sid={LOGIN_FORM_SID}",
        body=f'<html><body><a href="./index.php?sid={SID}">Hm</a></body></html>',
        content_type=HTML,
    )
    with pytest.raises(UnrecognisedPage) as raised:
        forum.login()
    saved = raised.value.path.read_text(encoding="utf-8")
    for secret in ("hunter2-secret", SID, LOGIN_FORM_SID):
        assert secret not in str(raised.value) + caplog.text + saved


def test_pms_after_the_first_reuse_its_compose_form_one_request_each(board, forum, clock):
    """Issue 33: a phase's results are many PMs. phpBB's form token is bound to the user and
    good for two hours (PROTOCOL §11), so the compose form is fetched once: each further PM
    is one POST, with no second's wait for a fresh form."""
    forum.transport.flood_interval = 0.0  # an exempt GM account
    board.login()
    board.get("ucp.php?i=pm&mode=compose&u=59", "pm_compose_form.html")
    for _ in range(3):
        board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    forum.login()
    start, slept = len(board.mock.calls), len(clock.sleeps)
    for number, user in enumerate(["59", "62", "63"]):
        forum.send_private_message([User(f"P{number}", user)], "Night 1 results", "text")
    calls = [call.request for call in board.mock.calls[start:]]
    assert [request.method for request in calls] == ["GET", "POST", "POST", "POST"]
    to = [[k for k in dict(parse_qsl(r.body)) if k.startswith("address_list")] for r in calls[1:]]
    assert to == [["address_list[u][59]"], ["address_list[u][62]"], ["address_list[u][63]"]]
    # The request interval (1 s) before each request, and the fresh form's second once.
    assert [round(s, 1) for s in clock.sleeps[slept:]] == [1.0, 1.2, 1.0, 1.0]


def taken_refused_refused_taken(board) -> None:
    """A board that takes a PM, refuses the next one twice as too soon, then takes it."""
    board.login()
    board.get("ucp.php?i=pm&mode=compose&u=2", "pm_compose_form.html")
    board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    board.post(COMPOSE_ACTION, "pm_flood_error.html")
    board.post(FLOOD_ACTION, "pm_flood_error.html")
    board.post(FLOOD_ACTION, "pm_send_confirmation.html")


def test_a_flood_interval_not_given_is_learned_from_the_boards_refusals(board, make_forum, clock):
    """``send_interval = auto``: nothing is waited until the board refuses a PM as too soon;
    then the wait doubles from 2 s until one is taken, and stays learned."""
    forum = make_forum(flood_interval=None)
    taken_refused_refused_taken(board)
    forum.send_private_message([2], "One", "text")
    assert forum.flood_rule().interval is None  # nothing refused yet: nothing known
    forum.send_private_message([2], "Two", "text")
    rule = forum.flood_rule()
    assert (rule.interval, rule.exempt) == (4.0, False)
    assert "2 refusal(s)" in rule.how
    assert [round(s, 1) for s in clock.sleeps if s >= 1.5] == [2.0, 4.0]


def test_measuring_the_flood_rule_sends_pms_to_the_account_itself(board, forum, clock):
    """check-forum --flood: two PMs to itself back to back; the second refused, it is sent again
    at 1, 2, 4... s after the first until taken. The rule is the time between the first PM
    and the one taken: the try at 2 s also waits for its form's age, and is taken at 3 s."""
    taken_refused_refused_taken(board)
    rule = forum.flood_rule(measure=True)
    assert (rule.interval, rule.exempt, rule.pace) == (3.0, False, 3.0)
    assert "refused at 1 s, taken at 3 s" in rule.how
    assert "4 tries of a PM to itself" in rule.how
    for index in range(-4, 0):
        assert [k for k in sent_fields(board, index) if k.startswith("address_list")] == [
            "address_list[u][2]"
        ]
    assert forum.transport.flood_interval == 15.0  # the configured interval is kept


def test_an_exempt_account_measures_no_flood_rule(board, forum):
    board.login()
    board.get("ucp.php?i=pm&mode=compose&u=2", "pm_compose_form.html")
    board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
    rule = forum.flood_rule(measure=True)
    assert (rule.interval, rule.exempt, rule.pace) == (0.0, True, 0.0)


def test_a_forum_page_lists_each_topics_last_post(board, forum):
    """Issue 33: "read a game topic only when the board says it has new posts (the forum
    index's or the topic's last-post id)": the forum's first page of topics, latest first,
    names every topic's last post: one request for all the topics of a forum."""
    board.login()
    board.get("viewtopic.php?p=33&sk=t&sd=a", "viewtopic_round1_gm.html")
    assert forum.posts_after("2", "33") == []  # read once: topic 2 is in forum 3
    board.get("viewforum.php?f=3&sk=t&sd=d", "viewforum_mafia_games_gm.html")
    before = len(board.mock.calls)
    assert forum.last_posts(["2", "3"]) == {"2": "34", "3": None}  # 3: not read yet
    assert len(board.mock.calls) - before == 1


def test_the_forum_page_parser_reads_every_row():
    from autogm.adapters.phpbb.viewforum import forum_of_topic, parse_forum_page

    from .conftest import page

    assert parse_forum_page(page("viewforum_mafia_games_player.html")) == {"2": "34", "3": "31"}
    assert forum_of_topic(page("viewtopic_round1_gm.html")) == "3"
    assert forum_of_topic(page("viewtopic.html", "phpbb-3.0-subsilver2-derived")) is None
