"""Live tests: a real phpBB 3.3.11 board on loopback, one per test session.

They run wherever PHP is installed or can be (as root, board_up.sh installs it with
apt-get), as in CI; elsewhere every live test is skipped and one line at the end says why.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.live.board import Board, free_port, why_not_live

REASON = why_not_live()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if REASON and terminalreporter.stats.get("skipped"):
        terminalreporter.write_line(REASON)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/live/" in item.nodeid.replace("\\", "/"):
            item.add_marker(pytest.mark.live)
            if REASON:
                item.add_marker(pytest.mark.skip(reason=REASON))


@pytest.fixture(scope="session")
def board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Board]:
    live = Board(tmp_path_factory.mktemp("phpbb"), free_port())
    live.up()
    try:
        yield live
    finally:
        live.down()
