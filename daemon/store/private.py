"""The daemon's files are its user's alone: directories 0700, files 0600.

The state file holds every PM the players sent, the archive the whole game, a saved page the
board's answer to a logged-in request: none is for the other users of the server.
Each is created with its mode (not chmod-ed after, which would leave a moment when it is
readable); a file or directory that exists already keeps the mode its owner gave it, except
the state file's SQLite companions, which SQLite makes with the state file's own mode.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600


def private_dir(path: Path) -> Path:
    """``path`` made (with its missing parents) readable by this user only."""
    missing = []
    here = path
    while not here.exists() and here != here.parent:
        missing.append(here)
        here = here.parent
    for directory in reversed(missing):
        # mkdir's mode goes through the umask, which only takes bits away: 0700 stays 0700
        # or less.
        directory.mkdir(mode=DIR_MODE, exist_ok=True)
    return path


def private_file(path: Path) -> Path:
    """``path`` created empty, readable by this user only, if it does not exist yet."""
    private_dir(path.parent)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    return path
