"""A dream's draft (dctp-classic): "5 facts, 4 false and 1 true", drafted from the night's record.

"The GM will give out one dream per night - one player get's the info of the dream (PM) on the
next day". autogm drafts, the GM writes: the draft names the dreamer (the GM's choice, or a
seeded draw) and five facts of one shape, one of them true, each false one checkably false
against the record (``holds``). The GM edits or rewrites it before anything is sent
(engine/gm_texts.py).

Shapes: an action of the night ("Abs used kill on Kleene"), taken from the night's record;
when nobody acted that night, a role ("Kleene is Agasa").
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from autogm.engine.phases import Phase
from autogm.engine.render.templates import say
from autogm.engine.state import GameState

DREAM_FACTS = 5
# The draw of a dream has its own generator, apart from the phase's: holding a dream draws
# nothing the resolution of the phase would otherwise have drawn.
_LABEL = "dream"


def dream_rng(seed: int | str, phase: Phase, part: str) -> random.Random:
    """The generator of one part of a night's dream (``dreamer``, ``facts``): the facts drawn
    for a dreamer the GM named are the ones a draw of that dreamer gives."""
    return random.Random(f"autogm/{seed}/{phase.index}/{_LABEL}/{part}")


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact of a dream: ``actor`` used ``ability`` on ``target`` in the night, or (shape
    ``role``) ``actor`` holds the role ``ability`` names."""

    shape: str  # "action" or "role"
    actor: str
    ability: str
    target: str | None = None

    def text(self, titles: dict[str, str] | None = None) -> str:
        if self.shape == "role":
            return say("gm_text.fact_role", player=self.actor, role=self.ability)
        name = (titles or {}).get(self.ability, self.ability).replace("_", " ")
        return say("gm_text.fact_action", player=self.actor, ability=name, target=self.target)


def holds(fact: Fact, state: GameState, night: Phase) -> bool:
    """Whether ``fact`` is true of the game: an action the night's record has as taken
    place, or a player's role (the role itself, or the disguise worn)."""
    if fact.shape == "role":
        player = state.players.get(fact.actor)
        return player is not None and fact.ability in (player.role, player.ext.disguise)
    return any(
        r.phase == night
        and r.took_place
        and r.actor == fact.actor
        and r.ability == fact.ability
        and fact.target in r.targets
        for r in state.history
    )


def draw_dreamer(state: GameState, night: Phase, rng: random.Random) -> str | None:
    """One free, living player, drawn: who dreams this night."""
    free = sorted(name for name, p in state.players.items() if p.is_free)
    return rng.choice(free) if free else None


def draft_facts(
    state: GameState, night: Phase, dreamer: str, rng: random.Random
) -> tuple[tuple[Fact, ...], int]:
    """The five facts of ``dreamer``'s dream and the index of the true one.

    The true fact is an action of the night that took place and was not the dreamer's own
    (a dream tells what one did not see); the four false ones keep its shape and change its
    player, its target or its ability, each checked false against the record."""
    true = _true_action(state, night, dreamer, rng)
    false = _false_actions(state, night, true, rng) if true else []
    if true is None or len(false) < DREAM_FACTS - 1:
        true = _true_role(state, dreamer, rng)
        false = _false_roles(state, night, true, rng)
    facts = [*false[: DREAM_FACTS - 1]]
    at = rng.randrange(len(facts) + 1)
    facts.insert(at, true)
    return tuple(facts), at


def _true_action(state: GameState, night: Phase, dreamer: str, rng: random.Random) -> Fact | None:
    seen = sorted(
        {
            Fact("action", r.actor, r.ability, t)
            for r in state.history
            if r.phase == night and r.took_place and r.actor != dreamer
            for t in r.targets
            if t in state.players and t != r.actor
        },
        key=lambda f: (f.actor, f.ability, f.target or ""),
    )
    return rng.choice(seen) if seen else None


def _false_actions(state: GameState, night: Phase, true: Fact, rng: random.Random) -> list[Fact]:
    """Facts of the true one's shape that the record contradicts: another actor, another
    target, another ability of the night."""
    names = sorted(state.players)
    abilities = sorted({r.ability for r in state.history if r.phase == night} | {true.ability})
    candidates = sorted(
        {
            Fact("action", actor, ability, target)
            for actor in names
            for ability in abilities
            for target in names
            if actor != target
        }
        - {true},
        key=lambda f: (f.actor, f.ability, f.target or ""),
    )
    # What ``holds`` asks of each candidate, found once: the night's actions that took place,
    # as (actor, ability, target). A scan of the history for each of the thousands of
    # candidates made a classic night's dream cost more than the rest of the game.
    taken = {
        (r.actor, r.ability, target)
        for r in state.history
        if r.phase == night and r.took_place
        for target in r.targets
    }
    false = [f for f in candidates if (f.actor, f.ability, f.target) not in taken]
    # Close to the true fact first (one word changed), so that the dream is a riddle and
    # not a list of the impossible.
    near = [f for f in false if sum(map(_differs, _parts(f), _parts(true))) == 1]
    near_set = set(near)
    rest = [f for f in false if f not in near_set]
    picked = rng.sample(near, min(len(near), DREAM_FACTS - 1))
    if len(picked) < DREAM_FACTS - 1 and rest:
        picked += rng.sample(rest, min(len(rest), DREAM_FACTS - 1 - len(picked)))
    return picked


def _parts(fact: Fact) -> tuple[str, str, str | None]:
    return fact.actor, fact.ability, fact.target


def _differs(a: str | None, b: str | None) -> bool:
    return a != b


def _true_role(state: GameState, dreamer: str, rng: random.Random) -> Fact:
    others = sorted(n for n, p in state.players.items() if n != dreamer and p.is_alive)
    name = rng.choice(others or sorted(state.players))
    player = state.players[name]
    return Fact("role", name, player.ext.disguise or player.role)


def _false_roles(state: GameState, night: Phase, true: Fact, rng: random.Random) -> list[Fact]:
    """About the living, with the roles still in play: a dead player's role is known to all."""
    living = {n: p for n, p in state.players.items() if p.is_alive}
    roles = sorted({p.ext.disguise or p.role for p in living.values()} | {true.ability})
    candidates = sorted(
        {Fact("role", name, role) for name in living for role in roles} - {true},
        key=lambda f: (f.actor, f.ability),
    )
    false = [f for f in candidates if not holds(f, state, night)]
    return rng.sample(false, min(len(false), DREAM_FACTS - 1))
