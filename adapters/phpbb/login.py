"""Logging in to phpBB, apart from the forum operations that need it."""

from __future__ import annotations

import logging

from bs4 import BeautifulSoup

from autogm.adapters.base import FormExpired, ForumError, LoginFailed, UnrecognisedPage
from autogm.adapters.phpbb.errors import error_for_login, error_for_message
from autogm.adapters.phpbb.pages import login_form_tag, message_box, page_info
from autogm.adapters.phpbb.urls import endpoint
from autogm.adapters.web.archive import PageArchive
from autogm.adapters.web.forms import Form, read_form
from autogm.adapters.web.secret import Secret
from autogm.adapters.web.soup import PARSER
from autogm.adapters.web.transport import Page, Transport

LOGGER = logging.getLogger(__name__)
GUEST_ID = "1"


def log_in(transport: Transport, username: str, password: Secret, archive: PageArchive) -> str:
    """Log in and return our user id (the ``_u`` cookie). One retry on a refused form token."""
    for attempt in range(2):
        try:
            return _attempt(transport, username, password, archive)
        except FormExpired:
            if attempt == 1:
                raise
            LOGGER.info("login form refused (token or age); fetching a fresh one")
    raise LoginFailed("login did not complete")  # the loop always returns or raises first


def _attempt(transport: Transport, username: str, password: Secret, archive: PageArchive) -> str:
    form_page = transport.get(endpoint("login"))
    fetched_at = transport.clock()
    soup = BeautifulSoup(form_page.text, PARSER)
    form_tag = login_form_tag(soup)
    user_id = _logged_in_as(transport)
    if form_tag is None and user_id and page_info(soup).logged_in:
        return user_id  # "ucp.php?mode=login" while logged in redirects to the index
    if form_tag is None:
        raise _refusal(soup, form_page, "the login page has no login form", archive)
    form = read_form(form_tag)
    payload = form.payload(
        "login",
        values={
            "username": username,
            "password": password.reveal(),
            # "Remember me": phpBB then re-creates an expired session by itself (§1).
            "autologin": "on",
            "redirect": "./index.php",
        },
        drop=("viewonline",),
    )
    answer = transport.post(_action(form), payload, fetched_at)
    return _read_answer(transport, answer, archive)


def _action(form: Form) -> str:
    return form.action or endpoint("login")


def _read_answer(transport: Transport, answer: Page, archive: PageArchive) -> str:
    user_id = _logged_in_as(transport)
    if answer.status in (301, 302, 303) and user_id:
        return user_id
    soup = BeautifulSoup(answer.text, PARSER)
    if answer.status == 200 and user_id and login_form_tag(soup) is None:
        return user_id  # phpBB 3.0 answers "You have been successfully logged in." with a 200
    if login_form_tag(soup) is not None:
        error = error_for_login(page_info(soup).form_errors, 0.0)
        raise error or LoginFailed("the forum showed the login form again without a reason")
    raise _refusal(soup, answer, "the login answer is neither a redirect nor a form", archive)


def _logged_in_as(transport: Transport) -> str | None:
    user_id = transport.cookie("_u")
    return user_id if user_id and user_id != GUEST_ID else None


def _refusal(soup: BeautifulSoup, page: Page, what: str, archive: PageArchive) -> ForumError:
    box = message_box(soup)
    if box is not None:
        return error_for_message(box, 0.0) or LoginFailed(f"login refused: {box.text}")
    return UnrecognisedPage(what, archive.save(page.url, page.status, page.text, "login"))
