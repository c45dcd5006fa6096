"""A game the forum shows and the store does not: the state file was emptied or replaced.

Dealing such a game again would announce it twice and send every role PM again (an
emptied store doubled 12 PMs, without a warning). So before a game the store does not know is
dealt or announced (at ``autogm run``'s start, and in the start job), its topics are read for
what autogm already posted there: every message the outbox sends ends with a marker derived
from its key (daemon/outbox/message.py), and the game's opening post and its sign-up list
have keys of their own (daemon/outbox/keys.py). Posts the GM wrote by hand carry none, and
another game's posts in a topic used again carry other markers.
"""

from __future__ import annotations

from pathlib import Path

from autogm.daemon.config.model import GameConfig
from autogm.daemon.forums import read_patiently
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox import keys
from autogm.daemon.outbox.message import find_marker, marker
from autogm.daemon.store.db import Store


class ForumAhead(Exception):
    """The forum shows a game the state file does not know; the message says what to do."""


def check(daemon: Runtime, store: Store, cfg: GameConfig) -> None:
    """Raise ForumAhead if the forum shows ``cfg``'s game and the store does not know it.

    A game the store knows is not read for: the store and the forum agree on it. A forum that
    cannot be read raises its ForumError: the game is not dealt blind.
    """
    if store.game(cfg.name) is not None:
        return
    where = _posted(daemon, cfg)
    if where is not None:
        raise ForumAhead(refusal(cfg, daemon.config.autogm.state_file, where))


def refusal(cfg: GameConfig, state_file: Path, where: str) -> str:
    return (
        f"{cfg.name}: the forum shows that autogm already posted for this game ({where}), "
        f"but the state file {state_file} has no record of it: it was emptied or replaced. "
        "Nothing was sent; restore it from a backup (docs/running.md, Restoring), or give "
        "the game a new topic to start it afresh"
    )


def _posted(daemon: Runtime, cfg: GameConfig) -> str | None:
    """Where autogm's post that began the game is, by its marker; None if there is none."""
    forum = daemon.forum(cfg.forum)
    account = daemon.config.forums[cfg.forum].username.casefold()
    began = {marker(key) for key in keys.began(cfg.name)}
    topics = [cfg.topic] + ([cfg.signups.topic] if cfg.signups is not None else [])
    for topic in dict.fromkeys(topics):
        posts = read_patiently(forum, lambda t=topic: forum.posts_after(t, None), daemon.sleep)
        for post in posts:
            # The author's own words: a player quoting autogm copies its marker too.
            found = find_marker(post.text) if post.author.casefold() == account else None
            if found in began:
                return f"its post {post.id} in topic {topic}"
    return None
