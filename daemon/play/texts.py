"""The daemon's own words: start post, phase headers, reminders, answers to player commands.

The rulings and their wording are the engine's (engine/render); what is here only frames them
with what the daemon knows and the engine does not: deadlines, the clock, the forum.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from autogm.daemon.config.dates import DateStyle
from autogm.engine.render.inert import inert, shorten
from autogm.engine.render.templates import fill

# The daemon's templates (package data beside this module; os.path, as the engine's).
TEMPLATES = os.path.join(os.path.dirname(__file__), "templates.toml")  # noqa: PTH118, PTH120


def say(key: str, **params: Any) -> str:
    """The daemon's template ``key`` filled from ``params`` by name."""
    return fill(TEMPLATES, key, **params)


# How much of a player's message an answer quotes back.
QUOTE_LIMIT = 500

COMMANDS = ("status", "orders", "clear", "history", "role", "help")


def command_help() -> str:
    return say("topic.command_help")


def when(moment: datetime, dates: DateStyle) -> str:
    """A deadline as players read it: as the forum writes dates, in the game's zone
    (``Tue Dec 01, 2026 6:00 pm UTC`` with phpBB's default format)."""
    return dates.show(moment)


def deadline_moved_post(phase: str, deadline: datetime, dates: DateStyle) -> str:
    return say("topic.deadline_moved", phase=phase, deadline=when(deadline, dates))


def duration(length: timedelta) -> str:
    # To the nearest minute: a reminder runs a moment after its time, and "1 minute" left
    # must not read "0 minutes".
    minutes = int((length.total_seconds() + 30) // 60)
    hours, minutes = divmod(minutes, 60)
    if hours and minutes:
        return say("duration.hours_minutes", hours=hours, minutes=minutes)
    if hours:
        return say("duration.hours", hours=hours) if hours > 1 else say("duration.hour")
    return say("duration.minute") if minutes == 1 else say("duration.minutes", minutes=minutes)


# How a phase's orders are sent, by where the daemon reads them (daemon.play.games
# orders_channel): ``pm``; ``votes`` (votes = topic: the day's votes in the topic, the rest by
# PM); ``ooc`` (a family that reads public orders in the topic's OOC tag, by day) and
# ``ooc_night`` (the same family by night: covert orders by PM, and the start post of a game
# that opens at night says where the Day's public orders will go).
HOW_TO_SEND = {
    "pm": "topic.send_pm",
    "votes": "topic.send_votes",
    "ooc": "topic.send_ooc",
    "ooc_night": "topic.send_ooc_night",
}


def how_to_send(where: str) -> str:
    return say(HOW_TO_SEND[where])


def start_post(
    game: str,
    ruleset: str,
    players: Sequence[str],
    phase: str,
    deadline: datetime,
    dates: DateStyle,
    *,
    told: int | None = None,
    where: str = "pm",
) -> str:
    """``told``: how many players were sent their role PM at the start (None: all);
    ``where``: how the first phase's orders are sent (``HOW_TO_SEND``)."""
    if told is None or told >= len(players):
        told_line = say("topic.told_all")
    elif told == 0:
        told_line = say("topic.told_after_prep")
    else:
        told_line = say("topic.told_prep_actions")
    return "\n".join(
        [
            say("topic.start_title", game=game, ruleset=ruleset),
            "",
            say("topic.start_players", count=len(players), names=names_list(players)),
            told_line,
            say("topic.start_phase", phase=phase, deadline=when(deadline, dates)),
            say("topic.start_how", how=how_to_send(where), commands=command_help()),
        ]
    )


def role_subject(game: str) -> str:
    return say("subject.role", game=game)


def results_subject(game: str, phase: str) -> str:
    return say("subject.results", game=game, phase=phase)


def phase_results_post(phase: str, public: Sequence[str]) -> str:
    body = list(public) or [say("topic.nothing_announced")]
    return "\n".join([say("topic.phase_ended", phase=phase), "", *body])


def phase_opening(phase: str, deadline: datetime, dates: DateStyle, where: str = "pm") -> str:
    """The next phase announced; ``where`` tells players how its orders are sent, which
    changes between Night and Day when votes or public orders go in the topic."""
    return say(
        "topic.phase_opening", phase=phase, deadline=when(deadline, dates), how=how_to_send(where)
    )


WINNERS = {
    "town": "the town",
    "black_org": "the Black Organization",
    "lovers": "the lovers",
    "mafia": "the Mafia",
    "law": "the Law",
    "neutral": "the Neutrals",
}
# midnight: "In a "stalemate" when no player can win, nobody wins and the game ends."
STALEMATE = "stalemate"


def winner_name(winner: str) -> str:
    """A winner as players read it ("the Black Organization", not "black_org")."""
    return WINNERS.get(winner, winner)


def winner_line(winner: str) -> str:
    if winner == STALEMATE:
        return say("topic.stalemate")
    return say("topic.winner", winner=winner_name(winner))


def private_results(phase: str, texts: Iterable[str]) -> str:
    return "\n".join([f"[b]{phase}[/b]", *texts])


def reminder_post(
    phase: str, left: timedelta, deadline: datetime, dates: DateStyle, where: str = "pm"
) -> str:
    """``where``: how this phase's orders are sent: ``pm``; ``votes`` (votes in the topic,
    the rest by PM); ``ooc`` (public orders, the vote among them, in the topic's OOC tag)."""
    how = say("topic.reminder_how", how=how_to_send(where)[:-1])
    return say(
        "topic.reminder", left=duration(left), phase=phase, deadline=when(deadline, dates), how=how
    )


def reminder_pm(
    game: str, phase: str, left: timedelta, deadline: datetime, dates: DateStyle
) -> str:
    return say(
        "answer.reminder",
        game=game,
        left=duration(left),
        phase=phase,
        deadline=when(deadline, dates),
    )


def locked_answer(deadline: datetime, dates: DateStyle, will_saved: bool) -> str:
    lines = [say("answer.locked", deadline=when(deadline, dates))]
    if will_saved:
        lines.append(say("answer.locked_will"))
    return "\n".join(lines)


def status_answer(
    game: str,
    phase: str,
    deadline: datetime | None,
    dates: DateStyle,
    alive: Sequence[str],
    waiting_for_gm: bool = False,
) -> str:
    lines = [f"[b]{game}[/b]: {phase}"]
    if waiting_for_gm:
        lines.append(say("answer.waiting_for_gm"))
    elif deadline is not None:
        lines.append(say("answer.status_deadline", deadline=when(deadline, dates)))
    lines.append(say("answer.status_alive", count=len(alive), names=names_list(alive)))
    return "\n".join(lines)


def orders_answer(phase: str, orders: Sequence[str], will: str | None) -> str:
    held = "; ".join(inert(o) for o in orders) if orders else say("answer.orders_none")
    lines = [say("answer.orders", phase=phase, held=held)]
    if will is not None:
        lines.append(say("answer.will", will=inert(will) or say("answer.will_cleared")))
    return "\n".join(lines)


def role_not_yet_answer(phase: str) -> str:
    return say("answer.role_not_yet", phase=phase)


def substitute_line(game: str, old: str) -> str:
    return say("answer.substitute", old=old, game=game)


def cleared_answer(phase: str) -> str:
    return say("answer.cleared", phase=phase)


def history_answer(entries: Sequence[tuple[str, Sequence[str]]]) -> str:
    if not entries:
        return say("answer.no_history")
    return "\n\n".join(f"[b]{phase}[/b]\n" + "\n".join(texts) for phase, texts in entries)


def unreadable_answer(text: str) -> str:
    return say("answer.unreadable", quoted=quoted(text))


def quoted(text: str) -> str:
    """A player's text quoted back to them: shortened, and inert inside the GM's quote."""
    return f"[quote]{inert(shorten(text.strip(), QUOTE_LIMIT))}[/quote]"


def names_list(names: Iterable[str]) -> str:
    return ", ".join(inert(n) for n in names)


def vote_refused_answer(game: str, post: str, refused: Sequence[tuple[str, str]]) -> str:
    """The PM to a player whose vote in the topic could not count, quoting their post."""
    lines = [f"{game}: in your post {quoted(post)}"]
    for written, why in refused:
        lines.append(say("answer.vote_refused", written=inert(written), why=inert(why)))
    lines.append(say("answer.vote_earlier_stands"))
    return "\n".join(lines)


def vote_by_non_player_answer(game: str, post: str) -> str:
    return say("answer.vote_by_non_player", game=game, quoted=quoted(post))


def vote_locked_answer(game: str, post: str, deadline: datetime, dates: DateStyle) -> str:
    return say("answer.vote_locked", game=game, quoted=quoted(post), deadline=when(deadline, dates))


def vote_count_title(phase: str) -> str:
    return say("subject.vote_count", phase=phase)


def replaced_answer(game: str) -> str:
    return say("answer.replaced", game=game)


def not_a_player_answer(finished: Sequence[str]) -> str:
    """To a PM that no game in play takes: the games of its author that are over, if any."""
    if finished:
        games = ", ".join(finished)
        return say("answer.game_over" if len(finished) == 1 else "answer.games_over", games=games)
    return say("answer.not_a_player")


def which_game_answer(games: Sequence[str]) -> str:
    return say("answer.which_game", games=", ".join(games))


def held_texts_note(game: str, held: Sequence[Any]) -> str:
    """The GM's texts waiting for approval (engine/gm_texts.py ``HeldText``), with how to send,
    rewrite or withhold each: for the GM's PM, ``autogm preview`` and ``autogm status``."""
    lines = [say("held.count", game=game, count=len(held))]
    for text in held:
        to = say("held.to_pm", to=text.to) if text.to else say("held.to_topic")
        # The draft is a player's (a will, a tape, a letter): in the GM's own PM its tags are
        # as dead as in the players' (the GM reads the words, not a link or a closed quote).
        lines += [
            "",
            say("held.text", label=text.label, to=to, phase=text.phase, note=inert(text.note)),
            inert(text.text),
        ]
    first = held[0].label if held else "KIND N"
    lines += [
        "",
        say("held.send", game=game, first=first),
        say("held.rewrite", game=game, first=first),
        say("held.withhold", game=game, first=first),
    ]
    return "\n".join(lines)
