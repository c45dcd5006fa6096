"""A game's sign-ups in the store: who is in, who waits as a replacement, where the round
stands, and the running list post's text.

A game with ``signups = TOPIC`` gets its ``games`` row (status ``setup``) when its sign-ups
open; ``signup_rounds`` says where they stand: ``open``, ``short`` (closed by time below the
minimum, waiting for more), ``closed`` (full: the deal is next), ``cancelled``, ``dealt``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from autogm.daemon.config.model import GameConfig
from autogm.daemon.play import roster_texts as texts
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import iso
from autogm.engine.orders.signup import SignupIntent, SignupKind

OPEN, SHORT, CLOSED, CANCELLED, DEALT = "open", "short", "closed", "cancelled", "dealt"
TAKING = (OPEN, SHORT)  # sign-ups still taken


@dataclass(frozen=True, slots=True)
class Roll:
    """Who is signed up, in the order they joined."""

    players: list[str]
    replacements: list[str]
    choices: dict[str, str]


def status(store: Store, game: str) -> str | None:
    rows = store.rows("SELECT status FROM signup_rounds WHERE game = ?", [game])
    return rows[0]["status"] if rows else None


def set_status(store: Store, game: str, value: str, now: datetime) -> None:
    store.execute(
        "INSERT INTO signup_rounds (game, status, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (game) DO UPDATE SET status = excluded.status,"
        " updated_at = excluded.updated_at",
        [game, value, iso(now)],
    )
    store.log("signups." + value, {}, now, game)


def open_round(store: Store, cfg: GameConfig, now: datetime) -> bool:
    """Open the game's sign-ups (its games row, in ``setup``) unless open already."""
    if status(store, cfg.name) is not None:
        return False
    with store.atomic():
        if store.game(cfg.name) is None:
            store.add_game(cfg.name, cfg.forum, cfg.topic, cfg.ruleset, cfg.seed, now)
        set_status(store, cfg.name, OPEN, now)
    return True


def roll(store: Store, game: str) -> Roll:
    rows = store.rows(
        "SELECT name, kind, choice FROM signups WHERE game = ? AND state = 'in'"
        " ORDER BY joined_at, id",
        [game],
    )
    return Roll(
        [r["name"] for r in rows if r["kind"] == "player"],
        [r["name"] for r in rows if r["kind"] == "replacement"],
        {r["name"]: r["choice"] for r in rows if r["choice"]},
    )


def _row(store: Store, game: str, name: str) -> dict[str, Any] | None:
    rows = store.rows(
        "SELECT * FROM signups WHERE game = ? AND lower(name) = lower(?)", [game, name]
    )
    return rows[0] if rows else None


def _put(
    store: Store,
    game: str,
    name: str,
    kind: str,
    state: str,
    inbox_id: int | None,
    now: datetime,
    choice: str | None = None,
) -> None:
    """One row per account and game; joining again moves to the end of the list."""
    row = _row(store, game, name)
    if row is None:
        store.execute(
            "INSERT INTO signups (game, name, kind, state, choice, inbox_id, joined_at,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [game, name, kind, state, choice, inbox_id, iso(now), iso(now)],
        )
        return
    joined = row["joined_at"] if (row["state"], row["kind"]) == (state, kind) else iso(now)
    store.execute(
        "UPDATE signups SET kind = ?, state = ?, choice = ?, inbox_id = ?, joined_at = ?,"
        " updated_at = ? WHERE id = ?",
        [kind, state, choice, inbox_id, joined, iso(now), row["id"]],
    )


def take(
    store: Store,
    cfg: GameConfig,
    author: str,
    intent: SignupIntent,
    inbox_id: int,
    now: datetime,
    choices: Sequence[str] = (),
) -> str:
    """Record one sign-up post; the answer to its author (every sign-up post gets one)."""
    game = cfg.name
    round_status = status(store, game)
    row = _row(store, game, author)
    current = (row["kind"], row["state"]) if row else None
    name = row["name"] if row else author
    if intent.kind is SignupKind.OUT:
        if current is None or current[1] != "in":
            return texts.signup_not_in(game)
        if round_status not in TAKING and current[0] == "player":
            return texts.signup_closed_out(game)
        _put(store, game, name, current[0], "out", inbox_id, now)
        return texts.signup_left(game, current[0] == "replacement")
    if intent.kind is SignupKind.REPLACEMENT:
        if current == ("player", "in") and round_status not in TAKING:
            return texts.signup_already(game, roll(store, game).players.index(name) + 1)
        _put(store, game, name, "replacement", "in", inbox_id, now)
        return texts.signup_replacement(game, roll(store, game).replacements.index(name) + 1)
    if round_status not in TAKING:
        return texts.signup_closed(game)
    chosen: str | None = None
    if choices:
        free = _free(store, game, choices, name)
        chosen = _pick(intent.choice, choices)
        other = (
            chosen is not None
            and chosen not in choices
            and chosen.casefold()
            not in {c.casefold() for n, c in roll(store, game).choices.items() if n != name}
        )
        if chosen is None or (chosen not in free and not other):
            return texts.signup_choice_refused(game, intent.line, intent.choice, free)
    if current == ("player", "in") and chosen is None:
        return texts.signup_already(game, roll(store, game).players.index(name) + 1)
    size = cfg.signups.size if cfg.signups else None
    if size is not None and current != ("player", "in") and len(roll(store, game).players) >= size:
        # Full: later sign-ups wait as replacements, in the order they came.
        _put(store, game, name, "replacement", "in", inbox_id, now)
        return texts.signup_overflow(game, roll(store, game).replacements.index(name) + 1)
    _put(store, game, name, "player", "in", inbox_id, now, chosen)
    players = roll(store, game).players
    return texts.signup_joined(
        game, players.index(name) + 1, cfg.signups.size if cfg.signups else None, chosen
    )


# A choice list ending in this one takes any other name as written (midnight: "(Other) You can
# choose any other role name. In that case you have no additional abilities"); it is never
# taken, and a name chosen so is, like every choice ("no duplicate roles").
OTHER = "Other"


def _free(store: Store, game: str, choices: Sequence[str], author: str) -> list[str]:
    taken = {
        c.casefold()
        for n, c in roll(store, game).choices.items()
        if n.casefold() != author.casefold()
    }
    return [c for c in choices if c.casefold() not in taken or c == OTHER]


def _pick(wanted: str | None, choices: Sequence[str]) -> str | None:
    if not wanted:
        return None
    folded = wanted.strip().casefold().removeprefix("the ")
    found = next((c for c in choices if c.casefold() == folded), None)
    if found is None and OTHER in choices and wanted.strip():
        return wanted.strip()[:40]
    return found


def overflow(store: Store, game: str, keep: int, now: datetime) -> list[tuple[str, int]]:
    """The players after the first ``keep`` become replacements, after those already on the
    list: who, and their place on it."""
    extra = roll(store, game).players[keep:]
    for name in extra:
        store.execute(
            "UPDATE signups SET kind = 'replacement', updated_at = ? WHERE game = ? AND name = ?",
            [iso(now), game, name],
        )
    waiting = roll(store, game).replacements
    return [(name, waiting.index(name) + 1) for name in extra]


def waiting_replacements(store: Store, game: str) -> list[str]:
    """The replacement list in the order it was signed up for, less anyone in the game."""
    playing = {p["name"].casefold() for p in store.players(game)}
    return [n for n in roll(store, game).replacements if n.casefold() not in playing]


def use_replacement(store: Store, game: str, now: datetime) -> str | None:
    """The first replacement on the list, taken off it (they take a slot), or None."""
    for name in waiting_replacements(store, game):
        store.execute(
            "UPDATE signups SET state = 'used', updated_at = ? WHERE game = ? AND name = ?",
            [iso(now), game, name],
        )
        return name
    return None


def due(cfg: GameConfig, count: int, now: datetime) -> bool:
    """Whether sign-ups end now: the size is reached, or the closing time has come."""
    signups = cfg.signups
    assert signups is not None
    full = signups.size is not None and count >= signups.size
    late = signups.close is not None and now >= signups.close
    return full or late
