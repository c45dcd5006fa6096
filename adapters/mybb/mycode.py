"""MyCode source as MyBB stores it: the parts of a merged post, and ends MyBB would trim.

MyBB trims blank characters from both ends of a post's message (``trim_blank_chrs`` in
``PostDataHandler::verify_message``), zero-width ones included, and so would drop the invisible
marker the outbox ends each message with. It keeps numeric character references (``&#8203;``)
as they are and the browser shows them as the characters they name, so the characters it would
trim from the ends are written that way: the post reads back exactly as sent. A PM's message is
not trimmed, only checked, so PMs go as they are.
"""

from __future__ import annotations

import re

# What trim_blank_chrs (inc/functions.php) takes off the ends of a message.
_TRIMMED = frozenset(
    "\t\n\x0b\r \x81\x8d\x90\x9d\xa0\xad\u0337\u0338\u115f\u1160\u1680\u180e"
    + "".join(chr(c) for c in range(0x2000, 0x2010))
    + "".join(chr(c) for c in range(0x2028, 0x2030))
    + "\u205f\u2060\u3000\u3164\ufeff\uffa0\ufff9\ufffa\ufffb"
)
_PLAIN = frozenset(" \t\n\r")
_TAG = re.compile(r"\[(/?)([a-z*]+)(?:[=\s][^\]\[]*)?\]", re.IGNORECASE)
_HR = "hr"


def keep_ends(message: str) -> str:
    """``message`` with the characters MyBB would trim from its ends written as references;
    plain whitespace at the very ends goes (MyBB would drop it anyway)."""
    body = message.strip(" \t\n\r")
    start = 0
    while start < len(body) and body[start] in _TRIMMED:
        start += 1
    end = len(body)
    while end > start and body[end - 1] in _TRIMMED:
        end -= 1
    return _refs(body[:start]) + body[start:end] + _refs(body[end:])


def _refs(run: str) -> str:
    return "".join(char if char in _PLAIN else f"&#{ord(char)};" for char in run)


def split_parts(source: str) -> list[str]:
    """The parts of a post's MyCode: the runs between the ``[hr]`` tags outside every tag
    pair (MyBB renders only those as rules at the message's top level, which is where the
    reader splits a post: ``thread.split_parts``). A tag never closed encloses nothing."""
    enclosed = _enclosed(source)
    cuts = [
        match.span()
        for match in _TAG.finditer(source)
        if match.group(2).lower() == _HR and not match.group(1)
        and not any(start < match.start() < end for start, end in enclosed)
    ]  # fmt: skip
    parts, cursor = [], 0
    for start, end in cuts:
        parts.append(source[cursor:start])
        cursor = end
    parts.append(source[cursor:])
    return parts


def join_parts(parts: list[str]) -> str:
    return "[hr]".join(parts)


def replace_part(source: str, number: int, text: str) -> str:
    """``source`` with its part ``number`` (1 first) made ``text``, the line breaks around the
    old part kept; IndexError when the post has no such part."""
    parts = split_parts(source)
    if not 1 <= number <= len(parts):
        raise IndexError(f"the post has {len(parts)} part(s), not {number}")
    old = parts[number - 1]
    lead = old[: len(old) - len(old.lstrip())]
    trail = old[len(old.rstrip()) :]
    parts[number - 1] = f"{lead}{text}{trail}"
    return join_parts(parts)


def _enclosed(source: str) -> list[tuple[int, int]]:
    """The spans of ``source`` inside a tag pair that closes."""
    opened: list[tuple[str, int]] = []
    spans: list[tuple[int, int]] = []
    for match in _TAG.finditer(source):
        closing, name = bool(match.group(1)), match.group(2).lower()
        if name == _HR:
            continue
        if not closing:
            opened.append((name, match.end()))
            continue
        for index in range(len(opened) - 1, -1, -1):
            if opened[index][0] == name:
                spans.append((opened[index][1], match.start()))
                del opened[index:]
                break
    return spans
