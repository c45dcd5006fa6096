"""What kind of page a board answered: the first of an adapter's markers that the page carries.

Each adapter lists its page kinds, most telling first, each with the test of its marker (phpBB:
ids and classes of prosilver and subsilver2; MyBB: the template names its pages announce). The
kind names are shared where the pages are ("message", "login_form", "topic", "pm_view",
"pm_folder", "posting_form", "profile", "memberlist"...), so ``inspect-page`` speaks of both
boards alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bs4 import BeautifulSoup

Marker = Callable[[BeautifulSoup], bool]
UNKNOWN = "unknown"


def kind_of(soup: BeautifulSoup, markers: Sequence[tuple[str, Marker]]) -> str:
    """The first kind whose marker ``soup`` carries, else ``"unknown"``."""
    return next((kind for kind, carries in markers if carries(soup)), UNKNOWN)
