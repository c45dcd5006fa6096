"""The GM's corrections in midnight, where its game has its own model of the fact: a death,
a revive, an arrest, what a player holds, and no conditions.

A death is announced as every midnight death is, without the Midnight role ("midnight:
damage and attacks": Autopsy and Exhume exist to learn it): ``kill X`` and ``modkill X`` say
who died and nothing else. ``revive X`` gives back the HP X started the game with.

midnight has no arrest: "Jail — all abilities are disabled" is its status for one held, and
every Jail the text gives is timed (Detain and Entrapment "for the next Day and Night", Bust
"for the next two phases", Qualified immunity "four phases"). So the GM's ``arrest X`` puts X
in Jail from the phase it is made in, for that phase and the next, or for the N phases of
``arrest X for N phases``; ``release X`` ends every Jail term from the open phase on
(docs/rulings.md, "midnight: the GM's corrections").

midnight has no items and no conditions: what a player holds is counted (HP, Guises, cards,
plans) or an ability passed on (Pass down's Pistol, Militia's Revolver, Tomb Raider's Daylight
abilities), so ``give X: 2 cards`` and ``take X: Pistol`` change those; a condition is refused,
naming what midnight has instead.
"""

from __future__ import annotations

import re

from autogm.engine.ability import abilities_for
from autogm.engine.families.midnight.abilities.daylight import starting_hp
from autogm.engine.families.midnight.abilities.joker import card_game
from autogm.engine.families.midnight.abilities.mafia import Weapon
from autogm.engine.families.midnight.life import holds
from autogm.engine.families.midnight.model import HOSPITAL, location, mn
from autogm.engine.gm import OverrideError, kill, phases_written, remove, revive
from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.outcome import Notice
from autogm.engine.phases import Phase
from autogm.engine.state import GameState, Status

# Detain, Entrapment, Bribe and Bust all jail for two phases ("the next Day and Night").
JAIL_TERM = 2


def gm_kill(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``kill X``: X is dead; the role is not shown."""
    kill(state, player)
    return [Notice("gm.dead", None, {"player": player})]


def modkill(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``modkill X``: the GM removes X from the game; the role is not shown."""
    remove(state, player)
    return [Notice("gm.removed", None, {"player": player})]


def gm_revive(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``revive X``: X is alive again as a character starts the game, with the starting HP
    (2, the Brute's 3), and no longer a spirit; X is told the HP."""
    revive(state, player)
    ext = mn(state.players[player])
    ext.hp, ext.spirit = starting_hp(state, player), False
    return [
        Notice("gm.revived", None, {"player": player}),
        Notice("gm.hp", player, {"hp": ext.hp}),
    ]


def arrest(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``arrest X [for N phases]``: X is in Jail from the open phase, for N phases (2)."""
    p = state.players[player]
    if p.status is Status.DEAD:
        raise OverrideError(f"{player} is dead")
    if mn(p).spirit:
        raise OverrideError(f"{player} is a spirit: a spirit cannot declare actions nor be jailed")
    first = state.phase.index
    last = first + (phases_written(found) or JAIL_TERM) - 1
    mn(p).jail.append((first, last))
    if last == first:
        return [Notice("gm.jailed_one", None, {"player": player, "first": str(Phase(first))})]
    return [
        Notice(
            "gm.jailed",
            None,
            {"player": player, "first": str(Phase(first)), "last": str(Phase(last))},
        )
    ]


def release(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``release X``: every Jail term of X ends before the open phase, one due to begin later
    (a Detain's "next Day") included."""
    ext = mn(state.players[player])
    now = state.phase.index
    if not any(last >= now for _, last in ext.jail):
        raise OverrideError(f"{player} is not in Jail and has no Jail term to come")
    ext.jail = [(first, min(last, now - 1)) for first, last in ext.jail if first < now]
    return [Notice("gm.out_of_jail", None, {"player": player})]


# -- what a player holds: give X: ..., take X: ... -------------------------------------------

HOLDINGS = (
    "N HP, N cards, N plans, N <Midnight role> Guises, "
    "or an ability passed on: Pistol, Revolver, a Daylight ability"
)
NO_CONDITIONS = (
    "midnight has no conditions: a player has HP (the Hospital is 1 HP: 'take X: 1 HP', "
    "'give X: 1 HP'), Jail ('arrest X [for N phases]', 'release X'), Guises, cards and plans "
    "('give X: 3 Cop Guises', 'take X: 1 card')"
)
# "2 cards", "a card", "3 Cop Guises", "Pistol": how many (1 unless written) and of what.
_COUNTED = lazy_compile(r"^(?:(?P<count>\d+|an?)\s+)?(?P<what>.+?)$", re.IGNORECASE)
_GUISES = lazy_compile(r"^(?P<guise>.+?)\s+guises?$", re.IGNORECASE)


def give(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``give X: N HP | N cards | N plans | N <role> Guises | ABILITY``."""
    return _change(state, player, found["item"], 1)


def take(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``take X: ...``: what ``give`` gives, taken back."""
    return _change(state, player, found["item"], -1)


def _change(state: GameState, player: str, written: str, sign: int) -> list[Notice]:
    found = _COUNTED.match(written.strip())
    assert found is not None  # the pattern matches any text
    what = found["what"]
    count = int(found["count"]) if found["count"] and found["count"].isdigit() else 1
    if count < 1:
        raise OverrideError("give or take at least 1")
    kind = what.casefold()
    if kind == "hp":
        return _hp(state, player, sign * count)
    if kind in ("card", "cards"):
        return _cards(state, player, sign * count)
    if kind in ("plan", "plans"):
        return _plans(state, player, sign * count)
    guise = _GUISES.match(what)
    if guise:
        return _guises(state, player, guise["guise"], sign * count)
    ability = passed_on(state).get(kind)
    if ability is not None:
        if count != 1:
            raise OverrideError(f"{what} is an ability, held or not: write it without a number")
        return _ability(state, player, ability, sign)
    if any(line.title.casefold() == kind for line in state.ruleset.ext.lines.values()):
        raise OverrideError(
            f"{what} is not passed from player to player: only Pistol, Revolver and the "
            "Daylight abilities are"
        )
    raise OverrideError(f"{written.strip()!r} is not what a midnight player holds ({HOLDINGS})")


def _hp(state: GameState, player: str, change: int) -> list[Notice]:
    """HP ("There is no upper limit"); the Hospital that comes or goes with it is public."""
    p = state.players[player]
    ext = mn(p)
    if p.status is Status.DEAD:
        raise OverrideError(f"{player} is dead: 'revive {player}' gives back their starting HP")
    if ext.spirit:
        raise OverrideError(f"{player} is a spirit, and a spirit has 1 HP")
    if ext.hp + change <= 0:
        raise OverrideError(
            f"{player} has {ext.hp} HP, and at 0 or less HP a player dies: "
            f"'kill {player}' is the GM's death"
        )
    index = state.phase.index
    before = location(p, index)
    ext.hp += change
    after = location(p, index)
    told = [Notice("gm.hp", player, {"hp": ext.hp})]
    if before != after and HOSPITAL in (before, after):
        key = "gm.hospital" if after == HOSPITAL else "gm.out_of_hospital"
        return [Notice(key, None, {"player": player}), *told]
    return told


def _cards(state: GameState, player: str, change: int) -> list[Notice]:
    """Hand of Fate: "every character can have any number of cards" where a Joker was dealt."""
    if not card_game(state):
        raise OverrideError("no Joker was dealt: nobody has cards in this game (Hand of Fate)")
    ext = mn(state.players[player])
    if ext.cards + change < 0:
        raise OverrideError(f"{player} has {ext.cards} card(s)")
    ext.cards += change
    return [Notice("gm.cards", player, {"cards": ext.cards})]


def _plans(state: GameState, player: str, change: int) -> list[Notice]:
    """Master Plan: "you can have any number of "plans"" (the Evil Genius's)."""
    if not holds(state, player, "master_plan"):
        raise OverrideError(f"{player} has no Master Plan: only the Evil Genius has plans")
    ext = mn(state.players[player])
    if ext.plans + change < 0:
        raise OverrideError(f"{player} has {ext.plans} plan(s)")
    ext.plans += change
    return [Notice("gm.plans", player, {"plans": ext.plans})]


def _guises(state: GameState, player: str, written: str, change: int) -> list[Notice]:
    """Lasting Guises, "named after Midnight roles"; the player is told the change only (a
    count would tell of a covert Assist)."""
    wanted = written.strip().casefold()
    roles = state.ruleset.ext.guises
    guise = next((r for r in roles if r.casefold() == wanted), None)
    if guise is None:
        raise OverrideError(
            f"{written.strip()!r} is not a Guise: Guises are named after Midnight roles "
            f"({', '.join(roles)})"
        )
    ext = mn(state.players[player])
    if ext.guises[guise] + change < 0:
        raise OverrideError(f"{player} has {ext.guises[guise]} lasting {guise} Guise(s)")
    ext.guises[guise] += change
    ext.guises = +ext.guises
    key = "gm.guises_gained" if change > 0 else "gm.guises_lost"
    return [Notice(key, player, {"count": abs(change), "guise": guise})]


def passed_on(state: GameState) -> dict[str, str]:
    """The abilities one player may gain from another, by title (casefolded): the weapons the
    text passes on (Pass down: "the Boss gains Pistol"; Militia: "gains Revolver") and the
    Daylight abilities (Tomb Raider: "you publicly gain his Daylight abilities")."""
    registry = abilities_for(state.ruleset)
    return {
        line.title.casefold(): ability
        for (role, ability), line in state.ruleset.ext.lines.items()
        if role and (not line.midnight or isinstance(registry.get(ability), Weapon))
    }


def _ability(state: GameState, player: str, ability: str, sign: int) -> list[Notice]:
    ext = mn(state.players[player])
    title = state.ruleset.title(ability)
    if sign > 0:
        if holds(state, player, ability):
            raise OverrideError(f"{player} already has {title}")
        ext.granted.append(ability)
        return [Notice("gm.gained", player, {"ability": title})]
    if ability not in ext.granted:
        raise OverrideError(
            f"{player} has no {title} passed on to them (a role's own line cannot be taken)"
        )
    ext.granted.remove(ability)
    return [Notice("gm.lost", player, {"ability": title})]


def no_conditions(state: GameState, player: str, found: re.Match[str]) -> list[Notice]:
    """``condition X: ...``, ``clear condition X: ...``: refused, naming what midnight has."""
    raise OverrideError(NO_CONDITIONS)


# midnight's meaning of the GM's commands on a player (``Family.corrections``).
CORRECTIONS = {
    "modkill": modkill,
    "kill": gm_kill,
    "revive": gm_revive,
    "arrest": arrest,
    "release": release,
    "condition": no_conditions,
    "clear_condition": no_conditions,
    "give": give,
    "take": take,
}
