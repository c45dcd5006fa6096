"""Rendered message HTML back to BBCode-ish source.

Boards show posts and PMs only as HTML, but the daemon keeps messages as BBCode (what the
author typed, near enough): votes are often written ``[b]vote X[/b]`` and quotes must be told
apart from the author's own words. Each rule below names the markup it reads: phpBB 3.2+
(s9e TextFormatter: ``strong.text-strong``), phpBB 3.0/3.1 prosilver (``span style=...``,
``dl.codebox``), subsilver2 (``div.quotetitle``/``div.quotecontent``) and MyBB 1.8's MyCode
(``span.mycode_b`` with its inline style, ``blockquote.mycode_quote``, ``div.codeblock``,
``hr.mycode_hr``, ``img.smilie``).
"""

from __future__ import annotations

import re

from bs4 import NavigableString, Tag
from bs4.element import Comment

from autogm.adapters.web.soup import classes

_SPACES = re.compile(r"[ \t\r\n]+")
_LIST_TYPES = {
    "decimal": "1",
    "lower-alpha": "a",
    "upper-alpha": "A",
    "lower-roman": "i",
    "upper-roman": "I",
}
_SIZE = re.compile(r"font-size:\s*(\d+%|\d+pt|[a-z-]+)")
_FONT = re.compile(r"font-family:\s*([^;]+)")
_ALIGN = re.compile(r"text-align:\s*(left|right|center|justify)")
_COLOR = re.compile(r"(?:^|;)\s*color:\s*([^;]+)")
_CODE_BLOCK = re.compile(r"(\[code\].*?\[/code\])", re.DOTALL)
_WROTE = re.compile(r"\s+wrote:?\s*$", re.IGNORECASE)


def to_bbcode(content: Tag) -> str:
    """The BBCode source of a rendered message body (the children of ``content``)."""
    return nodes_to_bbcode(list(content.children))


def nodes_to_bbcode(nodes: list[object]) -> str:
    """The BBCode source of a run of a message body's nodes (a part of a merged MyBB post)."""
    pieces = _CODE_BLOCK.split(_nodes(nodes))
    for index in range(0, len(pieces), 2):  # even pieces lie outside [code] blocks
        lines = [line.strip(" ") for line in pieces[index].split("\n")]
        pieces[index] = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
    return "".join(pieces).strip()


def _children(tag: Tag) -> str:
    return _nodes(list(tag.children))


def _nodes(children: list[object]) -> str:
    parts: list[str] = []
    index = 0
    while index < len(children):
        node = children[index]
        if isinstance(node, Tag) and _has_class(node, "quotetitle"):
            # subsilver2 renders a quote as two sibling divs: the title, then the content.
            body = children[index + 1] if index + 1 < len(children) else None
            if isinstance(body, Tag) and _has_class(body, "quotecontent"):
                parts.append(_quote(_quote_author(node.get_text()), _children(body)))
                index += 2
                continue
        if isinstance(node, Tag) and _has_class(node, "codetitle"):
            body = children[index + 1] if index + 1 < len(children) else None
            if isinstance(body, Tag) and _has_class(body, "codecontent"):
                parts.append(_code(body))
                index += 2
                continue
        parts.append(_node(node))
        index += 1
    return "".join(parts)


def _node(node: object) -> str:
    if isinstance(node, Comment):
        return ""
    if isinstance(node, NavigableString):
        return _SPACES.sub(" ", str(node))
    if not isinstance(node, Tag):
        return ""
    return _tag(node)


def _tag(tag: Tag) -> str:
    name = tag.name
    style = str(tag.get("style", "")).lower()
    if name == "br":
        return "\n"
    if name == "hr":
        return "\n[hr]\n"
    if "line-through" in style:
        return _wrap("s", tag)
    if name in ("strong", "b") or "font-weight: bold" in style or "font-weight:bold" in style:
        return _wrap("b", tag)
    if (name in ("em", "i") and "icon" not in classes(tag)) or "font-style: italic" in style:
        return _wrap("i", tag)
    if name == "u" or "underline" in style:
        return _wrap("u", tag)
    if name == "span" and (color := _COLOR.search(style)):
        return f"[color={color.group(1).strip()}]{_children(tag)}[/color]"
    if name == "span" and (size := _SIZE.search(style)):
        value = size.group(1).removesuffix("%").removesuffix("pt")
        return f"[size={value}]{_children(tag)}[/size]"
    if name == "span" and (font := _FONT.search(style)):
        return f"[font={font.group(1).strip()}]{_children(tag)}[/font]"
    if name == "div" and (align := _ALIGN.search(style)):
        return f"\n[align={align.group(1)}]{_children(tag)}[/align]\n"
    if name == "a":
        return _link(tag)
    if name == "img":
        return _image(tag)
    if name in ("ul", "ol"):
        return _list(tag)
    if name == "li":
        return f"[*]{_children(tag).strip()}\n"
    if name == "blockquote":
        return _blockquote(tag)
    if _has_class(tag, "codebox") or _has_class(tag, "codeblock"):
        return _code(tag)
    if name in ("script", "style") or _has_class(tag, "sr-only"):
        return ""
    return _children(tag)


def _wrap(code: str, tag: Tag) -> str:
    return f"[{code}]{_children(tag)}[/{code}]"


def _link(tag: Tag) -> str:
    href = str(tag.get("href", ""))
    text = _children(tag)
    if href.startswith("mailto:"):
        address = href.removeprefix("mailto:")
        return address if text == address else f"[email={address}]{text}[/email]"
    if not href or href.startswith("#"):
        return text
    if _is_magic_url(text.strip(), href):
        return href
    return f"[url={href}]{text}[/url]"


def _is_magic_url(text: str, href: str) -> bool:
    """A URL typed bare: phpBB links it by itself and shortens a long one as "start ... end"."""
    if text == href or f"http://{text}" == href or f"https://{text}" == href:
        return True
    start, dots, end = text.partition(" ... ")
    return bool(dots) and href.startswith(start) and href.endswith(end)


def _image(tag: Tag) -> str:
    names = classes(tag)
    src = str(tag.get("src", ""))
    if "smilie" in names:
        # MyBB's alt is the smiley's name ("Smile"), not what was typed (":)"): a name read as
        # a word could join an order ("Vote Abs Smile"), and an image says nothing.
        return ""
    if "smilies" in names or "emoji" in names or "/smilies/" in src:
        return str(tag.get("alt", ""))
    return f"[img]{src}[/img]"


def _list(tag: Tag) -> str:
    style = str(tag.get("style", "")).lower()
    kind = next((code for css, code in _LIST_TYPES.items() if css in style), None)
    if tag.name == "ol" and kind is None:
        kind = "1"
    items = "".join(_node(child) for child in tag.children if isinstance(child, Tag))
    opening = f"[list={kind}]" if kind else "[list]"
    return f"\n{opening}\n{items}[/list]\n"


def _blockquote(tag: Tag) -> str:
    inner = tag.find("div", recursive=False) or tag
    cite = inner.find("cite", recursive=False) if isinstance(inner, Tag) else None
    author = None
    if isinstance(cite, Tag):
        profile = cite.find("a", href=re.compile("viewprofile"))
        if profile is None:
            # MyBB: "<span> (date)</span>Name Wrote: <a class=quick_jump>": the date is no name.
            for date in cite.find_all("span"):
                date.extract()
        author = profile.get_text() if profile else _quote_author(cite.get_text())
        cite.extract()
    return _quote(author, _children(inner))


def _quote(author: str | None, body: str) -> str:
    opening = f'[quote="{author}"]' if author else "[quote]"
    return f"\n{opening}{body.strip()}[/quote]\n"


def _quote_author(title: str) -> str | None:
    title = title.strip()
    if not _WROTE.search(title):
        return None  # "Quote:" (uncited) in subsilver2
    return _WROTE.sub("", title).strip() or None


def _code(tag: Tag) -> str:
    code = tag.find("code") or tag.find("pre") or tag
    if _has_class(tag, "codecontent"):
        code = tag
    parts: list[str] = []
    for node in code.descendants:
        if isinstance(node, Tag) and node.name == "br":
            parts.append("\n")  # phpBB 3.0 breaks code lines with <br />
        elif isinstance(node, NavigableString) and not isinstance(node, Comment):
            parts.append(str(node))
    text = "".join(parts).replace("\xa0", " ").strip("\n")
    return f"\n[code]{text}[/code]\n"


def _has_class(tag: Tag, name: str) -> bool:
    return name in classes(tag)
