"""The worst shapes of message a hostile player can send, timed (not a test).

Each shape of tests/fuzz/test_hostile_messages.py is read at the size limit and at half of it:
linear reading costs about twice as much for twice the text (a quadratic one, four times).
The baseline is a realistic order PM of the same size (orders, greetings, BBCode).

    python benchmarks/bench_hostile.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

from engine.orders.votes import read_votes
from engine.reading import read_pm
from tests.fuzz.test_hostile_messages import MATCHER, NIGHT, PM_SHAPES, POST_SHAPES

BASELINE = "Hi GM! [b]Kill Kleene[/b] please.\nInvestigate Abs kills Kleene\nthanks :)\n"


def _half(text: str) -> str:
    return text[: len(text) // 2]


def _time(read: Callable[[str], object], text: str, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        read(text)
        runs.append(time.perf_counter() - started)
    return statistics.median(runs) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{'shape':24} {'chars':>7} {'full ms':>8} {'half ms':>8} {'ratio':>6}")
    rows = [
        ("PM", name, text, lambda t: read_pm(NIGHT, "Abs", t))
        for name, text in sorted(PM_SHAPES.items())
    ]
    rows += [
        ("post", name, text, lambda t: read_votes(t, MATCHER))
        for name, text in sorted(POST_SHAPES.items())
    ]
    baseline = (BASELINE * 300)[:20_000]
    rows.insert(0, ("PM", "baseline (real orders)", baseline, lambda t: read_pm(NIGHT, "Abs", t)))
    for kind, name, text, read in rows:
        full = _time(read, text, args.repeat)
        half = _time(read, _half(text), args.repeat)
        ratio = full / half if half else float("nan")
        print(f"{kind + ' ' + name:24} {len(text):>7} {full:>8.1f} {half:>8.1f} {ratio:>6.2f}")


if __name__ == "__main__":
    main()
