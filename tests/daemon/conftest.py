from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from autogm.daemon.store.db import Store
from tests.daemon.fakes import FakeClock, FakeForum


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def forum(clock: FakeClock) -> FakeForum:
    return FakeForum(clock)


@pytest.fixture
def state_file(tmp_path: Path) -> Path:
    return tmp_path / "autogm.db"


@pytest.fixture
def store(state_file: Path) -> Iterator[Store]:
    with Store.open(state_file) as opened:
        yield opened
