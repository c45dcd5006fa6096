"""The whole project's imports: no circle anywhere, and the daemon plays through the session.

Every module of the packages autogm installs (engine/, daemon/, adapters/, simulator/) is a
node; every import statement is an arrow, wherever it is written: at the top of a file, inside
a function or a method, in a ``try``. Importing ``a.b.c`` also runs ``a/__init__.py`` and
``a/b/__init__.py``, so an arrow to a module is an arrow to each package above it too: a
package whose ``__init__`` imports its modules is part of every circle through them.

Two kinds of import run no code at the moment of the arrow and are checked where their
reasons are kept: an import under ``TYPE_CHECKING`` (never run) and a module named in a
string for ``importlib`` (the registries that load a family's package at its first look-up);
tests/engine/test_layout.py names each one with its reason.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[1]
PACKAGES = ("engine", "daemon", "adapters", "simulator")

# The arrows a circle may still pass through, each with its reason; an entry that no longer
# closes a circle fails below, so the list only shrinks.
WAITING: dict[tuple[str, str], str] = {}


# The scenario layer: scenario files, their replay and the replay record. The daemon's live
# play (everything but the commands that read or write scenario files and records) feeds a
# game through the session alone (engine/session.py) and shows it through engine/render.
SCENARIO = ("autogm.engine.replay",)
SCENARIO_CLIENTS = {
    "autogm.daemon.cli.main": "`autogm replay` replays a scenario file and prints its record",
    "autogm.daemon.cli.archive_commands": "`autogm archive replay` replays an archived game's file",
    "autogm.daemon.archive.rows": "a finished game is archived as its scenario file and record",
    "autogm.daemon.archive.write": "a finished game is archived as its scenario file and record",
    "autogm.daemon.cli.simulate": "`autogm simulate` writes the games it plays as scenario files",
}


@cache
def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = ("autogm", *path.relative_to(ROOT).with_suffix("").parts)
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _module_of(name: str) -> str:
    """``engine.x.Y`` (a name in a module) -> ``engine.x``; '' outside the project."""
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name


def _under_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(tree: ast.AST, package: str) -> set[str]:
    """Every module an import statement of ``tree`` names, outside ``TYPE_CHECKING``."""
    found: set[str] = set()
    todo = [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if _under_type_checking(child):
                todo.extend(child.orelse)
                continue
            if isinstance(child, ast.Import):
                found.update(_module_of(alias.name) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                found.update(_module_of(f"{base}.{alias.name}") for alias in child.names)
            todo.append(child)
    return found - {""}


def _packages_above(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))} & set(modules())


@cache
def arrows() -> dict[str, frozenset[str]]:
    """Module -> the modules importing it runs: those it names and the packages above them."""
    graph = {}
    for name, path in modules().items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        named = _imports(ast.parse(path.read_text(encoding="utf-8")), package)
        reached = named | {p for target in named for p in _packages_above(target)}
        # A module's own packages run before it: no arrow back up to them.
        graph[name] = frozenset(reached - {name} - _packages_above(name))
    return graph


def _circle(graph: dict[str, frozenset[str] | set[str]]) -> list[str]:
    """One circle of ``graph`` (its modules in order), or [] when there is none."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def _without_waiting() -> dict[str, set[str]]:
    return {
        source: {t for t in targets if (source, t) not in WAITING}
        for source, targets in arrows().items()
    }


def test_no_import_circle_anywhere() -> None:
    assert _circle(_without_waiting()) == []


def test_every_waiting_arrow_still_closes_a_circle() -> None:
    for source, target in WAITING:
        assert target in arrows()[source], f"{source} no longer imports {target}"
        graph = _without_waiting()
        graph[source].add(target)
        assert _circle(graph), f"{source} -> {target} closes no circle any more: take it off"


def test_the_check_sees_an_import_inside_a_function() -> None:
    """The walk reaches imports in methods and in functions inside functions."""
    code = (
        "class A:\n    def f(self):\n        def g():\n"
        "            from autogm.engine.session import X\n"
    )
    assert _imports(ast.parse(code), "autogm.daemon.play") == {"autogm.engine.session"}
    code = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import autogm.engine.replay\n"
    assert _imports(ast.parse(code), "autogm.daemon.play") == set()


def _reaches_scenario(module: str, through_clients: bool = False) -> list[str]:
    """The chain of imports by which ``module`` loads a scenario module, or []; not through
    one of the scenario's clients (whose reasons say why they load it) unless asked."""
    seen, todo = {module: [module]}, [module]
    while todo:
        here = todo.pop(0)
        for target in sorted(arrows()[here]):
            if target in seen or (target in SCENARIO_CLIENTS and not through_clients):
                continue
            seen[target] = [*seen[here], target]
            if target.startswith(SCENARIO):
                return seen[target]
            todo.append(target)
    return []


def test_the_daemon_plays_a_game_through_the_session_alone() -> None:
    """No module of the daemon loads a scenario module, directly or through another, but the
    commands and the archive that read and write scenario files and records: a PM, a topic
    post and a GM's input reach the game through ``engine.session``."""
    loading = [
        " -> ".join(chain)
        for module in modules()
        if module.startswith("autogm.daemon.") and module not in SCENARIO_CLIENTS
        if (chain := _reaches_scenario(module))
    ]
    assert loading == []


def test_every_scenario_client_loads_a_scenario_module() -> None:
    for module in SCENARIO_CLIENTS:
        assert _reaches_scenario(module, through_clients=True), f"take {module} off"


def _family_modules() -> set[str]:
    """The modules of the families' packages (engine/families/NAME/), not the registry above
    them (engine/families/__init__.py), which is generic."""
    return {
        m
        for m in modules()
        if m.startswith("autogm.engine.families.") and m != "autogm.engine.families"
    }


def test_the_generic_reader_imports_no_family() -> None:
    """engine/orders reads with the words and readers the session hands it (the family's
    dialect, ``engine.families.Family.dialect``, and each order carries its family's
    ``Wording``): none of its modules imports a family's package, at the top or inside a
    function."""
    family, found = _family_modules(), set()
    for source, path in modules().items():
        if source == "autogm.engine.orders" or source.startswith("autogm.engine.orders."):
            package = source if path.name == "__init__.py" else source.rpartition(".")[0]
            named = _imports(ast.parse(path.read_text(encoding="utf-8")), package)
            found |= {(source, target) for target in named & family}
    assert sorted(found) == []


def test_the_reader_check_sees_a_family_import_inside_a_function() -> None:
    code = "def f():\n    from autogm.engine.families.dctp.reading import READERS\n"
    named = _imports(ast.parse(code), "autogm.engine.orders")
    assert named == {"autogm.engine.families.dctp.reading"}
    assert named <= _family_modules()
