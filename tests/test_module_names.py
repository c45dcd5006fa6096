"""A module binds each of its top-level names once.

Two engineers who each add a table of the same name to one module ("_PROGRESSIVE": a pattern in
one branch, a word set in the other) merge without a conflict, and the later binding silently
replaces the earlier: every message that reached the first one's step raised AttributeError.
ruff's F811 sees only imports and definitions redefined, not assignments, so this walks every
module of the packages for a name bound twice at its top level (assignment, annotated
assignment, def or class).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "daemon", "adapters", "simulator")


def _bound_twice(path: Path) -> list[str]:
    seen: Counter[str] = Counter()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign):
            seen.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            if isinstance(node.target, ast.Name):
                seen[node.target.id] += 1
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            seen[node.name] += 1
    return sorted(name for name, count in seen.items() if count > 1)


def _modules() -> list[Path]:
    return sorted(p for top in PACKAGES for p in (ROOT / top).rglob("*.py"))


def test_the_walk_sees_the_packages_modules() -> None:
    assert len(_modules()) > 100


@pytest.mark.parametrize("source", ["A = 1\nB = 2\nA = 3\n", "X: int = 1\ndef X(): pass\n"])
def test_a_name_bound_twice_is_found(source: str, tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(source, encoding="utf-8")
    assert len(_bound_twice(path)) == 1


def test_no_module_binds_a_top_level_name_twice() -> None:
    found = {str(p.relative_to(ROOT)): names for p in _modules() if (names := _bound_twice(p))}
    assert found == {}
