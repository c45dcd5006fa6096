"""``autogm demo`` (dctp-2011, dctp-r53, dctp-classic): what the simulated players write.

They sign up in the ways players do ("/in", "[b]in[/b]", "count me in"), and at a poll send
plausible orders for the phase from their role sheet: a night ability of each night slot, the
kill of the member whose turn it is in the kill cycle (with a tape in classic, "The BO can
leave a tape/video after each murder"), a vote by day that often follows the bandwagon; now
and then with a typo in the last name, to show how autogm reads it.
"""

from __future__ import annotations

import random
from typing import Any

from autogm.engine.families.dctp.abilities import ABILITIES
from autogm.engine.families.dctp.attacks import kill_cycle_due
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import Side
from autogm.engine.state import GameState

TOPIC_TITLE = "Demo game: the Black Organization against the town"
# Who signs up, at which poll, with what post: one leaves again, one offers to replace.
SIGNUPS = (
    (0, "Abs", "/in"),
    (0, "Miaka", "[b]in[/b]"),
    (0, "Akonyl", "Sign me up! Good luck all."),
    (1, "pofa", "count me in"),
    (1, "Kleene", "in"),
    (1, "Jd-", "in"),
    (1, "Parkur", "I can sub if needed"),
    (2, "Jd-", "Sorry, real life got busy: /out"),
    (2, "Lynz", "/in"),
    (2, "Conia", "in!"),
    (3, "Hak", "/in"),
)
# What a simulated killer leaves on a tape (classic).
TAPES = (
    "You will never catch me.",
    "It was me, and I am not done.",
    "The moon is black tonight.",
)
DCTP_SETUP = """\
[setup:demo]
roles =
    Gin
    one of Vodka, Chianti
    Shiratori
    Megure
fill = Araide, Eisuke, Shinichi, Heiji, Kazuha, Agasa
sizes = 8
together = Heiji + Kazuha
black_org = 2
"""
# classic: "There are at least 2 DB's in the game" (Group): two Detective Boys join the list.
CLASSIC_SETUP = """\
[setup:demo]
roles =
    Gin
    one of Vodka, Korn
    Shiratori
    Ayumi
    Genta
fill = Araide, Eisuke, Shinichi, Heiji, Kazuha, Agasa, Megure
sizes = 8
together = Heiji + Kazuha
black_org = 2
"""


def setup(ruleset: str) -> str:
    """The demo's [setup:demo] section for the ruleset played."""
    return CLASSIC_SETUP if load_ruleset(ruleset).has("detective_boys_at_least_two") else DCTP_SETUP


def game_lines(ruleset: str) -> str:
    return f"ruleset = {ruleset}\n"


def orders(
    rng: random.Random,
    ruleset_id: str,
    roles: dict[str, str],
    player: str,
    phase: str,
    alive: list[str],
    live: GameState,
    memo: dict[str, Any],
) -> tuple[str, str]:
    """(PM, topic post) of ``player`` for ``phase``: DCTP's orders go by PM only.

    ``memo`` is kept by the caller across calls (the bandwagon of each Day)."""
    ruleset = load_ruleset(ruleset_id)
    sheet = ruleset.roles[roles[player]]
    kind = phase.split()[0].lower()
    mine = sheet.side is Side.BLACK_ORG
    others = [p for p in alive if p != player]
    town = [p for p in others if ruleset.roles[roles[p]].side is not Side.BLACK_ORG]
    lines = []
    if kind == "night":
        for slot in sheet.slots:
            usable = [u.ability for u in slot.options if u.ability in ABILITIES]
            if any(k.value == "night" for k in slot.phases) and usable:
                lines.append(_order(rng, rng.choice(usable), others, alive))
        # Whose turn it is kills: every member kills once before anyone kills twice.
        killers = kill_cycle_due(live)
        if mine and killers and player == killers[0] and town:
            lines.append(f"Kill {rng.choice(town)}")
            if ruleset.has("gm_texts"):
                # classic: "The BO can leave a tape/video after each murder".
                lines.append(f"Tape: {rng.choice(TAPES)}")
    elif kind == "day":
        choices = town if mine else others
        if choices:  # none left to vote for: the game is over, a restart may ask again
            bandwagon = memo.setdefault("bandwagon", {})
            lines.append(f"Vote {_vote(rng, bandwagon, player, phase, choices)}")
    lines = [line for line in lines if line]
    if lines and rng.random() < 0.15:
        lines[0] = lines[0][:-1]  # a typo in the last name: autogm reads it loosely
    return "\n".join(lines), ""


def _order(rng: random.Random, ability: str, others: list[str], alive: list[str]) -> str:
    target = rng.choice(others)
    if ability == "investigate":
        return f"Investigate {target} kills {rng.choice(alive)}"
    if ability in ("heal", "discombobulate"):
        return f"{ability.title()} {target}"
    return ""


def _vote(
    rng: random.Random, bandwagon: dict[str, str], player: str, phase: str, choices: list[str]
) -> str:
    choices = [c for c in choices if c != player] or choices
    current = bandwagon.get(phase)
    if current in choices and rng.random() < 0.7:
        return current  # type: ignore[return-value]
    bandwagon[phase] = rng.choice(choices)
    return bandwagon[phase]
