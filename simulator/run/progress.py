"""The progress bar on a terminal (tqdm: a well-kept library that sizes itself to the
terminal, estimates the time left and keeps out of a pipe's way; none when stderr is not a
terminal or --quiet)."""

from __future__ import annotations

import sys
from typing import Any


class Progress:
    def __init__(self, total: int, enabled: bool | None = None, label: str = "games") -> None:
        if enabled is None:
            enabled = sys.stderr.isatty()
        self._bar: Any = None
        if enabled:
            from tqdm import tqdm

            self._bar = tqdm(
                total=total,
                unit=" games",
                desc=label,
                file=sys.stderr,
                dynamic_ncols=True,
                smoothing=0.1,
            )

    def update(self, count: int, broken: int = 0) -> None:
        if self._bar is not None:
            self._bar.update(count)
            if broken:
                self._bar.set_postfix(broken=broken, refresh=False)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
