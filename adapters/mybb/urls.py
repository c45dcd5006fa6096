"""Every MyBB 1.8 address autogm uses, in one table (paths relative to the board root)."""

from __future__ import annotations

from urllib.parse import quote

# fmt: off
ENDPOINTS = {
    "login":        "member.php?action=login",
    "login_post":   "member.php",
    # Folders by number: 0 the inbox, 2 Sent Items. Newest first, whatever the account sorted
    # the list by last.
    "inbox":        "private.php?fid=0&sortby=dateline&order=desc",
    "sent":         "private.php?fid=2&sortby=dateline&order=desc",
    "pm_read":      "private.php?action=read&pmid={message_id}",
    "pm_compose":   "private.php?action=send",
    # mode=linear: oldest first, page by page, whatever the account's thread mode.
    "thread":       "showthread.php?tid={topic}&mode=linear",
    "thread_last":  "showthread.php?tid={topic}&page=last&mode=linear",
    "post":         "showthread.php?pid={post_id}&mode=linear",
    # Every thread (datecut=9999), the latest posts first, whatever the account's preference.
    "forum":        "forumdisplay.php?fid={forum}&datecut=9999&sortby=lastpost&order=desc",
    "reply":        "newreply.php?tid={topic}",
    "edit":         "editpost.php?pid={post_id}",
    "member":       "memberlist.php?username={name}",
    "acp":          "admin/index.php",
    "acp_merging":  "admin/index.php?module=config-settings&action=change&search=postmerge",
    "acp_flood":    "admin/index.php?module=config-settings&action=change&search=flood",
    "acp_user":     "admin/index.php?module=user-users&action=edit&uid={user_id}",
    "acp_logout":   "admin/index.php?action=logout&my_post_key={key}",
}
# fmt: on


def endpoint(key: str, /, **values: str | int) -> str:
    quoted = {key: quote(str(value), safe="") for key, value in values.items()}
    return ENDPOINTS[key].format(**quoted)
