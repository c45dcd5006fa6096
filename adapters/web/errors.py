"""Turning a board's words into named errors: the way both adapters read a refusal.

Boards report most failures as a page of text with a 200 (MyBB always, phpBB often), so the
text decides. Each adapter keeps a table of (fragment of the board's English text, error class);
the first fragment found names the error, so specific texts come first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
)

Table = Sequence[tuple[str, type[ForumError]]]

_ADVICE: dict[type[ForumError], str] = {
    BoardDisabled: "the board is disabled; autogm waits until it is back",
    Banned: "the GM account is banned on this board",
    NoPermission: "the GM account lacks a permission",
    NotFound: "not found",
    FormExpired: "the form token or its age was refused",
    LoginFailed: "login refused; check the user name and password",
    CaptchaRequired: "too many failed logins: log in once in a browser to clear the CAPTCHA",
}


def error_for_text(
    text: str, table: Table, flood_wait: float | Callable[[str], float]
) -> ForumError | None:
    """The error ``text`` stands for by ``table``, or None when it names no known failure.

    ``flood_wait`` is how long a flood refusal asks to wait: a number the board keeps to
    itself (phpBB), or read from the refusal's own words (MyBB's "wait N more seconds").
    """
    lowered = text.lower()
    for fragment, kind in table:
        if fragment in lowered:
            if kind is FloodLimited:
                wait = flood_wait(text) if callable(flood_wait) else flood_wait
                return FloodLimited(f"flood control: {text} (wait {wait:g} s)", wait)
            return kind(explain(kind, text))
    return None


def explain(kind: type[ForumError], text: str) -> str:
    return f"{_ADVICE.get(kind, 'the forum said')}: {text}"
