"""The midnight family: a new game, the opening, the phase hooks, the win check, the record.

"The game starts at Night." "Victory conditions are checked after the end of each phase and at
the beginning of each phase." "Mafia wins if all Law players are dead. Law wins of all Mafia
players are dead. Neutral can win with their special abilities. When someone wins, the game
ends." "In a "stalemate" when no player can win, nobody wins and the game ends."
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

# Imported for what they register: the abilities, and the GM's arrest as Jail.
from autogm.engine import stalemate
from autogm.engine.context import Context
from autogm.engine.families import FAMILIES, Family, Opening, starting_state
from autogm.engine.families.midnight import PUBLIC_ORDERS, guises, hooks
from autogm.engine.families.midnight.corrections import CORRECTIONS
from autogm.engine.families.midnight.council import hold_council
from autogm.engine.families.midnight.damage import settle_damage
from autogm.engine.families.midnight.hooks import AT_END, NEUTRAL_WINS, VETOES, WINS_TO_COME
from autogm.engine.families.midnight.life import LIFE, WHERE, line_of
from autogm.engine.families.midnight.model import SPIRIT, Midnighter, MidnightGame, location, mn
from autogm.engine.families.midnight.reader import parse_orders
from autogm.engine.families.midnight.running import running_count
from autogm.engine.families.midnight.vocab import WORDS
from autogm.engine.phases import Phase
from autogm.engine.render.templates import say
from autogm.engine.rules.base import Ruleset, RulesetError, Side, Slot, Step, resolve_role
from autogm.engine.state import GameState, PlayerState, Status

STALEMATE = stalemate.STALEMATE
MAFIA, LAW = Side.MAFIA.value, Side.LAW.value


def new_game(ruleset: Ruleset, roster: Mapping[str, str], seed: int | str, setup: Any) -> GameState:
    """The game at Night 1 (no Prep): each player's Midnight role from ``roster`` and Daylight
    role from ``setup['daylight']`` (a player left out has the open role "Other")."""
    daylight = dict((setup or {}).get("daylight") or {})
    unknown = set(setup or {}) - {"daylight"}
    if unknown:
        raise RulesetError(f"unknown setup key(s): {', '.join(sorted(unknown))}")
    players: dict[str, PlayerState] = {}
    model = ruleset.ext
    taken: dict[str, str] = {}
    for name, role_name in roster.items():
        role = resolve_role(ruleset, role_name)
        written = str(daylight.pop(name, "Other"))
        open_role = next(
            (r for r in ruleset.ext.open_roles if r.casefold() == written.casefold()), None
        )
        if open_role is not None and open_role != "Other":
            if open_role in taken:
                raise RulesetError(
                    f"setup daylight: {open_role} is {taken[open_role]}'s ('no duplicate roles')"
                )
            taken[open_role] = name
        ext = Midnighter(hp=model.start_hp, guises=Counter(dict(model.guises[role])),
                         cards=model.start_cards.get(role, 0))  # fmt: skip
        if open_role is None:
            open_role, ext.open_name = "Other", written
        players[name] = PlayerState(name=name, role=role, open_role=open_role, ext=ext)
    if daylight:
        raise RulesetError(f"setup daylight: {', '.join(sorted(daylight))} is not a player")
    state = starting_state(ruleset, seed, Phase.night(1), players)
    for hook in hooks.NEW_GAME:
        hook(state)
    return state


def _open_role(ruleset: Ruleset, written: str) -> str | None:
    wanted = written.strip().casefold()
    return next((r for r in ruleset.ext.open_roles if r.casefold() == wanted), None)


def open_game(state: GameState) -> Opening:
    """The role PMs; Streetwise: "at the start of the game, Boss, Killer and Agent learn about
    each other"."""
    new = state.clone()
    ctx = Context(new, random.Random(f"autogm/{state.seed}/open"), [], LIFE)
    model = new.ruleset.ext
    for name, p in new.players.items():
        sheet = new.ruleset.role(p.role)
        ctx.notify(name, "midnight.role", role=p.role, faction=sheet.side.value.title(),
                   daylight=mn(p).open_name or p.open_role)  # fmt: skip
    team = [
        n for n, p in new.players.items()
        if any(model.line(o.role, "streetwise") for o in new.players.values())
        and p.role in _streetwise_roles(new.ruleset)
    ]  # fmt: skip
    for name in team:
        others = ", ".join(f"{o} ({new.players[o].role})" for o in team if o != name)
        ctx.notify(name, "midnight.streetwise", team=others or say("midnight_words.nobody_else"))
    return Opening(new, tuple(ctx.notices), tuple(ctx.draws))


def held_beyond(
    state: GameState, player: str, sheet_has_aptx: bool
) -> tuple[list[tuple[str, Slot]], tuple[()]]:
    """The open role's slots: "Every player has two roles": the open role's sheet lines join
    the hidden role's, before the slots abilities grant."""
    p = state.players[player]
    if p.open_role is None:
        return [], ()
    sheet = state.ruleset.ext.open_roles[p.open_role]
    return [(f"open{i}", slot) for i, slot in enumerate(sheet.slots)], ()


def _streetwise_roles(ruleset: Ruleset) -> tuple[str, ...]:
    # "Boss, Killer and Agent": named by the text; the Renegade is not among them.
    return tuple(r for r in ("Boss", "Killer", "Agent") if r in ruleset.roles)


def begin(ctx: Context) -> None:
    """Where each player is when the phase begins (the phase's actions count from there), and
    the win check "at the beginning of each phase"."""
    index = ctx.phase.index
    ctx.memo[WHERE] = {n: location(p, index) for n, p in ctx.state.players.items()}
    found = winner(ctx.state)
    if found:
        ctx.state.winner = found


def end(ctx: Context) -> None:
    if ctx.state.winner:
        return  # won when the phase began (or by an instant order): "the game ends"
    for hook in hooks.PHASE_END:
        hook(ctx)
    guises.grow(ctx)
    if ctx.phase.is_night and not any(n.key.startswith("midnight.killed") for n in ctx.notices):
        ctx.announce("midnight.no_deaths")
    for hook in AT_END:
        hook(ctx)
    # "nobody died or turned into a spirit" (docs/rulings.md, "A game that stands still").
    stalemate.count_phase(ctx, stalemate.left_now(ctx) or _turned_spirit(ctx))
    if not ctx.state.winner and _stalled(ctx.state) and _won(ctx.state) is None:
        stalemate.announce(ctx, "midnight.stalemate")


def _turned_spirit(ctx: Context) -> bool:
    began = ctx.memo.get(WHERE, {})
    index = ctx.phase.index
    return any(
        began.get(n) != SPIRIT and location(p, index) == SPIRIT
        for n, p in ctx.state.players.items()
    )


def _stalled(state: GameState) -> bool:
    """The GM's stalemate: the game has stood still (engine/stalemate.py), and no player's win
    comes with time alone."""
    return stalemate.due(state) and not any(coming(state) for coming in WINS_TO_COME)


def winners_of(state: GameState) -> tuple[str, tuple[str, ...]] | None:
    """The winning side's label and its players, or None while the game goes on; a game that
    has stood still is a stalemate (docs/rulings.md, "A game that stands still")."""
    found = _won(state)
    if found is None and _stalled(state):
        return STALEMATE, ()
    return found


def _won(state: GameState) -> tuple[str, tuple[str, ...]] | None:
    for check in NEUTRAL_WINS:
        found = check(state)
        if found:
            return found
    living = [n for n, p in state.players.items() if p.status is Status.ALIVE]
    if not living:
        return STALEMATE, ()

    def side(n: str) -> str:
        return state.ruleset.role(state.players[n].role).side.value

    everyone = list(state.players)
    law_dead = all(state.players[n].status is Status.DEAD for n in everyone if side(n) == LAW)
    mafia_dead = all(state.players[n].status is Status.DEAD for n in everyone if side(n) == MAFIA)
    for label, won in ((MAFIA, law_dead), (LAW, mafia_dead)):
        # "Dead — ... cannot win": the faction's living members win.
        members = tuple(n for n in living if side(n) == label)
        if won and members and not any(veto(state, label) for veto in VETOES):
            return label, members
    if law_dead and mafia_dead and not NEUTRAL_WINS:
        # Nobody left who can win: only Neutrals live, and no Neutral win is possible.
        return STALEMATE, ()
    return None


def winner(state: GameState) -> str | None:
    found = winners_of(state)
    if found is None:
        return None
    state.winners = found[1]
    return found[0]


def setup_of(state: GameState) -> dict[str, Any]:
    """The ``setup`` a scenario of this game writes: each player's Daylight role as chosen
    ("Other" players by the name they chose, or left out)."""
    daylight = {
        name: mn(p).open_name or p.open_role
        for name, p in state.players.items()
        if (mn(p).open_name or p.open_role) != "Other"
    }
    return {"daylight": daylight}


def player_record(state: GameState, name: str, phase: Phase) -> dict[str, Any]:
    """What the record adds for a midnight player (docs/scenarios.md)."""
    p = state.players[name]
    return {
        "hp": mn(p).hp,
        "daylight": mn(p).open_name or p.open_role,
        "faction": state.ruleset.role(p.role).side.value,
        "location": location(p, phase.index + 1),
    }


MIDNIGHT = Family(
    name="midnight",
    settle={Step.DAMAGE: settle_damage, Step.COUNCIL: hold_council},
    begin=begin,
    end=end,
    winner=winner,
    new_game=new_game,
    new_state=MidnightGame,
    open_game=open_game,
    life=LIFE,
    corrections=CORRECTIONS,
    public_orders=PUBLIC_ORDERS,
    player_record=player_record,
    held_beyond=held_beyond,
    read=parse_orders,
    wording=WORDS.wording,
    dialect=None,  # its own reader builds its dialect for each message
    public=lambda state, player, ability: (
        None if (line := line_of(state, player, ability)) is None else bool(line.public)
    ),
    setup_of=setup_of,
    setup_from_choices=lambda chosen: {"daylight": dict(chosen)},
    running_count=running_count,
)
FAMILIES[MIDNIGHT.name] = MIDNIGHT
