"""The poll job: read the forum and store what was read verbatim, then hand it on.

A poll: read new private messages (and the new posts of vote topics) and store them with the
new marks, in one transaction → parse each into its game (``daemon.jobs.inbox``) → apply the GM's
overrides → update the vote counts → send the outbox → re-plan the scheduler's jobs.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from datetime import datetime

from autogm.adapters.base import (
    Forum,
    ForumError,
    Interrupted,
    ListsLastPosts,
    PMBatch,
    Post,
    interrupting,
)
from autogm.daemon.config.model import VotesMode
from autogm.daemon.forums import read_patiently
from autogm.daemon.jobs import signup_topic
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.store.db import PM_MARK, Store, topic_mark

log = logging.getLogger(__name__)


def poll(daemon: Runtime, forum: str, now: datetime) -> None:
    """Read, store, parse, answer, apply overrides, send, re-plan. Each step on its own.

    A phase close that comes due meanwhile goes first: the poll's reading stops before its
    next request (a walk over many pages included), it leaves the rest of its steps to the
    next poll (the close reads the forum and the inbox, and sends, itself), and its sending
    stops before the next message or look-up request, so the close starts within one request.
    """
    with daemon.open_store() as store:
        daemon.fetch(store, forum, now, yielding=True)
        if not daemon.close_due():
            daemon.process_inbox(store, forum, now)
            signup_topic.update(daemon, store, forum, now)
            daemon.apply_overrides(store, forum, now)
            daemon.update_vote_counts(store, forum, now)
        daemon.deliver(store, forum, yielding=True)
        daemon.changed(store, now)


def vote_topics(daemon: Runtime, store: Store, forum_name: str) -> list[str]:
    """The topics whose posts are read for votes: games with votes = topic in play."""
    wanted = [g for g in daemon.games_on(forum_name) if g.votes is VotesMode.TOPIC]
    if not wanted:
        return []  # votes by PM: nothing to ask the store
    playing = {g["name"] for g in store.games("running", "paused")}
    return sorted({g.topic for g in wanted if g.name in playing})


def fetch(
    daemon: Runtime,
    store: Store,
    forum_name: str,
    now: datetime,
    also: Sequence[str] = (),
    *,
    yielding: bool = False,
) -> bool:
    """New private messages (and the new posts of vote topics, sign-up topics still taking
    sign-ups, and the topics in ``also``), stored verbatim with the new marks; False if the
    forum failed, or (``yielding``: a poll's reading) if a phase close came due and the
    reading stopped before its next request: nothing read is stored, no mark moves, and the
    close (or the next poll) reads it all again."""
    forum = daemon.forum(forum_name)
    mark = store.mark(forum_name, PM_MARK)
    wanted = vote_topics(daemon, store, forum_name)
    wanted += signup_topic.topics_to_poll(daemon, store, forum_name) + list(also)
    marks = {topic: store.mark(forum_name, topic_mark(topic)) for topic in sorted(set(wanted))}
    try:
        with interrupting(forum, daemon.close_due if yielding else None):
            batch = read_patiently(forum, lambda: forum.new_private_messages(mark), daemon.sleep)
            topics: list[tuple[str, list[Post]]] = []
            for topic in changed_topics(daemon, forum, marks):
                read = functools.partial(forum.posts_after, topic, marks[topic])
                topics.append((topic, read_patiently(forum, read, daemon.sleep)))
    except Interrupted:
        log.info("%s: reading stopped between two requests: a phase close is due", forum_name)
        return False
    except ForumError as exc:
        # An outage, a strange page (saved by the adapter, named in the message): the
        # next poll tries again from the same mark, so nothing is skipped.
        error = f"{type(exc).__name__}: {exc}"
        log.warning("%s: could not read private messages: %s", forum_name, error)
        store.log("poll.failed", {"forum": forum_name, "error": error}, now)
        return False
    _record(store, forum_name, batch, topics, now)
    return True


def changed_topics(daemon: Runtime, forum: Forum, marks: dict[str, str | None]) -> list[str]:
    """The topics of ``marks`` (topic -> the last post read) that may hold new posts: all of
    them, unless the forum lists topics with their last post (``ListsLastPosts``: phpBB's and
    MyBB's forum page, one request for every topic of a forum), when those whose last post is
    the one read already are left out."""
    if not marks or not isinstance(forum, ListsLastPosts):
        return list(marks)
    listed = read_patiently(forum, lambda: forum.last_posts(list(marks)), daemon.sleep)
    return [topic for topic, after in marks.items() if not _read_to(listed.get(topic), after)]


def _read_to(last: str | None, after: str | None) -> bool:
    """Whether the topic's last post (as listed) is the mark, or before it: nothing new. Ids
    are the adapter's: only one that is a plain number (phpBB's) is compared as one; any
    other (MyBB's part of a merged post, "41.2") only by being the mark itself."""
    if not last or not after:
        return False
    return last == after or (last.isdigit() and after.isdigit() and int(last) <= int(after))


def _record(
    store: Store,
    forum_name: str,
    batch: PMBatch,
    topics: list[tuple[str, list[Post]]],
    now: datetime,
) -> None:
    """What was read, stored verbatim; each mark moves in the same write as its messages."""
    store.record_messages(forum_name, batch.messages, now, mark=(PM_MARK, batch.mark))
    if batch.messages:
        log.info("%s: %d new private message(s)", forum_name, len(batch.messages))
    for topic, posts in topics:
        if posts:
            store.record_messages(forum_name, posts, now, mark=(topic_mark(topic), posts[-1].id))
            log.info("%s: %d new post(s) in topic %s", forum_name, len(posts), topic)
