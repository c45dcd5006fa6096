"""The templates: every text a player or the GM reads on the forum, by key, in TOML files.

``engine/render/templates.toml`` holds the engine's (notices, results, the answer to an order
PM, refusals); ``daemon/play/templates.toml`` the daemon's (posts, reminders, answers to
commands, sign-ups). Both are read here and filled one way: by name, ``{field}`` from the
keywords given (``str.format_map``). What fills them is already forum text: a caller makes a
player's words inert before it gives them (engine/render/inert.py).
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

from autogm.engine.lazy_pattern import lazy_compile

# os.path, not pathlib: pathlib imports urllib.parse and ipaddress, 4 ms of a replay's start.
# The file sits next to this module (package data), so a plain path finds it without
# importlib.resources and the modules it loads.
ENGINE = os.path.join(os.path.dirname(__file__), "templates.toml")  # noqa: PTH118, PTH120


@cache
def read_templates(path: str) -> dict[str, str]:
    """The templates of a file by key (``group.key``), read at the first text it words: a
    command that words none never pays for the file or the TOML parser."""
    with open(path, encoding="utf-8") as f:  # noqa: PTH123
        text = f.read()
    found = plain_templates(text)
    if found is not None:
        return found
    import tomllib

    raw = tomllib.loads(text)
    return {f"{group}.{key}": text for group, keys in raw.items() for key, text in keys.items()}


_SECTION = lazy_compile(r"\[([A-Za-z0-9_-]+)\]")
# A TOML basic string holds no control character but the tab.
_ENTRY = lazy_compile(r'([A-Za-z0-9_-]+) = "((?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\[n"\\])*)"')
_ESCAPE = lazy_compile(r"\\(.)")
_ESCAPES = {"n": "\n", '"': '"', "\\": "\\"}


def plain_templates(text: str) -> dict[str, str] | None:
    """The templates of a file written as templates.toml is, read without the TOML parser
    (its import and its reading are about 5 ms of a replay's start-up): comments, [group]
    lines and one-line ``key = "text"`` entries with no escape but \\n, \\" and \\\\. None for
    a file with anything else in it, which tomllib reads."""
    found: dict[str, str] = {}
    group, groups = None, set()
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        if (section := _SECTION.fullmatch(line)) is not None:
            group = section[1]
            if group in groups:
                return None  # TOML refuses a table twice: let tomllib say so
            groups.add(group)
        elif group is not None and (entry := _ENTRY.fullmatch(line)) is not None:
            key = f"{group}.{entry[1]}"
            if key in found:
                return None  # TOML refuses a key twice: let tomllib say so
            value = entry[2]
            found[key] = _ESCAPE.sub(lambda m: _ESCAPES[m[1]], value) if "\\" in value else value
        else:
            return None
    return found


def templates() -> dict[str, str]:
    """The engine's templates by key."""
    return read_templates(ENGINE)


def fill(path: str, key: str, **params: Any) -> str:
    """The template ``key`` of the file at ``path``, filled from ``params`` by name."""
    return read_templates(path)[key].format_map(params)


def say(key: str, **params: Any) -> str:
    """The engine's template ``key`` filled from ``params`` by name."""
    return read_templates(ENGINE)[key].format_map(params)
