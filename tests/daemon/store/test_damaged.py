"""A damaged state file: every command says so in one line and exits 2 (issue 28: "Garbage in
the middle of the store gives `run` a traceback while `status` exits 0 with no warning")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from autogm.daemon.cli.main import main
from tests.daemon.gamekit import Kit

ROOT = Path(__file__).resolve().parents[3]
COMMANDS = [
    ["status"],
    ["status", "g1"],
    ["preview", "g1"],
    ["approve", "g1"],
    ["resolve-now", "g1"],
    ["check-config"],
    ["run"],
]


def damage(state: Path, where: str) -> None:
    data = bytearray(state.read_bytes())
    if where == "header":
        data[:100] = b"this is not a database: " * 4 + b"...."
    else:
        page = 4096
        middle = len(data) // page // 2 * page
        data[middle : middle + page] = os.urandom(page)
    state.write_bytes(bytes(data))


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Kit:
    kit = Kit(tmp_path_factory.mktemp("damaged"))
    kit.start()
    kit.close("Prep")
    for player in kit.roster:
        kit.send(player, "Kill Kleene\n" + "I think Abs is scum. " * 40)
    kit.poll()
    kit.close("Night 1")
    state = kit.config.autogm.state_file
    with kit.store() as store:
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert state.stat().st_size > 8 * 4096
    return kit


@pytest.mark.parametrize("where", ["middle", "header"])
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_says_the_store_is_damaged_in_one_line(
    played, tmp_path, capsys, where, command
):
    import shutil

    copy = tmp_path / "game"
    shutil.copytree(played.tmp_path, copy)
    config = copy / "config.ini"
    damage(copy / "state" / "autogm.db", where)
    if command == ["run"]:  # the daemon as a process: a traceback there would be the log's
        done = subprocess.run(
            [sys.executable, "-m", "autogm.daemon", *command, "--config", str(config)],
            cwd=ROOT,
            env=os.environ,
            capture_output=True,
            text=True,
            timeout=30,
        )
        code, err = done.returncode, done.stderr.strip()
    else:
        code = main([*command, "--config", str(config)])
        err = capsys.readouterr().err.strip()
    if command == ["check-config"]:  # the config is fine: it does not open the store
        assert code == 0, err
        return
    assert code == 2, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert f"{copy / 'state' / 'autogm.db'}: the state file is damaged" in err
    assert "restore it from a backup (docs/running.md, Restoring)" in err
