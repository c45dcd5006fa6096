"""Where the tests may keep their files in memory: the machine's tmpfs, when it has room.

The daemon, the demo and the boards write SQLite with a sync after each transaction: on a
shared virtual disk a sync waits for the disk, on a tmpfs it returns at once. What the tests
prove does not depend on it: they kill processes (the page cache outlives them), not machines.
"""

from __future__ import annotations

import os
from pathlib import Path

MEMORY = Path("/dev/shm")


def memory_with_room(room: int) -> Path | None:
    """The tmpfs, when it is there, writable and has ``room`` bytes free (a container's
    /dev/shm is 64 MB by default: it is left alone)."""
    if not (MEMORY.is_dir() and os.access(MEMORY, os.W_OK)):
        return None
    stats = os.statvfs(MEMORY)
    return MEMORY if stats.f_bavail * stats.f_frsize > room else None
