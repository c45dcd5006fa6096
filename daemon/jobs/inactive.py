"""Inactivity at a phase close (``inactivity`` in the game's config): the phase's idle
players recorded, then each streak's step taken: a prod by PM, a warning (and the GM told),
then the game's action: the GM told, the next replacement put in the slot, or a modkill.

The replacement and the modkill are GM overrides written by autogm (label
``inactivity:PHASE:PLAYER``), applied through the same code as the GM's own: the engine makes
them, they are announced, stored with the game and archived, and every rebuild makes them again.
"""

from __future__ import annotations

import functools
import logging
from datetime import datetime

from autogm.daemon.config.model import GameConfig, InactiveAction, ResultsMode
from autogm.daemon.config.overrides import Modkill, Override, ReplacePlayer
from autogm.daemon.jobs import override_effects
from autogm.daemon.jobs.runtime import Runtime
from autogm.daemon.outbox import sending
from autogm.daemon.play import commands, games, inactivity, overrides, roster_texts, signups, texts
from autogm.daemon.play.inactivity import Step
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import PhaseRow
from autogm.engine.phases import PhaseKind
from autogm.engine.state import GameState

log = logging.getLogger(__name__)


def judge(
    store: Store, cfg: GameConfig, live: games.LiveGame, row: PhaseRow, now: datetime
) -> list[Step]:
    """Record who could act in the closing phase and who was idle; the steps due now.

    ``live`` is the game before the close (the phase's own players and abilities). With
    ``results = approve`` a replacement or a modkill is the GM's to make: the step becomes
    "the GM is told" (docs/rulings.md, "Prod, warn, then the GM's choice")."""
    if cfg.inactivity.action is InactiveAction.OFF:
        return []
    state = live.state
    able = sorted(set(games.can_act(state)) | _voters(state))
    end = row.deadline or now
    active = inactivity.active_players(store, cfg, row.name, able, row.opened_at, min(end, now))
    # An exempt player is never idle, so a player the GM turns inactivity on for again
    # (back from a week away) starts from a clean count.
    off, away = inactivity.switched_off(store, cfg.name)
    idle = [
        p
        for p in able
        if p not in active and not off and p not in away and cfg.inactivity.applies_to(p)
    ]
    inactivity.record_phase(store, cfg, row.name, able, idle, now)
    found = inactivity.steps(store, cfg, idle)
    if cfg.results is ResultsMode.APPROVE:
        found = [
            Step(s.player, "gm", s.phases) if s.step in ("replace", "modkill") else s for s in found
        ]
    return found


def still_playing(found: list[Step], state: GameState) -> list[Step]:
    """The steps whose player is alive in ``state`` (the game after the close)."""
    return [s for s in found if s.player in state.players and state.players[s.player].is_alive]


def _voters(state: GameState) -> set[str]:
    """By day every free player may vote: that is an order they could have sent."""
    if state.phase.kind is not PhaseKind.DAY:
        return set()
    return {name for name, p in state.players.items() if p.is_free}


def result_lines(found: list[Step]) -> list[str]:
    """The lines of the results post that report the steps."""
    return [roster_texts.inactivity_line(s.player, s.step, s.phases) for s in found]


def act(
    daemon: Runtime,
    store: Store,
    cfg: GameConfig,
    phase: str,
    found: list[Step],
    now: datetime,
    hold: bool = False,
) -> None:
    """Take each step: PMs (held with the results when they are), the GM told, the
    replacement or the modkill applied."""
    for step in found:
        key = f"inactive:{cfg.name}:{phase}:{step.player}"
        store.log(
            inactivity.STEP_EVENT,
            {"player": step.player, "step": step.step, "phases": step.phases, "phase": phase},
            now,
            cfg.name,
        )
        subject = f"{cfg.name}: inactivity"
        if step.step == "prod":
            body = roster_texts.prod_pm(cfg.name, step.phases)
            sending.pm(store, cfg, step.player, subject, body, key, now, phase=phase, hold=hold)
        elif step.step == "warn":
            then = inactivity.then_text(cfg.inactivity.action)
            body = roster_texts.warn_pm(cfg.name, step.phases, then)
            sending.pm(store, cfg, step.player, subject, body, key, now, phase=phase, hold=hold)
            sending.to_gm(
                store, cfg, roster_texts.warn_gm(cfg.name, step.player, step.phases), key, now
            )
        elif step.step == "gm":
            waiting = signups.waiting_replacements(store, cfg.name) if cfg.signups else []
            text = roster_texts.inactive_gm(cfg.name, step.player, step.phases, waiting)
            sending.to_gm(store, cfg, text, key, now)
        elif step.step == "replace":
            _replace(daemon, store, cfg, phase, step.player, key, now)
        elif step.step == "modkill":
            _override(
                daemon,
                store,
                cfg,
                phase,
                step.player,
                Modkill(step.player),
                f"modkill {step.player}",
                now,
            )


def _replace(
    daemon: Runtime,
    store: Store,
    cfg: GameConfig,
    phase: str,
    player: str,
    key: str,
    now: datetime,
) -> None:
    new = signups.use_replacement(store, cfg.name, now) if cfg.signups else None
    if new is None:
        sending.to_gm(store, cfg, roster_texts.no_replacement_gm(cfg.name, player), key, now)
        return
    text = f"replace {player} with {new}"
    if _override(daemon, store, cfg, phase, player, ReplacePlayer(player, new), text, now):
        history = commands.history(store, cfg.name, player)
        if history:
            body = (
                roster_texts.history_intro(cfg.name, player)
                + "\n\n"
                + texts.history_answer(history)
            )
            sending.pm(
                store, cfg, new, f"{cfg.name}: your slot's history", body, f"{key}:history", now
            )


def _override(
    daemon: Runtime,
    store: Store,
    cfg: GameConfig,
    phase: str,
    player: str,
    command: Modkill | ReplacePlayer,
    text: str,
    now: datetime,
) -> bool:
    """Apply autogm's own override; whether it was applied (the GM is told if not)."""
    label = f"inactivity:{phase}:{player}"
    override = Override(cfg.name, label, text, command, cfg.section.where())
    hook = functools.partial(override_effects.engine_hook, daemon)
    outcome = overrides.apply_overrides(store, [override], now, on_apply=hook)
    result = outcome[0].result if outcome else "applied"
    if result != "applied":
        sending.to_gm(
            store,
            cfg,
            f"{cfg.name}: '{text}' for inactivity failed: {result}",
            f"inactive-failed:{cfg.name}:{label}",
            now,
        )
        return False
    return True
