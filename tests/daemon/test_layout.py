"""daemon/ is a few packages named by concern, with imports running one way (issue 13, §4).

Every import between daemon's modules, at the top of a file or inside a function, is an
arrow; there is no circle among them, and no arrow from a lower package to a higher one.
"""

from __future__ import annotations

import ast
from pathlib import Path

DAEMON = Path(__file__).parents[2] / "daemon"

# Lowest first: a package may import from its own level and the levels below.
LEVELS = {
    "config": 0,
    "store": 1,
    "outbox": 2,
    "forums": 2,
    "play": 3,
    "archive": 4,
    "jobs": 5,
    "cli": 6,
    "__main__": 7,
}


def _modules() -> dict[str, Path]:
    found = {}
    for path in DAEMON.rglob("*.py"):
        parts = ("autogm", *path.relative_to(DAEMON.parent).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    arrows: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            arrows[name] |= {
                t for t in targets if t in modules and t not in (name, "autogm.daemon")
            }
    return arrows


def _package(module: str) -> str:
    return module.split(".")[2] if module.count(".") > 1 else module


def test_daemon_is_packages_by_concern() -> None:
    top = {p.stem for p in DAEMON.glob("*.py")} | {p.name for p in DAEMON.iterdir() if p.is_dir()}
    top -= {"__init__", "__pycache__"}
    assert top == set(LEVELS), top


def test_the_import_graph_has_no_circle() -> None:
    arrows = _graph()
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(arrows[node]):
            assert state.get(nxt) != 1, " -> ".join([*path, node, nxt])
            if nxt not in state:
                visit(nxt, [*path, node])
        state[node] = 2

    for node in sorted(arrows):
        if node not in state:
            visit(node, [])


def test_imports_run_from_higher_packages_to_lower_ones() -> None:
    wrong = [
        f"{source} -> {target}"
        for source, targets in _graph().items()
        for target in targets
        if source != "autogm.daemon" and LEVELS[_package(source)] < LEVELS[_package(target)]
    ]
    assert wrong == []
