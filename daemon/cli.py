"""The ``autogm`` command.

Each subcommand is registered by a small function; errors a user can fix print one line and
exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from engine.replay import ScenarioError, load_scenario, record, render_text, replay


def _replay(args: argparse.Namespace) -> int:
    scenario = load_scenario(args.file)
    replays = replay(scenario)
    if args.json:
        print(json.dumps(record(scenario, replays), indent=2, ensure_ascii=False))
    else:
        print(render_text(scenario, replays))
    return 0


def _add_replay(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("replay", help="replay a scenario file and show what the GM posts")
    parser.add_argument("file", help="a scenario file (YAML, see docs/scenarios.md)")
    parser.add_argument("--json", action="store_true", help="print the replay record as JSON")
    parser.set_defaults(func=_replay)


REGISTRARS: list[Callable[[argparse._SubParsersAction], None]] = [_add_replay]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="autogm", description="The game master that never sleeps."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for register in REGISTRARS:
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except ScenarioError as exc:
        print(f"autogm: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
