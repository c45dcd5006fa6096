"""Hostile text for the fuzz tests: tag soup, invisible characters, names and orders."""

from __future__ import annotations

from hypothesis import strategies as st

TAGS = [
    "quote",
    "/quote",
    "b",
    "/b",
    "url=http://x.example",
    "/url",
    "img",
    "/img",
    "size=200",
    "/size",
    "spoiler",
    "/spoiler",
    "code",
    "/code",
    "color=red",
    "/color",
    "vote",
    "/vote",
    "*",
    "list",
    "/list",
    'quote="GM"',
    "i",
    "/i",
]
INVISIBLE = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\u2063",
    "\ufeff",
    "\u00ad",
    "\u202e",
    "\ufe0f",
    "\U0001f600",
    "\u034f",
]
WORDS = [
    "GM:",
    "Abs",
    "Kleene",
    "kill",
    "Kill Abs",
    "vote",
    "Interrogate Akonyl",
    "heal",
    "will:",
    "the",
    " ",
    "\n",
    "[",
    "]",
    "/",
    "=",
    '"',
    "[/",
    "quote]",
]


def _tag(name: str) -> str:
    return f"[{name}]"


def _broken_tag(parts: tuple[str, str, str]) -> str:
    """A tag with hidden characters inside: "[/q\u200buote]", "[\ufeff/quote]"."""
    name, hidden, where = parts
    cut = len(name) // 2 if where == "middle" else 0
    return "[" + name[:cut] + hidden + name[cut:] + "]"


piece = st.one_of(
    st.sampled_from(TAGS).map(_tag),
    st.tuples(
        st.sampled_from(TAGS), st.sampled_from(INVISIBLE), st.sampled_from(["start", "middle"])
    ).map(_broken_tag),
    st.sampled_from(INVISIBLE),
    st.sampled_from(WORDS),
    st.text(max_size=8),
)
hostile = st.lists(piece, max_size=40).map("".join)
