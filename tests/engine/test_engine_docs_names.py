"""docs/engine.md names only what the tree holds: every path it writes out (``engine/...py``,
``tests/...``, ``benchmarks/...``) is a file or folder of the repository, and every dotted name
of the engine (``engine.families.dctp.phase_hooks.add_passive``) is a module or what a module
holds. Its Layers table is checked module by module in tests/engine/test_layout.py; this
checks the rest of its text, so that a move or a rename that leaves the page behind fails."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
TEXT = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")

# A path from the top of the repository; a placeholder in capitals ("engine/families/NAME")
# and a pattern ("engine/pkg/*.py") stand for many and are not looked up.
_PATH = re.compile(
    r"\b((?:engine|tests|benchmarks|daemon|adapters|simulator|docs)/[\w./-]*\w)(?![\w./-]*\*)"
)
_DOTTED = re.compile(r"`(engine(?:\.\w+)+)")


def _paths() -> list[str]:
    return sorted({p for p in _PATH.findall(TEXT) if not re.search(r"/[A-Z]+(?:/|$)", p)})


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module("autogm." + ".".join(parts[:i]))
        except ModuleNotFoundError:
            continue
        for name in parts[i:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def test_every_path_the_page_writes_is_in_the_tree() -> None:
    missing = [p for p in _paths() if not (ROOT / p).exists()]
    assert missing == []


def test_every_dotted_name_the_page_writes_is_in_the_engine() -> None:
    missing = sorted({d for d in _DOTTED.findall(TEXT) if not _resolves(d)})
    assert missing == []


def test_the_page_is_read_for_its_names() -> None:
    assert "engine/families/dctp/restating.py" in _paths()
    assert "engine/families/NAME" not in _paths()
    assert not any(p.startswith("engine/pkg") for p in _paths())
    assert not _resolves("engine.orders.model.no_such_name")
