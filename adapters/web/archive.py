"""Keeping pages the parsers did not understand, for a bug report."""

from __future__ import annotations

import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from adapters.web.urls import redact

DEFAULT_DIRECTORY = Path(tempfile.gettempdir()) / "autogm-pages"
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


class PageArchive:
    """Writes a page, its session ids blanked out, into ``directory``."""

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory or DEFAULT_DIRECTORY

    def save(self, url: str, status: int, text: str, label: str) -> Path | None:
        """The file written, or None if even that failed (the error still names the cause)."""
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        path = self.directory / f"{stamp}-{_UNSAFE.sub('-', label)[:40]}.html"
        header = f"<!-- autogm: {redact(url)} HTTP {status}: {label} -->\n"
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            path.write_text(header + redact(text), encoding="utf-8")
        except OSError:
            return None
        return path
