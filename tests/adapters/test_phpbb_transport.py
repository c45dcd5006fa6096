"""The HTTP layer: retries with backoff, pacing, and what it never repeats or reveals."""

from __future__ import annotations

import logging

import pytest
import requests
import responses

from autogm.adapters.base import Unavailable
from autogm.adapters.phpbb.forum import FORM_MIN_AGE
from autogm.adapters.web.transport import RetryPolicy, Transport

from .conftest import BASE, SID, FakeClock


@pytest.fixture
def transport(clock: FakeClock) -> Transport:
    return Transport(
        BASE,
        clock=clock,
        sleep=clock.sleep,
        jitter=lambda: 0.5,
        form_min_age=FORM_MIN_AGE,
        retry=RetryPolicy(attempts=4, base_delay=1.0, max_delay=3.0),
    )


def test_a_5xx_get_is_retried_with_capped_exponential_backoff(board, transport, clock):
    url = BASE + "index.php"
    for status in (503, 502, 500):
        board.mock.get(url, status=status)
    board.mock.get(url, body="ok")
    assert transport.get("index.php").text == "ok"
    assert clock.sleeps == [1.0, 2.0, 3.0]  # 1, 2, then capped at 3 (4 would be next)


def test_jitter_spreads_the_backoff():
    policy = RetryPolicy(base_delay=2.0, max_delay=60.0)
    assert policy.delay(0, 0.0) == 1.0
    assert policy.delay(2, 1.0) == 12.0


def test_connection_errors_are_retried_then_reported(board, transport):
    for _ in range(4):
        board.mock.get(BASE + "index.php", body=requests.ConnectionError("reset"))
    with pytest.raises(Unavailable, match="after 4 attempts"):
        transport.get("index.php")


def test_a_post_answered_500_is_not_repeated(board, transport):
    board.mock.post(BASE + "posting.php?mode=reply&t=2", status=500)
    with pytest.raises(Unavailable, match="may have saved it"):
        transport.post("posting.php?mode=reply&t=2", [("message", "x")], form_fetched_at=0.0)


def test_a_post_that_timed_out_connecting_is_repeated(board, transport):
    board.mock.post(BASE + "ucp.php?mode=login", body=requests.ConnectTimeout("slow"))
    board.mock.post(BASE + "ucp.php?mode=login", status=302, headers=[("Location", "./index.php")])
    assert transport.post("ucp.php?mode=login", [], form_fetched_at=0.0).status == 302


def test_requests_are_spaced_by_the_minimum_interval(board, transport, clock):
    for _ in range(3):
        board.mock.get(BASE + "index.php", body="ok")
    for _ in range(3):
        transport.get("index.php")
    assert clock.sleeps == [1.0, 1.0]
    assert transport.requests_made == 3


def test_a_form_is_never_posted_in_the_second_it_was_built(board, transport, clock):
    board.mock.post(BASE + "ucp.php?mode=login", body="")
    transport.post("ucp.php?mode=login", [], form_fetched_at=clock.now)
    assert sum(clock.sleeps) >= FORM_MIN_AGE


def test_posts_and_pms_are_spaced_by_the_flood_interval(board, transport, clock):
    for _ in range(2):
        board.mock.post(BASE + "posting.php?mode=reply&t=2", status=302)
    transport.submit_message("posting.php?mode=reply&t=2", [], form_fetched_at=0.0)
    transport.submit_message("posting.php?mode=reply&t=2", [], form_fetched_at=0.0)
    assert max(clock.sleeps) == pytest.approx(15.0)


def test_session_ids_never_reach_the_log(board, transport, caplog):
    caplog.set_level(logging.DEBUG)
    board.mock.get(BASE + f"index.php?sid={SID}", status=503)
    board.mock.get(BASE + f"index.php?sid={SID}", body="ok")
    transport.get(f"index.php?sid={SID}")
    assert "index.php?sid=[sid]" in caplog.text
    assert SID not in caplog.text


def test_the_user_agent_never_changes(board, transport):
    board.mock.get(BASE + "index.php", body="a")
    board.mock.get(BASE + "viewtopic.php?t=2", body="b")
    transport.get("index.php")
    transport.get("viewtopic.php?t=2")
    agents = {call.request.headers["User-Agent"] for call in board.mock.calls}
    assert len(agents) == 1 and agents.pop().startswith("autogm/")


def test_pages_are_read_as_utf8_whatever_the_header_says(transport):
    with responses.RequestsMock() as mock:
        mock.get(BASE + "index.php", body="Sørina".encode(), content_type="text/html")
        assert transport.get("index.php").text == "Sørina"


def test_urllib3s_request_lines_are_logged_without_the_sid(transport, caplog):
    # urllib3 logs each request line at DEBUG (responses bypasses it, so emit its own format);
    # the PM compose action always carries the sid (PROTOCOL §1).
    caplog.set_level(logging.DEBUG)
    url = f"/ucp.php?i=pm&mode=compose&action=post&sid={SID}"
    logging.getLogger("urllib3.connectionpool").debug(
        '%s://%s:%s "%s %s %s" %s %s', "https", "forum.example.test", 443, "POST", url,
        "HTTP/1.1", 200, None,
    )  # fmt: skip
    assert "action=post&sid=[sid]" in caplog.text
    assert SID not in caplog.text


@pytest.mark.parametrize(
    "failure", [requests.exceptions.ChunkedEncodingError, requests.exceptions.TooManyRedirects]
)
def test_other_request_failures_are_unavailable_and_name_no_sid(board, transport, failure):
    url = BASE + f"index.php?sid={SID}"
    for _ in range(4):
        board.mock.get(url, body=failure(f"broken at {url}"))
    with pytest.raises(Unavailable, match="after 4 attempts") as raised:
        transport.get(f"index.php?sid={SID}")
    assert SID not in str(raised.value)
    board.mock.post(BASE + "posting.php?mode=reply&t=2", body=failure("cut off"))
    with pytest.raises(Unavailable, match="may have saved it"):
        transport.post("posting.php?mode=reply&t=2", [("message", "x")], form_fetched_at=0.0)


def test_a_post_sends_no_referer(board, transport):
    # A Referer naming another host kills the session on a POST; none is fine (PROTOCOL §0).
    board.mock.post(BASE + "ucp.php?mode=login", status=302, headers=[("Location", "./index.php")])
    transport.post("ucp.php?mode=login", [], form_fetched_at=0.0)
    assert "Referer" not in board.mock.calls[0].request.headers


def test_the_minimum_form_age_is_more_than_a_second():
    # phpBB refuses a form posted in the second of its creation_time: a full second must pass.
    assert FORM_MIN_AGE > 1.0
