"""One game in play: orders held for the open phase, replaced as players send new ones.

"You may always send in a new order to replace your old one, assuming the phase has not yet
ended." "If multiple incompatible actions are submitted by a player, the last valid action prior
to the countdown ending will be the one played." The replay and the daemon both drive games
through this class, so a scenario and a live game resolve alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.abilities import abilities_for
from engine.abilities.lent import LENT
from engine.families import FAMILIES
from engine.gm_texts import FEATURE as GM_TEXTS
from engine.gm_texts import TextQueue, after_close
from engine.orders.model import Order, ParsedPM, ability_title
from engine.orders.reader import StateMemo
from engine.outcome import Notice, PhaseOutcome
from engine.prep import open_game
from engine.reading import read_message
from engine.resolve import resolve, resolve_instant
from engine.state import GameState
from engine.validate import SlotKey, check_order


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
    # What the readers found of ``_memo_of`` (engine/orders/reader.py StateMemo: the roster's
    # vocabulary, the players' held slots from engine/validate.py held_slots), asked when each
    # PM is read and, for the slots, again when the phase resolves. Kept only while that very
    # state object is the session's: every change the session makes during a phase (an
    # instant order, a GM override, the close, the opening) puts a new state object in
    # ``state`` and never changes the one it holds, so a new object drops the memo. The wills
    # and the GM's texts live beside the state, and neither the vocabulary nor held slots
    # read them.
    _memo: StateMemo = field(default_factory=StateMemo, init=False, repr=False, compare=False)
    _memo_of: GameState | None = field(default=None, init=False, repr=False, compare=False)
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

    def _state_memo(self) -> StateMemo:
        """The readers' memo for the current state (see ``_memo``)."""
        if self._memo_of is not self.state:
            self._memo, self._memo_of = StateMemo(), self.state
        return self._memo

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
            parsed = read_message(self.state, author, text, public=public)
        else:
            asked = () if public else self.questions.pop(author, ())
            parsed = read_message(self.state, author, text, asked=asked, memo=self._state_memo())
            if not public and parsed.asks:
                self.questions[author] = parsed.asks
        if parsed.unvote:
            self._drop((author, "common:vote"))
        if parsed.no_action:
            for key in [
                k for k, o in self.pending.items() if k[0] == author and o.ability != "vote"
            ]:
                self._drop(key)
        notes: list[str] = []
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
                    f"'{order.canonical()}' replaces your earlier '{dropped.canonical()}' ({why})"
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

    def _after(self, earlier: Order, later: Order) -> tuple[Order, str]:
        """The order a later PM leaves standing in a slot an earlier PM filled, and what the
        player is told of the earlier one: kept beside it (two Slanders, one of each side)
        or dropped ("the last valid action prior to the countdown ending will be the one
        played")."""
        ability = abilities_for(self.state.ruleset).get(later.ability)
        combined = ability.combine(self.state, earlier, later) if ability else None
        if combined is not None and not isinstance(check_order(self.state, combined), str):
            return combined, (
                f"'{combined.canonical()}' stands: your earlier '{earlier.canonical()}' is kept "
                "beside it"
            )
        return later, (
            f"'{later.canonical()}' replaces your earlier '{earlier.canonical()}' "
            "(a later order replaces an earlier one for the same action)"
        )

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
        """Open the game: the role PMs of its first phase (engine.prep.open_game)."""
        family = FAMILIES[self.state.ruleset.family]
        opening = (family.open_game or open_game)(self.state)
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
        for key in [k for k in self.pending if k[0] == player]:
            self._drop(key)

    def close(self) -> PhaseOutcome:
        """Resolve the open phase with the orders held, and open the next one."""
        state = self.state
        if self.wills:
            state = state.clone()
            for player, will in self.wills.items():
                state.players[player].will = will or None
        # The slots found when the orders came stand for the resolution (the state with the
        # wills differs from the session's in the wills only).
        known = self._memo.slots if self._memo_of is self.state else None
        outcome = resolve(state, list(self.pending.values()), sent_slots=known)
        if self.texts.hints or outcome.held or state.ruleset.has(GM_TEXTS):
            outcome = after_close(self.texts, state, outcome)
        self.state = outcome.state
        self._memo, self._memo_of = StateMemo(), None
        self.pending.clear()
        self._by_actor_of = None
        self.wills.clear()
        self.instants.clear()
        self.questions.clear()  # a question is answered in its phase or not at all
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
        return "a player may travel or act in a phase, not both"
    # A lent ability whose slot is one choice with its holder's own (classic's bow-tie).
    for lent_key, own_key, own in (
        (later_key[1], held_key[1], held),
        (held_key[1], later_key[1], later),
    ):
        if not lent_key.startswith(LENT):
            continue
        shares = getattr(abilities.get(lent_key.removeprefix(LENT)), "shares_slot_with", None)
        if shares is not None and shares(lent_key, own_key, own):
            return "the bow-tie's Interrogate or Investigate and your own are one choice a night"
    first, second = abilities.get(held.ability), abilities.get(later.ability)
    if (first and later.ability in first.excludes) or (second and held.ability in second.excludes):
        titles = state.ruleset.titles
        return (
            f"{ability_title(later.ability, titles)} and {ability_title(held.ability, titles)} "
            "exclude each other"
        )
    return None
