"""Scenario files (docs/scenarios.md): load, replay phase by phase, and record.

The record is a public interface: its keys and values are documented in docs/scenarios.md
and must stay stable.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import yaml

from autogm.engine.families import FAMILIES
from autogm.engine.gm_texts import HeldText
from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.model import ParsedPM
from autogm.engine.outcome import Notice, PhaseOutcome
from autogm.engine.phases import Phase
from autogm.engine.render import render_notice, render_phase
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import RulesetError
from autogm.engine.session import (
    CLEAR,
    ORDER,
    OVERRIDE,
    POST,
    WILL,
    GameSession,
    PostVotes,
    players_record,
)
from autogm.engine.state import GameState

# libyaml's loader when PyYAML was built with it: ten times faster on a large game.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

TOP_KEYS = {"ruleset", "seed", "options", "players", "setup", "phases"}
# Keys a scenario may carry for people and tests; the replay reads past them.
NOTE_KEYS = {"title", "source", "expect"}
GM = "GM"

_KEY = lazy_compile(r"^(?P<name>.+?)\s*\((?P<how>will only|post)\)$", re.IGNORECASE)
_TAG = lazy_compile(r"\[/?[a-z*][^\]]*\]", re.IGNORECASE)
# One search per string, not a Python loop over every character of a large game's orders.
_SURROGATE = lazy_compile("[\ud800-\udfff]")


class ScenarioError(ValueError):
    """A scenario that cannot be replayed; the message names the file and the problem."""


class Item(NamedTuple):
    """One scenario item: who, the text as it arrived, and how it reaches the game."""

    player: str
    text: str
    how: str = ORDER


@dataclass(frozen=True, slots=True)
class PhaseScript:
    """One phase of a scenario and the items sent in it."""

    phase: Phase
    orders: tuple[Item, ...]


class Received(NamedTuple):
    """An item as the replay fed it: ``parsed`` for an order or a will-only message."""

    player: str
    text: str
    parsed: ParsedPM | None
    how: str = ORDER


def is_clear(text: str) -> bool:
    """A private message that is the one word ``clear`` (BBCode and punctuation aside): the
    player drops their orders for the phase, as the daemon's ``clear`` command does."""
    if "clear" not in text.lower():
        return False  # the cheap test first: most messages are orders
    words = re.sub(r"[^\w\s]", " ", _TAG.sub(" ", text)).split()
    return len(words) == 1 and words[0].lower() == "clear"


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario as read: its file, the game's opening state and its phases."""

    source: str
    state: GameState
    phases: tuple[PhaseScript, ...]


@dataclass
class PhaseReplay:
    """One resolved phase: what was sent, what happened, what the GM would post."""

    phase: Phase
    received: list[Received] = field(default_factory=list)
    # What the GM's commands and the instant orders announced and told, in the order they
    # came among the phase's items.
    gm_notices: list[Notice] = field(default_factory=list)
    outcome: PhaseOutcome | None = None
    # The role PMs sent when the game opens (the family's open_game), before the first phase.
    opening: list[Notice] = field(default_factory=list)
    # The topic posts read for votes, with what their votes did.
    posts: list[tuple[str, str, PostVotes]] = field(default_factory=list)
    # The GM's replacements this phase: (old account, new account).
    replaced: list[tuple[str, str]] = field(default_factory=list)
    # The GM's texts this phase's close held for approval (engine/gm_texts.py).
    held: list[HeldText] = field(default_factory=list)
    # What the phase's instant orders produced, in the order of declaration (midnight's
    # Double Life, All-in): their results come before the phase's own in the record.
    instants: list[PhaseOutcome] = field(default_factory=list)

    def results(self) -> list[dict[str, Any]]:
        """The record's ``results``: the instant orders' as they were declared, then the
        phase's in the order they resolved."""
        assert self.outcome is not None
        found = [r for o in self.instants for r in o.results] + list(self.outcome.results)
        return [r.to_record() for r in found]

    def gm_public(self) -> list[str]:
        """What the GM's commands and the instant orders this phase announced in the topic,
        in the order they came (before the results)."""
        return [render_notice(n) for n in self.gm_notices if n.to is None]

    def private(self, rendered: dict[str, list[str]]) -> dict[str, list[str]]:
        """The phase's private messages: the opening's role PMs first, then what the GM's
        corrections and the instant orders told a player, as they came, then the results."""
        told = [n for n in (*self.opening, *self.gm_notices) if n.to is not None]
        if not told:
            return rendered
        merged: dict[str, list[str]] = {}
        for notice in told:
            if notice.to is not None:
                texts = merged.setdefault(notice.to, [])
                text = render_notice(notice)
                if text not in texts:
                    texts.append(text)
        for player, texts in rendered.items():
            merged.setdefault(player, []).extend(texts)
        return merged


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    # os, not pathlib: pathlib imports urllib.parse and ipaddress, 4 ms of every replay's start.
    path = os.fspath(path)
    try:
        with open(path, encoding="utf-8") as f:  # noqa: PTH123
            text = f.read()
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read the file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse_scenario(text, str(path))


def _lone_surrogate(data: Any, where: str = "") -> str | None:
    """Where a string of ``data`` holds a lone surrogate ("\\udc80" in YAML), which no text
    can carry, or None."""
    if isinstance(data, str):
        return where or "the file" if _SURROGATE.search(data) else None
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return None
    for key, value in items:
        found = _lone_surrogate(key, where) or _lone_surrogate(value, f"{where}/{key}")
        if found:
            return found
    return None


def _may_hold_surrogates(text: str) -> bool:
    # A surrogate is not ASCII: the C test of a whole ASCII text spares the regex's search.
    return (
        "\\u" in text
        or "\\U" in text
        or (not text.isascii() and _SURROGATE.search(text) is not None)
    )


def _load_yaml(text: str) -> Any:
    try:
        return yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError:
        # The pure-Python loader's messages are the documented ones (and it reads "\\udc80",
        # which the check below names): read a broken file again with it.
        return yaml.safe_load(text)


def parse_scenario(text: str, source: str = "<scenario>") -> Scenario:
    def fail(problem: str) -> ScenarioError:
        return ScenarioError(f"{source}: {problem}")

    try:
        data = _load_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark else ""
        raise fail(f"not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(data, dict):
        raise fail("a scenario is a mapping with ruleset, seed, players and phases")
    # A lone surrogate comes from a "\\u" or "\\U" escape (a file read as UTF-8 holds none):
    # without one the walk through every value is not needed.
    surrogate = _lone_surrogate(data) if _may_hold_surrogates(text) else None
    if surrogate:
        where = surrogate.lstrip("/")
        raise fail(f"{where} holds a lone surrogate escape (such as \\udc80), not text")
    unknown = set(data) - TOP_KEYS - NOTE_KEYS
    if unknown:
        raise fail(f"unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    players = data.get("players")
    if not isinstance(players, dict) or not players:
        raise fail("'players' must map each player's name to a role")
    try:
        ruleset = load_ruleset(str(data.get("ruleset", "")), data.get("options") or {})
        roster = {str(name): str(role) for name, role in players.items()}
        # The family reads its own setup keys (midnight's ``daylight``); a ``setup`` key left
        # empty is a setup of no keys, one not written is none.
        setup = (data["setup"] or {}) if "setup" in data else None
        new_game = FAMILIES[ruleset.family].new_game
        state = new_game(ruleset, roster, data.get("seed", 0), setup)
    except (RulesetError, TypeError, ValueError) as exc:
        raise fail(str(exc)) from None
    return Scenario(source, state, _phases(data.get("phases") or [], state, fail))


def _phases(raw: Any, state: GameState, fail: Any) -> tuple[PhaseScript, ...]:
    if not isinstance(raw, list):
        raise fail("'phases' must be a list")
    scripts: list[PhaseScript] = []
    last = state.phase.index - 1
    names = {name.casefold(): name for name in state.players}
    for number, item in enumerate(raw, 1):
        if not isinstance(item, dict) or "phase" not in item:
            raise fail(f"phase #{number} must have a 'phase' (e.g. 'Night 1')")
        try:
            phase = Phase.parse(str(item["phase"]))
        except ValueError:
            raise fail(f"phase #{number}: {item['phase']!r} is not a phase") from None
        if phase.index <= last:
            raise fail(f"phase {phase} comes after a later phase or before the game starts")
        last = phase.index
        orders = []
        for entry in item.get("orders") or []:
            if not isinstance(entry, dict) or len(entry) != 1:
                raise fail(f"{phase}: each order is one 'player: text' item")
            ((key, text),) = entry.items()
            orders.append(_item(str(key), "" if text is None else str(text), names, phase, fail))
        scripts.append(PhaseScript(phase, tuple(orders)))
    return tuple(scripts)


def _item(key: str, text: str, names: dict[str, str], phase: Phase, fail: Any) -> Item:
    """One order item; ``names`` (casefolded → name) follows the GM's replacements."""
    if key == GM:
        # engine.gm loads for a scenario with a GM line only.
        from autogm.engine.gm import REPLACE

        replaced = REPLACE.match(text)
        if replaced:
            names.pop(replaced["old"].casefold(), None)
            names[replaced["new"].casefold()] = replaced["new"]
        return Item(GM, text, OVERRIDE)
    how = ORDER
    # The pattern's ")" first, by C: most keys are a player's name alone.
    form = _KEY.match(key) if ")" in key else None
    if form:
        key, how = form["name"], WILL if form["how"].lower() == "will only" else POST
    # ``names`` maps each name's casefold to the name, so a look-up by key answers what a
    # walk through its values would (once per order of a large game).
    if names.get(key.casefold()) != key:
        raise fail(f"{phase}: {key!r} is not a player of this scenario at this point")
    # is_clear's own first test, here: most texts are orders, and this is every item's.
    if how == ORDER and "clear" in text.lower() and is_clear(text):
        how = CLEAR
    return Item(key, text, how)


def replay(scenario: Scenario) -> list[PhaseReplay]:
    """Resolve every phase through the last one the scenario lists (earlier if it is won)."""
    session = GameSession(scenario.state)
    opening = list(session.open())
    scripts = {s.phase: s for s in scenario.phases}
    last = scenario.phases[-1].phase if scenario.phases else scenario.state.phase
    replays: list[PhaseReplay] = []
    while session.state.phase <= last and not session.state.winner:
        current = PhaseReplay(session.state.phase, opening=opening)
        opening = []
        script = scripts.get(session.state.phase)
        for player, text, how in script.orders if script else ():
            if how == OVERRIDE:
                from autogm.engine.gm import OverrideError

                before = set(session.state.players)
                try:
                    notices = session.apply_gm(text)
                except OverrideError as exc:
                    raise ScenarioError(f"{scenario.source}: {current.phase}: {exc}") from None
                gone, came = (
                    before - set(session.state.players),
                    set(session.state.players) - before,
                )
                if len(gone) == 1 and len(came) == 1:
                    current.replaced.append((gone.pop(), came.pop()))
                current.gm_notices.extend(notices)
                current.received.append(Received(player, text, None, how))
                continue
            if player not in session.state.players:
                raise ScenarioError(
                    f"{scenario.source}: {current.phase}: {player!r} is not a player any more"
                )
            declared = len(session.instants)
            fed = session.feed(player, text, how)
            # What an instant order told the players, where it was declared among the phase's
            # items: before a GM correction that came after it, after one that came before.
            current.gm_notices.extend(n for o in session.instants[declared:] for n in o.notices)
            # A post read for its public orders is kept as read, as a private message is.
            parsed = fed.orders if isinstance(fed, PostVotes) else fed
            current.received.append(Received(player, text, parsed, how))
            if isinstance(fed, PostVotes):
                current.posts.append((player, text, fed))
        current.instants = list(session.instants)
        known = set(session.texts.held)
        current.outcome = session.close()
        current.held = [t for key, t in session.texts.held.items() if key not in known]
        replays.append(current)
    return replays


def record(scenario: Scenario, replays: list[PhaseReplay]) -> dict[str, Any]:
    """The replay record of docs/scenarios.md."""
    state = scenario.state
    phases = [_phase_record(r) for r in replays]
    final = replays[-1].outcome.state if replays and replays[-1].outcome else state
    return {
        "ruleset": state.ruleset.id,
        "seed": state.seed,
        "phases": phases,
        "winner": final.winner,
        # The players who won, when the family names them (midnight: the living members).
        **({"winners": list(final.winners)} if final.winners else {}),
    }


def _phase_record(replay_: PhaseReplay) -> dict[str, Any]:
    outcome = replay_.outcome
    assert outcome is not None
    rendered = render_phase(outcome)
    public = replay_.gm_public() + rendered.public
    orders = []
    # Each topic post fed has its PostVotes, in the order the posts came.
    post_votes = (votes for _, _, votes in replay_.posts)
    for player, text, parsed, how in replay_.received:
        if how == POST:
            votes = next(post_votes)
            if parsed is None:
                # A post read for its vote marks: the votes it gave and each mark refused.
                orders.append(votes.to_record(player, text))
                continue
        elif parsed is None or how != ORDER:
            continue
        entry = {
            "player": player,
            "text": text,
            "accepted": [o.to_record() for o in parsed.accepted],
            # Most orders have no refusal: no comprehension for an empty list.
            "rejected": [r.to_record() for r in parsed.rejected] if parsed.rejected else [],
        }
        if how == POST:
            # A post a family reads whole for its public orders (midnight's OOC tag).
            entry["post"] = True
        orders.append(entry)
    return {
        "phase": str(outcome.phase),
        "orders": orders,
        "results": replay_.results(),
        "lynch": outcome.lynch.to_record() if outcome.lynch else None,
        "public": public,
        "private": replay_.private(rendered.private),
        "players": players_record(outcome.state, outcome.phase),
    }


def render_text(scenario: Scenario, replays: list[PhaseReplay]) -> str:
    """What the GM would post, phase by phase, with how each order was read."""
    lines: list[str] = []
    for replay_ in replays:
        outcome = replay_.outcome
        assert outcome is not None
        lines.append(f"=== {outcome.phase} ===")
        titles = outcome.state.ruleset.titles
        posts = iter(replay_.posts)
        for player, text, parsed, how in replay_.received:
            said = {WILL: "sent (will only)", CLEAR: "cleared their orders with",
                    POST: "posted"}.get(how, "sent")  # fmt: skip
            lines.append(f"{player} {said}: {' '.join(text.split())}")
            if how == POST:
                _, _, votes = next(posts)
                if not votes.counted:
                    lines.append("  note: not a day phase: votes in posts are not read")
                for read in votes.read:
                    lines.extend(f"  understood: {o.canonical(titles)}" for o in read.accepted)
                    if read.unvote:
                        lines.append("  understood: unvote")
                lines.extend(f"  refused: '{w}': {why}" for w, why in votes.refused)
                continue
            if parsed is None:
                continue
            taken = "not taken (will only)" if how == WILL else "understood"
            if parsed.no_action:
                lines.append(f"  {taken}: no action")
            for order in parsed.accepted:
                lines.append(f"  {taken}: {order.canonical(titles)}")
            for rejection in parsed.rejected:
                lines.append(f"  refused: '{rejection.text}': {rejection.reason}")
            for note in parsed.notes:
                lines.append(f"  note: {note}")
        rendered = render_phase(outcome)
        public = replay_.gm_public() + rendered.public
        lines.append("-- public post --")
        lines.extend(public or ["(nothing to announce)"])
        for player, texts in replay_.private(rendered.private).items():
            lines.append(f"-- PM to {player} --")
            lines.extend(texts)
        for held in replay_.held:
            to = f"PM to {held.to}" if held.to else "the topic"
            lines.append(f"-- held for the GM: {held.label} ({to}; {held.note}) --")
            lines.append(held.text)
        for draw in (*(d for o in replay_.instants for d in o.draws), *outcome.draws):
            lines.append(f"-- random draw: {draw.label} {', '.join(draw.choices)}: {draw.chosen}")
        lines.append("")
    final = replays[-1].outcome.state if replays and replays[-1].outcome else scenario.state
    if final.winner:
        lines.append(f"Winner: {final.winner}")
    return "\n".join(lines)
