"""The win rate of each side as the games accumulate, with its 95 % interval (the ``plot``
extra: matplotlib). A GM sees where the rate settles and how narrow the band has become: a
band still wide says "play more games", one that no longer moves says the answer."""

from __future__ import annotations

from collections.abc import Sequence

from autogm.simulator.stats.report import side_name
from autogm.simulator.stats.summary import GameSummary
from autogm.simulator.stats.table import wilson


class PlotError(RuntimeError):
    """The plot cannot be made: told in one line."""


def running_rates(
    games: Sequence[GameSummary], side: str
) -> tuple[list[int], list[float], list[float], list[float]]:
    """For the first n games, n = 1.. (in the order of their index): the rate of ``side``'s
    wins and its interval."""
    ordered = sorted(games, key=lambda g: g.index)
    xs, rates, lows, highs = [], [], [], []
    wins = 0
    for n, game in enumerate(ordered, 1):
        wins += (game.winner or "none") == side
        low, high = wilson(wins, n)
        xs.append(n)
        rates.append(wins / n)
        lows.append(low)
        highs.append(high)
    return xs, rates, lows, highs


def plot_win_rates(games: Sequence[GameSummary], path: str, title: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotError("--plot needs matplotlib: pip install 'autogm[plot]'") from None
    sides = sorted({g.winner or "none" for g in games})
    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=110)
    for side in sides:
        xs, rates, lows, highs = running_rates(games, side)
        line = axes.plot(xs, rates, label=f"{side_name(side)} ({100 * rates[-1]:.1f} %)")[0]
        axes.fill_between(xs, lows, highs, color=line.get_color(), alpha=0.2, linewidth=0)
    axes.set_xscale("log")
    axes.set_ylim(0, 1)
    axes.set_xlabel("games played (log scale)")
    axes.set_ylabel("share of games won")
    axes.yaxis.set_major_formatter(lambda y, _: f"{100 * y:.0f} %")
    axes.set_title(title, fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="best", title="side (final rate); band: 95 % interval")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
