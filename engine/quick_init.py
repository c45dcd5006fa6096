"""A faster ``__init__`` for the frozen slots dataclasses a resolution makes by the thousand.

A frozen dataclass's generated ``__init__`` sets each field with ``object.__setattr__(self,
name, value)``, which looks the field up by name on the class for every field of every object:
on Python 3.11 that is about half the cost of making a ``Result``, a ``Notice`` or an
``ActionRecord``, and a large game makes a couple of thousand of them. ``quick_init`` gives the
class an ``__init__`` with the same parameters (names, order, defaults, default factories)
that sets each slot through its descriptor, found once when the class is made. The class stays
a frozen dataclass: assigning a field still raises ``FrozenInstanceError``, and equality,
hashing, ``repr`` and ``replace`` are the dataclass's own.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Class decorator, put above ``@dataclass(frozen=True, slots=True, init=False)``: see the
    module. The dataclass makes no ``__init__`` of its own, so the class is compiled one, as
    before, not two."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if not (params.frozen and "__slots__" in cls.__dict__) or params.init:
        raise TypeError(
            f"{cls.__name__}: quick_init is for frozen slots dataclasses made with init=False"
        )
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init does not call __post_init__")
    namespace: dict[str, Any] = {"_MISSING": MISSING}
    signature: list[str] = []
    body: list[str] = []
    for f in fields(cls):
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes plain fields only")
        namespace[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        if f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
            signature.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            signature.append(f"{f.name}=_MISSING")
            body.append(f"    if {f.name} is _MISSING:\n        {f.name} = _factory_{f.name}()")
        else:
            signature.append(f.name)
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(signature)}):\n" + "\n".join(body) + "\n"
    # The source is built above from the class's own field names, as dataclasses builds its.
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[misc]
    return cls
