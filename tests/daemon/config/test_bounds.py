"""Config values are bounded, every problem is reported, and none is a traceback (issue 28).

"Of 2,000 mutated config files, 6 gave tracebacks in 3 classes; `sizes = 1-999999999` makes
check-config allocate until the kernel kills it; `prep_deadline = 99999999999999999999d` and
a timezone of a few hundred characters give tracebacks. check-config stops at the first error.
Run as root it passes a state dir that cannot exist."
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from autogm.daemon.cli.main import main
from tests.daemon.gamekit import CONFIG, ROSTER

ROOT = Path(__file__).resolve().parents[3]
SETUP = """
[setup:s]
roles = Gin, Vodka, Shiratori, Agasa, Araide, Shinichi
sizes = 6
"""


def config_text(extra: str = "", replace: dict[str, str] | None = None) -> str:
    players = ", ".join(f"{name}: {role}" for name, role in ROSTER.items())
    text = CONFIG.format(topic="1", players=players, extra=extra) + SETUP
    for old, new in (replace or {}).items():
        assert old in text
        text = text.replace(old, new)
    return text


def check(tmp_path: Path, text: str, *, process: bool = False) -> tuple[int, list[str]]:
    """check-config on ``text``: in this process, or (``process``: a value that once made it
    allocate without end) as a child stopped by a memory limit."""
    path = tmp_path / "config.ini"
    path.write_text(text, encoding="utf-8")
    (tmp_path / "forum").mkdir(exist_ok=True)
    if not process:
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(["check-config", str(path)])
        return code, err.getvalue().strip().splitlines()

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run(
        [sys.executable, "-m", "autogm.daemon", "check-config", str(path)],
        cwd=ROOT,
        env=os.environ,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limits,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stderr.strip().splitlines()


@pytest.mark.parametrize(
    ("old", "new", "key", "says"),
    [
        ("sizes = 6", "sizes = 1-999999999", "sizes", "from 1 to 200"),
        ("prep_deadline = 1h", "prep_deadline = 99999999999999999999d", "prep_deadline", "year"),
        ("day_deadline = 24h", "day_deadline = 400d", "day_deadline", "longer than a year"),
        ("timezone = UTC", "timezone = " + "Berlin" * 60, "timezone", "unknown time zone"),
        ("timezone = UTC", "timezone = ../../etc/passwd", "timezone", "unknown time zone"),
        ("seed = 7", "seed = 99999999999999999999999", "seed", "whole number"),
        ("start = 2026-12-01 18:00", "start = 9999-12-31 23:59", "start", "from 2000 to 2999"),
        ("poll_interval = 5m", "poll_interval = 99999999d", "poll_interval", "year"),
        ("username = GameMaster", "username = " + "x" * 500, "username", "at most 100"),
    ],
)
def test_each_value_is_bounded_and_named(tmp_path, old, new, key, says):
    text = config_text()
    assert old in text
    code, lines = check(tmp_path, text.replace(old, new), process=key == "sizes")
    assert code == 2
    assert len(lines) == 1, lines
    assert re.match(rf"autogm: .*config\.ini:\d+: \[[a-z]+:?\w*\] {key}: ", lines[0]), lines
    assert says in lines[0]


def test_check_config_reports_every_problem_each_on_its_line(tmp_path):
    text = config_text(
        extra="colour = blue",
        replace={"poll_interval = 5m": "poll_interval = soon", "sizes = 6": "sizes = 9-3"},
    ).replace("timezone = UTC", "timezone = Mars/Olympus")
    code, lines = check(tmp_path, text)
    assert code == 2
    keys = [re.search(r"\] (\w+): ", line)[1] for line in lines]  # type: ignore[index]
    assert keys == ["timezone", "poll_interval", "colour", "sizes"], lines
    numbers = [int(re.search(r"config\.ini:(\d+):", line)[1]) for line in lines]  # type: ignore[index]
    assert numbers == sorted(numbers)


def test_a_state_dir_that_cannot_exist_is_refused_even_for_root(tmp_path):
    """Root may write anywhere by the permissions; /proc takes no directory even from root."""
    code, lines = check(tmp_path, config_text().replace("state_dir = state", "state_dir = /proc/x"))
    assert code == 2
    assert re.search(r"config\.ini:3: \[autogm\] state_dir: /proc cannot be written", lines[0])
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    code, lines = check(
        tmp_path, config_text().replace("state_dir = state", f"state_dir = {blocked}/s")
    )
    assert code == 2 and "is not a directory" in lines[0]


def test_check_config_lists_every_bad_override_line(tmp_path, capsys):
    text = config_text() + (
        "\n[overrides:g1]\n1 = void order 999999999999999999999\n2 = pause\n3 = extend by ever\n"
    )
    code, lines = check(tmp_path, text)
    assert code == 2
    assert [re.search(r"\[overrides:g1\] (\d): ", line)[1] for line in lines] == ["1", "3"]  # type: ignore[index]
    assert "there is no order" in lines[0]


def test_main_reports_config_problems_in_process_too(tmp_path, capsys):
    path = tmp_path / "config.ini"
    path.write_text(config_text().replace("timezone = UTC", "timezone = " + "x/" * 400), "utf-8")
    assert main(["check-config", str(path)]) == 2
    assert "unknown time zone" in capsys.readouterr().err
