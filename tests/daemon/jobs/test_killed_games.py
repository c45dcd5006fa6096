"""Demo games killed with -9 at random moments lose and double no message (issue 28).

A sample of benchmarks/killed_games.py, which plays the demo's round in a child process, kills
it with SIGKILL after a random delay, starts it again on the same folder until the game is
archived, and counts every message by its outbox marker (tests/daemon/markers.py). The
README gives the 100-game run (``python benchmarks/killed_games.py --games 100``).
"""

from __future__ import annotations

from benchmarks.killed_games import run

GAMES = 2  # 5-10 s each on two busy cores


def test_killed_games_lose_and_double_no_message():
    total = run(GAMES, kills=2, seed=28, report=lambda line: None)
    assert total.problems() == []
    assert total.unfinished == 0
    assert total.kills >= GAMES  # the sample did kill
    assert total.sent > 50 * GAMES
