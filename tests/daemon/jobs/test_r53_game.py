"""``ruleset = dctp-r53`` in config.ini: the daemon runs an r53 game to its winner, answers in
r53's words, and archives it under its ruleset (issue 15)."""

from __future__ import annotations

import sqlite3

from tests.daemon.gamekit import Kit

ROSTER = {"Abs": "Gin", "Mina": "Minerva", "Sera": "Sera", "Kleene": "Agasa", "Conia": "Heiji"}


def _r53_kit(tmp_path) -> Kit:
    kit = Kit(tmp_path, roster=ROSTER)
    text = kit.config_path.read_text(encoding="utf-8")
    kit.config_path.write_text(
        text.replace("ruleset = dctp-2011", "ruleset = dctp-r53\nrules = r53"),
        encoding="utf-8",
    )
    with kit.config_path.open("a", encoding="utf-8") as ini:
        ini.write("\n[rules:r53]\nblame_is_crime = false\n")
    kit.write_config = lambda extra: None  # keep the r53 file as written
    kit.daemon = kit.new_daemon()
    return kit


def test_an_r53_game_runs_to_its_winner_and_is_archived_as_r53(tmp_path):
    kit = _r53_kit(tmp_path)
    kit.start()
    kit.close("Prep")
    kit.send("Mina", "Trick Abs")
    kit.send("Abs", "Kill Kleene")
    kit.send("Sera", "Snipe guard Kleene")  # not Sera's: refused with the r53 name
    kit.poll()
    answer = kit.inbox_of("Mina")[-1].source
    assert "Understood for Night 1: Trick Abs." in answer
    kit.close("Night 1")
    assert any("You used trick on Abs." in m.source for m in kit.inbox_of("Mina"))
    assert any("Your night action failed." in m.source for m in kit.inbox_of("Abs"))
    kit.send("Conia", "Vote Abs")
    kit.send("Sera", "Vote Abs")
    kit.send("Kleene", "Vote Abs")
    kit.poll()
    kit.close("Day 1")
    assert "the town wins" in kit.topic_posts()[-1].source
    kit.daemon.archive("g1", kit.clock())
    db = sqlite3.connect(kit.config.autogm.state_dir / "archive.db")
    assert db.execute("SELECT ruleset FROM games").fetchall() == [("dctp-r53",)]
