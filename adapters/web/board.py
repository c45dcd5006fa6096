"""What the board adapters (phpBB, MyBB) do alike around their pages: the GM's login, kept and
renewed once when the board forgets it; reads that stop between two requests when a more
urgent job waits; a PM marked read by reading it."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from autogm.adapters.base import LoginFailed, SessionExpired, User
from autogm.adapters.web.archive import PageArchive
from autogm.adapters.web.secret import Secret
from autogm.adapters.web.transport import Transport

LOGGER = logging.getLogger(__name__)
T = TypeVar("T")
LogIn = Callable[[Transport, str, Secret, PageArchive], str]


class BoardForum:
    """One account on one board, logging in with ``log_in`` (the board's own steps; it returns
    the account's user id). Subclasses add the Forum protocol's reads and writes."""

    def __init__(
        self,
        username: str,
        password: str,
        transport: Transport,
        log_in: LogIn,
        now: Callable[[], datetime] | None = None,
        page_dir: Path | None = None,
        allow_plain_http: bool = False,
    ) -> None:
        self.username = username
        self._password = Secret(password)
        self.transport = transport
        self._log_in = log_in
        self.now = now or (lambda: datetime.now(UTC))
        # A saved page never keeps the password, in whatever encoding the board echoes it.
        self.archive = PageArchive(page_dir, secrets=(self._password.reveal,))
        self.allow_plain_http = allow_plain_http
        self._user_id: str | None = None
        self._viewed: set[str] = set()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.transport.base_url!r}, {self.username!r})"

    def interrupt_when(self, check: Callable[[], bool] | None) -> None:
        """Ask ``check`` before each request, and stop a read there when it says so
        (``adapters.base.Interruptible``): a read over many pages makes way between two."""
        self.transport.interrupt = check

    def login(self) -> None:
        base = self.transport.base_url
        if base.lower().startswith("http://") and not self.allow_plain_http:
            # Anyone on the way would read the password: never sent unless the GM says so.
            raise LoginFailed(
                f"not logging in to {base}: plain http would send the password unencrypted "
                "(use https://, or set allow_plain_http = yes in the forum's section)"
            )
        self._user_id = self._log_in(self.transport, self.username, self._password, self.archive)
        LOGGER.info("logged in to %s as %s", self.transport.base_url, self.username)

    def current_user(self) -> User:
        if self._user_id is None:
            self.login()
        return User(name=self.username, id=self._user_id or "")

    def _session(self, operation: Callable[[], T]) -> T:
        """Run ``operation`` logged in; log in again once if the board forgot the login."""
        if self._user_id is None:
            self.login()
        try:
            return operation()
        except SessionExpired as error:
            LOGGER.info("session lost (%s); logging in again", error)
            self.login()
            return operation()

    def mark_read(self, message_id: str) -> None:
        """Boards mark a PM read when it is viewed: only a PM not yet viewed here is read."""
        if message_id not in self._viewed:
            self.read_private_message(message_id)  # type: ignore[attr-defined]
