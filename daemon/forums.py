"""The forum adapters: the one a config section names, and reading from it patiently."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from autogm.adapters.base import FloodLimited, Forum, SessionExpired
from autogm.daemon.config.model import ForumConfig

# A forum read that asks us to wait longer than this gives up until the next poll.
MAX_READ_WAIT = 90.0


def make_forum(forum: ForumConfig, state_dir: Path, clock: Callable[[], datetime]) -> Forum:
    """The adapter a ``[forum:NAME]`` section names; the password is read only here."""
    if forum.adapter == "local":
        from autogm.adapters.local import LocalForum

        assert forum.path is not None
        return LocalForum(forum.path, forum.username, now=clock)
    assert forum.base_url is not None and forum.password is not None
    if forum.adapter == "mybb":
        from autogm.adapters.mybb.forum import MyBBForum

        return MyBBForum(
            forum.base_url,
            forum.username,
            forum.password.read(),
            now=clock,
            page_dir=state_dir / "pages",
            request_interval=forum.request_interval.total_seconds(),
            allow_plain_http=forum.allow_plain_http,
        )
    from autogm.adapters.phpbb.forum import PhpBBForum

    return PhpBBForum(
        forum.base_url,
        forum.username,
        forum.password.read(),
        now=clock,
        page_dir=state_dir / "pages",
        request_interval=forum.request_interval.total_seconds(),
        flood_interval=None if forum.send_interval is None else forum.send_interval.total_seconds(),
        allow_plain_http=forum.allow_plain_http,
    )


def read_patiently(forum: Forum, read: Callable[[], Any], sleep: Callable[[float], None]) -> Any:
    """A forum read: short flood waits are slept, an expired session is renewed once."""
    logins = 0
    while True:
        try:
            return read()
        except FloodLimited as exc:
            if exc.wait_seconds > MAX_READ_WAIT:
                raise
            sleep(exc.wait_seconds + 1)
        except SessionExpired:
            logins += 1
            if logins > 1:
                raise
            forum.login()
