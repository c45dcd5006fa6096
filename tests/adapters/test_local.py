"""LocalForum beyond the shared contract: storage, users, pasting PMs in, permissions."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from autogm.adapters.base import LoginFailed, NoPermission, NotFound, PostRef, Rejected, User
from autogm.adapters.local import POSTS_PER_PAGE, LocalForum


@pytest.fixture
def gm() -> LocalForum:
    return LocalForum(":memory:", "GameMaster", now=lambda: datetime(2026, 11, 22, tzinfo=UTC))


def test_a_folder_keeps_the_forum_between_runs(tmp_path):
    first = LocalForum(tmp_path / "game", "GameMaster")
    first.deliver("Akonyl", "Night 1", "Arrest Abs")
    again = LocalForum(tmp_path / "game", "GameMaster")
    assert [message.author for message in again.new_private_messages(None).messages] == ["Akonyl"]
    assert (tmp_path / "game" / "forum.sqlite").exists()


def test_a_pasted_pm_keeps_quotes_apart(gm):
    gm.deliver("Akonyl", "Re: role", '[quote="GameMaster"]You are Town[/quote]\nThanks, arrest Abs')
    message = gm.new_private_messages(None).messages[0]
    assert (message.text, message.quotes) == ("Thanks, arrest Abs", ("You are Town",))
    assert message.recipients == ("GameMaster",)


def test_reading_marks_read_and_unread_older_messages_still_count(gm):
    for number in range(3):
        gm.deliver("Abs", f"n{number}", "text")
    assert [item.unread for item in gm.inbox()] == [True, True, True]
    gm.read_private_message("3")
    assert [item.unread for item in gm.inbox()] == [False, True, True]
    assert [message.id for message in gm.new_private_messages("3").messages] == ["1", "2"]


def test_a_pm_by_name_by_id_and_by_user(gm):
    abs_ = gm.add_user("Abs")
    jdash = gm.add_user("Jdash")
    sent = gm.send_private_message(["abs", int(jdash.id), User("", jdash.id)], "Role", "Mafia")
    assert sent.recipients == ("Abs", "Jdash", "Jdash")
    assert gm.as_user("Jdash").inbox()[0].author == "GameMaster"
    assert gm.as_user(abs_.name).read_private_message(sent.id).recipients == ("Abs", "Jdash")


def test_nobody_reads_someone_elses_pm(gm):
    sent = gm.deliver("Akonyl", "secret", "I am the cop")
    with pytest.raises(NotFound):
        gm.as_user("Abs").read_private_message(sent.id or "")


@pytest.mark.parametrize(
    ("to", "subject", "body", "error"),
    [
        (["Nobody"], "s", "b", NotFound),
        ([], "s", "b", Rejected),
        (["GameMaster"], " ", "b", Rejected),
        (["GameMaster"], "s", "  ", Rejected),
    ],
)
def test_bad_pms_are_refused_like_phpbb_does(gm, to, subject, body, error):
    with pytest.raises(error):
        gm.send_private_message(to, subject, body)


def test_posts_have_pages_like_phpbb(gm):
    topic = gm.create_topic("Signups", "Sign up here").topic
    for number in range(POSTS_PER_PAGE + 2):
        gm.as_user(f"Player{number}").reply(topic, "/in")
    posts = gm.posts_after(topic, None)
    assert [post.page for post in posts] == [1] * POSTS_PER_PAGE + [2] * 3


def test_edits_are_noticed_and_only_the_author_may_edit(gm):
    topic = gm.create_topic("Game", "Welcome").topic
    ref = gm.as_user("Kleene").reply(topic, "vote Abs")
    with pytest.raises(NoPermission):
        gm.edit_post(ref, "vote Kleene")
    gm.as_user("Kleene").edit_post(ref, "vote Jdash")
    post = gm.posts_after(topic, "1")[0]
    assert (post.source, post.edited_at is not None) == ("vote Jdash", True)
    with pytest.raises(NotFound):
        gm.edit_post(PostRef(topic, "99"), "x")


def test_a_reply_has_a_subject_and_missing_topics_are_not_found(gm):
    with pytest.raises(NotFound):
        gm.reply("7", "hello")
    with pytest.raises(Rejected):
        gm.create_topic("", "body")


def test_login_needs_the_account(gm):
    gm.login()
    assert gm.current_user() == User("GameMaster", "1")
    gm._store.write("delete from users where name = ?", "GameMaster")
    with pytest.raises(LoginFailed):
        gm.login()


# The child that sends one PM and is killed (-9) just before the recipients are written: the
# planted hook stands for the moment kill -9 strikes between the two writes.
_KILLED_MID_PM = """
import os, signal, sys
from autogm.adapters import local


class Killing(local.sqlite3.Connection):
    def execute(self, sql, *args):
        if sql.lstrip().lower().startswith("insert into recipients"):
            os.kill(os.getpid(), signal.SIGKILL)
        return super().execute(sql, *args)

    def executemany(self, sql, *args):
        if sql.lstrip().lower().startswith("insert into recipients"):
            os.kill(os.getpid(), signal.SIGKILL)
        return super().executemany(sql, *args)


connect = local.sqlite3.connect
local.sqlite3.connect = lambda *a, **k: connect(*a, factory=Killing, **k)
forum = local.LocalForum(sys.argv[1], "GameMaster")
forum.send_private_message(["Abs"], "Night 1 results", "You survived.")
"""


def test_a_pm_killed_between_its_row_and_its_recipients_leaves_nothing(tmp_path):
    """One transaction per PM (issue 28): a PM is on the forum with its recipients, or not at
    all; a half-written one (no recipients) would be taken as sent by a look-up, and lost."""
    import signal
    import subprocess
    import sys
    from pathlib import Path

    folder = tmp_path / "forum"
    LocalForum(folder, "GameMaster").add_user("Abs")
    script = tmp_path / "child.py"
    script.write_text(_KILLED_MID_PM, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    child = subprocess.run(
        [sys.executable, str(script), str(folder)], cwd=root, env={"PYTHONPATH": str(root)}
    )
    assert child.returncode == -signal.SIGKILL
    again = LocalForum(folder, "GameMaster")
    assert again.sent_private_messages(datetime(2000, 1, 1, tzinfo=UTC)) == []


def test_a_flood_rule_refuses_a_second_message_too_soon_unless_exempt():
    """As phpBB's flood interval: "You cannot make another post so soon after your last", for
    posts and PMs alike; edits and exempt accounts are not held back."""
    from datetime import timedelta

    from autogm.adapters.base import FloodLimited

    now = [datetime(2026, 12, 1, tzinfo=UTC)]
    gm = LocalForum(":memory:", "GameMaster", now=lambda: now[0])
    gm.add_user("Abs")
    topic = gm.create_topic("Game", "Welcome").topic
    gm.set_flood_rule(15)
    with pytest.raises(FloodLimited) as refused:
        gm.send_private_message(["Abs"], "hi", "text")
    assert refused.value.wait_seconds == 15
    now[0] += timedelta(seconds=15)
    sent = gm.send_private_message(["Abs"], "hi", "text")
    gm.edit_post(PostRef(topic, "1"), "edited at once")  # edits are exempt
    now[0] += timedelta(seconds=5)
    with pytest.raises(FloodLimited):
        gm.reply(topic, "too soon")
    assert gm.as_user("Abs").send_private_message(["GameMaster"], "re", "mine")  # own clock
    gm.set_flood_rule(15, exempt=["GameMaster"])
    assert gm.reply(topic, "exempt").post_id and sent.id
