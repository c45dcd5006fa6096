"""A store that lost a game the forum shows: the daemon stops instead of starting it again.

Issue 28: "An emptied store restarts the game: the game is dealt and announced again, 12 PMs
doubled, no warning." Before dealing or announcing a game the store does not know, the daemon
reads its topics for what autogm already posted there (a post of the GM's account that
carries an outbox marker); if the forum shows the game, nothing is dealt, posted or sent.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.daemon.gamekit import Kit

ROOT = Path(__file__).resolve().parents[3]


def empty_the_store(kit: Kit, how: str) -> None:
    state = kit.config.autogm.state_file
    for companion in (state.with_name(state.name + "-wal"), state.with_name(state.name + "-shm")):
        companion.unlink(missing_ok=True)
    if how == "deleted":
        state.unlink()
    else:
        state.write_bytes(b"")


def sent_pms(kit: Kit) -> list:
    return kit.forum.sent_private_messages(datetime(2000, 1, 1, tzinfo=UTC))


@pytest.fixture
def played(tmp_path) -> Kit:
    kit = Kit(tmp_path)
    kit.config_path.write_text(
        kit.config_path.read_text().replace("start = 2026-12-01 18:00\n", "")
    )
    kit.daemon = kit.new_daemon()
    kit.start()
    kit.close("Prep")
    kit.send("Abs", "Kill Kleene")
    kit.poll()
    return kit


@pytest.mark.parametrize("how", ["deleted", "emptied"])
def test_run_on_an_emptied_store_refuses_and_sends_nothing_again(played, how):
    before = len(sent_pms(played))
    assert before > 0
    posts = len(played.topic_posts())
    empty_the_store(played, how)
    run = subprocess.run(
        [sys.executable, "-m", "autogm.daemon", "run", "--config", str(played.config_path)],
        cwd=ROOT,
        env=os.environ,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    line = run.stderr.strip()
    assert len(line.splitlines()) == 1 and "Traceback" not in line
    assert "g1: the forum shows that autogm already posted for this game" in line
    assert "restore it from a backup" in line
    assert len(played.topic_posts()) == posts
    assert len(sent_pms(played)) == before


def test_the_start_job_deals_nothing_when_the_forum_shows_the_game(played):
    posts = len(played.topic_posts())
    sent = len(sent_pms(played))
    empty_the_store(played, "deleted")
    daemon = played.new_daemon()
    daemon.start("g1", played.clock())
    assert len(played.topic_posts()) == posts
    assert len(sent_pms(played)) == sent
    with played.store() as store:
        assert store.game("g1") is None
        assert store.events("g1", "game.forum-ahead")


def test_a_new_game_in_a_topic_of_hand_written_posts_starts(tmp_path):
    kit = Kit(tmp_path)  # the topic holds the GM's own opening post, without a marker
    kit.forum.as_user("Abs").reply(kit.topic, "Good luck all!")
    kit.start()
    assert any("g1 begins" in p.source for p in kit.topic_posts())


def test_a_topic_used_again_after_another_game_does_not_stop_a_new_one(tmp_path):
    """Only this game's own opening post (or sign-up list) counts: autogm's posts of an
    earlier game in the same topic carry other markers."""
    from autogm.daemon.outbox.message import marker

    kit = Kit(tmp_path)
    kit.forum.reply(kit.topic, "[b]round 1 begins[/b]\n" + marker("start:round1"))
    kit.start()
    assert any("g1 begins" in p.source for p in kit.topic_posts())
