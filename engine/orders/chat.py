"""Lines pasted from a chat, read as what they say: "[21:48] <Gin> we kill Tamsin tonite".

A time stamp at the start of a line is noise, dropped. A nick in angle brackets names the
line's speaker: the sender's own name or role is the sender speaking (dropped: her line is
her order), anyone else's line is theirs, written as "Walt. said: ..." so that it is read as
someone else's words (quoted, never the sender's order)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.render.templates import say

_STAMP = r"\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?"
# A line's time stamp ("[21:48]", "(9:02 PM)", "21:48") and nick ("<Gin>"), each optional.
_CHAT_LEAD = lazy_compile(
    rf"^[ \t]*(?P<stamp>[\[(]{_STAMP}[\])]|{_STAMP}(?=[ \t]))?[ \t]*"
    r"(?:<(?P<nick>[^<>\n]{1,40})>)?[ \t]*",
    re.IGNORECASE | re.MULTILINE,
)


# What a chat line holds that other lines seldom do: a time stamp or a nick.
_CHAT_MARK = lazy_compile(r"\d:\d\d|<[^<>\n]{1,40}>")


def chat_lines_read(text: str, own: Callable[[], Collection[str]]) -> str:
    """``text`` with each chat line's time stamp dropped and its nick read (``own``: the
    sender's name and role names, casefolded, asked for only when a nick stands)."""
    if _CHAT_MARK.search(text) is None:
        return text  # no stamp, no nick: most messages
    names: list[Collection[str]] = []

    def lead(found: re.Match[str]) -> str:
        nick = found["nick"]
        if found["stamp"] is None and nick is None:
            return found.group()
        if nick is None:
            return ""
        if not names:
            names.append(own())
        if nick.strip().casefold() in names[0]:
            return ""
        return say("reading.chat_line_of", nick=nick.strip())

    return _CHAT_LEAD.sub(lead, text)
