"""JSON as the commands print it, written faster than ``json.dumps`` writes it indented.

``json.dumps(value, indent=2, ensure_ascii=False)`` leaves C's encoder for a Python one as
soon as it indents: on the replay record of the largest game that is a quarter of the time
above start-up. :func:`dumps` writes the same text (the tests compare them) with one Python
call per value and C's string escaping.
"""

from __future__ import annotations

from json.encoder import INFINITY, encode_basestring
from typing import Any

INDENT = "  "


def _float(value: float) -> str:
    # As json writes them (allow_nan: the default).
    if value != value:
        return "NaN"
    if value == INFINITY:
        return "Infinity"
    if value == -INFINITY:
        return "-Infinity"
    return float.__repr__(value)


def _key(key: Any) -> str:
    if isinstance(key, str):
        return encode_basestring(key)
    if key is True:
        return '"true"'
    if key is False:
        return '"false"'
    if key is None:
        return '"null"'
    if isinstance(key, int):
        return f'"{int.__repr__(key)}"'
    if isinstance(key, float):
        return f'"{_float(key)}"'
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


def dumps(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``, for values without cycles."""
    parts: list[str] = []
    add = parts.append

    def write(item: Any, depth: int) -> None:
        if isinstance(item, str):
            add(encode_basestring(item))
        elif item is None:
            add("null")
        elif item is True:
            add("true")
        elif item is False:
            add("false")
        elif isinstance(item, int):
            add(int.__repr__(item))
        elif isinstance(item, float):
            add(_float(item))
        elif isinstance(item, list | tuple):
            if not item:
                add("[]")
                return
            inner = "\n" + INDENT * (depth + 1)
            add("[" + inner)
            for i, element in enumerate(item):
                if i:
                    add("," + inner)
                write(element, depth + 1)
            add("\n" + INDENT * depth + "]")
        elif isinstance(item, dict):
            if not item:
                add("{}")
                return
            inner = "\n" + INDENT * (depth + 1)
            first = True
            add("{")
            for key, element in item.items():
                add((inner if first else "," + inner) + _key(key) + ": ")
                first = False
                write(element, depth + 1)
            add("\n" + INDENT * depth + "}")
        else:
            raise TypeError(f"Object of type {type(item).__name__} is not JSON serializable")

    write(value, 0)
    return "".join(parts)
