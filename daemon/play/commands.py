"""The players' commands: a private message of one word (``status``, ``orders``, ``clear``,
``history``, ``role``), answered from the store and the rebuilt game."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from autogm.daemon.config.model import GameConfig
from autogm.daemon.play import games, texts
from autogm.daemon.play.games import LiveGame
from autogm.daemon.play.phases import open_phase
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import InboxMessage, from_json
from autogm.engine.session import CLEAR

_TAG = re.compile(r"\[/?[a-z*][^\]]*\]", re.IGNORECASE)


@dataclass(frozen=True)
class _Asked:
    """One command PM, with what its answer is made from."""

    store: Store
    live: LiveGame
    cfg: GameConfig
    player: str
    message: InboxMessage
    now: datetime


def read_command(text: str) -> str | None:
    """A player command is a message of one word (``status``, ``orders``...), BBCode aside."""
    words = re.sub(r"[^\w\s]", " ", _TAG.sub(" ", text)).split()
    if len(words) == 1 and words[0].lower() in texts.COMMANDS:
        return words[0].lower()
    return None


def answer_command(
    store: Store,
    live: LiveGame,
    cfg: GameConfig,
    player: str,
    command: str,
    message: InboxMessage,
    now: datetime,
) -> str:
    """The answer to ``command``; a command without one of its own gets the help text."""
    run = _COMMANDS.get(command)
    if run is None:
        return texts.command_help()
    return run(_Asked(store, live, cfg, player, message, now))


def _status(asked: _Asked) -> str:
    row = open_phase(asked.store, asked.cfg.name)
    return texts.status_answer(
        asked.cfg.name,
        asked.live.phase,
        row.deadline if row else None,
        asked.cfg.dates,
        games.alive(asked.live.state),
        waiting_for_gm=row is None,
    )


def _orders(asked: _Asked) -> str:
    session, player = asked.live.session, asked.player
    orders = games.orders_of(session, player)
    return texts.orders_answer(asked.live.phase, orders, games.will_of(session, player))


def _clear(asked: _Asked) -> str:
    store, live, message, now = asked.store, asked.live, asked.message, asked.now
    order_id = store.add_order(
        asked.cfg.name, live.phase, asked.player, message.source, now, inbox_id=message.id
    )
    store.judge_order(order_id, {"feed": CLEAR}, True, None, now)
    live.session.feed(asked.player, message.source, CLEAR)
    return texts.cleared_answer(live.phase)


def _history(asked: _Asked) -> str:
    return texts.history_answer(history(asked.store, asked.cfg.name, asked.player))


def _role(asked: _Asked) -> str:
    lines = asked.live.role_pms.get(asked.player)
    return "\n".join(lines) if lines else texts.role_not_yet_answer(asked.live.phase)


_COMMANDS: dict[str, Callable[[_Asked], str]] = {
    "status": _status,
    "orders": _orders,
    "clear": _clear,
    "history": _history,
    "role": _role,
}


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
