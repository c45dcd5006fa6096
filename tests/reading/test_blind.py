"""Blind round 1 (issue 27): messages written by writers who had not read the reader, each a
scenario in check.py's format, run through the reader as a replay, and checked by the
project's checker (tests/reading/checker.py: outcomes, orders understood, refusals and their
``reason:`` kind, topic posts).

- Every file passes but those listed in blind/round1/FAILING.yaml, each with why.
- Of the clear orders at least 95 % are carried out as written; every chatter file gives no
  order; every refusal but those listed gives the right reason.
- The twin of a refusal or a chatter file is the same order written plainly: the original's
  expectation must not hold of it (the reader tells the two apart); a clear file's twin is a
  rewording that must read alike.
- ../shared/reading (when there) passes whole, and a few files pass through the installed
  ``autogm replay --json`` too, as ../shared/reading/check.py runs them.
"""

from __future__ import annotations

import shutil
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.reading.checker import failures, record_by_command, record_of

HERE = Path(__file__).parent
ROUND1 = HERE / "blind" / "round1"
TWINS = HERE / "blind" / "round1-twins"
SHARED = HERE.parents[2] / "shared" / "reading"
FAILING: dict[str, str] = yaml.safe_load((ROUND1 / "FAILING.yaml").read_text()) or {}


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.yaml") if p.name != "FAILING.yaml")


def _name(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def _kind(doc: dict[str, Any]) -> str:
    tags = doc.get("tags") or []
    return "refusal" if "refusal" in tags else "chatter" if "chatter" in tags else "clear"


@cache
def _failures(path: Path) -> tuple[str, ...]:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    return tuple(failures(doc, record_of(doc, str(path))))


@pytest.mark.parametrize("path", _files(ROUND1), ids=lambda p: _name(p, ROUND1))
def test_a_blind_message_reads_as_its_writer_expects(path: Path) -> None:
    name = _name(path, ROUND1)
    found = _failures(path)
    if name in FAILING:
        pytest.xfail(FAILING[name])
    assert not found, "\n".join(found)


def test_the_failing_list_names_only_files_that_fail() -> None:
    """A file read well now leaves the list (FAILING.yaml says what still fails, no more)."""
    stale = [n for n in FAILING if not _failures(ROUND1 / n)]
    assert stale == [], f"read well now, remove from FAILING.yaml: {stale}"


def test_clear_orders_chatter_and_refusals_meet_the_issue_bounds() -> None:
    counts: dict[str, list[int]] = {"clear": [0, 0], "chatter": [0, 0], "refusal": [0, 0]}
    for path in _files(ROUND1):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        tally = counts[_kind(doc)]
        tally[1] += 1
        tally[0] += not _failures(path)
    passed, total = counts["clear"]
    assert passed >= 0.95 * total, counts
    assert counts["chatter"][0] == counts["chatter"][1], counts
    refused = [
        _name(p, ROUND1)
        for p in _files(ROUND1)
        if _kind(yaml.safe_load(p.read_text(encoding="utf-8"))) == "refusal" and _failures(p)
    ]
    assert [n for n in refused if n not in FAILING] == []


@pytest.mark.parametrize("path", _files(TWINS), ids=lambda p: _name(p, TWINS))
def test_a_twin_reads_apart_from_its_original(path: Path) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = _failures(path)
    if _kind(doc) == "clear":
        assert not found, "\n".join(found)  # a rewording of a clear order reads alike
    else:
        assert found, "the plain order of the twin was read as its original's refusal"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/reading is not beside the project")
@pytest.mark.parametrize(
    "path", _files(SHARED) if SHARED.is_dir() else [], ids=lambda p: _name(p, SHARED)
)
def test_the_shared_reading_set_passes(path: Path) -> None:
    found = _failures(path)
    assert not found, "\n".join(found)


def _autogm() -> str | None:
    beside = Path(sys.executable).with_name("autogm")
    return str(beside) if beside.exists() else shutil.which("autogm")


@pytest.mark.skipif(_autogm() is None, reason="the autogm command is not installed")
@pytest.mark.parametrize(
    "name",
    [
        "dctp-2011/100-kill-we-idiom-greeting-signature.yaml",
        "midnight/574-quoted-vote-post.yaml",
        "midnight/556-vote-peace-sentence.yaml",
    ],
)
def test_the_installed_command_reads_alike(name: str) -> None:
    path = ROUND1 / name
    if not path.exists():
        pytest.skip(f"{name} is not in round 1")
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = failures(doc, record_by_command(_autogm() or "autogm", doc))
    assert not found, "\n".join(found)
