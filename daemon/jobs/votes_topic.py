"""Votes posted in a game topic (``votes = topic``): by day, a post's votes are its author's
vote orders; a vote that cannot count is answered by PM, quoting the post. A family that reads
public orders in the topic (midnight: "declared in the in-game post in the OOC tag") has every
post that holds one read by its reader, and the answer names what was understood."""

from __future__ import annotations

from datetime import datetime

from autogm.daemon.config.model import GameConfig, VotesMode
from autogm.daemon.jobs import instants
from autogm.daemon.jobs.batch import Batch
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox import sending
from autogm.daemon.play import games, texts
from autogm.daemon.play.games import LiveGame
from autogm.daemon.play.phases import open_deadline, read_after_close
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import InboxMessage
from autogm.engine.session import POST, PostVotes


def handle_post(
    daemon: Runtime, store: Store, message: InboxMessage, batch: Batch, now: datetime
) -> int:
    """A post in a game topic: with ``votes = topic``, by day, its votes are orders."""
    cfg = _topic_game(daemon, message)
    info = store.game(cfg.name) if cfg else None
    account = daemon.config.forums[message.forum].username.casefold()
    if (
        cfg is None
        or info is None
        or info["status"] not in ("running", "paused")
        or message.author.casefold() == account
    ):
        store.set_parsed(message.id, now, cfg.name if cfg and info else None)
        return 1
    deadline = open_deadline(store, cfg.name)
    if read_after_close(info["status"], deadline, message.sent_at):
        return 0  # for the next phase: read once this one has closed
    live = daemon.live(store, cfg.name)
    if games.post_has_orders(live, message.author, message.source):
        _read_votes(store, cfg, live, message, deadline, batch, now)
    # Kept verbatim either way; a post by night or without votes counts for nothing.
    store.set_parsed(message.id, now, cfg.name)
    return 1


def _topic_game(daemon: Runtime, message: InboxMessage) -> GameConfig | None:
    """The game whose topic the post is in, if it reads votes there."""
    return next(
        (
            g
            for g in daemon.games_on(message.forum)
            if g.topic == message.topic and g.votes is VotesMode.TOPIC
        ),
        None,
    )


def _read_votes(
    store: Store,
    cfg: GameConfig,
    live: LiveGame,
    message: InboxMessage,
    deadline: datetime | None,
    batch: Batch,
    now: datetime,
) -> None:
    """Count a post's votes if its author may vote now, else tell the author why not."""
    game = cfg.name
    seats = batch.seats(store, message.author)
    player = next((s.name for s in seats if s.game == game and s.status != "replaced"), None)
    subject = f"{game}: your vote"
    if player is None:
        body = texts.vote_by_non_player_answer(game, message.text)
        sending.answer(store, message, game, body, now, subject=subject)
    elif deadline is not None and cfg.orders_locked(deadline, message.sent_at):
        body = texts.vote_locked_answer(game, message.text, deadline, cfg.dates)
        sending.answer(store, message, game, body, now, recipient=player, subject=subject)
    else:
        _count_votes(store, cfg, live, player, message, now)


def _count_votes(
    store: Store,
    cfg: GameConfig,
    live: LiveGame,
    player: str,
    message: InboxMessage,
    now: datetime,
) -> None:
    """A player's post as a vote order: stored, fed, judged; refused votes are answered."""
    game = cfg.name
    order_id = store.add_order(
        game, live.phase, player, message.source, now, source="post", inbox_id=message.id
    )
    votes = live.session.feed(player, message.source, POST)
    assert isinstance(votes, PostVotes)
    accepted = [o.to_record() for parsed in votes.read for o in parsed.accepted]
    unvoted = any(parsed.unvote for parsed in votes.read)
    record = {
        "feed": POST,
        "accepted": accepted,
        "unvote": unvoted,
        "rejected": [{"text": w, "reason": why} for w, why in votes.refused],
    }
    reason = "; ".join(why for _, why in votes.refused) or None
    store.judge_order(order_id, record, bool(accepted or unvoted), reason, now)
    instants.announce(store, cfg, live, now)
    if games.reads_topic_orders(live):
        # Public orders (midnight): the answer names what was understood, as a PM's does;
        # a public order refused or not read is answered even with acknowledgements off.
        if cfg.acknowledge != "off" or any(parsed.rejected for parsed in votes.read):
            body = f"{game}: in your post {texts.quoted(message.text)}" + "\n".join(
                games.acknowledge(parsed, live.state) for parsed in votes.read
            )
            sending.answer(
                store, message, game, body, now, recipient=player, phase=live.phase,
                subject=f"{game}: your post",
            )  # fmt: skip
    elif votes.refused:
        body = texts.vote_refused_answer(game, message.text, votes.refused)
        sending.answer(
            store, message, game, body, now, recipient=player, phase=live.phase,
            subject=f"{game}: your vote",
        )  # fmt: skip
