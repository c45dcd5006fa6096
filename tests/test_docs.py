"""The documents say what the tree holds.

docs/engine.md's map: every module and package of engine/ is named in its Layers table (the
table itself is checked against the layers in tests/engine/test_layout.py), and every path it
names anywhere exists: a path from the top (``engine/x.py``, ``engine/x/``, ``engine/x/*.py``,
``tests/...``) as written, a short one in a package's own table (``sheets.py``,
``abilities/``) as the end of a path in engine/. A table names each of its modules once.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
ENGINE_MD = ROOT / "docs" / "engine.md"
# A path in backquotes: one from the top of the repository, or a file or folder name of engine/.
_PATH = re.compile(r"`(\w[\w/…*]*?(?:\.py|\.toml|/|…))`")
_EXAMPLE = "engine/pkg/*.py"  # the Layers table's explanation of its wildcard rows


def _engine_paths() -> list[str]:
    found = []
    for path in (ROOT / "engine").rglob("*"):
        if "__pycache__" not in path.parts:
            name = path.relative_to(ROOT).as_posix()
            found.append(name + "/" if path.is_dir() else name)
    return found


def _exists(named: str, paths: list[str]) -> bool:
    if named.endswith(("*.py", "…")):
        named = named.removesuffix("*.py").removesuffix("…")
    if (ROOT / named.partition("/")[0]).is_dir():
        return (ROOT / named).exists()
    return any(p.endswith("/" + named) for p in paths)


def test_every_path_engine_md_names_exists() -> None:
    paths = _engine_paths()
    named = set(_PATH.findall(ENGINE_MD.read_text(encoding="utf-8"))) - {_EXAMPLE}
    assert named, "no path found: the pattern no longer matches the document"
    assert sorted(n for n in named if not _exists(n, paths)) == []


def _layers_rows() -> list[str]:
    text = ENGINE_MD.read_text(encoding="utf-8")
    section = text.split("\n## Layers", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `(engine/[\w/*]+\.py)` \|", section, re.MULTILINE)


def test_every_module_and_package_of_engine_is_on_the_map() -> None:
    """A module is on the map by its row or its own package's (``engine/pkg/*.py``, not a
    package above it); a package by a row of its own or of one of its modules."""
    rows = _layers_rows()
    named = {r for r in rows if not r.endswith("/*.py")}
    packages = {r.removesuffix("*.py") for r in rows if r.endswith("/*.py")}
    missing = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        package = name.rpartition("/")[0] + "/"
        covered = name in named or package in packages
        if path.name == "__init__.py":
            covered = covered or any(r.rpartition("/")[0] + "/" == package for r in rows)
        if not covered:
            missing.append(name)
    assert missing == [], "not on docs/engine.md's map (Layers): " + ", ".join(missing)


def test_a_table_names_each_module_once() -> None:
    twice = []
    for table in re.split(r"\n(?!\|)", ENGINE_MD.read_text(encoding="utf-8")):
        firsts = re.findall(r"^\| `([^`]+)` \|", table, re.MULTILINE)
        twice += sorted({f for f in firsts if firsts.count(f) > 1})
    assert twice == []


# What autogm installs and what measures it: code that must make sense from the checkout alone.
CODE = ("engine", "daemon", "adapters", "simulator", "benchmarks")
# A file outside the repository (the rule texts and the design notes beside the project, a
# machine's folders), or an issue of the project's tracker: neither travels with the code.
_OUTSIDE = re.compile(
    r"\.\./|(?<![\w.])/work/|\bshared/|\b(?:PROTOCOL|SCENARIOS|ARCHITECTURE|MODELS|RULESETS"
    r"|FORUM-CONVENTIONS|OPEN-QUESTIONS)\.md|(?i:\bissues? #?\d+)"
)


def test_code_refers_to_nothing_outside_the_repository() -> None:
    """No path outside the repository and no issue number, in code, comments or docstrings:
    a rule is cited by its text's title or docs/rulings.md, a document by its docs/ file."""
    found = []
    for package in CODE:
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix not in {".py", ".toml", ".json", ".ini"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if _OUTSIDE.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_check_sees_each_kind_of_outside_reference() -> None:
    for line in ("(issue 27)", "Issue 4: costumes", "../shared/reading", "/work/golden",
                 "shared/rules/dctp-classic.txt", "PROTOCOL.md §1", "(SCENARIOS.md)"):  # fmt: skip
        assert _OUTSIDE.search(line), line
    for line in ("docs/scenarios.md", "an issue of the forum", "tissue 3"):
        assert not _OUTSIDE.search(line), line
