"""What the simulated players of ``autogm demo`` write, one module per family.

The demo (daemon/cli/demo.py) runs a forum, a clock and the daemon's own jobs; the players are
the family's: who signs up and with what post (``SIGNUPS``), the game topic's title
(``TOPIC_TITLE``), the roles dealt (``setup(ruleset)``, a ``[setup:demo]`` section), the game's
ruleset lines (``game_lines(ruleset)``), and each player's orders for a phase in the family's
words (``orders``: the PM and the topic post). A new family's demo is one module here and one
line in ``MODULES``.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

# Each family's demo players by the family's name (``Ruleset.family``).
MODULES = {
    "dctp": "autogm.simulator.demo.dctp",
    "midnight": "autogm.simulator.demo.midnight",
}


def demo_players(family: str) -> ModuleType:
    """The demo players of a family (imported at first use: a DCTP demo never loads
    midnight's)."""
    return import_module(MODULES[family])
