"""Is an accusation true? Crimes are judged against the history of actions.

"Needs to accuse a player for a specific crime during a specific past phase"; "If a crime is
hindered by discombobulation or other ability, it is treated as having failed and thus not
happening."
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from autogm.engine.phases import Phase
from autogm.engine.state import ActionRecord, GameState

# The crime an arrest names -> the abilities that commit it. "Killing (whether it be of the
# normal, sniping, or APTX variety)".
CRIME_ABILITIES: dict[str, frozenset[str]] = {
    "kill": frozenset({"kill", "snipe", "aptx", "poison"}),
    "disguise": frozenset({"disguise", "temporary_disguise"}),
    "blame": frozenset({"blame"}),
    "slander": frozenset({"slander"}),
    "bribe": frozenset({"bribe"}),
    "discombobulate": frozenset({"discombobulate"}),
    "abduct": frozenset({"abduct"}),
    "erase": frozenset({"erase"}),
    "frighten": frozenset({"frighten"}),
    "steal": frozenset({"steal"}),
    "plant_vest": frozenset({"plant_vest"}),
}


def _phase_index(record: ActionRecord) -> int:
    return record.phase.index


def _before(state: GameState, phase: Phase) -> list[ActionRecord]:
    """The records of the phases before ``phase``: the history is in phase order (each
    resolution adds its phase's records at the end), so they are the part a bisect finds,
    with no comparison of phases record by record."""
    history = state.history
    return history[: bisect_left(history, phase.index, key=_phase_index)]


def _counts(state: GameState, record: ActionRecord) -> bool:
    if not (record.crime and record.took_place):
        return False
    saved_counts = state.ruleset.option("saved_attack_is_crime")
    return not (record.ability in {"kill", "snipe"} and not record.succeeded and not saved_counts)


def committed(
    state: GameState,
    suspect: str,
    crime: str,
    victim: str | None,
    when: Phase | None,
    *,
    blamed: bool = True,
) -> bool:
    """Whether ``suspect`` committed ``crime`` on ``victim`` in phase ``when`` (any phase
    before the current one when ``when`` is None: classic's "Arresting Akonyl for killing
    conia").

    A blamed action counts ("Players can be arrested for blamed actions, even tho the player
    didn't do it") unless ``blamed`` is False ("The BO can't arrest someone for a blamed action
    in any way").
    """
    abilities = CRIME_ABILITIES.get(crime, frozenset({crime}))
    if when is None:
        records = _before(state, state.phase)
    else:
        history, index = state.history, when.index
        start = bisect_left(history, index, key=_phase_index)
        records = history[start : bisect_right(history, index, lo=start, key=_phase_index)]
    for record in records:
        if record.actor != suspect or record.ability not in abilities:
            continue
        if record.blamed and not blamed:
            continue
        if not _counts(state, record):
            continue
        if victim is None or victim in record.targets or victim == record.role:
            return True
    return False


def has_committed_any(state: GameState, suspect: str, before: Phase) -> bool:
    """Any crime before ``before`` (Cross-examine; House Search)."""
    # A loop, not any() over a generator: a Cross-Examine walks every earlier record.
    for r in _before(state, before):
        if r.actor != suspect:
            continue
        if _counts(state, r):
            return True
    return False


def crimes_of(state: GameState, suspect: str, before: Phase) -> list[ActionRecord]:
    """Every crime ``suspect`` committed before ``before``, blamed ones included (House Search:
    "If the target DID commit a crime, even if it was a blamed action")."""
    return [r for r in _before(state, before) if r.actor == suspect and _counts(state, r)]
