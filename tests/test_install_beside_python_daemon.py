"""autogm installs under its own name, beside python-daemon, which installs a top-level ``daemon``.

The directories daemon/, adapters/, engine/ and simulator/ stay at the root of the checkout;
pyproject.toml maps them to ``autogm.daemon``, ``autogm.adapters``, ``autogm.engine`` and
``autogm.simulator``. Here a fresh virtual environment gets python-daemon and autogm (built
from this checkout, as ``pip install .`` builds it), and in it python-daemon's ``daemon``
imports beside autogm's packages, ``autogm replay`` prints what it prints here and ``autogm
demo`` plays a game to its end.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
MAPPED = PYPROJECT["tool"]["setuptools"]["package-dir"]
EXAMPLE = ROOT / "examples" / "first-game.yaml"


def test_every_package_of_the_tree_is_installed_under_autogm() -> None:
    """setuptools finds no package under a mapped name: pyproject.toml lists them, and a
    package missing from the list would be missing from every install but an editable one."""
    assert {f"autogm.{d}": d for d in ("adapters", "daemon", "engine", "simulator")} == MAPPED
    in_tree = sorted(
        "autogm." + ".".join(init.parent.relative_to(ROOT).parts)
        for directory in MAPPED.values()
        for init in (ROOT / directory).rglob("__init__.py")
    )
    assert sorted(PYPROJECT["tool"]["setuptools"]["packages"]) == in_tree


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh environment with python-daemon and autogm, each with its dependencies.

    The source is copied first: pip builds in the source folder, and the checkout keeps no
    build/ or egg-info of the test's. The environment has no pip of its own (this one's installs
    into it) and nothing is byte-compiled ahead: a few seconds fewer on CI's two cores."""
    tmp = tmp_path_factory.mktemp("beside")
    source = tmp / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    for directory in MAPPED.values():
        shutil.copytree(ROOT / directory, source / directory,
                        ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    env = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(env / "bin" / "python"), "install",
         "--no-compile", "--disable-pip-version-check", "python-daemon", str(source)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return env


def _run(venv: Path, *command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A command of the environment, from a folder outside the checkout (whose daemon/ would
    otherwise be the first ``daemon`` on the path of ``python -c``)."""
    environ = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    environ["PATH"] = f"{venv / 'bin'}{os.pathsep}{environ.get('PATH', '')}"
    return subprocess.run(
        list(command), cwd=cwd, env=environ, capture_output=True, text=True, check=False
    )


def test_python_daemon_and_autogm_import_side_by_side(venv: Path, tmp_path: Path) -> None:
    code = (
        "import daemon, autogm.daemon.cli.main, autogm.engine.replay, autogm.adapters, "
        "autogm.simulator\n"
        "print(daemon.DaemonContext.__module__, daemon.__file__)\n"
        "print(autogm.daemon.__file__)\n"
        "print(autogm.adapters.adapter_class('local').__module__)\n"
    )
    done = _run(venv, str(venv / "bin" / "python"), "-c", code, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    theirs, ours, adapter = done.stdout.splitlines()
    site = str(venv / "lib")
    assert theirs.startswith("daemon.daemon ") and theirs.split()[1].startswith(site)
    assert ours.startswith(site) and Path(ours).parts[-3:] == ("autogm", "daemon", "__init__.py")
    assert adapter == "autogm.adapters.local"


def test_the_installed_replay_prints_what_the_checkout_prints(venv: Path, tmp_path: Path) -> None:
    installed = _run(venv, "autogm", "replay", str(EXAMPLE), "--json", cwd=tmp_path)
    assert installed.returncode == 0, installed.stderr
    here = subprocess.run(
        [sys.executable, "-m", "autogm.daemon", "replay", str(EXAMPLE), "--json"],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert installed.stdout == here.stdout
    assert '"winner"' in installed.stdout


def test_the_installed_demo_plays_a_game_to_its_end(venv: Path, tmp_path: Path) -> None:
    done = _run(venv, "autogm", "demo", "--fast", "--dir", str(tmp_path / "demo"), cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "The game is archived in" in done.stdout
    assert (tmp_path / "demo" / "state" / "archive.db").exists()
