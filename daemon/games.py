"""Every call into the engine: dealing, a game's state rebuilt from the store, a phase's close.

The daemon never serialises the engine's state. The engine is deterministic (same seed, same
messages in the same order: same game) and fast, so a game is rebuilt by replaying what the
store holds: the roster and seed (``games.state`` and ``games.seed``), then, phase by phase,
the ``orders`` rows in id order, which are every message fed to the game session and every
GM override applied to it. A row's ``parsed`` says how it is fed (``FEED``):

- ``order``: a player's message, given to ``GameSession.receive``;
- ``will``: a message that arrived during the action lock: only its will is kept;
- ``clear``: the player's ``clear`` command;
- ``gm``: an engine override (``modkill X``, ``replace X with Y``).

Voided rows are skipped (a GM ``void order``), so voiding is just a rebuild without them.
Rows still ``pending`` (a GM ``correct order`` not yet read) are left to :func:`feed_pending`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from daemon.config import GameConfig
from daemon.store import OrderRow, Store
from daemon.texts import setup_notes
from engine.deal import check_role_list, deal_roles
from engine.gm import OverrideError as EngineOverrideError
from engine.gm import apply_override
from engine.orders.model import ParsedPM
from engine.outcome import PhaseOutcome
from engine.phases import Phase
from engine.render import render_notice, render_phase
from engine.render.answers import render_acknowledgement, render_role_pm
from engine.rules import load_ruleset
from engine.rules.base import Ruleset, RulesetError
from engine.session import GameSession
from engine.setup import new_game
from engine.state import GameState

__all__ = [
    "EngineOverrideError",
    "GameError",
    "RulesetError",
    "acknowledge",
    "deal",
    "ruleset_for",
]

FEED_ORDER, FEED_WILL, FEED_CLEAR, FEED_GM = "order", "will", "clear", "gm"
GM_PLAYER = "GM"


class GameError(Exception):
    """The store and the engine disagree (a game the engine cannot rebuild)."""


def ruleset_for(game: GameConfig) -> Ruleset:
    """The game's ruleset with its options; RulesetError names what is wrong."""
    return load_ruleset(game.ruleset, game.rule_options)


def deal(game: GameConfig, ruleset: Ruleset, seed: int) -> dict[str, str]:
    """The roster, player → role: the config's own roles, or the role list dealt by the seed."""
    names = [p.name for p in game.players]
    if game.roles:
        return deal_roles(ruleset, names, game.roles, seed)
    roles = check_role_list(ruleset, [p.role or "" for p in game.players])
    return dict(zip(names, roles, strict=True))


def start_state(ruleset: Ruleset, roster: Mapping[str, str], seed: int) -> GameState:
    return new_game(ruleset, dict(roster), seed)


def role_pm(state: GameState, player: str) -> str:
    return render_role_pm(state, player)


def acknowledge(parsed: ParsedPM, phase: Phase) -> str:
    return render_acknowledgement(parsed, phase)


@dataclass
class LiveGame:
    """A game's session, rebuilt from the store, with what was fed to it."""

    name: str
    session: GameSession
    closed: list[str]  # names of the phases closed so far, in order
    digests: dict[str, str]  # phase → digest of its outcome as rebuilt

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def phase(self) -> str:
        return str(self.session.state.phase)


def rebuild(store: Store, game: str, ruleset: Ruleset) -> LiveGame:
    """The game as the store records it: every closed phase replayed, the open one fed."""
    row = store.game(game)
    if row is None or not row["state"]:
        raise GameError(f"{game} has not started")
    session = GameSession(start_state(ruleset, row["state"]["roster"], row["seed"]))
    closed = [
        r["name"]
        for r in store.rows(
            "SELECT name FROM phases WHERE game = ? AND closed_at IS NOT NULL ORDER BY id", [game]
        )
    ]
    live = LiveGame(game, session, [], {})
    for name in closed:
        _check_phase(live, name)
        feed_rows(session, store.orders(game, name))
        outcome = session.close()
        live.closed.append(name)
        live.digests[name] = digest(outcome)
    feed_rows(session, store.orders(game, live.phase))
    return live


def _check_phase(live: LiveGame, name: str) -> None:
    if live.phase != name:
        raise GameError(
            f"{live.name}: the store closed {name} but the rebuilt game is at {live.phase}"
        )


def feed_rows(session: GameSession, rows: Sequence[OrderRow]) -> None:
    for order in rows:
        if order.state != "pending":
            feed(session, order.player, order.raw, (order.parsed or {}).get("feed", FEED_ORDER))


def feed(session: GameSession, player: str, text: str, how: str) -> ParsedPM | None:
    """Give one stored message to the session the way it was given the first time."""
    if how == FEED_GM:
        # One refused when it was first applied changed nothing then, nor does it now.
        with contextlib.suppress(EngineOverrideError):
            session.state, _ = apply_override(session.state, text)
        return None
    if how == FEED_CLEAR:
        session.clear(player)
        return None
    if how == FEED_WILL:
        kept = dict(session.pending)
        parsed = session.receive(player, text)
        session.pending = kept  # the lock keeps the orders as they were; the will changes
        return parsed
    return session.receive(player, text)


def apply_gm(live: LiveGame, command: str) -> list[str]:
    """Apply an engine override now; the public notices it makes. Raises EngineOverrideError."""
    live.session.state, notices = apply_override(live.session.state, command)
    return [render_notice(n) for n in notices]


@dataclass(frozen=True, slots=True)
class ClosedPhase:
    """A phase resolved: the outcome, its texts, and the record kept in ``phases.outcome``."""

    phase: str
    next_phase: str
    outcome: PhaseOutcome
    public: list[str]
    private: dict[str, list[str]]
    setup: dict[str, list[str]]  # after Prep: disguise, costumes, lover, best friend
    winner: str | None

    def record(self) -> dict[str, Any]:
        o = self.outcome
        return {
            "phase": self.phase,
            "next": self.next_phase,
            "public": self.public,
            "private": self.private,
            "setup": self.setup,
            "results": [r.to_record() for r in o.results],
            "lynch": o.lynch.to_record() if o.lynch else None,
            "draws": [
                {"label": d.label, "choices": list(d.choices), "chosen": d.chosen} for d in o.draws
            ],
            "players": players_record(o.state, o.phase),
            "winner": self.winner,
            "digest": digest(o),
        }


def close(live: LiveGame) -> ClosedPhase:
    """Resolve the open phase (the session moves on to the next)."""
    phase = live.phase
    outcome = live.session.close()
    rendered = render_phase(outcome)
    setup = _setup_notes(outcome.state) if outcome.phase == Phase.prep() else {}
    live.closed.append(phase)
    live.digests[phase] = digest(outcome)
    return ClosedPhase(
        phase=phase,
        next_phase=str(outcome.state.phase),
        outcome=outcome,
        public=list(rendered.public),
        private={k: list(v) for k, v in rendered.private.items()},
        setup=setup,
        winner=outcome.state.winner,
    )


def _setup_notes(state: GameState) -> dict[str, list[str]]:
    lovers: dict[str, str] = {}
    for first, second in state.lovers:
        lovers[first], lovers[second] = second, first
    friend_of = {friend: sonoko for sonoko, friend in state.best_friends.items()}
    notes = {}
    for name, player in state.players.items():
        lines = setup_notes(
            player.disguise,
            state.costumes.get(name, ()),
            lovers.get(name),
            state.best_friends.get(name),
            friend_of.get(name),
        )
        if lines:
            notes[name] = lines
    return notes


def digest(outcome: PhaseOutcome) -> str:
    """A fingerprint of a phase's results, to notice an engine upgrade that changes the past."""
    data = {
        "results": [r.to_record() for r in outcome.results],
        "notices": [[n.key, n.to, sorted(map(str, n.params.items()))] for n in outcome.notices],
        "winner": outcome.state.winner,
    }
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def alive(state: GameState) -> list[str]:
    return [name for name, p in state.players.items() if p.is_alive]


def players_record(state: GameState, phase: Phase) -> dict[str, Any]:
    """Each player's role, status and conditions after a phase (the replay record's shape)."""
    players = {}
    for name, p in state.players.items():
        conditions = p.active_conditions(phase)
        if p.disguise:
            conditions.append(f"disguised:{p.disguise}")
        players[name] = {"role": p.role, "status": p.status.value, "conditions": conditions}
    return players


def can_act(state: GameState) -> list[str]:
    """Free players holding an ability (a sheet line or a common one) usable this phase."""
    kind = state.phase.kind
    able = []
    for name, player in state.players.items():
        if not player.is_free:
            continue
        sheet = state.ruleset.role(player.role)
        slots = list(sheet.slots)
        for group in (sheet.side.value, "all"):
            slots += state.ruleset.common_slots.get(group, ())
        if any(kind in slot.phases for slot in slots):
            able.append(name)
    return able


def player_statuses(state: GameState) -> dict[str, str]:
    return {name: p.status.value for name, p in state.players.items()}


def will_of(session: GameSession, player: str) -> str | None:
    if player in session.wills:
        return session.wills[player]
    p = session.state.players.get(player)
    return p.will if p else None


def orders_of(session: GameSession, player: str) -> list[str]:
    return [order.canonical() for order in session.orders_of(player)]


def parse_phase(name: str) -> Phase:
    return Phase.parse(name)
