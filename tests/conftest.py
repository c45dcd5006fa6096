"""The whole suite's temporary files (tmp_path, tempfile, the daemons the tests start) in
memory where the machine has room for them (tests/memory.py says why).

A run takes about 150 MB there at its peak; pytest keeps the folders of failed tests only
(``tmp_path_retention_policy`` in pyproject.toml). ``--basetemp`` or ``TMPDIR`` set by hand
stand.
"""

from __future__ import annotations

import os
import tempfile

import pytest

from tests.memory import memory_with_room

ROOM = 2**30


def pytest_configure(config: pytest.Config) -> None:
    if config.option.basetemp or os.environ.get("TMPDIR"):
        return
    memory = memory_with_room(ROOM)
    if memory is not None:
        # Child processes (daemons, xdist's workers) inherit it; this process's tempfile
        # reads it again.
        os.environ["TMPDIR"] = str(memory)
        tempfile.tempdir = None
