"""HTTP to one board (phpBB, MyBB): requests.Session, timeouts, retries, pacing. No page parsing.

Everything that waits goes through the injected ``clock`` and ``sleep`` so tests never sleep.
Nothing logged or raised here contains a password or a session id (``urls.redact``).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import requests
from urllib3.exceptions import NewConnectionError

from autogm.adapters.base import Interrupted, Unavailable
from autogm.adapters.web.urls import absolute, redact

LOGGER = logging.getLogger(__name__)
# urllib3 logs every request line, query string and all, at DEBUG ("autogm run -v"); phpBB's PM
# compose action always carries the sid (PROTOCOL §1), so its records are redacted too.
_URLLIB3_LOGGER = "urllib3.connectionpool"

DEFAULT_USER_AGENT = "autogm/0.1 (forum game master; +https://example.org/autogm)"
# The clock of posts and PMs when a board keeps one for both (phpBB); MyBB keeps two.
MESSAGES = "messages"
# Learning the flood interval from the board's refusals (``flood_interval=None``) when a
# refusal does not say how long to wait (phpBB): the first asks for this many seconds, each
# further one doubles it, up to the cap (phpBB's default interval is 15 s; a board asking more
# than a minute is refused further learning).
FLOOD_FIRST, FLOOD_CAP = 2.0, 64.0


class _RedactSessionIds(logging.Filter):
    """Rewrites a log record's text with its session ids blanked (``urls.redact``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


def _redact_urllib3_log() -> None:
    logger = logging.getLogger(_URLLIB3_LOGGER)
    if not any(isinstance(existing, _RedactSessionIds) for existing in logger.filters):
        logger.addFilter(_RedactSessionIds())


@dataclass(frozen=True, slots=True)
class Page:
    """A response as the parsers need it: no requests types leak past the transport."""

    url: str
    status: int
    text: str
    location: str | None = None


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    attempts: int = 4
    base_delay: float = 1.0
    max_delay: float = 30.0

    def delay(self, attempt: int, jitter: float) -> float:
        """Exponential backoff, capped, spread by ±50% so several daemons do not align."""
        return min(self.max_delay, self.base_delay * 2**attempt) * (0.5 + jitter)


class Transport:
    """Speaks HTTP to the board at ``base_url`` (the folder holding index.php)."""

    def __init__(
        self,
        base_url: str,
        *,
        session: requests.Session | None = None,
        user_agent: str = DEFAULT_USER_AGENT,
        timeout: tuple[float, float] = (10.0, 30.0),
        min_interval: float = 1.0,
        flood_interval: float | None = 15.0,
        form_min_age: float = 0.0,
        retry: RetryPolicy | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        jitter: Callable[[], float] = random.random,
    ) -> None:
        self.base_url = base_url if base_url.endswith("/") else base_url + "/"
        self.session = session or requests.Session()
        # phpBB binds the session to the exact User-Agent (browser_check): never vary it.
        self.session.headers["User-Agent"] = user_agent
        _redact_urllib3_log()
        self.timeout = timeout
        self.min_interval = min_interval
        # How long the board wants between two submissions on each of its flood clocks.
        # ``flood_interval`` None: not known, so nothing is waited until the board refuses one
        # as too soon (a flood-exempt account never is), and from then on the interval learned
        # (``flooded``).
        self.learning = flood_interval is None
        self.flood_intervals: dict[str, float] = {MESSAGES: flood_interval or 0.0}
        self.flood_refusals = 0
        # How old a form must be before the board takes it back (phpBB: a second).
        self.form_min_age = form_min_age
        self.retry = retry or RetryPolicy()
        self.clock = clock
        self.sleep = sleep
        self.jitter = jitter
        self.requests_made = 0
        # Asked before each request when set (``PhpBBForum.interrupt_when``): True stops the
        # read there, so a long walk over pages makes way for a more urgent job.
        self.interrupt: Callable[[], bool] | None = None
        self._last_request: float | None = None
        self._last_submit: dict[str, float] = {}

    def get(self, path: str) -> Page:
        url = absolute(self.base_url, path)
        return self._send("GET", url, None, retry_any=True)

    @property
    def flood_interval(self) -> float:
        """The interval of the one clock of a board that keeps one (phpBB)."""
        return self.flood_intervals[MESSAGES]

    @flood_interval.setter
    def flood_interval(self, seconds: float) -> None:
        self.flood_intervals[MESSAGES] = seconds

    def post(self, path: str, data: Sequence[tuple[str, str]], form_fetched_at: float) -> Page:
        """POST a form, no redirect followed (phpBB answers a saved post with a 302), once the
        form is ``form_min_age`` old."""
        self.wait_until(form_fetched_at + self.form_min_age)
        return self._send("POST", absolute(self.base_url, path), data, retry_any=False)

    def submit_message(
        self,
        path: str,
        data: Sequence[tuple[str, str]],
        form_fetched_at: float,
        clock: str = MESSAGES,
    ) -> Page:
        """POST a new post or PM, spaced by the board's flood interval on ``clock``.

        phpBB refuses a post or PM sooner than its flood interval after the user's previous one
        (posting.php and ucp_pm_compose.php compare ``user_lastpost_time``: one clock); MyBB
        keeps one clock for posts and one for PMs. Waiting here spares the "You cannot make
        another post so soon" errors (an account exempt from the rule, phpBB's "can ignore
        flood limit" or a MyBB administrator, has no interval: 0).
        """
        last = self._last_submit.get(clock)
        if last is not None:
            self.wait_until(last + self.flood_intervals.get(clock, 0.0))
        page = self.post(path, data, form_fetched_at)
        self._last_submit[clock] = self.clock()
        return page

    def submitted_at(self, clock: str) -> float | None:
        """When the last submission on ``clock`` was made (the transport's clock), if any."""
        return self._last_submit.get(clock)

    def flooded(self, clock: str = MESSAGES) -> float:
        """The board refused a post or PM on ``clock`` as too soon after the last, without
        saying how long to wait: the seconds to wait before the next try (learning: more than
        the last time, up to ``FLOOD_CAP``)."""
        self.flood_refusals += 1
        if self.learning:
            learned = min(FLOOD_CAP, max(FLOOD_FIRST, 2 * self.flood_intervals.get(clock, 0.0)))
            self.flood_intervals[clock] = learned
        return self.flood_intervals.get(clock, 0.0)

    def wait_until(self, moment: float) -> None:
        delay = moment - self.clock()
        if delay > 0:
            self.sleep(delay)

    def cookie(self, suffix: str) -> str | None:
        """A cookie by the end of its name: phpBB's ``_u``, ``_k``, ``_sid`` (their prefix is
        random per board), MyBB's ``mybbuser`` (its prefix is the board's setting)."""
        for cookie in self.session.cookies:
            if cookie.name.endswith(suffix):
                return cookie.value
        return None

    def forget_session(self) -> None:
        self.session.cookies.clear()

    def _send(
        self, method: str, url: str, data: Sequence[tuple[str, str]] | None, retry_any: bool
    ) -> Page:
        attempt = 0
        while True:
            if self._last_request is not None:
                self.wait_until(self._last_request + self.min_interval)
            if self.interrupt is not None and self.interrupt():
                raise Interrupted(f"{method} {redact(url)} not made: asked to stop")
            self._last_request = self.clock()
            self.requests_made += 1
            problem = self._attempt(method, url, data, retry_any)
            if isinstance(problem, Page):
                return problem
            attempt += 1
            if problem is None or attempt >= self.retry.attempts:
                raise Unavailable(self._give_up(method, url, attempt, problem))
            delay = self.retry.delay(attempt - 1, self.jitter())
            LOGGER.warning("%s %s: %s; retrying in %.1f s", method, redact(url), problem, delay)
            self.sleep(delay)

    def _attempt(
        self, method: str, url: str, data: Sequence[tuple[str, str]] | None, retry_any: bool
    ) -> Page | str | None:
        """The page, or why it failed (a str when a retry is safe, None when it is not)."""
        try:
            response = self.session.request(
                method, url, data=data, timeout=self.timeout, allow_redirects=method == "GET"
            )
        except requests.ConnectTimeout:
            return "connection timed out"
        except requests.ConnectionError as error:
            never_sent = _refused(error)
            return "connection refused" if never_sent or retry_any else None
        except requests.Timeout:
            return "read timed out" if retry_any else None
        except requests.RequestException as error:
            # A body cut off, too many redirects...: never the raw exception, whose text may
            # name the URL (and its sid); a POST may have been saved, so it is not repeated.
            return f"request failed ({type(error).__name__})" if retry_any else None
        LOGGER.debug("%s %s -> %s", method, redact(url), response.status_code)
        if response.status_code >= 500 or response.status_code == 429:
            # A POST that got a 5xx may have been saved; only a GET is repeated blindly.
            return f"HTTP {response.status_code}" if retry_any else None
        return Page(
            url=response.url or url,
            status=response.status_code,
            # Every phpBB 3 and MyBB 1.8 page is UTF-8, whatever the Content-Type header says.
            text=response.content.decode("utf-8", errors="replace"),
            location=response.headers.get("Location"),
        )

    @staticmethod
    def _give_up(method: str, url: str, attempts: int, problem: str | None) -> str:
        where = f"{method} {redact(url)}"
        if problem is None:
            return (
                f"{where} failed and was not repeated, because the forum may have saved it; "
                "check the forum before sending again"
            )
        return f"{where} failed after {attempts} attempts ({problem})"


def _refused(error: requests.ConnectionError) -> bool:
    reason = getattr(error.args[0], "reason", None) if error.args else None
    return isinstance(reason, NewConnectionError)
