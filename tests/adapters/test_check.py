"""check_forum: read-only steps, one line each, on both adapters."""

from __future__ import annotations

import io

from autogm.adapters.check import check_forum
from autogm.adapters.local import LocalForum

from .conftest import BASE, LOGIN_FORM_SID


def test_local_forum_passes_every_step():
    forum = LocalForum(":memory:", "GameMaster")
    topic = forum.create_topic("Mafia Round 1", "Welcome").topic
    forum.deliver("Akonyl", "Night 1", "Arrest Abs")
    out = io.StringIO()
    assert check_forum(forum, topic, out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "ok   log in: logged in as GameMaster (user id 1)"
    assert lines[1].startswith("ok   read topic 1: 1 posts on 1 page(s); last post 1 by GameMaster")
    assert lines[2].startswith("ok   read the inbox: 1 messages on the first page, 1 unread")
    assert forum.inbox()[0].unread  # nothing was marked read


def test_a_failing_step_is_named_and_the_status_is_1():
    out = io.StringIO()
    assert check_forum(LocalForum(":memory:", "GameMaster"), "42", out) == 1
    assert "FAIL read topic 42: NotFound" in out.getvalue()


def test_phpbb_steps_use_only_reads(board, forum):
    board.login()
    board.get("viewtopic.php?t=2&sk=t&sd=a", "viewtopic_round1_gm.html")
    board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_mixed_gm.html")
    out = io.StringIO()
    assert check_forum(forum, "2", out) == 0
    assert "8 posts on 1 page(s); last post 33 by Jdash" in out.getvalue()
    assert "7 messages on the first page, 5 unread" in out.getvalue()
    assert board.calls("POST") == [f"{BASE}ucp.php?mode=login&sid={LOGIN_FORM_SID}"]


def test_phpbb_login_failure_stops_the_checks(board, forum):
    board.get("ucp.php?mode=login", "error_board_disabled_guest.html")
    out = io.StringIO()
    assert check_forum(forum, "2", out) == 1
    assert out.getvalue().startswith("FAIL log in: BoardDisabled")


def test_the_flood_rule_is_reported_and_the_pace_named():
    """check-forum reports the account's flood rule (issue 33): the local forum knows its own
    setting; a GM account exempt from it is never slowed."""
    forum = LocalForum(":memory:", "GameMaster")
    topic = forum.create_topic("Mafia Round 1", "Welcome").topic
    out = io.StringIO()
    assert check_forum(forum, topic, out) == 0
    assert (
        out.getvalue()
        .splitlines()[3]
        .startswith("ok   flood rule: no wait between messages (the board has none")
    )
    forum.set_flood_rule(15)
    out = io.StringIO()
    assert check_forum(forum, topic, out, flood=True) == 0
    assert "ok   measure the flood rule: one post or PM every 15 s" in out.getvalue()
    forum.set_flood_rule(15, exempt=["gamemaster"])
    out = io.StringIO()
    assert check_forum(forum, topic, out) == 0
    assert "no wait between messages (the account ignores it" in out.getvalue()
