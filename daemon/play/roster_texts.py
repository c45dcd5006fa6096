"""The daemon's words about who plays: sign-ups, the deal, prods and replacements."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from daemon.config.dates import DateStyle
from daemon.play.texts import names_list, quoted, when
from engine.render.inert import inert


def signup_subject(game: str) -> str:
    return f"{game}: your sign-up"


def signup_joined(game: str, place: int, size: int | None, choice: str | None) -> str:
    of = f" of {size}" if size else ""
    chose = f" as {choice}" if choice else ""
    return (
        f"You are signed up for {game}{chose}: number {place}{of}. Post [b]/out[/b] in the "
        "sign-up topic to leave; your role comes by private message when the game starts."
    )


def signup_already(game: str, place: int) -> str:
    return f"You are already signed up for {game} (number {place}); nothing changed."


def signup_left(game: str, replacement: bool) -> str:
    what = "replacement list" if replacement else "sign-ups"
    return f"You have left the {what} of {game}."


def signup_not_in(game: str) -> str:
    return f"You were not signed up for {game}, so there is nothing to leave."


def signup_closed(game: str) -> str:
    return (
        f"Sign-ups for {game} are closed. Post [b]sub[/b] in the sign-up topic to be on the "
        "replacement list: replacements are asked in order when a player must be replaced."
    )


def signup_closed_out(game: str) -> str:
    return (
        f"Sign-ups for {game} are closed and the roles are being dealt: to leave now, please "
        "write to the GM, who can replace you."
    )


def signup_replacement(game: str, place: int) -> str:
    return (
        f"You are on the replacement list of {game} (number {place}). If a player must be "
        "replaced you take over their slot and get its role PM and history."
    )


def signup_overflow(game: str, place: int) -> str:
    return (
        f"Sign-ups for {game} are full: you signed up after the last place was taken, so you "
        f"are on the replacement list (number {place})."
    )


def signup_choice_refused(game: str, line: str, wanted: str | None, free: Sequence[str]) -> str:
    why = f"{wanted!r} is taken or not one of them" if wanted else "your post names none"
    still = names_list(free) if free else "none (every choice is taken)"
    return (
        f"Your sign-up for {game} was not taken:{quoted(line)}\n"
        f"Name your choice when you sign up ([b]/in as NAME[/b]); {why}. Still free: {still}."
    )


def signup_list(
    game: str,
    players: Sequence[str],
    replacements: Sequence[str],
    choices: dict[str, str],
    status: str,
    size: int | None,
    close: datetime | None,
    dates: DateStyle,
) -> str:
    """The running sign-up list: created once, then edited as people join and leave."""
    head = f"[b]Sign-ups for {game}[/b]"
    count = f"{len(players)} of {size}" if size else f"{len(players)}"
    state = {
        "open": "open: post [b]/in[/b] to join, [b]/out[/b] to leave, [b]sub[/b] to be a "
        "replacement",
        "short": "waiting for more players: post [b]/in[/b] to join",
        "closed": "closed: the roles are being dealt",
        "dealt": "closed: the game has started",
        "cancelled": "cancelled by the GM's rule: too few players",
    }[status]
    lines = [f"{head} ({count}) — {state}."]
    if close is not None and status == "open":
        lines.append(f"Sign-ups close {when(close, dates)}" + (" or when full." if size else "."))
    # Names and choices are the players' own words: shown, never read as tags.
    lines += [
        f"{i}. {inert(name)}" + (f" ({inert(choices[name])})" if name in choices else "")
        for i, name in enumerate(players, 1)
    ] or ["(nobody yet)"]
    lines.append("Replacements: " + (names_list(replacements) if replacements else "none yet"))
    return "\n".join(lines)


def signups_short_gm(game: str, count: int, minimum: int, cancelled: bool) -> str:
    then = (
        "The game is cancelled (signups_short = cancel)."
        if cancelled
        else "Sign-ups stay open; the game starts as soon as enough players are in "
        "(or write an override, or change the config)."
    )
    return f"Sign-ups for {game} closed with {count} player(s), fewer than {minimum}. {then}"


def signups_unfit_gm(game: str, count: int, problem: str) -> str:
    return (
        f"Sign-ups for {game} closed with {count} players, but no deal is possible: {problem}. "
        "Sign-ups stay open until a count that can be dealt is reached."
    )


def deal_held_gm(game: str) -> str:
    return (
        f"{game} is dealt and waits for you: look with `autogm preview {game}`, start it with "
        f"`autogm approve {game}`."
    )


def prod_pm(game: str, phases: int) -> str:
    return (
        f"autogm has had nothing from you in {game} for {_phases(phases)}: no order and no post "
        "in the topic. If you are still playing, send your orders (or [b]no action[/b]) or post "
        "in the topic."
    )


def warn_pm(game: str, phases: int, then: str) -> str:
    return (
        f"[b]Inactivity warning[/b]: nothing from you in {game} for {_phases(phases)}. If the next "
        f"phase passes the same way, {then}."
    )


def warn_gm(game: str, player: str, phases: int) -> str:
    return f"{game}: {player} has sent nothing for {_phases(phases)} and has been warned."


def _phases(count: int) -> str:
    return "1 phase" if count == 1 else f"{count} phases"


def inactivity_line(player: str, step: str, phases: int) -> str:
    """One line of the phase results about a player's inactivity."""
    idle = f"{_phases(phases)} without an order or post"
    return {
        "prod": f"{player} was prodded for inactivity ({idle}).",
        "warn": f"{player} was warned for inactivity ({idle}).",
        "replace": f"{player} is replaced for inactivity.",
        "modkill": f"{player} is removed from the game for inactivity.",
        "gm": f"{player} has been inactive for {_phases(phases)}; the GM has been told.",
    }[step]


def inactive_gm(game: str, player: str, phases: int, waiting: Sequence[str]) -> str:
    """The GM's to decide: the player, and the replacements offered in order."""
    who = inert(player)
    listed = f", in order: {names_list(waiting)}" if waiting else " is empty"
    return (
        f"{game}: {who} has sent nothing for {_phases(phases)} despite the warning. The "
        f"replacement list{listed}. {_write(player, waiting)} as a line of [overrides:{game}]."
    )


def _write(player: str, waiting: Sequence[str]) -> str:
    """The override lines the GM may write for a player to replace."""
    new = inert(waiting[0]) if waiting else "NAME"
    return f"Write 'replace {inert(player)} with {new}' or 'modkill {inert(player)}'"


def no_replacement_gm(game: str, player: str) -> str:
    return (
        f"{game}: {inert(player)} should be replaced for inactivity, but the replacement list "
        f"is empty. {_write(player, ())} as an override."
    )


def history_intro(game: str, old: str) -> str:
    return f"What {old} was told in {game} so far, phase by phase:"
