"""Finding a message of unknown fate on the forum, so that it is never sent twice.

A PM is looked for among our sent PMs (where the adapter can list them: :class:`SentLookup`),
a post among the topic's posts after the last one read before the attempt.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from autogm.adapters.base import PrivateMessage
from autogm.daemon.outbox.message import OutboxRow, is_ours, same_people
from autogm.daemon.outbox.run import Run


@runtime_checkable
class SentLookup(Protocol):
    """The proposed addition to ``adapters.base.Forum``: our own sent PMs since a time.

    Both the sentbox and the outbox must be read on phpBB: a PM stays in the sender's outbox
    until the recipient opens a PM page. Without this method an unknown PM is held for the
    GM (``resend``) instead of being sent a second time.
    """

    def sent_private_messages(self, since: datetime) -> list[PrivateMessage]: ...


UNVERIFIABLE = object()


def look_up(run: Run, row: OutboxRow) -> Any:
    """The forum ref of ``row`` if the forum has it, None if not, or UNVERIFIABLE."""
    if row.kind == "pm":
        forum = run.forum
        if not isinstance(forum, SentLookup):
            return UNVERIFIABLE
        since = (row.attempted_at or run.clock()) - run.policy.lookup_margin
        for pm in run.call(lambda: forum.sent_private_messages(since)):
            # A PM the forum holds without recipients was half written (the forum died
            # between its text and its recipients): it reached nobody, so it is not sent.
            if not pm.recipients or not same_people(pm.recipients, row.recipients):
                continue
            if is_ours(row, pm.source, pm.text):
                return {"id": pm.id, "recipients": list(pm.recipients)}
        return None
    assert row.topic is not None
    for post in run.call(lambda: run.forum.posts_after(row.topic, row.probe_after)):
        if run.account and post.author.casefold() != run.account.casefold():
            continue
        if is_ours(row, post.source, post.text):
            return {"topic": post.topic, "post_id": post.id}
    return None
