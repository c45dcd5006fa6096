"""Keeping pages the parsers did not understand, for a bug report: without any secret.

A page the board sends back may echo the request that fetched it (a proxy's error page, a PHP
notice printing the form): the login's password, URL-encoded, in a file anyone could read.
So a saved page loses its session ids (``urls.redact``), the value of every
password field, every ``...password=VALUE`` pair as a form or a URL writes it, and each secret
the archive is given (the account's password) in every encoding a page may show it in; and the
file is its user's alone (0600, in a 0700 directory).
"""

from __future__ import annotations

import html
import json
import os
import re
import tempfile
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote, quote_plus

from autogm.adapters.web.urls import redact

DEFAULT_DIRECTORY = Path(tempfile.gettempdir()) / "autogm-pages"
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")
HIDDEN = "[removed]"
# An input whose type or name says it holds a password, and the value it carries.
_INPUT = re.compile(r"<input\b[^>]*>", re.IGNORECASE)
_SECRET_INPUT = re.compile(r"""type\s*=\s*["']?password|name\s*=\s*["']?[^"'\s>]*pass""", re.I)
_VALUE = re.compile(r"""(\bvalue\s*=\s*)("[^"]*"|'[^']*'|[^\s>]*)""", re.IGNORECASE)
# "password=...", "new_password%3D...", "passwd&#61;..." as a form body or a query echoes it.
_EQUALS = r"(?:=|%3d|&#0*61;|&#x0*3d;|&equals;)"
_PAIR = re.compile(rf"([\w\[\].-]*pass(?:word|wd)?[\w\[\].-]*{_EQUALS})[^&\s\"'<>]*", re.I)


class PageArchive:
    """Writes a page, its secrets removed, into ``directory``.

    ``secrets`` are callables that give a secret when asked (the password stays in its
    ``Secret`` until a page is saved).
    """

    def __init__(
        self, directory: Path | None = None, secrets: Sequence[Callable[[], str]] = ()
    ) -> None:
        self.directory = directory or DEFAULT_DIRECTORY
        self.secrets = tuple(secrets)

    def save(self, url: str, status: int, text: str, label: str) -> Path | None:
        """The file written, or None if even that failed (the error still names the cause)."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        path = self.directory / f"{stamp}-{_UNSAFE.sub('-', label)[:40]}.html"
        header = f"<!-- autogm: {self.scrub(url)} HTTP {status}: {label} -->\n"
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                file.write(header + self.scrub(text))
        except OSError:
            return None
        return path

    def scrub(self, text: str) -> str:
        """``text`` without session ids, password fields and values, or any given secret."""
        text = redact(text)
        text = _INPUT.sub(_blank_secret_input, text)
        text = _PAIR.sub(rf"\1{HIDDEN}", text)
        for secret in self.secrets:
            for shown in sorted(_encodings(secret()), key=len, reverse=True):
                text = text.replace(shown, HIDDEN)
        return text


def _blank_secret_input(match: re.Match[str]) -> str:
    tag = match.group(0)
    return _VALUE.sub(r'\1""', tag) if _SECRET_INPUT.search(tag) else tag


def _encodings(secret: str) -> set[str]:
    """The ways a page may show ``secret``: as typed, form- and URL-encoded, as HTML, as JSON."""
    if not secret:
        return set()
    shown = {secret, quote_plus(secret), quote(secret, safe=""), quote(secret)}
    shown |= {html.escape(s) for s in shown} | {html.escape(secret, quote=False)}
    shown.add(json.dumps(secret)[1:-1])
    return {s for s in shown if s}
