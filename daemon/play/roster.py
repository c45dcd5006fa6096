"""A game's roster from its config: the GM's own player → role list, or roles dealt by seed.

Apart from daemon.play.games so that ``check-config`` deals without loading the game machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.deal import check_role_list, deal_roles

if TYPE_CHECKING:
    from daemon.config.model import GameConfig
    from engine.rules.base import Ruleset


def deal(game: GameConfig, ruleset: Ruleset, seed: int) -> dict[str, str]:
    """The roster, player → role: the config's own roles, or the role list dealt by the seed."""
    names = [p.name for p in game.players]
    if game.roles:
        return deal_roles(ruleset, names, game.roles, seed)
    roles = check_role_list(ruleset, [p.role or "" for p in game.players])
    return dict(zip(names, roles, strict=True))
