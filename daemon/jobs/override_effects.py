"""What the GM's overrides change in a game, beyond the store rows ``daemon.play.overrides`` writes:
the posts that announce them, the engine's own GM orders, and orders the GM corrected."""

from __future__ import annotations

import functools
import logging
from datetime import datetime

from autogm.daemon.config.ini import ConfigError
from autogm.daemon.config.model import GameConfig
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox import sending
from autogm.daemon.play import games, overrides, texts
from autogm.daemon.play.games import GM_PLAYER
from autogm.daemon.play.overrides import (
    Correction,
    End,
    Extend,
    GmText,
    Modkill,
    Override,
    OverrideError,
    ReplacePlayer,
    SetDeadline,
)
from autogm.daemon.store.db import Store
from autogm.engine.session import ORDER, OVERRIDE

log = logging.getLogger(__name__)


def apply_overrides(daemon: Runtime, store: Store, forum: str, now: datetime) -> None:
    """The GM's new override lines for the games on ``forum`` that have started.

    A line is new until the store records it with its text (applied, refused or failed);
    three reads find what is new for every game at once, so an idle poll costs the same
    for one game as for fifty."""
    try:
        found: overrides.OverrideLines | None = daemon.read_overrides()
    except ConfigError as exc:
        # The file itself cannot be read (a broken section header): said once per problem.
        told = f"overrides not applied until the file is fixed: {exc}"
        overrides.report_once(store, None, "overrides.unreadable", str(exc), now, told)
        found = None
    started = {row["name"] for row in store.rows("SELECT name FROM games")}
    recorded = {
        (row["game"], row["label"], row["command"])
        for row in store.rows("SELECT game, label, command FROM overrides")
    }
    # A GM text approved with `autogm approve GAME KIND N` waits as a pending order of the
    # GM's, as does an order the GM corrected (the partial index orders_pending finds them).
    waiting = store.rows("SELECT DISTINCT game FROM orders WHERE state = 'pending'")
    pending = {row["game"] for row in waiting}
    on_apply = functools.partial(_engine_hook_kept, daemon)
    games = {cfg.name for cfg in daemon.games_on(forum)}
    for refused in found.refused if found else ():
        # Each line stands alone: one that cannot be read is said once, and skipped.
        if refused.game in games or not refused.label:
            game = refused.game if refused.game in games else None
            told = f"{refused.error}; the line is skipped, the others apply"
            overrides.report_once(store, game, "override.unreadable", str(refused.error), now, told)
    for cfg in daemon.games_on(forum):
        if cfg.name not in started:
            continue
        lines = found.get(cfg.name, ()) if found else ()
        new = [o for o in lines if (o.game, o.label, o.text) not in recorded]
        if not new and cfg.name not in pending:
            continue
        try:
            if new:
                overrides.apply_overrides(store, new, now, on_apply=on_apply)
            _feed_pending(daemon, store, cfg, now)
        except Exception:
            log.exception("%s: overrides could not be applied", cfg.name)
            daemon.drop_lent(store)  # a session may hold what the store rolled back


def _engine_hook_kept(daemon: Runtime, store: Store, override: Override, now: datetime) -> None:
    """``engine_hook``, and when it fails, the job's kept sessions dropped: the override's
    transaction is rolled back and the line recorded as failed (the others still apply), so a
    session it fed part of would hold what the store does not."""
    try:
        engine_hook(daemon, store, override, now)
    except Exception:
        daemon.drop_lent(store)
        raise


def engine_hook(daemon: Runtime, store: Store, override: Override, now: datetime) -> None:
    """What an override changes in the game itself, in the override's transaction."""
    cfg = daemon.config.games[override.game]
    command = override.command
    key = f"override:{cfg.name}:{override.label}"
    if isinstance(command, End):
        body = texts.say("topic.game_ended") + (f" {command.text}" if command.text else "")
        sending.post(store, cfg, body, key, now)
    elif isinstance(command, Extend | SetDeadline):
        # Players learn of a new deadline from the topic, not from the next reminder.
        name = command.phase or (store.game(cfg.name) or {}).get("phase")
        row = store.phase(cfg.name, name) if name else None
        if row is not None and row.deadline is not None:
            body = texts.deadline_moved_post(name, row.deadline, cfg.dates)
            sending.post(store, cfg, body, key, now)
    elif isinstance(command, Modkill | ReplacePlayer | Correction | GmText):
        _apply_gm_order(daemon, store, cfg, override, key, now)


def _apply_gm_order(
    daemon: Runtime, store: Store, cfg: GameConfig, override: Override, key: str, now: datetime
) -> None:
    """A modkill, a substitution or a correction: an order of the GM's, fed to the engine and
    stored, so that every rebuild and the archive make it again at the same point."""
    live = daemon.live(store, cfg.name)
    try:
        public, private = games.apply_gm(live, override.text)
    except games.EngineOverrideError as exc:
        raise OverrideError(str(exc)) from exc
    order_id = store.add_order(cfg.name, live.phase, GM_PLAYER, override.text, now, source="gm")
    store.judge_order(order_id, {"feed": OVERRIDE, "label": override.label}, True, None, now)
    is_text = isinstance(override.command, GmText)
    send_gm_notices(store, cfg, public, private, key, now, text=is_text)
    command = override.command
    if isinstance(command, ReplacePlayer):
        # The substitute gets the slot's role PM; a slot not told its role yet (Prep) is
        # told when Prep ends, under the new account's name.
        new = command.new
        lines = live.role_pms.get(new)
        if lines:
            body = "\n".join([texts.substitute_line(cfg.name, command.old), *lines])
            role_key = f"role:{cfg.name}:{new}"
            sending.pm(store, cfg, new, texts.role_subject(cfg.name), body, role_key, now)


def send_gm_notices(
    store: Store,
    cfg: GameConfig,
    public: list[str],
    private: dict[str, list[str]],
    key: str,
    now: datetime,
    *,
    text: bool = False,
) -> None:
    """What a GM order announces, sent at once: a post, and a PM to each player it tells."""
    if public:
        sending.post(store, cfg, "\n".join(public), key, now)
    what = "from the GM" if text else "a correction by the GM"
    for player, lines in private.items():
        subject = f"{cfg.name}: {what}"
        sending.pm(store, cfg, player, subject, "\n".join(lines), f"{key}:{player}", now)


def _feed_pending(daemon: Runtime, store: Store, cfg: GameConfig, now: datetime) -> None:
    """Orders the GM wrote (``correct order``): read now, and answered like a PM."""
    pending = store.rows(
        "SELECT id FROM orders WHERE game = ? AND state = 'pending' ORDER BY id", [cfg.name]
    )
    if not pending:
        return
    with store.atomic():
        live = daemon.live(store, cfg.name)
        for row in pending:
            order = store.order(row["id"])
            assert order is not None
            if order.player == GM_PLAYER:
                _apply_pending_text(store, cfg, live, order.id, order.raw, now)
                continue
            if order.phase != live.phase:
                store.void_order(order.id, f"its phase {order.phase} has closed", now)
                continue
            parsed = live.session.feed(order.player, order.raw, ORDER)
            assert parsed is not None
            if _fed_late(store, cfg.name, order.id):
                # A rebuild feeds it in the store's order, before later messages this
                # session has been fed: the next use of the game rebuilds it so.
                daemon.forget(cfg.name)
            record = {"feed": ORDER, "accepted": [o.to_record() for o in parsed.accepted]}
            store.judge_order(order.id, record, bool(parsed.accepted), None, now)
            body = texts.say("answer.corrected") + "\n" + games.acknowledge(parsed, live.state)
            subject = f"{cfg.name}: your orders"
            key = f"corrected:{cfg.name}:{order.id}"
            sending.pm(store, cfg, order.player, subject, body, key, now)


def _fed_late(store: Store, game: str, order_id: int) -> bool:
    """Whether an order of ``game`` stored after ``order_id`` was fed before it."""
    return bool(
        store.rows(
            "SELECT 1 FROM orders WHERE game = ? AND id > ? AND state IN ('accepted', 'rejected')"
            " LIMIT 1",
            [game, order_id],
        )
    )


def _apply_pending_text(
    store: Store, cfg: GameConfig, live: games.LiveGame, order_id: int, command: str, now: datetime
) -> None:
    """A GM text command the CLI wrote (``autogm approve GAME KIND N``): applied in the phase
    open now, stored as the GM's order of it, and sent at once; one the game can no longer
    carry out (approved twice) is voided, and the GM told why."""
    try:
        public, private = games.apply_gm(live, command)
    except games.EngineOverrideError as exc:
        store.void_order(order_id, f"not carried out: {exc}", now)
        sending.to_gm(store, cfg, f"{cfg.name}: '{command}' was not carried out: {exc}",
                      f"text:{order_id}", now)  # fmt: skip
        return
    store.execute("UPDATE orders SET phase = ? WHERE id = ?", [live.phase, order_id])
    store.judge_order(order_id, {"feed": OVERRIDE, "label": "cli"}, True, None, now)
    key = f"gmtext:{cfg.name}:{order_id}"
    send_gm_notices(store, cfg, public, private, key, now, text=True)
