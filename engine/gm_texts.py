"""The GM's own texts: dreams, hints and riddles, tapes and wills, through one approval queue.

These are written by people, and autogm does not pretend otherwise. At a phase's close the
engine *holds* what needs the GM (``HeldText``): a dream it drafted from the night's record, a
tape a Black Org killer left with a murder, the will of a lynched player. Nothing held is sent
until the GM approves it as it stands, approves it rewritten, or withholds it; the results of
the phase never wait for that. The GM's commands are inputs of the game like orders (``GM:
approve tape 1`` in a scenario, a stored GM order in the daemon), so that a replay and the
archive send the same texts at the same point:

- ``approve KIND N``: the held text goes out as drafted; ``KIND N: TEXT`` goes out as the GM
  wrote it; ``withhold KIND N`` drops it ("In case a will or tape is giving out too much info,
  then it can be changed by the GM accordingly");
- ``dream NAME: TEXT``: the GM's own dream for NAME (it settles the dream draft still held);
- ``dreamer NAME``: who dreams this night (else the ``dreamer`` option's draw);
- ``hint NAME: TEXT`` / ``hint topic: TEXT`` (or ``riddle``): goes out with the next results.

An approved dream, tape or will goes out at once (the daemon sends it at its next poll); a
hint waits for the results of the phase it was queued in. Any ruleset's abilities may hold
texts through ``Context.hold`` (midnight's letters and The Call under ``letters = approve``):
they come in the outcome's ``held``, and approve, rewrite and withhold take any kind held.
The sender of a held text (``HeldText.sender``) learns when it was withheld or rewritten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from autogm.engine.gm import OverrideError
from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.outcome import Draw, HeldText, Notice, PhaseOutcome
from autogm.engine.phases import Phase, PhaseKind
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Side
from autogm.engine.state import GameState

if TYPE_CHECKING:
    from autogm.engine.session import GameSession

FEATURE = "gm_texts"
TOPIC = "topic"
# Compiled at their first use: a game with no GM text never compiles them (about 2 ms of
# start-up).
# A will's wish for the player's own death: "You can also tell the GM the way you want to die
# (in case you prefer to burn instead of being hanged etc.)".
_DEATH_WISH = lazy_compile(
    r"^\s*(?:death|(?:the\s+)?way\s+(?:i\s+want\s+)?to\s+die|how\s+i\s+(?:want\s+to\s+)?die)"
    r"\s*[:\-]\s*(?P<wish>.+?)\s*$",
    re.IGNORECASE | re.MULTILINE,
)
_FLAGS = re.IGNORECASE | re.DOTALL
_APPROVE = lazy_compile(r"^\s*approve\s+(?P<kind>[a-z]+)\s+#?(?P<n>\d+)\s*$", _FLAGS)
_WITHHOLD = lazy_compile(r"^\s*(?:withhold|drop)\s+(?P<kind>[a-z]+)\s+#?(?P<n>\d+)\s*$", _FLAGS)
_EDIT = lazy_compile(r"^\s*(?P<kind>[a-z]+)\s+#?(?P<n>\d+)\s*:\s*(?P<text>.*\S)\s*$", _FLAGS)
_DREAM = lazy_compile(r"^\s*dream\s+(?P<to>[^:\n]+?)\s*:\s*(?P<text>.*\S)\s*$", _FLAGS)
_HINT = lazy_compile(r"^\s*(?:hint|riddle)\s+(?P<to>[^:\n]+?)\s*:\s*(?P<text>.*\S)\s*$", _FLAGS)
_DREAMER = lazy_compile(r"^\s*dreamer\s+(?P<player>[^:\n]+?)\s*$", _FLAGS)
# The kinds a ``KIND N: TEXT`` line may name: what the engine holds, and what other rulesets
# hold through ``hold`` (midnight's letters and The Call).
KINDS = ("dream", "tape", "will", "letter", "call")
FORMS = (
    "approve KIND N, KIND N: TEXT, withhold KIND N, dream NAME: TEXT, dreamer NAME, "
    "hint NAME: TEXT, hint topic: TEXT"
)


@dataclass
class TextQueue:
    """The session's part of the GM's texts: what is held, the hints for the next results,
    the tapes sent this night, and the GM's dreamer for it."""

    held: dict[tuple[str, int], HeldText] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    hints: list[Notice] = field(default_factory=list)
    tapes: dict[str, str] = field(default_factory=dict)
    dreamer: str | None = None

    def hold(self, text: HeldText) -> HeldText:
        number = self.counts.get(text.kind, 0) + 1
        self.counts[text.kind] = number
        held = replace(text, number=number)
        self.held[(held.kind, number)] = held
        return held

    def waiting(self) -> list[HeldText]:
        return sorted(self.held.values(), key=lambda t: (t.phase.index, t.kind, t.number))


def is_text_command(command: str) -> bool:
    """Whether ``command`` is one of the GM's text commands (the others are engine.gm's)."""
    edit = _EDIT.match(command)
    return bool(
        _APPROVE.match(command)
        or _WITHHOLD.match(command)
        or (edit and edit["kind"].casefold() in KINDS)
        or _DREAM.match(command)
        or _HINT.match(command)
        or _DREAMER.match(command)
    )


def apply_text(session: GameSession, command: str) -> list[Notice]:
    """Carry out one GM text command; the notices are what goes out at once."""
    state, queue = session.state, session.texts
    # Approving, rewriting and withholding act on what was held, in any ruleset (midnight
    # holds its letters); the texts the GM writes are classic's.
    found = _APPROVE.match(command)
    if found:
        return [_take(queue, found["kind"], found["n"]).notice()]
    found = _WITHHOLD.match(command)
    if found:
        held = _take(queue, found["kind"], found["n"])
        return _told(held, "gm_text.withheld", held.text)
    found = _EDIT.match(command)
    if found and found["kind"].casefold() in KINDS:
        held, text = _take(queue, found["kind"], found["n"]), found["text"].strip()
        return [held.notice(text), *_told(held, "gm_text.rewritten", text)]
    if not state.ruleset.has(FEATURE):
        raise OverrideError(
            f"{state.ruleset.id} has no GM texts (dreams, hints, tapes, wills): {command!r}"
        )
    found = _DREAMER.match(command)
    if found:
        if state.phase.kind is not PhaseKind.NIGHT:
            raise OverrideError(f"the dreamer is named during a night, not in {state.phase}")
        queue.dreamer = _free_player(state, found["player"])
        return []
    found = _DREAM.match(command)
    if found:
        to = _free_player(state, found["to"])
        drafts = [t for t in queue.waiting() if t.kind == "dream"]
        if drafts:
            del queue.held[("dream", drafts[-1].number)]  # the GM rewrote the latest draft
        night = drafts[-1].params["night"] if drafts else str(_last_night(state.phase))
        return [Notice("gm_text.dream", to, {"night": night, "text": found["text"].strip()})]
    found = _HINT.match(command)
    if found:
        where = found["to"].strip()
        to = None if where.casefold() == TOPIC else _free_player(state, where)
        queue.hints.append(Notice("gm_text.hint", to, {"text": found["text"].strip()}))
        return []
    raise OverrideError(f"unknown GM text command {command!r} (known: {FORMS})")


def _told(held: HeldText, key: str, text: str) -> list[Notice]:
    """What the sender of a withheld or rewritten text learns (midnight's letters: the words
    they wrote did not go out); a text with no sender (a tape, a will) tells nobody."""
    if held.sender is None:
        return []
    to = held.to or say("gm_text.the_town")
    what = held.params["title"].removeprefix("The ")  # "your Call", "your Letter"
    return [Notice(key, held.sender, {"what": what, "to": to, "text": text})]


def _take(queue: TextQueue, kind: str, number: str) -> HeldText:
    key = (kind.casefold(), int(number))
    if key not in queue.held:
        waiting = ", ".join(t.label for t in queue.waiting()) or "nothing"
        raise OverrideError(f"no {key[0]} {key[1]} is held (held: {waiting})")
    return queue.held.pop(key)


def _free_player(state: GameState, name: str) -> str:
    wanted = name.strip().casefold()
    for player, p in state.players.items():
        if player.casefold() == wanted:
            if not p.is_free:
                raise OverrideError(f"{player} is {p.status.value}: nobody to send it to")
            return player
    raise OverrideError(f"{name.strip()!r} is not a player of this game")


def _last_night(phase: Phase) -> Phase:
    return phase if phase.kind is PhaseKind.NIGHT else Phase.night(max(phase.number, 1))


# ---------------------------------------------------------------- at a phase's close


def after_close(queue: TextQueue, before: GameState, outcome: PhaseOutcome) -> PhaseOutcome:
    """The queue's part of a close: the hints go out with the results; what the phase's
    abilities held (midnight's letters), the tapes of the night's murders, the wills of the
    lynched and the night's dream are held for the GM."""
    notices = list(outcome.notices)
    draws = list(outcome.draws)
    notices += queue.hints
    queue.hints = []
    phase, state = outcome.phase, outcome.state
    for text in outcome.held:
        queue.hold(text)
    if before.ruleset.has(FEATURE):
        notices += _hold_tapes(queue, outcome)
        _hold_wills(queue, outcome)
        if phase.kind is PhaseKind.NIGHT and not state.winner:
            drawn = _hold_dream(queue, state, phase)
            if drawn is not None:
                draws.append(drawn)
    queue.tapes, queue.dreamer = {}, None
    if notices == list(outcome.notices) and draws == list(outcome.draws):
        return outcome
    return replace(outcome, notices=tuple(notices), draws=tuple(draws))


def _hold_tapes(queue: TextQueue, outcome: PhaseOutcome) -> list[Notice]:
    """ "The BO can leave a tape/video after each murder": a tape sent with the night's
    orders goes with the author's own murder, else with the Black Org's murders of the night;
    with no murder there is nothing to leave it with, and the author is told."""
    state = outcome.state
    murders = [
        r
        for r in outcome.results
        if r.ability in ("kill", "snipe") and r.outcome == "killed" and r.target
        if state.side(r.player) is Side.BLACK_ORG
    ]
    told = []
    for author, tape in queue.tapes.items():
        own = [r.target for r in murders if r.player == author]
        victims = own or list(dict.fromkeys(r.target for r in murders))
        if not victims:
            told.append(Notice("gm_text.tape_unused", author, {}))
            continue
        named = " and ".join(str(v) for v in victims)
        queue.hold(
            HeldText("tape", 0, outcome.phase, None, tape, "gm_text.tape",
                     {"victim": named},
                     note=say("gm_text.note_tape", author=author, victims=named))
        )  # fmt: skip
    return told


def _hold_wills(queue: TextQueue, outcome: PhaseOutcome) -> None:
    """ "This Will will be shown in case you're lynched", with the death the player asked
    for; held, as the GM may change it."""
    for name, p in outcome.state.players.items():
        fate = p.fate
        if fate is None or fate.phase != outcome.phase or fate.cause != "lynched" or not p.will:
            continue
        wish = _DEATH_WISH.search(p.will)
        will = _DEATH_WISH.sub("", p.will).strip() if wish else p.will
        text = (
            say("gm_text.death_wish", player=name, wish=wish["wish"], will=will) if wish else will
        )
        queue.hold(
            HeldText("will", 0, outcome.phase, None, text.strip(), "gm_text.will",
                     {"player": name}, note=say("gm_text.note_will", player=name))
        )  # fmt: skip


def _hold_dream(queue: TextQueue, state: GameState, night: Phase) -> Draw | None:
    """ "The GM will give out one dream per night": the GM's dreamer, or one drawn (option
    ``dreamer``); the five facts drafted from the night's record."""
    # Imported here: only a ruleset with the GM's texts dreams, the others need not load it.
    from autogm.engine.families.dctp.dreams import DREAM_FACTS, draft_facts, draw_dreamer, dream_rng

    free = sorted(n for n, p in state.players.items() if p.is_free)
    dreamer = queue.dreamer if queue.dreamer in free else None
    drawn = None
    if dreamer is None and state.ruleset.option("dreamer") == "draw":
        dreamer = draw_dreamer(state, night, dream_rng(state.seed, night, "dreamer"))
        if dreamer is not None:
            drawn = Draw("dreamer", tuple(free), dreamer)
    if dreamer is None:
        return None
    facts, true = draft_facts(state, night, dreamer, dream_rng(state.seed, night, "facts"))
    titles = dict(state.ruleset.titles)
    lines = [
        say("gm_text.dream_fact", number=i, fact=fact.text(titles))
        for i, fact in enumerate(facts, 1)
    ]
    note = say(
        "gm_text.note_dream_drawn" if drawn else "gm_text.note_dream_named",
        dreamer=dreamer,
        true=true + 1,
        false=len(facts) - 1,
        facts=DREAM_FACTS,
    )
    queue.hold(
        HeldText("dream", 0, night, dreamer, "\n".join(lines), "gm_text.dream",
                 {"night": str(night)}, note=note)
    )  # fmt: skip
    return drawn
