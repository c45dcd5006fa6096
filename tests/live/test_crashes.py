"""The daemon killed with -9 while sending, and the board gone across a deadline."""

from __future__ import annotations

import json
import os
import signal
import time
from collections import Counter
from datetime import UTC, datetime

from tests.live.board import (
    GM,
    Board,
    Daemon,
    Player,
    State,
    marker_of,
    topic_posts,
    wait_for,
    write_config,
)

COMPOSE_FORM = "GET /ucp.php?i=pm&mode=compose&u="
LOGIN_POST = "POST /ucp.php?mode=login"
INBOX_GET = "GET /ucp.php?i=pm&folder=inbox"


def _sent_once(board: Board, state: State, topic: str, roster: dict[str, str]) -> None:
    """Each player holds exactly one role PM, naming their role; each GM post is there once."""
    ours = state.markers()
    for name, role in roster.items():
        received = [m for m in Player(board, name).from_gm() if marker_of(m.source) in ours]
        markers = Counter(marker_of(m.source) for m in received)
        assert all(n == 1 for n in markers.values()), f"{name} got a PM twice"
        roles = [m for m in received if "your role" in m.subject]
        assert len(roles) == 1 and f"You are [b]{role}[/b]" in roles[0].source, name
    posts = [p for p in topic_posts(board, topic) if p.author == GM]
    assert all(n == 1 for n in Counter(marker_of(p.source) for p in posts).values())
    assert sum("Prep has ended" in p.source for p in posts) == 1


def _count(board: Board, start: int, what: str) -> int:
    return sum(line.startswith(what) for line in board.requests()[start:])


ROLES_SIX = {
    "Abs": "Gin",
    "Miaka": "Vodka",
    "Kleene": "Agasa",
    "Jd-": "Araide",
    "Conia": "Shinichi",
    "Xpon": "Megure",
}


def test_kill_9_while_sending_and_while_a_pm_form_waits_for_its_answer(board: Board, tmp_path):
    topic = board.new_topic("Live game: kill -9", "autogm runs this game.")
    schedule = "prep_deadline = 5s\nnight_deadline = 30m\nday_deadline = 30m\nvotes = pm"
    config = write_config(tmp_path, board, "crash", topic, ROLES_SIX, schedule)
    state = State(tmp_path / "state" / "autogm.db")

    # 1. kill -9 while the role PMs go out: the PM form is fetched (once: the PMs after the
    # first reuse it), and the daemon waits the second phpBB wants before it posts it.
    start = len(board.requests())
    daemon = Daemon(config)
    try:
        wait_for(lambda: _count(board, start, COMPOSE_FORM) >= 1, 60, "the PM form", 0.05)
    finally:
        daemon.kill9()
    assert len(state.outbox("sending")) == 1, "no PM was being sent"

    # 2. kill -9 while a PM form is posted and the board has not answered: the fault hook
    # stops the board's server just before the POST (see tests/live/faults).
    flag = tmp_path / "frozen"
    fault = f"freeze-board:2:{board.workdir / 'server.pid'}:{flag}"
    daemon = Daemon(config, fault=fault)
    try:
        wait_for(flag.exists, 60, "the board to be frozen under a PM form")
        time.sleep(1.0)  # the POST is in the stopped server's socket
        assert state.outbox("sending"), "no PM was in flight"
    finally:
        daemon.kill9()
        os.kill(board.pid, signal.SIGCONT)

    # 3. A clean restart: the PM in flight is looked for before anything is sent again.
    daemon = Daemon(config)
    try:
        wait_for(lambda: state.settled() and len(state.outbox()) >= 7, 90, "everything sent")
    finally:
        daemon.stop()
    # Both interrupted PMs were looked for on the board before anything was sent again.
    interrupted = {json.loads(e["details"])["id"] for e in state.events("outbox.unknown")}
    assert len(interrupted) == 2
    assert "Traceback" not in daemon.log_text()
    _sent_once(board, state, topic, ROLES_SIX)


ROLES_THREE = {"Abs": "Gin", "Kleene": "Agasa", "Conia": "Shinichi"}


def test_board_down_across_a_deadline_and_sessions_ended_then_an_idle_poll(board: Board, tmp_path):
    topic = board.new_topic("Live game: outages", "autogm runs this game.")
    schedule = "prep_deadline = 15s\nnight_deadline = 30m\nday_deadline = 30m\nvotes = pm"
    config = write_config(tmp_path, board, "down", topic, ROLES_THREE, schedule)
    state = State(tmp_path / "state" / "autogm.db")
    daemon = Daemon(config)
    try:
        wait_for(lambda: state.settled(), 30, "the opening post")
        deadline = datetime.fromisoformat(
            state.rows("SELECT deadline FROM phases WHERE game = 'down'")[0]["deadline"]
        )
        # The GM's sessions end ("remember me" keys too), then the board goes down across
        # the Prep deadline.
        time.sleep(max(0.0, (deadline - datetime.now(UTC)).total_seconds() - 3))
        assert board.end_sessions(GM) >= 1
        board.down()
        down_at = len(board.requests())
        time.sleep(max(0.0, (deadline - datetime.now(UTC)).total_seconds() + 5))
        # Orders sent before the deadline may be waiting in the GM's inbox: no close unread.
        assert state.phase("down") == "Prep"
        board.up()
        wait_for(lambda: state.phase("down") == "Night 1", 60, "Prep to close after the outage")
        wait_for(lambda: state.settled() and len(state.outbox()) >= 5, 120, "the catch-up")
        assert _count(board, down_at, LOGIN_POST) >= 1, "no new login after the sessions ended"
        _sent_once(board, state, topic, ROLES_THREE)

        # An idle poll with votes = pm costs one request: the inbox's first page.
        polls = daemon.log_text().count("job poll:down")
        before = len(board.requests())
        time.sleep(10)
        idle = board.requests()[before:]
        polled = daemon.log_text().count("job poll:down") - polls
    finally:
        daemon.stop()
    assert polled >= 2
    assert all(line.startswith(INBOX_GET) for line in idle), idle
    assert polled - 1 <= len(idle) <= polled + 1  # a poll may straddle the window's ends
    assert "connection refused" in daemon.log_text()  # it did meet the outage
    assert "Traceback" not in daemon.log_text()
