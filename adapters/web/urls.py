"""Addresses and secrets in pages, for every adapter that speaks HTTP to a board.

``redact`` blanks what would let someone act as the GM: phpBB's session id (``sid``), MyBB's
form key (``my_post_key``, the same in every form of an account for a day) and its logout key.
Whatever may reach a log line, an error message or a saved page goes through it.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urljoin, urlsplit

# phpBB: "sid=" as written in a link, and as phpBB's cron <img> writes it, entity-encoded
# ("&#x3F;sid&#x3D;<sid>" on a first-contact page: login_form.html), or URL-encoded.
_SID = re.compile(r"(sid(?:=|&#x0*3d;|&#0*61;|&equals;|%3d))[0-9a-f]{32}", re.IGNORECASE)
_SID_VALUE = re.compile(r'(name="sid"\s+value=")[0-9a-f]{32}', re.IGNORECASE)
# MyBB: my_post_key in a query string, a hidden field (either attribute order) and the page
# head's "var my_post_key = ..."; the logout link's logoutkey. Each keeps its prefix (group 1).
_MYBB_KEYS = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"((?:my_post_key|logoutkey)(?:=|&#x0*3d;|&#0*61;|%3d))[0-9a-f]{32}",
        r'(name="my_post_key"[^>]*?value=")[0-9a-f]{32}',
        r'(value=")[0-9a-f]{32}(?="[^>]*name="my_post_key")',
        r'(my_post_key\s*=\s*")[0-9a-f]{32}',
    )
)


def absolute(base_url: str, path: str) -> str:
    """Resolve a board link (``./viewtopic.php?...``) against the board root or a page URL."""
    return urljoin(base_url if base_url.endswith("/") else base_url + "/", path)


def query_value(href: str, key: str) -> str | None:
    """One query parameter of a link (``p`` of ``./viewtopic.php?p=3#p3``), HTML already decoded."""
    values = parse_qs(urlsplit(href).query).get(key)
    return values[0] if values else None


def redact(text: str) -> str:
    """Hide session ids and form keys in anything that may reach a log, an error or a page."""
    text = _SID_VALUE.sub(r"\1[sid]", _SID.sub(r"\1[sid]", text))
    for pattern in _MYBB_KEYS:
        text = pattern.sub(r"\1[key]", text)
    return text
