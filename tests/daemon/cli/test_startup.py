"""Start-up (issue 14): each command loads what it uses, and only that."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autogm.daemon.cli.main import COMMANDS, build_parser

ROOT = Path(__file__).resolve().parents[3]
# Only the commands that talk to a forum use these; only the daemon schedules.
FORUM_LIBRARIES = ("requests", "urllib3", "bs4", "lxml")
SCHEDULER = "apscheduler"
GAME = """ruleset: dctp-2011
seed: 1
players: {Abs: Gin, Kleene: Agasa, Conia: Shinichi, Jd-: Araide}
phases:
  - phase: Night 1
    orders:
      - Abs: Kill Kleene
"""


def _choices(parser: argparse.ArgumentParser) -> list[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def test_every_command_is_registered_by_name():
    assert list(COMMANDS) == _choices(build_parser())


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_command_named_first_parses_as_in_the_whole_parser(command):
    alone, whole = _choices(build_parser(command)), _choices(build_parser())
    assert command in alone
    assert set(alone) <= set(whole)


def _loaded(tmp_path: Path, *words: str) -> set[str]:
    code = (
        "import sys, io, contextlib\n"
        "from autogm.daemon.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        main({list(words)!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(' '.join(sorted({m.partition('.')[0] for m in sys.modules})))\n"
    )
    return set(_printed(tmp_path, code).split())


def _printed(tmp_path: Path, code: str) -> str:
    """What ``code`` prints, run by a fresh interpreter in ``tmp_path`` with this checkout."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


@pytest.mark.parametrize(
    "words",
    [
        ["--help"],
        ["replay", "game.yaml"],
        ["check-config", "config.ini"],
        ["status", "--config", "config.ini"],
    ],
)
def test_commands_that_do_not_talk_to_a_forum_load_no_http_html_or_scheduler(tmp_path, words):
    (tmp_path / "game.yaml").write_text(GAME, encoding="utf-8")
    shutil.copy(ROOT / "config.example.ini", tmp_path / "config.ini")
    loaded = _loaded(tmp_path, *words)
    assert loaded.isdisjoint({*FORUM_LIBRARIES, SCHEDULER}), words


def test_status_of_an_up_to_date_state_file_loads_no_sqlite_utils(tmp_path):
    shutil.copy(ROOT / "config.example.ini", tmp_path / "config.ini")
    words = ["status", "--config", "config.ini"]
    assert "sqlite_utils" in _loaded(tmp_path, *words)  # a new state file: migrations to apply
    assert "sqlite_utils" not in _loaded(tmp_path, *words)  # nothing pending: sqlite3 alone


def test_the_config_check_looks_up_a_family_only_if_it_may_read_the_topic():
    """check_config asks engine.families (every ability) only for a family beyond DCTP: the
    answer for each family is the one its ``read`` gives."""
    from autogm.daemon.cli.main import reads_the_topic
    from autogm.engine.by_family import FAMILY_MODULES
    from autogm.engine.families import FAMILIES

    assert reads_the_topic("midnight")
    for family in ["dctp", *FAMILY_MODULES]:
        assert reads_the_topic(family) == FAMILIES[family].public_orders, family


def test_check_config_of_a_dctp_game_loads_no_ability(tmp_path):
    shutil.copy(ROOT / "config.example.ini", tmp_path / "config.ini")
    code = (
        "import sys\n"
        "from autogm.daemon.cli.main import main\n"
        "main(['check-config', 'config.ini'])\n"
        "print(' '.join(m for m in sys.modules\n"
        "               if m.startswith('autogm.engine.families.dctp.abilities')))\n"
    )
    assert _printed(tmp_path, code).splitlines()[-1] == ""
