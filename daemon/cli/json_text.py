"""JSON as the commands print it, written faster than ``json.dumps`` writes it indented.

``json.dumps(value, indent=2, ensure_ascii=False)`` leaves C's encoder for a Python one as
soon as it indents: on the replay record of the largest game that is a quarter of the time
above start-up. :func:`dumps` writes the same text (the tests compare them) with C's string
escaping and one Python call per value that is not a string (the strings, most values, are
written by their container). The outer containers (the record, its phases, each phase) give
their items' pieces one by one (:func:`dump`), to a list joined at the end or straight to the
command's output; from ``SHALLOW`` down, each container is one list comprehension joined by
its separator, returned as one string: fewer steps per item, and what is copied again into
the container around it is small.
"""

from __future__ import annotations

from collections.abc import Callable
from json.encoder import encode_basestring
from typing import Any, TextIO

INFINITY = float("inf")

INDENT = "  "
# Containers at this depth and below are written as one string each (see above).
SHALLOW = 3
# A scalar of these exact types, written by a builtin: not the isinstance tests, in their
# order, that subclasses (enums) need.
_EXACT: dict[type, Callable[[Any], str]] = {
    int: int.__repr__,
    bool: {True: "true", False: "false"}.__getitem__,
    type(None): {None: "null"}.__getitem__,
}
# A container's falsy item of these exact types (an empty list, None) written by its container
# without a call of ``text``: most of a replay record's lists are a player's conditions, most
# of them none. Not float: -0.0 is falsy too.
_FALSY = {list: "[]", tuple: "[]", dict: "{}", type(None): "null", bool: "false", int: "0"}


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
    if key is None or isinstance(key, int | float):  # a bool is an int
        return f'"{_scalar(key)}"'
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(key).__name__}")


class _Keys(dict[Any, str]):
    """Each key as written before its value, with its ": ". A record repeats a few string
    keys thousands of times: those are written once. Only exact strings are kept, as 1 and
    True are equal keys written differently (a str subclass, an enum, is written as the str
    equal to it is)."""

    def __missing__(self, key: Any) -> str:
        written = _key(key) + ": "
        if type(key) is str:
            self[key] = written
        return written


def _scalar(item: Any) -> str:
    if isinstance(item, str):
        return encode_basestring(item)
    if item is None:
        return "null"
    if item is True:
        return "true"
    if item is False:
        return "false"
    if isinstance(item, int):
        return int.__repr__(item)
    if isinstance(item, float):
        return _float(item)
    raise TypeError(f"Object of type {type(item).__name__} is not JSON serializable")


def dumps(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``, for values without cycles."""
    parts: list[str] = []
    dump(value, parts.append)
    return "".join(parts)


def write_to(value: Any, out: TextIO, chunk: int = 1 << 16) -> None:
    """``dumps(value)`` written to ``out`` in pieces of about ``chunk`` characters: never the
    whole text in memory, and few writes whatever ``out``'s buffering (under ``python -u``
    each write is a system call)."""
    parts: list[str] = []
    size = 0

    def add(piece: str) -> None:
        nonlocal size
        parts.append(piece)
        size += len(piece)
        if size >= chunk:
            out.write("".join(parts))
            parts.clear()
            size = 0

    dump(value, add)
    out.write("".join(parts))


def dump(value: Any, add: Callable[[str], object]) -> None:
    """``dumps(value)`` given to ``add`` piece by piece, in order: a command writes each
    piece as it is made (``sys.stdout.write``), never holding the whole text or its bytes."""
    encode = encode_basestring
    # lines[d]: a new line and the indent of depth d, which opens a container's first item at
    # depth d or closes a container at depth d - 1; commas[d]: the same after the comma
    # between two items. Made once per depth, at the first container that deep.
    lines = ["\n"]
    commas = [",\n"]
    keys = _Keys()

    def deeper() -> None:
        inner = len(lines)
        lines.append("\n" + INDENT * inner)
        commas.append(",\n" + INDENT * inner)

    def text(item: Any, depth: int) -> str:
        """``item`` written as one string; its first line is not indented."""
        kind = type(item)
        # The exact JSON types first, by identity; subclasses (enums) and scalars after.
        if kind is dict:
            if not item:
                return "{}"
            inner = depth + 1
            if inner == len(lines):  # one level deeper than any so far
                deeper()
            body = commas[inner].join(
                [
                    keys[key]
                    + (
                        encode(element)
                        if type(element) is str
                        else (not element and _FALSY.get(type(element))) or text(element, inner)
                    )
                    for key, element in item.items()
                ]
            )
            return f"{{{lines[inner]}{body}{lines[depth]}}}"
        if kind is list or kind is tuple:
            if not item:
                return "[]"
            inner = depth + 1
            if inner == len(lines):  # one level deeper than any so far
                deeper()
            comma = commas[inner]
            if type(item[0]) is str:
                # Most likely strings only (a player's messages): written by C's loop; a list
                # with anything else in it fails there and is written as any other.
                try:
                    return f"[{lines[inner]}{comma.join(map(encode, item))}{lines[depth]}]"
                except TypeError:
                    pass
            body = comma.join(
                [
                    encode(element)
                    if type(element) is str
                    else (not element and _FALSY.get(type(element))) or text(element, inner)
                    for element in item
                ]
            )
            return f"[{lines[inner]}{body}{lines[depth]}]"
        written = _EXACT.get(kind)
        if written is not None:
            return written(item)
        if isinstance(item, dict):
            return text(dict(item), depth)
        if isinstance(item, list | tuple):
            return text(list(item), depth)
        return _scalar(item)

    def write(item: Any, depth: int) -> None:
        """``item`` added to ``parts``, an outer container piece by piece."""
        kind = type(item)
        if depth >= SHALLOW or not item or not (kind is dict or kind is list or kind is tuple):
            add(text(item, depth))
            return
        inner = depth + 1
        if inner == len(lines):
            deeper()
        comma = commas[inner]
        if kind is dict:
            separator = "{" + lines[inner]
            for key, element in item.items():
                if type(element) is str:
                    add(separator + keys[key] + encode(element))
                else:
                    add(separator + keys[key])
                    write(element, inner)
                separator = comma
            add(lines[depth] + "}")
            return
        separator = "[" + lines[inner]
        for element in item:
            if type(element) is str:
                add(separator + encode(element))
            else:
                add(separator)
                write(element, inner)
            separator = comma
        add(lines[depth] + "]")

    write(value, 0)
