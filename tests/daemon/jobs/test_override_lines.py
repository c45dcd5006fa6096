"""Each override line stands alone (issue 28): "An override `void order
999999999999999999999` passes check-config, then logs a traceback at every poll and blocks
every override line after it (a later `pause` never applies)."""

from __future__ import annotations

import logging

import pytest

from autogm.daemon.play import overrides as play_overrides
from tests.daemon.gamekit import Kit


@pytest.fixture
def kit(tmp_path):
    kit = Kit(tmp_path)
    kit.start()
    return kit


def status(kit: Kit) -> str:
    with kit.store() as store:
        return store.game("g1")["status"]  # type: ignore[index]


def told(caplog, label: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if f"[overrides:g1] {label}:" in r.getMessage()]


def test_a_line_that_cannot_be_read_is_said_once_and_the_next_applies(kit, caplog):
    kit.set_overrides("1 = void order 999999999999999999999\n2 = extend by ever\n3 = pause")
    caplog.set_level(logging.INFO)
    kit.poll()
    kit.poll()
    assert status(kit) == "paused"
    assert len(told(caplog, "1")) == 1 and "there is no order" in told(caplog, "1")[0]
    assert len(told(caplog, "2")) == 1
    assert not [r for r in caplog.records if r.exc_info]  # no traceback in the log


def test_a_line_that_breaks_while_it_applies_is_undone_said_once_and_skipped(
    kit, caplog, monkeypatch
):
    def broken(store, override, now):
        store.update_game("g1", now, status="ended")  # half done when it breaks
        raise RuntimeError("a bug in an effect")

    monkeypatch.setitem(play_overrides._EFFECTS, play_overrides.Note, broken)
    kit.set_overrides("1 = note: the GM was here\n2 = pause")
    caplog.set_level(logging.INFO)
    kit.poll()
    kit.poll()
    assert status(kit) == "paused"  # the broken line's change was undone; pause applied
    assert (
        len(told(caplog, "1")) == 1 and "RuntimeError: a bug in an effect" in told(caplog, "1")[0]
    )
    assert not [r for r in caplog.records if r.exc_info and r.levelno > logging.DEBUG]
