"""What the archive commands share with their argument parser: the usage, the subcommands,
and where the archive and the config file are."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from autogm.daemon.config.files import ARCHIVE_FILE

if TYPE_CHECKING:
    from pathlib import Path

DEFAULT_CONFIG = "config.ini"
USAGE = """autogm archive [options] list
       autogm archive [options] show GAME
       autogm archive [options] roster GAME
       autogm archive [options] export GAME [--format json|scenario] [-o FILE]
       autogm archive [options] metadata
       autogm archive [options] scenario FILE [--name NAME]
       autogm archive [options] GAME          (archive GAME from the daemon's state file)"""
COMMANDS = ("list", "show", "roster", "export", "metadata", "scenario")
TAKES_ONE = ("show", "roster", "export", "scenario")


def config_path(args: argparse.Namespace) -> Path | None:
    """``--config``, else $AUTOGM_CONFIG, else ./config.ini when there is one (as `autogm run`)."""
    from pathlib import Path  # here, not at the top: `autogm replay` and --help need none

    if args.config:
        return Path(args.config)
    return Path(DEFAULT_CONFIG) if Path(DEFAULT_CONFIG).is_file() else None


def archive_path(args: argparse.Namespace) -> Path:
    from pathlib import Path

    from autogm.daemon.config.load import load_config

    if args.db:
        return Path(args.db)
    config = config_path(args)
    if config is not None:
        return load_config(config).autogm.state_dir / ARCHIVE_FILE
    return Path(ARCHIVE_FILE)


# Where `autogm demo` puts its files by default (its --dir), relative to where it ran.
DEMO_DIR = "autogm-demo"


def which_flag(missing: str) -> str:
    """What to give when a default file is missing: the flag, and the demo's own path when
    the demo ran here."""
    from pathlib import Path

    demo = Path(DEMO_DIR) / DEFAULT_CONFIG
    if demo.is_file():
        return f"{missing}; the demo's is --config {demo}"
    return missing
