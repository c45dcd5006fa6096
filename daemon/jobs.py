"""The job bodies: poll a forum, start a game, close a phase, remind, count votes, archive.

Each job opens its own store (sqlite3 connections belong to their thread), does its work in
transactions that leave the store consistent at every instant, and is safe to run twice: a
restart after ``kill -9`` at any point repeats at most the step it was in.

A poll: read new private messages and store them verbatim (with the new mark, in one
transaction) → parse each into its game's session, store the order and enqueue the answer
(one transaction per poll, a savepoint per message) → apply the GM's overrides → send the
outbox → re-plan the scheduler's jobs from the store. A phase close polls first (so every
order sent before the deadline is in), then resolves and writes the outcome, every message it
sends and the next phase in one transaction, then sends.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from adapters.base import FloodLimited, Forum, ForumError, PostRef, SessionExpired
from daemon import games, outbox, texts
from daemon.config import Config, ConfigError, ForumConfig, GameConfig, ResultsMode, VotesMode
from daemon.games import (
    FEED_CLEAR,
    FEED_GM,
    FEED_ORDER,
    FEED_POST,
    FEED_WILL,
    GM_PLAYER,
    LiveGame,
)
from daemon.outbox import Outgoing
from daemon.overrides import (
    End,
    Extend,
    Modkill,
    Override,
    OverrideError,
    ReplacePlayer,
    SetDeadline,
    apply_overrides,
    read_overrides,
)
from daemon.scheduler import JobFunctions, reminder_key
from daemon.store import PM_MARK, InboxMessage, Store, from_json, iso, topic_mark

log = logging.getLogger(__name__)

# A forum read that asks us to wait longer than this gives up until the next poll.
MAX_READ_WAIT = 90.0
ARCHIVE_FILE = "archive.db"  # beside the state file
_TAG = re.compile(r"\[/?[a-z*][^\]]*\]", re.IGNORECASE)

ForumFactory = Callable[[ForumConfig], Forum]
Archiver = Callable[[Store, str, datetime], str]


def make_forum(forum: ForumConfig, state_dir: Path, clock: Callable[[], datetime]) -> Forum:
    """The adapter a ``[forum:NAME]`` section names; the password is read only here."""
    if forum.adapter == "local":
        from adapters.local import LocalForum

        assert forum.path is not None
        return LocalForum(forum.path, forum.username, now=clock)
    from adapters.phpbb.forum import PhpBBForum

    assert forum.base_url is not None and forum.password is not None
    return PhpBBForum(
        forum.base_url,
        forum.username,
        forum.password.read(),
        now=clock,
        page_dir=state_dir / "pages",
        request_interval=forum.request_interval.total_seconds(),
        flood_interval=forum.send_interval.total_seconds(),
    )


def read_command(text: str) -> str | None:
    """A player command is a message of one word (``status``, ``orders``...), BBCode aside."""
    words = re.sub(r"[^\w\s]", " ", _TAG.sub(" ", text)).split()
    if len(words) == 1 and words[0].lower() in texts.COMMANDS:
        return words[0].lower()
    return None


@dataclass
class _Batch:
    """What one pass over the inbox built up: rebuilt games, batched answers."""

    lives: dict[str, LiveGame] = field(default_factory=dict)
    batched: dict[tuple[str, str], list[str]] = field(default_factory=dict)


class Daemon:
    """The job functions of one config, with their clock, sleep and forums injected."""

    def __init__(
        self,
        config: Config,
        *,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        sleep: Callable[[float], None] | None = None,
        should_stop: Callable[[], bool] = lambda: False,
        forum_factory: ForumFactory | None = None,
        archiver: Archiver | None = None,
        on_change: Callable[[Store, datetime], Any] | None = None,
    ) -> None:
        self.config = config
        self.clock = clock
        self.sleep = sleep or (lambda seconds: None)
        self.should_stop = should_stop
        state_dir = config.autogm.state_dir
        self.forum_factory = forum_factory or (lambda f: make_forum(f, state_dir, clock))
        self.archiver = archiver or self._archive_to_state_dir
        self.on_change = on_change
        self._forums: dict[str, Forum] = {}
        self._rulesets: dict[str, Any] = {}

    # ------------------------------------------------------------ plumbing

    def open_store(self) -> Store:
        return Store.open(self.config.autogm.state_file)

    def forum(self, name: str) -> Forum:
        if name not in self._forums:
            self._forums[name] = self.forum_factory(self.config.forums[name])
        return self._forums[name]

    def ruleset(self, game: str) -> Any:
        if game not in self._rulesets:
            self._rulesets[game] = games.ruleset_for(self.config.games[game])
        return self._rulesets[game]

    def functions(self) -> JobFunctions:
        return JobFunctions(
            poll=self.poll,
            close_phase=self.close_phase,
            remind=self.remind,
            archive=self.archive,
            start=self.start,
        )

    def live(self, store: Store, game: str) -> LiveGame:
        return games.rebuild(store, game, self.ruleset(game))

    def _archive_to_state_dir(self, store: Store, game: str, now: datetime) -> str:
        from daemon.archive import archive_game

        path = self.config.autogm.state_dir / ARCHIVE_FILE
        summary = archive_game(store, game, path, now)
        return f"{path} ({summary.phases} phases, winner {summary.winner})"

    def _changed(self, store: Store, now: datetime) -> None:
        if self.on_change is not None:
            self.on_change(store, now)

    def _games_on(self, forum: str) -> list[GameConfig]:
        return [g for g in self.config.games.values() if g.forum == forum]

    # ------------------------------------------------------------ poll

    def poll(self, forum: str, now: datetime) -> None:
        """Read, store, parse, answer, apply overrides, send, re-plan. Each step on its own."""
        with self.open_store() as store:
            self.fetch(store, forum, now)
            self.process_inbox(store, forum, now)
            self.apply_overrides(store, forum, now)
            self.update_vote_counts(store, forum, now)
            self.deliver(store, forum)
            self._changed(store, now)

    def _vote_topics(self, store: Store, forum_name: str) -> list[str]:
        """The topics whose posts are read for votes: games with votes = topic in play."""
        playing = {g["name"] for g in store.games("running", "paused")}
        return sorted(
            {
                g.topic
                for g in self._games_on(forum_name)
                if g.votes is VotesMode.TOPIC and g.name in playing
            }
        )

    def fetch(self, store: Store, forum_name: str, now: datetime) -> bool:
        """New private messages (and the new posts of vote topics), stored verbatim with the
        new marks; False if the forum failed."""
        forum = self.forum(forum_name)
        mark = store.mark(forum_name, PM_MARK)
        try:
            batch = self._read(forum, lambda: forum.new_private_messages(mark))
            topics = []
            for topic in self._vote_topics(store, forum_name):
                after = store.mark(forum_name, topic_mark(topic))
                posts = self._read(forum, lambda t=topic, a=after: forum.posts_after(t, a))
                topics.append((topic, posts))
        except ForumError as exc:
            # An outage, a strange page (saved by the adapter, named in the message): the
            # next poll tries again from the same mark, so nothing is skipped.
            log.warning(
                "%s: could not read private messages: %s: %s", forum_name, type(exc).__name__, exc
            )
            store.log(
                "poll.failed", {"forum": forum_name, "error": f"{type(exc).__name__}: {exc}"}, now
            )
            return False
        store.record_messages(forum_name, batch.messages, now, mark=(PM_MARK, batch.mark))
        if batch.messages:
            log.info("%s: %d new private message(s)", forum_name, len(batch.messages))
        for topic, posts in topics:
            if posts:
                store.record_messages(
                    forum_name, posts, now, mark=(topic_mark(topic), posts[-1].id)
                )
                log.info("%s: %d new post(s) in topic %s", forum_name, len(posts), topic)
        return True

    def _read(self, forum: Forum, read: Callable[[], Any]) -> Any:
        """A forum read: short flood waits are slept, an expired session is renewed once."""
        logins = 0
        while True:
            try:
                return read()
            except FloodLimited as exc:
                if exc.wait_seconds > MAX_READ_WAIT:
                    raise
                self.sleep(exc.wait_seconds + 1)
            except SessionExpired:
                logins += 1
                if logins > 1:
                    raise
                forum.login()

    def deliver(self, store: Store, forum_name: str) -> outbox.Report:
        cfg = self.config.forums[forum_name]
        return outbox.deliver(
            store,
            self.forum(forum_name),
            forum_name=forum_name,
            clock=self.clock,
            sleep=self.sleep,
            policy=outbox.Policy(send_interval=cfg.send_interval),
            account=cfg.username,
            should_stop=self.should_stop,
        )

    # ------------------------------------------------------------ the inbox

    def process_inbox(self, store: Store, forum: str, now: datetime) -> int:
        """Parse every stored, unparsed message of ``forum``; returns how many were handled."""
        messages = store.unparsed(forum)
        if not messages:
            return 0
        batch = _Batch()
        handled = 0
        with store.atomic():
            for message in messages:
                try:
                    with store.atomic():
                        handled += self._handle(store, message, batch, now)
                except Exception as exc:
                    # A message that breaks the parser or the engine is answered and logged;
                    # the other messages go on. The rebuilt games may hold half of it: drop them.
                    log.exception(
                        "message %s from %s could not be read", message.forum_id, message.author
                    )
                    batch.lives.clear()
                    self._unreadable(store, message, exc, now)
                    handled += 1
            for (game, player), answers in batch.batched.items():
                cfg = self.config.games[game]
                key = f"acks:{game}:{player}:{min(m.id for m in messages)}"
                self._pm(store, cfg, player, f"{game}: your orders", "\n\n".join(answers), key, now)
        return handled

    def _unreadable(self, store: Store, message: InboxMessage, exc: Exception, now: datetime):
        with store.atomic():
            store.set_parsed(message.id, now, message.game)
            details = {"inbox": message.id, "author": message.author, "error": repr(exc)}
            store.log("inbox.unreadable", details, now, message.game)
            if message.kind == "pm":
                outbox.enqueue(
                    store,
                    Outgoing(
                        forum=message.forum,
                        kind="pm",
                        dedupe_key=f"answer:{message.forum}:{message.id}",
                        body=texts.unreadable_answer(message.text),
                        game=message.game,
                        recipients=(message.author,),
                        subject=_reply_subject(message.subject, "your message"),
                    ),
                    now,
                )

    def _route(self, store: Store, message: InboxMessage) -> tuple[str, str] | str | None:
        """(game, player) for the author, an answer to send instead, or None (not a player)."""
        author = message.author.casefold()
        forum_games = {g.name for g in self._games_on(message.forum)}
        active, replaced = [], []
        for game in store.games("running", "paused"):
            if game["name"] not in forum_games:
                continue
            for player in store.players(game["name"]):
                if player["name"].casefold() != author:
                    continue
                (replaced if player["status"] == "replaced" else active).append(
                    (game["name"], player["name"])
                )
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

    def _handle(self, store: Store, message: InboxMessage, batch: _Batch, now: datetime) -> int:
        if message.kind != "pm":
            return self._handle_post(store, message, batch, now)
        route = self._route(store, message)
        if route is None:
            store.set_parsed(message.id, now)
            store.log("inbox.not-a-player", {"inbox": message.id, "author": message.author}, now)
            return 1
        if isinstance(route, str):
            store.set_parsed(message.id, now)
            self._answer(store, message, None, route, now)
            return 1
        game, player = route
        cfg = self.config.games[game]
        phase_row = _open_phase(store, game)
        if phase_row is not None and phase_row.deadline is not None:
            status = store.game(game)["status"]  # type: ignore[index]
            if status == "running" and message.sent_at >= phase_row.deadline:
                return 0  # for the next phase: read once this one has closed
        live = batch.lives.get(game) or self.live(store, game)
        batch.lives[game] = live
        command = read_command(message.text)
        if command is not None:
            answer = self._command(store, live, cfg, player, command, message, now)
            store.set_parsed(message.id, now, game)
            self._answer(store, message, game, answer, now, recipient=player)
            return 1
        deadline = phase_row.deadline if phase_row else None
        locked = deadline is not None and cfg.orders_locked(deadline, message.sent_at)
        how = FEED_WILL if locked else FEED_ORDER
        order_id = store.add_order(
            game, live.phase, player, message.source, now, inbox_id=message.id
        )
        parsed = games.feed(live.session, player, message.source, how)
        assert parsed is not None
        record = {
            "feed": how,
            "accepted": [o.to_record() for o in parsed.accepted],
            "rejected": [r.to_record() for r in parsed.rejected],
        }
        took = bool(parsed.accepted or parsed.unvote or parsed.will is not None)
        reason = "; ".join(r.reason for r in parsed.rejected) or None
        if locked and parsed.accepted:
            took, reason = parsed.will is not None, "action lock"
            answer = texts.locked_answer(deadline, cfg.timezone, parsed.will is not None)  # type: ignore[arg-type]
        else:
            answer = games.acknowledge(parsed, live.state.phase)
        store.judge_order(order_id, record, took, reason, now)
        store.set_parsed(message.id, now, game)
        if cfg.acknowledge == "on":
            self._answer(store, message, game, answer, now, recipient=player, phase=live.phase)
        elif cfg.acknowledge == "batched":
            batch.batched.setdefault((game, player), []).append(answer)
        return 1

    def _handle_post(
        self, store: Store, message: InboxMessage, batch: _Batch, now: datetime
    ) -> int:
        """A post in a game topic: with ``votes = topic``, by day, its votes are orders."""
        cfg = next(
            (
                g
                for g in self._games_on(message.forum)
                if g.topic == message.topic and g.votes is VotesMode.TOPIC
            ),
            None,
        )
        info = store.game(cfg.name) if cfg else None
        account = self.config.forums[message.forum].username.casefold()
        if (
            cfg is None
            or info is None
            or info["status"] not in ("running", "paused")
            or message.author.casefold() == account
        ):
            store.set_parsed(message.id, now, cfg.name if cfg and info else None)
            return 1
        game = cfg.name
        phase_row = _open_phase(store, game)
        deadline = phase_row.deadline if phase_row else None
        if info["status"] == "running" and deadline is not None and message.sent_at >= deadline:
            return 0  # for the next phase: read once this one has closed
        live = batch.lives.get(game) or self.live(store, game)
        batch.lives[game] = live
        if not games.is_day(live) or not games.has_votes(live, message.source):
            store.set_parsed(message.id, now, game)  # kept verbatim; nothing to count
            return 1
        players = {
            p["name"].casefold(): p["name"]
            for p in store.players(game)
            if p["status"] != "replaced"
        }
        player = players.get(message.author.casefold())
        subject = f"{game}: your vote"
        if player is None:
            body = texts.vote_by_non_player_answer(game, message.text)
            self._answer(store, message, game, body, now, subject=subject)
        elif deadline is not None and cfg.orders_locked(deadline, message.sent_at):
            body = texts.vote_locked_answer(game, message.text, deadline, cfg.timezone)
            self._answer(store, message, game, body, now, recipient=player, subject=subject)
        else:
            order_id = store.add_order(
                game, live.phase, player, message.source, now, source="post", inbox_id=message.id
            )
            votes = games.feed(live.session, player, message.source, FEED_POST)
            assert isinstance(votes, games.PostVotes)
            accepted = [o.to_record() for parsed in votes.read for o in parsed.accepted]
            unvoted = any(parsed.unvote for parsed in votes.read)
            record = {
                "feed": FEED_POST,
                "accepted": accepted,
                "unvote": unvoted,
                "rejected": [{"text": w, "reason": why} for w, why in votes.refused],
            }
            reason = "; ".join(why for _, why in votes.refused) or None
            store.judge_order(order_id, record, bool(accepted or unvoted), reason, now)
            if votes.refused:
                body = texts.vote_refused_answer(game, message.text, votes.refused)
                self._answer(
                    store, message, game, body, now, recipient=player, phase=live.phase,
                    subject=subject,
                )  # fmt: skip
        store.set_parsed(message.id, now, game)
        return 1

    def update_vote_counts(self, store: Store, forum: str, now: datetime) -> None:
        """Keep each day's running vote-count post (``vote_count = on``) up to date: created
        once per day phase, then edited, at most once per poll, when the count changed."""
        for cfg in self._games_on(forum):
            info = store.game(cfg.name)
            if not cfg.vote_count or info is None or info["status"] != "running":
                continue
            row = _open_phase(store, cfg.name)
            if row is None or not row.name.startswith("Day"):
                continue
            try:
                with store.atomic():
                    self._update_vote_count(store, cfg, row.name, now)
            except Exception:
                log.exception("%s: the vote count could not be updated", cfg.name)

    def _update_vote_count(self, store: Store, cfg: GameConfig, phase: str, now: datetime) -> None:
        live = self.live(store, cfg.name)
        count = games.vote_count(live)
        if count is None or live.phase != phase:
            return
        body = count.render_bbcode(texts.vote_count_title(phase))
        base = f"votecount:{cfg.name}:{phase}"
        rows = store.rows(
            "SELECT id, kind, body, state, forum_ref FROM outbox"
            " WHERE dedupe_key = ? OR dedupe_key LIKE ? ORDER BY id",
            [base, f"{base}:edit:%"],
        )
        if not rows:
            if count.ballots:
                self._post(store, cfg, body, base, now, phase=phase)
            return
        last = rows[-1]
        if last["body"] == body:
            return
        if last["state"] == "queued":
            # Not sent yet: it goes out with the new count instead.
            store.execute(
                "UPDATE outbox SET body = ? WHERE id = ? AND state = 'queued'", [body, last["id"]]
            )
            return
        ref = from_json(rows[0]["forum_ref"]) if rows[0]["state"] == "sent" else None
        if not ref or last["state"] in ("sending", "unknown"):
            return  # the post's fate is not settled yet: the next poll tries again
        target = PostRef(ref["topic"], ref["post_id"])
        message = Outgoing(
            cfg.forum, "edit", f"{base}:edit:{len(rows)}", body, cfg.name, phase, target=target
        )
        outbox.enqueue(store, message, now)

    def _answer(
        self,
        store: Store,
        message: InboxMessage,
        game: str | None,
        body: str,
        now: datetime,
        *,
        recipient: str | None = None,
        phase: str | None = None,
        subject: str | None = None,
    ) -> None:
        """The reply to one message: to its author's account, never to anyone else."""
        outbox.enqueue(
            store,
            Outgoing(
                forum=message.forum,
                kind="pm",
                dedupe_key=f"answer:{message.forum}:{message.id}",
                body=body,
                game=game,
                phase=phase,
                recipients=(recipient or message.author,),
                subject=subject or _reply_subject(message.subject, "your orders"),
            ),
            now,
        )

    def _command(
        self,
        store: Store,
        live: LiveGame,
        cfg: GameConfig,
        player: str,
        command: str,
        message: InboxMessage,
        now: datetime,
    ) -> str:
        if command == "status":
            row = _open_phase(store, cfg.name)
            return texts.status_answer(
                cfg.name,
                live.phase,
                row.deadline if row else None,
                cfg.timezone,
                games.alive(live.state),
                waiting_for_gm=row is None,
            )
        if command == "orders":
            orders = games.orders_of(live.session, player)
            return texts.orders_answer(live.phase, orders, games.will_of(live.session, player))
        if command == "clear":
            order_id = store.add_order(
                cfg.name, live.phase, player, message.source, now, inbox_id=message.id
            )
            store.judge_order(order_id, {"feed": FEED_CLEAR}, True, None, now)
            games.feed(live.session, player, message.source, FEED_CLEAR)
            return texts.cleared_answer(live.phase)
        if command == "history":
            return texts.history_answer(history(store, cfg.name, player))
        if command == "role":
            lines = live.role_pms.get(player)
            return "\n".join(lines) if lines else texts.role_not_yet_answer(live.phase)
        return texts.COMMAND_HELP

    # ------------------------------------------------------------ overrides

    def apply_overrides(self, store: Store, forum: str, now: datetime) -> None:
        """The GM's new override lines for the games on ``forum`` that have started."""
        try:
            found = read_overrides(self.config)
        except ConfigError as exc:
            log.error("overrides not applied until this is fixed: %s", exc)
            return
        for cfg in self._games_on(forum):
            if cfg.name not in found or store.game(cfg.name) is None:
                continue
            try:
                apply_overrides(store, found[cfg.name], now, on_apply=self._engine_hook)
                self._feed_pending(store, cfg, now)
            except Exception:
                log.exception("%s: overrides could not be applied", cfg.name)

    def _engine_hook(self, store: Store, override: Override, now: datetime) -> None:
        """What an override changes in the game itself, in the override's transaction."""
        cfg = self.config.games[override.game]
        command = override.command
        if isinstance(command, End):
            body = "[b]The GM has ended the game.[/b]" + (
                f" {command.text}" if command.text else ""
            )
            self._post(store, cfg, body, f"override:{cfg.name}:{override.label}", now)
            return
        if isinstance(command, Extend | SetDeadline):
            # Players learn of a new deadline from the topic, not from the next reminder.
            name = command.phase or (store.game(cfg.name) or {}).get("phase")
            row = store.phase(cfg.name, name) if name else None
            if row is not None and row.deadline is not None:
                body = texts.deadline_moved_post(name, row.deadline, cfg.timezone)
                self._post(store, cfg, body, f"override:{cfg.name}:{override.label}", now)
            return
        if not isinstance(command, Modkill | ReplacePlayer):
            return
        live = self.live(store, cfg.name)
        try:
            notices = games.apply_gm(live, override.text)
        except games.EngineOverrideError as exc:
            raise OverrideError(str(exc)) from exc
        order_id = store.add_order(cfg.name, live.phase, GM_PLAYER, override.text, now, source="gm")
        store.judge_order(order_id, {"feed": FEED_GM, "label": override.label}, True, None, now)
        if notices:
            self._post(store, cfg, "\n".join(notices), f"override:{cfg.name}:{override.label}", now)
        if isinstance(command, ReplacePlayer):
            # The substitute gets the slot's role PM; a slot not told its role yet (Prep) is
            # told when Prep ends, under the new account's name.
            new = command.new
            lines = live.role_pms.get(new)
            if lines:
                body = "\n".join([texts.substitute_line(cfg.name, command.old), *lines])
                key = f"role:{cfg.name}:{new}"
                self._pm(store, cfg, new, texts.role_subject(cfg.name), body, key, now)

    def _feed_pending(self, store: Store, cfg: GameConfig, now: datetime) -> None:
        """Orders the GM wrote (``correct order``): read now, and answered like a PM."""
        pending = [
            row
            for row in store.rows(
                "SELECT id FROM orders WHERE game = ? AND state = 'pending' ORDER BY id", [cfg.name]
            )
        ]
        if not pending:
            return
        with store.atomic():
            live = self.live(store, cfg.name)
            for row in pending:
                order = store.order(row["id"])
                assert order is not None
                if order.phase != live.phase:
                    store.void_order(order.id, f"its phase {order.phase} has closed", now)
                    continue
                parsed = games.feed(live.session, order.player, order.raw, FEED_ORDER)
                assert parsed is not None
                record = {"feed": FEED_ORDER, "accepted": [o.to_record() for o in parsed.accepted]}
                store.judge_order(order.id, record, bool(parsed.accepted), None, now)
                body = "The GM corrected your order.\n" + games.acknowledge(
                    parsed, live.state.phase
                )
                self._pm(
                    store,
                    cfg,
                    order.player,
                    f"{cfg.name}: your orders",
                    body,
                    f"corrected:{cfg.name}:{order.id}",
                    now,
                )

    # ------------------------------------------------------------ sending helpers

    def _post(
        self,
        store: Store,
        cfg: GameConfig,
        body: str,
        key: str,
        now: datetime,
        *,
        phase: str | None = None,
        hold: bool = False,
    ) -> None:
        message = Outgoing(cfg.forum, "post", key, body, cfg.name, phase, topic=cfg.topic)
        outbox.enqueue(store, message, now, hold=hold)

    def _pm(
        self,
        store: Store,
        cfg: GameConfig,
        player: str,
        subject: str,
        body: str,
        key: str,
        now: datetime,
        *,
        phase: str | None = None,
        hold: bool = False,
    ) -> None:
        """A PM to a player's account; refused (and logged) if it is not a current account."""
        current = {p["name"] for p in store.players(cfg.name) if p["status"] != "replaced"}
        if player not in current:
            log.error(
                "%s: not sending %r to %r: not a current player account", cfg.name, key, player
            )
            store.log("outbox.refused", {"key": key, "to": player}, now, cfg.name)
            return
        message = Outgoing(
            cfg.forum, "pm", key, body, cfg.name, phase, recipients=(player,), subject=subject
        )
        outbox.enqueue(store, message, now, hold=hold)

    # ------------------------------------------------------------ start

    def start(self, game: str, now: datetime) -> None:
        """Deal, open Prep, enqueue the role PMs and the start post; then send them."""
        cfg = self.config.games[game]
        with self.open_store() as store:
            if store.game(game) is not None:
                return
            ruleset = self.ruleset(game)
            seed = cfg.seed if cfg.seed is not None else secrets.randbelow(2**31)
            roster = games.deal(cfg, ruleset, seed)
            live = games.begin(game, ruleset, roster, seed)
            phase = live.phase
            deadline = cfg.schedule.deadline(phase, now, cfg.timezone)
            with store.atomic():
                store.add_game(game, cfg.forum, cfg.topic, cfg.ruleset, seed, now)
                start = {"roster": roster, "options": dict(cfg.rule_options)}
                store.update_game(game, now, status="running", state=start)
                for name, role in roster.items():
                    store.add_player(game, name, role, now)
                store.open_phase(game, phase, now, deadline)
                # The engine's opening role PMs: in Prep, only the players with a Prep action
                # are told their role now; the others when Prep ends.
                for name, lines in live.opening.items():
                    self._pm(
                        store,
                        cfg,
                        name,
                        texts.role_subject(game),
                        "\n".join(lines),
                        f"role:{game}:{name}",
                        now,
                        phase=phase,
                    )
                body = texts.start_post(
                    game,
                    cfg.ruleset,
                    list(roster),
                    phase,
                    deadline,
                    cfg.timezone,
                    told=len(set(live.opening) & set(roster)),
                )
                self._post(store, cfg, body, f"start:{game}", now, phase=phase)
                store.log("game.started", {"seed": seed, "phase": phase}, now, game)
            log.info("%s: started (%d players, seed %d)", game, len(roster), seed)
            self.deliver(store, cfg.forum)
            self._changed(store, now)

    # ------------------------------------------------------------ close

    def close_phase(self, game: str, phase: str, now: datetime) -> None:
        cfg = self.config.games[game]
        with self.open_store() as store:
            row = store.phase(game, phase)
            info = store.game(game)
            if row is None or row.closed_at is not None or info is None:
                return
            if info["status"] != "running" or row.deadline is None or row.deadline > now:
                self._changed(store, now)  # paused or moved: let the plan say what is next
                return
            # Every order sent before the deadline must be in: read the forum first, and if
            # it cannot be read, leave the phase open; the next poll's re-plan retries.
            if not self.fetch(store, cfg.forum, now):
                log.warning("%s: %s not closed yet: the forum could not be read", game, phase)
                return
            self.process_inbox(store, cfg.forum, now)
            self.apply_overrides(store, cfg.forum, now)
            row = store.phase(game, phase)
            info = store.game(game)
            if (
                row is not None
                and row.closed_at is None
                and info is not None
                and info["status"] == "running"
                and row.deadline is not None
                and row.deadline <= now
            ):
                self.resolve(store, cfg, now)
                # Messages sent after the deadline waited for this close: now they are read.
                self.process_inbox(store, cfg.forum, now)
            self.deliver(store, cfg.forum)
            self._changed(store, now)

    def resolve(self, store: Store, cfg: GameConfig, now: datetime) -> games.ClosedPhase:
        """Close the open phase: outcome, messages and the next phase in one transaction."""
        live = self.live(store, cfg.name)
        phase = live.phase
        closed = games.close(live)
        hold = cfg.results is ResultsMode.APPROVE
        messages = phase_messages(
            cfg, closed, None if hold else self._next_deadline(cfg, closed, now)
        )
        with store.atomic():
            store.close_phase(cfg.name, phase, now, closed.record())
            for message in messages:
                if message.kind == "pm":
                    self._pm(
                        store,
                        cfg,
                        message.recipients[0],
                        message.subject or "",
                        message.body,
                        message.dedupe_key,
                        now,
                        phase=phase,
                        hold=hold,
                    )
                else:
                    outbox.enqueue(store, message, now, hold=hold)
            for name, status in games.player_statuses(closed.outcome.state).items():
                if status != "alive":
                    store.execute(
                        "UPDATE players SET status = ? WHERE game = ? AND name = ?"
                        " AND status = 'alive'",
                        [status, cfg.name, name],
                    )
            store.log(
                "phase.closed",
                {"phase": phase, "winner": closed.winner, "held": hold},
                now,
                cfg.name,
            )
            if not hold:
                store.execute(
                    "UPDATE phases SET approved_at = ? WHERE game = ? AND name = ?",
                    [iso(now), cfg.name, phase],
                )
                advance(store, cfg, closed.record(), now)
        log.info("%s: %s closed%s", cfg.name, phase, " (results held for approval)" if hold else "")
        return closed

    def _next_deadline(
        self, cfg: GameConfig, closed: games.ClosedPhase, now: datetime
    ) -> datetime | None:
        if closed.winner:
            return None
        return cfg.schedule.deadline(closed.next_phase, now, cfg.timezone)

    # ------------------------------------------------------------ reminders

    def remind(self, game: str, phase: str, before: timedelta, now: datetime) -> None:
        cfg = self.config.games[game]
        with self.open_store() as store:
            row = store.phase(game, phase)
            info = store.game(game)
            if row is None or row.closed_at or row.deadline is None or row.deadline <= now:
                return
            if info is None or info["status"] != "running":
                return
            key = reminder_key(game, phase, before)
            left = row.deadline - now
            with store.atomic():
                body = texts.reminder_post(phase, left, row.deadline, cfg.timezone)
                message = Outgoing(cfg.forum, "post", key, body, game, phase, topic=cfg.topic)
                if outbox.enqueue(store, message, now) is None:
                    return  # this reminder was sent before a restart
                if cfg.remind_by_pm:
                    live = self.live(store, game)
                    for player in silent_players(store, live):
                        body = texts.reminder_pm(game, phase, left, row.deadline, cfg.timezone)
                        self._pm(
                            store,
                            cfg,
                            player,
                            f"{game}: {phase} reminder",
                            body,
                            f"{key}:{player}",
                            now,
                            phase=phase,
                        )
            self.deliver(store, cfg.forum)
            self._changed(store, now)

    # ------------------------------------------------------------ archive

    def archive(self, game: str, now: datetime) -> None:
        with self.open_store() as store:
            info = store.game(game)
            if info is None or info["status"] != "ended":
                return
            cfg = self.config.games[game]
            self.deliver(store, cfg.forum)  # the final post goes out before the archive
            where = self.archiver(store, game, now)
            with store.atomic():
                store.update_game(game, now, status="archived")
                store.log("game.archived", {"where": where}, now, game)
            log.info("%s: archived to %s", game, where)
            self._changed(store, now)


# ---------------------------------------------------------------- helpers used by the CLI too


def _reply_subject(subject: str | None, fallback: str) -> str:
    subject = (subject or "").strip()
    if not subject:
        return f"Re: {fallback}"
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"


def _open_phase(store: Store, game: str):
    rows = [row for row in store.open_phases() if row.game == game]
    return rows[0] if rows else None


def phase_messages(
    cfg: GameConfig, closed: games.ClosedPhase, next_deadline: datetime | None
) -> list[Outgoing]:
    """Everything a phase close sends: the results post, then each player's PM.

    ``next_deadline`` None leaves the next phase's opening out of the post (it is announced
    when the GM approves the results, or there is none: the game is won).
    """
    lines = [texts.phase_results_post(closed.phase, closed.public)]
    if closed.winner:
        lines.append(texts.winner_line(closed.winner))
    elif next_deadline is not None:
        lines.append(texts.phase_opening(closed.next_phase, next_deadline, cfg.timezone))
    base = f"result:{cfg.name}:{closed.phase}"
    messages = [
        Outgoing(
            cfg.forum,
            "post",
            f"{base}:post",
            "\n\n".join(lines),
            cfg.name,
            closed.phase,
            topic=cfg.topic,
        )
    ]
    for player, lines in closed.role_pms.items():
        messages.append(
            Outgoing(
                cfg.forum,
                "pm",
                f"role:{cfg.name}:{player}",
                "\n".join(lines),
                cfg.name,
                closed.phase,
                recipients=(player,),
                subject=texts.role_subject(cfg.name),
            )
        )
    for player, lines in closed.private.items():
        body = texts.private_results(closed.phase, lines)
        messages.append(
            Outgoing(
                cfg.forum,
                "pm",
                f"{base}:{player}",
                body,
                cfg.name,
                closed.phase,
                recipients=(player,),
                subject=texts.results_subject(cfg.name, closed.phase),
            )
        )
    return messages


def advance(store: Store, cfg: GameConfig, record: dict[str, Any], now: datetime) -> str | None:
    """After a phase's results went out: end the game, or open the next phase. Its name."""
    if record.get("winner"):
        store.update_game(cfg.name, now, status="ended")
        store.log("game.ended", {"winner": record["winner"]}, now, cfg.name)
        return None
    name = record["next"]
    deadline = cfg.schedule.deadline(name, now, cfg.timezone)
    store.open_phase(cfg.name, name, now, deadline)
    return name


def awaiting_approval(store: Store, game: str) -> str | None:
    """The closed phase whose results wait for the GM, if any."""
    rows = store.rows(
        "SELECT name FROM phases WHERE game = ? AND closed_at IS NOT NULL AND approved_at IS NULL"
        " ORDER BY id DESC LIMIT 1",
        [game],
    )
    return rows[0]["name"] if rows else None


def approve(store: Store, cfg: GameConfig, now: datetime) -> tuple[str, int, str | None]:
    """Release a phase's held results and open the next phase: (phase, messages, next)."""
    phase = awaiting_approval(store, cfg.name)
    if phase is None:
        raise LookupError(f"{cfg.name}: no results wait for approval")
    row = store.phase(cfg.name, phase)
    assert row is not None
    with store.atomic():
        released = outbox.release(store, cfg.name, phase)
        store.execute(
            "UPDATE phases SET approved_at = ? WHERE game = ? AND name = ?",
            [iso(now), cfg.name, phase],
        )
        opened = advance(store, cfg, row.outcome, now)
        if opened is not None:
            next_row = store.phase(cfg.name, opened)
            assert next_row is not None and next_row.deadline is not None
            body = texts.phase_opening(opened, next_row.deadline, cfg.timezone)
            message = Outgoing(
                cfg.forum,
                "post",
                f"open:{cfg.name}:{opened}",
                body,
                cfg.name,
                opened,
                topic=cfg.topic,
            )
            outbox.enqueue(store, message, now)
        store.log("phase.approved", {"phase": phase, "released": released}, now, cfg.name)
    return phase, released, opened


def history(store: Store, game: str, player: str) -> list[tuple[str, list[str]]]:
    """A player's results PMs, phase by phase, of the phases whose results went out.

    The role PMs are not results (the ``role`` command sends the role PM again): they are
    left out, as are phases that gave the player no result.
    """
    entries = []
    for row in store.rows(
        "SELECT name, outcome FROM phases WHERE game = ? AND approved_at IS NOT NULL ORDER BY id",
        [game],
    ):
        outcome = from_json(row["outcome"]) or {}
        texts_ = list(outcome.get("private", {}).get(player, []))
        for text in outcome.get("role_pms", {}).get(player, []):
            if text in texts_:
                texts_.remove(text)
        if texts_:
            entries.append((row["name"], texts_))
    return entries


def silent_players(store: Store, live: LiveGame) -> list[str]:
    """Players who could act this phase and have sent no order for it."""
    sent = {
        row["player"]
        for row in store.rows(
            "SELECT DISTINCT player FROM orders WHERE game = ? AND phase = ?"
            " AND state = 'accepted'",
            [live.name, live.phase],
        )
    }
    return [p for p in games.can_act(live.state) if p not in sent]
