"""Blind rounds (issue 27): messages written by writers who had not read the reader, each a
scenario in check.py's format, run through the reader as a replay, and checked by the
project's checker (tests/reading/checker.py: outcomes, orders understood, refusals and their
``reason:`` kind, topic posts). Round 1 was written before the reader was rebuilt from
evidence; round 2, by new writers, measured the rebuilt reader blind, and is now corpus too;
round 3, by two more writers, measured it blind again at its merge (clear 178/222), and
round 4, by two more, measured it blind again on main (clear 248/285), and round 5, by one
more (clear 209/240 blind; then a session's development set), and round 6, by two more (clear
210/252 blind at c112631; then a session's development set), and round 7, by two more (clear
206/246 blind at c112631, 211/246 at the end of that session), and rounds 8 to 17, two
writers each (each round's FAILING.yaml says how it was measured): all are corpus now as well.

- Every file of a round passes but those listed in blind/<round>/FAILING.yaml, each with why.
- Of the clear orders at least 95 % are carried out as written; every chatter file gives no
  order; every refusal but those listed gives the right reason (for the rounds in BOUNDED: a
  round joins them once it meets these bounds).
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
BLIND = HERE / "blind"
ROUNDS = tuple(f"round{n}" for n in range(1, 18))
# The rounds held to the issue's bounds; rounds 3 and 4 do not meet them yet (their
# FAILING.yaml).
BOUNDED = ("round1", "round2")
ROUND1 = BLIND / "round1"
SHARED = HERE.parents[2] / "shared" / "reading"
FAILING: dict[str, dict[str, str]] = {
    r: yaml.safe_load(p.read_text()) or {} if (p := BLIND / r / "FAILING.yaml").exists() else {}
    for r in ROUNDS
}


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


def _blind(suffix: str = "") -> list[tuple[str, Path]]:
    return [(r, p) for r in ROUNDS for p in _files(BLIND / f"{r}{suffix}")]


def _id(item: tuple[str, Path], suffix: str = "") -> str:
    round_, path = item
    return f"{round_}/{_name(path, BLIND / f'{round_}{suffix}')}"


@pytest.mark.parametrize("item", _blind(), ids=_id)
def test_a_blind_message_reads_as_its_writer_expects(item: tuple[str, Path]) -> None:
    round_, path = item
    name = _name(path, BLIND / round_)
    found = _failures(path)
    if name in FAILING[round_]:
        pytest.xfail(FAILING[round_][name])
    assert not found, "\n".join(found)


@pytest.mark.parametrize("round_", ROUNDS)
def test_the_failing_list_names_only_files_that_fail(round_: str) -> None:
    """A file read well now leaves the list (FAILING.yaml says what still fails, no more)."""
    stale = [n for n in FAILING[round_] if not _failures(BLIND / round_ / n)]
    assert stale == [], f"read well now, remove from {round_}/FAILING.yaml: {stale}"


@pytest.mark.parametrize("round_", BOUNDED)
def test_clear_orders_chatter_and_refusals_meet_the_issue_bounds(round_: str) -> None:
    counts: dict[str, list[int]] = {"clear": [0, 0], "chatter": [0, 0], "refusal": [0, 0]}
    refused = []
    for path in _files(BLIND / round_):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        tally = counts[_kind(doc)]
        tally[1] += 1
        tally[0] += not _failures(path)
        if _kind(doc) == "refusal" and _failures(path):
            refused.append(_name(path, BLIND / round_))
    passed, total = counts["clear"]
    assert passed >= 0.95 * total, counts
    assert counts["chatter"][0] == counts["chatter"][1], counts
    assert [n for n in refused if n not in FAILING[round_]] == []


@pytest.mark.parametrize("item", _blind("-twins"), ids=lambda i: _id(i, "-twins"))
def test_a_twin_reads_apart_from_its_original(item: tuple[str, Path]) -> None:
    _, path = item
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
