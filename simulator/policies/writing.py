"""How a simulated player writes: the orders of a phase as one private message, in one of
several forms players use (the GM's restatement, lower case, a greeting and a sign-off, bold,
a phase label, "I will ...", a name misspelt), so that every game exercises the reader."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.orders.model import Order
from engine.phases import Phase

FORMS = ("plain", "lower", "polite", "bold", "labelled", "first_person", "typo")
GREETINGS = ("Hi GM,", "Hello!", "hey", "Good evening GM.")
SIGN_OFFS = ("Thanks!", "thank you", "Cheers", "-- sent from my phone")


def order_text(order: Order, titles: Mapping[str, str] | None = None) -> str:
    """The order as the GM would restate it; a leader's named killer as players write it
    ("Vodka kills Kleene")."""
    if order.killer and order.killer != order.actor and order.ability in ("kill", "snipe"):
        verb = "kills" if order.ability == "kill" else "snipes"
        return f"{order.killer} {verb} {', '.join(order.targets)}"
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


def write_line(text: str, form: str, phase: Phase, names: Sequence[str], rng: random.Random) -> str:
    if form == "lower":
        return text.lower()
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
    lines: Sequence[str],
    form: str,
    phase: Phase,
    names: Sequence[str],
    rng: random.Random,
    will: str | None = None,
) -> str:
    """The private message carrying ``lines`` (orders as restated), written in ``form``."""
    body = [write_line(line, form, phase, names, rng) for line in lines]
    if will is not None:
        body.append(f"Will: {will}")
    if form == "polite":
        body = [rng.choice(GREETINGS), *body, rng.choice(SIGN_OFFS)]
    return "\n".join(body)


def write_vote_post(target: str | None, choice: str | None, rng: random.Random) -> str:
    """A post in the game topic with a vote mark, as players vote where votes = topic."""
    if target is None:
        mark = "[vote]no lynch[/vote]" if choice == "no_lynch" else "unvote"
        return f"I can't decide today.\n{mark}" if choice != "no_lynch" else mark
    lead = rng.choice(("", "Something is off about them.\n", "Going with my gut.\n"))
    mark = rng.choice((f"[vote]{target}[/vote]", f"[b]vote: {target}[/b]"))
    return f"{lead}{mark}"
