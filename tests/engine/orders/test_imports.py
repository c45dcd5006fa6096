"""The reader reads words: it imports none of the resolver's parts (issue 27, "engine/orders no
longer imports the resolver's validation or the abilities"); the session hands it the rules
(engine/orders/seam.py, engine/reading.py)."""

from __future__ import annotations

import ast
from pathlib import Path

ORDERS = Path(__file__).parents[3] / "engine" / "orders"
# The parts of the engine that resolve a game, which the reader must not import.
RESOLVER = (
    "autogm.engine.validate",
    "autogm.engine.families.dctp.abilities",
    "autogm.engine.families.midnight",
    "autogm.engine.resolve",
    "autogm.engine.session",
    "autogm.engine.life",
    "autogm.engine.context",
    "autogm.engine.reading",
)


def test_engine_orders_imports_no_part_of_the_resolver() -> None:
    for path in sorted(ORDERS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(RESOLVER), f"{path.name} imports {name}"
