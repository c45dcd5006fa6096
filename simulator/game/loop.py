"""One game, played: dealt by its seed, opened, and phase by phase each free player's orders
written as a private message (and, where votes go to the topic, the vote as a post) and fed
to the engine's ``GameSession`` as the daemon feeds a forum's messages; the session resolves
each phase. What was sent is kept as the scenario file's items, so that ``autogm replay``
plays the same game, and what each message and phase gave is kept for the checks.

Every random choice of the players is drawn from one generator seeded by the game's seed
(``random.Random("autogm-sim/SEED")``), the engine draws from its own: a game is the same
game on any machine, in any worker, at any time.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field

from engine.families import FAMILIES
from engine.orders.model import Order, ParsedPM
from engine.outcome import Notice
from engine.phases import PhaseKind
from engine.render import render_phase
from engine.render.answers import render_acknowledgement
from engine.replay import ORDER, POST, PhaseReplay, Received, feed_post
from engine.session import GameSession
from engine.setup import new_game
from engine.state import Status
from simulator.policies.base import Knowledge, Policy
from simulator.policies.registry import POLICIES
from simulator.policies.writing import (
    FORMS,
    expected,
    order_text,
    same_kill,
    write_pm,
    write_vote_post,
)
from simulator.setups import SimSetup

# A game that has not ended after this many phases is reported (a stalemate the rules do not
# allow, or players who cannot finish it).
PHASE_LIMIT = 80


@dataclass
class Problem:
    """One check a game broke: ``check`` names it, ``detail`` says where and what."""

    check: str
    detail: str

    def to_record(self) -> dict[str, str]:
        return {"check": self.check, "detail": self.detail}


@dataclass
class Played:
    """A game as played: the deal, each phase's items (the scenario's), what the engine gave
    (``replays``: engine.replay's ``PhaseReplay``, from which the record is made), and the
    problems found while it was played."""

    seed: int
    ruleset: str
    options: dict[str, object]
    roster: dict[str, str]
    setup: dict[str, object] | None
    items: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)
    replays: list[PhaseReplay] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    winner: str | None = None
    winners: tuple[str, ...] = ()
    final: dict[str, tuple[str, str]] = field(default_factory=dict)  # player -> (role, status)
    sides: dict[str, str] = field(default_factory=dict)  # player -> side

    @property
    def phases(self) -> int:
        return len(self.replays)


def _daylight(setup: SimSetup, rng: random.Random) -> dict[str, object] | None:
    """midnight: each player's chosen Daylight role, drawn as players choose them at
    sign-up ("no duplicate roles"; a few play none of the list)."""
    ruleset = setup.ruleset
    if FAMILIES[ruleset.family].new_game is None:
        return None
    open_roles = sorted(r for r in ruleset.open_roles if r != "Other")
    rng.shuffle(open_roles)
    chosen = {}
    for name, role in zip(setup.players, open_roles, strict=False):
        if rng.random() < 0.9:
            chosen[name] = role
    return {"daylight": chosen}


def play(setup: SimSetup, policy: str, seed: int, limit: int = PHASE_LIMIT) -> Played:
    """Play the game of ``seed``; every exception is caught and reported as a problem."""
    rng = random.Random(f"autogm-sim/{seed}")
    ruleset = setup.ruleset
    roster = setup.deal(seed)
    extra = _daylight(setup, rng)
    played = Played(seed, ruleset.id, dict(setup.options), roster, extra)
    try:
        _play(setup, POLICIES[policy], played, rng, limit)
    except Exception as exc:  # a broken game is reported with its seed, never raised
        tb = traceback.format_exc(limit=-6)
        where = str(played.replays[-1].phase.next()) if played.replays else "the opening"
        played.problems.append(Problem("exception", f"{where}: {exc!r}\n{tb}"))
    return played


def _start(setup: SimSetup, played: Played) -> GameSession:
    ruleset = setup.ruleset
    family = FAMILIES[ruleset.family]
    if family.new_game is not None:
        state = family.new_game(ruleset, dict(played.roster), played.seed, played.setup)
    else:
        state = new_game(ruleset, dict(played.roster), played.seed)
    return GameSession(state)


def _play(setup: SimSetup, policy_class: type[Policy], played: Played, rng, limit: int) -> None:
    session = _start(setup, played)
    state = session.state
    knowledge = {
        name: Knowledge(name, p.role, state.side(name).value) for name, p in state.players.items()
    }
    played.sides = {name: k.side for name, k in knowledge.items()}
    policy = policy_class(knowledge)
    opening = list(session.open())
    _tell(policy, opening, session)
    family_reads = FAMILIES[state.ruleset.family].read is not None
    topic_votes = setup.votes == "topic" or family_reads
    names = list(state.players)
    titles = state.ruleset.titles
    while not session.state.winner:
        if len(played.replays) >= limit:
            played.problems.append(Problem("phase limit", f"no winner after {limit} phases"))
            break
        state = session.state
        phase = state.phase
        current = PhaseReplay(phase, opening=opening)
        opening = []
        items: list[tuple[str, str]] = []
        order = [n for n, p in state.players.items() if p.status is Status.ALIVE]
        rng.shuffle(order)
        for player in order:
            state = session.state
            if state.players[player].status is not Status.ALIVE or state.winner:
                continue
            orders = policy.orders(state, player, rng)
            vote = policy.vote(state, player, rng) if phase.kind is PhaseKind.DAY else None
            post = None
            if vote is not None and topic_votes:
                post = write_vote_post(vote[0], vote[1], rng)
            elif vote is not None:
                orders.append(_vote(player, vote))
            if orders:
                _send(session, current, items, player, orders, names, titles, rng, played)
            if post is not None:
                _post(session, current, items, player, post, vote, played)
        current.gm_notices.extend(n for o in session.instants for n in o.notices)
        current.instants = list(session.instants)
        outcome = session.close()
        current.outcome = outcome
        played.replays.append(current)
        played.items.append((str(phase), items))
        _check_public(played, current, outcome)
        _tell(
            policy, [*(n for o in current.instants for n in o.notices), *outcome.notices], session
        )
    final = session.state
    played.winner = final.winner
    played.winners = tuple(final.winners)
    played.final = {n: (p.role, p.status.value) for n, p in final.players.items()}


def _vote(player: str, vote: tuple[str | None, str | None]) -> Order:
    target, choice = vote
    return Order(player, "vote", (target,)) if target else Order(player, "vote", choice=choice)


def _tell(policy: Policy, notices: list[Notice], session: GameSession) -> None:
    state = session.state
    public = [n for n in notices if n.to is None]
    by_player: dict[str, list[Notice]] = {}
    for n in notices:
        if n.to is not None:
            by_player.setdefault(n.to, []).append(n)
    for name in state.players:
        policy.told(name, [*by_player.get(name, ()), *public], state)


def _send(session, current, items, player, orders, names, titles, rng, played) -> None:
    """The player's orders as one private message in a form drawn; the reader must read
    each as it was meant (what the GM would restate it as)."""
    form = rng.choice(FORMS)
    lines = [order_text(o, titles) for o in orders]
    will = "I trust nobody." if rng.random() < 0.05 else None
    text = write_pm(lines, form, session.state.phase, names, rng, will)
    parsed = _receive(session, current, items, player, text)
    understood = [same_kill(o.canonical(titles)) for o in parsed.accepted]
    if parsed.asks:
        # The reader asked back a reading (a misspelt name): the player confirms it.
        again = _receive(session, current, items, player, "yes")
        understood += [same_kill(o.canonical(titles)) for o in again.accepted]
    wanted = [expected(o, titles) for o in orders]
    if sorted(understood) != sorted(wanted):
        refused = "; ".join(f"{r.text!r}: {r.reason}" for r in parsed.rejected)
        played.problems.append(
            Problem(
                "read as written",
                f"{current.phase}: {player} sent {text!r}, meant {wanted}, understood "
                f"{understood}" + (f", refused {refused}" if refused else ""),
            )
        )


def _receive(session, current, items, player, text) -> ParsedPM:
    parsed = session.receive(player, text)
    current.received.append(Received(player, text, parsed, ORDER))
    items.append((player, text))
    answer = render_acknowledgement(parsed, session.state.phase, session.state.ruleset.titles)
    if not answer.strip():
        current_problem = Problem("answered", f"{current.phase}: {player}'s {text!r} got no answer")
        raise _Unanswered(current_problem)
    return parsed


class _Unanswered(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.detail)
        self.problem = problem


def _post(session, current, items, player, text, vote, played) -> None:
    """A vote posted in the game topic: the post's mark must be read as the vote it is."""
    votes = feed_post(session, player, text)
    current.received.append(Received(player, text, None, POST))
    current.posts.append((player, text, votes))
    items.append((f"{player} (post)", text))
    if votes.refused or not votes.read:
        played.problems.append(
            Problem(
                "read as written",
                f"{current.phase}: {player} posted {text!r}, "
                f"read {[r.accepted for r in votes.read]}, refused {votes.refused}",
            )
        )


def _check_public(played: Played, current: PhaseReplay, outcome) -> None:
    """No private fact in a public post: no text sent privately this phase stands in the
    public post unless it was announced too, and no free player's hidden role is named
    beside their name."""
    rendered = render_phase(outcome)
    public = current.gm_public() + list(rendered.public)
    if not public:
        return
    text = "\n".join(public)
    announced = set(public)
    for player, texts in rendered.private.items():
        for private in texts:
            if private not in announced and len(private) > 20 and private in text:
                played.problems.append(
                    Problem(
                        "public leak",
                        f"{current.phase}: {player}'s private {private!r} "
                        "stands in the public post",
                    )
                )
    state = outcome.state
    for line in text.splitlines():
        for name, p in state.players.items():
            if p.status is not Status.ALIVE or f"[b]{name}[/b]" not in line:
                continue
            if f"[b]{p.role}[/b]" in line or f"({p.role})" in line:
                played.problems.append(
                    Problem(
                        "public leak",
                        f"{current.phase}: the public post names free "
                        f"{name}'s role {p.role}: {line!r}",
                    )
                )
