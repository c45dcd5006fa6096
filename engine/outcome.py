"""What a phase produced, as data: results, notices, the lynch. Rendering is elsewhere."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from autogm.engine.phases import Phase
from autogm.engine.state import GameState


# Not frozen, as Order is not (engine/orders/model.py): made by the thousand, never changed
# once made (a change is ``dataclasses.replace``); a frozen one's __init__ costs twice as much.
@dataclass(slots=True, unsafe_hash=True)
class Notice:
    """A message the rules say someone receives: ``to`` None is the public announcement.

    ``key`` names a template in engine/render/templates.toml; ``params`` fill it in.
    ``essential`` notices reach even a player who gets no results this phase (suspended or
    injured): the news of the suspension or injury itself.
    """

    key: str
    to: str | None
    params: dict[str, Any] = field(default_factory=dict)
    essential: bool = False


# Not frozen, as Order is not (engine/orders/model.py): made by the thousand, never changed
# once made (a change is ``dataclasses.replace``); a frozen one's __init__ costs twice as much.
@dataclass(slots=True, unsafe_hash=True)
class Result:
    """One ability used by one player, in the order it resolved (the record's ``results``)."""

    player: str
    ability: str
    outcome: Any
    query: str | None = None
    target: str | None = None
    reason: str | None = None
    # Which of the ability's choices was used, where the ability is a choice among several
    # (midnight's Play: pass, bank, bluff, whist, misère, fold), as its order's ``choice``.
    choice: str | None = None

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"player": self.player, "ability": self.ability}
        if self.choice is not None:
            record["choice"] = self.choice
        record["outcome"] = self.outcome
        if self.query is not None:
            record["query"] = self.query
        if self.target is not None:
            record["target"] = self.target
        if self.reason is not None:
            record["reason"] = self.reason
        return record


@dataclass(frozen=True, slots=True)
class Lynch:
    """The day's vote: who was lynched (None: nobody), the counts and each ballot."""

    target: str | None
    votes: dict[str, int]
    shown: bool
    failed: bool
    ballots: dict[str, str] = field(default_factory=dict)  # voter -> what their vote was for

    def to_record(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "votes": dict(self.votes),
            "shown": self.shown,
            "failed": self.failed,
        }


@dataclass(frozen=True, slots=True)
class Draw:
    """A random choice the engine made, so that a ruling can be explained."""

    label: str
    choices: tuple[str, ...]
    chosen: str


@dataclass(frozen=True, slots=True)
class HeldText:
    """A text waiting for the GM: ``kind`` and ``number`` name it (``tape 2``); it goes to
    ``to`` (None: the topic) through the ``template`` notice, with ``params`` beside the
    text. ``note`` is for the GM only (a dream's true fact, the will's author)."""

    kind: str
    number: int
    phase: Phase
    to: str | None
    text: str
    template: str
    params: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    # Who wrote it, told when the GM withholds or rewrites it (midnight's letters and The
    # Call); None for the texts whose author is not told (classic's tapes and wills).
    sender: str | None = None

    @property
    def label(self) -> str:
        return f"{self.kind} {self.number}"

    def notice(self, text: str | None = None) -> Notice:
        return Notice(self.template, self.to, {**self.params, "text": text or self.text})

    def to_record(self) -> dict[str, Any]:
        record = {
            "kind": self.kind,
            "number": self.number,
            "to": self.to,
            "text": self.text,
            "note": self.note,
        }
        return record if self.sender is None else {**record, "sender": self.sender}


@dataclass(frozen=True, slots=True)
class PhaseOutcome:
    """What resolving a phase gave: the new state, results, notices, the lynch and draws."""

    phase: Phase
    state: GameState
    results: tuple[Result, ...]
    notices: tuple[Notice, ...]
    lynch: Lynch | None
    draws: tuple[Draw, ...]
    # What the phase's abilities hold for the GM instead of sending (midnight's letters under
    # ``letters = approve``): the session's queue numbers them (engine/gm_texts.py).
    held: tuple[HeldText, ...] = ()

    @property
    def winner(self) -> str | None:
        return self.state.winner
