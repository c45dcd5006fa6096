"""engine/ in layers, with imports running one way (docs/engine.md, "Layers").

Every module of engine/ belongs to one layer; a module may import from its own layer and the
layers below, never above. Every import is an arrow: at the top of a file, inside a function,
under ``TYPE_CHECKING``, and a module named in a string for ``importlib`` (the registries that
load a family's package at its first use). There is no circle among the arrows, and an import
inside a function is named here with its reason, so that a circle is never held open by one.

``ALLOWED`` is the short list of exceptions, each with its reason; an entry marked "waiting"
goes when the code it names is moved or changed (docs/engine.md lists what the move does), and
an entry that no longer matches an import fails here, so the list only shrinks.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[2]
ENGINE = ROOT / "engine"

# Lowest first: a module imports from its own layer and the ones below.
LAYERS = ("core", "rules", "mechanics", "abilities", "orders", "game", "scenario")

# A package's modules are in its layer unless listed in LAYER_OF (the longest prefix decides).
PACKAGE_LAYER = {
    "autogm.engine.rules": "rules",
    "autogm.engine.families.dctp.abilities": "abilities",
    "autogm.engine.families.midnight.abilities": "abilities",
    "autogm.engine.families.dctp.rules": "rules",
    "autogm.engine.families.dctp.reading": "orders",
    "autogm.engine.orders": "orders",
    "autogm.engine.render": "game",
}
LAYER_OF = {
    # core: the game's values and the interfaces the resolution speaks to
    "autogm.engine.phases": "core",
    "autogm.engine.rng": "core",
    "autogm.engine.rules.base": "core",
    "autogm.engine.state": "core",
    "autogm.engine.outcome": "core",
    "autogm.engine.orders.model": "core",
    "autogm.engine.ability": "core",
    "autogm.engine.life": "core",
    "autogm.engine.context": "core",
    "autogm.engine.by_family": "core",
    "autogm.engine.lazy_pattern": "core",
    "autogm.engine.families": "core",
    "autogm.engine.families.dctp": "core",
    "autogm.engine.families.midnight": "core",
    "autogm.engine.families.midnight.model": "core",
    "autogm.engine.families.dctp.state": "core",
    "autogm.engine.render.templates": "core",
    # rules: the rulesets, data written in the model
    "autogm.engine.families.midnight.sheets": "rules",
    "autogm.engine.families.midnight.rules": "rules",
    # the words of each family's orders, declared (a Say per ability) with their restatement
    "autogm.engine.orders.vocab": "rules",
    "autogm.engine.families.dctp.vocab": "rules",
    "autogm.engine.families.dctp.restating": "rules",
    "autogm.engine.families.midnight.restating": "rules",
    # mechanics: what abilities and phases share
    "autogm.engine.families.dctp.harm": "mechanics",
    "autogm.engine.families.dctp.appearance": "mechanics",
    "autogm.engine.families.dctp.protection": "mechanics",
    "autogm.engine.families.dctp.attacks": "mechanics",
    "autogm.engine.families.dctp.poisoning": "mechanics",
    "autogm.engine.families.dctp.crimes": "mechanics",
    "autogm.engine.families.dctp.voting": "mechanics",
    "autogm.engine.families.dctp.win": "mechanics",
    "autogm.engine.stalemate": "mechanics",
    "autogm.engine.families.dctp.abilities.lent": "mechanics",
    "autogm.engine.families.midnight.life": "mechanics",
    "autogm.engine.families.dctp.life": "mechanics",
    "autogm.engine.families.midnight.guises": "mechanics",
    "autogm.engine.families.midnight.damage": "mechanics",
    "autogm.engine.families.midnight.council": "mechanics",
    "autogm.engine.families.midnight.hooks": "mechanics",
    # abilities: the ability units, and the send-time checks over them, which the reader asks
    "autogm.engine.validate": "game",
    # orders: the reader, and the player text it quotes made inert
    "autogm.engine.render.inert": "orders",
    # game: a game opened, played phase by phase, overruled by the GM, shown
    "autogm.engine.resolve": "game",
    "autogm.engine.session": "game",
    "autogm.engine.followup": "game",
    "autogm.engine.families.dctp.prep": "game",
    "autogm.engine.families.dctp.setup": "game",
    "autogm.engine.families.dctp.phase_hooks": "game",
    "autogm.engine.families.dctp.family": "game",
    "autogm.engine.gm": "game",
    "autogm.engine.gm_texts": "game",
    "autogm.engine.families.dctp.dreams": "game",
    "autogm.engine.deal": "game",
    "autogm.engine.role_setups": "game",
    "autogm.engine.families.midnight.corrections": "game",
    "autogm.engine.reading": "game",
    "autogm.engine.families.midnight.family": "game",
    "autogm.engine.families.midnight.running": "game",
    "autogm.engine.families.midnight.reader": "orders",
    "autogm.engine.families.midnight.vocab": "orders",
    # scenario: scenario files and the replay record
    "autogm.engine.replay": "scenario",
}

# The family a module belongs to: the package it is in (engine/families/dctp, .../midnight),
# or, for a module still outside, the family it goes to ("split": generic, with a family's
# parts still to leave it: docs/engine.md says which).
FAMILY_PREFIX = {
    "autogm.engine.families.dctp": "dctp",
    "autogm.engine.families.midnight": "midnight",
}
FAMILY_OF = {
    "autogm.engine.ability": "",
    "autogm.engine.rules.base": "split",
    "autogm.engine.state": "split",
    "autogm.engine.context": "split",
    "autogm.engine.gm": "split",
}

# The exceptions: (importer, imported) -> why. A "type only" arrow (under TYPE_CHECKING) may
# close a circle inside one layer, and a "by name" one (a registry that loads a family's
# package, which registers into it) one across layers until the families are packages; the
# others are arrows like any, in every check.
ALLOWED = {
    (
        "autogm.engine.life",
        "autogm.engine.context",
    ): "type only: a life model is asked with the context "
    "that holds it (Life.unable(ctx, ...)); both core",
    (
        "autogm.engine.ability",
        "autogm.engine.context",
    ): "type only: an ability resolves against the context whose actions hold it; both core",
    (
        "autogm.engine.gm_texts",
        "autogm.engine.session",
    ): "type only, waiting (session.py is changed on "
    "another branch): apply_text takes the GameSession whose queue it changes, and session "
    "imports gm_texts",
    (
        "autogm.engine.render",
        "autogm.engine.render.text",
    ): "inside a function: start-up, a module that needs "
    "only render.inert (the daemon's status) does not load the notices' classes",
    (
        "autogm.engine.replay",
        "autogm.engine.gm",
    ): "inside a function: start-up, the GM's overrides load for a scenario with a GM line only",
    (
        "autogm.engine.session",
        "autogm.engine.gm",
    ): "inside a function: start-up, the GM's overrides load with the first one a game is given",
    (
        "autogm.engine.session",
        "autogm.engine.orders.votes",
    ): "inside a function: start-up, the public vote reader loads with the first topic post",
    (
        "autogm.engine.gm_texts",
        "autogm.engine.families.dctp.dreams",
    ): "inside a function: start-up, only a ruleset with the GM's texts (classic) drafts dreams",
    (
        "autogm.engine.by_family",
        "autogm.engine.families.dctp.family",
    ): "by name, upward: the one registry of "
    "families loads a family's package at its first look-up",
    (
        "autogm.engine.by_family",
        "autogm.engine.families.midnight.family",
    ): "by name, upward: as DCTP's",
    (
        "autogm.engine.ability",
        "autogm.engine.families.dctp.abilities",
    ): "by name, upward: the registry loads a family's abilities for its first ruleset",
    (
        "autogm.engine.ability",
        "autogm.engine.families.midnight.abilities",
    ): "by name, upward: as DCTP's",
}

TYPE_ONLY, INSIDE, BY_NAME, TOP = "type only", "inside a function", "by name", "top"


@cache
def modules() -> dict[str, Path]:
    """Every module of engine/ by name; a package's ``__init__`` that holds only a docstring
    (nothing to import, nothing to import it for) is left out."""
    found = {}
    for path in sorted(ENGINE.rglob("*.py")):
        parts = ("autogm", *path.relative_to(ROOT).with_suffix("").parts)
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if parts[-1] == "__init__" and all(isinstance(n, ast.Expr) for n in tree.body):
            continue
        found[name] = path
    return found


def _targets(node: ast.Import | ast.ImportFrom, package: str) -> set[str]:
    known = modules()
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
    found = set()
    for name in names:
        while name and name not in known:  # "engine.x.y" of a class y: the module engine.x
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    return found


@cache
def arrows() -> dict[tuple[str, str], frozenset[str]]:
    """(importer, imported) -> how it is imported: at the top, inside a function, under
    TYPE_CHECKING only, by a name given to importlib."""
    known = modules()
    found: dict[tuple[str, str], set[str]] = {}

    def walk(name: str, package: str, node: ast.AST, kind: str) -> None:
        for child in ast.iter_child_nodes(node):
            here = kind
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                here = TYPE_ONLY
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) and kind == TOP:
                here = INSIDE
            if isinstance(child, ast.Import | ast.ImportFrom):
                for target in _targets(child, package) - {name}:
                    found.setdefault((name, target), set()).add(here)
            elif (
                isinstance(child, ast.Constant)
                and isinstance(child.value, str)
                and child.value in known
                and child.value != name
            ):
                found.setdefault((name, child.value), set()).add(BY_NAME)
            walk(name, package, child, here)

    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        walk(name, package, ast.parse(path.read_text(encoding="utf-8")), TOP)
    return {edge: frozenset(kinds) for edge, kinds in found.items()}


def layer(module: str) -> str:
    if module in LAYER_OF:
        return LAYER_OF[module]
    packages = [p for p in PACKAGE_LAYER if module == p or module.startswith(p + ".")]
    assert packages, f"{module} has no layer: add it to LAYER_OF (docs/engine.md, Layers)"
    return PACKAGE_LAYER[max(packages, key=len)]


def family(module: str) -> str:
    if module in FAMILY_OF:
        return FAMILY_OF[module]
    prefixes = [p for p in FAMILY_PREFIX if module == p or module.startswith(p + ".")]
    return FAMILY_PREFIX[max(prefixes, key=len)] if prefixes else ""


def test_every_module_has_a_layer_and_every_entry_a_module() -> None:
    for module in modules():
        assert layer(module) in LAYERS, module
    stale = set(LAYER_OF) - set(modules()) | set(FAMILY_OF) - set(modules())
    assert stale == set(), "no such module any more: " + ", ".join(sorted(stale))


def test_no_import_circle() -> None:
    graph: dict[str, set[str]] = {name: set() for name in modules()}
    for (source, target), kinds in arrows().items():
        if kinds <= {TYPE_ONLY, BY_NAME} and (source, target) in ALLOWED:
            continue
        graph[source].add(target)
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            assert state.get(nxt) != 1, " -> ".join([*path, node, nxt])
            if nxt not in state:
                visit(nxt, [*path, node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])


def test_imports_run_from_higher_layers_to_lower_ones() -> None:
    upward = [
        f"{source} ({layer(source)}) -> {target} ({layer(target)})"
        for source, target in arrows()
        if LAYERS.index(layer(source)) < LAYERS.index(layer(target))
        and (source, target) not in ALLOWED
    ]
    assert upward == []


def test_no_family_package_imports_another() -> None:
    """A family's package imports the generic engine and itself, never another family's
    package: what two families share lives below them (engine/families/__init__.py's
    ``Opening``, engine/rules/base.py's ``resolve_role``)."""

    def package(module: str) -> str:
        return next((p for p in FAMILY_PREFIX if module == p or module.startswith(p + ".")), "")

    crossing = [
        f"{source} -> {target}"
        for source, target in arrows()
        if package(source) and package(target) and package(source) != package(target)
    ]
    assert crossing == []


def test_every_import_inside_a_function_is_named_with_its_reason() -> None:
    unnamed = [
        f"{source} -> {target}"
        for (source, target), kinds in arrows().items()
        if INSIDE in kinds and (source, target) not in ALLOWED
    ]
    assert unnamed == []


def test_every_allowed_import_is_still_there() -> None:
    gone = [edge for edge in ALLOWED if edge not in arrows()]
    assert gone == [], "no longer imported (take it off ALLOWED): " + repr(gone)
    for (source, target), reason in ALLOWED.items():
        kinds = arrows()[source, target]
        kind = reason.split(":")[0].split(",")[0]
        assert kind in kinds, f"{source} -> {target} is imported {sorted(kinds)}, not {kind}"


def test_no_module_below_a_package_imports_it_at_the_top() -> None:
    """Importing ``engine.families.dctp.abilities.kill`` runs the package's ``__init__.py``,
    which imports every ability. A module outside that package which the package's modules
    import, and which imports the package at its top, fails when it is imported first: the
    package's modules meet it half made (and registered later than their place, reordering
    the registry)."""
    tops: dict[str, set[str]] = {}
    for (source, target), kinds in arrows().items():
        if TOP in kinds:
            tops.setdefault(source, set()).add(target)
    for package, path in modules().items():
        if path.name != "__init__.py" or not tops.get(package):
            continue
        inside = {m for m in modules() if m.startswith(package + ".")} | {package}
        reached, todo = set(), [package]
        while todo:
            for target in tops.get(todo.pop(), ()):
                if target not in reached:
                    reached.add(target)
                    todo.append(target)
        below = reached - inside
        wrong = [m for m in sorted(below) if tops.get(m, set()) & inside]
        assert wrong == [], f"{package} is imported at the top of {wrong}, which it imports"


def test_the_ability_registry_is_in_the_listed_order() -> None:
    """engine/families/dctp/abilities/__init__.py lists its modules in the registry's order
    (the order of granted slots); each module registers at its own place, whichever module is
    imported first."""
    package = ENGINE / "families" / "dctp" / "abilities" / "__init__.py"
    tree = ast.parse(package.read_text(encoding="utf-8"))
    listed = [
        f"autogm.engine.families.dctp.abilities.{alias.name}"
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        and node.module == "autogm.engine.families.dctp.abilities"
        for alias in node.names
    ]
    firsts = (
        "autogm.engine.families.dctp.voting",
        "autogm.engine.families.dctp.protection",
        "autogm.engine.families.dctp.abilities.vest",
    )
    for first in (*firsts, "autogm.engine.replay"):
        code = (
            f"import {first}\nfrom autogm.engine.families.dctp.abilities import ABILITIES\n"
            "print(*dict.fromkeys(type(a).__module__ for a in ABILITIES.values()))"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
        )
        assert done.stdout.split() == listed, f"importing {first} first"


def _docs_table() -> dict[str, tuple[str, str]]:
    """docs/engine.md's Layers table: module -> (layer, family). A row ``engine/pkg/*.py``
    stands for every module of the package that has no row of its own."""
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = text.split("\n## Layers", 1)[1].split("\n## ", 1)[0]
    rows, packages = {}, {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        match = re.fullmatch(r"`(engine/[\w/]+?)(/\*)?\.py`", cells[0]) if len(cells) > 3 else None
        if match:
            name = "autogm." + match[1].removesuffix("/__init__").replace("/", ".")
            entry = (cells[1], "" if cells[2] == "—" else cells[2])
            (packages if match[2] else rows)[name] = entry
    for module in modules():
        covering = [p for p in packages if module == p or module.startswith(p + ".")]
        if module not in rows and covering:
            rows[module] = packages[max(covering, key=len)]
    return rows


def test_the_docs_table_is_this_map() -> None:
    table = _docs_table()
    expected = {m: (layer(m), family(m)) for m in modules()}
    wrong = {m: (table.get(m), expected.get(m)) for m in {*table, *expected}}
    assert {m: pair for m, pair in wrong.items() if pair[0] != pair[1]} == {}
