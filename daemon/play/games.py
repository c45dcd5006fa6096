"""Every call into the engine: dealing, a game's state rebuilt from the store, a phase's close.

The daemon never serialises the engine's state. The engine is deterministic (same seed, same
messages in the same order: same game) and fast, so a game is rebuilt by replaying what the
store holds: the roster and seed (``games.state`` and ``games.seed``), then, phase by phase,
the ``orders`` rows in id order, which are every message fed to the game session and every
GM override applied to it. A row's ``parsed`` says how it is fed (``FEED``):

- ``order``: a player's message, given to ``GameSession.receive``;
- ``will``: a message that arrived during the action lock: only its will is kept;
- ``clear``: the player's ``clear`` command;
- ``post``: a post in the game topic, read for its votes (``votes = topic``);
- ``gm``: an engine override (``modkill X``, ``replace X with Y``), or one of the GM's texts
  (``approve tape 1``, ``hint topic: ...``: engine/gm_texts.py).

These are the session's item kinds (engine/session.py), which a scenario file's items use
too: that is how an archived game is exported and replayed to the same record.

The role PMs are the engine's (engine/families/dctp/prep.py): the opening ones go out when the
game starts (players with a Prep action), the others when Prep closes (everyone else: a player
whose role a disguise took is only ever told their new one). ``LiveGame.role_pms`` keeps the
latest role PM of each current account, for the ``role`` command and for a substitute.

Voided rows are skipped (a GM ``void order``), so voiding is just a rebuild without them.
Rows still ``pending`` (a GM ``correct order`` not yet read) are left to :func:`feed_pending`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from autogm.daemon.config.model import GameConfig, VotesMode
from autogm.daemon.play.roster import deal
from autogm.daemon.store.db import Store
from autogm.daemon.store.rows import OrderRow
from autogm.engine.families import FAMILIES
from autogm.engine.families.dctp.prep import has_prep_action
from autogm.engine.gm import OverrideError as EngineOverrideError
from autogm.engine.gm_texts import HeldText
from autogm.engine.orders.model import ParsedPM
from autogm.engine.orders.names import NameMatcher
from autogm.engine.orders.votes import NO_LYNCH, VoteCount, read_votes
from autogm.engine.outcome import Notice, PhaseOutcome
from autogm.engine.phases import Phase, PhaseKind
from autogm.engine.reading import read_message
from autogm.engine.render import render_notice, render_phase
from autogm.engine.render.answers import render_acknowledgement
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import Ruleset, RulesetError
from autogm.engine.session import ORDER, OVERRIDE, GameSession, players_record
from autogm.engine.state import GameState

if TYPE_CHECKING:
    from autogm.engine.families.midnight.running import RunningCount

__all__ = [
    "EngineOverrideError",
    "GameError",
    "RulesetError",
    "acknowledge",
    "deal",
    "ruleset_for",
]

GM_PLAYER = "GM"


class GameError(Exception):
    """The store and the engine disagree (a game the engine cannot rebuild)."""


def ruleset_for(game: GameConfig) -> Ruleset:
    """The game's ruleset with its options; RulesetError names what is wrong."""
    return load_ruleset(game.ruleset, game.rule_options)


def start_state(
    ruleset: Ruleset, roster: Mapping[str, str], seed: int, choices: Mapping[str, str] | None = None
) -> GameState:
    """The game as dealt by its family, with what the players chose at sign-up when the family
    has choices (midnight's Daylight roles)."""
    family = FAMILIES[ruleset.family]
    setup = family.setup_from_choices(choices or {}) if family.setup_from_choices else None
    return family.new_game(ruleset, dict(roster), seed, setup)


def choices_of(start: Mapping[str, Any]) -> dict[str, str]:
    """What the players chose at sign-up, as the deal kept it (``games.state``)."""
    return dict((start.get("deal") or {}).get("choices") or {})


def render_private(notices: Sequence[Notice]) -> dict[str, list[str]]:
    """Private notices as texts per player, each text once (as engine.render does)."""
    texts: dict[str, list[str]] = {}
    for notice in notices:
        if notice.to is not None:
            mine = texts.setdefault(notice.to, [])
            text = render_notice(notice)
            if text not in mine:
                mine.append(text)
    return texts


def acknowledge(parsed: ParsedPM, state: GameState) -> str:
    """The reply to an order PM, in the game's ruleset's names for its abilities."""
    return render_acknowledgement(parsed, state.phase, state.ruleset.titles)


@dataclass
class LiveGame:
    """A game's session, rebuilt from the store, with what was fed to it."""

    name: str
    session: GameSession
    closed: list[str]  # names of the phases closed so far, in order
    digests: dict[str, str]  # phase → digest of its outcome as rebuilt
    # The role PM each current account was sent last (texts), and the opening's ones.
    role_pms: dict[str, list[str]] = field(default_factory=dict)
    opening: dict[str, list[str]] = field(default_factory=dict)

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
    live = begin(game, ruleset, row["state"]["roster"], row["seed"], choices_of(row["state"]))
    closed = [
        r["name"]
        for r in store.rows(
            "SELECT name FROM phases WHERE game = ? AND closed_at IS NOT NULL ORDER BY id", [game]
        )
    ]
    for name in closed:
        _check_phase(live, name)
        feed_rows(live, store.orders(game, name))
        outcome = live.session.close()
        _new_role_pms(live, outcome, render_phase(outcome).private)
        live.closed.append(name)
        live.digests[name] = digest(outcome)
    feed_rows(live, store.orders(game, live.phase))
    return live


def differences(kept: LiveGame, rebuilt: LiveGame) -> list[str]:
    """What differs between two sessions of one game (none, when a kept session matches its
    rebuild from the store): the names of the parts that differ."""
    a, b = kept.session, rebuilt.session
    parts = {
        "phase": (kept.phase, rebuilt.phase),
        "closed": (kept.closed, rebuilt.closed),
        "digests": (kept.digests, rebuilt.digests),
        "role_pms": (kept.role_pms, rebuilt.role_pms),
        "opening": (kept.opening, rebuilt.opening),
        "state": (a.state, b.state),
        # In the order they came: orders resolve in arrival order.
        "pending": (list(a.pending.items()), list(b.pending.items())),
        "wills": (a.wills, b.wills),
        "questions": (a.questions, b.questions),
        "instants": (a.instants, b.instants),
        "texts": (a.texts, b.texts),
    }
    return [name for name, (x, y) in parts.items() if x != y]


def begin(
    game: str,
    ruleset: Ruleset,
    roster: Mapping[str, str],
    seed: int,
    choices: Mapping[str, str] | None = None,
) -> LiveGame:
    """A new game, opened: its first phase, and the role PMs the opening sends."""
    session = GameSession(start_state(ruleset, roster, seed, choices))
    opening = render_private(session.open())
    return LiveGame(game, session, [], {}, dict(opening), opening)


def _new_role_pms(
    live: LiveGame, outcome: PhaseOutcome, private: Mapping[str, list[str]]
) -> dict[str, list[str]]:
    """The role PMs a phase's close sends: after Prep, to everyone without a Prep action
    (what the engine tells them then is what they learn of their role)."""
    if outcome.phase.kind is not PhaseKind.PREP:
        return {}
    state = outcome.state
    sent = {
        name: list(private[name])
        for name in state.players
        if name in private and not has_prep_action(state, name)
    }
    live.role_pms.update(sent)
    return sent


def _check_phase(live: LiveGame, name: str) -> None:
    if live.phase != name:
        raise GameError(
            f"{live.name}: the store closed {name} but the rebuilt game is at {live.phase}"
        )


def feed_rows(live: LiveGame, rows: Sequence[OrderRow]) -> None:
    for order in rows:
        if order.state == "pending":
            continue
        how = (order.parsed or {}).get("feed", ORDER)
        if how == OVERRIDE:
            # One refused when it was first applied changed nothing then, nor does it now.
            with contextlib.suppress(EngineOverrideError):
                apply_gm(live, order.raw)
        else:
            live.session.feed(order.player, order.raw, how)


def apply_gm(live: LiveGame, command: str) -> tuple[list[str], dict[str, list[str]]]:
    """Apply an engine override or one of the GM's texts now (engine/gm_texts.py): what it
    announces in the topic, and what it tells each player it concerns (a correction of their
    condition or items, an approved dream). Raises EngineOverrideError.

    A replaced player's role PM passes to the substitute's account."""
    before = set(live.session.state.players)
    notices = live.session.apply_gm(command)
    after = set(live.session.state.players)
    gone, came = before - after, after - before
    if len(gone) == 1 and len(came) == 1:
        (old,), (new,) = gone, came
        if old in live.role_pms:
            live.role_pms[new] = live.role_pms.pop(old)
    public = [render_notice(n) for n in notices if n.to is None]
    return public, render_private([n for n in notices if n.to is not None])


def instant_texts(live: LiveGame) -> list[tuple[list[str], dict[str, list[str]]]]:
    """What each instant order of the open phase announced and told, in declaration order."""
    return [
        ([render_notice(n) for n in o.notices if n.to is None], render_private(o.notices))
        for o in live.session.instants
    ]


def reads_topic_orders(live: LiveGame) -> bool:
    """Whether the game's family reads public orders from topic posts (midnight's OOC tag)."""
    return FAMILIES[live.state.ruleset.family].public_orders


def orders_channel(cfg: GameConfig, ruleset: Ruleset, phase: str) -> str:
    """Where players send ``phase``'s orders, as the posts tell them (daemon/play/texts.py
    ``HOW_TO_SEND``): a family that reads public orders in the topic (midnight's OOC tag) has
    them there in every phase, the Day's vote among them (``ooc`` by day, ``ooc_night`` by
    night, covert orders by PM); ``votes = topic`` has the day's votes there (``votes``); the
    rest goes by PM (``pm``)."""
    day = Phase.parse(phase).is_day
    if FAMILIES[ruleset.family].public_orders:
        return "ooc" if day else "ooc_night"
    return "votes" if cfg.votes is VotesMode.TOPIC and day else "pm"


def post_has_orders(live: LiveGame, author: str, source: str) -> bool:
    """Whether a topic post holds anything for the game: its vote marks by day, or for a
    family that reads public orders in the topic, anything its reader finds (an order or a
    refusal to answer); talk holds nothing."""
    if FAMILIES[live.state.ruleset.family].public_orders:
        parsed = read_message(live.state, author, source, public=True)
        return bool(parsed.accepted or parsed.rejected or parsed.unvote)
    return is_day(live) and has_votes(live, source)


def is_day(live: LiveGame) -> bool:
    return live.state.phase.kind is PhaseKind.DAY


def has_votes(live: LiveGame, source: str) -> bool:
    """Whether a topic post holds any vote mark (outside quotes) for this game."""
    return bool(read_votes(source, NameMatcher(list(live.state.players))))


def vote_count(live: LiveGame) -> VoteCount | RunningCount | None:
    """The running count of the open day's votes as the session holds them (None at night);
    a family that weighs votes counts them itself, showing what the public may see (midnight:
    docs/rulings.md, "midnight: the running count by Day")."""
    state = live.state
    if state.phase.kind is not PhaseKind.DAY:
        return None
    counted = FAMILIES[state.ruleset.family].running_count
    if counted is not None:
        return counted(state, live.session.pending.values())
    free = [name for name, p in state.players.items() if p.is_free]
    count = VoteCount.start(free)
    for (player, _slot), order in live.session.pending.items():
        if order.ability != "vote" or order.choice == "abstain":
            continue
        if order.choice == "no_lynch":
            target = "no lynch"
        elif order.targets:
            target = order.targets[0]
        else:
            continue
        count = _cast(count, player, target)
    return count


def _cast(count: VoteCount, voter: str, target: str) -> VoteCount:
    ballots = dict(count.ballots)
    ballots.pop(voter, None)
    ballots[voter] = NO_LYNCH if target == "no lynch" else target
    return type(count)(count.voters, count.targets, count.allow_no_lynch, tuple(ballots.items()))


@dataclass(frozen=True, slots=True)
class ClosedPhase:
    """A phase resolved: the outcome, its texts, and the record kept in ``phases.outcome``."""

    phase: str
    next_phase: str
    outcome: PhaseOutcome
    public: list[str]
    private: dict[str, list[str]]  # the results PMs this close sends
    role_pms: dict[str, list[str]]  # the role PMs this close sends (after Prep)
    opening: dict[str, list[str]]  # the first phase: the role PMs sent when the game opened
    winner: str | None

    def all_private(self) -> dict[str, list[str]]:
        """Every private text of the phase as the replay record has it: the opening's role
        PMs first, then each player's role PM and results of this close."""
        merged: dict[str, list[str]] = {p: list(t) for p, t in self.opening.items()}
        for source in (self.role_pms, self.private):
            for player, texts in source.items():
                merged.setdefault(player, []).extend(texts)
        return merged

    def record(self) -> dict[str, Any]:
        o = self.outcome
        role_pms = {p: list(t) for p, t in self.opening.items()}
        for player, texts in self.role_pms.items():
            role_pms.setdefault(player, []).extend(texts)
        return {
            "phase": self.phase,
            "next": self.next_phase,
            "public": self.public,
            "private": self.all_private(),
            "role_pms": role_pms,
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
    first = not live.closed
    outcome = live.session.close()
    rendered = render_phase(outcome)
    role_pms = _new_role_pms(live, outcome, rendered.private)
    live.closed.append(phase)
    live.digests[phase] = digest(outcome)
    return ClosedPhase(
        phase=phase,
        next_phase=str(outcome.state.phase),
        outcome=outcome,
        public=list(rendered.public),
        private={k: list(v) for k, v in rendered.private.items() if k not in role_pms},
        role_pms=role_pms,
        opening={k: list(v) for k, v in live.opening.items()} if first else {},
        winner=outcome.state.winner,
    )


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


def held_texts(live: LiveGame) -> list[HeldText]:
    """The GM's texts the game holds for approval, oldest first (engine/gm_texts.py)."""
    return live.session.texts.waiting()


def queue_gm_text(store: Store, game: str, live: LiveGame, command: str, now: Any) -> int:
    """One of the GM's text commands, checked on ``live`` (which it changes: a rebuild of the
    game, never a daemon's kept session) and written as the GM's pending order: the daemon
    carries it out and sends it at its next poll, so two processes never send one message.
    Raises EngineOverrideError."""
    apply_gm(live, command)
    return store.add_order(game, live.phase, GM_PLAYER, command, now, source="gm")


def orders_of(session: GameSession, player: str) -> list[str]:
    titles = session.state.ruleset.titles
    return [order.canonical(titles) for order in session.orders_of(player)]
