"""Game models ("families") that rulesets are written in: the one registry of their packages.

A ruleset names its family; the family supplies the parts of a phase that are not a single
ability: what settles after a step (the attacks after Killing, the lynch after Lynching), the
hooks at the start and end of a phase, and the win check. Each family is a package here
(``dctp``, ``midnight``) whose ``family`` module makes its ``Family`` and adds it to
``FAMILIES``; the registry imports that module at the family's first look-up, so a game of
one family never loads another's abilities, readers and patterns.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from autogm.engine.by_family import ByFamily
from autogm.engine.state import GameState

if TYPE_CHECKING:
    from autogm.engine.context import Context
    from autogm.engine.life import Life
    from autogm.engine.orders.model import Wording
    from autogm.engine.outcome import Draw, Notice
    from autogm.engine.phases import Phase
    from autogm.engine.rules.base import Ruleset, Slot, Step
    from autogm.engine.state import FamilyState, PlayerState


@dataclass(frozen=True, slots=True)
class Opening:
    """The state once the game is open, and the notices and draws of the opening (what a
    family's ``open_game`` returns)."""

    state: GameState
    notices: tuple[Notice, ...]
    draws: tuple[Draw, ...]


@dataclass(frozen=True, slots=True)
class Family:
    """A game model's parts beyond its abilities, which the rulesets written in it share."""

    name: str
    settle: Mapping[Step, Callable[[Context], None]]
    begin: Callable[[Context], None]
    end: Callable[[Context], None]
    winner: Callable[[GameState], str | None]
    # A new game's state from (ruleset, roster, seed, setup: the scenario's ``setup`` mapping
    # or the sign-up's, None for none), and the opening: its notices and the state after them.
    new_game: Callable[..., GameState]
    # What the family keeps game-wide beside the generic fields (``GameState.ext``), as it is
    # when a game is made: a value with ``copy``, ``rename`` and ``ties``
    # (``engine.state.FamilyState``).
    new_state: Callable[[], FamilyState]
    open_game: Callable[[GameState], Opening]
    # Its model of life (who may act and be reached, what a removal sets off).
    life: Life
    # Its own meaning of a GM command on a player, by the command's name in engine.gm
    # (midnight's ``arrest`` is Jail); a command it does not name means what engine.gm says.
    corrections: Mapping[str, Callable[[GameState, str, re.Match[str]], list[Notice]]]
    # Capabilities, each stated by every family (no default: none falls back to another
    # family's code). Whether some orders are declared in the game topic and read there (the
    # package's PUBLIC_ORDERS, which a command reads without loading the family).
    public_orders: bool
    # What the record adds for each player, from (state, name): None, nothing.
    player_record: Callable[..., dict[str, Any]] | None
    # The slots a player holds beyond the role sheets and the slots abilities grant, from
    # (state, player, whether the sheets hold the APTX): (those listed before the granted
    # slots, those after them). Empty both: none.
    held_beyond: Callable[..., tuple[Sequence[tuple[str, Slot]], Sequence[tuple[str, Slot]]]]
    # How an order is read, from (state, author, text, public, rules): None, by the reader of
    # engine.orders (parse_pm) in the family's words, its ``dialect``; ``public`` is a post in
    # the game topic.
    read: Callable[..., Any] | None
    # How its orders are restated (engine.orders.model.Wording: its abilities' names, the
    # orders in words of their own), which every order its reader makes carries.
    wording: Wording
    # The family's way of writing orders (engine.orders.parse.Dialect: its words and its own
    # readers of plain orders), made at its first use, for parse_pm; None: it reads with its
    # own ``read``.
    dialect: Callable[[], Any] | None
    # Whether a player declares an ability in the game topic (True) or by PM (False), from
    # (state, player, ability); None: no ability is public.
    public: Callable[..., bool | None] | None
    # The setup a started game's state was built from, as a scenario's ``setup`` writes it
    # (the archive keeps it, and an export replays from it); it returns None for a game that
    # starts with no setup (DCTP's Prep).
    setup_of: Callable[[GameState], dict[str, Any] | None]
    # The ``setup`` a live game's sign-up choices give (midnight: the Daylight roles chosen,
    # "first come first served"); None: a family with no choice at sign-up.
    setup_from_choices: Callable[[Mapping[str, str]], Any] | None
    # The open Day's running vote count from (state, the orders held), a value with
    # ``ballots`` and ``render_bbcode(title)`` as engine.orders.votes.VoteCount has; None: one
    # vote a player, counted from the vote orders (the daemon's ``vote_count`` post).
    running_count: Callable[..., Any] | None


FAMILIES: ByFamily[Family] = ByFamily()


def starting_state(
    ruleset: Ruleset, seed: int | str, phase: Phase, players: dict[str, PlayerState]
) -> GameState:
    """A new game's state: the generic fields, and the family's own state as its family makes
    it (the one way a ``GameState`` is made; ``clone`` copies one)."""
    return GameState(ruleset, seed, phase, players, FAMILIES[ruleset.family].new_state())
