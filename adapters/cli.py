"""The adapters' part of the autogm command line: ``inspect-page`` and the check-forum steps.

daemon/cli/main.py owns the parser; it calls ``register(subparsers)`` and wires ``check-forum``
(which needs the daemon's config reader) to ``adapters.check.check_forum``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

__all__ = ["register", "run_inspect_page"]


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "inspect-page",
        help="print, as JSON, what autogm reads from a saved forum page",
        description="Show what autogm reads from a saved page (kind, posts or PMs, forms), "
        "to check a forum's theme before a game.",
    )
    parser.add_argument("file", metavar="FILE", help="a page saved from the forum (HTML)")
    parser.add_argument(
        "--forum",
        choices=("phpbb", "mybb"),
        help="whose page it is (default: told by the page itself)",
    )
    parser.add_argument(
        "--date-format",
        help="the account's date format in PHP date() letters: phpBB's (UCP > Board "
        "preferences), e.g. 'D M d, Y g:i a'; MyBB's date and time joined by ', ', e.g. "
        "'d.m.Y, H:i' (default: read off the page)",
    )
    parser.add_argument(
        "--timezone",
        default="UTC",
        help="the account's timezone, e.g. Europe/Paris (default: %(default)s)",
    )
    parser.set_defaults(func=run_inspect_page)


def run_inspect_page(args: argparse.Namespace) -> int:
    # Loaded here, not at import: only this command needs the HTML parser.
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from autogm.adapters.inspect import inspect_page, to_json
    from autogm.adapters.web.dates import DateReader

    try:
        text = Path(args.file).read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        print(f"autogm inspect-page: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        zone = ZoneInfo(args.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        print(f"autogm inspect-page: unknown timezone {args.timezone!r}", file=sys.stderr)
        return 2
    dates = DateReader(timezone=zone).with_format(args.date_format)
    try:
        report = inspect_page(text, dates, forum=args.forum, date_format=args.date_format)
    except Exception as error:  # a page that breaks a parser is reported, never a traceback
        report = {
            "kind": "unreadable",
            "error": {"name": type(error).__name__, "message": str(error)},
        }
        print(to_json(report))
        return 1
    print(to_json(report))
    return 0
