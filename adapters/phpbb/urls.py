"""Every phpBB address autogm uses, in one table (paths relative to the board root)."""

from __future__ import annotations

from urllib.parse import quote

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


def endpoint(key: str, /, **values: str | int) -> str:
    quoted = {key: quote(str(value), safe="") for key, value in values.items()}
    return ENDPOINTS[key].format(**quoted)
