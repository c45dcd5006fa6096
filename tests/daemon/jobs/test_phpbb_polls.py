"""The daemon's poll on a phpBB board answered by `responses` (captured pages, no network)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import responses

from autogm.adapters.phpbb import PhpBBForum
from autogm.adapters.phpbb.forum import FORM_MIN_AGE
from autogm.adapters.web.transport import RetryPolicy, Transport
from autogm.daemon.store.db import PM_MARK
from tests.adapters.conftest import BASE, Board
from tests.adapters.conftest import FakeClock as TransportClock
from tests.daemon.gamekit import Kit

DERIVED = "phpbb-3.3-prosilver-derived"


@pytest.fixture
def board() -> Iterator[Board]:
    with responses.RequestsMock(assert_all_requests_are_fired=True) as mock:
        yield Board(mock)


@pytest.fixture
def kit(tmp_path, board):
    kit = Kit(tmp_path)
    ticks = TransportClock()
    transport = Transport(
        BASE,
        clock=ticks,
        sleep=ticks.sleep,
        jitter=lambda: 0.5,
        form_min_age=FORM_MIN_AGE,
        retry=RetryPolicy(attempts=3, base_delay=1.0, max_delay=8.0),
    )
    phpbb = PhpBBForum(
        BASE, "GameMaster", "hunter2-secret", transport=transport, page_dir=tmp_path / "pages"
    )
    kit.daemon = kit.new_daemon(lambda cfg: phpbb)
    return kit


def test_an_idle_daemon_poll_is_one_request(kit, board):
    board.login()
    board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_all_read_gm.html", folder=DERIVED)
    with kit.store() as store:
        store.set_mark("local", PM_MARK, "10", kit.clock())
    kit.daemon.forum("local").login()
    before = len(board.mock.calls)
    kit.poll()
    assert len(board.mock.calls) - before == 1
    with kit.store() as store:
        assert store.events(kind="poll.failed") == []


def test_a_session_lost_during_a_poll_logs_in_again(kit, board):
    board.login()
    board.get("ucp.php?i=pm&folder=inbox", "error_session_expired_pm_inbox.html")
    board.login()
    board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_empty_gm.html")
    kit.poll()
    with kit.store() as store:
        assert store.events(kind="poll.failed") == []
        assert store.mark("local", PM_MARK) is None  # an empty inbox: nothing to mark yet
