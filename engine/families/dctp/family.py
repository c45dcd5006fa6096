"""The DCTP family: what settles after a step, the phase hooks and the win check that every
DCTP ruleset (2011, r53, classic) shares."""

from __future__ import annotations

from autogm.engine import stalemate
from autogm.engine.context import Context
from autogm.engine.families import FAMILIES, Family
from autogm.engine.families.dctp import PUBLIC_ORDERS
from autogm.engine.families.dctp.abilities.lent import held_beyond
from autogm.engine.families.dctp.abilities.vest import settle_vest
from autogm.engine.families.dctp.attacks import settle_attacks
from autogm.engine.families.dctp.life import LIFE
from autogm.engine.families.dctp.phase_hooks import begin_phase, end_phase
from autogm.engine.families.dctp.poisoning import settle_poisonings
from autogm.engine.families.dctp.prep import open_game, settle_prep
from autogm.engine.families.dctp.reading import dialect
from autogm.engine.families.dctp.setup import new_game_from, setup_of
from autogm.engine.families.dctp.state import DctpState
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.families.dctp.voting import hold_lynch
from autogm.engine.families.dctp.win import side_won, stalled, winner
from autogm.engine.rules.base import Step


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
    new_game=new_game_from,
    new_state=DctpState,
    open_game=open_game,
    life=LIFE,
    corrections={},  # every GM command means what engine.gm says
    public_orders=PUBLIC_ORDERS,
    player_record=None,
    held_beyond=held_beyond,
    read=None,
    wording=WORDING,
    dialect=dialect,
    public=None,
    setup_of=setup_of,
    setup_from_choices=None,
    running_count=None,
)

FAMILIES[DCTP.name] = DCTP
