"""The ``autogm`` command.

Each subcommand is registered by a small function; errors a user can fix print one line and
exit with status 2, never a traceback. Commands that steer a running daemon (``approve``,
``resolve-now``) only write to the state file: the daemon sees the change at its next poll
and does the forum work, so two processes never send the same message.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

# Only the commands that read paths import pathlib (with urllib.parse and ipaddress, 4 ms):
# --help and replay start without it.
from autogm.daemon.cli.archive_paths import DEMO_DIR

if TYPE_CHECKING:
    import logging
    import threading

    from autogm.daemon.config.model import Config, GameConfig
    from autogm.daemon.jobs import runner as jobs
    from autogm.daemon.store.db import Store

# Each command imports what it needs when it runs: `--help`, `replay` and `check-config` never
# load the HTTP, HTML, SQLite and scheduler libraries, so every command starts fast.

DEFAULT_CONFIG = "config.ini"
# How long a stop waits for the job in flight (a service manager's own timeout is longer).
STOP_GRACE_SECONDS = 10


class UserError(Exception):
    """A problem the user can fix: printed as one line, exit status 2."""


def _show(text: str) -> None:
    """Print what may hold a player's words (an order, a will, a name): never a control or
    invisible character, which would drive or reorder the GM's terminal."""
    from autogm.engine.render.inert import for_terminal

    print(for_terminal(text))


def _log() -> logging.Logger:
    # logging is loaded by the daemon's commands only: the others print, and start faster.
    import logging

    return logging.getLogger("autogm")


def _now() -> datetime:
    return datetime.now(UTC)


# ---------------------------------------------------------------- config and state


def _add_config(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        metavar="FILE",
        default=os.environ.get("AUTOGM_CONFIG", DEFAULT_CONFIG),
        help="the config file (default: $AUTOGM_CONFIG or ./config.ini)",
    )


def check_config(config: Config) -> None:
    """Everything checkable before a game starts: the state directory, rulesets, options, role
    lists and deals, the override lines. Every problem is reported (ConfigError, one line
    each), not the first alone."""
    from autogm.daemon.config.ini import ConfigError, Problems, read_ini
    from autogm.daemon.config.load import check_rulesets, default_state_dir, state_dir_problem
    from autogm.daemon.play import roster
    from autogm.engine.rules import load_ruleset
    from autogm.engine.rules.base import RulesetError

    problems = Problems()
    problem = state_dir_problem(config.autogm.state_dir)
    if problem:
        where = config.autogm.state_where
        text = f"{problem}; set state_dir to a directory autogm may write"
        if config.autogm.state_dir == config.path.resolve().parent / default_state_dir():
            # The default: what a check run by hand (sudo -u autogm) gets without the unit.
            text += (
                " (without state_dir autogm takes $STATE_DIRECTORY, which systemd's "
                "StateDirectory= sets for the service alone, else 'state' beside this file)"
            )
        problems.add(where.error(text) if where else ConfigError(f"{config.path}: [autogm] {text}"))
    rulesets = {}
    for game in config.games.values():
        one = problems.collect(check_rulesets, config, load_ruleset, (RulesetError,), [game.name])
        rulesets |= one or {}
    for game in config.games.values():
        if game.name in rulesets:
            problems.collect(_check_game, config, game, rulesets[game.name], roster.check)
    # Every [overrides:GAME] line, read as the daemon reads them at each poll. load_config
    # checked each section's game; the commands' module (fifteen dataclasses, about 10 ms of
    # start-up) is loaded only when a section holds a line to read.
    if any(s.kind == "overrides" and s.values for s in read_ini(config.path)):
        from autogm.daemon.config.overrides import read_overrides

        for bad in read_overrides(config).refused:
            problems.add(bad.error)
    problems.check()


def _check_game(config: Config, game: GameConfig, ruleset: object, check_roster) -> None:
    check_roster(config, game, ruleset)
    if reads_the_topic(ruleset.family) and game.votes.value != "topic":  # type: ignore[attr-defined]
        # Its public orders are read from the game topic only (midnight's OOC tag).
        raise game.section.where("votes").error(
            f"{game.ruleset} declares public orders in the game topic's OOC tag: set votes = topic"
        )


def reads_the_topic(family: str) -> bool:
    """Whether the family's orders include public ones, read in the game topic: the
    capability its package declares (``PUBLIC_ORDERS``), read without loading the family's
    abilities (about 20 ms of start-up for checking a config)."""
    import importlib

    from autogm.engine.by_family import FAMILY_MODULES

    if family not in FAMILY_MODULES:
        return False
    return importlib.import_module(f"autogm.engine.families.{family}").PUBLIC_ORDERS


def _config(args: argparse.Namespace) -> Config:
    from pathlib import Path

    from autogm.daemon.cli.archive_paths import which_flag
    from autogm.daemon.config.load import load_config

    path = Path(args.config)
    if not path.exists():
        raise UserError(which_flag(f"{path}: no such config file (use --config FILE)"))
    config = load_config(path)
    check_config(config)
    return config


def _game(config: Config, name: str) -> GameConfig:
    if name not in config.games:
        known = ", ".join(config.games) or "none"
        raise UserError(f"no game {name!r} in {config.path} (games: {known})")
    return config.games[name]


def _store(config: Config) -> Store:
    """The state file, read whole first: a damaged one is one line and status 2."""
    from autogm.daemon.store.db import Store

    return Store.open(config.autogm.state_file, check=True)


def _started(store: Store, game: str) -> dict:
    row = store.game(game)
    if row is None or (row["status"] == "setup" and not row["state"]):
        raise UserError(f"{game} has not started yet")
    return row


# ---------------------------------------------------------------- run


def _run(args: argparse.Namespace) -> int:
    # Listen for SIGTERM before anything else: a stop asked for while the config and the
    # engine still load ends the run as soon as it can, with status 0.
    import threading  # as logging: only the daemon's commands load it

    stop = threading.Event()
    _stop_on_signals(stop)
    # Whatever the daemon writes is its user's alone (the state, the archive and saved pages
    # are made so in any case; this covers the rest, a local forum's file among them).
    os.umask(0o077)
    config = _config(args)
    level = "DEBUG" if args.verbose else config.autogm.log_level
    import logging

    logging.basicConfig(
        level=level, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    return run_daemon(config, stop)


def _stop_on_signals(stop: threading.Event) -> None:
    import signal
    import threading

    def on_signal(signum: int, frame: object) -> None:
        _log().info("signal %s: finishing the current step, then stopping", signum)
        stop.set()

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)


def run_daemon(config: Config, stop: threading.Event | None = None) -> int:
    """Run every game of ``config`` until SIGINT or SIGTERM (or ``stop`` is set)."""
    from autogm.daemon.store.lock import StateLock

    # One daemon per state file, for the process's whole life: a second one would send every
    # message again. The kernel lets go of it however the process ends.
    lock = StateLock(config.autogm.state_dir).acquire()
    try:
        return _run_locked(config, stop)
    finally:
        lock.release()


def _run_locked(config: Config, stop: threading.Event | None) -> int:
    import threading

    from autogm.daemon.jobs import runner as jobs
    from autogm.daemon.jobs.scheduler import JobSync, build_scheduler
    from autogm.daemon.outbox import outbox

    log = _log()
    for warning in config.warnings:
        log.warning("%s", warning)
    stop = stop or threading.Event()
    _stop_on_signals(stop)
    scheduler = build_scheduler()
    daemon = jobs.Daemon(
        config,
        clock=_now,
        sleep=lambda seconds: stop.wait(seconds),
        should_stop=stop.is_set,
    )
    sync = JobSync(scheduler, config, daemon.functions(), _now)
    daemon.on_change = sync.sync
    daemon.close_due = lambda: sync.close_due(_now())
    with _store(config) as store:
        _forum_agrees(daemon, store, config)
        stuck = outbox.recover(store, _now())
        if stuck:
            log.warning("%d message(s) were being sent when autogm stopped: checking them", stuck)
        sync.sync(store, _now())
    scheduler.start()
    log.info("autogm runs %d game(s) on %d forum(s)", len(config.games), len(config.forums))
    try:
        stop.wait()
    finally:
        # Not shutdown(wait=True): it holds the scheduler's locks while it waits, and a job
        # that syncs the jobs as it ends would wait for them forever. The job in flight sees
        # the stop (should_stop) between two requests and ends; one that does not within the
        # grace is left behind: the store and the outbox are safe to stop at any point.
        sync.stop()
        scheduler.shutdown(wait=False)
        idle = sync.wait_idle(STOP_GRACE_SECONDS)
    if not idle:
        log.warning("a job still runs after %ss: stopping without it", STOP_GRACE_SECONDS)
        if threading.current_thread() is threading.main_thread():
            import logging

            logging.shutdown()
            os._exit(0)
    log.info("stopped")
    return 0


def _forum_agrees(daemon: jobs.Daemon, store: Store, config: Config) -> None:
    """Before anything is read or sent: no game the store does not know is on the forum
    already (the state file emptied or replaced: daemon/jobs/forum_ahead.py)."""
    from autogm.adapters.base import ForumError
    from autogm.daemon.jobs import forum_ahead

    for cfg in config.games.values():
        try:
            forum_ahead.check(daemon, store, cfg)
        except forum_ahead.ForumAhead as exc:
            raise UserError(str(exc)) from None
        except ForumError as exc:
            told = "could not check the forum (%s): it is checked again before the deal"
            _log().warning("%s: " + told, cfg.name, exc)


def _add_run(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("run", help="run the games of a config (foreground; Ctrl-C stops)")
    _add_config(parser)
    parser.add_argument("-v", "--verbose", action="store_true", help="log at DEBUG level")
    parser.set_defaults(func=_run)


# ---------------------------------------------------------------- status


def _status(args: argparse.Namespace) -> int:
    config = _config(args)
    names = [args.game] if args.game else list(config.games)
    with _store(config) as store:
        for name in names:
            _show(status_text(store, _game(config, name), _now()))
            print()
        counts = store.rows("SELECT forum, state, count(*) AS n FROM outbox GROUP BY forum, state")
        pending = [f"{r['forum']}: {r['n']} {r['state']}" for r in counts if r["state"] != "sent"]
        print("outbox: " + ("; ".join(pending) if pending else "nothing waiting"))
    return 0


def status_text(store: Store, cfg: GameConfig, now: datetime) -> str:
    from autogm.daemon.play.texts import duration, when, winner_name

    row = store.game(cfg.name)
    if cfg.signups is not None and (row is None or row["status"] == "setup"):
        return _signups_status(store, cfg, row)
    if row is None:
        start = when(cfg.start, cfg.dates) if cfg.start else "when autogm runs"
        return f"{cfg.name}: not started (starts {start})"
    lines = [f"{cfg.name}: {row['status']}, {row['phase'] or '-'} (topic {cfg.topic})"]
    if row["status"] not in ("running", "paused"):
        winners = [e["details"].get("winner") for e in store.events(cfg.name, "phase.closed")]
        winner = next((w for w in reversed(winners) if w), None)
        if winner:
            lines.append(f"  the game is over: {winner_name(winner)} won")
        return "\n".join(lines)
    from autogm.daemon.jobs import (
        approval,  # a game in play: the engine too
        reminders,
    )
    from autogm.daemon.play import games, phases

    waiting = approval.awaiting_approval(store, cfg.name)
    phase = phases.open_phase(store, cfg.name)
    if waiting and phase is None:
        lines.append(f"  {waiting} closed; results held: autogm approve {cfg.name}")
    if phase is not None and phase.deadline is not None:
        left = phase.deadline - now
        if left.total_seconds() <= 0:
            shown = "due"
        elif left < timedelta(hours=1):
            shown = f"{duration(left)} left"
        else:
            shown = f"{left.total_seconds() / 3600:.1f} h left"
        lines.append(f"  deadline {when(phase.deadline, cfg.dates)} ({shown})")
    live = games.rebuild(store, cfg.name, games.ruleset_for(cfg))
    silent = set(reminders.silent_players(store, live))
    able = games.can_act(live.state)
    lines.append("  sent orders: " + (", ".join(p for p in able if p not in silent) or "nobody"))
    lines.append("  no orders:   " + (", ".join(p for p in able if p in silent) or "nobody"))
    held = games.held_texts(live)
    if held:
        labels = ", ".join(t.label for t in held)
        lines.append(f"  GM texts held for you: {labels} (autogm preview {cfg.name})")
    if cfg.signups is not None:
        from autogm.daemon.play import signups

        waiting = signups.waiting_replacements(store, cfg.name)
        lines.append("  replacements waiting: " + (", ".join(waiting) or "none"))
    for order in store.orders(cfg.name, live.phase):
        lines.append(
            f"    #{order.id} {order.player}: {order.state}: {' '.join(order.raw.split())[:70]}"
        )
    return "\n".join(lines)


def _signups_status(store: Store, cfg: GameConfig, row: dict | None) -> str:
    from autogm.daemon.play import signups
    from autogm.daemon.play.texts import when

    assert cfg.signups is not None
    status = signups.status(store, cfg.name) or "not open yet (they open at the first poll)"
    entries = signups.roll(store, cfg.name)
    size = f" of {cfg.signups.size}" if cfg.signups.size else ""
    lines = [f"{cfg.name}: sign-ups {status} (topic {cfg.signups.topic})"]
    if row is not None and row["state"]:
        lines[0] = f"{cfg.name}: dealt, waiting for you: autogm preview/approve {cfg.name}"
    if cfg.signups.close is not None:
        lines.append(f"  sign-ups close {when(cfg.signups.close, cfg.dates)}")
    lines.append(
        f"  players ({len(entries.players)}{size}): " + (", ".join(entries.players) or "none")
    )
    lines.append("  replacements: " + (", ".join(entries.replacements) or "none"))
    return "\n".join(lines)


def _add_status(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("status", help="games, phases, deadlines, who has sent orders")
    parser.add_argument("game", nargs="?", help="one game (default: every game)")
    _add_config(parser)
    parser.set_defaults(func=_status)


# ---------------------------------------------------------------- preview, approve, resolve-now


def _preview(args: argparse.Namespace) -> int:
    from autogm.daemon.jobs import approval, closing
    from autogm.daemon.outbox import outbox
    from autogm.daemon.outbox.message import without_marker
    from autogm.daemon.play import games

    config = _config(args)
    cfg = _game(config, args.game)
    with _store(config) as store:
        info = _started(store, cfg.name)
        held = [r for r in outbox.rows(store, cfg.forum, "held") if r.game == cfg.name]
        deal = approval.deal_waiting(store, cfg.name)
        if deal is not None:
            print(f"The deal of {cfg.name} (seed {info['seed']}), waiting for you:")
            for player, role in deal["roster"].items():
                _show(f"  {player}: {role}")
            for line in deal.get("drawn", []):
                _show(f"  drawn: {line}")
        held_texts = _held_texts(store, cfg) if deal is None else []
        if not held and deal is None and info["status"] != "running":
            raise UserError(f"{cfg.name} has no open phase to preview ({info['status']})")
        if deal is not None and not held:
            print("No role PM is held: every player is told their role when Prep ends.")
            messages = []
        elif held:
            print(f"Held for approval (autogm approve {cfg.name}):")
            messages = [(r.kind, r.recipients, r.body) for r in held]
        else:
            live = games.rebuild(store, cfg.name, games.ruleset_for(cfg))
            closed = games.close(live)  # in memory only: nothing is written
            deadline = closing.next_deadline(cfg, closed, _now())
            print(f"If {closed.phase} closed now, autogm would send:")
            messages = [
                (m.kind, m.recipients, m.body)
                for m in closing.phase_messages(cfg, closed, deadline)
            ]
    for kind, recipients, body in messages:
        where = f"PM to {', '.join(recipients)}" if kind == "pm" else "post in the topic"
        print(f"--- {where} ---")
        _show(without_marker(body))
    if held_texts:
        from autogm.daemon.play.texts import held_texts_note

        print("--- the GM's texts ---")
        _show(held_texts_note(cfg.name, held_texts))
    return 0


def _held_texts(store: Store, cfg: GameConfig) -> list:
    """The GM's texts the game holds (engine/gm_texts.py), from the game rebuilt now."""
    from autogm.daemon.play import games

    if (store.game(cfg.name) or {}).get("status") not in ("running", "paused"):
        return []
    return games.held_texts(games.rebuild(store, cfg.name, games.ruleset_for(cfg)))


def _text_command(args: argparse.Namespace) -> str:
    """``approve GAME KIND N`` as the engine's command: as drafted, rewritten or withheld."""
    label = " ".join(args.text_id)
    if args.withhold:
        return f"withhold {label}"
    if args.file:
        from pathlib import Path

        try:
            text = Path(args.file).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise UserError(f"{args.file}: cannot read the text ({exc})") from None
        return f"{label}: {text}"
    if args.text:
        return f"{label}: {args.text.strip()}"
    return f"approve {label}"


def _approve_text(args: argparse.Namespace, config: Config, cfg: GameConfig) -> int:
    """A held text approved, rewritten or withheld: checked on the game rebuilt now, then
    written as the GM's pending order, which the daemon carries out and sends at its next poll
    (so two processes never send the same message)."""
    from autogm.daemon.play import games

    command = _text_command(args)
    with _store(config) as store:
        _started(store, cfg.name)
        live = games.rebuild(store, cfg.name, games.ruleset_for(cfg))
        # What the GM approved before and the daemon has not carried out yet counts too.
        waiting = store.rows(
            "SELECT raw FROM orders WHERE game = ? AND player = ? AND state = 'pending'"
            " ORDER BY id",
            [cfg.name, games.GM_PLAYER],
        )
        for row in waiting:
            with contextlib.suppress(games.EngineOverrideError):
                games.apply_gm(live, row["raw"])
        try:
            with store.atomic():
                order_id = games.queue_gm_text(store, cfg.name, live, command, _now())
                store.log("gm.text", {"command": command, "order": order_id}, _now(), cfg.name)
        except games.EngineOverrideError as exc:
            raise UserError(f"{cfg.name}: {exc}") from None
    done = "withheld" if args.withhold else "approved"
    print(f"{cfg.name}: {' '.join(args.text_id)} {done} ('{command.splitlines()[0]}').")
    if not args.withhold:
        print("The daemon sends it at its next poll.")
    return 0


def _approve(args: argparse.Namespace) -> int:
    from autogm.daemon.jobs import approval

    config = _config(args)
    cfg = _game(config, args.game)
    if getattr(args, "text_id", None):
        return _approve_text(args, config, cfg)
    if getattr(args, "text", None) or getattr(args, "file", None) or getattr(args, "withhold", 0):
        raise UserError("--text, --file and --withhold go with a held text: approve GAME KIND N")
    with _store(config) as store:
        _started(store, cfg.name)
        try:
            phase, released, opened = approval.approve(store, cfg, _now())
        except LookupError as exc:
            raise UserError(str(exc)) from None
    then = f"{opened} is open" if opened else "the game is over"
    if phase == "the deal":
        then = f"the game starts with {opened}"
    print(f"{cfg.name}: {phase} approved, {released} message(s) released; {then}.")
    print("The daemon sends them at its next poll.")
    return 0


def _resolve_now(args: argparse.Namespace) -> int:
    from autogm.daemon.play import phases
    from autogm.daemon.store.rows import iso

    config = _config(args)
    cfg = _game(config, args.game)
    now = _now()
    with _store(config) as store:
        info = _started(store, cfg.name)
        phase = phases.open_phase(store, cfg.name)
        if phase is None or info["status"] != "running":
            raise UserError(f"{cfg.name} has no open phase to close ({info['status']})")
        with store.atomic():
            store.set_deadline(cfg.name, phase.name, now)
            store.log("gm.resolve-now", {"phase": phase.name, "at": iso(now)}, now, cfg.name)
    poll = config.forums[cfg.forum].poll_interval
    print(f"{cfg.name}: {phase.name} now closes at the daemon's next poll (within {poll}).")
    return 0


def _add_gm_commands(sub: argparse._SubParsersAction) -> None:
    for name, func, text in [
        ("preview", _preview, "show what the next phase close would post (nothing is sent)"),
        (
            "approve",
            _approve,
            "release results held for approval and open the next phase; or one of the GM's "
            "texts (approve GAME tape 1 [--text T | --file F | --withhold])",
        ),
        ("resolve-now", _resolve_now, "close the open phase at the daemon's next poll"),
    ]:
        parser = sub.add_parser(name, help=text)
        parser.add_argument("game", help="the game's name ([game:NAME] in the config)")
        if name == "approve":
            _add_text_arguments(parser)
        _add_config(parser)
        parser.set_defaults(func=func)


def _add_text_arguments(parser: argparse.ArgumentParser) -> None:
    """``approve GAME KIND N``: one of the GM's texts held for approval (``autogm preview``
    lists them), as drafted, rewritten, or withheld."""
    parser.add_argument(
        "text_id",
        nargs="*",
        default=[],  # without it argparse calls KIND N required when GAME is missing
        metavar="KIND N",
        help="a held text (dream 1, tape 2, will 1) instead of the held results",
    )
    given = parser.add_mutually_exclusive_group()
    given.add_argument("--text", help="send this text instead of the draft")
    given.add_argument("--file", metavar="FILE", help="send the text in FILE instead")
    given.add_argument("--withhold", action="store_true", help="send nothing: drop the text")


# ---------------------------------------------------------------- checks


def _check_config(args: argparse.Namespace) -> int:
    from autogm.daemon.config.load import load_config

    config = load_config(args.file or args.config)
    check_config(config)
    for warning in config.warnings:
        print(f"autogm: {warning}", file=sys.stderr)
    print(f"{config.path}: ok ({len(config.games)} game(s), {len(config.forums)} forum(s))")
    return 0


def _add_check_config(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("check-config", help="check a config file; errors name FILE:LINE")
    parser.add_argument("file", nargs="?", help="the config file (or --config)")
    _add_config(parser)
    parser.set_defaults(func=_check_config)


def _check_forum(args: argparse.Namespace) -> int:
    from autogm.adapters.check import check_forum
    from autogm.daemon import forums

    config = _config(args)
    names = [args.forum] if args.forum else list(config.forums)
    status = 0
    for name in names:
        if name not in config.forums:
            raise UserError(f"no forum {name!r} in {config.path}")
        topics = [g.topic for g in config.games.values() if g.forum == name]
        print(f"[forum:{name}]")
        forum = forums.make_forum(config.forums[name], config.autogm.state_dir, _now)
        topic = topics[0] if topics else "1"
        status |= check_forum(forum, topic, sys.stdout, flood=args.flood)
    return status


def _add_check_forum(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "check-forum", help="log in and read each forum of the config (never posts)"
    )
    parser.add_argument("forum", nargs="?", help="one [forum:NAME] (default: every forum)")
    parser.add_argument(
        "--flood",
        action="store_true",
        help="also measure the GM account's flood rule: sends a few PMs to the account itself",
    )
    _add_config(parser)
    parser.set_defaults(func=_check_forum)


# ---------------------------------------------------------------- replay and demo


def _replay(args: argparse.Namespace) -> int:
    if args.archive:
        from autogm.daemon.cli.archive_cli import replay_archived

        return replay_archived(args)
    # A replay is one bounded run whose objects reference counting frees (the largest game
    # peaks at 24 MB with the cyclic collector or without it): the collector's passes over
    # the engine's modules and a game's states were 3% of its instructions. The
    # modules are frozen too, which the collection at the interpreter's exit then skips.
    gc.disable()
    from autogm.engine.replay import load_scenario, record, render_text, replay

    gc.freeze()
    scenario = load_scenario(args.file)
    replays = replay(scenario)
    if args.json:
        from autogm.daemon.cli.json_text import write_to

        # Written as the pieces are made: the whole text and its bytes would be two more
        # copies of the largest game's half megabyte, in memory not touched yet.
        write_to(record(scenario, replays), sys.stdout)
        sys.stdout.write("\n")
    else:
        print(render_text(scenario, replays))
    return 0


def _add_replay(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("replay", help="replay a scenario file and show what the GM posts")
    parser.add_argument(
        "file",
        metavar="FILE|GAME",
        help="a scenario file (YAML, see docs/scenarios.md), or with --archive the archived GAME",
    )
    parser.add_argument("--json", action="store_true", help="print the replay record as JSON")
    parser.add_argument(
        "--archive", metavar="DB", help="replay the archived GAME of the archive DB instead"
    )
    # A replay holds nothing to close: run as the command, it exits without the interpreter's
    # teardown (see _exit_at_once).
    parser.set_defaults(func=_replay, exit_at_once=True)


def _demo(args: argparse.Namespace) -> int:
    from pathlib import Path

    from autogm.daemon.cli.demo import run_demo

    return run_demo(
        Path(args.dir),
        seed=args.seed,
        pace=0.0 if args.fast else args.pace,
        ruleset=args.ruleset,
    )


def _add_demo(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "demo", help="a whole game on a local forum, simulated players, autogm as GM"
    )
    parser.add_argument(
        "--dir",
        default=DEMO_DIR,
        help="where the forum, state and archive go (default: ./%(default)s)",
    )
    parser.add_argument(
        "--seed", type=int, default=2011, help="the game's and players' seed (default: %(default)s)"
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=0.15,
        help="real seconds between two shown posts (default: %(default)s)",
    )
    parser.add_argument("--fast", action="store_true", help="no pauses at all")
    parser.add_argument(
        "--ruleset",
        default="dctp-2011",
        help="the ruleset the demo plays (default: %(default)s; dctp-classic shows the GM's "
        "texts: tapes, dreams and wills held for a simulated GM; midnight plays the other "
        "game, with open roles and public orders in the topic)",
    )
    parser.set_defaults(func=_demo)


def _simulate(args: argparse.Namespace) -> int:
    from autogm.daemon.cli.simulate import SimulateError, simulate

    try:
        return simulate(args)
    except SimulateError as exc:
        raise UserError(str(exc)) from None


def _add_simulate(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "simulate",
        help="play thousands of games of a setup with simulated players: is it fair?",
        description="Deal and play many games of a setup with simulated players, every "
        "game resolved by the engine and checked; print the wins by side with a 95 % "
        "interval, game length and survival by role (docs/simulate.md).",
    )
    from autogm.daemon.cli.simulate import add_arguments

    add_arguments(parser)
    parser.set_defaults(func=_simulate)


def _add_adapter_commands(sub: argparse._SubParsersAction) -> None:
    from autogm.adapters.cli import register

    register(sub)


def _add_archive_commands(sub: argparse._SubParsersAction) -> None:
    from autogm.daemon.cli.archive_cli import register

    register(sub)


# Each command by the registrar that adds it to the parser, in the order `--help` lists them.
COMMANDS: dict[str, Callable[[argparse._SubParsersAction], None]] = {
    "run": _add_run,
    "status": _add_status,
    "preview": _add_gm_commands,
    "approve": _add_gm_commands,
    "resolve-now": _add_gm_commands,
    "replay": _add_replay,
    "demo": _add_demo,
    "simulate": _add_simulate,
    "check-config": _add_check_config,
    "check-forum": _add_check_forum,
    "inspect-page": _add_adapter_commands,
    "archive": _add_archive_commands,
    "stats": _add_archive_commands,
}
REGISTRARS = list(dict.fromkeys(COMMANDS.values()))


EXIT_STATUS = """\
exit status:
  0    done
  1    a check failed: check-forum could not log in or read, replay --archive found
       mismatches, the demo did not finish, simulate found a broken game
  2    a problem to fix, told in one line: a bad config (FILE:LINE: [section] key: ...),
       an unknown game or forum, a missing or unreadable file, nothing to approve
  130  interrupted (Ctrl-C)
"""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("autogm")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


class _Version(argparse.Action):
    """``--version``, looked up only when asked for: reading the installed package's metadata
    costs more than the rest of start-up."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)  # type: ignore[arg-type]

    def __call__(self, parser, namespace, values, option_string=None):  # type: ignore[no-untyped-def]
        print(f"autogm {_version()}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse's parser with the help's width found as shutil.get_terminal_size finds it,
    without importing shutil (and the bz2 and lzma it loads): argparse builds a formatter for
    every argument added, and that import is about 3 ms of every command's start-up."""

    def _get_formatter(self) -> argparse.HelpFormatter:
        return self.formatter_class(prog=self.prog, width=_columns() - 2)


def _columns() -> int:
    """$COLUMNS, else the width of the terminal of stdout, else 80 (shutil's reading)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone: adding the eleven others (and
    importing their modules) costs a command that runs more than parsing its arguments."""
    parser = _Parser(
        prog="autogm",
        description="The game master that never sleeps.",
        epilog=EXIT_STATUS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_Version, help="show autogm's version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    for register in [COMMANDS[command]] if command in COMMANDS else REGISTRARS:
        register(sub)
    return parser


# The errors a user can fix, by the module that raises them; a module that was never imported
# raised none of them, so only the loaded ones are looked up.
USER_ERRORS = (
    ("autogm.daemon.config.ini", "ConfigError"),
    ("autogm.engine.replay", "ScenarioError"),
    ("autogm.engine.rules.base", "RulesetError"),
    ("autogm.daemon.store.db", "StoreError"),
    ("autogm.daemon.store.lock", "StateLocked"),
    ("autogm.daemon.play.games", "GameError"),
)


def _user_errors() -> tuple[type[BaseException], ...]:
    return tuple(
        getattr(sys.modules[module], name) for module, name in USER_ERRORS if module in sys.modules
    )


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    # Only a command named first parses with its own parser alone: `autogm --help replay`
    # and a misspelt command need the whole list.
    args = build_parser(words[0] if words else None).parse_args(words)
    try:
        code = int(args.func(args))
        if argv is None and getattr(args, "exit_at_once", False):
            _exit_at_once(code)
        return code
    except UserError as exc:
        _say(exc)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped reading (autogm archive export GAME | head): not an error.
        # Point stdout at /dev/null so the interpreter's last flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:
        if not isinstance(exc, _user_errors()):
            raise
        _say(exc)
        return 2


def _say(problem: Exception) -> None:
    """A problem to fix, on standard error: each of its lines (a config's problems are one a
    line) begins with "autogm: "."""
    for line in str(problem).splitlines() or [""]:
        print(f"autogm: {line}", file=sys.stderr)


def _exit_at_once(code: int) -> None:
    """End the process once its output is written, without the interpreter's teardown: freeing
    a finished replay's objects one by one was 1% of the largest game's instructions, and the
    process's end frees its memory at once. Only for a command run as the command
    (``argv`` None: not a test calling ``main``) that holds no files, connections or threads:
    the written output is all there is to keep."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = 0  # the reader stopped reading, as in main
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
