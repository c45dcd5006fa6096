"""One game in play: orders held for the open phase, replaced as players send new ones.

"You may always send in a new order to replace your old one, assuming the phase has not yet
ended." "If multiple incompatible actions are submitted by a player, the last valid action prior
to the countdown ending will be the one played." The replay and the daemon both drive games
through this class, so a scenario and a live game resolve alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from autogm.engine.ability import abilities_for
from autogm.engine.families import FAMILIES
from autogm.engine.families.dctp.abilities.lent import LENT
from autogm.engine.followup import (
    Thread,
    continued,
    did_something,
    may_follow,
    standing,
    starts_thread,
)
from autogm.engine.gm_texts import FEATURE as GM_TEXTS
from autogm.engine.gm_texts import TextQueue, after_close, apply_text, is_text_command
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order, ParsedPM, Rejection
from autogm.engine.orders.names import NameMatcher
from autogm.engine.outcome import Notice, PhaseOutcome
from autogm.engine.phases import Phase, PhaseKind
from autogm.engine.reading import GameRules, meaning, read_message
from autogm.engine.render.templates import say, templates
from autogm.engine.resolve import resolve, resolve_instant
from autogm.engine.state import GameState, Status
from autogm.engine.validate import SlotKey, check_order

# How an item reaches the game (``GameSession.feed``; a scenario file's items and the daemon's
# stored messages say the same of each): a private message with orders; one kept for its will
# only (the action lock); a ``clear`` command; a post in the game topic read for its votes; a
# game-master override or text (``GameSession.apply_gm``).
ORDER, WILL, CLEAR, POST, OVERRIDE = "order", "will", "clear", "post", "gm"

# The kind of refusal each problem of a vote mark is (engine.orders.kinds).
VOTE_PROBLEM_KINDS = {
    "empty": Kind.NO_TARGET,
    "unknown_name": Kind.NO_TARGET,
    "ambiguous_name": Kind.AMBIGUOUS_NAME,
    "not_a_voter": Kind.NOT_HELD,
    "not_a_target": Kind.BAD_TARGET,
    "no_lynch_not_allowed": Kind.BAD_TARGET,
    "too_long": Kind.TOO_LONG,
}


def vote_problem_text(problem: str) -> str:
    """What a player is told of a refused vote mark (``VoteProblem``)."""
    from autogm.engine.orders.votes import MAX_POST_CHARS

    key = f"vote_problem.{problem}"
    return say(key, limit=MAX_POST_CHARS) if key in templates() else problem


@dataclass
class PostVotes:
    """What a topic post's votes did: the vote orders read from it, and the marks refused
    (each with what was written and why)."""

    read: list[ParsedPM] = field(default_factory=list)
    # Each mark or public order refused, quoted, with the reason and its kind.
    rejections: list[Rejection] = field(default_factory=list)
    counted: bool = True  # False outside a day phase: votes are only read by day
    # The post read whole by a family that reads public orders in the topic (midnight's OOC
    # tag): what the record's ``orders`` lists for it. None: a post read for its vote marks.
    orders: ParsedPM | None = None

    @property
    def refused(self) -> list[tuple[str, str]]:
        """What was written and why it was refused, for each refusal."""
        return [(r.text, r.reason) for r in self.rejections]

    def to_record(self, player: str, text: str) -> dict[str, Any]:
        """The record's entry of a topic post read for its vote marks: the votes it was read
        as and each mark refused, listed in ``orders[]`` with ``post``."""
        return {
            "player": player,
            "text": text,
            "accepted": [o.to_record() for parsed in self.read for o in parsed.accepted],
            "rejected": [r.to_record() for r in self.rejections],
            "post": True,
        }


@dataclass
class GameSession:
    """A game between phases: its state, the orders and wills in, the GM's texts."""

    state: GameState
    pending: dict[SlotKey, Order] = field(default_factory=dict)
    wills: dict[str, str] = field(default_factory=dict)
    # What the open phase's instant orders produced, in the order of declaration.
    instants: list[PhaseOutcome] = field(default_factory=list)
    # The GM's texts (engine/gm_texts.py): what is held for the GM, the hints for the next
    # results, the night's tapes.
    texts: TextQueue = field(default_factory=TextQueue)
    # The readings each player was last asked about ("did you mean 'Heal Kleene'?"): their
    # next PM in the phase may confirm them with a 'yes'; any other PM drops the question.
    questions: dict[str, tuple[Order, ...]] = field(default_factory=dict)
    # What each player's later PMs of the phase build on ("make it Jd", "scratch that":
    # engine/followup.py): their last PM that acted or was refused as an order, with the PMs
    # that built on it since.
    threads: dict[str, Thread] = field(default_factory=dict)
    # The rules of ``_rules.state`` as the readers ask them (engine/reading.py GameRules: the
    # roster's vocabulary, the players' held slots, the send-time checks of the orders read),
    # asked when each PM is read and, for the slots, again when the phase resolves. Kept only
    # while that very state object is the session's: every change the session makes during a
    # phase (an instant order, a GM override, the close, the opening) puts a new state object
    # in ``state`` and never changes the one it holds, so a new object drops what was found.
    # The wills and the GM's texts live beside the state, and none of these read them.
    _rules: GameRules | None = field(default=None, init=False, repr=False, compare=False)
    # ``pending``'s keys by the actor of their order, in ``pending``'s order: a new order looks
    # at the orders its actor holds (``_excludes``), not at every order of the phase. Built
    # for the very dict ``pending`` is (``_by_actor_of``) and kept in step by the methods
    # that change it, so that replacing ``pending`` whole (engine/replay.py's will lock)
    # has it built again.
    _by_actor: dict[str, dict[SlotKey, None]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _by_actor_of: dict[SlotKey, Order] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def rules(self) -> GameRules:
        """The rules of the current state as the readers ask them (see ``_rules``): one who
        chooses orders before sending them (the simulator's players) asks what the reading
        of the PM that carries them asks again, and each answer is found once."""
        if self._rules is None or self._rules.state is not self.state:
            self._rules = GameRules(self.state)
        return self._rules

    def _actors(self) -> dict[str, dict[SlotKey, None]]:
        """``pending``'s keys by actor (see ``_by_actor``)."""
        if self._by_actor_of is not self.pending:
            by_actor: dict[str, dict[SlotKey, None]] = {}
            for key, order in self.pending.items():
                by_actor.setdefault(order.actor, {})[key] = None
            self._by_actor, self._by_actor_of = by_actor, self.pending
        return self._by_actor

    def _hold(self, key: SlotKey, order: Order) -> None:
        """Hold ``order`` under ``key`` (not held now), last in the order of arrival."""
        self._actors().setdefault(order.actor, {})[key] = None
        self.pending[key] = order

    def _drop(self, key: SlotKey) -> Order | None:
        """Stop holding the order under ``key``; the order, or None if none was held."""
        actors = self._actors()
        order = self.pending.pop(key, None)
        if order is not None:
            del actors[order.actor][key]
        return order

    def receive(self, author: str, text: str, *, public: bool = False) -> ParsedPM:
        """Read a private message (``public``: a post in the game topic) and hold its valid
        orders for the open phase; an instant order resolves at once. A topic post neither
        answers nor drops a question asked in a PM; a family with its own reader (midnight)
        reads public orders there."""
        if FAMILIES[self.state.ruleset.family].read is not None:
            parsed = read_message(self.state, author, text, public=public, rules=self.rules())
        else:
            asked = () if public else self.questions.pop(author, ())
            parsed = read_message(self.state, author, text, asked=asked, rules=self.rules())
            if not public and parsed.asks:
                self.questions[author] = parsed.asks
        notes: list[str] = []
        if not public:
            parsed = self._build_on(author, text, parsed, notes)
        if parsed.unvote:
            self._drop((author, "common:vote"))
        if parsed.no_action:
            for key in [
                k for k, o in self.pending.items() if k[0] == author and o.ability != "vote"
            ]:
                self._drop(key)
        for ability, target in parsed.taken_back:
            # "never mind the kill on Birch": the earlier order named is dropped.
            for key in [
                k
                for k, o in self.pending.items()
                if k[0] == author
                and o.ability == ability
                and (target is None or target in o.named())
            ]:
                self._drop(key)
        held: list[Order] = []
        for key, order in zip(parsed.slots, parsed.accepted, strict=True):
            # Re-inserting moves the order to the end: orders resolve in arrival order.
            earlier = self._drop(key)
            if earlier is not None and earlier != order:
                order, note = self._after(earlier, order)
                notes.append(note)
            # Only the orders the same actor holds can be excluded by this one (most actors
            # hold none yet: no list to build).
            state, pending = self.state, self.pending
            held_by = self._actors().get(order.actor)
            others = (
                [(k, why) for k in held_by if (why := _excludes(state, k, pending[k], key, order))]
                if held_by
                else ()
            )
            for other, why in others:
                dropped = self._drop(other)
                notes.append(
                    say(
                        "note.excludes",
                        later=order.canonical(),
                        earlier=dropped.canonical(),
                        why=why,
                    )
                )
            self._hold(key, order)
            held.append(order)
        if parsed.will is not None:
            self.wills[author] = parsed.will
        # Only an order this PM held can be instant: one held before resolved when it came. (A
        # loop, not any() over a generator: a PM holds one or two orders.)
        abilities = abilities_for(self.state.ruleset)
        for o in held:
            if abilities[o.ability].instant:
                self._resolve_instants()
                break
        if parsed.tape is not None:
            self.texts.tapes[author] = parsed.tape
        return replace(parsed, notes=parsed.notes + tuple(notes)) if notes else parsed

    def _build_on(self, author: str, text: str, parsed: ParsedPM, notes: list[str]) -> ParsedPM:
        """A PM read against the author's earlier ones of the phase (engine/followup.py): one
        that does nothing on its own continues their thread, and when the two read together
        change its orders, the thread's orders still held give way to what now stands (each
        change told in ``notes``). A PM that acts on its own starts a new thread, as does an
        order refused with no thread before it; after an instant order none is kept (it
        "cannot be canceled")."""
        thread = self.threads.get(author)
        if thread is not None and thread.state is not self.state:
            thread = None  # read in another state (a GM's correction, an instant order since)
        if did_something(parsed) or thread is None:
            if starts_thread(parsed):
                instant = abilities_for(self.state.ruleset)
                if any(instant[o.ability].instant for o in parsed.accepted):
                    self.threads.pop(author, None)
                else:
                    self.threads[author] = Thread(text, parsed, self.state)
            return parsed
        if not may_follow(parsed):
            return parsed  # an order of its own, refused: the thread stands
        rules = self.rules()
        found = continued(
            thread, text, lambda joined: read_message(self.state, author, joined, rules=rules)
        )
        if found is None:
            return parsed
        self.threads[author], parsed = found
        now = dict(zip(parsed.slots, parsed.accepted, strict=True))
        for key, earlier in standing(thread, self.pending, author):
            self._drop(key)
            later = now.get(key)
            if later is None:
                notes.append(say("note.no_longer_stands", earlier=earlier.canonical()))
            elif meaning(later) != meaning(earlier):
                notes.append(
                    say("note.replaces", later=later.canonical(), earlier=earlier.canonical())
                )
        return parsed

    def _after(self, earlier: Order, later: Order) -> tuple[Order, str]:
        """The order a later PM leaves standing in a slot an earlier PM filled, and what the
        player is told of the earlier one: kept beside it (two Slanders, one of each side)
        or dropped ("the last valid action prior to the countdown ending will be the one
        played")."""
        ability = abilities_for(self.state.ruleset).get(later.ability)
        combined = ability.combine(self.state, earlier, later) if ability else None
        if combined is not None and not isinstance(check_order(self.state, combined), str):
            return combined, say(
                "note.kept_beside", later=combined.canonical(), earlier=earlier.canonical()
            )
        return later, say("note.replaces", later=later.canonical(), earlier=earlier.canonical())

    def _resolve_instants(self) -> None:
        """ "Instant" actions cannot be canceled ... Instant actions are resolved instantly,
        in the order of declaration."""
        abilities = abilities_for(self.state.ruleset)
        for key in [k for k, o in self.pending.items() if abilities[o.ability].instant]:
            order = self._drop(key)
            outcome = resolve_instant(self.state, order, len(self.instants))
            self.state = outcome.state
            self.instants.append(outcome)

    def open(self) -> tuple[Notice, ...]:
        """Open the game: the role PMs of its first phase (the family's ``open_game``)."""
        opening = FAMILIES[self.state.ruleset.family].open_game(self.state)
        self.state = opening.state
        return opening.notices

    def rename(self, old: str, new: str) -> None:
        """A substitute's account takes over ``old``'s slot (engine.gm's ``replace``, which
        renames the state): "A substitute takes over a slot: role, items, history and all".
        The slot's orders, will, question and tape of the open phase go with it, and the
        orders and texts that name the slot name the substitute."""

        def n(name: str | None) -> str | None:
            return new if name == old else name

        self.pending = {
            (n(actor) or actor, slot): _renamed(order, old, new)
            for (actor, slot), order in self.pending.items()
        }
        self.wills = {n(k) or k: will for k, will in self.wills.items()}
        self.threads = {n(k) or k: thread for k, thread in self.threads.items()}
        self.questions = {
            n(k) or k: tuple(_renamed(o, old, new) for o in asked)
            for k, asked in self.questions.items()
        }
        texts = self.texts
        texts.tapes = {n(k) or k: tape for k, tape in texts.tapes.items()}
        texts.dreamer = n(texts.dreamer)
        texts.held = {
            key: replace(held, to=n(held.to), sender=n(held.sender))
            for key, held in texts.held.items()
        }
        texts.hints = [replace(hint, to=n(hint.to)) for hint in texts.hints]

    def orders_of(self, player: str) -> list[Order]:
        return [o for o in self.pending.values() if o.actor == player]

    def clear(self, player: str) -> None:
        self.questions.pop(player, None)
        self.threads.pop(player, None)
        for key in [k for k in self.pending if k[0] == player]:
            self._drop(key)

    def feed(self, player: str, text: str, how: str = ORDER) -> ParsedPM | PostVotes | None:
        """Take one player's item (a GM's: ``apply_gm``): a private message with orders, one
        kept for its will only, the ``clear`` command, a post in the game topic."""
        if how == CLEAR:
            self.clear(player)
            return None
        if how == POST:
            return self.receive_post(player, text)
        if how == WILL:
            kept = dict(self.pending)
            parsed = self.receive(player, text)
            self.pending = kept  # the lock keeps the orders as they were; the will changes
            return parsed
        return self.receive(player, text)

    def receive_post(self, author: str, source: str) -> PostVotes:
        """A post in the game topic (BBCode source): by day, each vote mark outside quotes is
        a vote order of its author, in the order written (``unvote`` withdraws the vote)."""
        if FAMILIES[self.state.ruleset.family].public_orders:
            # A family that reads public orders in the topic (midnight's OOC tag) reads them.
            parsed = self.receive(author, source, public=True)
            return PostVotes(read=[parsed], rejections=list(parsed.rejected), orders=parsed)
        if self.state.phase.kind is not PhaseKind.DAY:
            return PostVotes(counted=False)
        # Loaded with the first post: a game of PMs alone (most scenarios) never reads a topic.
        from autogm.engine.orders.votes import VoteKind, read_votes

        votes = PostVotes()
        for mark in read_votes(source, NameMatcher(list(self.state.players))):
            if mark.problem is not None:
                votes.rejections.append(
                    Rejection(
                        mark.written,
                        vote_problem_text(mark.problem),
                        kind=VOTE_PROBLEM_KINDS.get(mark.problem, Kind.NOT_AN_ORDER),
                    )
                )
                continue
            if mark.kind is VoteKind.UNVOTE:
                text = "unvote"
            elif mark.kind is VoteKind.NO_LYNCH:
                text = "Vote no lynch"
            else:
                text = f"Vote {mark.target}"
            parsed = self.receive(author, text, public=True)
            votes.read.append(parsed)
            votes.rejections.extend(replace(r, text=mark.written) for r in parsed.rejected)
        return votes

    def apply_gm(self, text: str) -> list[Notice]:
        """A GM's input: one of the GM's texts (engine/gm_texts.py), or an override of the
        game's facts (engine/gm.py). Raises engine.gm.OverrideError."""
        if is_text_command(text):
            return apply_text(self, text)
        # Loaded with the first override: most games and scenarios have none.
        from autogm.engine.gm import apply_override

        self.state, notices = apply_override(self.state, text)
        for notice in notices:
            if notice.key == "gm.replaced":
                self.rename(notice.params["old"], notice.params["new"])
        return notices

    def close(self) -> PhaseOutcome:
        """Resolve the open phase with the orders held, and open the next one."""
        state = self.state
        # The slots found when the orders came stand for the resolution.
        rules = self._rules
        known = rules.memo.slots if rules is not None and rules.state is state else None
        outcome = resolve(state, list(self.pending.values()), sent_slots=known, wills=self.wills)
        if self.texts.hints or outcome.held or state.ruleset.has(GM_TEXTS):
            outcome = after_close(self.texts, state, outcome)
        self.state = outcome.state
        self._rules = None
        self.pending.clear()
        self._by_actor_of = None
        self.wills.clear()
        self.instants.clear()
        self.questions.clear()  # a question is answered in its phase or not at all
        self.threads.clear()  # a later PM builds on its own phase's PMs only
        return outcome


def _renamed(order: Order, old: str, new: str) -> Order:
    """``order`` with every mention of the player ``old`` made ``new``."""

    def n(name: str | None) -> str | None:
        return new if name == old else name

    return replace(
        order,
        actor=n(order.actor) or order.actor,
        targets=tuple(n(t) or t for t in order.targets),
        victim=n(order.victim),
        killer=n(order.killer),
        queries=tuple(
            replace(q, subject=n(q.subject) or q.subject, obj=n(q.obj) or q.obj)
            for q in order.queries
        ),
    )


def _excludes(
    state: GameState, held_key: SlotKey, held: Order, later_key: SlotKey, later: Order
) -> str | None:
    """Why ``later`` drops ``held``, or None: two orders of one player, one of them an order
    that must stand alone in its phase (Travel), or the bow-tie's and the holder's own
    Interrogate/Investigate where they are one choice (classic), or two that exclude each
    other (midnight's Investigate and Vote)."""
    if held.actor != later.actor or held is later:
        return None
    abilities = abilities_for(state.ruleset)
    if any(getattr(abilities.get(o.ability), "alone", False) for o in (held, later)):
        return say("note.travel_alone")
    # A lent ability whose slot is one choice with its holder's own (classic's bow-tie).
    for lent_key, own_key, own in (
        (later_key[1], held_key[1], held),
        (held_key[1], later_key[1], later),
    ):
        if not lent_key.startswith(LENT):
            continue
        shares = getattr(abilities.get(lent_key.removeprefix(LENT)), "shares_slot_with", None)
        if shares is not None and shares(lent_key, own_key, own):
            return say("note.bow_tie_one_choice")
    first, second = abilities.get(held.ability), abilities.get(later.ability)
    if (first and later.ability in first.excludes) or (second and held.ability in second.excludes):
        titles = state.ruleset.titles
        return say(
            "note.exclude_each_other",
            later=later.wording.title(later.ability, titles),
            held=held.wording.title(held.ability, titles),
        )
    return None


# A status as the record writes it: a dict lookup, not the enum's ``value`` property, for
# every player of every phase.
_STATUS_TEXT = {status: status.value for status in Status}


def players_record(state: GameState, phase: Phase) -> dict[str, Any]:
    """Each player's role, status and conditions after a phase (the replay record's shape)."""
    players = {}
    extra = FAMILIES[state.ruleset.family].player_record
    for name, p in state.players.items():
        conditions = p.active_conditions(phase) if p.conditions else []
        if p.ext is not None:
            conditions.extend(p.ext.record_conditions())
        players[name] = {
            "role": p.role,
            "status": _STATUS_TEXT[p.status],
            "conditions": conditions,
        }
        if extra is not None:
            players[name].update(extra(state, name, phase))
    return players
