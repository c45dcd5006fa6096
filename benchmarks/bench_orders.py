"""Throughput of the whole order parser: ``parse_pm`` on realistic PMs (not a test).

Each PM goes through everything a live game does with it: cleaning (quotes of the GM, BBCode,
greetings, signatures), fragments, names (typos, lower case, nicknames), the grammar, and the
validation against the game (role, phase, targets, counts). The mix: night orders of every
kind by the players who hold them, day votes and day abilities, multi-order PMs, and one PM in
five refused (an unknown name, a night ability by day, a dead target, an ability not held).

Every PM measured is one the parser has not read before (``distinct_pms``): it remembers its
answers by text, which a stream of repeated texts would measure instead. A 16-player game has
only a few thousand different PMs of this mix (about 4,000 by day), so ``--pms`` is a ceiling.

Two games: 16 players, and 200 players (generated names, the role list repeated). The target
from the brief: at least 5,000 PMs/s on one core at 16 players, and the 200-player game no more
than 2x slower.

    .venv/bin/python benchmarks/bench_orders.py [--pms 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.phases import Phase
from autogm.engine.reading import read_pm
from autogm.engine.rules import load_ruleset
from autogm.engine.state import GameState, Status

ROSTER_16 = {
    "Boss": "Anokata", "Abs": "Gin", "Miaka": "Vodka", "Conia": "Vermouth",
    "Akonyl": "Shiratori", "pofa": "Satou", "Jd-": "Araide", "PhoenixTears": "Eisuke",
    "Kleene": "Agasa", "Parkur": "Camel", "Mr. Black Cat": "Heiji", "Müller": "Ran",
    "x_pon 2": "Megure", "Yurikochan": "Kazuha", "Lynz": "Kobayashi", "Renée": "Okiya",
}  # fmt: skip
SYLLABLES = ("ka", "ko", "ri", "na", "to", "mi", "shi", "ra", "yu", "ne", "ai", "ran", "gin")

GM_POST = "[b]{phase} has begun.[/b] Orders by PM only; the phase ends at 20:00 GMT."

# Orders by ability: the text, with {a} {b} {c} for players and {n} for the previous night.
NIGHT = {
    "kill": ["Kill {a}", "hi gm! kill {a} please :)", "[b]Attack {a}[/b]"],
    "slander": ["Slander {a}"],
    "investigate": [
        "Investigate {a} heals {b}, {c} kills {b}",
        "Investigate:\n{a} heals {b}\n{c} kills {a}",
        "inv {a} attacks {b} tonight pls",
    ],
    "discombobulate": ["Discombobulate {a}", "trick {a}"],
    "heal": ["Heal {a}", "use heal on {a}"],
    "first_aid": ["First Aid {a}"],
    "protect": ["Protect {a}"],
    "interrogate": ["Interrogate {a}", "interrogate {a} thx"],
    "arrest": ["Arrest {a} for killing {b} on Night {n}"],
    "house_search": ["House search {a}"],
    "detect": ["Detect Shinichi", "Detect: is Vermouth in the game?"],
    "special_investigate": ["SI {a} kills {b} on Night {n}"],
    "observe": ["Observe age {a}", "Stake-out {a}"],
}
DAY = {
    "vote": ["Vote {a}", "I vote for {a}.", "[vote]{a}[/vote]", "vote {a}, she was quiet",
             "No lynch", "unvote"],
    "aptx": ["APTX {a} as Shinichi", "aptx {a} = Ran"],
    "charm": ["Charm {a}"],
    "bow_tie": ["Bow-tie to {a}, alternatively {b}\nWatch to {b}"],
    "arrest": ["Arrest {a} for killing {b} on Night {n}. Vote {a}"],
    "voice_of_reason": ["Voice of Reason\nVote {a}"],
}  # fmt: skip
REFUSED = [
    "Kill Xenomorph",  # no such player
    "Heal {a}",  # a night ability by day / not held
    "Investigate {a}",  # no action named
    "Vote {dead}",  # a dead target
    "My order is to do something clever",  # not an order
]


def roster_200() -> dict[str, str]:
    """200 generated names; the ruleset's role list repeated (the parser does not mind)."""
    rng = random.Random(200)
    roles = [r for r, sheet in load_ruleset("dctp-2011").roles.items() if not sheet.experimental]
    names: dict[str, str] = {}
    while len(names) < 200:
        name = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))).title()
        if rng.random() < 0.2:
            name += f"_{rng.randint(1, 99)}"
        names.setdefault(name, roles[len(names) % len(roles)])
    return names


def game(roster: dict[str, str], phase: Phase) -> GameState:
    state = new_game(load_ruleset("dctp-2011"), roster, 7, Setup())
    state.phase = phase
    dead = list(roster)[-2]
    state.players[dead].status = Status.DEAD
    return state


def typo(name: str, rng: random.Random) -> str:
    if len(name) > 5 and rng.random() < 0.5:
        i = rng.randrange(1, len(name) - 2)
        return name[:i] + name[i + 1] + name[i] + name[i + 2 :]
    return name.lower()


def pms(state: GameState, count: int, seed: int) -> list[tuple[str, str]]:
    """(author, PM) pairs: each author sends an order of an ability they hold."""
    rng = random.Random(seed)
    table = NIGHT if state.phase.is_night else DAY
    alive = [n for n, p in state.players.items() if p.status is Status.ALIVE]
    dead = next(n for n, p in state.players.items() if p.status is Status.DEAD)
    holders: list[tuple[str, str]] = []
    for name in alive:
        sheet = state.ruleset.role(state.players[name].role)
        held = {u.ability for slot in sheet.slots for u in slot.options}
        if sheet.side.value == "black_org":
            held |= {"kill", "aptx"}
        if state.phase.is_day:
            held.add("vote")
        holders += [(name, ability) for ability in held if ability in table]
    out = []
    for i in range(count):
        author, ability = rng.choice(holders)
        a, b, c = rng.sample([n for n in alive if n != author], 3)
        if rng.random() < 0.3:
            a = typo(a, rng)
        text = rng.choice(REFUSED) if i % 5 == 4 else rng.choice(table[ability])
        text = text.format(a=a, b=b, c=c, n=max(1, state.phase.number - 1), dead=dead)
        if rng.random() < 0.25:
            text = f'[quote="GM"]{GM_POST.format(phase=state.phase)}[/quote]\n{text}'
        if rng.random() < 0.15:
            text += "\nWill: I was town. Trust Akonyl."
        out.append((author, text))
    return out


def distinct_pms(state: GameState, count: int, seed: int, seen: set[str]) -> list[tuple[str, str]]:
    """Up to ``count`` PMs whose texts are all different and not in ``seen``: the parser
    remembers its answers by text, and a 16-player game's 20,000 PMs repeat the
    same few thousand texts five times over where a 200-player game's barely repeat, so a
    stream with repeats would measure the memory, and favour the small game."""
    out: list[tuple[str, str]] = []
    refused = 0  # kept at one PM in five, as ``pms`` mixes them (its every fifth PM)
    for attempt in range(8):
        for i, (author, text) in enumerate(pms(state, count, seed=seed * 100 + attempt)):
            kind_refused = i % 5 == 4
            if text in seen or (kind_refused and refused * 5 >= len(out) + 1):
                continue
            if not kind_refused and (len(out) + 1 - refused) > 4 * (refused + 1):
                continue
            seen.add(text)
            out.append((author, text))
            refused += kind_refused
            if len(out) == count:
                return out
    return out


def measure(label: str, roster: dict[str, str], count: int, repeat: int) -> float:
    """The slower phase's rate: each PM is one the parser has not read before, in ``repeat``
    disjoint parts, the fastest part's rate."""
    best = 0.0
    for phase in (Phase.night(2), Phase.day(2)):
        state = game(roster, phase)
        seen: set[str] = set()
        # The per-roster vocabulary is built, and the patterns these orders use compiled, once
        # per game, on other texts than those measured.
        for author, text in distinct_pms(state, 500, len(roster) + phase.index + 7, seen):
            read_pm(state, author, text)
        batch = distinct_pms(state, count, len(roster) + phase.index, seen)
        size = max(1, len(batch) // repeat)
        rates = []
        for part in range(repeat):
            chunk = batch[part * size : (part + 1) * size]
            start = time.perf_counter()
            for author, text in chunk:
                read_pm(state, author, text)
            rates.append(len(chunk) / (time.perf_counter() - start))
        rate = max(rates)  # the least disturbed part, as a best-of-n timing takes it
        accepted = sum(bool(read_pm(state, a, t).accepted) for a, t in batch[:2000])
        print(
            f"{label:>12} {phase!s:>8}: {rate:9,.0f} PMs/s over {len(batch):,} different PMs "
            f"({accepted / min(len(batch), 2000):.0%} with an accepted order)"
        )
        best = rate if best == 0 else min(best, rate)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pms", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    small = measure("16 players", ROSTER_16, args.pms, args.repeat)
    large = measure("200 players", roster_200(), args.pms, args.repeat)
    print(
        f"16 players: {small:,.0f} PMs/s (target 5,000); 200 players: {large:,.0f} PMs/s; "
        f"200 is {small / large:.2f}x slower (target at most 2x)"
    )


if __name__ == "__main__":
    main()
