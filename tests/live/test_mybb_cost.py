"""Issue 33's adapter features on the real MyBB board: the flood rule measured with PMs to the
account itself (the GM, an administrator, is exempt; a member meets the PM clock), and a game
thread read again only when the forum's list shows a new post in it, or when the list cannot
tell (another member's post last: MyBB may have merged a reply into it unseen)."""

from __future__ import annotations

import time

from tests.live.mybb import FLOOD, GM, MyBBBoard


def test_the_flood_rule_is_measured_on_the_board(mybb_board: MyBBBoard):
    gm = mybb_board.account(GM)
    rule = gm.flood_rule(measure=True)
    assert (rule.exempt, rule.pace) == (True, 0.0), rule
    player = mybb_board.account("Parkur")
    time.sleep(FLOOD + 1)  # whatever Parkur sent before is past its clock
    rule = player.flood_rule(measure=True)
    assert rule.exempt is False and FLOOD - 1 <= (rule.pace or 0) <= FLOOD + 1, rule
    assert player.flood_rule().interval == rule.interval  # what the process learned


def test_a_thread_is_read_again_only_when_the_list_shows_a_new_post(mybb_board: MyBBBoard):
    board = mybb_board
    topic = board.new_thread("Live: topic reads on change", "autogm reads this thread.")
    gm = board.account(GM)
    mark = gm.posts_after(topic, None)[-1].id
    assert gm.last_posts([topic]) == {topic: None}  # listed, but not read since
    assert gm.posts_after(topic, mark) == []
    before = len(board.requests())
    assert gm.last_posts([topic]) == {topic: mark}  # nothing new: the thread is not opened
    assert [line.split("?")[0] for line in board.requests()[before:]] == ["GET /forumdisplay.php"]

    player = board.account("Pofa")
    player.reply(topic, "[vote]Abs[/vote]")
    assert gm.last_posts([topic]) == {topic: None}  # the row changed: read it
    new = gm.posts_after(topic, mark)
    assert [post.author for post in new] == ["Pofa"]
    # Pofa's post is last: a second reply of Pofa's would be merged into it, which the list
    # would not show. The list is not even fetched until the GM's post is last again.
    before = len(board.requests())
    assert gm.last_posts([topic]) == {topic: None}
    assert board.requests()[before:] == []
