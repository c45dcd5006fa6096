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

from autogm.engine.deal import SIDE_NAMES
from autogm.engine.families import FAMILIES
from autogm.engine.orders.model import Order, ParsedPM
from autogm.engine.outcome import Notice
from autogm.engine.phases import PhaseKind
from autogm.engine.render import render_notice
from autogm.engine.render.answers import render_acknowledgement
from autogm.engine.replay import PhaseReplay, Received
from autogm.engine.session import ORDER, POST, GameSession
from autogm.engine.state import Status
from autogm.simulator.defaults import PHASE_LIMIT
from autogm.simulator.policies.base import Knowledge, Policy
from autogm.simulator.policies.channels import is_public
from autogm.simulator.policies.orders import open_slots
from autogm.simulator.policies.registry import POLICIES
from autogm.simulator.policies.writing import (
    FORMS,
    GAP_ABILITIES,
    expected,
    same_kill,
    sendable,
    write_pm,
    write_public_post,
    write_vote_post,
)
from autogm.simulator.setups import SimSetup


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
    if FAMILIES[ruleset.family].setup_from_choices is None:
        return None
    open_roles = sorted(r for r in ruleset.ext.open_roles if r != "Other")
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
    new_game = FAMILIES[ruleset.family].new_game
    return GameSession(new_game(ruleset, dict(played.roster), played.seed, played.setup))


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
    family_reads = FAMILIES[state.ruleset.family].public_orders
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
        order = list(session.rules().free())
        rng.shuffle(order)
        day = phase.kind is PhaseKind.DAY
        for player in order:
            state = session.state
            # The rules of this state, asked by the policy and again by the reader.
            rules = session.rules()
            if player not in rules.free() or state.winner:
                continue
            orders = policy.orders(state, player, rng, rules)
            if any(o.ability in GAP_ABILITIES for o in orders):
                slots = open_slots(state, player, rules.slots(player))
                held = frozenset(u.ability for _, uses in slots for u in uses)
                orders = [o for o in orders if sendable(o, held)]
            vote = policy.vote(state, player, rng, rules) if day else None
            if vote is not None and (vote[0] or not family_reads or vote[1] == "no_lynch"):
                # midnight's Council has no abstention; its "no lynch" is a vote for peace.
                orders.append(_vote(player, vote, family_reads))
            public = [o for o in orders if is_public(state, o)] if family_reads else []
            private = [o for o in orders if o not in public]
            if topic_votes and not family_reads and vote is not None:
                private.pop()  # the vote goes to the topic as a vote mark
                post = write_vote_post(vote[0], vote[1], rng)
                _post(session, current, items, player, post, [], played, titles)
            if private:
                _send(session, current, items, player, private, names, titles, rng, played)
            if public:
                post = write_public_post(public, titles, rng)
                _post(session, current, items, player, post, public, played, titles)
            accused = policy.claim(session.state, player, rng)
            if accused is not None:
                _accuse(session, current, items, player, accused, policy, played)
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


def _vote(player: str, vote: tuple[str | None, str | None], council: bool = False) -> Order:
    target, choice = vote
    if council and choice == "no_lynch":
        choice = "peace"
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
    will = "I trust nobody." if rng.random() < 0.05 else None
    text = write_pm(orders, titles, form, session.state.phase, names, rng, will)
    parsed = _receive(session, current, items, player, text, played)
    accepted = list(parsed.accepted)
    if parsed.asks:
        # The reader asked back a reading (a misspelt name): the player confirms it.
        accepted += _receive(session, current, items, player, "yes", played).accepted
    if _same_orders(accepted, orders, titles):
        return
    understood = [same_kill(o.canonical(titles)) for o in accepted]
    wanted = [expected(o, titles) for o in orders]
    refused = "; ".join(f"{r.text!r}: {r.reason}" for r in parsed.rejected)
    played.problems.append(
        Problem(
            "read as written",
            f"{current.phase}: {player} sent {text!r}, meant {wanted}, understood "
            f"{understood}" + (f", refused {refused}" if refused else ""),
        )
    )


def _order_key(order: Order) -> tuple:
    """An order's meaning (its text aside), the night kill's word made one."""
    o = order
    killer = o.killer if o.killer != o.actor else None
    ability = "kill" if o.ability == "snipe" else o.ability
    return (ability, o.targets, o.crime, o.victim, o.when, o.role, o.queries, killer, o.choice,
            o.roles, o.via, o.message)  # fmt: skip


def _same_orders(read: list[Order], meant: list[Order], titles) -> bool:
    """Whether the reader understood the orders meant: the same meaning, or else the same
    restatement (the reader may fill a field the restatement leaves out)."""
    read_keys, meant_keys = list(map(_order_key, read)), list(map(_order_key, meant))
    # Most PMs are read in the order they were written: sorted only when they are not.
    if read_keys == meant_keys or sorted(read_keys, key=repr) == sorted(meant_keys, key=repr):
        return True
    understood = sorted(same_kill(o.canonical(titles)) for o in read)
    return understood == sorted(expected(o, titles) for o in meant)


def _receive(session, current, items, player, text, played) -> ParsedPM:
    parsed = session.receive(player, text)
    current.received.append(Received(player, text, parsed, ORDER))
    items.append((player, text))
    # The answer autogm sends (render_acknowledgement) says each of these; a message with
    # none of them would get an empty answer.
    if not (
        parsed.accepted or parsed.rejected or parsed.no_action or parsed.unvote
        or parsed.will is not None or parsed.tape is not None or parsed.notes
    ):  # fmt: skip
        answer = render_acknowledgement(parsed, session.state.phase, session.state.ruleset.titles)
        if not answer.strip():
            played.problems.append(
                Problem("answered", f"{current.phase}: {player}'s {text!r} got no answer")
            )
    return parsed


def _post(session, current, items, player, text, orders, played, titles) -> None:
    """A post in the game topic: its vote mark (or, in a game that reads public orders there,
    its orders) must be read as meant."""
    votes = session.receive_post(player, text)
    current.received.append(Received(player, text, None, POST))
    current.posts.append((player, text, votes))
    items.append((f"{player} (post)", text))
    understood = [same_kill(o.canonical(titles)) for r in votes.read for o in r.accepted]
    if orders:
        wanted = [expected(o, titles) for o in orders]
        ok = sorted(understood) == sorted(wanted)
    else:
        ok = bool(votes.read) and not votes.refused
    if not ok:
        played.problems.append(
            Problem(
                "read as written",
                f"{current.phase}: {player} posted {text!r}, understood {understood}, "
                f"refused {votes.refused}",
            )
        )


def _accuse(session, current, items, player, accused, policy, played) -> None:
    """A player's accusation in the game topic: talk, which holds no vote and no order, and
    which every other player reads."""
    text = f"I am sure {accused} is {SIDE_NAMES[session.state.ruleset.hunted_side]}."
    votes = session.receive_post(player, text)
    current.received.append(Received(player, text, None, POST))
    current.posts.append((player, text, votes))
    items.append((f"{player} (post)", text))
    read = [o for r in votes.read for o in r.accepted]
    if read or votes.refused:
        played.problems.append(
            Problem(
                "read as written",
                f"{current.phase}: {player}'s talk {text!r} was read as "
                f"{read}, refused {votes.refused}",
            )
        )
    for listener, p in session.state.players.items():
        if listener != player and p.status is Status.ALIVE:
            policy.heard(listener, player, accused, session.state)


# Public announcements that name a free player's hidden role by rule.
PUBLIC_REVEALS = {
    # midnight, Expose: "If you guess correctly ... everybody publicly learns its role".
    "midnight.exposed",
}


def _check_public(played: Played, current: PhaseReplay, outcome) -> None:
    """No private fact in a public post: no announcement is of a kind the phase also told a
    player privately, and none names a free player's hidden role beside their name but the
    reveals the rules make public (``PUBLIC_REVEALS``)."""
    notices = [*(n for o in current.instants for n in o.notices), *outcome.notices]
    public = [n for n in notices if n.to is None]
    if not public:
        return
    private_keys = {n.key for n in notices if n.to is not None}
    players = outcome.state.players
    free = [(name, p.role) for name, p in players.items() if p.is_free]
    for notice in public:
        if notice.key in private_keys:
            played.problems.append(
                Problem(
                    "public leak",
                    f"{current.phase}: {notice.key} was both told "
                    f"privately and announced: {notice.params}",
                )
            )
        if notice.key in PUBLIC_REVEALS:
            continue
        text = render_notice(notice)
        for name, role in free:
            if f"[b]{name}[/b]" not in text:
                continue
            if f"[b]{role}[/b]" in text or f"({role})" in text:
                played.problems.append(
                    Problem(
                        "public leak",
                        f"{current.phase}: the public post names free "
                        f"{name}'s role {role}: {text!r}",
                    )
                )
