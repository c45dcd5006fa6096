"""A word mended with an asterisk after the sentence that holds it: "Rook looks heal in
thread. *healthy" is "Rook looks healthy in thread.", and "I was defending him. *defending"
says the word once more. Forum players write the right spelling of a word just written after
an asterisk, alone; a GM reads the sentence mended, and the starred word is no order of its
own. A starred word with words after it in its sentence ("*vote Abs", another forum's command
mark) or closed by a second asterisk ("*yawns*", a roleplayed action) mends nothing.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

# The starred word alone: at a line's start or after a space, then a full stop or the end of
# its line (not "*vote Abs", not "*yawns*").
_STARRED = re.compile(r"(?<!\S)\*([^\W\d_][\w'’-]{1,30})(?:[.!]+(?=\s|$)|[ \t]*(?=\n|$))")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
# How far back the mended word is looked for: the sentence or two before the star.
_REACH = 200
# How alike a typo and its mending are ("protcet"/"protect"; "heal"/"healthy" is a prefix).
_ALIKE = 0.75


def star_mended(text: str) -> str:
    """``text`` with each word mended by a starred word after it replaced by it, and the
    starred word taken out; ``text`` itself when it mends nothing (most texts hold no
    asterisk)."""
    if "*" not in text:
        return text
    out = text
    for found in reversed(list(_STARRED.finditer(text))):
        mend = found[1]
        start = max(0, found.start() - _REACH)
        word = _mended(out[start : found.start()], mend)
        if word is None:
            continue
        at, end = start + word.start(), start + word.end()
        out = out[:at] + mend + out[end : found.start()] + out[found.end() :]
    return out


def _mended(before: str, mend: str) -> re.Match[str] | None:
    """The last word of ``before`` that ``mend`` mends: the same word, one it starts with
    ("heal" for "healthy"), or one spelled alike ("Lrak" for "Lark")."""
    key = mend.casefold()
    for word in reversed(list(_WORD.finditer(before))):
        low = word[0].casefold()
        if len(low) < 3 or low[0] != key[0]:
            continue
        if low == key or key.startswith(low) or SequenceMatcher(None, low, key).ratio() >= _ALIKE:
            return word
    return None
