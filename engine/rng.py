"""The game's randomness: one generator per phase, derived from the game seed.

Seeding from ``seed`` and the phase index (not from a generator carried across phases) keeps
each phase reproducible on its own: a GM can re-run Day 3 and get Day 3's draws.
"""

from __future__ import annotations

import random

from autogm.engine.phases import Phase


def phase_rng(seed: int | str, phase: Phase) -> random.Random:
    return random.Random(f"autogm/{seed}/{phase.index}")
