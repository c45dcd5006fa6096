"""A policy: how a simulated player chooses the phase's orders and vote from what they were
told. Every policy is named in ``POLICIES`` (simulator/policies/registry.py)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field

from autogm.engine.orders.model import Order
from autogm.engine.outcome import Notice
from autogm.engine.reading import GameRules
from autogm.engine.state import GameState


@dataclass
class Knowledge:
    """What one player was told: their role and side, their team (named in their role PM),
    who they learned is on the other side or cleared, and the deaths and lynches posted."""

    name: str
    role: str
    side: str
    team: set[str] = field(default_factory=set)
    enemies: set[str] = field(default_factory=set)
    cleared: set[str] = field(default_factory=set)
    # The public victims of the last night (for queries "X kills V" and arrests).
    victims: list[tuple[str, str]] = field(default_factory=list)  # (victim, phase)
    # What an investigation showed: (subject, victim, phase) a kill that took place.
    crimes: list[tuple[str, str, str]] = field(default_factory=list)
    # Public accusations read in the topic: accused -> how many players made one.
    claims: dict[str, int] = field(default_factory=dict)


class Policy(ABC):
    """The random choices of a player: every order open to them and a vote for anyone.
    Subclasses say what a player does with what they were told."""

    name = "base"
    # Chance of using each slot open in a phase, and of voting by day.
    act_rate = 0.8
    vote_rate = 0.9

    def __init__(self, knowledge: dict[str, Knowledge]) -> None:
        self.known = knowledge

    @abstractmethod
    def told(self, player: str, notices: Sequence[Notice], state: GameState) -> None:
        """The notices ``player`` received (their own and the public ones) after a phase."""

    def claim(self, state: GameState, player: str, rng: random.Random) -> str | None:
        """The player ``player`` accuses in the game topic today ("X is Black Org"), or
        None. Only a policy that talks makes claims."""
        return None

    def heard(self, player: str, author: str, accused: str, state: GameState) -> None:
        """``player`` read ``author``'s public accusation of ``accused``."""
        return None

    @abstractmethod
    def orders(
        self, state: GameState, player: str, rng: random.Random, rules: GameRules | None = None
    ) -> list[Order]:
        """The orders ``player`` sends this phase (no vote: ``vote`` says it). ``rules``: the
        rules of ``state`` as the session keeps them (``GameSession.rules``: the slots and
        checks the reading of the PM asks for again); else they are found here."""

    @abstractmethod
    def vote(
        self, state: GameState, player: str, rng: random.Random, rules: GameRules | None = None
    ) -> tuple[str | None, str | None] | None:
        """(target, None) for a vote, (None, 'no_lynch'/'abstain'), or None: no vote sent
        (``rules`` as for ``orders``)."""
