"""Sign-up posts: whether a post in a sign-up topic joins, leaves or offers to replace.

Players sign up the way they do on every forum: "/in", "in", "[b]in[/b]", "sign me up",
"count me in"; "/out", "count me out" to leave; "replacement", "sub", "/sub", "in as a sub"
for the replacement list. Quotes never count (a post quoting someone's "/in" is not a sign-up).

Ruling: a bare "in" or "out" counts only when it is its whole line ("in" inside a sentence
is a preposition); the longer phrases count anywhere in a line, unless negated ("I can't sub").
Ruling: a post that both joins and leaves, on different lines, is read by its last sign-up
line ("in!" then "actually, /out" leaves), as a later post would.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from autogm.engine.orders.bbcode import clean_lines


class SignupKind(StrEnum):
    IN = "in"
    OUT = "out"
    REPLACEMENT = "replacement"


@dataclass(frozen=True, slots=True)
class SignupIntent:
    kind: SignupKind
    line: str  # the line it was read from, to quote in the answer
    choice: str | None = None  # what the player asked for with it ("in as Doctor")


_SUB = r"(?:replacements?|subs?|substitutes?|backups?|stand-?ins?)"
_LINE_RULES: list[tuple[SignupKind, re.Pattern[str]]] = [
    (
        SignupKind.REPLACEMENT,
        re.compile(
            rf"^[/!#*]?\s*{_SUB}\s*[.!]*$"
            rf"|^[/!#*]?(?:in|sign\s+me\s+up|put\s+me\s+down)\s+as\s+(?:an?\s+)?{_SUB}\b"
            rf"|\b(?:i\s*(?:'|’)?ll|i\s+(?:can|could|will|would)|happy\s+to|willing\s+to)"
            rf"\s+(?:be\s+(?:an?\s+)?{_SUB}|sub|replace)\b"
            rf"|\b(?:on|to)\s+the\s+{_SUB}\s+list\b"
            rf"|(?:^|[\s,;:])/(?:sub|replace|backup)\b",
            re.IGNORECASE,
        ),
    ),
    (
        SignupKind.OUT,
        re.compile(
            r"^[/!#*]?\s*(?:out|unin|unsign|withdraw|leave)\s*[.!]*$"
            r"|\b(?:count\s+me\s+out|sign\s+me\s+(?:out|off)|i\s*(?:'|’)?m\s+out"
            r"|i\s+(?:have|need|must)\s+to\s+(?:drop\s+out|withdraw|leave|pull\s+out)"
            r"|(?:drop|pull)\s+me\s+out|remove\s+me\s+from\s+the\s+(?:list|game|sign-?ups)"
            r"|i\s*(?:'|’)?ll\s+(?:drop|sit)\s+(?:out|this\s+one\s+out))\b"
            r"|(?:^|[\s,;:])/(?:out|leave|unjoin)\b",
            re.IGNORECASE,
        ),
    ),
    (
        SignupKind.IN,
        re.compile(
            r"^[/!#*]?\s*(?:in|join|signup|sign-up|sign\s+up|i\s*(?:'|’)?m\s+in)\s*[.!]*$"
            r"|\b(?:sign\s+me\s+up|count\s+me\s+in|i\s*(?:'|’)?m\s+in\b(?!\s+\w)"
            r"|i\s+am\s+in\b(?!\s+\w)|put\s+me\s+(?:down|in)|i\s*(?:'|’)?d\s+like\s+to\s+(?:join|play)"
            r"|i\s*(?:'|’)?ll\s+(?:join|play)|signing\s+up|i\s+want\s+to\s+(?:join|play))\b"
            r"|(?:^|[\s,;:])/(?:in|join)\b",
            re.IGNORECASE,
        ),
    ),
]
_NEGATED = re.compile(
    r"\b(?:can\s*(?:'|’)?t|cannot|won\s*(?:'|’)?t|not|don\s*(?:'|’)?t|never)\b", re.I
)
# "/in as Doctor", "in: Doctor", "in (Doctor)": what a ruleset with a choice at sign-up reads.
_CHOICE = re.compile(
    r"^[/!#*]?\s*(?:in|join|sign\s+me\s+up)\b\s*(?:as\s+(?:the\s+|an?\s+)?|[:(\-–]\s*)"
    r"(?P<choice>[^)]+?)\s*\)?\s*[.!]*$",
    re.IGNORECASE,
)


def read_signup(source: str) -> SignupIntent | None:
    """The sign-up a post makes, or None when it makes none (chatter, a quoted sign-up)."""
    found: SignupIntent | None = None
    for line in clean_lines(source):
        text = " ".join(line.split())
        for kind, pattern in _LINE_RULES:
            match = pattern.search(text)
            if match is None:
                continue
            if kind is not SignupKind.IN or not text.startswith("/"):
                before = text[: match.start()]
                if _NEGATED.search(before) or _NEGATED.search(match.group(0)):
                    break
            choice = None
            if kind is SignupKind.IN:
                chosen = _CHOICE.match(text)
                choice = chosen["choice"].strip() if chosen else None
            found = SignupIntent(kind, text, choice)
            break
        else:
            chosen = _CHOICE.match(text)
            if chosen and not _is_sub(chosen["choice"]):
                found = SignupIntent(SignupKind.IN, text, chosen["choice"].strip())
    return found


def _is_sub(text: str) -> bool:
    return re.fullmatch(rf"(?:an?\s+)?{_SUB}", text.strip(), re.IGNORECASE) is not None
