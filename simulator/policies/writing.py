"""How a simulated player writes: the orders of a phase as one private message, in one of
several forms players use (the GM's restatement, lower case, a greeting and a sign-off, bold,
a phase label, "I will ...", a name misspelt), so that every game exercises the reader."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from autogm.engine.orders.model import Order
from autogm.engine.phases import Phase


@dataclass(frozen=True)
class Gap:
    """A kind of message the reader does not read yet, found by a simulation and kept as a
    scenario (tests/simulator/broken/NAME.yaml, expected to fail): the simulator does not
    write it (``avoid``: the form and the orders), so that a run's broken games are new."""

    reason: str
    form: str
    abilities: frozenset[str]
    killer_named: bool = False

    def unsendable(self, order: Order, held: frozenset[str]) -> bool:
        """A ``holding two`` gap: the order cannot be written while its player holds two
        abilities of the gap (the reader asks which one is meant)."""
        return (
            self.form == "holding two"
            and order.ability in self.abilities
            and len(self.abilities & held) >= 2
        )

    def avoids(self, order: Order, form: str) -> bool:
        return (
            form == self.form
            and order.ability in self.abilities
            and (not self.killer_named or bool(order.killer and order.killer != order.actor))
        )


# Each kind of message the reader does not read yet, by the broken scenario that shows it
# (tests/simulator/broken/). Four more found by the first runs (a kill under a phase label,
# a misspelt name after Erase, a Revolver named beside a Pistol, a lent Suitcase's fake with a
# misspelt name from a player who holds the ability himself) are read now.
KNOWN_GAPS = {
    "classic-restated-trick": Gap(
        "the reader (engine/orders) does not read back autogm's own restatement of "
        "a classic Trick (the ruleset's title for it) in lower case on a player whose name "
        "is a word: 'trick/intimidate hope'",
        "restatement",
        frozenset({"discombobulate"}),
    ),
    "midnight-hit-beside-revolver": Gap(
        "the reader (engine/orders, branch reader2) does not read 'Hit', the Joker's own "
        "ability named by its title, from a player who also holds a Revolver ('hit' is a word "
        "players shoot with): it asks which one is meant",
        "holding two",
        frozenset({"hit", "revolver"}),
    ),
}


# The abilities some gap concerns (a quick test before the closer look).
GAP_ABILITIES = frozenset(a for g in KNOWN_GAPS.values() for a in g.abilities)


def _avoided(order: Order, form: str) -> bool:
    """Whether a known gap keeps ``order`` from being written in ``form`` (most orders are of
    no gap's abilities: asked first)."""
    return order.ability in GAP_ABILITIES and any(
        g.avoids(order, form) for g in KNOWN_GAPS.values()
    )


def sendable(order: Order, held: frozenset[str]) -> bool:
    """Whether the order can be written at all (no known gap of the reader stands in its
    way for a player holding ``held``)."""
    return not any(g.unsendable(order, held) for g in KNOWN_GAPS.values())


FORMS = ("plain", "lower", "polite", "bold", "labelled", "first_person", "typo")
GREETINGS = ("Hi GM,", "Hello!", "hey", "Good evening GM.")
SIGN_OFFS = ("Thanks!", "thank you", "Cheers", "-- sent from my phone")


def order_text(order: Order, titles: Mapping[str, str] | None = None) -> str:
    """The order as the GM would restate it; a leader's named killer as players write it
    ("Vodka kills Kleene")."""
    if order.killer and order.killer != order.actor and order.ability in ("kill", "snipe"):
        verb = "kills" if order.ability == "kill" else "snipes"
        return f"{order.killer} {verb} {', '.join(order.targets)}"
    if titles and _avoided(order, "restatement"):
        # A title of two words for one ability ("Trick/Intimidate"): the first one.
        titles = {k: v.split("/")[0] for k, v in titles.items()}
    return order.canonical(titles)


def expected(order: Order, titles: Mapping[str, str] | None = None) -> str:
    """What the reader must understand ``order`` as (its canonical restatement), the night
    kill's word aside (a 2011 sniper's "Snipe X" is the kill order: the engine snipes)."""
    return same_kill(order.canonical(titles))


def same_kill(text: str) -> str:
    """A restatement with the kill's words made one ("Snipe X", "A snipes X")."""
    if text.startswith("Snipe "):
        text = "Kill " + text[len("Snipe ") :]
    return text.replace(": Snipe ", ": Kill ", 1).replace(" snipes ", " kills ", 1)


def _first_person(text: str) -> str:
    if " kills " in text or " snipes " in text:
        return text  # a leader naming the killer speaks of them, not of themself
    if text.startswith("Vote ") or text == "Abstain":
        return "I " + text[0].lower() + text[1:]
    return "I will " + text[0].lower() + text[1:]


def _typo(text: str, names: Sequence[str], rng: random.Random) -> str:
    """One letter of a long name left out: the reader reads a near name loosely."""
    long = [n for n in names if len(n) >= 6 and f" {n}" in f" {text}"]
    if not long:
        return text
    name = rng.choice(long)
    cut = rng.randrange(1, len(name) - 1)
    return text.replace(name, name[:cut] + name[cut + 1 :], 1)


# Orders written in their own words only: a ranking is a list of its own ("Leader Ranking:
# 1. A, 2. B"), which a phase label or "I will" would break up.
PLAIN_ONLY = frozenset({"leader_ranking"})


def write_line(text: str, form: str, phase: Phase, names: Sequence[str], rng: random.Random) -> str:
    if form == "lower":
        # The order's words; a Letter's own words (in quotes) are prose, written as meant.
        order, quote, words = text.partition('"')
        return order.lower() + quote + words
    if form == "bold":
        return f"[b]{text}[/b]"
    if form == "labelled":
        return f"{phase}: {text}"
    if form == "first_person":
        return _first_person(text)
    if form == "typo":
        return _typo(text, names, rng)
    return text


def write_pm(
    orders: Sequence[Order],
    titles: Mapping[str, str] | None,
    form: str,
    phase: Phase,
    names: Sequence[str],
    rng: random.Random,
    will: str | None = None,
) -> str:
    """The private message carrying ``orders``, each line written in ``form`` (plainly where
    the reader has a known gap for that form)."""
    body = [
        write_line(
            order_text(o, titles),
            "plain" if o.ability in PLAIN_ONLY or _avoided(o, form) else form,
            phase,
            names,
            rng,
        )
        for o in orders
    ]
    if will is not None:
        body.append(f"Will: {will}")
    if form == "polite":
        body = [rng.choice(GREETINGS), *body, rng.choice(SIGN_OFFS)]
    return "\n".join(body)


def write_public_post(
    orders: Sequence[Order], titles: Mapping[str, str] | None, rng: random.Random
) -> str:
    """Orders declared in the game topic's OOC tag, as a midnight player posts them."""
    lines = [order_text(o, titles) for o in orders]
    lead = rng.choice(("", "Here goes.\n", "I have made up my mind.\n"))
    if rng.random() < 0.5:
        return f"{lead}[ooc]" + "\n".join(lines) + "[/ooc]"
    return lead + "\n".join(f"[ooc][b]{line}[/b][/ooc]" for line in lines)


def write_vote_post(
    target: str | None, choice: str | None, rng: random.Random, ooc: bool = False
) -> str:
    """A post in the game topic with a vote mark, as players vote where votes = topic; in
    the OOC tag for a game that reads its public orders there (midnight: "[ooc]Vote X[/ooc]",
    a vote for no lynch is "Vote peace")."""
    if ooc:
        said = f"Vote {target}" if target else "Vote peace"
        lead = rng.choice(("", "Something is off about them.\n", "Going with my gut.\n"))
        mark = rng.choice((f"[ooc]{said}[/ooc]", f"[ooc][b]{said}[/b][/ooc]"))
        return f"{lead}{mark}"
    if target is None:
        mark = "[vote]no lynch[/vote]" if choice == "no_lynch" else "unvote"
        return f"I can't decide today.\n{mark}" if choice != "no_lynch" else mark
    lead = rng.choice(("", "Something is off about them.\n", "Going with my gut.\n"))
    mark = rng.choice((f"[vote]{target}[/vote]", f"[b]vote: {target}[/b]"))
    return f"{lead}{mark}"
