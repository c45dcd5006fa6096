"""What the config file says, read again while the daemon runs only when the file changes.

The override sections are re-read at every poll (the GM's commands take effect without a
restart), but parsing the whole file again cost most of an idle poll (issue 33: 60 % at 50
games). The files' bytes are read each time (a few microseconds) and parsed again only when
they differ from those last parsed: no clock or mtime to trust, so an edit made within the
same second is seen too. A file that fails to parse raises the same error at each read until
it changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")


class Reread(Generic[T]):
    """``parse()``'s result, computed again only when one of ``paths`` changes."""

    def __init__(self, paths: Sequence[Path], parse: Callable[[], T]) -> None:
        self.paths = tuple(paths)
        self.parse = parse
        self.parses = 0  # how many times the files were parsed (tests, benchmarks)
        self._seen: tuple[bytes | None, ...] | None = None
        self._result: T | None = None
        self._error: Exception | None = None

    def get(self) -> T:
        seen = tuple(_contents(path) for path in self.paths)
        if seen != self._seen:
            self.parses += 1
            try:
                self._result, self._error = self.parse(), None
            except Exception as exc:  # the parser's own error, raised again until a change
                self._result, self._error = None, exc
            self._seen = seen
        if self._error is not None:
            # Without the earlier raises' tracebacks, which would pile up on the one error.
            raise self._error.with_traceback(None)
        return self._result  # type: ignore[return-value]


def _contents(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None  # the parser reports a missing or unreadable file
