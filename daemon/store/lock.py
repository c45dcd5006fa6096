"""One ``autogm run`` per state file: a lock held for the daemon's whole life.

Two daemons on one store both read the forum and both send (a systemd restart racing a
hand-started one, a second unit on the same config): 5 of 10 trials doubled a GM PM (issue
28). The lock is ``flock`` on ``autogm.lock`` beside the state file: the kernel releases it
when the process ends, however it ends (``kill -9``, a crash, a reboot), so a stale lock never
keeps the daemon down. The file holds the PID of the process that holds the lock, for the
message that names it. The commands that steer a running daemon (``approve``, ``status``...)
only write the store and never take it.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from autogm.daemon.config.files import LOCK_FILE
from autogm.daemon.store.db import StoreError
from autogm.daemon.store.private import private_dir


class StateLocked(Exception):
    """Another process holds the state file's lock; ``pid`` is its PID when the file says."""

    def __init__(self, path: Path, pid: int | None) -> None:
        who = f"another autogm (PID {pid})" if pid else "another autogm"
        super().__init__(
            f"{who} already runs on the state file in {path.parent} (it holds {path}): stop "
            "it first; two daemons on one state file would send every message twice"
        )
        self.path = path
        self.pid = pid


class StateLock:
    """The lock of the state directory ``state_dir``, taken by :meth:`acquire`."""

    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> StateLock:
        """Take the lock, or raise StateLocked naming the PID that holds it."""
        try:
            private_dir(self.path.parent)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise StoreError(
                f"{self.path}: the state directory's lock cannot be made ({exc.strerror}); "
                "set state_dir in [autogm] to a directory autogm may write"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _read_pid(fd)
            os.close(fd)
            raise StateLocked(self.path, pid) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            # The PID goes first, so that a reader never names a process that let go.
            os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing the last descriptor releases the flock
            self._fd = None

    def __enter__(self) -> StateLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def _read_pid(fd: int) -> int | None:
    text = os.pread(fd, 32, 0).decode(errors="replace").strip()
    return int(text) if text.isdigit() else None
