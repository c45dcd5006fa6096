"""Regular expressions compiled at their first use, not when their module is imported.

Most PMs never need most of the parser's expressions (a question, a Black Org leader's
"Vodka will do it", HTML in a message), and most games no GM command's: compiling each at
import made every command that imports the engine pay for all of them. A lazy one compiles
at its first use and from then on is the compiled pattern's own methods, looked up on the
instance like any attribute.
"""

from __future__ import annotations

import re
from typing import Any, cast

# The compiled pattern's attributes a lazy one takes over at its first use. Its source
# text is its own from the start: reading it (a phrase class's gate reads its keys from it)
# compiles nothing.
_TAKEN = (
    "match", "fullmatch", "search", "sub", "subn", "split", "finditer", "findall",
    "flags", "groups", "groupindex",
)  # fmt: skip


class _LazyPattern:
    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern = pattern
        self._flags = flags  # as given: the compiled pattern's ``flags`` add the defaults

    def __getattr__(self, name: str) -> Any:
        # Called only while an attribute is missing: the first use compiles and stores the
        # compiled pattern's methods on the instance, where later uses find them directly.
        compiled = re.compile(self.pattern, self._flags)
        for attribute in _TAKEN:
            self.__dict__[attribute] = getattr(compiled, attribute)
        return getattr(compiled, name)


def lazy_compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, done at the pattern's first use."""
    return cast("re.Pattern[str]", _LazyPattern(pattern, flags))
