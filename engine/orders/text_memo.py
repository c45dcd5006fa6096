"""The parser's answers remembered by text: one policy for every pure step that keeps them.

A game's texts repeat (a greeting, "Vote Abs", the fragment a reader asks about twice), and a
step that depends on the text alone (a name at a text's start, an order word, the filler of
a line) can answer again without reading again. Only texts up to ``LONGEST`` characters are
kept, at most ``SIZE`` at once (all dropped when full), so a daemon that runs for a whole
round keeps its memory flat. A hit is a plain dict look-up at the call site; only a miss
calls :func:`remember`.
"""

from __future__ import annotations

from typing import Any

LONGEST = 200
SIZE = 4096


def remember(memo: dict[str, Any], text: str, answer: Any) -> None:
    """Keep ``answer`` for ``text`` in ``memo`` if the text is short enough."""
    if len(text) <= LONGEST:
        if len(memo) >= SIZE:
            memo.clear()
        memo[text] = answer
