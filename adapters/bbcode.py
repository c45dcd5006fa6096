"""Separating a message's own words from the text it quotes, on BBCode source.

Both adapters hand the daemon BBCode-ish source; the rules look only at what the author wrote
(a vote or an order inside a quote is someone else's, the mafiascum vote parser's rule), so
quoted blocks are cut out here, once, for every adapter.
"""

from __future__ import annotations

import re

# [quote], [quote="Name"], [quote=Name post_id=3 time=… user_id=2], and the code blocks inside
# which a "[quote]" is only text.
_TOKEN = re.compile(r"\[(/?)(quote|code)(?:[=\s][^\]]*)?\]", re.IGNORECASE)
_BLANK_LINES = re.compile(r"\n{3,}")


def split_quotes(source: str) -> tuple[str, tuple[str, ...]]:
    """Return the author's own text and the top-level quoted passages of ``source``.

    An unclosed ``[quote]`` runs to the end of the message, as phpBB shows it; a stray
    ``[/quote]`` is kept as text. Nested quotes stay inside their outer passage.
    """
    own: list[str] = []
    quotes: list[str] = []
    depth = 0
    in_code = False
    cursor = 0
    quote_start = 0
    for match in _TOKEN.finditer(source):
        closing, name = match.group(1) == "/", match.group(2).lower()
        if name == "code":
            in_code = not closing
            continue
        if in_code:
            continue
        if not closing:
            if depth == 0:
                own.append(source[cursor : match.start()])
                quote_start = match.end()
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                quotes.append(source[quote_start : match.start()].strip())
                cursor = match.end()
    if depth > 0:
        quotes.append(source[quote_start:].strip())
    else:
        own.append(source[cursor:])
    return tidy("".join(own)), tuple(quotes)


def tidy(text: str) -> str:
    """Trim the blank lines a removed block leaves behind."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    return _BLANK_LINES.sub("\n\n", "\n".join(lines)).strip()
