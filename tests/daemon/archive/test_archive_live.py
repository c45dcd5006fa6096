"""archive_game: a game the daemon played (simulated in the store as daemon/play/games.py does)."""

from __future__ import annotations

import json
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest
import yaml

from autogm.adapters.base import PrivateMessage
from autogm.daemon.archive.schema import TABLES, ArchiveError
from autogm.daemon.archive.write import archive_game
from autogm.daemon.cli.main import main
from autogm.daemon.outbox import outbox
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import from_json, iso, to_json
from autogm.engine.families.dctp.setup import new_game
from autogm.engine.gm import apply_override
from autogm.engine.render import render_phase
from autogm.engine.rules import load_ruleset
from autogm.engine.session import GameSession
from tests.daemon.fakes import T0

EXAMPLE = Path(__file__).parents[3] / "examples" / "first-game.yaml"
GAME = "round53"


def play(store: Store) -> None:
    """Play examples/first-game.yaml through the store: PMs in, orders fed, outcomes, posts."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    roster = data["players"]
    script = {p["phase"]: [next(iter(o.items())) for o in p["orders"]] for p in data["phases"]}
    script["Day 1"].insert(0, ("GM", "modkill Parkur"))
    store.add_game(GAME, "dctp", "42", "dctp-2011", data["seed"], T0)
    store.update_game(GAME, T0, status="running", state={"roster": roster})
    for number, (name, role) in enumerate(roster.items(), 1):
        store.add_player(GAME, name, role, T0, user_id=str(100 + number))
    session = GameSession(new_game(load_ruleset("dctp-2011"), roster, data["seed"]))
    now, pm = T0, 0
    while not session.state.winner:
        phase = str(session.state.phase)
        store.open_phase(GAME, phase, now, now + timedelta(hours=24))
        if phase == "Night 2":  # an order the GM voided: archived, never replayed
            voided = store.add_order(GAME, phase, "Abs", "Kill Lynz", now)
            store.void_order(voided, "voided by the GM (v1)", now)
        for player, text in script.get(phase, []):
            now += timedelta(minutes=5)
            if player == "GM":
                store.execute(
                    "INSERT INTO overrides (game, label, command, parsed, applied_at, result)"
                    " VALUES (?, 'mk1', ?, ?, ?, 'applied')",
                    [GAME, text, to_json({"type": "Modkill", "player": "Parkur"}), iso(now)],
                )
                order = store.add_order(GAME, phase, "GM", text, now, source="gm")
                store.judge_order(order, {"feed": "gm"}, True, None, now)
                session.state, _ = apply_override(session.state, text)
                continue
            pm += 1
            message = PrivateMessage(str(pm), player, str(pm), now, "orders", text, text)
            (inbox,) = store.record_messages("dctp", [message], now)
            store.set_parsed(inbox, now, GAME)
            order = store.add_order(GAME, phase, player, text, now, inbox_id=inbox)
            store.judge_order(order, {"feed": "order"}, True, None, now)
            session.receive(player, text)
        now += timedelta(hours=24)
        outcome = session.close()
        rendered = render_phase(outcome)
        closed = {
            "phase": phase,
            "results": [r.to_record() for r in outcome.results],
            "lynch": outcome.lynch.to_record() if outcome.lynch else None,
            "public": rendered.public,
            "private": rendered.private,
        }
        with store.atomic():
            store.close_phase(GAME, phase, now, closed)
            body = "\n\n".join(rendered.public) or "Nothing happened."
            key = f"result:{GAME}:{phase}"
            post = outbox.Outgoing("dctp", "post", key, body, GAME, phase, topic="42")
            outbox.enqueue(store, post, now)
    store.update_game(GAME, now, status="ended")


@pytest.fixture
def played(store: Store) -> Store:
    play(store)
    return store


def test_a_played_game_lands_with_every_table_filled(played: Store, tmp_path: Path) -> None:
    db_path = tmp_path / "archive.db"
    summary = archive_game(played, GAME, db_path, T0 + timedelta(days=9))
    assert (summary.game, summary.winner, summary.players) == (GAME, "town", 10)
    with sqlite3.connect(db_path) as conn:
        conn.row_factory = sqlite3.Row
        for table in TABLES:
            assert conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] > 0, table
        game = conn.execute("SELECT * FROM games").fetchone()
        assert (game["source"], game["forum"], game["topic"]) == ("forum", "dctp", "42")
        assert game["started_at"] == iso(T0) and game["ended_at"] > game["started_at"]
        abs_ = conn.execute("SELECT * FROM players WHERE name = 'Abs'").fetchone()
        assert (abs_["user_id"], abs_["fate_cause"]) == ("101", "lynched")
        night2 = conn.execute("SELECT * FROM phases WHERE name = 'Night 2'").fetchone()
        assert night2["deadline"] and night2["closed_at"]
        states = [r[0] for r in conn.execute("SELECT state FROM orders ORDER BY id")]
        assert "void" in states and "override" in states
        order = conn.execute("SELECT * FROM orders WHERE text = 'Heal Kleene'").fetchone()
        message = conn.execute("SELECT * FROM messages WHERE id = ?", [order["message_id"]])
        assert dict(message.fetchone())["author_id"] is not None
        directions = {r[0] for r in conn.execute("SELECT direction FROM messages")}
        assert directions == {"in", "out"}
        override = conn.execute("SELECT * FROM overrides").fetchone()
        assert (
            override["phase_id"]
            == conn.execute("SELECT id FROM phases WHERE name = 'Day 1'").fetchone()[0]
        )


def test_the_archived_game_replays_to_what_was_posted(
    played: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "archive.db"
    archive_game(played, GAME, db_path, T0)
    assert main(["replay", "--archive", str(db_path), GAME]) == 0
    assert "every result matches" in capsys.readouterr().out
    # Had the live game announced something else, the replay says so.
    row = played.phase(GAME, "Night 2")
    assert row is not None
    changed = dict(row.outcome, public=["Nobody died."])
    played.execute(
        "UPDATE phases SET outcome = ? WHERE game = ? AND name = 'Night 2'",
        [to_json(changed), GAME],
    )
    archive_game(played, GAME, db_path, T0)
    assert main(["replay", "--archive", str(db_path), GAME]) == 1
    assert "MISMATCH Night 2: public: archived ['Nobody died.']" in capsys.readouterr().out


def test_archive_game_from_the_cli_with_the_state_file(
    played: Store, state_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "archive.db"
    code = main(["archive", "--state", str(state_file), "--db", str(db_path), GAME])
    assert code == 0
    assert capsys.readouterr().out.startswith(f"archived {GAME}: 10 players")
    assert main(["archive", "--state", str(state_file), "--db", str(db_path), "nope"]) == 2
    assert "no game 'nope' in the state file" in capsys.readouterr().err
    exported = json.loads(_export(db_path, capsys))
    assert (
        exported["scenario"]["players"] == from_json(to_json(played.game(GAME)["state"]))["roster"]
    )


def _export(db_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["archive", "--db", str(db_path), "export", GAME]) == 0
    return capsys.readouterr().out


def test_an_unknown_game_is_an_archive_error(store: Store, tmp_path: Path) -> None:
    with pytest.raises(ArchiveError, match="no game 'ghost'"):
        archive_game(store, "ghost", tmp_path / "archive.db", T0)
