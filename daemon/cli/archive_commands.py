"""``autogm archive ...``, ``autogm stats`` and ``autogm replay --archive DB GAME``.

Which archive: ``--db FILE``; else ``archive.db`` in the ``state_dir`` of the config file
(``--config``, $AUTOGM_CONFIG, or ./config.ini when present, as the other commands); else
``archive.db`` here. Errors a user can fix (a missing file, an
unknown game, a config error) print one line on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from autogm.daemon.archive.schema import ArchiveError, metadata_for, open_archive
from autogm.daemon.archive.views import (
    compare,
    export_json,
    list_games,
    load_record,
    roster_lines,
    scenario_yaml,
    stats,
    stats_text,
    summary_text,
)
from autogm.daemon.archive.write import archive_game, archive_scenario
from autogm.daemon.cli.archive_paths import (
    COMMANDS,
    TAKES_ONE,
    USAGE,
    archive_path,
    config_path,
    which_flag,
)
from autogm.daemon.config.ini import ConfigError
from autogm.daemon.config.load import load_config
from autogm.daemon.store.db import Store, StoreError
from autogm.engine.render.inert import for_terminal
from autogm.engine.replay import ScenarioError, parse_scenario, record, replay


def user_errors(command: Callable[[argparse.Namespace], int]) -> Callable[..., int]:
    """One line on stderr and status 2 for the errors a user can fix, never a traceback."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except (ArchiveError, ScenarioError, ConfigError, StoreError) as exc:
            print(f"autogm: {exc}", file=sys.stderr)
        except BrokenPipeError:
            raise  # the reader stopped reading (| head): main() ends quietly
        except OSError as exc:
            print(f"autogm: {exc.filename or ''}: {exc.strerror or exc}", file=sys.stderr)
        return 2

    return run


@user_errors
def run_archive(args: argparse.Namespace) -> int:
    command, *rest = args.words
    if command not in COMMANDS:
        command, rest = "game", [command, *rest]
    expected = 1 if command in (*TAKES_ONE, "game") else 0
    if len(rest) != expected:
        raise ArchiveError(f"usage:\n{USAGE}")
    if command == "game":
        return _archive_live(args, rest[0])
    if command == "scenario":
        summary = archive_scenario(rest[0], archive_path(args), name=args.name)
        print(f"archived {summary.game}: {_counts(summary)}")
        return 0
    if command == "metadata":
        _print_json(metadata_for(archive_path(args).stem))
        return 0
    db = _existing_archive(args)
    try:
        return _read(db, command, rest, args)
    finally:
        db.close()


def _read(db: Any, command: str, rest: list[str], args: argparse.Namespace) -> int:
    if command == "list":
        games = list_games(db)
        if args.json:
            _print_json(games)
        for game in [] if args.json else games:
            print(
                f"{game['name']}: {game['ruleset']}, {game['players']} players, "
                f"{game['first_phase']} to {game['last_phase']}, "
                f"winner {game['winner'] or '-'} ({game['source']}, archived {game['archived_at']})"
            )
        return 0
    if command == "show":
        print(for_terminal(summary_text(db, rest[0])))
    elif command == "roster":
        print(for_terminal("\n".join(roster_lines(db, rest[0]))))
    elif args.format == "scenario":
        _write(args.output, scenario_yaml(db, rest[0]))
    else:
        _write(args.output, json.dumps(export_json(db, rest[0]), indent=2, ensure_ascii=False))
    return 0


def _archive_live(args: argparse.Namespace, game: str) -> int:
    where = config_path(args)
    config = load_config(where) if where else None
    if args.state:
        state = Path(args.state)
    elif config is not None:
        state = config.autogm.state_file
    else:
        raise ArchiveError("say where the game is: --config FILE or --state FILE")
    if not state.is_file():
        raise ArchiveError(f"{state}: no such state file")
    game_config = config.games.get(game) if config else None
    options = dict(game_config.rule_options) if game_config else None
    with Store.open(state, check=True) as store:
        summary = archive_game(store, game, archive_path(args), datetime.now(UTC), options=options)
    print(f"archived {summary.game}: {_counts(summary)}")
    return 0


def _counts(summary: Any) -> str:
    return (
        f"{summary.players} players, {summary.phases} phases, {summary.orders} orders, "
        f"{summary.messages} messages, winner {summary.winner or '-'}"
    )


def _write(output: str | None, text: str) -> None:
    if output:
        Path(output).write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    else:
        print(text.rstrip("\n"))


def _print_json(value: Any) -> None:
    print(json.dumps(value, indent=2, ensure_ascii=False))


@user_errors
def run_stats(args: argparse.Namespace) -> int:
    db = _existing_archive(args)
    try:
        found = stats(db)
    finally:
        db.close()
    if args.json:
        _print_json(found)
    else:
        print(for_terminal(stats_text(found)))
    return 0


@user_errors
def replay_archived(args: argparse.Namespace) -> int:
    """``autogm replay --archive DB GAME``: 0 when every result matches, 1 when not."""
    if not args.file:
        raise ArchiveError("replay --archive DB GAME: name the game to replay")
    db = open_archive(args.archive, create=False)
    try:
        archived = load_record(db, args.file)
        text = scenario_yaml(db, args.file)
    finally:
        db.close()
    scenario = parse_scenario(text, f"{args.archive}:{args.file}")
    replayed = record(scenario, replay(scenario))
    if args.json:
        _print_json(replayed)
    problems = compare(archived, replayed)
    results = sum(len(p["results"]) for p in archived["phases"])
    out = sys.stderr if args.json else sys.stdout
    for problem in problems:
        print(f"MISMATCH {problem}", file=out)
    verdict = f"{len(problems)} mismatch(es)" if problems else "every result matches"
    print(
        f"{args.file}: {len(archived['phases'])} phases, {results} results replayed: {verdict}",
        file=out,
    )
    return 1 if problems else 0


def _existing_archive(args: argparse.Namespace) -> Database:
    """The archive to read; one that is not there says which flag finds it."""
    path = archive_path(args)
    try:
        return open_archive(path, create=False)
    except ArchiveError as exc:
        if args.db or config_path(args) is not None:
            raise
        raise ArchiveError(which_flag(f"{exc} (give --db FILE or --config FILE)")) from None
