"""A fault for the live tests, loaded by ``python -m autogm.daemon`` only when they ask for it.

The live tests start the daemon as a process with this folder on PYTHONPATH and, for one run,
``AUTOGM_LIVE_FAULT=freeze-board:N:PIDFILE:FLAGFILE``: just before the Nth POST of a form whose
address holds ``AUTOGM_LIVE_FAULT_URL`` (default ``mode=compose``, phpBB's PM form), the
board's web server is stopped (SIGSTOP, its pid read from PIDFILE) and FLAGFILE is written. The
POST then goes out into the stopped server's socket and waits for an answer that does not come:
a form posted but not confirmed, for the test to kill the daemon right there. Without the
variable nothing is patched; production code knows nothing of this.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

_SPEC = os.environ.get("AUTOGM_LIVE_FAULT", "")
_URL = os.environ.get("AUTOGM_LIVE_FAULT_URL", "mode=compose")


def _install(spec: str) -> None:
    kind, nth, pidfile, flagfile = spec.split(":", 3)
    if kind != "freeze-board":
        raise SystemExit(f"AUTOGM_LIVE_FAULT: unknown fault {kind!r}")
    from autogm.adapters.web import transport

    original = transport.Transport._attempt
    posts = 0

    def attempt(self, method, url, data, retry_any):  # type: ignore[no-untyped-def]
        nonlocal posts
        if method == "POST" and _URL in url:
            posts += 1
            if posts == int(nth):
                os.kill(int(Path(pidfile).read_text().strip()), signal.SIGSTOP)
                Path(flagfile).write_text(f"{os.getpid()}\n")
        return original(self, method, url, data, retry_any)

    transport.Transport._attempt = attempt  # type: ignore[method-assign]


if _SPEC:
    _install(_SPEC)
