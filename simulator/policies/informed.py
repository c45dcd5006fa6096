"""``informed``: a player who uses what they are told.

- The Black Org's members (named to each other in their role PMs) do not vote each other or
  aim a harmful order at each other; their leader names the member who kills ("Vodka kills
  X", the kill cycle's next member) and everyone aims a protection at their own side.
- A player who learns someone is on the other side (an interrogation's "BO", an
  investigation "X kills V" answered true) votes them, and a police officer who learned of
  the kill arrests the killer for it (and arrests nobody on a guess).
- Investigators ask about the last night's victims: "Investigate S kills V".
- By day a town player who knows an enemy accuses them in the topic; a Black Org member now
  and then accuses a townsperson falsely. The town votes the most accused player it has not
  cleared, and takes whoever accuses a player it cleared for an enemy.
- Otherwise a player votes someone they have not cleared (nor, in the Black Org, a member).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from autogm.engine.orders.model import Order
from autogm.engine.outcome import Notice
from autogm.engine.reading import GameRules
from autogm.engine.state import ABROAD, GameState
from autogm.simulator.policies.base import Policy
from autogm.simulator.policies.orders import (
    HARMFUL,
    HELPFUL,
    Options,
    can_vote,
    free_players,
    legal_orders,
)

_ENEMY_ANSWERS = frozenset({"BO", "Black Org", "Mafia", "guilty"})
_CLEAR_ANSWERS = frozenset({"Not BO", "not BO", "innocent", "Law"})
# "Abs (Gin), Kleene (Chianti)": the team as a role PM names it.
_TEAMMATE = re.compile(r"([^,()]+?)\s*\(")


class InformedPolicy(Policy):
    name = "informed"

    def told(self, player: str, notices: Sequence[Notice], state: GameState) -> None:
        me = self.known[player]
        for notice in notices:
            params = notice.params
            if notice.to is None:
                if notice.key.startswith("death.") and "player" in params:
                    me.victims.append((str(params["player"]), str(state.phase)))
                continue
            if "team" in params:
                me.team.update(m.group(1).strip() for m in _TEAMMATE.finditer(str(params["team"])))
                me.team.discard(player)
            answer = params.get("answer")
            target = params.get("target")
            if target is not None and answer is not None:
                if str(answer) in _ENEMY_ANSWERS:
                    me.enemies.add(str(target))
                elif str(answer) in _CLEAR_ANSWERS:
                    me.cleared.add(str(target))
            query = params.get("query")
            if query is not None and str(answer).lower() == "true":
                self._learn_from_query(me, str(query), state)

    def _learn_from_query(self, me, query: str, state: GameState) -> None:
        for name in state.players:
            if query.startswith(f"{name} kills "):
                rest = query[len(name) + len(" kills ") :]
                victim, _, when = rest.partition(" on ")
                me.enemies.add(name)
                me.crimes.append((name, victim, when or str(state.phase)))

    def _suspects(self, state: GameState, player: str) -> list[str]:
        me = self.known[player]
        free = set(free_players(state))
        return [n for n in sorted(me.enemies) if n in free and n not in me.team]

    def orders(
        self, state: GameState, player: str, rng: random.Random, rules: GameRules | None = None
    ) -> list[Order]:
        me = self.known[player]
        free = [n for n in free_players(state, rules) if n != player]
        hostile = [n for n in free if n not in me.team and n not in me.cleared]
        friendly = [n for n in free if n in me.team or n in me.cleared]
        suspects = self._suspects(state, player)
        victims = [v for v, _ in me.victims[-2:]]

        # A traveler out of Japan is left alone: a Trick or a Frighten there only stops their
        # Travel home, and keeps them out of the night's reach for good.
        away = {n for n in free if state.players[n].has(ABROAD, state.phase)}

        def choose(ability: str, pool: Sequence[str]) -> str:
            if ability in HARMFUL:
                pool = [n for n in pool if n not in away] or list(pool)
                aimed = [n for n in pool if n in suspects] or [n for n in pool if n in hostile]
            elif ability in HELPFUL:
                aimed = [n for n in pool if n in friendly or (not me.team and n not in suspects)]
            else:
                aimed = [n for n in pool if n not in me.team]
            return rng.choice(aimed or list(pool))

        arrest_for = [c for c in me.crimes if c[0] in suspects]
        opts = Options(
            rng,
            choose=choose,
            suspects=[arrest_for[-1][0]] if arrest_for else (suspects or _draw(rng, hostile)),
            victims=[arrest_for[-1][1]] if arrest_for else victims,
            name_killer=True,
            rules=rules,
        )
        found = legal_orders(state, player, opts)
        # An arrest names a crime the player knows of; a guess only suspends the officer. A
        # protection or a loan goes to one's own side, or to nobody (a Black Org member lends
        # no Watch to the last townsperson).
        return [
            o
            for o in found
            if (o.ability != "arrest" or arrest_for)
            and (o.ability not in HELPFUL or not o.targets or _friendly(me, o.targets[0], suspects))
        ]

    def claim(self, state: GameState, player: str, rng: random.Random) -> str | None:
        """By day, a town player who knows a free enemy says so in the topic; a Black Org
        member now and then accuses a townsperson falsely, to lead the vote astray."""
        if not state.phase.is_day:
            return None
        me = self.known[player]
        suspects = self._suspects(state, player)
        if me.team or me.side == "black_org":
            if rng.random() < 0.2:
                free = [n for n in free_players(state) if n != player and n not in me.team]
                return rng.choice(free) if free else None
            return None
        return suspects[0] if suspects else None

    def heard(self, player: str, author: str, accused: str, state: GameState) -> None:
        me = self.known[player]
        if author in me.enemies or accused in me.team or accused == player:
            return  # a known enemy's word, or a lie about one's own side
        if accused in me.cleared:
            # The town does not lie here: who accuses a player I cleared is against us.
            if author not in me.team:
                me.enemies.add(author)
            return
        me.claims[accused] = me.claims.get(accused, 0) + 1

    def vote(
        self, state: GameState, player: str, rng: random.Random, rules: GameRules | None = None
    ) -> tuple[str | None, str | None] | None:
        if not can_vote(state, player, rules):
            return None
        me = self.known[player]
        free = [n for n in free_players(state, rules) if n != player]
        suspects = self._suspects(state, player)
        if suspects:
            return rng.choice(suspects), None
        pool = [n for n in free if n not in me.team and n not in me.cleared] or [
            n for n in free if n not in me.team
        ]
        claimed = [n for n in pool if me.claims.get(n)]
        if claimed and not me.team:
            # The town follows the accusations it read: the most accused first.
            top = max(me.claims[n] for n in claimed)
            return rng.choice([n for n in claimed if me.claims[n] == top]), None
        return (rng.choice(pool), None) if pool else (None, "abstain")


def _friendly(me, target: str, suspects: Sequence[str]) -> bool:
    if me.team or me.side == "black_org":
        return target in me.team or target == me.name
    return target not in suspects and target not in me.enemies


def _draw(rng: random.Random, pool: Sequence[str]) -> list[str]:
    return [rng.choice(list(pool))] if pool else []
