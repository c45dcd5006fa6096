"""A strict reader for midnight's orders, keyed on the ruleset's own words (its lines' titles).

One order a line (or between semicolons): the ability's name, its target (a player, "Town" for
a Letter, "peace" for a Vote), then ``as <Midnight role>`` where a role is named, and after a
colon the Guises (``Boss, Killer x2``) or the words of a Letter or The Call:

    Pistol Abs
    Sniper Rifle Abs as Boss
    Slander Abs: Boss, Killer, Cop
    Letter to Town: the Boss is Abs
    Vote peace

Public orders ("Publicly visible actions must be declared in the in-game post in the OOC tag")
are read from a topic post's [ooc] tags; covert ones ("published in your private room") from
private messages; each is refused from the other place, quoted, with the reason. The everyday
words of the DCTP parser are the parser's work to come (issue 17).
"""

from __future__ import annotations

import re

from engine.abilities.base import abilities_for
from engine.midnight.life import line_of
from engine.orders.model import Order, ParsedPM, Rejection
from engine.state import GameState
from engine.validate import check_order

_OOC = re.compile(r"\[ooc\](.*?)\[/ooc\]", re.IGNORECASE | re.DOTALL)
_SPLIT = re.compile(r"[\n;]+")
MAX_COUNT = 1000  # a Guise named more often than this is a typing slip, not a plan
_COUNT = re.compile(
    r"^(?:(?P<n1>\d+)\s*x?\s+(?P<g1>.+)|(?P<g2>.+?)\s*(?:x|×|\()\s*(?P<n2>\d+)\)?)$"
)
PEACE, TOWN = "peace", "town"
SPEND = "blackmail_material"
ANONYMOUS = "anonymous"


def ooc_text(post: str) -> str:
    """What a topic post declares: the text of its [ooc] tags."""
    return "\n".join(m.group(1) for m in _OOC.finditer(post))


def _words(state: GameState) -> list[tuple[str, tuple[str, ...]]]:
    """(words, abilities) for every ability of the ruleset, longest first; one title may name
    two abilities (the Commissioner's and the Joker's Bust)."""
    found: dict[str, list[str]] = {}
    for (_, ability), line in state.ruleset.model.lines.items():
        for words in (line.title.casefold(), ability.replace("_", " ")):
            if ability not in found.setdefault(words, []):
                found[words].append(ability)
    return sorted(((w, tuple(a)) for w, a in found.items()), key=lambda kv: -len(kv[0]))


def _held(state: GameState, author: str, abilities: tuple[str, ...]) -> str:
    """Of the abilities one title names, the one the author's roles hold (else the first)."""
    p = state.players.get(author)
    model = state.ruleset.model
    for ability in abilities:
        if p is not None and (model.line(p.role, ability) or model.line(p.open_role, ability)):
            return ability
    return abilities[0]


def _name(state: GameState, written: str) -> str | None:
    wanted = written.strip().casefold()
    return next((n for n in state.players if n.casefold() == wanted), None)


def _role(state: GameState, written: str) -> str | None:
    wanted = written.strip().casefold()
    return next((r for r in state.ruleset.roles if r.casefold() == wanted), None)


def _guises(state: GameState, text: str) -> tuple[str, ...] | str:
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        m = _COUNT.match(part)
        name, n = (m["g1"] or m["g2"], int(m["n1"] or m["n2"])) if m else (part, 1)
        role = _role(state, name)
        if name.strip().casefold() == ANONYMOUS:
            # Incognito: "The Anonymous Guise cannot be named if an ability calls for naming a
            # Guise."
            return "the Anonymous Guise cannot be named"
        if role is None:
            return f"'{name.strip()}' is not a Guise: Guises are named after Midnight roles"
        if n > MAX_COUNT:
            return f"'{part}': at most {MAX_COUNT} of one Guise"
        out += [role] * n
    return tuple(out)


def read_line(state: GameState, author: str, text: str) -> Order | str:
    """One order, or why it cannot be read."""
    lowered = text.strip().casefold()
    for words, named in _words(state):
        if lowered == words or lowered.startswith(words + " ") or lowered.startswith(words + ":"):
            rest = text.strip()[len(words) :].strip()
            ability = _held(state, author, named)
            break
    else:
        return "no midnight ability starts this line"
    kind = abilities_for(state.ruleset).get(ability)
    if getattr(kind, "lists_roles", False):
        return _role_list(state, author, ability, rest, text)
    choice = None
    choices = getattr(kind, "choices", ())
    if choices:
        # "Play Pass Abs", "Play Bluff: Boss x5": the first word is the choice.
        first, _, after_choice = rest.lstrip(":").strip().partition(" ")
        word = _plain(first.rstrip(":"))
        picked = next((c for c in choices if _plain(c) == word), None)
        if picked is None:
            return f"{state.ruleset.title(ability)} one of: " + ", ".join(
                c.title() for c in choices
            )
        choice = picked
        rest = (":" if first.endswith(":") else "") + after_choice
    after = None
    if ":" in rest:
        rest, after = (s.strip() for s in rest.split(":", 1))
    role = None
    if " as " in f" {rest.casefold()} ":
        at = rest.casefold().rfind(" as ")
        rest, written = rest[:at].strip(), rest[at + 4 :].strip()
        role = _role(state, written)
        if role is None:
            return f"'{written}' is not a Midnight role"
    rest = re.sub(r"^(?:to|on)\s+", "", rest, flags=re.IGNORECASE).strip()
    targets: tuple[str, ...] = ()
    if rest and getattr(kind, "targets", 1) > 1:
        # "Deal A, B, C": several targets.
        names = [w for w in re.split(r"\s*,\s*|\s+and\s+", rest) if w]
        found_names = [_name(state, w) for w in names]
        unknown = [w for w, n in zip(names, found_names, strict=True) if n is None]
        if unknown:
            return f"'{unknown[0]}' is not a player of this game"
        targets, rest = tuple(n for n in found_names if n), ""
    if rest.casefold() == PEACE and ability == "vote":
        choice = PEACE
    elif rest.casefold() in (TOWN, "the town") and ability == "letter":
        choice = TOWN
    elif ability == SPEND:
        # "Blackmail material 2": how many saved votes to spend.
        if not rest.isdigit():
            return "say how many saved votes to spend: 'Blackmail material 2'"
        choice = rest
    elif rest:
        name = _name(state, rest)
        if name is None:
            return f"'{rest}' is not a player of this game"
        targets = (name,)
    message = after if ability in ("letter", "call") else None
    roles: tuple[str, ...] = ()
    if after is not None and message is None:
        found = _guises(state, after)
        if isinstance(found, str):
            return found
        roles = found
    return Order(author, ability, targets, role=role, roles=roles, choice=choice,
                 message=message, text=text.strip())  # fmt: skip


def _plain(word: str) -> str:
    # "Misere" for "Misère": a keyboard without the accent.
    return word.casefold().replace("è", "e")


def _role_list(state: GameState, author: str, ability: str, rest: str, text: str) -> Order | str:
    """ "All-in: Abs as Boss, Kleene as Cop, ...": each player with the Midnight role named."""
    targets: list[str] = []
    roles: list[str] = []
    for part in (p.strip() for p in rest.lstrip(":").split(",")):
        if not part:
            continue
        at = part.casefold().rfind(" as ")
        if at < 0:
            return f"'{part}': write each player with a role, '<player> as <role>'"
        name, role = _name(state, part[:at]), _role(state, part[at + 4 :])
        if name is None:
            return f"'{part[:at].strip()}' is not a player of this game"
        if role is None:
            return f"'{part[at + 4 :].strip()}' is not a Midnight role"
        targets.append(name)
        roles.append(role)
    return Order(author, ability, tuple(targets), roles=tuple(roles), text=text.strip())


def parse_orders(state: GameState, author: str, source: str, public: bool = False) -> ParsedPM:
    """Read a PM (``public`` False) or a topic post's [ooc] tags (True)."""
    text = ooc_text(source) if public else source
    accepted: list[Order] = []
    slots: list[tuple[str, str]] = []
    rejected: list[Rejection] = []
    for raw in _SPLIT.split(text):
        if not raw.strip():
            continue
        order = read_line(state, author, raw)
        if isinstance(order, str):
            rejected.append(Rejection(raw.strip(), order))
            continue
        line = line_of(state, author, order.ability)
        title = state.ruleset.title(order.ability)
        if line is not None and line.public and not public:
            rejected.append(Rejection(raw.strip(), f"{title} is public: declare it in the game "
                                      "topic in the OOC tag"))  # fmt: skip
            continue
        if line is not None and not line.public and public:
            rejected.append(Rejection(raw.strip(), f"{title} is covert: send it by private "
                                      "message"))  # fmt: skip
            continue
        found = check_order(state, order)
        if isinstance(found, str):
            rejected.append(Rejection(raw.strip(), found))
            continue
        accepted.append(order)
        slots.append(found[0])
    return ParsedPM(author, tuple(accepted), tuple(rejected), slots=tuple(slots))
