"""Throughput of the language-independent half of order parsing (not a test).

Cleans synthetic but realistic PMs (quotes of the GM's post, greetings, BBCode, smilies,
signatures, typos, prefixes, lower-case and accented names), strips filler from each line, and
reads every name where a grammar would look for one, for a 16-player and a 200-player game.

    .venv/bin/python benchmarks/bench_orders_text.py [--pms 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from autogm.engine.orders.bbcode import Filler, clean_lines
from autogm.engine.orders.names import NameMatcher

CLASSIC = [
    "Akonyl", "Abs", "Kleene", "Jd-", "PhoenixTears", "Parkur", "Conia", "Miaka", "Pofa",
    "Lynz", "Mr. Black Cat", "x_pon 2", "Müller", "Renée", "Satou", "Saito",
]  # fmt: skip
SYLLABLES = (
    *("ka", "ko", "ri", "na", "to", "mi", "shi", "ra", "yu", "ne", "ai", "ran", "gin", "vo"),
    *("dka", "be", "lmo", "sho", "kir", "ya", "ma", "da"),
)
KEYWORDS = frozenset(
    {"kill", "arrest", "heal", "protect", "investigate", "interrogate", "observe", "killing"}
    | {"discombobulate", "heals", "protects", "vote", "frighten", "steal", "aptx", "follow"}
)
GM_POST = (
    "[b]Night {n} has begun.[/b] The night ends on Friday at 20:00 GMT.\n"
    "[color=#800000]Remember:[/color] orders by PM only. Alive: {alive}."
)
TEMPLATES = [
    "Kill {a}",
    "Hi GM! :)\n[b]Arrest {a} for killing {b} on Night {n}[/b]\nThanks!",
    '[quote="GameMaster" post_id=4811 time=1305474420 user_id=2]{gm}[/quote]\nHeal {a} please',
    "hey gm, i'd like to investigate {a} heals {b} tonight pls thx :D",
    "[quote=GameMaster]{gm}[/quote]Orders:\n[list][*]Protect {a}[*]Vote {b}[/list]",
    "Good evening!\nMy order for tonight: discombobulate {a}.\n--\n{me}",
    "[size=85][color=red]Interrogate {a}[/color][/size] ;)\nSent from my iPhone using Tapatalk",
    "Observe {a}. Kill {b}. Thank you very much GM!",
    "[s]Kill {b}[/s]\nKill {a} instead :mrgreen:",
    "Frighten {a}\n\n\nCheers,\n{me}",
]


def make_roster(size: int, rng: random.Random) -> list[str]:
    roster = list(CLASSIC[:size])
    while len(roster) < size:
        parts = rng.choices(SYLLABLES, k=rng.randint(2, 4))
        name = "".join(parts).capitalize()
        style = rng.random()
        if style < 0.15:
            name = f"{name} {rng.choice(SYLLABLES).capitalize()}"
        elif style < 0.25:
            name = f"{name}{rng.randint(1, 99)}"
        elif style < 0.3:
            name = name.replace("a", "á", 1)
        if name not in roster:
            roster.append(name)
    return roster


def written_as(name: str, rng: random.Random) -> str:
    """How a player writes a name: usually right, sometimes lower-case, short or misspelt."""
    roll = rng.random()
    if roll < 0.55:
        return name
    if roll < 0.75:
        return name.lower()
    if roll < 0.85 and len(name) >= 6:
        return name[: max(4, len(name) - 2)]
    if roll < 0.95 and len(name) >= 6:
        i = rng.randrange(1, len(name) - 2)
        return name[:i] + name[i + 1] + name[i] + name[i + 2 :]
    return name.upper()


def make_corpus(roster: list[str], count: int, rng: random.Random) -> list[str]:
    gm = GM_POST.format(n=2, alive=", ".join(roster[:16]))
    pms = []
    for _ in range(count):
        a, b, me = rng.sample(roster, 3)
        template = rng.choice(TEMPLATES)
        pms.append(
            template.format(
                a=written_as(a, rng), b=written_as(b, rng), me=me, n=rng.randint(1, 4), gm=gm
            )
        )
    return pms


def make_reader(roster: list[str]) -> Callable[[str], int]:
    matcher = NameMatcher(roster)
    filler = Filler(roster, addressees=["GameMaster"])

    def read(pm: str) -> int:
        found = 0
        for raw in clean_lines(pm):
            line = filler.clean(raw)
            pos = 0
            # Stand-in for the grammar: read a name after every order keyword.
            for word in line.split():
                pos = line.index(word, pos) + len(word)
                if word.casefold().strip(".,:") in KEYWORDS:
                    match, _ = matcher.match_prefix(line[pos:])
                    found += match.is_match
        return found

    return read


def measure(size: int, pms: int, repeat: int, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    roster = make_roster(size, rng)
    corpus = make_corpus(roster, pms, rng)
    started = time.perf_counter()
    read = make_reader(roster)
    setup = time.perf_counter() - started
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        names = sum(read(pm) for pm in corpus)
        best = min(best, time.perf_counter() - started)
    print(
        f"{size:4d} players: {pms / best:9,.0f} PMs/s  "
        f"({best / pms * 1e6:6.1f} us/PM, {names / pms:.2f} names read/PM, "
        f"matcher setup {setup * 1e3:.1f} ms)"
    )
    return pms / best, setup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pms", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2011)
    args = parser.parse_args()
    small, _ = measure(16, args.pms, args.repeat, args.seed)
    large, _ = measure(200, args.pms, args.repeat, args.seed)
    print(f"slowdown at 200 players: {small / large:.2f}x (target <= 2x; target >= 5,000 PMs/s)")


if __name__ == "__main__":
    main()
