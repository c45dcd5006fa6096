"""Turning phpBB's error pages into named errors.

phpBB reports most failures as an information page (``div#message``) with status 200, 403 or
404, as the login form (when the session is gone), or as ``p.error`` above a re-shown form,
so the status alone says little: the text decides. The texts are phpBB's English language
strings (``language/en/common.php``, ``posting.php``, ``ucp.php``), the same from 3.0 to 3.3.
"""

from __future__ import annotations

from bs4 import BeautifulSoup

from autogm.adapters.base import (
    Banned,
    BoardDisabled,
    CaptchaRequired,
    FloodLimited,
    FormExpired,
    ForumError,
    LoginFailed,
    NoPermission,
    NotFound,
    Rejected,
    SessionExpired,
)
from autogm.adapters.phpbb.pages import MessageBox, login_form_tag, message_box, page_info
from autogm.adapters.web.errors import error_for_text

# (fragment of phpBB's text, error class) — first match wins, so specific texts come first.
_MESSAGES: tuple[tuple[str, type[ForumError]], ...] = (
    ("board is currently unavailable", BoardDisabled),
    ("banned", Banned),
    ("so soon after your last", FloodLimited),
    ("submitted form was invalid", FormExpired),
    ("does not exist", NotFound),
    ("could not be found", NotFound),
    ("no longer exists", NotFound),
    ("not authorised", NoPermission),
    ("not authorized", NoPermission),
    ("you cannot", NoPermission),
    ("you are not allowed", NoPermission),
    ("only registered users", NoPermission),
)
_LOGIN_ERRORS: tuple[tuple[str, type[ForumError]], ...] = (
    ("captcha", CaptchaRequired),
    ("maximum allowed number of login attempts", CaptchaRequired),
    ("incorrect password", LoginFailed),
    ("incorrect username", LoginFailed),
    ("inactive", LoginFailed),
    ("submitted form was invalid", FormExpired),
    ("banned", Banned),
)


def error_for_message(box: MessageBox, flood_wait: float) -> ForumError | None:
    """The named error an information page stands for, or None if it is not a known failure."""
    return error_for_text(box.text, _MESSAGES, flood_wait)


def error_for_form(errors: tuple[str, ...], flood_wait: float) -> ForumError | None:
    """The error behind ``p.error`` on a re-shown posting or PM form."""
    for text in errors:
        known = error_for_text(text, _MESSAGES, flood_wait)
        if known is not None:
            return known
    return Rejected(f"the forum refused the message: {errors[0]}") if errors else None


def error_for_login(errors: tuple[str, ...], flood_wait: float) -> ForumError | None:
    for text in errors:
        known = error_for_text(text, _LOGIN_ERRORS, flood_wait)
        if known is not None:
            return known
    return LoginFailed(f"the forum refused the login: {errors[0]}") if errors else None


def session_lost(soup: BeautifulSoup) -> SessionExpired | None:
    """A members-only page answered with the login form: our session is gone (PROTOCOL §12)."""
    info = page_info(soup)
    if login_form_tag(soup) is None or info.logged_in or message_box(soup) is not None:
        return None
    reason = info.login_title or "login form shown"
    return SessionExpired(f"the forum asked to log in again: {reason}")
