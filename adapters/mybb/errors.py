"""Turning MyBB's pages into named errors.

MyBB answers everything with HTTP 200: a refusal is the error page (its text in a table), or
the form shown again with ``div.error`` above it, and a lost login is a guest's page. The
texts are MyBB 1.8's English language strings (``inc/languages/english/``: messages.lang.php,
global.lang.php, private.lang.php, datahandler_pm.lang.php, datahandler_post.lang.php,
datahandler_login.lang.php, member.lang.php).
"""

from __future__ import annotations

import re

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
from autogm.adapters.mybb.pages import MessageBox, PageInfo
from autogm.adapters.web.errors import Table, error_for_text

_WAIT = re.compile(r"wait (\d+) more seconds?", re.IGNORECASE)
_NOT_LOGGED_IN = "you are either not logged in"

# (fragment of MyBB's text, error class): first match wins, so specific texts come first.
MESSAGES: Table = (
    ("board is currently closed", BoardDisabled),
    ("you are banned", Banned),
    ("account is currently banned", Banned),
    ("too quickly after", FloodLimited),  # posts and PMs: "... Please wait N more seconds."
    ("authorization code mismatch", FormExpired),
    ("does not exist", NotFound),
    ("invalid pm", NotFound),
    ("invalid address", NotFound),
    ("not registered usernames", NotFound),
    ("is either invalid or doesn't exist", NotFound),
    ("is invalid or does not exist", NotFound),
    ("do not have permission", NoPermission),
    ("may not post in this forum", NoPermission),
    ("private messages disabled", NoPermission),
    ("daily post limit", Rejected),
    ("reached their private message", Rejected),
    ("reached their private messaging quota", Rejected),
    ("only allowed to send messages to", Rejected),
    ("too short", Rejected),
    ("too long", Rejected),
    ("did not enter", Rejected),
    ("is missing", Rejected),
    ("you cannot send messages to", Rejected),
)
LOGIN: Table = (
    ("image verification code", CaptchaRequired),
    ("failed to login within the required number of attempts", CaptchaRequired),
    ("invalid username/password", LoginFailed),
    ("invalid email/password", LoginFailed),
    ("password you entered is incorrect", LoginFailed),
    ("awaiting", LoginFailed),
    ("authorization code mismatch", FormExpired),
    ("banned", Banned),
)


def flood_wait(text: str) -> float:
    """The seconds a flood refusal names ("Please wait 61 more seconds."): MyBB counts them
    itself, a second more than its interval has left to run."""
    found = _WAIT.search(text)
    return float(found.group(1)) if found else 60.0


def error_for_box(box: MessageBox, info: PageInfo) -> ForumError | None:
    """The error an error page stands for; None for a page that is no known failure."""
    if _NOT_LOGGED_IN in box.text.lower() and not info.logged_in:
        return SessionExpired(f"the forum asked to log in again: {box.text[:80]}")
    error = error_for_text(box.text, MESSAGES, flood_wait)
    if isinstance(error, FormExpired) and not info.logged_in:
        # The key of a login that is gone (its loginkey changed): log in, then the form again.
        return SessionExpired(f"the form key was refused and we are a guest: {box.text[:80]}")
    return error


def error_for_form(errors: tuple[str, ...]) -> ForumError | None:
    """The error behind ``div.error`` above a form shown again."""
    for text in errors:
        known = error_for_text(text, MESSAGES, flood_wait)
        if known is not None:
            return known
    return Rejected(f"the forum refused the message: {errors[0]}") if errors else None


def error_for_login(errors: tuple[str, ...]) -> ForumError | None:
    for text in errors:
        known = error_for_text(text, LOGIN, 0.0)
        if known is not None:
            return known
    return LoginFailed(f"the forum refused the login: {errors[0]}") if errors else None
