"""Forum adapters, by the name a config file uses for them.

Each is imported when first asked for: the board adapters bring the HTTP and HTML libraries,
which only the commands that talk to a forum should pay for.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_WHERE = {
    "phpbb": ("autogm.adapters.phpbb", "PhpBBForum"),
    "mybb": ("autogm.adapters.mybb", "MyBBForum"),
    "local": ("autogm.adapters.local", "LocalForum"),
}


def adapter_class(name: str) -> Any:
    """The Forum class of the adapter a config names (``phpbb``, ``mybb``, ``local``)."""
    module, attr = _WHERE[name]
    return getattr(import_module(module), attr)


def __getattr__(name: str) -> Any:
    if name == "ADAPTERS":
        return {key: adapter_class(key) for key in _WHERE}
    for key, (_module, attr) in _WHERE.items():
        if name == attr:
            return adapter_class(key)
    raise AttributeError(f"module 'autogm.adapters' has no attribute {name!r}")
