"""docs/running.md, as a GM follows it (issue 28: "the systemd section's `sudo -u autogm …
check-config` fails when config.ini has no state_dir (the unit's comment says that is
allowed), and check-forum run the same way has no password (it never reads the
EnvironmentFile)")."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from autogm.daemon.config.load import load_config

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "running.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, flags=re.DOTALL)


def test_the_documented_config_needs_nothing_the_service_alone_has(tmp_path):
    """The config the page shows, checked by hand as the page says (sudo -u autogm, so
    without the unit's StateDirectory= or EnvironmentFile=): it passes, and the board's
    password is found."""
    [config] = [b for b in blocks("ini") if "[forum:" in b and "[autogm]" in b]
    etc, var = tmp_path / "etc" / "autogm", tmp_path / "var" / "lib" / "autogm"
    etc.mkdir(parents=True)
    text = config.replace("/etc/autogm", str(etc)).replace("/var/lib/autogm", str(var))
    path = etc / "config.ini"
    path.write_text(text, encoding="utf-8")
    (etc / "dctp.password").write_text("s3cret\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "STATE_DIRECTORY" and "AUTOGM" not in k}
    done = subprocess.run(
        [sys.executable, "-m", "autogm.daemon", "check-config", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    loaded = load_config(path)
    assert loaded.autogm.state_dir == var
    [forum] = loaded.forums.values()
    assert forum.password is not None and forum.password.read({}) == "s3cret"


def test_the_unit_and_the_commands_run_by_hand_agree():
    [unit] = [b for b in blocks("ini") if "[Service]" in b and "autogm run" in b]
    assert not re.search(r"^EnvironmentFile=", unit, flags=re.MULTILINE)
    assert "StateDirectoryMode=0700" in unit
    shell = "\n".join(blocks("sh"))
    assert "sudo -u autogm /opt/autogm/venv/bin/autogm check-config" in shell
    assert "sudo -u autogm /opt/autogm/venv/bin/autogm check-forum" in shell


def test_without_state_dir_a_check_by_hand_says_where_the_service_gets_its_own(
    tmp_path, monkeypatch, capsys
):
    """The unit's StateDirectory= reaches the service alone: a check run by hand without
    state_dir in config.ini looks beside the config file, and when it cannot write there the
    line says why the service would have found another directory."""
    from autogm.daemon.cli.main import main

    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    (tmp_path / "state").write_text("a file where the directory would go")
    path = tmp_path / "config.ini"
    path.write_text("[autogm]\ntimezone = UTC\n", encoding="utf-8")
    assert main(["check-config", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:1: [autogm] state_dir: " in err
    assert "StateDirectory= sets for the service alone" in err
