"""Live tests: a real phpBB 3.3.11 board and a real MyBB 1.8.37 board on loopback, one of each
per test session (started by the first test that needs it).

They run wherever PHP is installed or can be (as root, the boards' board_up.sh install it with
apt-get), as in CI; elsewhere every live test is skipped and one line at the end says why.
The MyBB tests are the files test_mybb_*.py.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.live import mybb
from tests.live.board import Board, free_port, why_not_live
from tests.memory import memory_with_room

REASON = why_not_live()
MYBB_REASON = mybb.why_not_live()


def _reason(nodeid: str) -> str | None:
    return MYBB_REASON if "/test_mybb_" in nodeid else REASON


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if terminalreporter.stats.get("skipped"):
        for reason in {REASON, MYBB_REASON} - {None}:
            terminalreporter.write_line(str(reason))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    live = []
    for item in items:
        nodeid = item.nodeid.replace("\\", "/")
        if "tests/live/" in nodeid:
            live.append(item)
            item.add_marker(pytest.mark.live)
            if reason := _reason(nodeid):
                item.add_marker(pytest.mark.skip(reason=reason))
    # The suite runs on pytest-xdist workers, a test file to a worker (README's test command:
    # --dist loadfile --no-loadscope-reorder), each worker serving its live files one board of
    # each kind. The live tests mostly wait for their games' deadlines: handed out first, they
    # wait side by side, each on its own board, while the other workers run the rest. The
    # phpBB files first: a worker takes two files to start with, and the short MyBB files
    # (their board up in 3 s) pair best with the long phpBB ones.
    live.sort(key=lambda item: "/test_mybb_" in item.nodeid.replace("\\", "/"))
    rest = [item for item in items if item not in live]
    items[:] = live + rest


# A board takes 12 MB (MyBB) or 34 MB (phpBB) and its logs grow: a container's small /dev/shm
# (64 MB by default under Docker) is left alone.
ROOM = 256 * 2**20


@contextmanager
def _board_dir(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """Where a board lives: in memory where the machine has a tmpfs. The installers and every
    post write SQLite with a sync each: MyBB installs in 2 s on /dev/shm, in up to 20 s on a
    busy disk."""
    memory = memory_with_room(ROOM)
    if memory is None:
        yield tmp_path_factory.mktemp(name)
        return
    workdir = Path(tempfile.mkdtemp(prefix=f"autogm-{name}-", dir=memory))
    try:
        yield workdir / "board"
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Board]:
    with _board_dir(tmp_path_factory, "phpbb") as workdir:
        live = Board(workdir, free_port())
        try:
            live.up()
            yield live
        finally:
            live.down()


@pytest.fixture(scope="session")
def mybb_board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[mybb.MyBBBoard]:
    with _board_dir(tmp_path_factory, "mybb") as workdir:
        live = mybb.MyBBBoard(workdir, free_port())
        try:
            live.up()
            yield live
        finally:
            live.down()
