"""The daemon killed with -9 on the real MyBB board, the board gone across a deadline, the GM
logged out everywhere, and what an idle poll costs.

The board here merges the GM's consecutive posts (postmergeuignore emptied: a GM account that
is no administrator meets this on a default board): every results post is appended to the
GM's previous one, and the outbox must still find it after a crash, never post it twice."""

from __future__ import annotations

import json
import os
import signal
import time
from collections import Counter

from tests.live.board import Daemon, State, marker_for, marker_of, wait_for
from tests.live.mybb import (
    GM,
    GM_PASSWORD,
    MyBBBoard,
    MyBBPlayer,
    autogm,
    forum_config,
    thread_posts,
)

ROLES = {
    "Abs": "Gin",
    "Pofa": "Vodka",
    "Kleene": "Agasa",
    "Jd-": "Araide",
    "Lynz": "Shinichi",
    "Parkur": "Megure",
}
GAME = """\
[game:crash]
forum = crash
topic = {topic}
ruleset = dctp-2011
seed = 13
players =
{players}
prep_deadline = 5s
night_deadline = 30m
day_deadline = 30m
votes = pm
"""
COMPOSE_FORM = "GET /private.php?action=send"
REPLY_POST = "newreply.php"
LOGIN_POST = "POST /member.php"
INBOX_GET = "GET /private.php?fid=0"


def test_kill_9_a_merged_post_mid_post_the_board_down_and_an_idle_poll(
    mybb_board: MyBBBoard, tmp_path
):
    board = mybb_board
    board.set_setting("postmergeuignore", "")  # the GM's posts merge, as a member's do
    try:
        _run(board, tmp_path)
    finally:
        board.set_setting("postmergeuignore", "4")


def _run(board: MyBBBoard, tmp_path) -> None:
    topic = board.new_thread("Live game: kill -9", "autogm runs this game.")
    config = tmp_path / "config.ini"
    players = "\n".join(f"    {name}: {role}" for name, role in ROLES.items())
    config.write_text(
        forum_config(board, "crash") + GAME.format(topic=topic, players=players), "utf-8"
    )
    state = State(tmp_path / "state" / "autogm.db")

    # 1. kill -9 while the role PMs go out (Prep's results post, merged, is out before them):
    # the PM form is fetched (once: the PMs after the first reuse it), and a PM is in flight.
    # MyBB wants no wait before a form is posted, so a PM is in flight only while the board
    # answers: the fault hook stops the board's server just before the first PM's POST.
    flag = tmp_path / "frozen-pm"
    fault = f"freeze-board:1:{board.workdir / 'server.pid'}:{flag}"
    start = len(board.requests())
    daemon = Daemon(config, fault=fault, password=GM_PASSWORD, fault_url="private.php")
    try:
        wait_for(flag.exists, 60, "the board to be frozen under a PM")
        time.sleep(1.0)  # the POST is in the stopped server's socket
        assert len(state.outbox("sending")) == 1, "no PM was being sent"
    finally:
        daemon.kill9()
        os.kill(board.pid, signal.SIGCONT)
    assert _count(board, start, COMPOSE_FORM) == 1

    # 2. Night 1 resolved now; kill -9 while its results post is posted and the board has
    # not answered (the fault hook stops the server just before that POST).
    daemon = Daemon(config, password=GM_PASSWORD)
    try:
        wait_for(lambda: state.phase("crash") == "Night 1" and state.settled(), 60, "Night 1")
    finally:
        daemon.stop()
    assert autogm("resolve-now", "crash", "--config", str(config)).returncode == 0
    flag = tmp_path / "frozen"
    fault = f"freeze-board:1:{board.workdir / 'server.pid'}:{flag}"
    daemon = Daemon(config, fault=fault, password=GM_PASSWORD, fault_url=REPLY_POST)
    try:
        wait_for(flag.exists, 60, "the board to be frozen under the results post")
        time.sleep(1.0)  # the POST is in the stopped server's socket
        assert [r for r in state.outbox("sending") if r["kind"] == "post"], "no post in flight"
    finally:
        daemon.kill9()
        os.kill(board.pid, signal.SIGCONT)

    # 3. A clean restart: the post in flight is looked for (MyBB merged it into the GM's
    # previous post) before anything is sent again.
    daemon = Daemon(config, password=GM_PASSWORD)
    try:
        wait_for(lambda: state.phase("crash") == "Day 1" and state.settled(), 60, "Day 1")
        # 4. The board goes down, the deadline passes, the GM is logged out everywhere.
        board.down()
        down_at = len(board.requests())
        assert autogm("resolve-now", "crash", "--config", str(config)).returncode == 0
        board.log_out_everywhere(GM)
        time.sleep(5)
        assert state.phase("crash") == "Day 1", "closed without reading the forum"
        board.up()
        wait_for(lambda: state.phase("crash") == "Night 2", 60, "Day 1 to close after the outage")
        wait_for(state.settled, 60, "the catch-up")
        assert _count(board, down_at, LOGIN_POST) >= 1, "no new login after the logout"

        # 5. An idle poll (votes = pm): the inbox's first page, and nothing else.
        polls = daemon.log_text().count("job poll:crash")
        before = len(board.requests())
        time.sleep(8)
        idle = board.requests()[before:]
        polled = daemon.log_text().count("job poll:crash") - polls
    finally:
        daemon.stop()
    assert "Traceback" not in daemon.log_text()
    assert "connection refused" in daemon.log_text()  # it did meet the outage
    assert polled >= 2
    assert all(line.startswith(INBOX_GET) for line in idle), idle
    assert polled - 1 <= len(idle) <= polled + 1  # one a poll; a poll may straddle the window
    unknown = {json.loads(e["details"])["id"] for e in state.events("outbox.unknown")}
    assert len(unknown) == 2  # the PM and the post in flight, each looked for
    _sent_once(board, state, topic)


def _sent_once(board: MyBBBoard, state: State, topic: str) -> None:
    """Each player holds exactly one role PM; each post is in the thread once, the results
    posts as parts of the GM's merged first post."""
    ours = state.markers()
    for name, role in ROLES.items():
        received = [m for m in MyBBPlayer(board, name).from_gm() if marker_of(m.source) in ours]
        markers = Counter(marker_of(m.source) for m in received)
        assert all(n == 1 for n in markers.values()), f"{name} got a PM twice"
        roles = [m for m in received if "your role" in m.subject]
        assert len(roles) == 1 and f"You are [b]{role}[/b]" in roles[0].source, name
    posts = [p for p in thread_posts(board, topic) if p.author == GM]
    posted = Counter(marker_of(p.source) for p in posts if marker_of(p.source) in ours)
    assert all(n == 1 for n in posted.values()), "a post twice"
    for row in state.outbox("sent"):
        if row["kind"] == "post":
            assert posted[marker_for(row["dedupe_key"])] == 1, row["dedupe_key"]
            ref = json.loads(row["forum_ref"])["post_id"]
            assert "." in ref, f"{row['dedupe_key']} was not merged ({ref})"
    for heading in ("Prep has ended", "Night 1 has ended", "Day 1 has ended"):
        assert sum(heading in p.source for p in posts) == 1, heading


def _count(board: MyBBBoard, start: int, what: str) -> int:
    return sum(line.startswith(what) for line in board.requests()[start:])
