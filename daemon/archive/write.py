"""Archiving a finished game: everything it was, in a SQLite file people can browse and replay.

Two entry points, both safe to call again (a game archived twice is replaced, never doubled):

``archive_game(store, game, archive_path, now) -> ArchiveSummary``
    A game of the live store (daemon/store/db.py), called by the daemon's archive job and by
    ``autogm archive GAME``. It rebuilds the game as a scenario (the dealt roster, every
    non-void order in arrival order, the GM's modkills and replacements), replays it through
    the engine for the parse of each order, the votes and the random draws, and keeps what was
    decided live where the store has it: a phase's ``outcome`` in the shape of a replay-record
    phase (``results``, ``lynch``, ``public``, ``private``, ``players``) is archived as
    posted, so ``autogm replay --archive`` compares the engine of today with what the game
    really announced. Messages in and out come from the store's inbox and outbox.
``archive_scenario(scenario, archive_path, name=None, now=None) -> ArchiveSummary``
    A scenario file (or a parsed :class:`~engine.replay.Scenario`) with no forum behind it.

All the rows of one game are written in one transaction. Times are UTC ISO-8601 text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml

from autogm.daemon.archive.rows import GameFacts, GameRows, build_rows, setup_of
from autogm.daemon.archive.schema import CHILD_TABLES, ArchiveError, open_archive
from autogm.daemon.outbox.message import without_marker
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import from_json, iso
from autogm.engine.families import FAMILIES
from autogm.engine.phases import Phase
from autogm.engine.replay import (
    CLEAR,
    GM,
    POST,
    WILL,
    Scenario,
    load_scenario,
    parse_scenario,
    record,
    replay,
)
from autogm.engine.rules import RULESETS


@dataclass(frozen=True, slots=True)
class ArchiveSummary:
    game: str
    phases: int
    players: int
    orders: int
    messages: int
    winner: str | None


def version() -> str:
    try:
        return metadata.version("autogm")
    except metadata.PackageNotFoundError:
        return "unknown"


def archive_scenario(
    scenario: Scenario | str | Path,
    archive_path: Path | str,
    name: str | None = None,
    now: datetime | None = None,
) -> ArchiveSummary:
    """Replay a scenario and archive the game it plays, under ``name`` (default: file stem)."""
    title = None
    if not isinstance(scenario, Scenario):
        path = Path(scenario)
        scenario = load_scenario(path)
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        title = data.get("title") if isinstance(data, dict) else None
    name = name or Path(scenario.source).stem
    facts = GameFacts(name=name, source="scenario", title=title)
    return _archive(scenario, facts, archive_path, now or datetime.now(UTC))


def archive_game(
    store: Store,
    game: str,
    archive_path: Path | str,
    now: datetime,
    *,
    options: Mapping[str, Any] | None = None,
) -> ArchiveSummary:
    """Archive ``game`` from the live store (see the module docstring for what is read).

    ``options`` are the ruleset options the game was played with (the config's
    ``GameConfig.rule_options``); when None they are read from ``games.state["options"]``.
    """
    row = store.game(game)
    if row is None:
        raise ArchiveError(f"no game {game!r} in the state file")
    facts = _live_facts(store, row)
    data = scenario_data(facts, row, options)
    scenario = parse_scenario(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), game)
    return _archive(scenario, facts, archive_path, now)


def _archive(
    scenario: Scenario, facts: GameFacts, archive_path: Path | str, now: datetime
) -> ArchiveSummary:
    replays = replay(scenario)
    rows = build_rows(scenario, replays, record(scenario, replays), facts)
    rows.game |= {"archived_at": iso(now), "autogm_version": version()}
    db = open_archive(archive_path)
    try:
        write_game(db, rows)
    finally:
        db.close()
    return ArchiveSummary(
        game=facts.name,
        phases=len(rows.tables.get("phases", [])),
        players=len(rows.tables.get("players", [])),
        orders=len(rows.tables.get("orders", [])),
        messages=len(rows.tables.get("messages", [])),
        winner=rows.game["winner"],
    )


def write_game(db: Any, rows: GameRows) -> None:
    """Replace the game's rows, all in one transaction; ids continue after the largest."""
    name = rows.game["name"]
    with db.atomic():
        for table in CHILD_TABLES:
            db.execute(f"DELETE FROM {table} WHERE game = ?", [name])
        db.execute("DELETE FROM games WHERE name = ?", [name])
        db["games"].insert(rows.game)
        offsets = {
            table: db.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]
            for table in rows.tables
        }
        for table in reversed(CHILD_TABLES):
            columns = list(db[table].columns_dict)
            db[table].insert_all(
                [{c: row.get(c) for c in columns} for row in rows.with_ids(table, offsets)]
            )


# ---------------------------------------------------------------- what the store knows


def _live_facts(store: Store, game: dict[str, Any]) -> GameFacts:
    name = game["name"]
    players = store.players(name)
    substitutes = {p["replaced_by"] for p in players if p["replaced_by"]}
    phases = store.rows("SELECT * FROM phases WHERE game = ? ORDER BY id", [name])
    facts = GameFacts(
        name=name,
        source="forum",
        forum=game["forum"],
        topic=game["topic"],
        started_at=phases[0]["opened_at"] if phases else game["created_at"],
        ended_at=max((p["closed_at"] for p in phases if p["closed_at"]), default=None),
        roster=_roster(game, players, substitutes),
        user_ids={p["name"]: p["user_id"] for p in players},
        replaced={p["name"]: p["replaced_by"] for p in players if p["replaced_by"]},
        deal=game["state"].get("deal") if isinstance(game["state"], dict) else None,
    )
    for phase in phases:
        facts.phase_times[phase["name"]] = {
            k: phase[k] for k in ("opened_at", "deadline", "closed_at")
        }
        outcome = from_json(phase["outcome"])
        if isinstance(outcome, dict) and "results" in outcome:
            facts.posted[phase["name"]] = outcome
    facts.overrides = store.rows(
        "SELECT * FROM overrides WHERE game = ? ORDER BY applied_at, rowid", [name]
    )
    facts.items = _live_items(store, name, facts)
    facts.messages = _live_messages(store, name)
    return facts


def _roster(
    game: dict[str, Any], players: list[dict[str, Any]], substitutes: set[str]
) -> dict[str, str]:
    """The dealt roster: the one the daemon started the engine with (``games.state``), else
    the first holder of each slot in the players table."""
    state = game.get("state")
    if isinstance(state, dict) and isinstance(state.get("roster"), dict):
        return dict(state["roster"])
    return {p["name"]: p["role"] for p in players if p["name"] not in substitutes}


def _phase_at(facts: GameFacts, moment: str) -> str | None:
    """The phase that was open at ``moment`` (ISO text compares as time)."""
    for phase, times in facts.phase_times.items():
        if times["opened_at"] <= moment and (not times["closed_at"] or moment < times["closed_at"]):
            return phase
    return None


def _live_items(store: Store, game: str, facts: GameFacts) -> dict[str, list[dict[str, Any]]]:
    """Per phase, the ``orders`` rows in id order: every message and GM override fed to the
    game (daemon/play/games.py ``FEED``), so the replay feeds them as the daemon did.

    Rows still pending were never fed; voided rows are archived but not replayed. Every
    other feed has its scenario form (a will kept alone, a ``clear``, a vote post).
    """
    items: dict[str, list[dict[str, Any]]] = {}
    for order in store.rows("SELECT * FROM orders WHERE game = ? ORDER BY id", [game]):
        feed = (from_json(order["parsed"]) or {}).get("feed", "order")
        if order["state"] == "pending":
            continue
        item = {
            "player": GM if feed == "gm" else order["player"],
            "text": order["raw"],
            "source": order["source"],
            "inbox_id": order["inbox_id"],
            "replayed": order["state"] != "void",
            "how": feed,
            "state": "void" if order["state"] == "void" else feed,
            "reason": order["reason"],
        }
        items.setdefault(order["phase"], []).append(item)
    for override in facts.overrides:
        override["phase"] = _phase_at(facts, override["applied_at"])
    return items


def _live_messages(store: Store, game: str) -> list[dict[str, Any]]:
    phase_of_inbox = {
        row["inbox_id"]: row["phase"]
        for row in store.rows("SELECT inbox_id, phase FROM orders WHERE game = ?", [game])
        if row["inbox_id"] is not None
    }
    messages = []
    for row in store.rows("SELECT * FROM inbox WHERE game = ? ORDER BY id", [game]):
        messages.append(
            {
                "phase": phase_of_inbox.get(row["id"]),
                "direction": "in",
                "kind": row["kind"],
                "forum": row["forum"],
                "forum_id": row["forum_id"],
                "topic": row["topic"],
                "author": row["author"],
                "author_id": row["author_id"],
                "recipients": row["recipients"],
                "subject": row["subject"],
                "text": row["text"],
                "source": row["source"],
                "sent_at": row["sent_at"],
                "state": "received",
                "inbox_id": row["id"],
            }
        )
    for row in store.rows("SELECT * FROM outbox WHERE game = ? ORDER BY id", [game]):
        messages.append(
            {
                "phase": row["phase"],
                "direction": "out",
                "kind": row["kind"],
                "forum": row["forum"],
                "forum_id": row["forum_ref"],
                "topic": row["topic"],
                "author": None,
                "author_id": None,
                "recipients": row["recipients"],
                "subject": row["subject"],
                "text": without_marker(row["body"]).rstrip(),
                "source": None,
                "sent_at": row["sent_at"],
                "state": row["state"],
            }
        )
    return messages


def _live_options(game: dict[str, Any]) -> dict[str, Any]:
    """Options not given: an ``options`` key of the state the daemon saved, else none."""
    state = game.get("state")
    if isinstance(state, dict) and isinstance(state.get("options"), dict):
        return dict(state["options"])
    return {}


def scenario_data(
    facts: GameFacts, game: dict[str, Any], options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The live game as a scenario (docs/scenarios.md): what the engine needs to play it again."""
    phases = []
    for phase, items in facts.items.items():
        orders = [_scenario_item(item) for item in items if item["replayed"]]
        phases.append({"phase": phase, "orders": orders})
    last = list(facts.phase_times)[-1] if facts.phase_times else None
    if last and last not in facts.items:
        phases.append({"phase": last, "orders": []})
    phases.sort(key=lambda p: _phase_index(p["phase"]))
    seed = game["seed"] if game["seed"] is not None else 0
    data = {
        "ruleset": game["ruleset"],
        "seed": seed,
        "options": dict(options) if options is not None else _live_options(game),
        "players": dict(facts.roster),
        "phases": phases,
    }
    # A family that takes its setup from the sign-up choices (midnight's Daylight roles).
    ruleset = RULESETS.get(game["ruleset"])
    family = FAMILIES[ruleset.family] if ruleset is not None else None
    if family is not None and family.setup_from_choices is not None:
        state = game.get("state") if isinstance(game.get("state"), dict) else {}
        data["setup"] = family.setup_from_choices(
            dict((state.get("deal") or {}).get("choices") or {})
        )
    return data


def _scenario_item(item: dict[str, Any]) -> dict[str, str]:
    """A fed row as a scenario item: the kind of feed is in the key's form (docs/scenarios.md)."""
    player, how = item["player"], item["how"]
    if how == WILL:
        return {f"{player} (will only)": item["text"]}
    if how == POST:
        return {f"{player} (post)": item["text"]}
    if how == CLEAR:
        return {player: "clear"}
    return {player: item["text"]}


def _phase_index(name: str) -> int:
    return Phase.parse(name).index


__all__ = [
    "ArchiveError",
    "ArchiveSummary",
    "GameFacts",
    "archive_game",
    "archive_scenario",
    "setup_of",
]
