"""Reading board pages with BeautifulSoup: the parser, and the few helpers every page needs."""

from __future__ import annotations

from bs4 import Tag

try:  # lxml builds the same tree several times faster than Python's html.parser
    import lxml  # noqa: F401

    PARSER = "lxml"
except ImportError:  # pragma: no cover - lxml is a dependency; a build without it still works
    PARSER = "html.parser"


def text_of(tag: Tag | None) -> str:
    return " ".join(tag.get_text(" ").split()) if tag is not None else ""


def classes(tag: Tag) -> list[str]:
    value = tag.get("class") or []
    return value if isinstance(value, list) else str(value).split()


def href_of(tag: Tag | None) -> str:
    return str(tag.get("href", "")) if isinstance(tag, Tag) else ""
