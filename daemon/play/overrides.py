"""GM overrides: the ``[overrides:GAME]`` sections of config.ini, re-read at every poll.

Each line is ``label = command``. The label is the line's identity: once applied, a line is
recorded in the store's ``overrides`` table and never applied again, however often the file
is re-read. Changing the command of an applied label is refused (the GM adds a new label);
a line whose application failed (an unknown order id, say) may be corrected in place.

What the daemon can do itself (pause, deadlines, player accounts, order states, resending)
happens here, in one transaction with the record of it. What changes the game itself
(a modkill's death, a replacement in the engine state, a correction of the game's facts) is
passed to the engine through the ``on_apply`` hook inside the same transaction. A note is
kept with the game and changes nothing (``notes()``).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from autogm.daemon.config.ini import unreadable
from autogm.daemon.config.overrides import (  # noqa: F401 - the commands, for the appliers
    PHASE,
    Command,
    Correction,
    CorrectOrder,
    End,
    Extend,
    GmText,
    Inactivity,
    Modkill,
    Note,
    NotYet,
    Override,
    OverrideError,
    OverrideLines,
    Pause,
    ReplacePlayer,
    Resend,
    Resume,
    SetDeadline,
    VoidOrder,
    parse_command,
    read_overrides,
)
from autogm.daemon.outbox import outbox
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import OrderRow, from_json, iso, to_json
from autogm.engine.phases import Phase

log = logging.getLogger(__name__)


EngineHook = Callable[[Store, Override, datetime], None]


@dataclass(frozen=True, slots=True)
class Outcome:
    override: Override
    result: str  # "applied", "error: ..." (may be corrected in place) or "refused: ..."


def apply_overrides(
    store: Store, overrides: list[Override], now: datetime, on_apply: EngineHook | None = None
) -> list[Outcome]:
    """Apply each override not applied before; returns what happened to the new ones."""
    outcomes = []
    for override in overrides:
        previous = store.rows(
            "SELECT command, result FROM overrides WHERE game = ? AND label = ?",
            [override.game, override.label],
        )
        if previous and previous[0]["command"] == override.text:
            continue
        if previous and not previous[0]["result"].startswith("error"):
            outcomes.append(_refuse_change(store, override, previous[0]["command"], now))
            continue
        outcomes.append(_apply_one(store, override, now, on_apply))
    return outcomes


def _apply_one(
    store: Store, override: Override, now: datetime, on_apply: EngineHook | None
) -> Outcome:
    parsed = {"type": type(override.command).__name__, **dataclasses.asdict(override.command)}
    try:
        with store.atomic():
            # The effect returns what it settled (the phase it chose, a new order's id).
            parsed |= _EFFECTS[type(override.command)](store, override, now)
            if on_apply is not None:
                on_apply(store, override, now)
            result = "applied"
            _record(store, override, parsed, result, now)
    except NotYet as exc:
        log.debug("%s", override.where.error(f"override waits: {exc}"))
        return Outcome(override, f"waiting: {exc}")
    except Exception as exc:
        # Whatever went wrong, the line's own transaction is undone, it is recorded (so it is
        # said once, not at every poll) and the lines after it apply.
        why = str(exc) if isinstance(exc, OverrideError) else unreadable(exc)
        result = f"error: {why}"
        _record(store, override, parsed, result, now)
        log.warning("%s", override.where.error(f"override not applied: {why}"))
        if not isinstance(exc, OverrideError):
            log.debug("override %s", override.label, exc_info=True)
    details = {"label": override.label, "command": override.text, "result": result}
    store.log("override", details | {"parsed": parsed}, now, override.game)
    return Outcome(override, result)


def report_once(
    store: Store, game: str | None, kind: str, key: str, now: datetime, text: str
) -> None:
    """Log ``text`` and keep it in the event log, unless the same ``key`` was told before."""
    if any(e["details"].get("key") == key for e in store.events(game, kind)):
        return
    store.log(kind, {"key": key}, now, game)
    log.warning("%s", text)


def _record(
    store: Store, override: Override, parsed: dict[str, Any], result: str, now: datetime
) -> None:
    store.execute(
        "INSERT INTO overrides (game, label, command, parsed, applied_at, result)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game, label) DO UPDATE SET"
        " command = excluded.command, parsed = excluded.parsed,"
        " applied_at = excluded.applied_at, result = excluded.result",
        [override.game, override.label, override.text, to_json(parsed), iso(now), result],
    )


def _refuse_change(store: Store, override: Override, applied: str, now: datetime) -> Outcome:
    result = f"refused: label {override.label!r} was applied as {applied!r}; add a new label"
    # Logged once per changed text, not at every poll.
    seen = store.events(override.game, "override.refused")
    if not any(e["details"].get("command") == override.text for e in seen):
        details = {"label": override.label, "command": override.text}
        store.log("override.refused", details, now, override.game)
        log.warning("%s", override.where.error(result))
    return Outcome(override, result)


# ---------------------------------------------------------------- the daemon's own effects
# Each takes (store, override, now), raises OverrideError when it cannot apply, and returns
# what it settled, stored with the override (notes() reads the phase a note was for).

Settled = dict[str, Any]


def _game(store: Store, name: str) -> dict[str, Any]:
    game = store.game(name)
    if game is None:
        raise OverrideError(f"game {name} has not started")
    return game


def _set_status(store: Store, override: Override, now: datetime, want: str, from_: str) -> Settled:
    game = _game(store, override.game)
    if game["status"] != from_:
        raise OverrideError(f"the game is {game['status']}, not {from_}")
    store.update_game(override.game, now, status=want)
    return {}


def _end(store: Store, override: Override, now: datetime) -> Settled:
    game = _game(store, override.game)
    if game["status"] in ("ended", "archived"):
        raise OverrideError(f"the game is already {game['status']}")
    store.update_game(override.game, now, status="ended")
    return {}


def _open_phase(store: Store, game: str, phase: str | None) -> str:
    current = _game(store, game)["phase"]
    name = phase or current
    row = store.phase(game, name) if name else None
    if row is None and name and (current is None or _later(name, current)):
        # An override written ahead ("extend Day 3 by 12h" before a holiday, or during the
        # sign-ups before any phase) waits for its phase instead of failing for good.
        raise NotYet(f"phase {name} is not open yet")
    if row is None or row.closed_at is not None:
        raise OverrideError(f"phase {name or '(none)'} is not open")
    return row.name


def _later(name: str, current: str) -> bool:
    try:
        return Phase.parse(name) > Phase.parse(current)
    except ValueError:
        return False


def _extend(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, Extend)
    name = _open_phase(store, override.game, command.phase)
    row = store.phase(override.game, name)
    if row is None or row.deadline is None:
        raise OverrideError(f"phase {name} has no deadline to extend")
    store.set_deadline(override.game, name, row.deadline + command.by)
    return {"phase": name, "deadline": iso(row.deadline + command.by)}


def _set_deadline(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, SetDeadline)
    name = _open_phase(store, override.game, command.phase)
    store.set_deadline(override.game, name, command.at)
    return {"phase": name}


def _player(store: Store, game: str, name: str) -> dict[str, Any]:
    for player in store.players(game):
        if player["name"].casefold() == name.casefold():
            return player
    raise OverrideError(f"no player {name!r} in {game}")


def _replace(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, ReplacePlayer)
    old = _player(store, override.game, command.old)
    if any(p["name"].casefold() == command.new.casefold() for p in store.players(override.game)):
        raise OverrideError(f"{command.new!r} already plays in {override.game}")
    store.replace_player(override.game, old["name"], command.new, now)
    return {"old": old["name"]}


def _modkill(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, Modkill)
    player = _player(store, override.game, command.player)
    store.set_player_status(override.game, player["name"], "modkilled")
    return {"player": player["name"]}


def _order(store: Store, override: Override, order_id: int) -> OrderRow:
    order = store.order(order_id)
    if order is None or order.game != override.game:
        raise OverrideError(f"no order {order_id} in {override.game}")
    return order


def _void(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, VoidOrder)
    _order(store, override, command.order_id)
    store.void_order(command.order_id, f"voided by the GM ({override.label})", now)
    return {}


def _correct(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, CorrectOrder)
    order = _order(store, override, command.order_id)
    store.void_order(order.id, f"corrected by the GM ({override.label})", now)
    new_id = store.add_order(order.game, order.phase, order.player, command.text, now, source="gm")
    return {"new_order": new_id}


def _inactivity(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, Inactivity)
    if not store.players(override.game):
        # Written during the sign-ups (a player who said they will be away): it waits.
        raise NotYet("the game has not been dealt yet")
    if command.player is None:
        return {"player": None}
    return {"player": _player(store, override.game, command.player)["name"]}


def _note(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, Note)
    return {"phase": _open_phase(store, override.game, command.phase)}


def _correction(store: Store, override: Override, now: datetime) -> Settled:
    # The engine applies it (the on_apply hook), in this transaction; here only the game must
    # be in play.
    game = _game(store, override.game)
    if game["status"] not in ("running", "paused"):
        raise OverrideError(f"the game is {game['status']}: nothing to correct")
    return {"phase": game["phase"]}


def _resend(store: Store, override: Override, now: datetime) -> Settled:
    command = override.command
    assert isinstance(command, Resend)
    row = outbox.get(store, command.outbox_id)
    if row is None or row.game != override.game:
        raise OverrideError(f"no outbox message {command.outbox_id} in {override.game}")
    return {"sent_as": outbox.resend(store, row.id, override.label, now)}


_EFFECTS: dict[type, Callable[[Store, Override, datetime], Settled]] = {
    Pause: lambda store, o, now: _set_status(store, o, now, "paused", "running"),
    Resume: lambda store, o, now: _set_status(store, o, now, "running", "paused"),
    Extend: _extend,
    SetDeadline: _set_deadline,
    ReplacePlayer: _replace,
    Modkill: _modkill,
    Inactivity: _inactivity,
    VoidOrder: _void,
    CorrectOrder: _correct,
    Note: _note,
    Correction: _correction,
    GmText: _correction,
    Resend: _resend,
    End: _end,
}


def notes(store: Store, game: str, phase: str) -> list[str]:
    """The GM's notes for a phase, in the order they were applied."""
    found = store.rows(
        "SELECT parsed FROM overrides WHERE game = ? AND result = 'applied'"
        " ORDER BY applied_at, rowid",
        [game],
    )
    parsed = [from_json(row["parsed"]) for row in found]
    return [p["text"] for p in parsed if p["type"] == "Note" and p["phase"] == phase]
