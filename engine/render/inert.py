"""Player-written text made inert before a GM post or another player's PM carries it.

Wills, quoted fragments of a player's message and player names are put inside the GM's own
BBCode (``[quote]{will}[/quote]``). A player who could write a tag there could close the GM's
quote and post in the GM's voice. So every ``[`` of player text is followed by an invisible
separator (U+2063): phpBB's parser then sees no tag, and readers still see the player's words
exactly as written. HTML entities do not work (phpBB escapes the ``&``, so readers would see
"&#91;"), nor does a backslash (phpBB 3.3 has no escape character); both were tried on a real
phpBB 3.3.11 board, where ``[\u2063/quote]`` stays text inside the quote.

Invisible format characters of the player's own (zero-width spaces, joiners, BOM, soft hyphens,
bidirectional overrides) are removed first: they carry no words, they could reorder the GM's
text around them on screen, and they could forge the outbox's zero-width markers. So are
control characters (ESC, BEL, backspace...: :func:`printable`): in a post they are noise, and
in the GM's terminal (``autogm preview``, ``status``) an escape sequence rewrites the screen.
"""

from __future__ import annotations

import unicodedata

# Follows every "[" of player text; not one of the outbox's marker characters.
TAG_BREAK = "\u2063"


# C0 controls but the tab and the line break, DEL, and the C1 controls (0x9b is an ESC[).
_CONTROLS = dict.fromkeys([*range(0x09), *range(0x0B, 0x20), 0x7F, *range(0x80, 0xA0)])


def _is_invisible(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf"


def printable(text: str) -> str:
    """``text`` without control characters; tabs and line breaks stay."""
    return text.translate(_CONTROLS)


def inert(text: str) -> str:
    """``text`` as plain words in any BBCode the GM wraps around it: no tag of it is live,
    no control character in it."""
    if not text.isascii():
        text = "".join(ch for ch in text if not _is_invisible(ch))
    return printable(text).replace("[", "[" + TAG_BREAK)


def for_terminal(text: str) -> str:
    """``text`` as a terminal may show it: no control character (an escape sequence would
    drive the terminal) and no invisible one (a bidirectional override reorders the line)."""
    text = printable(text)
    return text if text.isascii() else "".join(ch for ch in text if not _is_invisible(ch))


def shorten(text: str, limit: int) -> str:
    """At most ``limit`` characters of ``text``, cut at a word where possible, marked "…"."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    space = cut.rfind(" ", limit // 2)
    return (cut[:space] if space > 0 else cut).rstrip() + " …"
