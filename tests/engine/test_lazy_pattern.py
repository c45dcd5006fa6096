"""Patterns compiled at their first use (engine/lazy_pattern.py) match as the compiled ones do:
the shortcut docs/performance.md keeps must give what ``re.compile`` gives."""

from __future__ import annotations

import importlib
import pkgutil
import re

import autogm.engine
from autogm.engine.lazy_pattern import _LazyPattern, lazy_compile

SAMPLES = ["Kill Abs", "vote: Kleene", "  I'd like to heal Ran tonight?", "[b]Abs[/b] :) --", ""]


def _engine_patterns() -> list[tuple[str, _LazyPattern]]:
    found = []
    for info in pkgutil.walk_packages(autogm.engine.__path__, "autogm.engine."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, _LazyPattern):
                found.append((f"{info.name}.{name}", value))
    return found


def test_a_lazy_pattern_is_the_compiled_one_once_used() -> None:
    lazy = lazy_compile(r"(?P<verb>kill|heal)\s+(?P<who>\w+)", re.IGNORECASE)
    eager = re.compile(r"(?P<verb>kill|heal)\s+(?P<who>\w+)", re.IGNORECASE)
    assert lazy.match("Heal Ran")["who"] == eager.match("Heal Ran")["who"]
    assert (lazy.pattern, lazy.flags, lazy.groups, lazy.groupindex) == (
        eager.pattern, eager.flags, eager.groups, eager.groupindex
    )  # fmt: skip
    assert lazy.sub("x", "kill A, heal B") == eager.sub("x", "kill A, heal B")


def test_a_lazy_patterns_text_is_read_without_compiling_it() -> None:
    # A phrase class's gate reads its keys from the text: a class no text opens is never
    # compiled (docs/performance.md).
    lazy = lazy_compile(r"(?:scratch|scrap)\s+that", re.IGNORECASE)
    assert lazy.pattern == r"(?:scratch|scrap)\s+that"
    assert "search" not in vars(lazy)
    assert lazy.search("Scrap that, heal Abs") is not None
    assert "search" in vars(lazy)


def test_every_lazy_pattern_of_the_engine_matches_as_its_compiled_source() -> None:
    patterns = _engine_patterns()
    assert len(patterns) > 100
    for name, lazy in patterns:
        eager = re.compile(lazy.pattern, lazy._flags)
        for text in SAMPLES:
            found, expected = lazy.search(text), eager.search(text)
            assert (found and found.span()) == (expected and expected.span()), (name, text)
        assert (lazy.pattern, lazy.flags) == (eager.pattern, eager.flags), name
