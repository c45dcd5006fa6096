"""Every captured error page maps to its named error."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from autogm.adapters.base import (
    Banned,
    BoardDisabled,
    CaptchaRequired,
    FloodLimited,
    FormExpired,
    LoginFailed,
    NoPermission,
    NotFound,
    Rejected,
    SessionExpired,
)
from autogm.adapters.phpbb.errors import (
    error_for_form,
    error_for_login,
    error_for_message,
    session_lost,
)
from autogm.adapters.phpbb.pages import MessageBox, message_box, page_info

from .conftest import page


def soup(name: str) -> BeautifulSoup:
    return BeautifulSoup(page(name), "html.parser")


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("error_board_disabled_guest.html", BoardDisabled),
        ("error_board_disabled_player.html", BoardDisabled),
        ("error_board_disabled_player_pm_inbox.html", BoardDisabled),
        ("error_edit_others_post.html", NoPermission),
        ("error_no_permission_viewforum.html", NoPermission),
        ("error_no_permission_viewtopic.html", NoPermission),
        ("error_post_not_exist.html", NotFound),
        ("error_reply_topic_not_exist.html", NotFound),
        ("error_topic_not_exist.html", NotFound),
        ("pm_view_nonexistent.html", NotFound),
        ("pm_view_wrong_folder.html", NotFound),
        ("memberlist_viewprofile_unknown.html", NotFound),
    ],
)
def test_information_pages(name, error):
    found = error_for_message(message_box(soup(name)), 15.0)
    assert type(found) is error
    assert message_box(soup(name)).text in str(found)


@pytest.mark.parametrize(
    "name",
    [
        "error_not_logged_in_pm_inbox.html",
        "error_not_logged_in_reply.html",
        "error_session_expired_pm_inbox.html",
        "error_session_expired_reply_post.html",
        "error_no_permission_viewforum_guest.html",
    ],
)
def test_the_login_form_instead_of_a_members_page_is_a_lost_session(name):
    assert isinstance(session_lost(soup(name)), SessionExpired)


@pytest.mark.parametrize(
    "name", ["index_gm.html", "viewtopic_round1_gm.html", "pm_inbox_mixed_gm.html"]
)
def test_ordinary_pages_are_no_lost_session(name):
    assert session_lost(soup(name)) is None


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("posting_flood_error.html", FloodLimited),
        ("pm_flood_error.html", FloodLimited),
        ("posting_form_invalid.html", FormExpired),
        ("pm_form_invalid_bad_token.html", FormExpired),
    ],
)
def test_form_errors(name, error):
    found = error_for_form(page_info(soup(name)).form_errors, 15.0)
    assert type(found) is error


def test_the_flood_error_carries_the_wait():
    found = error_for_form(page_info(soup("posting_flood_error.html")).form_errors, 15.0)
    assert isinstance(found, FloodLimited)
    assert found.wait_seconds == 15.0
    assert "15 s" in str(found)


def test_an_unknown_form_error_is_a_rejection_that_quotes_it():
    found = error_for_form(("Your message contains too few characters.",), 15.0)
    assert isinstance(found, Rejected)
    assert "too few characters" in str(found)


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("login_wrong_password.html", LoginFailed),
        ("login_too_fast_form_invalid.html", FormExpired),
        ("login_captcha_after_failed_attempts.html", CaptchaRequired),
    ],
)
def test_login_errors(name, error):
    found = error_for_login(page_info(soup(name)).form_errors, 15.0)
    assert type(found) is error


def test_a_ban_message_is_banned():
    # No ban page was captured; this is phpBB's BOARD_BAN_PERM string as shown in div#message.
    box = MessageBox("Information", "You have been permanently banned from this board.")
    assert isinstance(error_for_message(box, 15.0), Banned)


def test_a_confirmation_is_no_error():
    assert error_for_message(message_box(soup("pm_send_confirmation.html")), 15.0) is None
    assert page_info(soup("posting_reply_post_review_notice.html")).form_errors == ()
