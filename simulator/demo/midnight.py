"""``autogm demo --ruleset midnight``: what the simulated players of a midnight game write.

They sign up naming the Daylight role they want ("Specify the Open Role you want to play; no
duplicate roles": one asks for a taken one and picks another, one plays an "Other" name), send
their Midnight orders by PM in the words players use ("shoot Abs with the tommy gun", "Slander
Kleene: Boss, Killer x2", "jail Miaka", letters to the Town), and vote in the game topic's OOC
tag ("[ooc]Vote Abs[/ooc]", now and then for peace).
"""

from __future__ import annotations

import random
from typing import Any

from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import Side
from autogm.engine.state import GameState

TOPIC_TITLE = "Demo game: midnight, the Mafia against the Law"
SIGNUPS = (
    (0, "Abs", "/in as Monk"),
    (0, "Miaka", "in: Brute"),
    (0, "Akonyl", "Sign me up as the Journalist"),
    (1, "pofa", "in (Honcho)"),
    (1, "Kleene", "/in as Monk"),  # taken: answered with what is still free
    (1, "Kleene", "/in as Chef"),
    (1, "Jd-", "/in as Lawyer"),
    (1, "Parkur", "I can sub if needed"),
    (2, "Jd-", "Sorry, real life got busy: /out"),
    (2, "Lynz", "/in as Pirate Queen"),  # "(Other) You can choose any other role name"
    (2, "Conia", "in: Highlander"),
    (3, "Hak", "/in as Avenger"),
)
SETUP = """\
[setup:demo]
roles =
    Boss
    Killer
    Agent
    Officer
    Cop
    Vigilante
    Civilian
    Civilian
sizes = 8

# Letters and The Call wait for the GM (docs/rulings.md, "midnight: letters through the GM's
# approval queue"): the demo's simulated GM approves them.
[rules:demo-midnight]
letters = approve
"""
GAME = """\
ruleset = midnight
rules = demo-midnight
votes = topic
"""


def setup(ruleset: str) -> str:
    return SETUP


def game_lines(ruleset: str) -> str:
    return GAME


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
    """(PM, topic post) of ``player`` for ``phase``; either may be empty."""
    ruleset = load_ruleset(ruleset_id)
    role = roles[player]
    mafia = ruleset.role(role).side is Side.MAFIA
    others = [p for p in alive if p != player]
    law = [p for p in others if ruleset.role(roles[p]).side is not Side.MAFIA]
    if not others:
        return "", ""
    target = rng.choice(law if mafia and law else others)
    kind, number = phase.split()[0].lower(), int(phase.split()[1])
    if kind == "day":
        if rng.random() < 0.1:
            return "", "Nobody seems guilty to me.\n[ooc]Vote peace[/ooc]"
        return "", f"{target} is suspicious.\n[ooc][b]Vote {target}[/b][/ooc]"
    guess = roles[target] if rng.random() < 0.5 else rng.choice(list(ruleset.roles))
    if guess == "Civilian" and number == 1:
        guess = "Boss"
    lines = {
        "Boss": [f"block {target}", f"Letter to Town: {rng.choice(others)} is lying"],
        "Killer": [
            rng.choice(
                [
                    f"Pistol {target}",
                    f"I'll shoot {target} with the tommy gun",
                    f"snipe {target}, naming {guess}",
                ]
            )
        ],
        "Agent": [f"Slander {rng.choice(others)}: Boss, Killer x2"],
        "Renegade": [f"Backstab {target} as {guess}"],
        "Officer": [f"Revolver {target}"],
        "Criminologist": [f"Testimony on {target}"],
        "Detective": [f"Sweep {target} for Boss"],
        "Cop": [f"jail {target}"],
        "Vigilante": [f"Vigil {target}"] if number == 1 else [f"Punish {target} as {guess}"],
        "Civilian": [f"TM {target}", f"Jury duty {rng.choice(others)}"],
    }.get(role, [])
    return "\n".join(lines), ""
