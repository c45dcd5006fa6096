"""A post kept up to date: created once, then edited when its text changes (the running vote
count of a day, the sign-up list)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from autogm.adapters.base import PostRef
from autogm.daemon.outbox import outbox
from autogm.daemon.outbox.message import Outgoing
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import from_json


def edit_key(base: str, number: int) -> str:
    """The key of the ``number``-th edit of the post kept under ``base``."""
    return f"{base}:edit:{number}"


def keep_post(
    store: Store,
    forum: str,
    game: str,
    phase: str | None,
    topic: str,
    base: str,
    body: str,
    now: datetime,
) -> None:
    """Post ``body`` in ``topic`` under the key ``base`` the first time; later, edit that post
    when the text changed (or change the queued post, not sent yet)."""
    rows = store.rows(
        "SELECT id, kind, body, state, forum_ref FROM outbox"
        " WHERE dedupe_key = ? OR dedupe_key LIKE ? ORDER BY id",
        [base, f"{base}:edit:%"],
    )
    if not rows:
        message = Outgoing(forum, "post", base, body, game, phase, topic=topic)
        outbox.enqueue(store, message, now)
        return
    _revise(store, forum, game, phase, base, rows, body, now)


def _revise(
    store: Store,
    forum: str,
    game: str,
    phase: str | None,
    base: str,
    rows: list[dict[str, Any]],
    body: str,
    now: datetime,
) -> None:
    last = rows[-1]
    if last["body"] == body:
        return
    if last["state"] == "queued":
        # Not sent yet: it goes out with the new text instead.
        store.execute(
            "UPDATE outbox SET body = ? WHERE id = ? AND state = 'queued'", [body, last["id"]]
        )
        return
    ref = from_json(rows[0]["forum_ref"]) if rows[0]["state"] == "sent" else None
    if not ref or last["state"] in ("sending", "unknown"):
        return  # the post's fate is not settled yet: the next poll tries again
    target = PostRef(ref["topic"], ref["post_id"])
    message = Outgoing(forum, "edit", edit_key(base, len(rows)), body, game, phase, target=target)
    outbox.enqueue(store, message, now)
