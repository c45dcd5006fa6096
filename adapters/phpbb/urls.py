"""Every phpBB address autogm uses, in one table (paths relative to the board root)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urljoin, urlsplit

# fmt: off
ENDPOINTS = {
    "login":        "ucp.php?mode=login",
    # PM folders list newest first whatever the account's post sort preference: get_pm_from()
    # (ucp_pm_viewfolder.php) defaults sk/sd to t/d; pm_sentbox_gm.html shows "Descending"
    # for the GameMaster, whose topics read ascending (viewtopic_round1_gm.html).
    "inbox":        "ucp.php?i=pm&folder=inbox",
    "outbox":       "ucp.php?i=pm&folder=outbox",
    "sentbox":      "ucp.php?i=pm&folder=sentbox",
    "pm_view":      "ucp.php?i=pm&mode=view&p={message_id}",
    "pm_compose":   "ucp.php?i=pm&mode=compose&u={user_id}",
    # sk=t&sd=a: oldest first whatever the account's own sort preference is.
    "topic":        "viewtopic.php?t={topic}&sk=t&sd=a",
    "post":         "viewtopic.php?p={post_id}&sk=t&sd=a",
    # sk=t&sd=d: the topics with the latest posts first, whatever the account's preference.
    "forum":        "viewforum.php?f={forum}&sk=t&sd=d",
    "reply":        "posting.php?mode=reply&t={topic}",
    "edit":         "posting.php?mode=edit&p={post_id}",
    "profile_name": "memberlist.php?mode=viewprofile&un={name}",
}
# fmt: on

# "sid=" as written in a link, and as phpBB's cron <img> writes it, entity-encoded
# ("&#x3F;sid&#x3D;<sid>" on a first-contact page: login_form.html), or URL-encoded.
_SID = re.compile(r"(sid(?:=|&#x0*3d;|&#0*61;|&equals;|%3d))[0-9a-f]{32}", re.IGNORECASE)
_SID_VALUE = re.compile(r'(name="sid"\s+value=")[0-9a-f]{32}', re.IGNORECASE)


def endpoint(key: str, /, **values: str | int) -> str:
    quoted = {key: quote(str(value), safe="") for key, value in values.items()}
    return ENDPOINTS[key].format(**quoted)


def absolute(base_url: str, path: str) -> str:
    """Resolve a board link (``./viewtopic.php?...``) against the board root or a page URL."""
    return urljoin(base_url if base_url.endswith("/") else base_url + "/", path)


def query_value(href: str, key: str) -> str | None:
    """One query parameter of a link (``p`` of ``./viewtopic.php?p=3#p3``), HTML already decoded."""
    values = parse_qs(urlsplit(href).query).get(key)
    return values[0] if values else None


def redact(text: str) -> str:
    """Hide session ids in anything that may reach a log, an error or a saved page."""
    return _SID_VALUE.sub(r"\1[sid]", _SID.sub(r"\1[sid]", text))
