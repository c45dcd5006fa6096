"""Logging in to MyBB, apart from the forum operations that need it.

The login is the cookie ``mybbuser`` = ``<uid>_<loginkey>``: no idle timeout, no IP binding,
and logging out does not end it; it ends when the account's loginkey changes (a password
change, an admin's "log out everywhere"). The login form's ``my_post_key`` is a guest's,
tied to the ``sid`` cookie its page sets, so the form is always fetched first (README,
"Login").
"""

from __future__ import annotations

import logging

from bs4 import BeautifulSoup, Tag

from autogm.adapters.base import FormExpired, ForumError, LoginFailed, UnrecognisedPage
from autogm.adapters.mybb.errors import error_for_box, error_for_login
from autogm.adapters.mybb.pages import message_box, page_info
from autogm.adapters.mybb.urls import endpoint
from autogm.adapters.web.archive import PageArchive
from autogm.adapters.web.forms import read_form
from autogm.adapters.web.secret import Secret
from autogm.adapters.web.soup import PARSER
from autogm.adapters.web.transport import Page, Transport

LOGGER = logging.getLogger(__name__)
COOKIE = "mybbuser"


def logged_in_as(transport: Transport) -> str | None:
    """Our user id, from the login cookie, if there is one."""
    value = transport.cookie(COOKIE)
    user_id = value.split("_", 1)[0] if value else None
    return user_id if user_id and user_id.isdigit() and user_id != "0" else None


def log_in(transport: Transport, username: str, password: Secret, archive: PageArchive) -> str:
    """Log in and return our user id. One retry on a refused form key."""
    for attempt in range(2):
        try:
            return _attempt(transport, username, password, archive)
        except FormExpired:
            if attempt == 1:
                raise
            LOGGER.info("login form key refused; fetching a fresh form")
    raise LoginFailed("login did not complete")  # the loop always returns or raises first


def _attempt(transport: Transport, username: str, password: Secret, archive: PageArchive) -> str:
    # A login that is gone leaves a cookie MyBB no longer honours: start as a guest.
    transport.forget_session()
    form_page = transport.get(endpoint("login"))
    fetched_at = transport.clock()
    soup = BeautifulSoup(form_page.text, PARSER)
    form_tag = login_form_tag(soup)
    if form_tag is None:
        raise _refusal(soup, form_page, "the login page has no login form", archive)
    payload = read_form(form_tag).payload(
        "submit",
        values={
            "username": username,
            "password": password.reveal(),
            "remember": "yes",  # the cookie then outlives the browser session
            "url": "",
        },
    )
    answer = transport.post(endpoint("login_post"), payload, fetched_at)
    return _read_answer(transport, answer, archive)


def login_form_tag(soup: BeautifulSoup) -> Tag | None:
    """The page's login form (``action=do_login`` with a ``password`` field: the header's
    quick login names its field ``quick_password``)."""
    for form in soup.find_all("form"):
        action = form.find("input", attrs={"name": "action", "value": "do_login"})
        if action is not None and form.find("input", attrs={"name": "password"}) is not None:
            return form
    return None


def _read_answer(transport: Transport, answer: Page, archive: PageArchive) -> str:
    user_id = logged_in_as(transport)
    if answer.status in (301, 302, 303) and user_id:
        return user_id
    soup = BeautifulSoup(answer.text, PARSER)
    box = message_box(soup)
    if user_id and box is not None and login_form_tag(soup) is None:
        return user_id  # "You have successfully been logged in." (a friendly redirect)
    if login_form_tag(soup) is not None:
        error = error_for_login(page_info(soup, answer.text).form_errors)
        raise error or LoginFailed("the forum showed the login form again without a reason")
    raise _refusal(soup, answer, "the login answer is neither a redirect nor a form", archive)


def _refusal(soup: BeautifulSoup, page: Page, what: str, archive: PageArchive) -> ForumError:
    box = message_box(soup)
    if box is not None:
        info = page_info(soup, page.text)
        return error_for_box(box, info) or LoginFailed(f"login refused: {box.text}")
    return UnrecognisedPage(what, archive.save(page.url, page.status, page.text, "login"))
