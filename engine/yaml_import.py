"""PyYAML, imported without compiling the patterns it compiles at import.

PyYAML compiles ``Reader.NON_PRINTABLE`` (a class of every printable code point, which re
builds code point by code point) when it is imported: about 7 ms, half of PyYAML's import and
a twentieth of ``autogm replay``'s start-up. Scenarios are read with libyaml's
CSafeLoader, which checks printable characters itself; the pure-Python reader runs only to
word the error of a broken file, and compiles the pattern at that first use instead.

The resolvers' patterns and the constructor's timestamp are compiled at their first use too:
a resolver's pattern is asked only for a plain scalar whose first character it may start
(a scenario's names and orders start with none of "<", "=", "!", "&", "*" and seldom with a
digit), so most scenarios never need the timestamp's two, merge's, value's or yaml's.

If PyYAML was imported before this module (the archive commands), nothing changes.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from autogm.engine.lazy_pattern import lazy_compile

# PyYAML's source of Reader.NON_PRINTABLE (yaml/reader.py).
NON_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"


def _import_yaml() -> Any:
    if "yaml" in sys.modules:
        return sys.modules["yaml"]
    compile_now = re.compile

    def compile_pattern(pattern: Any, flags: int = 0) -> Any:
        # Only PyYAML's own patterns, which it only ever asks to match or search: a module
        # PyYAML imports may hand its patterns to functions that take compiled ones only.
        if sys._getframe(1).f_globals.get("__name__", "").startswith("yaml."):
            return lazy_compile(pattern, flags)
        return compile_now(pattern, flags)

    re.compile = compile_pattern
    try:
        import yaml
    finally:
        re.compile = compile_now
    return yaml


yaml = _import_yaml()
