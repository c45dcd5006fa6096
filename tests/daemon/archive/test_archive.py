"""The archive: a replayed scenario lands whole, reads back as the same record, and replays."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
import yaml

from autogm.daemon.archive.schema import (
    TABLES,
    ArchiveError,
    load_metadata,
    open_archive,
    schema_columns,
)
from autogm.daemon.archive.views import load_record, scenario_yaml
from autogm.daemon.archive.write import archive_scenario
from autogm.daemon.cli.main import main
from autogm.engine.replay import load_scenario, parse_scenario, record, replay

ROOT = Path(__file__).parents[3]
EXAMPLE = ROOT / "examples" / "first-game.yaml"
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
SCENARIOS = sorted((ROOT / "tests" / "engine" / "scenarios").rglob("*.yaml"))
DOCS = ROOT / "docs" / "archive.md"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "archive.db"


@pytest.fixture
def with_gm(tmp_path: Path) -> Path:
    """The first game with a GM override, so the overrides table has something to hold."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["phases"][1]["orders"].insert(0, {"GM": "modkill Parkur"})
    path = tmp_path / "first-game-gm.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def counts(db_path: Path) -> dict[str, int]:
    with sqlite3.connect(db_path) as conn:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def test_a_replayed_scenario_fills_every_table(db_path: Path, with_gm: Path) -> None:
    summary = archive_scenario(with_gm, db_path, name="first")
    assert summary.winner == "town" and summary.players == 10
    assert all(n > 0 for n in counts(db_path).values()), counts(db_path)
    with sqlite3.connect(db_path) as conn:
        conn.row_factory = sqlite3.Row
        game = conn.execute("SELECT * FROM games").fetchone()
        assert (game["name"], game["title"], game["source"]) == ("first", "First game", "scenario")
        parkur = conn.execute("SELECT * FROM players WHERE name = 'Parkur'").fetchone()
        assert (parkur["fate_phase"], parkur["fate_cause"]) == ("Day 1", "modkilled")
        order = conn.execute("SELECT * FROM orders WHERE player = 'Abs' ORDER BY id").fetchone()
        assert order["state"] == "accepted"
        assert json.loads(order["accepted"])[0] == {"ability": "kill", "targets": ["Kleene"]}
        assert order["message_id"] is not None
        votes = conn.execute("SELECT voter, ballot FROM votes ORDER BY id").fetchall()
        assert ("Conia", "Abs") in [tuple(v) for v in votes]
        # Full-text search over everything said and announced.
        hits = conn.execute(
            "SELECT text FROM messages WHERE rowid IN"
            " (SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'Kleene')"
        ).fetchall()
        assert any("Kill Kleene" in h[0] for h in hits)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_archiving_twice_replaces_the_game(db_path: Path) -> None:
    archive_scenario(EXAMPLE, db_path)
    first = counts(db_path)
    archive_scenario(EXAMPLE, db_path)
    assert counts(db_path) == first
    archive_scenario(EXAMPLE, db_path, name="again")
    assert counts(db_path)["games"] == 2
    assert counts(db_path)["results"] == 2 * first["results"]


@pytest.mark.parametrize("path", [*EXAMPLES, *SCENARIOS], ids=lambda p: p.stem)
def test_the_tables_rebuild_the_record_and_the_scenario_replays_it(
    path: Path, db_path: Path
) -> None:
    scenario = load_scenario(path)
    expected = record(scenario, replay(scenario))
    archive_scenario(scenario, db_path, name="g")
    db = open_archive(db_path, create=False)
    try:
        archived = load_record(db, "g")
        exported = parse_scenario(scenario_yaml(db, "g"))
    finally:
        db.close()
    assert archived == expected
    assert record(exported, replay(exported)) == expected


def test_export_round_trips_through_autogm_replay(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path
) -> None:
    archive_scenario(EXAMPLE, db_path, name="first")
    exported = tmp_path / "exported.yaml"
    code, _, _ = run(capsys, "archive", "--db", str(db_path), "export", "first",
                     "--format", "scenario", "-o", str(exported))  # fmt: skip
    assert code == 0
    code, out, _ = run(capsys, "replay", str(exported), "--json")
    assert code == 0
    code, dumped, _ = run(capsys, "archive", "--db", str(db_path), "export", "first")
    assert code == 0
    assert json.loads(out) == json.loads(dumped)["record"]
    assert json.loads(dumped)["scenario"]["players"]["Abs"] == "Gin"


def test_replay_archive_reports_a_match(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    archive_scenario(EXAMPLE, db_path, name="first")
    code, out, _ = run(capsys, "replay", "--archive", str(db_path), "first")
    assert code == 0
    assert "first: 5 phases, 23 results replayed: every result matches" in out


def test_replay_archive_reports_each_mismatch(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    archive_scenario(EXAMPLE, db_path, name="first")
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "UPDATE results SET outcome = 'saved', outcome_json = '\"saved\"'"
            " WHERE ability = 'kill' AND outcome = 'killed'"
        )
    code, out, _ = run(capsys, "replay", "--archive", str(db_path), "first")
    assert code == 1
    assert re.search(r"MISMATCH Night 2: result \d+: archived .*'saved'.*replayed .*'killed'", out)
    assert "1 mismatch(es)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["replay", "--archive", "{db}", "nope"], "no game 'nope' in the archive"),
        (["replay", "--archive", "{missing}", "first"], "no such archive file"),
        (["archive", "--db", "{db}", "show", "nope"], "no game 'nope'"),
        (["archive", "--db", "{db}", "show"], "usage"),
        (["archive", "--db", "{junk}", "list"], "cannot read it as an archive"),
        (["archive", "--db", "{db}", "some-game"], "--config FILE or --state FILE"),
        (["stats", "--db", "{missing}"], "no such archive file"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], db_path: Path, tmp_path: Path, args: list[str], message: str
) -> None:
    archive_scenario(EXAMPLE, db_path, name="first")
    junk = tmp_path / "junk.db"
    junk.write_text("this is not sqlite, " * 100)
    paths = {"db": db_path, "missing": tmp_path / "missing.db", "junk": junk}
    code, _, err = run(capsys, *(a.format(**paths) for a in args))
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_archive_list_show_and_stats(capsys: pytest.CaptureFixture[str], db_path: Path) -> None:
    db = str(db_path)
    assert run(capsys, "archive", "--db", db, "scenario", str(EXAMPLE), "--name", "first")[0] == 0
    archive_scenario(SCENARIOS[0], db_path, name="other")
    code, out, _ = run(capsys, "archive", "--db", db, "list")
    assert code == 0 and out.startswith("first: dctp-2011, 10 players, Prep to Day 2, winner town")
    code, out, _ = run(capsys, "archive", "--db", db, "show", "first")
    assert code == 0
    assert "  Night 2: Conia (Shinichi) killed" in out
    assert "  Day 2: Abs (Gin) lynched, Miaka (Pisco) arrested, Lynz (Ran) aptxed" in out
    assert "  01. Abs - Gin - Lynched D2" in out and out.rstrip().endswith("Winner: the town")
    code, out, _ = run(capsys, "stats", "--db", db, "--json")
    found = json.loads(out)
    assert found["games"] == 2 and found["wins"]["town"] == 1
    assert found["rulesets"] == {"dctp-2011": 2}
    assert found["roles"]["Shinichi"] == {"played": 1, "survived": 0}
    code, out, _ = run(capsys, "stats", "--db", db)
    assert "Wins by side:\n" in out and "  the town: 1\n" in out and "Shinichi: 0/1 (0%)" in out


ROSTER_GAME = """
ruleset: dctp-2011
seed: 3
players: {Abs: Gin, Conia: Vermouth, Kleene: Agasa, Lynz: Ran, pofa: Satou, Parkur: Camel}
setup: {disguises: {Conia: Ran}}
phases:
  - phase: Night 1
    orders: [{Abs: Kill Kleene}]
  - phase: Day 1
    orders: [{GM: modkill Parkur}]
"""


def test_the_roster_post_names_roles_disguises_and_fates(
    capsys: pytest.CaptureFixture[str], db_path: Path
) -> None:
    archive_scenario(parse_scenario(ROSTER_GAME, "roster"), db_path, name="r")
    code, out, _ = run(capsys, "archive", "--db", str(db_path), "roster", "r")
    assert code == 0
    assert out.splitlines() == [
        "01. Abs - Gin - Survived",
        "02. Conia - Vermouth (as Ran) - Survived",
        "03. Kleene - Agasa - Killed N1",
        "04. Lynz - Ran - Survived",
        "05. pofa - Satou - Survived",
        "06. Parkur - Camel - Modkilled D1",
    ]


def test_a_newer_archive_is_refused(db_path: Path) -> None:
    open_archive(db_path).close()
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO _sqlite_migrations (migration_set, name, applied_at)"
            " VALUES ('autogm-archive', 'a999_future', '2030-01-01')"
        )
    with pytest.raises(ArchiveError, match="newer autogm"):
        open_archive(db_path)


# ---------------------------------------------------------------- docs as tests


def _doc_sections() -> dict[str, str]:
    text = DOCS.read_text(encoding="utf-8")
    parts = re.split(r"^### `(\w+)`$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_table_and_column_is_described_in_the_metadata_and_the_docs(db_path: Path) -> None:
    db = open_archive(db_path)
    try:
        columns = schema_columns(db)
    finally:
        db.close()
    described = load_metadata()["databases"]["archive"]["tables"]
    sections = _doc_sections()
    assert set(described) == set(columns) == set(sections)
    for table, names in columns.items():
        assert described[table]["description"].strip()
        assert set(described[table]["columns"]) == set(names), table
        assert all(text.strip() for text in described[table]["columns"].values())
        documented = set(re.findall(r"^\| `(\w+)` \|", sections[table], flags=re.MULTILINE))
        assert documented == set(names), table


def test_the_metadata_command_keys_it_by_the_file_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "archive", "--db", str(tmp_path / "history.db"), "metadata")
    assert code == 0
    assert set(json.loads(out)["databases"]) == {"history"}


LIVE_FORMS = """
ruleset: dctp-2011
seed: 3
players: {Abs: Gin, Miaka: Vodka, Kleene: Agasa, Conia: Shinichi, Akonyl: Shiratori}
phases:
  - phase: Night 1
    orders:
      - Abs: Kill Kleene
      - Abs: "[b]clear[/b]"
  - phase: Day 1
    orders:
      - GM: replace Conia with Newbie
      - Newbie (post): "I am new here. [vote]Abs[/vote]"
      - Kleene (post): "[quote=Miaka][vote]Kleene[/vote][/quote] [b]vote: Abs[/b]"
      - Akonyl: Vote Abs
      - Abs (will only): "Vote Kleene\nWill: I was innocent."
"""


def test_substitutes_clears_wills_and_posts_replay_and_round_trip(db_path: Path) -> None:
    scenario = parse_scenario(LIVE_FORMS, "live-forms")
    expected = record(scenario, replay(scenario))
    night, day = expected["phases"][-2:]
    assert night["phase"] == "Night 1" and night["results"] == []  # the kill was cleared
    assert night["orders"] == [
        {"player": "Abs", "text": "Kill Kleene",
         "accepted": [{"ability": "kill", "targets": ["Kleene"]}], "rejected": []}
    ]  # fmt: skip
    assert day["lynch"]["votes"] == {"Abs": 3} and day["lynch"]["target"] == "Abs"
    # Wills kept alone are not listed; topic posts are, marked as posts.
    assert [(o["player"], o.get("post", False)) for o in day["orders"]] == [
        ("Newbie", True), ("Kleene", True), ("Akonyl", False)
    ]  # fmt: skip
    assert day["players"]["Newbie"]["role"] == "Shinichi" and "Conia" not in day["players"]
    archive_scenario(scenario, db_path, name="g")
    db = open_archive(db_path, create=False)
    try:
        assert load_record(db, "g") == expected
        exported = parse_scenario(scenario_yaml(db, "g"))
    finally:
        db.close()
    assert record(exported, replay(exported)) == expected


def test_a_player_replaced_away_cannot_send_orders_any_more() -> None:
    text = LIVE_FORMS + "      - Conia: Vote Abs\n"
    with pytest.raises(ValueError, match="'Conia' is not a player of this scenario at this point"):
        parse_scenario(text, "late")
