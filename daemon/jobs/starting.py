"""The game start: deal the roles, open Prep, enqueue the role PMs and the start post in one
transaction, then send them.

A game with sign-ups starts once they are closed (daemon/jobs/signup_topic.py), dealt to the
players who signed up. With ``results = approve`` the deal waits for the GM: it is stored, the
role PMs are held, and ``autogm approve`` opens Prep (``open_dealt``).
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime

from autogm.adapters.base import ForumError
from autogm.daemon.config.model import GameConfig, ResultsMode
from autogm.daemon.jobs import forum_ahead, signup_topic
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox import keys, sending
from autogm.daemon.play import games, roster, roster_texts, signups, texts
from autogm.daemon.play.games import LiveGame
from autogm.daemon.store.db import Store
from autogm.engine.role_setups import Deal

log = logging.getLogger(__name__)


def start(daemon: Runtime, game: str, now: datetime) -> None:
    """Deal, open Prep, enqueue the role PMs and the start post; then send them."""
    cfg = daemon.config.games[game]
    with daemon.open_store() as store:
        row = store.game(game)
        if row is not None and (row["status"] != "setup" or row["state"]):
            return  # started, or dealt and waiting for the GM
        if row is None and not _forum_agrees(daemon, store, cfg, now):
            return
        names = None
        if cfg.signups is not None:
            with store.atomic():
                closed = signup_topic.close_if_due(daemon, store, cfg, now)
                signup_topic.show_list(store, cfg, now)
            if not closed:
                daemon.deliver(store, cfg.forum)
                daemon.changed(store, now)
                return
        ruleset = daemon.ruleset(game)
        setup = roster.role_setup(daemon.config, cfg, ruleset)
        if cfg.signups is not None:
            # The first who signed up play (close_if_due moved any beyond the largest
            # size the game takes to the replacement list).
            names = signups.roll(store, game).players[: max(roster.sizes(cfg, setup))]
        seed = cfg.seed if cfg.seed is not None else secrets.randbelow(2**31)
        deal = roster.deal(cfg, ruleset, seed, setup, names)
        hold = cfg.results is ResultsMode.APPROVE and not _fixed(cfg)
        with store.atomic():
            _begin(daemon, store, cfg, deal, seed, hold, now)
        log.info(
            "%s: dealt (%d players, seed %d)%s",
            game,
            len(deal.roster),
            seed,
            " and held for the GM" if hold else "",
        )
        daemon.deliver(store, cfg.forum)
        daemon.changed(store, now)


def _forum_agrees(daemon: Runtime, store: Store, cfg: GameConfig, now: datetime) -> bool:
    """Whether the forum shows nothing of a game the store does not know (a state file
    emptied or replaced since it started): only then is it dealt. A forum that cannot be read
    is asked again at the next try."""
    try:
        forum_ahead.check(daemon, store, cfg)
    except ForumError as exc:
        log.warning("%s: not dealt yet, the forum could not be read: %s", cfg.name, exc)
        return False
    except forum_ahead.ForumAhead as exc:
        if not store.events(cfg.name, "game.forum-ahead"):
            store.log("game.forum-ahead", {"error": str(exc)}, now, cfg.name)
        log.error("%s", exc)
        return False
    return True


def _fixed(cfg: GameConfig) -> bool:
    """The GM wrote every player's role: there is no deal to look at first."""
    return bool(cfg.players) and cfg.players[0].role is not None


def _begin(
    daemon: Runtime,
    store: Store,
    cfg: GameConfig,
    deal: Deal,
    seed: int,
    hold: bool,
    now: datetime,
) -> None:
    game = cfg.name
    if store.game(game) is None:
        store.add_game(game, cfg.forum, cfg.topic, cfg.ruleset, seed, now)
    start = {"roster": deal.roster, "options": dict(cfg.rule_options), "deal": deal.to_record()}
    if cfg.signups is not None:
        # What each player chose at sign-up (a ruleset's signup_choices), kept with the deal.
        chosen = signups.roll(store, game).choices
        start["deal"]["choices"] = {p: c for p, c in chosen.items() if p in deal.roster}
    store.update_game(game, now, seed=seed, state=start, status="setup" if hold else "running")
    for name, role in deal.roster.items():
        store.add_player(game, name, role, now)
    if cfg.signups is not None:
        signups.set_status(store, game, signups.DEALT, now)
        signup_topic.show_list(store, cfg, now)
    store.log("game.dealt", deal.to_record() | {"seed": seed, "held": hold}, now, game)
    live = games.begin(game, daemon.ruleset(game), deal.roster, seed, games.choices_of(start))
    if hold:
        # The role PMs wait for the GM's approval with the deal; Prep opens then.
        _role_pms(store, cfg, live, now, hold=True)
        sending.to_gm(store, cfg, roster_texts.deal_held_gm(game), f"deal:{game}", now)
        return
    open_dealt(store, cfg, live, now, pms=True)


def open_dealt(store: Store, cfg: GameConfig, live: LiveGame, now: datetime, *, pms: bool) -> str:
    """Open the first phase of a dealt game and post the start; its name."""
    deadline = cfg.schedule.deadline(live.phase, now, cfg.timezone)
    store.update_game(cfg.name, now, status="running")
    store.open_phase(cfg.name, live.phase, now, deadline)
    if pms:
        _role_pms(store, cfg, live, now, hold=False)
    roster_names = list(live.state.players)
    told = len(set(live.opening) & set(roster_names))
    where = games.orders_channel(cfg, live.state.ruleset, live.phase)
    body = texts.start_post(
        cfg.name, cfg.ruleset, roster_names, live.phase, deadline, cfg.dates, told=told, where=where
    )
    sending.post(store, cfg, body, keys.start_key(cfg.name), now, phase=live.phase)
    store.log("game.started", {"phase": live.phase}, now, cfg.name)
    return live.phase


def _role_pms(store: Store, cfg: GameConfig, live: LiveGame, now: datetime, *, hold: bool) -> None:
    """The engine's opening role PMs. In Prep, only the players with a Prep action are told
    their role now; the others when Prep ends."""
    for name, lines in live.opening.items():
        body, key = "\n".join(lines), f"role:{cfg.name}:{name}"
        sending.pm(
            store,
            cfg,
            name,
            texts.role_subject(cfg.name),
            body,
            key,
            now,
            phase=live.phase,
            hold=hold,
        )
