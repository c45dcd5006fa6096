"""The ``autogm archive`` and ``autogm stats`` commands: their arguments.

What they do is in daemon/cli/archive_commands.py, imported when one of them runs, so that the
parser of every other command never loads the archive's SQLite and YAML libraries.
"""

from __future__ import annotations

import argparse
import os

from autogm.daemon.cli.archive_paths import COMMANDS, DEFAULT_CONFIG, USAGE
from autogm.daemon.config.files import ARCHIVE_FILE


def _add_location(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="FILE", help=f"the archive (default: {ARCHIVE_FILE})")
    parser.add_argument(
        "--config",
        metavar="FILE",
        default=os.environ.get("AUTOGM_CONFIG"),
        help="the config file: the archive and state file of its state_dir"
        f" (default: $AUTOGM_CONFIG, or ./{DEFAULT_CONFIG} if present)",
    )


def run_archive(args: argparse.Namespace) -> int:
    from autogm.daemon.cli.archive_commands import run_archive

    return run_archive(args)


def run_stats(args: argparse.Namespace) -> int:
    from autogm.daemon.cli.archive_commands import run_stats

    return run_stats(args)


def replay_archived(args: argparse.Namespace) -> int:
    from autogm.daemon.cli.archive_commands import replay_archived

    return replay_archived(args)


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "archive",
        help="archive finished games; list, show, roster and export archived ones",
        usage=USAGE,
        description="Finished games kept whole in SQLite (browse with `datasette archive.db`).",
    )
    parser.add_argument("words", nargs="+", metavar="COMMAND", help=", ".join(COMMANDS))
    _add_location(parser)
    parser.add_argument(
        "--state",
        metavar="FILE",
        help="the daemon's state file (default: autogm.db in the config's state_dir)",
    )
    parser.add_argument(
        "--format",
        choices=("json", "scenario"),
        default="json",
        help="export as the replay record or as a scenario file (default: %(default)s)",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write the export to FILE")
    parser.add_argument("--name", help="the archived game's name (scenario: the file's stem)")
    parser.add_argument("--json", action="store_true", help="list as JSON")
    parser.set_defaults(func=run_archive)
    stats_parser = sub.add_parser("stats", help="wins by side, survival by role, games per ruleset")
    _add_location(stats_parser)
    stats_parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    stats_parser.set_defaults(func=run_stats)
