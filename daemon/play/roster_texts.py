"""The daemon's words about who plays: sign-ups, the deal, prods and replacements."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from autogm.daemon.config.dates import DateStyle
from autogm.daemon.play.texts import names_list, quoted, say, when
from autogm.engine.render.inert import inert


def signup_subject(game: str) -> str:
    return say("subject.signup", game=game)


def signup_joined(game: str, place: int, size: int | None, choice: str | None) -> str:
    of = f" of {size}" if size else ""
    chose = f" as {choice}" if choice else ""
    return say("signup.joined", game=game, chose=chose, place=place, of=of)


def signup_already(game: str, place: int) -> str:
    return say("signup.already", game=game, place=place)


def signup_left(game: str, replacement: bool) -> str:
    what = "replacement list" if replacement else "sign-ups"
    return say("signup.left", what=what, game=game)


def signup_not_in(game: str) -> str:
    return say("signup.not_in", game=game)


def signup_closed(game: str) -> str:
    return say("signup.closed", game=game)


def signup_closed_out(game: str) -> str:
    return say("signup.closed_out", game=game)


def signup_replacement(game: str, place: int) -> str:
    return say("signup.replacement", game=game, place=place)


def signup_overflow(game: str, place: int) -> str:
    return say("signup.overflow", game=game, place=place)


def signup_choice_refused(game: str, line: str, wanted: str | None, free: Sequence[str]) -> str:
    if wanted:
        why = say("signup.choice_taken", wanted=repr(wanted))
    else:
        why = say("signup.choice_unnamed")
    still = names_list(free) if free else say("signup.none_free")
    return say("signup.choice_refused", game=game, quoted=quoted(line), why=why, free=still)


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
        closes = say("signup.list_closes", close=when(close, dates))
        lines.append(closes + (" or when full." if size else "."))
    # Names and choices are the players' own words: shown, never read as tags.
    lines += [
        f"{i}. {inert(name)}" + (f" ({inert(choices[name])})" if name in choices else "")
        for i, name in enumerate(players, 1)
    ] or ["(nobody yet)"]
    lines.append("Replacements: " + (names_list(replacements) if replacements else "none yet"))
    return "\n".join(lines)


def signups_short_gm(game: str, count: int, minimum: int, cancelled: bool) -> str:
    then = say("signup.short_cancelled" if cancelled else "signup.short_open")
    return say("signup.short_gm", game=game, count=count, minimum=minimum, then=then)


def signups_unfit_gm(game: str, count: int, problem: str) -> str:
    return say("signup.unfit_gm", game=game, count=count, problem=problem)


def deal_held_gm(game: str) -> str:
    return say("signup.deal_held_gm", game=game)


def prod_pm(game: str, phases: int) -> str:
    return say("inactivity.prod", game=game, phases=_phases(phases))


def warn_pm(game: str, phases: int, then: str) -> str:
    return say("inactivity.warn", game=game, phases=_phases(phases), then=then)


def warn_gm(game: str, player: str, phases: int) -> str:
    return say("inactivity.warned_gm", game=game, player=player, phases=_phases(phases))


def _phases(count: int) -> str:
    return say("duration.phase") if count == 1 else say("duration.phases", count=count)


def inactivity_line(player: str, step: str, phases: int) -> str:
    """One line of the phase results about a player's inactivity."""
    idle = f"{_phases(phases)} without an order or post"
    return say(f"inactivity.line_{step}", player=player, idle=idle, phases=_phases(phases))


def inactive_gm(game: str, player: str, phases: int, waiting: Sequence[str]) -> str:
    """The GM's to decide: the player, and the replacements offered in order."""
    who = inert(player)
    listed = f", in order: {names_list(waiting)}" if waiting else " is empty"
    write = _write(player, waiting)
    return say(
        "inactivity.decide_gm",
        game=game,
        who=who,
        phases=_phases(phases),
        listed=listed,
        write=write,
    )


def _write(player: str, waiting: Sequence[str]) -> str:
    """The override lines the GM may write for a player to replace."""
    new = inert(waiting[0]) if waiting else "NAME"
    return say("inactivity.write", player=inert(player), new=new)


def no_replacement_gm(game: str, player: str) -> str:
    return say(
        "inactivity.no_replacement_gm", game=game, player=inert(player), write=_write(player, ())
    )


def history_intro(game: str, old: str) -> str:
    return say("inactivity.history_intro", old=old, game=game)
