"""Engine speed, measured (not a test): run ``python benchmarks/bench_engine.py``.

Targets (project brief): one night of the largest legal game, every player acting, resolves
in under 5 ms; a 40-phase game replays (parse + resolve, every phase) in under 0.5 s.

The largest legal dctp-2011 game deals every role that can share a game: all 51 sheets less
one of each pair the text forbids together (Haibara/Sherry, Shinichi/Conan). Every player
sends an order for every ability slot they hold in the phase, as a player would write it.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from autogm.engine.families.dctp.abilities import ABILITIES
from autogm.engine.families.dctp.attacks import kill_cycle_due
from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.families.dctp.vocab import WORDING
from autogm.engine.phases import Phase
from autogm.engine.replay import parse_scenario, replay
from autogm.engine.resolve import resolve
from autogm.engine.rules import load_ruleset
from autogm.engine.session import GameSession
from autogm.engine.state import GameState
from autogm.engine.validate import held_slots

RULESET = load_ruleset("dctp-2011")
# Left out of the 40-phase game: they end it early (an APTX, the last member detained or
# searched into jail).
LETHAL = {"aptx", "poison", "detention", "house_search", "pinch_face"}
# Orders written as the ability's name alone.
NO_TARGET = {"abduct", "bribe", "travel", "betrayal"}


def largest_roster() -> dict[str, str]:
    excluded = {second for _, second in RULESET.exclusive_pairs}
    roles = [r for r in RULESET.roles if r not in excluded]
    return {f"P{i:02d}": role for i, role in enumerate(roles, 1)}


def order_text(state: GameState, player: str, ability: str, count: int, rng: random.Random) -> str:
    """What a player would write for this ability, aimed at random living players."""
    others = [n for n, p in state.players.items() if p.is_free and n != player]
    target = rng.choice(others)
    earlier = Phase(max(1, state.phase.index - 1))
    if ability in NO_TARGET:
        return WORDING.title(ability)
    if ability == "blame":
        town = [n for n in others if state.side(n).value == "town"]
        return f"Blame {rng.choice(town)} for killing {rng.choice(others)}"
    if ability == "observe":
        return f"Observe {rng.choice(['age', 'gender'])} {target}"
    if ability == "police_detect":
        police = [r for r, sheet in RULESET.roles.items() if sheet.group == "Police"]
        return f"Police Detect {rng.choice(police)}"
    if ability == "detect":
        return f"Detect {rng.choice(list(RULESET.roles))}"
    if ability in {"special_investigate", "follow_up"}:
        return f"{WORDING.title(ability)} {target} kills {rng.choice(others)} on {earlier}"
    if ability == "lawsuit":
        arrested = [n for n, p in state.players.items() if p.status.value == "arrested"]
        return f"Lawsuit {rng.choice(arrested or others)}"
    if ability == "investigate":
        queries = [f"{rng.choice(others)} kills {rng.choice(others)}" for _ in range(count)]
        return "Investigate " + ", ".join(queries)
    if ability == "arrest":
        return f"Arrest {target} for killing {rng.choice(others)} on {earlier}"
    if ability == "aptx":
        return f"APTX {target} as {rng.choice(list(RULESET.roles))}"
    return f"{WORDING.title(ability)} {target}"


def everyone_acts(
    session: GameSession, rng: random.Random, skip: frozenset[str] = frozenset()
) -> int:
    """Every free player sends one PM with an order for each slot held this phase (``skip``:
    abilities left out, so that they are still held in the measured night)."""
    state = session.state
    sent = 0
    due = kill_cycle_due(state)
    for player, p in state.players.items():
        if not p.is_free:
            continue
        lines = []
        for _, slot in held_slots(state, player):
            if state.phase.kind in slot.phases:
                use = slot.options[0]
                if use.ability == "kill" and player not in due:
                    continue  # the kill cycle: only a member still due may kill
                if use.ability in ABILITIES and use.ability not in skip:
                    lines.append(order_text(state, player, use.ability, use.count, rng))
        if lines:
            session.receive(player, "\n".join(lines))
            sent += len(lines)
    return sent


def bench_night(repeats: int = 300) -> tuple[float, float, int, int]:
    rng = random.Random(1)
    state = new_game(RULESET, largest_roster(), 1, Setup())
    session = GameSession(state)
    # Night 1 gives Night 2's arrests something to judge; House Search, Detention, Bribe and
    # Abduct wait for the measured night (a failed search loses the ability, a detention
    # blocks the next, Bribe is once a game, Abduct waits three phases).
    everyone_acts(session, rng, frozenset({"house_search", "detention", "bribe", "abduct"}))
    session.close()
    session.close()  # Day 1, quiet
    sent = everyone_acts(session, rng)
    orders = list(session.pending.values())
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        resolve(session.state, orders)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, max(times) * 1000, len(orders), sent


def forty_phase_scenario(players: int = 16) -> str:
    """A generated 40-phase game in the scenario format (orders as texts)."""
    rng = random.Random(40)
    roster = dict(list(largest_roster().items())[:players])
    # Keep the Black Org small so that the game lasts 40 phases.
    town = [r for r in RULESET.roles if RULESET.roles[r].side.value == "town"]
    for i, name in enumerate(roster):
        roster[name] = "Gin" if i == 0 else town[i]
    session = GameSession(new_game(RULESET, roster, 40, Setup()))
    lines = ["ruleset: dctp-2011", "seed: 40", "players:"]
    lines += [f"  {n}: {r}" for n, r in roster.items()]
    lines += ["setup: {}", "phases:"]
    for _ in range(40):
        phase = session.state.phase
        lines.append(f"  - phase: {phase}")
        lines.append("    orders:")
        for player, p in session.state.players.items():
            if not p.is_free or (phase.is_night and rng.random() < 0.5):
                continue
            for _, slot in held_slots(session.state, player):
                use = slot.options[0]
                if phase.kind in slot.phases and use.ability in ABILITIES:
                    # Few kills, no APTX, scattered votes: the game must last its 40 phases.
                    if use.ability in LETHAL or (
                        use.ability in {"kill", "arrest"} and rng.random() < 0.8
                    ):
                        continue
                    if use.ability == "vote":
                        # Each voter names the next free player: every count is one, a tie,
                        # no lynch (option lynch_tie).
                        free = session.state.free_players()
                        text = f"Vote {free[(free.index(player) + 1) % len(free)]}"
                    else:
                        text = order_text(session.state, player, use.ability, use.count, rng)
                    session.receive(player, text)
                    lines.append(f"      - {player}: {text!r}")
        if lines[-1].endswith("orders:"):
            lines[-1] = "    orders: []"
        session.close()
        if session.state.winner:
            break
    return "\n".join(lines) + "\n"


def bench_replay(repeats: int = 5) -> tuple[float, int]:
    """The generated game must last its 40 phases: a shorter one measures nothing."""
    text = forty_phase_scenario()
    times, phases = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        scenario = parse_scenario(text)
        phases = len(replay(scenario))
        times.append(time.perf_counter() - start)
    return statistics.median(times), phases


def main() -> None:
    median, worst, orders, sent = bench_night()
    players = len(largest_roster())
    print(f"night of the largest game: {players} players, {orders} orders held ({sent} sent)")
    print(f"  resolve: median {median:.2f} ms, worst {worst:.2f} ms   (target < 5 ms)")
    seconds, phases = bench_replay()
    print(f"replay of a generated game: {phases} phases, parse + resolve")
    print(f"  median {seconds * 1000:.0f} ms   (target < 500 ms for 40 phases)")


if __name__ == "__main__":
    main()
