"""``random``: every order open to the player, aimed at anyone, and a vote for anyone."""

from __future__ import annotations

import random
from collections.abc import Sequence

from autogm.engine.orders.model import Order
from autogm.engine.outcome import Notice
from autogm.engine.reading import GameRules
from autogm.engine.state import GameState
from autogm.simulator.policies.base import Policy
from autogm.simulator.policies.orders import Options, can_vote, free_players, legal_orders

# How often a random player uses an order that costs them when it is wrong: a false arrest
# suspends the officer for two phases, and an officer (or a disguised Vermouth) who arrests
# at random every night is never free to act, so that a game of two can go on for ever.
RATES = {"arrest": 0.3}


class RandomPolicy(Policy):
    name = "random"

    def told(self, player: str, notices: Sequence[Notice], state: GameState) -> None:
        """The random player reads nothing: every draw is blind."""

    def orders(
        self, state: GameState, player: str, rng: random.Random, rules: GameRules | None = None
    ) -> list[Order]:
        def uses(ability: str) -> bool:
            return rng.random() < RATES.get(ability, self.act_rate)

        return legal_orders(state, player, Options(rng, uses=uses, rules=rules))

    def vote(
        self, state: GameState, player: str, rng: random.Random, rules: GameRules | None = None
    ) -> tuple[str | None, str | None] | None:
        if not can_vote(state, player, rules) or rng.random() > self.vote_rate:
            return None
        roll = rng.random()
        if roll < 0.05:
            return None, "abstain"
        if roll < 0.1:
            return None, "no_lynch"
        others = [n for n in free_players(state, rules) if n != player]
        return (rng.choice(others), None) if others else None
