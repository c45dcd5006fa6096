"""JSON as the commands print it, written faster than ``json.dumps`` writes it indented.

``json.dumps(value, indent=2, ensure_ascii=False)`` leaves C's encoder for a Python one as
soon as it indents: on the replay record of the largest game that is a quarter of the time
above start-up. :func:`dumps` writes the same text (the tests compare them) with C's string
escaping and one Python call per value that is not a string (the strings, most values, are
written by their container).
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
    encode = encode_basestring
    # commas[d]: the separator before an item at depth d (",\n" and its indent), made once;
    # without its comma it opens a container's first item, or closes one at depth d.
    commas: list[str] = []
    # Each string key written once with its ": " (a record repeats a few keys thousands of
    # times); only exact strings: 1 and True are equal keys written differently.
    keys: dict[str, str] = {}

    def write(item: Any, depth: int) -> None:
        kind = type(item)
        # The exact JSON types first, by identity; subclasses (enums) and scalars after.
        if kind is dict or kind is list or kind is tuple:
            if not item:
                add("{}" if kind is dict else "[]")
                return
            while len(commas) <= depth + 1:
                commas.append(",\n" + INDENT * len(commas))
            comma = commas[depth + 1]
            if kind is dict:
                separator = "{" + comma[1:]
                for key, element in item.items():
                    if type(key) is str:
                        written = keys.get(key)
                        if written is None:
                            written = keys[key] = encode(key) + ": "
                    else:
                        written = _key(key) + ": "
                    if type(element) is str:
                        add(separator + written + encode(element))
                    else:
                        add(separator + written)
                        write(element, depth + 1)
                    separator = comma
                add(commas[depth][1:] + "}")
                return
            separator = "[" + comma[1:]
            for element in item:
                if type(element) is str:
                    add(separator + encode(element))
                else:
                    add(separator)
                    write(element, depth + 1)
                separator = comma
            add(commas[depth][1:] + "]")
        elif isinstance(item, str):
            add(encode(item))
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
        elif isinstance(item, list | tuple | dict):
            write(dict(item) if isinstance(item, dict) else list(item), depth)
        else:
            raise TypeError(f"Object of type {type(item).__name__} is not JSON serializable")

    write(value, 0)
    return "".join(parts)
