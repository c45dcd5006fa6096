"""Generated shapes of hostile messages, at any size, for the reading's time bound (issue 27:
"any message under the size limits ... in under 0.5 s whatever its shape").

Each shape is a kind of message a hostile (or just verbose) player can write, built from a
seeded draw of its pieces so that every size and seed gives new text (a reading that
remembers texts gains nothing from the repeats of a hand-written shape): lead-in phrases
repeated before an order, word salad of names, order words and pronouns, free writing that a
GM reads for evidence, one endless sentence of names, and, for midnight, a topic post of
filler or of orders inside [ooc] tags, and a long post from someone who is not playing.
``read`` says how each is read: as a DCTP PM, a midnight PM, or a midnight topic post.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from autogm.engine.families import FAMILIES
from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.orders.model import ParsedPM
from autogm.engine.orders.parse import MAX_PM_CHARS
from autogm.engine.orders.votes import MAX_POST_CHARS
from autogm.engine.phases import Phase
from autogm.engine.reading import read_message, read_pm
from autogm.engine.rules import load_ruleset
from autogm.engine.state import GameState

DCTP_ROSTER = {
    "Akonyl": "Shiratori", "Abs": "Gin", "Kleene": "Agasa", "Mr Black Cat": "Eisuke",
    "Jd-": "Araide", "Parkur": "Camel", "Conia": "Vermouth", "pofa": "Satou",
    "Night Owl": "Ran", "Dawn": "Kazuha",
}  # fmt: skip
MIDNIGHT_ROSTER = {
    "Abs": "Boss", "Miaka": "Killer", "Akonyl": "Agent", "pofa": "Renegade",
    "Kleene": "Officer", "Parkur": "Criminologist", "Lynz": "Detective", "Jd-": "Vigilante",
    "Conia": "Civilian", "Mr. Black Cat": "Cop",
}  # fmt: skip

LEAD_INS = ("I think ", "I'll ", "maybe ", "please ", "tonight ", "I want to ", "use my ",
            "so ", "actually ", "I'd like to ", "let me ", "I guess ", "ok ")  # fmt: skip
DCTP_WORDS = ("kill", "heal", "protect", "investigate", "interrogate", "vote", "arrest",
              "take out", "patch up", "snipe", "watch", "charm", "slander")  # fmt: skip
MIDNIGHT_WORDS = ("pistol", "shoot", "sniper rifle", "tommy gun", "sweep", "vote", "letter",
                  "slander", "disguise", "interrogate", "as Boss", "Killer x3", "play bank",
                  "all-in", "deal")  # fmt: skip
TALK = ("he", "she", "him", "her", "they", "is", "was", "not", "if", "or", "and", "?", ",",
        ".", "scratch that", "never mind", "town", "scum", "because", "tonight", "Night 1",
        "[b]", "[/b]", ":)", "\n", "- ")  # fmt: skip


@dataclass(frozen=True)
class Shape:
    """A kind of message: how it is read, its size limit, and how its text is drawn."""

    read: str  # "dctp pm", "midnight pm", "midnight post", "midnight outsider post"
    limit: int
    draw: Callable[[random.Random, int], str]


def _fill(rnd: random.Random, size: int, piece: Callable[[random.Random], str]) -> str:
    parts: list[str] = []
    length = 0
    while length < size:
        part = piece(rnd)
        parts.append(part)
        length += len(part)
    return "".join(parts)[:size]


def _lead_ins(rnd: random.Random, size: int) -> str:
    return _fill(rnd, size - 12, lambda r: r.choice(LEAD_INS)) + "kill Kleene"


def _salad(names: list[str], words: tuple[str, ...]) -> Callable[[random.Random, int], str]:
    def draw(rnd: random.Random, size: int) -> str:
        pool = [*names, *words, *TALK]
        return _fill(rnd, size, lambda r: r.choice(pool) + " ")

    return draw


def _prose(names: list[str], words: tuple[str, ...]) -> Callable[[random.Random, int], str]:
    def sentence(r: random.Random) -> str:
        return (
            f"{r.choice(names)} has been {r.choice(('sniffing around', 'quiet', 'odd'))}. "
            f"{r.choice(LEAD_INS)}{r.choice(words)} {r.choice(('him', 'her', r.choice(names)))}"
            f"{r.choice((' tonight', '', ' if he claims', ' or not'))}"
            f"{r.choice(('. ', '? ', '! '))}"
        )

    return lambda rnd, size: _fill(rnd, size, sentence)


def _one_sentence(names: list[str]) -> Callable[[random.Random, int], str]:
    def draw(rnd: random.Random, size: int) -> str:
        return "kill " + _fill(
            rnd, size - 5, lambda r: r.choice(names) + r.choice((" and ", ", ", " or ", " "))
        )

    return draw


def _ooc(inner: Callable[[random.Random, int], str]) -> Callable[[random.Random, int], str]:
    def draw(rnd: random.Random, size: int) -> str:
        return "[ooc]" + inner(rnd, size - 11) + "[/ooc]"

    return draw


def _ooc_orders(rnd: random.Random, size: int) -> str:
    names = list(MIDNIGHT_ROSTER)

    def tag(r: random.Random) -> str:
        return f"[ooc]{r.choice(('vote', 'Vote', 'shotgun', 'lynch'))} {r.choice(names)}[/ooc] "

    return _fill(rnd, size - 6, tag).rsplit("[ooc]", 1)[0]


DCTP_NAMES = list(DCTP_ROSTER)
MIDNIGHT_NAMES = list(MIDNIGHT_ROSTER)
SHAPES: dict[str, Shape] = {
    "lead-ins": Shape("dctp pm", MAX_PM_CHARS, _lead_ins),
    "word salad": Shape("dctp pm", MAX_PM_CHARS, _salad(DCTP_NAMES, DCTP_WORDS)),
    "free writing": Shape("dctp pm", MAX_PM_CHARS, _prose(DCTP_NAMES, DCTP_WORDS)),
    "one sentence": Shape("dctp pm", MAX_PM_CHARS, _one_sentence(DCTP_NAMES)),
    "midnight salad": Shape("midnight pm", MAX_PM_CHARS, _salad(MIDNIGHT_NAMES, MIDNIGHT_WORDS)),
    "midnight writing": Shape("midnight pm", MAX_PM_CHARS, _prose(MIDNIGHT_NAMES, MIDNIGHT_WORDS)),
    "ooc filler": Shape(
        "midnight post", MAX_POST_CHARS, _ooc(_salad(MIDNIGHT_NAMES, MIDNIGHT_WORDS))
    ),
    "ooc lead-ins": Shape("midnight post", MAX_POST_CHARS, _ooc(_lead_ins)),
    "ooc orders": Shape("midnight post", MAX_POST_CHARS, _ooc_orders),
    "outsider's post": Shape("midnight outsider post", MAX_POST_CHARS, _ooc_orders),
}


def dctp_game(phase: str) -> GameState:
    state = new_game(load_ruleset("dctp-2011"), DCTP_ROSTER, 1, Setup())
    state.phase = Phase.parse(phase)
    return state


def midnight_game(phase: str) -> GameState:
    ruleset = load_ruleset("midnight")
    state = FAMILIES["midnight"].new_game(ruleset, MIDNIGHT_ROSTER, 1, {"daylight": {}})
    state.phase = Phase.parse(phase)
    return state


GAMES = {
    "dctp pm": dctp_game("Night 2"),
    "midnight pm": midnight_game("Night 2"),
    "midnight post": midnight_game("Day 2"),
}


def read(shape: Shape, text: str) -> ParsedPM:
    """The message read as its shape says."""
    if shape.read == "dctp pm":
        return read_pm(GAMES["dctp pm"], "Abs", text)
    if shape.read == "midnight pm":
        return read_message(GAMES["midnight pm"], "Miaka", text)
    author = "Stranger" if shape.read == "midnight outsider post" else "Abs"
    return read_message(GAMES["midnight post"], author, text, public=True)


def text_of(name: str, size: int | None = None, seed: int = 27) -> str:
    shape = SHAPES[name]
    return shape.draw(random.Random(f"{name}:{seed}"), shape.limit if size is None else size)
