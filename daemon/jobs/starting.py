"""The game start: deal the roles, open Prep, enqueue the role PMs and the start post in one
transaction, then send them."""

from __future__ import annotations

import logging
import secrets
from datetime import datetime

from daemon.config.model import GameConfig
from daemon.jobs.runtime import Runtime
from daemon.outbox import sending
from daemon.play import games, texts
from daemon.play.games import LiveGame
from daemon.store.db import Store

log = logging.getLogger(__name__)


def start(daemon: Runtime, game: str, now: datetime) -> None:
    """Deal, open Prep, enqueue the role PMs and the start post; then send them."""
    cfg = daemon.config.games[game]
    with daemon.open_store() as store:
        if store.game(game) is not None:
            return
        ruleset = daemon.ruleset(game)
        seed = cfg.seed if cfg.seed is not None else secrets.randbelow(2**31)
        roster = games.deal(cfg, ruleset, seed)
        live = games.begin(game, ruleset, roster, seed)
        deadline = cfg.schedule.deadline(live.phase, now, cfg.timezone)
        with store.atomic():
            store.add_game(game, cfg.forum, cfg.topic, cfg.ruleset, seed, now)
            start = {"roster": roster, "options": dict(cfg.rule_options)}
            store.update_game(game, now, status="running", state=start)
            for name, role in roster.items():
                store.add_player(game, name, role, now)
            store.open_phase(game, live.phase, now, deadline)
            _announce(store, cfg, live, roster, deadline, now)
            store.log("game.started", {"seed": seed, "phase": live.phase}, now, game)
        log.info("%s: started (%d players, seed %d)", game, len(roster), seed)
        daemon.deliver(store, cfg.forum)
        daemon.changed(store, now)


def _announce(
    store: Store,
    cfg: GameConfig,
    live: LiveGame,
    roster: dict[str, str],
    deadline: datetime,
    now: datetime,
) -> None:
    """The engine's opening role PMs, then the start post."""
    game, phase = cfg.name, live.phase
    # In Prep, only the players with a Prep action are told their role now; the others
    # when Prep ends.
    for name, lines in live.opening.items():
        body, key = "\n".join(lines), f"role:{game}:{name}"
        sending.pm(store, cfg, name, texts.role_subject(game), body, key, now, phase=phase)
    told = len(set(live.opening) & set(roster))
    body = texts.start_post(game, cfg.ruleset, list(roster), phase, deadline, cfg.dates, told=told)
    sending.post(store, cfg, body, f"start:{game}", now, phase=phase)
