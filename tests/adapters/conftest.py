"""Fixtures for the adapter tests: captured pages, a fake clock, a mocked phpBB board."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest
import responses

from autogm.adapters.phpbb import PhpBBForum
from autogm.adapters.phpbb.forum import FORM_MIN_AGE
from autogm.adapters.web.transport import RetryPolicy, Transport

PAGES = Path(__file__).parent / "pages"
CAPTURED = PAGES / "phpbb-3.3-prosilver"
BASE = "https://forum.example.test/"
NOW = datetime(2026, 11, 22, 3, 0, tzinfo=UTC)
HTML = "text/html; charset=UTF-8"
COOKIE = "phpbb3_3ij7d"
SID = "0123456789abcdef0123456789abcdef"
LOGIN_FORM_SID = "6416043db9f6e6d9e53515cecdb33466"  # the guest sid in login_form.html
# An outbox marker (daemon/outbox/message.py): zero-width characters that must come back untouched.
# The derived pm_view_9_outbox_marker.html ends in this one.
MARKER = (
    "\u200b\u2060\u200d\u200c\u200b\u200b\u2060\u200c"
    "\u200d\u2060\u200b\u200c\u200c\u200d\u2060\u200b"
)


def page(name: str, folder: str = "phpbb-3.3-prosilver") -> str:
    return (PAGES / folder / name).read_text(encoding="utf-8")


@dataclass
class FakeClock:
    """Monotonic time that only moves when someone sleeps."""

    now: float = 1000.0
    sleeps: list[float] = field(default_factory=list)

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


class Board:
    """The mocked board: each test registers exactly the requests it expects."""

    def __init__(self, mock: responses.RequestsMock) -> None:
        self.mock = mock

    def get(self, path: str, name: str, status: int = 200, folder: str = "phpbb-3.3-prosilver"):
        return self.mock.get(BASE + path, body=page(name, folder), status=status, content_type=HTML)

    def post(self, path: str, name: str = "", status: int = 200, **kwargs: object):
        body = page(name) if name else ""
        return self.mock.post(BASE + path, body=body, status=status, content_type=HTML, **kwargs)

    def redirect(self, path: str, location: str, method: str = "POST", **kwargs: object):
        return self.mock.add(
            method, BASE + path, status=302, body="", headers=[("Location", location)], **kwargs
        )

    def login(self, user_id: int = 2) -> None:
        """The two requests of a successful login (PROTOCOL §2)."""
        self.get("ucp.php?mode=login", "login_form.html")
        self.mock.post(
            BASE + f"ucp.php?mode=login&sid={LOGIN_FORM_SID}",
            status=302,
            body="",
            headers=[
                ("Set-Cookie", f"{COOKIE}_u={user_id}; path=/; HttpOnly"),
                ("Set-Cookie", f"{COOKIE}_k=; path=/; HttpOnly"),
                ("Set-Cookie", f"{COOKIE}_sid={SID}; path=/; HttpOnly"),
                ("Location", f"{BASE}index.php?sid={SID}"),
            ],
        )

    def calls(self, method: str | None = None) -> list[str]:
        return [
            call.request.url or ""
            for call in self.mock.calls
            if method is None or call.request.method == method
        ]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def board() -> Iterator[Board]:
    with responses.RequestsMock(assert_all_requests_are_fired=True) as mock:
        yield Board(mock)


@pytest.fixture
def make_forum(clock: FakeClock, tmp_path: Path):
    def make(flood_interval: float = 15.0, **kwargs: object) -> PhpBBForum:
        transport = Transport(
            BASE,
            clock=clock,
            sleep=clock.sleep,
            jitter=lambda: 0.5,
            flood_interval=flood_interval,
            form_min_age=FORM_MIN_AGE,
            retry=RetryPolicy(attempts=3, base_delay=1.0, max_delay=8.0),
        )
        return PhpBBForum(
            BASE,
            "GameMaster",
            "hunter2-secret",
            transport=transport,
            now=lambda: NOW,
            page_dir=tmp_path / "unrecognised",
            **kwargs,  # type: ignore[arg-type]
        )

    return make


@pytest.fixture
def forum(make_forum) -> PhpBBForum:
    return make_forum()
