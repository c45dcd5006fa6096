"""The worst shapes of message a hostile player can send, timed (not a test).

Each shape of tests/fuzz/test_hostile_messages.py is read at the size limit and at half of it:
linear reading costs about twice as much for twice the text (a quadratic one, four times).
The baseline is a realistic order PM of the same size (orders, greetings, BBCode).

Then the generated shapes of tests/fuzz/shapes.py (lead-in phrases repeated, word salad of
names and order words, free writing, one endless sentence, midnight PMs, [ooc] filler and
orders in a 60,000-character post, a non-player's long post): each drawn anew with several
seeds (a reading that remembers texts gains nothing), read once, at the limit and at half of
it. The bound: every message under the limits in under 0.5 s; the worst is printed.

    python benchmarks/bench_hostile.py [--repeat 5] [--seeds 3]
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

from autogm.engine.orders.votes import read_votes
from autogm.engine.reading import read_pm
from tests.fuzz import shapes
from tests.fuzz.test_hostile_messages import MATCHER, NIGHT, PM_SHAPES, POST_SHAPES

BOUND_MS = 500.0

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
    parser.add_argument("--seeds", type=int, default=3)
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
    worst = max(_time(read, text, 1) for _, _, text, read in rows)
    print(f"\n{'generated shape':24} {'chars':>7} {'worst ms':>8} {'half ms':>8} {'ratio':>6}")
    for name, shape in sorted(shapes.SHAPES.items()):
        shapes.read(shape, shapes.text_of(name, 2000, seed=0))  # its patterns compiled once
        full_ms, half_ms = [], []
        for seed in range(1, args.seeds + 1):
            text = shapes.text_of(name, seed=seed)
            full_ms.append(_time(lambda t, s=shape: shapes.read(s, t), text, 1))
            half = shapes.text_of(name, shape.limit // 2, seed=seed)
            half_ms.append(_time(lambda t, s=shape: shapes.read(s, t), half, 1))
        full, half = max(full_ms), max(half_ms)
        worst = max(worst, full)
        ratio = full / half if half else float("nan")
        print(f"{name:24} {shape.limit:>7} {full:>8.1f} {half:>8.1f} {ratio:>6.2f}")
    verdict = "under" if worst < BOUND_MS else "OVER"
    print(f"\nworst message: {worst:.0f} ms ({verdict} the {BOUND_MS:.0f} ms bound)")


if __name__ == "__main__":
    main()
