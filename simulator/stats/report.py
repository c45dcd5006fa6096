"""The table as text, for a GM at a terminal."""

from __future__ import annotations

from autogm.engine.deal import SIDE_NAMES as RULESET_SIDES
from autogm.simulator.stats.table import Table

# The sides as the engine names them, and the other ends of a game.
SIDE_NAMES = {
    **{side.value: name for side, name in RULESET_SIDES.items()},
    "lovers": "lovers",
    "none": "no winner",
    "stalemate": "stalemate",
}


def side_name(side: str) -> str:
    return SIDE_NAMES.get(side, side)


def _pct(x: float) -> str:
    return f"{100 * x:5.1f} %"


def render_table(table: Table, heading: str, files: dict[str, str]) -> str:
    lines = [heading, ""]
    lines.append("Wins by side (95 % interval)")
    for side, wins, rate, low, high in table.win_rates():
        lines.append(
            f"  {side_name(side):<12}{wins:>8}  {_pct(rate)}  [{_pct(low)} - {_pct(high)}]"
        )
    figures = table.length_figures()
    if figures:
        lines.append("")
        lines.append(
            f"Game length in phases (Prep, Night 1, Day 1, ... each count one): mean "
            f"{figures['mean']:.1f}, median {figures['median']:.0f}, 80 % of games "
            f"{figures['p10']:.0f}-{figures['p90']:.0f}"
        )
        for label, game in (("shortest", table.shortest), ("longest", table.longest)):
            if game is not None:
                where = f": autogm replay {files[label]}" if label in files else ""
                winner = side_name(game.winner or "none")
                lines.append(
                    f"  {label}: {game.phases} phases, {winner} won, seed {game.seed}{where}"
                )
    lines.append("")
    lines.append("Roles: games dealt, alive and free at the end, on the winning side")
    width = max((len(r) for r in table.roles), default=4) + 2
    for line in sorted(table.roles.values(), key=lambda r: (r.side, -r.won / r.dealt, r.role)):
        lines.append(
            f"  {line.role:<{width}}{side_name(line.side):<11}{line.dealt:>7}"
            f"  {_pct(line.survived / line.dealt)}  {_pct(line.won / line.dealt)}"
        )
    lines.append("")
    lines.append(
        f"Checks: {table.games} games played and checked, {table.replayed} of them played "
        f"again from their seed and replayed from their scenario file; broken: "
        f"{len(table.broken)}"
    )
    for game in table.broken[:20]:
        first = game.problems[0]
        detail = first[1].splitlines()[0][:300]
        where = f" ({files['broken-' + str(game.seed)]})" if f"broken-{game.seed}" in files else ""
        lines.append(f"  seed {game.seed}{where}: {first[0]}: {detail}")
    if len(table.broken) > 20:
        lines.append(f"  ... and {len(table.broken) - 20} more (--json lists them all)")
    return "\n".join(lines)
