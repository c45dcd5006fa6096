"""What a player asked for, as the parser understood it, and what it refused."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeAlias

from autogm.engine.families.dctp.vocab import WORDS as DCTP
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say

# How each ability reads in a query, a crime and an order's restatement: the DCTP family's
# words (engine/families/dctp/vocab.py) — "Jd- heals Parkur", "for killing Kleene", "APTX",
# "Steal from Akonyl". An ability not named is its words title-cased.
VERB: Mapping[str, str] = DCTP.verbs
CRIME_NOUN: Mapping[str, str] = DCTP.crime_nouns
TITLES: Mapping[str, str] = DCTP.titles
TARGET_WORD: Mapping[str, str] = DCTP.target_words

# An order written out in the reader's own words, to be read again by the reader ("Kill Lynz
# with Miaka", "Vote no lynch", "Investigate A heals B"): the reader's input, never a sentence
# a player is told, so it is not worded by the templates (a reworded template would change
# what is read). The functions that write one return this type.
PlainOrder: TypeAlias = str

# A vote for no one: its restatement's key by the vote's choice.
_VOTE_CHOICES = {"no_lynch": "order.vote_no_lynch", "abstain": "order.abstain",
                 "peace": "order.vote_peace"}  # fmt: skip

# The lent slot an order uses: "Bow-tie: Interrogate X", "Suitcase: Heal X", "Cover: ...".
VIA_TITLES = {"bow_tie": "Bow-tie", "suitcase": "Suitcase", "cover": "Cover"}


def ability_title(ability: str, titles: Mapping[str, str] | None = None) -> str:
    """An ability's name as a GM writes it; ``titles`` are the ruleset's own names (r53's
    "trick" for discombobulate)."""
    if titles and ability in titles:
        return titles[ability].title()
    return TITLES.get(ability) or ability.replace("_", " ").title()


# Not frozen, as Order below (one is made for every query of every investigation).
@dataclass(slots=True, unsafe_hash=True)
class Query:
    """One question of an investigation: "Jd- heals Parkur", "Conia disguised as Ran"."""

    subject: str
    keyword: str
    obj: str
    when: Phase | None = None

    def text(self) -> str:
        words = f"{self.subject} {VERB.get(self.keyword, self.keyword)} {self.obj}".rstrip()
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

    def named(self) -> tuple[str, ...]:
        """The players the order names as whom it falls on: its targets, or its queries'
        subjects ("Investigate Abs kills Lynz" is on Abs)."""
        return self.targets + tuple(q.subject for q in self.queries)

    def canonical(self, titles: Mapping[str, str] | None = None) -> str:
        """The order restated in the words a GM would confirm it with (in the ruleset's own
        names for abilities, ``titles``)."""
        if self.via and (self.queries or self.ability == "blame"):
            # "Bow-tie: Investigate A kills B", "Suitcase: Blame X for killing Y".
            inner = replace(self, via=None).canonical(titles)
            return f"{VIA_TITLES.get(self.via, self.via)}: {inner}"
        own = self._own_words(titles)
        if own is not None:
            # An order in its own words keeps the lent slot it asks for ("Suitcase: Arrest X
            # for killing Y on Night 1"): restated without it, it would be the real order.
            return f"{VIA_TITLES.get(self.via, self.via)}: {own}" if self.via else own
        name = ability_title(self.ability, titles)
        if self.via:
            name = f"{VIA_TITLES.get(self.via, self.via)}: {name}"
        targets = ", ".join(self.targets)
        if self.ability in ("bow_tie", "watch", "black_suitcase") and len(self.targets) > 1:
            # "(ordered) alternatives": the first choice, then its substitutes.
            others = ", ".join(self.targets[1:])
            targets = say("order.alternatives", first=self.targets[0], others=others)
        if targets and self.ability in TARGET_WORD and not self.via:
            targets = f"{TARGET_WORD[self.ability]} {targets}"
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
        """The restatement of an order with words of its own (an arrest, a leader's kill, a
        Letter, ...), without the lent slot; None for an order restated as its ability's name
        and targets."""
        name = ability_title(self.ability, titles)
        if self.ability == "arrest":
            crime = CRIME_NOUN.get(self.crime or "", self.crime or "")
            said = say("order.arrest", target=self.targets[0], crime=crime)
            said += f" {self.victim}" if self.victim else ""
            return say("order.on_phase", order=said, phase=self.when) if self.when else said
        if self.ability == "aptx":
            return say("order.aptx", target=self.targets[0], role=self.role)
        if self.queries:
            return f"{name} {'; '.join(q.text() for q in self.queries)}"
        if self.ability == "vote":
            if self.choice in _VOTE_CHOICES:
                return say(_VOTE_CHOICES[self.choice])
            return say("order.vote", targets=", ".join(self.targets))
        if self.ability in ("kill", "snipe") and self.killer and self.killer != self.actor:
            verb, targets = VERB[self.ability], ", ".join(self.targets)
            return say("order.leader_kill", killer=self.killer, verb=verb, targets=targets)
        if self.ability == "blame" and self.crime:
            crime = CRIME_NOUN.get(self.crime, self.crime)
            said = say("order.blame", targets=", ".join(self.targets), crime=crime)
            return f"{said} {self.victim}" if self.victim else said
        if self.ability == "leader_ranking":
            ranked = ", ".join(f"{i}. {t}" for i, t in enumerate(self.targets, 1))
            return f"{name}: {ranked}"
        if self.ability == "analyze":
            return say("order.analyze", phase=self.when)
        if self.ability in ("temporary_disguise",) and self.role:
            return say("order.temporary_disguise", role=self.role)
        if self.ability == "all_in":
            # midnight's All-in: "the complete list of everyone's Midnight roles".
            pairs = zip(self.targets, self.roles, strict=False)
            listed = ", ".join(say("order.as_player_role", player=t, role=r) for t, r in pairs)
            return f"{name}: {listed}"
        if self.ability == "choose_costumes" and self.roles:
            return say("order.choose_costumes", roles=", ".join(self.roles))
        if self.message is not None:
            # midnight's Letter and The Call: "Letter to the Town: "..."".
            to = say("gm_text.the_town") if self.choice == "town" else ", ".join(self.targets)
            return say("order.message", ability=name, to=to, message=self.message)
        return None

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {"ability": self.ability, "targets": list(self.targets)}
        if self.ability == "arrest":
            record.update(crime=self.crime, victim=self.victim, when=str(self.when))
        if self.role:
            record["role"] = self.role
        if self.queries:
            record["queries"] = [q.text() for q in self.queries]
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
        if self.when is not None and self.ability in ("analyze",):
            record["when"] = str(self.when)
        return record


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
