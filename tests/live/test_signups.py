"""From a sign-up topic to a dealt game on the real board, and a quiet player replaced (issue
18): players sign up by posting, the daemon answers and keeps a list post, deals a setup with
constraints when the list is full, prods and warns the player who sends nothing, and puts the
first replacement in the slot."""

from __future__ import annotations

from tests.live.board import (
    GM,
    Board,
    Daemon,
    Player,
    State,
    forum_config,
    marker_of,
    topic_posts,
    wait_for,
)

GAME = """\
[setup:four]
roles =
    Gin
    one of Megure, Araide
fill = Agasa, Eisuke, Shiratori
sizes = 4
black_org = 1

[game:su]
forum = su
topic = {topic}
ruleset = dctp-2011
seed = 29
setup = four
signups = {signups}
signups_size = 4
gm_contact = Hak
prep_deadline = 15s
night_deadline = 20s
day_deadline = 20s
inactivity = replace
prod_after = 1
warn_after = 2
"""

QUIET = "Parkur"


def test_signups_deal_and_a_quiet_player_replaced(board: Board, tmp_path):
    topic = board.new_topic("Live game: sign-ups then play", "autogm runs this game.")
    signups = board.new_topic("Sign-ups for the live game", "Post /in to join.")
    config = tmp_path / "config.ini"
    config.write_text(
        forum_config(board, "su", poll="2s") + GAME.format(topic=topic, signups=signups),
        encoding="utf-8",
    )
    state = State(tmp_path / "state" / "autogm.db")
    people = {n: Player(board, n) for n in ("Xpon", "Callid", "Ctu", "Nomemory", QUIET, "Sono")}
    daemon = Daemon(config)
    try:
        wait_for(lambda: _list_post(state), 30, "the sign-up list post")
        people["Xpon"].post(signups, "/in")
        people["Callid"].post(signups, "[b]in[/b]")
        people["Nomemory"].post(signups, "in")
        people["Nomemory"].post(signups, "Sorry, /out after all")
        people["Sono"].post(signups, "I can sub if needed")
        people["Ctu"].post(signups, "[quote=Xpon]/in[/quote]good luck")  # not a sign-up
        people["Ctu"].post(signups, "Sign me up!")
        people[QUIET].post(signups, "count me in")
        wait_for(lambda: state.phase("su") is not None, 60, "the deal and the first phase")
        players = [r["name"] for r in state.rows("SELECT name FROM players WHERE game = 'su'")]
        assert sorted(players) == sorted(["Xpon", "Callid", "Ctu", QUIET])
        # Everyone but the quiet one says something every phase.
        for _ in range(4):
            phase = state.phase("su")
            if _replaced(state):
                break
            for name in ("Xpon", "Callid", "Ctu"):
                people[name].send(f"{phase}", "no action")
            wait_for(lambda p=phase: state.phase("su") != p, 60, f"{phase} to close")
        wait_for(lambda: _replaced(state), 60, f"{QUIET} to be replaced")
        wait_for(state.settled, 60, "the outbox to be sent")
    finally:
        daemon.stop()
    assert "Traceback" not in daemon.log_text()

    ours = state.markers()
    # One list post in the sign-up topic, edited as people came and went.
    lists = [p for p in topic_posts(board, signups)[1:] if p.author == GM]  # after the opening
    assert len(lists) == 1 and lists[0].edited_at is not None
    assert "1. Xpon\n2. Callid\n3. Ctu\n4. Parkur" in lists[0].source
    # Each sign-up answered once, by PM.
    answers = [m for m in people["Xpon"].from_gm() if "sign-up" in m.subject]
    assert [marker_of(m.source) in ours for m in answers] == [True]
    assert any("left the sign-ups" in m.source for m in people["Nomemory"].from_gm())
    # The deal: the setup's constraints hold.
    roles = {r["role"] for r in state.rows("SELECT role FROM players WHERE game = 'su'")}
    assert "Gin" in roles and len(roles & {"Megure", "Araide"}) == 1
    # The quiet player prodded, warned, then replaced by the first replacement.
    quiet = [m.source for m in people[QUIET].from_gm() if marker_of(m.source) in ours]
    assert any("nothing from you in su for 1 phase" in s for s in quiet)
    assert any("Inactivity warning" in s for s in quiet)
    results = "\n".join(p.source for p in topic_posts(board, topic) if p.author == GM)
    assert f"{QUIET} was prodded for inactivity" in results
    assert f"{QUIET} was warned for inactivity" in results
    assert f"{QUIET} is replaced for inactivity" in results
    sono = [m.source for m in people["Sono"].from_gm() if marker_of(m.source) in ours]
    assert any(f"You take over {QUIET}'s slot" in s for s in sono)
    told = [m.source for m in Player(board, "Hak").from_gm() if marker_of(m.source) in ours]
    assert any(f"{QUIET} has sent nothing for 2 phases" in s for s in told)


def _list_post(state: State) -> bool:
    return any(
        r["dedupe_key"] == "signups:su:list" and r["state"] == "sent" for r in state.outbox()
    )


def _replaced(state: State) -> bool:
    rows = state.rows("SELECT replaced_by FROM players WHERE game = 'su' AND name = ?", [QUIET])
    return bool(rows) and rows[0]["replaced_by"] == "Sono"
