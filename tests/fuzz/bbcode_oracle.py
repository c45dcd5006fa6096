"""A deliberately liberal reader of phpBB BBCode, the oracle of the fuzz tests.

phpBB 3.3 (s9e TextFormatter) reads a tag from "[" followed by a tag name, case-insensitive,
with attributes, and even "[b ]" reads as [b]. This reader counts anything that could be read
as a tag: "[", optional spaces, optional "/", optional spaces, a letter or "*". If the GM's
text has no more such openers than the GM wrote, no player text can have opened or closed any
tag, whatever phpBB's exact grammar is.
"""

from __future__ import annotations

import re

TAG_LIKE = re.compile(r"\[\s*/?\s*[A-Za-z*]")


def tag_like(text: str) -> list[str]:
    """Every place in ``text`` that a BBCode parser could take for the start of a tag."""
    return [m.group() for m in TAG_LIKE.finditer(text)]
