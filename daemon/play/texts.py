"""The daemon's own words: start post, phase headers, reminders, answers to player commands.

The rulings and their wording are the engine's (engine/render); what is here only frames them
with what the daemon knows and the engine does not: deadlines, the clock, the forum.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from daemon.config.dates import DateStyle
from engine.render.inert import inert, shorten

# How much of a player's message an answer quotes back.
QUOTE_LIMIT = 500

COMMANDS = ("status", "orders", "clear", "history", "role", "help")
COMMAND_HELP = (
    "Commands (send the word alone as a PM): [b]status[/b] (phase, deadline, who is alive), "
    "[b]orders[/b] (what autogm holds for you this phase), [b]clear[/b] (drop your orders for "
    "this phase), [b]history[/b] (your results PMs so far), [b]role[/b] (your role PM again)."
)


def when(moment: datetime, dates: DateStyle) -> str:
    """A deadline as players read it: as the forum writes dates, in the game's zone
    (``Tue Dec 01, 2026 6:00 pm UTC`` with phpBB's default format)."""
    return dates.show(moment)


def deadline_moved_post(phase: str, deadline: datetime, dates: DateStyle) -> str:
    return f"[b]The GM has moved the deadline of {phase}[/b]: it is now {when(deadline, dates)}."


def duration(length: timedelta) -> str:
    # To the nearest minute: a reminder runs a moment after its time, and "1 minute" left
    # must not read "0 minutes".
    minutes = int((length.total_seconds() + 30) // 60)
    hours, minutes = divmod(minutes, 60)
    if hours and minutes:
        return f"{hours} h {minutes} min"
    if hours:
        return f"{hours} hours" if hours > 1 else "1 hour"
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


# How a phase's orders are sent, by where the daemon reads them (daemon.play.games
# orders_channel): ``pm``; ``votes`` (votes = topic: the day's votes in the topic, the rest by
# PM); ``ooc`` (a family that reads public orders in the topic's OOC tag, by day) and
# ``ooc_night`` (the same family by night: covert orders by PM, and the start post of a game
# that opens at night says where the Day's public orders will go).
HOW_TO_SEND = {
    "pm": "Send your orders by private message.",
    "votes": "Vote in this topic and send your other orders by private message.",
    "ooc": "Declare your public orders (your vote among them) in this topic in the [ooc] tag, "
    "and send the others by private message.",
    "ooc_night": "Send your covert orders by private message; declare public orders (your "
    "vote by day among them) in this topic in the [ooc] tag.",
}


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
        told_line = "Every player has been sent their role by private message."
    elif told == 0:
        told_line = "Every player is sent their role by private message when Prep ends."
    else:
        told_line = (
            "Players with a Prep action have been sent their role by private message; "
            "everyone else gets theirs when Prep ends."
        )
    return "\n".join(
        [
            f"[b]{game} begins[/b] ({ruleset})",
            "",
            f"[b]Players ({len(players)}):[/b] {names_list(players)}",
            told_line,
            f"[b]{phase}[/b] is open until [b]{when(deadline, dates)}[/b].",
            f"{HOW_TO_SEND[where]} A later order replaces an earlier one until the deadline. "
            + COMMAND_HELP,
        ]
    )


def role_subject(game: str) -> str:
    return f"{game}: your role"


def results_subject(game: str, phase: str) -> str:
    return f"{game}: {phase} results"


def phase_results_post(phase: str, public: Sequence[str]) -> str:
    body = list(public) or ["Nothing happened that can be announced."]
    return "\n".join([f"[b]{phase} has ended.[/b]", "", *body])


def phase_opening(phase: str, deadline: datetime, dates: DateStyle, where: str = "pm") -> str:
    """The next phase announced; ``where`` tells players how its orders are sent, which
    changes between Night and Day when votes or public orders go in the topic."""
    return f"[b]{phase}[/b] begins. Deadline: [b]{when(deadline, dates)}[/b]. {HOW_TO_SEND[where]}"


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
        return "[b]The game is over: a stalemate, nobody wins.[/b] Thank you for playing!"
    return f"[b]The game is over: {winner_name(winner)} wins.[/b] Thank you for playing!"


def private_results(phase: str, texts: Iterable[str]) -> str:
    return "\n".join([f"[b]{phase}[/b]", *texts])


def reminder_post(
    phase: str, left: timedelta, deadline: datetime, dates: DateStyle, where: str = "pm"
) -> str:
    """``where``: how this phase's orders are sent: ``pm``; ``votes`` (votes in the topic,
    the rest by PM); ``ooc`` (public orders, the vote among them, in the topic's OOC tag)."""
    how = f"{HOW_TO_SEND[where][:-1]}, if you have not yet."
    return f"[b]{duration(left)} left in {phase}[/b] (deadline {when(deadline, dates)}). {how}"


def reminder_pm(
    game: str, phase: str, left: timedelta, deadline: datetime, dates: DateStyle
) -> str:
    return (
        f"{game}: {duration(left)} left in {phase} (deadline {when(deadline, dates)}), and autogm "
        "holds no order from you for it yet. Reply with your orders, or ignore this if you "
        "do not act this phase."
    )


def locked_answer(deadline: datetime, dates: DateStyle, will_saved: bool) -> str:
    lines = [
        f"Orders are closed: the last stretch before the deadline ({when(deadline, dates)}) "
        "is locked, so the orders in your message were not taken; your earlier orders stand."
    ]
    if will_saved:
        lines.append("Your will is saved (wills may change until the deadline).")
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
        lines.append("The phase has closed; its results wait for the GM's approval.")
    elif deadline is not None:
        lines.append(f"Deadline: {when(deadline, dates)}")
    lines.append(f"Alive ({len(alive)}): {names_list(alive)}")
    return "\n".join(lines)


def orders_answer(phase: str, orders: Sequence[str], will: str | None) -> str:
    held = "; ".join(inert(o) for o in orders) if orders else "none."
    lines = [f"Your orders for {phase}: {held}"]
    if will is not None:
        lines.append("Your will: " + (inert(will) or "(cleared)"))
    return "\n".join(lines)


def role_not_yet_answer(phase: str) -> str:
    return f"Your role PM is sent when Prep ends (the game is in {phase})."


def substitute_line(game: str, old: str) -> str:
    return f"You take over {old}'s slot in {game}. This is the slot's role PM:"


def cleared_answer(phase: str) -> str:
    return f"Your orders for {phase} are cleared; autogm holds none from you now."


def history_answer(entries: Sequence[tuple[str, Sequence[str]]]) -> str:
    if not entries:
        return "You have no results yet."
    return "\n\n".join(f"[b]{phase}[/b]\n" + "\n".join(texts) for phase, texts in entries)


def unreadable_answer(text: str) -> str:
    return (
        f"autogm could not read this message: {quoted(text)}"
        "The GM has been told. Please send your orders again in plain words."
    )


def quoted(text: str) -> str:
    """A player's text quoted back to them: shortened, and inert inside the GM's quote."""
    return f"[quote]{inert(shorten(text.strip(), QUOTE_LIMIT))}[/quote]"


def names_list(names: Iterable[str]) -> str:
    return ", ".join(inert(n) for n in names)


def vote_refused_answer(game: str, post: str, refused: Sequence[tuple[str, str]]) -> str:
    """The PM to a player whose vote in the topic could not count, quoting their post."""
    lines = [f"{game}: in your post {quoted(post)}"]
    for written, why in refused:
        lines.append(f"the vote '{inert(written)}' was not counted: {inert(why)}.")
    lines.append("Your earlier vote, if any, stands.")
    return "\n".join(lines)


def vote_by_non_player_answer(game: str, post: str) -> str:
    return f"{game}: your vote in {quoted(post)}was not counted: you are not a player of {game}."


def vote_locked_answer(game: str, post: str, deadline: datetime, dates: DateStyle) -> str:
    return (
        f"{game}: your vote in {quoted(post)}was not counted: the last stretch before the "
        f"deadline ({when(deadline, dates)}) is locked, so your earlier vote stands."
    )


def vote_count_title(phase: str) -> str:
    return f"Vote count, {phase}"


def replaced_answer(game: str) -> str:
    return f"You no longer play in {game} (your slot was handed over); this message was ignored."


def not_a_player_answer(finished: Sequence[str]) -> str:
    """To a PM that no game in play takes: the games of its author that are over, if any."""
    if finished:
        games = ", ".join(finished)
        return (
            f"{games} {'is' if len(finished) == 1 else 'are'} over: autogm no longer reads "
            "orders for it. Thank you for playing!"
        )
    return (
        "You are not a player of any game autogm runs on this forum, so this message was not "
        "read. If you should be, please tell the GM."
    )


def which_game_answer(games: Sequence[str]) -> str:
    return (
        f"You play in several games ({', '.join(games)}): put the game's name in the subject "
        "of your message so that autogm knows which one it is for."
    )


def held_texts_note(game: str, held: Sequence[Any]) -> str:
    """The GM's texts waiting for approval (engine/gm_texts.py ``HeldText``), with how to send,
    rewrite or withhold each: for the GM's PM, ``autogm preview`` and ``autogm status``."""
    lines = [f"{game}: {len(held)} text(s) wait for you; nothing is sent until you approve it."]
    for text in held:
        to = f"PM to {text.to}" if text.to else "post in the topic"
        # The draft is a player's (a will, a tape, a letter): in the GM's own PM its tags are
        # as dead as in the players' (the GM reads the words, not a link or a closed quote).
        lines += [
            "",
            f"[{text.label}] {to}, from {text.phase}: {inert(text.note)}",
            inert(text.text),
        ]
    first = held[0].label if held else "KIND N"
    lines += [
        "",
        f"Send as it is: autogm approve {game} {first}  (or the override line 'approve {first}')",
        f"Rewrite: autogm approve {game} {first} --text '...'  (or '{first}: TEXT')",
        f"Withhold: autogm approve {game} {first} --withhold  (or 'withhold {first}')",
    ]
    return "\n".join(lines)
