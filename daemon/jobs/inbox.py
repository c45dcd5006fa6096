"""Reading the stored inbox: each unparsed message of a forum routed to its game and player,
then fed to the game as orders, answered as a command, or counted as votes (a topic post).

One transaction per pass, a savepoint per message: a message that breaks the parser or the
engine is answered and logged, and the others go on.
"""

from __future__ import annotations

import logging
from datetime import datetime

from autogm.daemon.config.model import AckScope, GameConfig
from autogm.daemon.jobs import instants, signup_topic, votes_topic
from autogm.daemon.jobs.batch import Batch
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox import sending
from autogm.daemon.play import commands, games, texts
from autogm.daemon.play.games import LiveGame
from autogm.daemon.play.phases import open_deadline, read_after_close
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import InboxMessage
from autogm.engine.orders.model import ParsedPM
from autogm.engine.orders.parse import MAX_PM_CHARS
from autogm.engine.session import ORDER, WILL

log = logging.getLogger(__name__)


def process_inbox(daemon: Runtime, store: Store, forum: str, now: datetime) -> int:
    """Parse every stored, unparsed message of ``forum``; returns how many were handled."""
    messages = store.unparsed(forum)
    if not messages:
        return 0
    batch = Batch()
    handled = 0
    with store.atomic():
        for message in messages:
            try:
                with store.atomic():
                    handled += _handle(daemon, store, message, batch, now)
            except Exception as exc:
                # A message that breaks the parser or the engine is answered and logged;
                # the other messages go on. The games' sessions may hold half of it: they
                # are rebuilt from the store at their next use.
                log.exception(
                    "message %s from %s could not be read", message.forum_id, message.author
                )
                daemon.drop_lent(store)
                _unreadable(store, message, exc, now)
                handled += 1
        _send_folded(daemon, store, batch, messages, now)
    return handled


def _send_folded(
    daemon: Runtime, store: Store, batch: Batch, messages: list[InboxMessage], now: datetime
) -> None:
    """``acknowledge = batched``: one answer per player per pass. A player who sent one PM
    gets the same reply as with ``on``; several PMs get one PM with every answer, in order."""
    for (game, player), answers in batch.batched.items():
        if len(answers) == 1:
            message, answer, phase = answers[0]
            sending.answer(store, message, game, answer, now, recipient=player, phase=phase)
            continue
        cfg = daemon.config.games[game]
        key = f"acks:{game}:{player}:{min(m.id for m in messages)}"
        body = "\n\n".join(answer for _, answer, _ in answers)
        sending.pm(store, cfg, player, f"{game}: your orders", body, key, now)


def _unreadable(store: Store, message: InboxMessage, exc: Exception, now: datetime) -> None:
    with store.atomic():
        store.set_parsed(message.id, now, message.game)
        details = {"inbox": message.id, "author": message.author, "error": repr(exc)}
        store.log("inbox.unreadable", details, now, message.game)
        if message.kind == "pm":
            body = texts.unreadable_answer(message.text)
            subject = sending.reply_subject(message.subject, "your message")
            sending.answer(store, message, message.game, body, now, subject=subject)


def _route(
    daemon: Runtime, store: Store, message: InboxMessage, batch: Batch
) -> tuple[str, str] | str | None:
    """(game, player) for the author, an answer to send instead, or None (not a player)."""
    forum_games = {g.name for g in daemon.games_on(message.forum)}
    active, replaced = [], []
    for seat in batch.seats(store, message.author):
        if seat.game in forum_games:
            (replaced if seat.status == "replaced" else active).append((seat.game, seat.name))
    if len(active) > 1:
        subject = (message.subject or "").casefold()
        named = [entry for entry in active if entry[0].casefold() in subject]
        if len(named) == 1:
            return named[0]
        return texts.which_game_answer([game for game, _ in active])
    if active:
        return active[0]
    if replaced:
        return texts.replaced_answer(replaced[0][0])
    return None


def _unrouted(store: Store, message: InboxMessage, answer: str | None, now: datetime) -> None:
    """A PM that no game takes: answered with why (once to an author who plays nowhere, so
    that a stranger or another bot is not answered forever)."""
    store.set_parsed(message.id, now)
    if answer is not None:
        sending.answer(store, message, None, answer, now)
        return
    author = message.author.casefold()
    told = any(
        str(e["details"].get("author", "")).casefold() == author
        for e in store.events(None, "inbox.not-a-player")
    )
    store.log("inbox.not-a-player", {"inbox": message.id, "author": message.author}, now)
    if not told:
        finished = [
            g["name"]
            for g in store.games("ended", "archived")
            if any(p["name"].casefold() == author for p in store.players(g["name"]))
        ]
        sending.answer(store, message, None, texts.not_a_player_answer(finished), now)


def _handle(
    daemon: Runtime, store: Store, message: InboxMessage, batch: Batch, now: datetime
) -> int:
    """1 once the message is handled, 0 if it waits for the open phase to close."""
    if message.kind != "pm":
        signup_game = signup_topic.game_of(daemon, message)
        if signup_game is not None and not _in_play_topic(store, signup_game):
            return signup_topic.handle_post(daemon, store, signup_game, message, now)
        return votes_topic.handle_post(daemon, store, message, batch, now)
    if message.author.casefold() == daemon.config.forums[message.forum].username.casefold():
        # The GM account's PM to itself (`autogm check-forum --flood` measures with them):
        # kept, never answered.
        store.set_parsed(message.id, now)
        return 1
    route = _route(daemon, store, message, batch)
    if route is None or isinstance(route, str):
        _unrouted(store, message, route, now)
        return 1
    game, player = route
    cfg = daemon.config.games[game]
    deadline = open_deadline(store, game)
    if deadline is not None:
        status = store.game(game)["status"]  # type: ignore[index]
        if read_after_close(status, deadline, message.sent_at):
            return 0  # for the next phase: read once this one has closed
    live = daemon.live(store, game)
    command = commands.read_command(message.text)
    if command is None:
        _take_order(store, cfg, live, player, message, deadline, batch, now)
        return 1
    answer = commands.answer_command(store, live, cfg, player, command, message, now)
    store.set_parsed(message.id, now, game)
    sending.answer(store, message, game, answer, now, recipient=player)
    return 1


def _in_play_topic(store: Store, cfg: GameConfig) -> bool:
    """A sign-up topic that is also the game topic belongs to the game once it is in play."""
    info = store.game(cfg.name)
    playing = info is not None and info["status"] != "setup"
    return playing and cfg.signups is not None and cfg.signups.topic == cfg.topic


def _take_order(
    store: Store,
    cfg: GameConfig,
    live: LiveGame,
    player: str,
    message: InboxMessage,
    deadline: datetime | None,
    batch: Batch,
    now: datetime,
) -> None:
    """An order PM: stored, fed to the game, judged and acknowledged as ``acknowledge`` says."""
    locked = deadline is not None and cfg.orders_locked(deadline, message.sent_at)
    how = WILL if locked else ORDER
    order_id = store.add_order(
        cfg.name, live.phase, player, message.source, now, inbox_id=message.id
    )
    parsed = live.session.feed(player, message.source, how)
    assert parsed is not None
    if len(message.source) > MAX_PM_CHARS:
        # The engine refused to read it and told the player; the GM's note is the event.
        details = {"inbox": message.id, "author": player, "characters": len(message.source)}
        store.log("inbox.too-long", details, now, cfg.name)
    record = {
        "feed": how,
        "accepted": [o.to_record() for o in parsed.accepted],
        "rejected": [r.to_record() for r in parsed.rejected],
        "no_action": parsed.no_action,
    }
    # "No action" is an order too (docs/rulings.md, "What counts as activity").
    took = bool(parsed.accepted or parsed.unvote or parsed.no_action or parsed.will is not None)
    reason = "; ".join(r.reason for r in parsed.rejected) or None
    if locked and (parsed.accepted or parsed.no_action):
        # Within the lock only the will may still change: the actions are refused.
        took, reason = parsed.will is not None, "action lock"
        answer = texts.locked_answer(deadline, cfg.dates, parsed.will is not None)  # type: ignore[arg-type]
    else:
        answer = games.acknowledge(parsed, live.state) if _worth_answering(cfg, parsed) else None
    store.judge_order(order_id, record, took, reason, now)
    instants.announce(store, cfg, live, now)
    store.set_parsed(message.id, now, cfg.name)
    if answer is not None:
        _acknowledge(store, cfg, message, player, answer, live.phase, batch, now)


def _worth_answering(cfg: GameConfig, parsed: ParsedPM) -> bool:
    """Every order PM is answered, unless ``acknowledge_only = refusals``: then only one of
    which something was refused or asked about, or that changed what was held or read
    (an earlier order replaced, a name read loosely, an unvote, "no action")."""
    if cfg.acknowledge_only is AckScope.ALL:
        return True
    return bool(parsed.rejected or parsed.notes or parsed.unvote or parsed.no_action)


def _acknowledge(
    store: Store,
    cfg: GameConfig,
    message: InboxMessage,
    player: str,
    answer: str,
    phase: str,
    batch: Batch,
    now: datetime,
) -> None:
    """What the parser understood: answered now, one PM per poll (batched), or not at all."""
    if cfg.acknowledge == "on":
        sending.answer(store, message, cfg.name, answer, now, recipient=player, phase=phase)
    elif cfg.acknowledge == "batched":
        batch.batched.setdefault((cfg.name, player), []).append((message, answer, phase))
