"""``autogm simulate``: the command's arguments and its work (daemon/cli/main.py registers
it, keeping its imports lazy), and a config's game as the simulator deals it: the simulator
(simulator/) is a client of the engine alone, and this command hands it what to deal."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from autogm.simulator.defaults import PHASE_LIMIT, REPLAY_EVERY

EXIT_BROKEN = 1


class SimulateError(Exception):
    """A problem the user can fix, told in one line (exit status 2)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_argument_group("what is dealt (a ruleset's default setup unless told)")
    what.add_argument(
        "--ruleset",
        default="dctp-2011",
        help="dctp-2011, dctp-r53, dctp-classic or midnight (default: %(default)s)",
    )
    what.add_argument("--players", type=int, help="how many players (default: 16; midnight 12)")
    what.add_argument("--roles", help="a role list to deal instead, comma separated")
    what.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a ruleset option (repeat for more; default: the ruleset's own)",
    )
    what.add_argument(
        "--config",
        metavar="FILE",
        help="deal a game of this config instead: its [setup:NAME] or role list, "
        "its options and votes",
    )
    what.add_argument("--game", help="the config's game (needed when it has several)")
    what.add_argument(
        "--votes",
        choices=("pm", "topic"),
        help="where day votes go (default: pm, or the config game's)",
    )
    how = parser.add_argument_group("how the games are played")
    how.add_argument("--games", type=int, default=1000, help="how many (default: %(default)s)")
    how.add_argument(
        "--seed",
        type=int,
        default=1,
        help="the run's seed; the same seed, the same table (default: %(default)s)",
    )
    how.add_argument(
        "--policy",
        default="random",
        help="how the players choose: random or informed (default: %(default)s)",
    )
    how.add_argument("--workers", type=int, help="local processes (default: one per core)")
    how.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play on this Dask scheduler instead (tcp://host:8786; needs autogm[cluster])",
    )
    how.add_argument(
        "--phase-limit",
        type=int,
        default=PHASE_LIMIT,
        help="a game with no winner after this many phases is broken (default: %(default)s)",
    )
    how.add_argument(
        "--replay-every",
        type=int,
        default=REPLAY_EVERY,
        metavar="N",
        help="play every N-th game again and replay its scenario file "
        "(default: %(default)s; 0: none but the broken ones)",
    )
    out = parser.add_argument_group("what comes out")
    out.add_argument("--json", action="store_true", help="print the table as JSON")
    out.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw the win rates as the games accumulate (needs autogm[plot])",
    )
    out.add_argument(
        "--out",
        metavar="DIR",
        default="simulation",
        help="where the shortest, longest and broken games are written as "
        "scenario files (default: ./%(default)s)",
    )
    out.add_argument("--quiet", action="store_true", help="no progress bar")


def _options(pairs: list[str] | None) -> dict[str, object]:
    options: dict[str, object] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SimulateError(f"--option {pair!r}: write KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def build_setup(args: argparse.Namespace):
    from autogm.simulator.setups import make_setup

    if args.config:
        if args.roles or args.option:
            raise SimulateError("--config deals its own game: leave out --roles and --option")
        setup = setup_from_config(args.config, args.game, args.players)
    else:
        roles = [r.strip() for r in (args.roles or "").split(",") if r.strip()]
        players = args.players or (
            len(roles) if roles else 12 if args.ruleset == "midnight" else 16
        )
        setup = make_setup(args.ruleset, players, roles=roles, options=_options(args.option))
    if args.votes:
        from dataclasses import replace

        setup = replace(setup, votes=args.votes, _ruleset=[])
    return setup


def simulate(args: argparse.Namespace) -> int:
    from autogm.simulator.policies.registry import POLICIES
    from autogm.simulator.run.local import default_workers
    from autogm.simulator.run.progress import Progress
    from autogm.simulator.run.work import Job
    from autogm.simulator.stats.table import Table

    if args.policy not in POLICIES:
        raise SimulateError(f"no policy {args.policy!r} (policies: {', '.join(POLICIES)})")
    if args.games < 1:
        raise SimulateError("--games must be at least 1")
    setup = build_setup(args)
    job = Job(setup, args.policy, args.seed, args.phase_limit, args.replay_every)
    workers = args.workers or default_workers()
    progress = Progress(args.games, enabled=None if not args.quiet else False)
    broken = [0]

    def on_chunk(done: list) -> None:
        broken[0] += sum(g.broken for g in done)
        progress.update(len(done), broken[0])

    began = time.monotonic()
    try:
        if args.cluster:
            from autogm.simulator.run.cluster import ClusterError, run_cluster

            try:
                games = run_cluster(job, args.games, args.cluster, on_chunk)
            except ClusterError as exc:
                raise SimulateError(str(exc)) from None
            where = f"the cluster at {args.cluster}"
        else:
            from autogm.simulator.run.local import run_local

            games = run_local(job, args.games, workers, on_chunk)
            where = f"{workers} local worker{'s' if workers != 1 else ''}"
    finally:
        progress.close()
    elapsed = time.monotonic() - began
    table = Table.of(games)
    files = _write_games(job, table, Path(args.out))
    heading = (
        f"autogm simulate: {setup.description}; policy {args.policy}; {table.games} games, "
        f"seed {args.seed}; {elapsed:.1f} s on {where}"
    )
    if args.plot:
        from autogm.simulator.stats.plot import PlotError, plot_win_rates

        try:
            plot_win_rates(games, args.plot, f"{setup.description}, policy {args.policy}")
        except PlotError as exc:
            raise SimulateError(str(exc)) from None
        files["plot"] = args.plot
    if args.json:
        data = {
            "setup": setup.description,
            "ruleset": setup.ruleset_id,
            "players": len(setup.players),
            "policy": args.policy,
            "seed": args.seed,
            **table.to_json(),
            "files": files,
        }
        json.dump(data, sys.stdout, indent=2, sort_keys=False)
        sys.stdout.write("\n")
    else:
        from autogm.simulator.stats.report import render_table

        print(render_table(table, heading, files))
    return EXIT_BROKEN if table.broken else 0


def _write_games(job, table, out: Path) -> dict[str, str]:
    """The shortest and longest games, and every broken one, as scenario files: played again
    here from their seeds (a game is the same wherever it is played)."""
    from autogm.simulator.game.scenario import scenario_text
    from autogm.simulator.run.work import play_checked

    wanted: list[tuple[str, object]] = [("shortest", table.shortest), ("longest", table.longest)]
    wanted += [(f"broken-{g.seed}", g) for g in table.broken]
    files: dict[str, str] = {}
    if not any(game is not None for _, game in wanted):
        return files
    out.mkdir(parents=True, exist_ok=True)
    for label, game in wanted:
        if game is None:
            continue
        played = play_checked(job, game.index, game.seed)
        title = f"simulated game {game.index} of seed {job.run_seed} ({label})"
        problems = "; ".join(f"{c}: {d.splitlines()[0]}" for c, d in game.problems)
        path = out / f"{label}.yaml"
        path.write_text(scenario_text(played, title, problems), encoding="utf-8")
        files[label] = str(path)
    return files


def setup_from_config(path: str, game: str | None, players: int | None):
    """A config's game as its deal would be: its ``[setup:NAME]`` (with its constraints) or
    its role list, its ruleset options and its votes mode. ``players`` picks a size among the
    setup's (default: the largest the game can be dealt to)."""
    from autogm.daemon.config.load import load_config
    from autogm.daemon.play import roster
    from autogm.engine.role_setups import check_size
    from autogm.engine.rules import load_ruleset
    from autogm.simulator.names import player_names
    from autogm.simulator.setups import SimSetup, SimSetupError, make_setup

    config = load_config(path)
    if game is None:
        if len(config.games) != 1:
            raise SimSetupError(
                f"{path} has {len(config.games)} games: name one with --game "
                f"({', '.join(config.games) or 'none'})"
            )
        game = next(iter(config.games))
    if game not in config.games:
        raise SimSetupError(f"no game {game!r} in {path} (games: {', '.join(config.games)})")
    cfg = config.games[game]
    ruleset = load_ruleset(cfg.ruleset, cfg.rule_options)
    votes = cfg.votes.value
    setup = roster.role_setup(config, cfg, ruleset)
    if setup is None:
        roles = [p.role for p in cfg.players if p.role] or list(cfg.roles)
        count = len(roles)
        if players not in (None, count):
            raise SimSetupError(f"{game} deals {count} roles, not {players}")
        made = make_setup(cfg.ruleset, count, roles=roles, options=cfg.rule_options, votes=votes)
        return SimSetup(**{**made.__dict__, "description": f"{path} [game:{game}]", "_ruleset": []})
    sizes = roster.sizes(cfg, setup)
    count = players if players is not None else max(sizes)
    if count not in sizes:
        raise SimSetupError(
            f"{game} can be dealt to {', '.join(map(str, sizes))} players, not {count}"
        )
    check_size(ruleset, setup, count)
    return SimSetup(
        cfg.ruleset,
        dict(cfg.rule_options),
        tuple(player_names(count)),
        setup=setup,
        votes=votes,
        description=f"{path} [game:{game}] setup {setup.name}, {count} players",
    )
