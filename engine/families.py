"""Game models ("families") that rulesets are written in, and what each one runs per phase.

A ruleset names its family; the family supplies the parts of a phase that are not a single
ability: what settles after a step (the attacks after Killing, the lynch after Lynching), the
hooks at the start and end of a phase, and the win check. Every DCTP ruleset shares the DCTP
family; a game with another model of life and sides (midnight) gets its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine import stalemate
from engine.abilities.vest import settle_vest
from engine.attacks import settle_attacks
from engine.by_family import ByFamily
from engine.context import Context
from engine.phase_hooks import begin_phase, end_phase
from engine.poisoning import settle_poisonings
from engine.prep import settle_prep
from engine.rules.base import Step
from engine.state import GameState
from engine.voting import hold_lynch
from engine.win import side_won, stalled, winner


@dataclass(frozen=True, slots=True)
class Family:
    """A game model's parts beyond its abilities, which the rulesets written in it share."""

    name: str
    settle: Mapping[Step, Callable[[Context], None]]
    begin: Callable[[Context], None]
    end: Callable[[Context], None]
    winner: Callable[[GameState], str | None]
    # A new game's state from (ruleset, roster, seed, setup), the opening's notices, and what
    # the record adds for each player; None: the DCTP ones (engine.setup, engine.prep).
    new_game: Callable[..., GameState] | None = None
    open_game: Callable[[GameState], Any] | None = None
    player_record: Callable[..., dict[str, Any]] | None = None
    # How an order is read, from (state, author, text, public): None is the DCTP parser
    # (engine.orders.parse); ``public`` is a post in the game topic.
    read: Callable[..., Any] | None = None
    # Whether a player declares an ability in the game topic (True) or by PM (False), from
    # (state, player, ability); None: no ability is public, or the player holds no line.
    public: Callable[..., bool | None] | None = None
    # The setup a started game's state was built from, as a scenario's ``setup`` writes it
    # (the archive keeps it, and an export replays from it); None: the DCTP one (prep).
    setup_of: Callable[[GameState], dict[str, Any] | None] | None = None
    # The ``setup`` a live game's sign-up choices give (midnight: the Daylight roles chosen,
    # "first come first served"); None: a family with no choice at sign-up.
    setup_from_choices: Callable[[Mapping[str, str]], Any] | None = None
    # The open Day's running vote count from (state, the orders held), a value with
    # ``ballots`` and ``render_bbcode(title)`` as engine.orders.votes.VoteCount has; None: one
    # vote a player, counted from the vote orders (the daemon's ``vote_count`` post).
    running_count: Callable[..., Any] | None = None


def _end_dctp(ctx: Context) -> None:
    end_phase(ctx)
    if ctx.phase.is_night and not any(n.key.startswith("death.") for n in ctx.notices):
        ctx.announce("night.no_deaths")
    # "nobody died, was lynched or arrested" (docs/rulings.md, "A game that stands still").
    stalemate.count_phase(ctx, stalemate.left_now(ctx))
    if stalled(ctx.state) and side_won(ctx.state) is None:
        stalemate.announce(ctx)


DCTP = Family(
    name="dctp",
    settle={
        Step.PREP: settle_prep,
        Step.VEST: settle_vest,
        Step.LYNCHING: hold_lynch,
        Step.KILLING: settle_attacks,
        Step.POISON_DEATHS: settle_poisonings,
    },
    begin=begin_phase,
    end=_end_dctp,
    winner=winner,
)

# The midnight family is built from Family and adds itself when engine.midnight.family is
# imported: at its first look-up here (engine.by_family), or by any import of that module.
FAMILIES: ByFamily[Family] = ByFamily({DCTP.name: DCTP})
