"""Helpers for reading phpBB pages with BeautifulSoup (the generic ones are in adapters.web.soup).

``slim`` exists for speed: Python's html.parser builds a tree of a 25-post viewtopic page in
about 100 ms, most of it for the profile dropdowns, post buttons, icons and indentation around
each post. Cutting those out first (they carry nothing autogm reads: the author link is also in
``p.author``) brings the parse well under the 20 ms budget.
"""

from __future__ import annotations

import re

from bs4 import Tag

from autogm.adapters.web.urls import query_value

_PAGE_OF = re.compile(r"Page\s+(\d+)\s+of\s+(\d+)", re.IGNORECASE)
_NOISE = re.compile(
    r"<script\b.*?</script>\s*"
    r"|<!--.*?-->\s*"
    r'|<dl class="postprofile".*?</dl>\s*'
    r'|<ul class="post-buttons">.*?</ul>\s*'
    r'|<i class="icon[^"]*"[^>]*></i>'
    r'|<span class="sr-only">[^<]*</span>'
    r'|<div class="back2top">.*?</div>\s*'
    r"|(<pre\b.*?</pre>|<textarea\b.*?</textarea>)"
    # Indentation between tags; a space alone may separate words ("</b> <img>"), so keep it.
    r"|>[ \t]*\n\s*(?=<)",
    re.DOTALL | re.IGNORECASE,
)


def _keep_preformatted(match: re.Match[str]) -> str:
    if match.group(1):
        return match.group(1)
    return ">" if match.group(0).startswith(">") else ""


def slim(html: str) -> str:
    """The page without the chrome autogm never reads (see the module docstring)."""
    return _NOISE.sub(_keep_preformatted, html)


def profile_link(scope: Tag | None) -> Tag | None:
    """The first author link (``memberlist.php?mode=viewprofile&u=<id>``) in ``scope``."""
    if scope is None:
        return None
    found = scope.find("a", href=re.compile(r"mode=viewprofile.*[?&]u=\d+|[?&]u=\d+.*viewprofile"))
    return found if isinstance(found, Tag) else None


def user_of(link: Tag) -> tuple[str, str | None]:
    return link.get_text().strip(), query_value(str(link.get("href", "")), "u")


def page_numbers(scope: Tag) -> tuple[int, int]:
    """(this page, pages) of a topic or PM folder: "Page 2 of 3" up to 3.0 and on one-page
    lists, else the pagination buttons (3.1+ prints no "Page X of Y" once there are several
    pages: viewtopic_signups_page1.html)."""
    match = _PAGE_OF.search(scope.get_text(" "))
    if match:
        return int(match.group(1)), int(match.group(2))
    pagination = scope.find("div", class_="pagination")
    active_item = pagination.find("li", class_="active") if isinstance(pagination, Tag) else None
    active = active_item.find("span") if isinstance(active_item, Tag) else None
    if active is None or not active.get_text().strip().isdigit():
        return 1, 1
    labels = [tag.get_text().strip() for tag in pagination.find_all(["a", "span"])]
    return int(active.get_text()), max(int(label) for label in labels if label.isdigit())
