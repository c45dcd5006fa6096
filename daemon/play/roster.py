"""A game's roster from its config: the GM's own player → role list, a role list dealt by
seed, or a ``[setup:NAME]`` dealt by seed to the players of the list or of the sign-ups.

Apart from daemon.play.games so that ``check-config`` deals without loading the game machinery.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from autogm.engine.deal import check_role_list, deal_roles
from autogm.engine.role_setups import (
    Constraint,
    Deal,
    RoleSetup,
    SetupError,
    build_setup,
    check_size,
    deal_setup,
)

if TYPE_CHECKING:
    from autogm.daemon.config.ini import ConfigError
    from autogm.daemon.config.model import Config, GameConfig, SetupConfig
    from autogm.engine.rules.base import Ruleset


def role_setup(config: Config, game: GameConfig, ruleset: Ruleset) -> RoleSetup | None:
    """The game's setup as the engine deals it; ConfigError points at the setup's line."""
    if game.setup is None:
        return None
    section = config.setups[game.setup]
    try:
        return _build(section, ruleset)
    except SetupError as exc:
        raise setup_error(section, exc) from exc


def _build(section: SetupConfig, ruleset: Ruleset) -> RoleSetup:
    if section.ruleset is not None and section.ruleset != ruleset.id:
        raise SetupError(
            f"the setup is for {section.ruleset}, the game plays {ruleset.id}", "ruleset"
        )
    constraints = [Constraint(*c) for c in section.constraints]
    return build_setup(
        ruleset, section.name, section.roles, section.fill, section.sizes, constraints
    )


def setup_error(section: SetupConfig, exc: SetupError) -> ConfigError:
    return section.section.where(exc.key).error(str(exc))


def sizes(game: GameConfig, setup: RoleSetup | None) -> tuple[int, ...]:
    """How many players the game can be dealt to."""
    if game.players:
        return (len(game.players),)
    if setup is None:
        return (len(game.roles),)
    legal = setup.legal_sizes()
    signups = game.signups
    if signups is None:
        return legal
    top = signups.size or max(legal)
    return tuple(n for n in legal if minimum(game, setup) <= n <= top)


def minimum(game: GameConfig, setup: RoleSetup | None) -> int:
    """The fewest players the game starts with: signups_min, else the smallest deal."""
    if game.signups is not None and game.signups.minimum:
        return game.signups.minimum
    if setup is not None:
        return min(setup.legal_sizes())
    return len(game.roles) or len(game.players)


def check(config: Config, game: GameConfig, ruleset: Ruleset) -> None:
    """Every deal the game may need is possible; ConfigError names the line that is not."""
    setup = role_setup(config, game, ruleset)
    if setup is None:
        try:
            deal(game, ruleset, 0, setup)
        except ValueError as exc:
            key = "roles" if game.roles else "players"
            raise game.section.where(key).error(str(exc)) from exc
        if game.signups and game.signups.size not in (None, len(game.roles)):
            raise game.section.where("signups_size").error(
                f"the role list deals {len(game.roles)} roles: sign-ups close at that size"
            )
        return
    wanted = sizes(game, setup)
    if not wanted:
        raise game.section.where("signups_size" if game.signups else "players").error(
            f"setup {setup.name} is for {', '.join(map(str, setup.legal_sizes()))} players: "
            "none of them fits this game"
        )
    for count in wanted:
        try:
            check_size(ruleset, setup, count)
        except SetupError as exc:
            raise setup_error(config.setups[setup.name], exc) from exc


def deal(
    game: GameConfig,
    ruleset: Ruleset,
    seed: int,
    setup: RoleSetup | None = None,
    names: Sequence[str] | None = None,
) -> Deal:
    """The roster, player → role: the config's own roles, the role list dealt by the seed,
    or the setup dealt by the seed to ``names`` (the signed-up players)."""
    players = list(names) if names is not None else [p.name for p in game.players]
    if setup is not None:
        return deal_setup(ruleset, setup, players, seed)
    if game.roles:
        return Deal("roles", deal_roles(ruleset, players, game.roles, seed))
    roles = check_role_list(ruleset, [p.role or "" for p in game.players])
    return Deal("players", dict(zip(players, roles, strict=True)))
