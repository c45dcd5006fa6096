"""A whole short game on the real board: prep to a winner, players on their own accounts."""

from __future__ import annotations

import json
from collections import Counter

from tests.live.board import (
    GM,
    Board,
    Daemon,
    Player,
    State,
    marker_for,
    marker_of,
    topic_posts,
    wait_for,
    write_config,
)

ROSTER = {"Abs": "Gin", "Kleene": "Megure", "Akonyl": "Araide", "Conia": "Shinichi"}
SCHEDULE = """
prep_deadline = 12s
night_deadline = 35s
day_deadline = 35s
acknowledge = on
votes = topic
vote_count = on
"""


def test_a_whole_game_from_prep_to_a_winner(board: Board, tmp_path):
    topic = board.new_topic("Live game: Black Org vs Town", "autogm runs this game.")
    config = write_config(tmp_path, board, "live", topic, ROSTER, SCHEDULE)
    state = State(tmp_path / "state" / "autogm.db")
    players = {name: Player(board, name) for name in ROSTER}
    daemon = Daemon(config)
    try:
        wait_for(lambda: state.phase("live") == "Night 1", 60, "Night 1 to open")
        players["Abs"].send("night 1", "Kill Conia")
        players["Kleene"].send("my action", "Investigate Abs kills Conia")
        players["Akonyl"].send("heal", "Heal Conia")
        wait_for(lambda: state.phase("live") == "Day 1", 60, "Day 1 to open")
        players["Kleene"].post(topic, "Abs is the one. [vote]Abs[/vote]")
        wait_for(lambda: _count_posts(state, "sent"), 30, "the vote count post")
        players["Akonyl"].post(topic, "Agreed. [b]vote: Abs[/b]")
        players["Abs"].send("vote", "Vote Kleene")
        wait_for(lambda: _count_edits(state), 30, "the vote count to be edited")
        if "Conia" in _alive(state):
            players["Conia"].post(topic, "[vote]Abs[/vote]")
        wait_for(lambda: state.game("live")["status"] in ("ended", "archived"), 60, "a winner")
        wait_for(state.settled, 60, "the outbox to be sent")
    finally:
        daemon.stop()
    assert "Traceback" not in daemon.log_text()

    outbox = state.outbox()
    # The players' accounts serve other tests' games too: this game's PMs are those that
    # carry the marker of one of its outbox rows.
    ours = state.markers()
    inboxes = {
        name: [m for m in player.from_gm() if marker_of(m.source) in ours]
        for name, player in players.items()
    }
    # Nothing twice: each message the GM sent is in each inbox and in the topic once.
    for name, messages in inboxes.items():
        markers = Counter(marker_of(m.source) or m.source for m in messages)
        assert [k for k, n in markers.items() if n > 1] == [], f"{name} got a PM twice"
    posts = [p for p in topic_posts(board, topic) if p.author == GM]
    posted = Counter(marker_of(p.source) or p.source for p in posts)
    assert [k for k, n in posted.items() if n > 1] == [], "a post twice in the topic"

    # Every PM went to exactly the accounts its outbox row names, and nowhere else: role
    # PMs, answers, private results.
    holders: dict[str, set[str]] = {}
    for name, messages in inboxes.items():
        for message in messages:
            holders.setdefault(marker_of(message.source) or "", set()).add(name)
    pm_rows = [row for row in outbox if row["kind"] == "pm"]
    for row in pm_rows:
        wanted = set(_json_list(row["recipients"]))
        assert holders.get(marker_for(row["dedupe_key"])) == wanted, row["dedupe_key"]
    assert len(pm_rows) == sum(len(m) for m in inboxes.values())

    # Role PMs (sent when Prep ends): one per player, naming their own role.
    for name, role in ROSTER.items():
        roles = [m for m in inboxes[name] if "your role" in m.subject]
        assert len(roles) == 1 and f"You are [b]{role}[/b]" in roles[0].source, name
    # An answer to every order PM.
    for name, player in players.items():
        answers = [m for m in inboxes[name] if m.subject.lower().startswith("re:")]
        assert len(answers) == len(player.sent), f"{name}: {player.sent} vs {answers}"
    # Results in the topic, the count post created once and edited, and the winner.
    sources = [p.source for p in posts]
    assert any("Night 1" in s for s in sources) and any("Day 1" in s for s in sources)
    assert any("the town wins" in s for s in sources), sources[-1]
    counts = [r for r in outbox if r["dedupe_key"].startswith("votecount:")]
    assert [r["kind"] for r in counts][:1] == ["post"]
    assert sum(r["kind"] == "post" for r in counts) == 1 and "edit" in [r["kind"] for r in counts]
    # The one count post on the board shows the last edit's text, as an edited post.
    post_id = json.loads(counts[0]["forum_ref"])["post_id"]
    count_post = next(p for p in posts if p.id == post_id)
    assert count_post.edited_at is not None
    assert marker_of(count_post.source) == marker_for(counts[-1]["dedupe_key"])
    assert "[b]Abs[/b] (3)" in count_post.source or "(3)" in count_post.text


def _count_posts(state: State, *states: str) -> list[dict]:
    return [
        r
        for r in state.outbox(*states)
        if r["dedupe_key"].startswith("votecount:") and r["kind"] == "post"
    ]


def _count_edits(state: State) -> list[dict]:
    return [
        r
        for r in state.outbox("sent")
        if r["dedupe_key"].startswith("votecount:") and r["kind"] == "edit"
    ]


def _alive(state: State) -> set[str]:
    rows = state.rows("SELECT name FROM players WHERE game = 'live' AND status = 'alive'")
    return {row["name"] for row in rows}


def _json_list(text: str) -> list[str]:
    return json.loads(text)
