"""Two games to a winner on the real MyBB board at once, run by one daemon: a ten-player
dctp-2011 game voting in its thread ([vote] tags, a running vote count), and a midnight game
that signs its players up in a thread of its own (their Daylight choices in the sign-up posts)
and votes in its thread's [ooc] tag. Players post twice in a row as players do, and MyBB merges
the second post into the first: the merged sign-up, vote and [ooc] vote still count. Then
every message is checked on the board: nothing twice, nothing missing, nothing private in
public; and status, archive and check-forum are run on the finished games as a GM would."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from tests.live.board import Daemon, State, marker_for, marker_of, wait_for
from tests.live.mybb import (
    GM,
    GM_PASSWORD,
    MyBBBoard,
    MyBBPlayer,
    autogm,
    forum_config,
    thread_posts,
)

DCTP = {
    "Abs": "Gin",
    "Akonyl": "Araide",
    "Kleene": "Megure",
    "Jd-": "Agasa",
    "PhoenixTears": "Shinichi",
    "Parkur": "Eisuke",
    "Pofa": "Shiratori",
    "Lynz": "Takagi",
    "Big Tony": "Satou",
    "Sørina": "Kazuha",
}
GAMES = """\
[game:dctp]
forum = mybb
topic = {dctp_topic}
ruleset = dctp-2011
seed = 7
players =
{players}
prep_deadline = 4s
night_deadline = 30m
day_deadline = 30m
votes = topic
vote_count = on
acknowledge = on

[setup:four]
roles =
    Boss
    Cop
    Civilian
    Civilian
sizes = 4

[game:mid]
forum = mybb
topic = {mid_topic}
ruleset = midnight
seed = 5
setup = four
signups = {signups}
signups_size = 4
votes = topic
night_deadline = 30m
day_deadline = 30m
acknowledge = on
"""
SIGNUPS = {"Abs": "Monk", "Kleene": "Chef", "Pofa": "Brute", "Lynz": "Journalist"}


def test_a_dctp_game_and_a_midnight_game_to_a_winner(mybb_board: MyBBBoard, tmp_path: Path):
    board = mybb_board
    dctp_topic = board.new_thread("Live game: Black Org vs Town", "autogm runs this game.")
    mid_topic = board.new_thread("Live game: midnight", "autogm runs this game.")
    signups = board.new_thread("Sign-ups: midnight", "Post /in as ROLE to join.")
    config = tmp_path / "config.ini"
    players = "\n".join(f"    {name}: {role}" for name, role in DCTP.items())
    config.write_text(
        forum_config(board, "mybb")
        + GAMES.format(
            dctp_topic=dctp_topic, mid_topic=mid_topic, signups=signups, players=players
        ),
        encoding="utf-8",
    )
    state = State(tmp_path / "state" / "autogm.db")
    people = {name: MyBBPlayer(board, name) for name in DCTP}
    daemon = Daemon(config, password=GM_PASSWORD)
    try:
        wait_for(lambda: state.phase("dctp") == "Prep", 30, "dctp's Prep")
        # midnight's sign-ups, while dctp's Prep runs: Kleene's second post is merged into
        # his first, and is his sign-up.
        people["Abs"].post(signups, "/in as Monk")
        people["Kleene"].post(signups, "Hmm, let me read the roles first.")
        assert people["Kleene"].post(signups, "/in as Chef").endswith(".2"), "not merged"
        people["Pofa"].post(signups, "in: Brute")
        people["Lynz"].post(signups, "/in as Journalist")

        wait_for(lambda: state.phase("dctp") == "Night 1", 60, "dctp's Night 1")
        people["Abs"].send("dctp: night 1", "Kill PhoenixTears")
        people["Akonyl"].send("dctp: heal", "Heal PhoenixTears")
        # A second PM at once: the board's PM flood clock refuses it, the adapter waits.
        people["Akonyl"].send("dctp", "orders")
        people["Kleene"].send("dctp: my action", "Investigate Abs kills PhoenixTears")
        wait_for(lambda: state.phase("mid") == "Night 1", 60, "mid's deal and Night 1")
        roles = _roles(state, "mid")
        boss, cop = _holder(roles, "Boss"), _holder(roles, "Cop")
        people[boss].send("mid: night 1", f"block {cop}")
        people[cop].send("mid: night 1", f"jail {boss}")
        _acknowledged(state, 5)
        _resolve_now(config, "dctp", "mid")

        wait_for(lambda: state.phase("dctp") == "Day 1", 60, "dctp's Day 1")
        people["Kleene"].post(dctp_topic, "Abs is the one. [vote]Abs[/vote]")
        people["Akonyl"].post(dctp_topic, "I think [b]vote: Lynz[/b]")
        wait_for(lambda: _count_rows(state, "post", "sent"), 30, "the vote count post")
        # Merged into the post above: a new vote all the same.
        people["Akonyl"].post(dctp_topic, "No, changed my mind: [vote]Abs[/vote]")
        for name in ("Jd-", "Parkur", "Pofa", "Sørina"):
            people[name].post(dctp_topic, "[vote]Abs[/vote]")
        wait_for(lambda: state.phase("mid") == "Day 1", 60, "mid's Day 1")
        voters = [name for name in roles if name != boss]
        people[voters[0]].post(mid_topic, f"{boss} is suspicious.")
        people[voters[0]].post(mid_topic, f"[ooc]Vote {boss}[/ooc]")  # merged
        for name in voters[1:]:
            people[name].post(mid_topic, f"[ooc][b]Vote {boss}[/b][/ooc]")
        wait_for(lambda: _read(state, dctp_topic, "Sørina"), 30, "the last vote read")
        wait_for(lambda: _count_rows(state, "edit", "sent"), 30, "the vote count edited")
        wait_for(lambda: _read(state, mid_topic, voters[-1]), 30, "the last [ooc] vote read")
        _resolve_now(config, "dctp", "mid")
        wait_for(lambda: _ended(state, "dctp") and _ended(state, "mid"), 60, "two winners")
        wait_for(state.settled, 60, "the outbox to be sent")
    finally:
        daemon.stop()
    assert "Traceback" not in daemon.log_text()
    assert people["Akonyl"].forum.transport.flood_intervals["pms"] >= 1, "no flood met"

    threads = {t: thread_posts(board, t) for t in (dctp_topic, mid_topic, signups)}
    gm_posts = [post for posts in threads.values() for post in posts if post.author == GM]
    _nothing_twice_nothing_lost(state, people, gm_posts)

    dctp_text = "\n".join(p.source for p in threads[dctp_topic] if p.author == GM)
    mid_text = "\n".join(p.source for p in threads[mid_topic] if p.author == GM)
    assert "Akonyl - Abs" in dctp_text, "Akonyl's merged vote was not counted"
    assert "[b]Abs[/b] was lynched. Abs was [b]Gin[/b]." in dctp_text
    assert "The game is over: the town wins." in dctp_text
    assert f"{voters[0]} - {boss}" in mid_text, "the merged [ooc] vote was not counted"
    assert "The game is over: the Law wins." in mid_text
    listed = "\n".join(p.source for p in threads[signups] if p.author == GM)
    assert "2. Kleene (Chef)" in listed, "Kleene's merged sign-up was not taken"
    # Nothing private in public: the roles of the players who lived stay in their PMs.
    for name, role in DCTP.items():
        if name != "Abs":
            assert not re.search(rf"\b{role}\b", dctp_text), f"{name}'s role {role} in public"
    for name, role in roles.items():
        if name != boss:
            assert not re.search(rf"\b{role}\b", mid_text), f"{name}'s role {role} in public"
    # The count post, created once and edited in place.
    count = [r for r in state.outbox() if r["dedupe_key"].startswith("votecount:dctp")]
    kinds = [row["kind"] for row in count]
    assert kinds[:1] == ["post"] and kinds.count("post") == 1 and "edit" in kinds

    # What a GM types once the games are over.
    status = autogm("status", "--config", str(config))
    assert status.returncode == 0 and "dctp" in status.stdout and "mid" in status.stdout
    archive = autogm("archive", "--config", str(config), "show", "dctp")
    assert archive.returncode == 0 and "Gin" in archive.stdout, archive.stdout + archive.stderr
    check = autogm("check-forum", "--config", str(config))
    assert check.returncode == 0, check.stdout + check.stderr
    assert "ok   the GM's posts kept apart" in check.stdout


def _nothing_twice_nothing_lost(
    state: State, people: dict[str, MyBBPlayer], gm_posts: list
) -> None:
    """Every message of the outbox is on the board exactly once, where it was sent."""
    ours = state.markers()
    inboxes = {
        name: [m for m in player.from_gm() if marker_of(m.source) in ours]
        for name, player in people.items()
    }
    holders: dict[str, list[str]] = {}
    for name, messages in inboxes.items():
        for message in messages:
            holders.setdefault(marker_of(message.source) or "", []).append(name)
    outbox = state.outbox()
    for row in outbox:
        key = marker_for(row["dedupe_key"])
        if row["kind"] == "pm":
            assert sorted(holders.get(key, [])) == sorted(json.loads(row["recipients"])), row
    posted = Counter(marker_of(p.source) for p in gm_posts if marker_of(p.source) in ours)
    assert all(n == 1 for n in posted.values()), "a post twice"
    for row in outbox:
        if row["kind"] == "post" and not _edited_later(row, outbox):
            assert posted[marker_for(row["dedupe_key"])] == 1, f"post lost: {row['dedupe_key']}"
    # Each order PM was answered once.
    for name, player in people.items():
        answers = [m for m in inboxes[name] if m.subject.lower().startswith("re:")]
        assert len(answers) == len(player.sent), f"{name}: {player.sent} vs {answers}"


def _edited_later(row: dict, outbox: list[dict]) -> bool:
    return any(r["dedupe_key"].startswith(f"{row['dedupe_key']}:edit:") for r in outbox)


def _roles(state: State, game: str) -> dict[str, str]:
    rows = state.rows("SELECT name, role FROM players WHERE game = ?", [game])
    return {row["name"]: row["role"] for row in rows}


def _holder(roles: dict[str, str], role: str) -> str:
    return next(name for name, held in roles.items() if held == role)


def _acknowledged(state: State, orders: int) -> None:
    wait_for(
        lambda: len(state.rows("SELECT id FROM orders WHERE source = 'pm'")) >= orders,
        30,
        "the order PMs to be read",
    )


def _count_rows(state: State, kind: str, *states: str) -> list[dict]:
    return [
        row
        for row in state.outbox(*states)
        if row["dedupe_key"].startswith("votecount:dctp") and row["kind"] == kind
    ]


def _read(state: State, topic: str, author: str) -> bool:
    rows = state.rows(
        "SELECT id FROM inbox WHERE kind = 'post' AND topic = ? AND author = ?"
        " AND parsed_at IS NOT NULL",
        [topic, author],
    )
    return bool(rows)


def _ended(state: State, game: str) -> bool:
    found = state.game(game)
    return bool(found) and found["status"] in ("ended", "archived")


def _resolve_now(config: Path, *games: str) -> None:
    for game in games:
        done = autogm("resolve-now", game, "--config", str(config))
        assert done.returncode == 0, done.stderr
