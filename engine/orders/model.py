"""What a player asked for, as the parser understood it, and what it refused."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from autogm.engine.phases import Phase
from autogm.engine.render.templates import say

# An order written out in the reader's own words, to be read again by the reader ("Kill Lynz
# with Miaka", "Vote no lynch", "Investigate A heals B"): the reader's input, never a sentence
# a player is told, so it is not worded by the templates (a reworded template would change
# what is read). The functions that write one return this type.
PlainOrder: TypeAlias = str

# The one ability every family holds, read by the shared readers (engine/orders/readers/
# votes.py, engine/orders/votes.py) and restated here: a vote for a player or for no one.
VOTE = "vote"
# A vote for no one: its restatement's key by the vote's choice.
_VOTE_CHOICES = {"no_lynch": "order.vote_no_lynch", "abstain": "order.abstain",
                 "peace": "order.vote_peace"}  # fmt: skip


def _no_words_of_its_own(order: Order, titles: Mapping[str, str] | None) -> str | None:
    return None


def _as_it_is(order: Order, record: dict[str, Any]) -> dict[str, Any]:
    return record


# Compared and hashed as itself (``eq=False``): a family has one. It is no part of what an
# order means (``Order.wording`` is not compared, nor a key of its send-time check).
@dataclass(frozen=True, slots=True, eq=False)
class Wording:
    """How one family restates its orders, declared in its package (its ``vocab.Words``
    carries it; ``Family.wording`` names it): the words of each ability ("APTX", "Jd- heals
    Parkur", "Steal from Akonyl"), the lent slots' names ("Bow-tie: ..."), the orders that
    take "(ordered) alternatives", the orders said in words of their own (an arrest, a
    leader's kill) and what the record keeps of an order beyond its fields. An ability not
    named is its id title-cased; ``PLAIN``, a family's that names none.

    An order carries the wording of the family whose reader made it (``Order.wording``), so
    that every restatement of it (the answer, the record, a note) is in its family's words."""

    titles: Mapping[str, str] = field(default_factory=dict)
    verbs: Mapping[str, str] = field(default_factory=dict)
    target_words: Mapping[str, str] = field(default_factory=dict)
    crime_nouns: Mapping[str, str] = field(default_factory=dict)
    lent: Mapping[str, str] = field(default_factory=dict)
    # The ability of the item each lent slot comes through ("suitcase": "black_suitcase").
    items: Mapping[str, str] = field(default_factory=dict)
    substitutes: frozenset[str] = frozenset()
    # The restatement of an order with words of its own, without the lent slot it asks for,
    # from (order, the ruleset's titles); None: its ability's name and targets.
    own: Callable[[Order, Mapping[str, str] | None], str | None] = _no_words_of_its_own
    # The record of an order from (order, its fields' record): what the family keeps beyond
    # its fields, in its place (an arrest's crime, victim and phase after its targets).
    recorded: Callable[[Order, dict[str, Any]], dict[str, Any]] = _as_it_is

    def title(self, ability: str, titles: Mapping[str, str] | None = None) -> str:
        """An ability's name as a GM writes it; ``titles`` are the ruleset's own names (r53's
        "trick" for discombobulate)."""
        if titles and ability in titles:
            return titles[ability].title()
        return self.titles.get(ability) or ability.replace("_", " ").title()

    def via(self, slot: str) -> str:
        """The name of a lent slot an order is used through ("Bow-tie")."""
        return self.lent.get(slot, slot)


PLAIN = Wording()


# Not frozen, as Order below (one is made for every query of every investigation).
@dataclass(slots=True, unsafe_hash=True)
class Query:
    """One question of an investigation: "Jd- heals Parkur", "Conia disguised as Ran"."""

    subject: str
    keyword: str
    obj: str
    when: Phase | None = None

    def text(self, wording: Wording = PLAIN) -> str:
        """The question in ``wording``, its family's (the order that asks it has it)."""
        verb = wording.verbs.get(self.keyword, self.keyword)
        words = f"{self.subject} {verb} {self.obj}".rstrip()
        return say("order.on_phase", order=words, phase=self.when) if self.when else words


# Order, Rejection and ParsedPM are not frozen dataclasses, though nothing changes one once it
# is made (a changed order is a new one, ``dataclasses.replace``): a frozen one sets each of
# its fields through ``object.__setattr__`` when it is made, and these are made for every
# fragment of every PM (the largest game's replay spent ~30 M instructions on it). With
# ``unsafe_hash`` they hash and compare as the frozen ones did.
@dataclass(slots=True, unsafe_hash=True)
class Order:
    """An order as read: who, which ability, on whom, and what else it names."""

    actor: str
    ability: str
    targets: tuple[str, ...] = ()
    crime: str | None = None
    victim: str | None = None
    when: Phase | None = None
    role: str | None = None
    queries: tuple[Query, ...] = ()
    killer: str | None = None  # the member a Black Org leader names to carry out the kill
    choice: str | None = None  # vote: "no_lynch" or "abstain" instead of a target
    text: str = ""
    # The roles an order names (Choose Costumes), and the lent slot an order asks for
    # ("Bow-tie: interrogate X", "Suitcase: heal X", "Cover: slander X").
    roles: tuple[str, ...] = ()
    via: str | None = None
    # The words an order carries to someone (midnight's Letter and The Call).
    message: str | None = None
    # The words it is restated in: its family's, given by the reader that made it.
    wording: Wording = field(default=PLAIN, compare=False, repr=False)

    def named(self) -> tuple[str, ...]:
        """The players the order names as whom it falls on: its targets, or its queries'
        subjects ("Investigate Abs kills Lynz" is on Abs)."""
        return self.targets + tuple(q.subject for q in self.queries)

    def canonical(self, titles: Mapping[str, str] | None = None) -> str:
        """The order restated in the words a GM would confirm it with: its family's
        (``wording``), in the ruleset's own names for abilities (``titles``)."""
        wording = self.wording
        own = self._own_words(titles)
        if own is not None:
            # An order in its own words keeps the lent slot it asks for ("Suitcase: Arrest X
            # for killing Y on Night 1", "Bow-tie: Investigate A kills B"): restated without
            # it, it would be the real order.
            return f"{wording.via(self.via)}: {own}" if self.via else own
        name = wording.title(self.ability, titles)
        if self.via:
            name = f"{wording.via(self.via)}: {name}"
        targets = ", ".join(self.targets)
        if self.ability in wording.substitutes and len(self.targets) > 1:
            # "(ordered) alternatives": the first choice, then its substitutes.
            others = ", ".join(self.targets[1:])
            targets = say("order.alternatives", first=self.targets[0], others=others)
        if targets and self.ability in wording.target_words and not self.via:
            targets = f"{wording.target_words[self.ability]} {targets}"
        words = [name, targets]
        if self.choice:
            words.insert(1, self.choice)
        if self.role:
            words.append(say("order.as_role", role=self.role) if self.targets else self.role)
        if self.roles:
            # midnight's Guises, counted: "Slander Abs: Boss, Killer x2".
            counted = {r: self.roles.count(r) for r in self.roles}
            listed = ", ".join(r if n == 1 else f"{r} x{n}" for r, n in counted.items())
            at = max(i for i, w in enumerate(words) if w)
            words[at] += ":"
            words.append(listed)
        if self.when is not None:
            words.append(say("order.from_phase", phase=self.when))
        if self.message is not None:
            words.append(f'"{self.message}"')
        return " ".join(w for w in words if w)

    def _own_words(self, titles: Mapping[str, str] | None) -> str | None:
        """The restatement of an order with words of its own (queries, a vote, and what its
        family says in its own words: an arrest, a leader's kill, a Letter, ...), without the
        lent slot; None for an order restated as its ability's name and targets."""
        if self.queries:
            name = self.wording.title(self.ability, titles)
            return f"{name} {'; '.join(q.text(self.wording) for q in self.queries)}"
        if self.ability == VOTE:
            if self.choice in _VOTE_CHOICES:
                return say(_VOTE_CHOICES[self.choice])
            return say("order.vote", targets=", ".join(self.targets))
        return self.wording.own(self, titles)

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"ability": self.ability, "targets": list(self.targets)}
        if self.role:
            record["role"] = self.role
        if self.queries:
            record["queries"] = [q.text(self.wording) for q in self.queries]
        if self.killer and self.killer != self.actor:
            record["killer"] = self.killer
        if self.choice:
            record["choice"] = self.choice
        if self.roles:
            record["roles"] = list(self.roles)
        if self.via:
            record["via"] = self.via
        if self.message is not None:
            record["message"] = self.message
        return self.wording.recorded(self, record)


@dataclass(slots=True, unsafe_hash=True)
class Rejection:
    """A fragment refused: the words as written, why, and (when the reason alone does not
    say it) what the player can send instead."""

    text: str
    reason: str
    fix: str = ""
    # A reading plausible but not certain is asked back ("did you mean 'Heal
    # Kleene'? reply 'yes' to confirm"); the player's next PM in the phase may confirm it.
    asks: Order | None = None
    # Which kind of refusal it is (engine.orders.kinds.Kind): a stable word in the record.
    kind: str = "not_an_order"

    def to_record(self) -> dict[str, str]:
        record = {"text": self.text, "reason": self.reason, "kind": str(self.kind)}
        if self.fix:
            record["fix"] = self.fix
        if self.asks is not None:
            record["asks"] = self.asks.canonical()
        return record


@dataclass(slots=True, unsafe_hash=True)
class ParsedPM:
    """Everything one private message said: orders, refusals, a will, commands."""

    author: str
    accepted: tuple[Order, ...] = ()
    rejected: tuple[Rejection, ...] = ()
    will: str | None = None
    unvote: bool = False
    notes: tuple[str, ...] = field(default=())  # "read 'Akonly' as Akonyl"
    # The slot each accepted order fills (engine.orders.seam.SlotKey), as the parser found it:
    # the session holds each order under its slot without checking it a second time.
    slots: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    # "No action tonight": the author's orders of the phase but their vote are dropped.
    no_action: bool = False
    # dctp-classic: "The BO can leave a tape/video after each murder" ("Kill Abs. Tape: ...").
    tape: str | None = None
    # Orders of earlier messages this one takes back by name ("never mind the kill on Birch"):
    # the ability, and the player it was on when named; the session drops them.
    taken_back: tuple[tuple[str, str | None], ...] = ()

    @property
    def asks(self) -> tuple[Order, ...]:
        """The readings asked back, which a 'yes' in the author's next PM confirms."""
        if not self.rejected:
            return ()  # most PMs: nothing refused, nothing asked
        return tuple(r.asks for r in self.rejected if r.asks is not None)
