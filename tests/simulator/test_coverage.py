"""The random policy writes every order of every role of every ruleset: in at most ``GAMES``
games of each ruleset, each (role, ability) a sheet offers an order for is sent by a player
of that role and read as that ability. A role's ability that is never ordered fails here,
named: the simulator would never try it, and no run would find what breaks it.

The games are dealt from the ruleset's default setup with the roles not yet seen ordering
put in place of the last town roles, so every role is dealt within a few games; the run stops
as soon as every order has been seen (a few seconds in all; classic's Lawsuit, which needs
a player in custody, takes the most games: 14)."""

from __future__ import annotations

import pytest

from autogm.engine.deal import check_role_list
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import Ruleset, RulesetError
from autogm.simulator.game.loop import Played, play
from autogm.simulator.policies.shapes import shape_of
from autogm.simulator.setups import SimSetup, make_setup

GAMES = 100
PLAYERS = {"midnight": 12}


def every_order(ruleset: Ruleset) -> set[tuple[str, str]]:
    """(role, ability) for each order a role's sheet offers (a line no order uses, such as
    Revenge, is left out: shape_of says so)."""
    return {
        (role, use.ability)
        for role, sheet in ruleset.roles.items()
        for slot in sheet.slots
        for use in slot.options
        if shape_of(ruleset, use.ability) is not None
    }


def ordered(game: Played, ruleset: Ruleset) -> set[tuple[str, str]]:
    """(role, ability) of every order the engine accepted, in PMs and in the topic. A 2011
    sniper's "Snipe" is read as the night's Kill ("Snipe replaces kill for the specified
    roles"): it counts for the sheet's snipe."""
    accepted = []
    for phase in game.replays:
        accepted += [o for r in phase.received if r.parsed for o in r.parsed.accepted]
        accepted += [o for _, _, votes in phase.posts for r in votes.read for o in r.accepted]
    seen = {(game.roster[o.actor], o.ability) for o in accepted}
    if not ruleset.has("snipe_is_an_order"):
        seen |= {(role, "snipe") for role, ability in seen if ability == "kill"}
    return seen


def _deal(ruleset_id: str, players: int, seed: int, missing: set[tuple[str, str]]) -> SimSetup:
    default = make_setup(ruleset_id, players)
    roles = list(default.deal(seed).values())
    wanted = sorted({role for role, _ in missing} - set(roles))
    for i, role in enumerate(wanted[seed % max(1, len(wanted)) :][: players // 2]):
        roles[-1 - i] = role
    try:
        check_role_list(default.ruleset, roles)
    except RulesetError:  # a pair the rules keep apart: the default deal this time
        return default
    return make_setup(ruleset_id, players, roles=roles)


@pytest.mark.parametrize("ruleset_id", ["dctp-2011", "dctp-r53", "dctp-classic", "midnight"])
def test_random_players_order_every_ability_of_every_role(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id, {})
    missing = every_order(ruleset)
    players = PLAYERS.get(ruleset_id, 16)
    for seed in range(GAMES):
        game = play(_deal(ruleset_id, players, seed, missing), "random", seed)
        assert not game.problems, (seed, game.problems)
        missing -= ordered(game, ruleset)
        if not missing:
            return
    pytest.fail(f"never ordered in {GAMES} random {ruleset_id} games: {sorted(missing)}")
