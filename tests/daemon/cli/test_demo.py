"""``autogm demo``: a whole game, start to winner, on the local adapter, with nobody at the keys."""

from __future__ import annotations

import io
import time

import sqlite_utils

from autogm.daemon.cli.demo import run_demo
from autogm.daemon.cli.main import main
from autogm.daemon.store.db import Store


def test_the_demo_plays_a_whole_game_to_its_winner_and_archives_it(tmp_path):
    out = io.StringIO()
    began = time.monotonic()
    assert run_demo(tmp_path / "demo", pace=0, out=out) == 0
    assert time.monotonic() - began < 30
    text = out.getvalue()
    assert "g begins" not in text and "demo begins" in text
    assert "wins. Thank you for playing!" in text
    assert "Night 1 has ended." in text and "Day 1 has ended." in text
    with Store.open(tmp_path / "demo" / "state" / "autogm.db") as store:
        assert store.game("demo")["status"] == "archived"
        sent = store.rows("SELECT state, count(*) AS n FROM outbox GROUP BY state")
        assert {row["state"] for row in sent} == {"sent"}
        unanswered = store.rows(
            "SELECT id FROM inbox i WHERE kind = 'pm' AND NOT EXISTS (SELECT 1 FROM outbox o"
            " WHERE o.dedupe_key = 'answer:' || i.forum || ':' || i.id)"
        )
        received = store.rows("SELECT count(*) AS n FROM inbox WHERE kind = 'pm'")
        assert received[0]["n"] > 0 and unanswered == []  # every order PM was answered
        signups = store.rows("SELECT count(*) AS n FROM signups WHERE game = 'demo'")
        assert signups[0]["n"] == 10  # every sign-up post but the chatter is one row
    # Issue 8: "The demo game ... lands in the archive with every table filled."
    archive = sqlite_utils.Database(tmp_path / "demo" / "state" / "archive.db")
    tables = [t for t in archive.table_names() if "_fts" not in t and not t.startswith("_")]
    assert tables and all(archive[t].count > 0 for t in tables), {
        t: archive[t].count for t in tables
    }
    assert "The GM has moved the deadline of Day 1" in text  # the demo's GM override
    # The simulated Black Org keeps its kill cycle (each member in turn): more than one kill.
    assert text.count("was killed during the night") > 1
    # Prep lasts 2h and the reminder is 3h before: no reminder beside the opening post.
    assert "left in Prep" not in text
    # Issue 18: "autogm demo starts from a sign-up thread (simulated players join, one leaves,
    # one signs up as a replacement), deals from a setup with constraints, and one simulated
    # player goes quiet and is replaced."
    assert "Sign-ups for demo (8 of 8) — closed: the game has started." in text
    assert "Jd-" not in text.split("The sign-up list now reads:")[1].split("[")[0]
    assert "Replacements: Parkur" in text
    assert "Kleene was prodded for inactivity (1 phase without an order or post)." in text
    assert "Kleene was warned for inactivity (2 phases without an order or post)." in text
    assert "Kleene is replaced for inactivity." in text and "Parkur replaces Kleene." in text


def test_the_demo_command_runs_again_in_the_same_directory(tmp_path, capsys):
    for _ in range(2):
        assert main(["demo", "--dir", str(tmp_path / "d"), "--fast", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.count("The game is archived in") == 2


def test_the_demo_plays_classic_with_the_gm_texts_through_the_queue(tmp_path):
    """`autogm demo --ruleset dctp-classic`: the killer's tapes and the nightly dreams are held,
    the simulated GM approves or rewrites them, and only then are they sent (issue 16)."""
    out = io.StringIO()
    assert run_demo(tmp_path / "demo", pace=0, out=out, ruleset="dctp-classic") == 0
    text = out.getvalue()
    assert "(the GM approves dream 1 to" in text and "(the GM rewrites tape" in text
    assert "A tape was found with the body of" in text
    assert "A voice on the tape laughs." in text
    with Store.open(tmp_path / "demo" / "state" / "autogm.db") as store:
        assert store.game("demo")["status"] == "archived"
        dreams = store.rows("SELECT body FROM outbox WHERE body LIKE '%You dreamt during Night%'")
        approvals = store.rows("SELECT raw FROM orders WHERE player = 'GM' AND state = 'accepted'")
    assert dreams and len(approvals) >= len(dreams)
    archive = sqlite_utils.Database(tmp_path / "demo" / "state" / "archive.db")
    assert [r["ruleset"] for r in archive["games"].rows] == ["dctp-classic"]


def test_the_classic_demo_deals_two_detective_boys(tmp_path):
    """classic Group: "There are at least 2 DB's in the game": the classic demo's setup deals
    them (2011's setup has none, and no count of players could be dealt from it)."""
    assert run_demo(tmp_path / "demo", pace=0, out=io.StringIO(), ruleset="dctp-classic") == 0
    with Store.open(tmp_path / "demo" / "state" / "autogm.db") as store:
        roles = {p["role"] for p in store.players("demo")}
    assert {"Ayumi", "Genta"} <= roles


def test_a_setup_that_cannot_be_dealt_stops_the_demo_instead_of_waiting_for_ever(
    tmp_path, monkeypatch
):
    from autogm.simulator.demo import dctp

    monkeypatch.setattr(dctp, "CLASSIC_SETUP", dctp.DCTP_SETUP)  # no Detective Boys
    out = io.StringIO()
    began = time.monotonic()
    assert run_demo(tmp_path / "demo", pace=0, out=out, ruleset="dctp-classic") == 1
    assert time.monotonic() - began < 30
    assert "The sign-ups never closed; the demo stops." in out.getvalue()


def test_the_demo_plays_midnight_to_its_winners_and_archives_it(tmp_path):
    """issue 17: "the demo can play one: `autogm demo --ruleset midnight`, and the archive and
    `stats` hold it": players sign up with the Daylight role they want (first come first
    served, an "Other" name), send Midnight orders by PM in everyday words and vote in the
    topic's OOC tag; the results show the Council's count; the winners are set."""
    import sqlite3

    from autogm.daemon.archive.schema import open_archive
    from autogm.daemon.archive.views import stats, stats_text

    out = io.StringIO()
    began = time.monotonic()
    assert run_demo(tmp_path / "mn", ruleset="midnight", pace=0, out=out) == 0
    assert time.monotonic() - began < 20
    text = out.getvalue()
    assert "demo begins (midnight)" in text and "6. Lynz (Pirate Queen)" in text
    assert "was voted out by the Council" in text and "Count:" in text
    assert "[ooc]Vote" in text
    # The demo turns `letters = approve` on: the Boss's letters wait for its simulated GM.
    assert "(the GM approves letter 1 for the topic)" in text
    assert "An anonymous letter to the Town:" in text
    assert "The game is over: the " in text and "Thank you for playing!" in text
    with Store.open(tmp_path / "mn" / "state" / "autogm.db") as store:
        assert store.game("demo")["status"] == "archived"
        refused = store.rows("SELECT body FROM outbox WHERE body LIKE '%was not taken%'")
        assert refused, "Kleene's taken Monk is refused"
        understood = store.rows("SELECT body FROM outbox WHERE body LIKE '%Understood for Night%'")
        assert understood
    db = sqlite3.connect(tmp_path / "mn" / "state" / "archive.db")
    (winner, winners, setup) = db.execute("SELECT winner, winners, setup FROM games").fetchone()
    assert winner in ("mafia", "law") and winners and '"daylight"' in setup
    rows = db.execute("SELECT side, daylight, hp, won FROM players").fetchall()
    assert {side for side, *_ in rows} == {"mafia", "law"}
    assert all(daylight and hp is not None and won in (0, 1) for _, daylight, hp, won in rows)
    archive = open_archive(tmp_path / "mn" / "state" / "archive.db", create=False)
    try:
        found = stats(archive)
    finally:
        archive.close()
    assert found["rulesets"] == {"midnight": 1} and found["winners_by_side"]
    assert "Players among the winners, by side" in stats_text(found)
