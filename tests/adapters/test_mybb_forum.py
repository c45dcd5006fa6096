"""MyBBForum against captured MyBB 1.8.37 pages served by `responses`: each test registers
exactly the requests it expects, so what an operation costs is checked too."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
import responses

from autogm.adapters.base import (
    BoardChecks,
    Forum,
    LoginFailed,
    NoPermission,
    PostRef,
    UnrecognisedPage,
)
from autogm.adapters.check import check_forum
from autogm.adapters.mybb import MyBBForum
from autogm.adapters.web.transport import RetryPolicy, Transport
from autogm.daemon.outbox.lookup import SentLookup

from .conftest import HTML, PAGES, FakeClock

BASE = "https://mybb.example.test/"
CAPTURED = "mybb-1.8.37"
DERIVED = "mybb-1.8.37-derived"
NOW = datetime(2026, 11, 27, 15, 5, 30, tzinfo=UTC)  # the captured pages' clock
LATER = datetime(2026, 11, 27, 17, 30, 30, tzinfo=UTC)  # the derived pages' clock
INBOX = "private.php?fid=0&sortby=dateline&order=desc"


def _body(name: str, folder: str) -> str:
    return (PAGES / folder / name).read_text(encoding="utf-8")


class MyBB:
    """The mocked board."""

    def __init__(self, mock: responses.RequestsMock) -> None:
        self.mock = mock

    def get(self, path: str, name: str, folder: str = CAPTURED, **kwargs: object) -> None:
        self.mock.get(BASE + path, body=_body(name, folder), content_type=HTML, **kwargs)

    def post(self, path: str, name: str, folder: str = CAPTURED, body: str | None = None):
        text = body if body is not None else _body(name, folder)
        return self.mock.post(BASE + path, body=text, content_type=HTML)

    def login(self, user_id: int = 1) -> None:
        self.get("member.php?action=login", "login_form.html")
        self.mock.post(
            BASE + "member.php",
            body=_body("login_success_redirect.html", CAPTURED),
            content_type=HTML,
            headers={"Set-Cookie": f"mybbuser={user_id}_secretloginkey; path=/; HttpOnly"},
        )

    def posted(self, index: int = -1) -> dict[str, str]:
        posts = [call for call in self.mock.calls if call.request.method == "POST"]
        return dict(parse_qsl(posts[index].request.body or ""))

    def count(self) -> int:
        return len(self.mock.calls)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def mybb():
    with responses.RequestsMock(assert_all_requests_are_fired=True) as mock:
        yield MyBB(mock)


def _forum(clock: FakeClock, tmp_path: Path, now: datetime = NOW, name: str = "GM") -> MyBBForum:
    transport = Transport(
        BASE,
        clock=clock,
        sleep=clock.sleep,
        jitter=lambda: 0.5,
        flood_interval=0.0,
        retry=RetryPolicy(attempts=2, base_delay=1.0, max_delay=2.0),
    )
    return MyBBForum(
        BASE, name, "hunter2-secret", transport=transport, now=lambda: now, page_dir=tmp_path
    )


def test_it_is_a_forum_that_finds_its_sent_pms_and_checks_its_board(clock, tmp_path):
    forum = _forum(clock, tmp_path)
    assert isinstance(forum, Forum) and isinstance(forum, SentLookup)
    assert isinstance(forum, BoardChecks)


def test_a_login_is_two_requests_and_names_the_user(mybb, clock, tmp_path):
    mybb.login(user_id=1)
    forum = _forum(clock, tmp_path)
    assert forum.current_user().id == "1"
    sent = mybb.posted()
    assert sent["action"] == "do_login" and sent["remember"] == "yes"
    assert sent["my_post_key"] == "9a26806491da7a9e37fe700092869c9f"  # the form's guest key
    assert mybb.count() == 2


def test_a_wrong_password_is_a_refused_login(mybb, clock, tmp_path):
    mybb.get("member.php?action=login", "login_form.html")
    mybb.post("member.php", "login_wrong_password.html")
    with pytest.raises(LoginFailed, match="invalid username/password"):
        _forum(clock, tmp_path).login()


def test_an_idle_poll_is_one_request(mybb, clock, tmp_path):
    mybb.login()
    forum = _forum(clock, tmp_path, LATER)
    forum.login()
    before = mybb.count()
    mybb.get(INBOX, "pm_inbox_all_read_gm.html", DERIVED)
    batch = forum.new_private_messages("45")
    assert (batch.messages, batch.mark, mybb.count() - before) == ([], "45", 1)


def test_new_pms_are_read_oldest_first_with_the_next_mark(mybb, clock, tmp_path):
    mybb.login()
    mybb.get(INBOX, "pm_inbox_all_read_gm.html", DERIVED)
    mybb.get("private.php?action=read&pmid=45", "pm_read_45_gm.html", DERIVED)
    batch = _forum(clock, tmp_path, LATER).new_private_messages("44")
    assert [m.id for m in batch.messages] == ["45"] and batch.mark == "45"
    assert batch.messages[0].author and batch.messages[0].recipients == ("GM",)


def test_a_lost_login_is_noticed_and_renewed(mybb, clock, tmp_path):
    mybb.login()
    forum = _forum(clock, tmp_path, LATER)
    forum.login()
    # The loginkey changed: the old cookie makes a guest of us.
    mybb.get(INBOX, "error_not_logged_in_pm_inbox.html")
    mybb.login()
    mybb.get(INBOX, "pm_inbox_all_read_gm.html", DERIVED)
    assert forum.new_private_messages("45").messages == []


def test_a_guests_view_of_a_thread_is_a_lost_login_not_a_read(mybb, clock, tmp_path):
    mybb.login()
    mybb.get("showthread.php?tid=1&mode=linear", "showthread_guest.html")
    mybb.login()
    mybb.get("showthread.php?tid=1&mode=linear", "showthread_gm.html")
    posts = _forum(clock, tmp_path).posts_after("1", None)
    assert [post.id for post in posts] == ["1", "2", "3", "4", "4.2", "5"]


def test_posts_after_a_part_read_from_the_page_holding_its_post(mybb, clock, tmp_path):
    mybb.login()
    mybb.get("showthread.php?pid=4&mode=linear", "showthread_gm.html")
    mybb.get("showthread.php?pid=4&mode=linear", "showthread_gm.html")
    forum = _forum(clock, tmp_path)
    assert [post.id for post in forum.posts_after("1", "4")] == ["4.2", "5"]
    # What Kleene's post grew by since it was read whole is new; nothing else is.
    assert [post.id for post in forum.posts_after("1", "4.2")] == ["5"]


def test_a_reply_merged_into_our_last_post_is_its_next_part(mybb, clock, tmp_path):
    mybb.login(user_id=11)
    # Sørina (uid 11) wrote the thread's last post, 5: MyBB merges her reply into it.
    mybb.get("showthread.php?tid=1&page=last&mode=linear", "showthread_gm.html")
    merged = _body("newreply_merged_redirect.html", CAPTURED).replace("pid=4", "pid=5")
    mybb.post("newreply.php?tid=1&processed=1", "", body=merged)
    forum = _forum(clock, tmp_path, name="Sørina")
    assert forum.reply("1", "And my vote stands.") == PostRef("1", "5.2")
    sent = mybb.posted()
    assert sent["method"] == "quickreply" and sent["message"] == "And my vote stands."


def test_a_new_reply_keeps_its_marker_through_mybbs_trim(mybb, clock, tmp_path):
    mybb.login(user_id=1)
    mybb.get("showthread.php?tid=1&page=last&mode=linear", "showthread_gm.html")
    mybb.post("newreply.php?tid=1&processed=1", "newreply_quick_reply_redirect_gm.html")
    marker = "\u200b\u200c\u200d\u2060" * 4
    ref = _forum(clock, tmp_path).reply("1", f"Day 1 results\n{marker}")
    assert ref == PostRef("1", "3")
    assert mybb.posted()["message"] == "Day 1 results\n" + "&#8203;&#8204;&#8205;&#8288;" * 4


def test_an_edit_changes_only_its_part_of_a_merged_post(mybb, clock, tmp_path):
    mybb.login(user_id=4)
    mybb.get("editpost.php?pid=7", "editpost_merged_form_kleene.html", DERIVED)
    mybb.post("editpost.php?pid=7&processed=1", "editpost_submit_redirect.html")
    _forum(clock, tmp_path, LATER, "Kleene").edit_post(PostRef("3", "7.2"), "/in as Monk")
    sent = mybb.posted()
    assert sent["message"] == "Hmm, let me think.\n[hr]\n/in as Monk"
    assert sent["submitbutton"] and sent["action"] == "do_editpost"


def test_a_pm_waits_out_the_boards_flood_clock_and_learns_it(mybb, clock, tmp_path):
    mybb.login(user_id=3)
    mybb.get("private.php?action=send", "pm_compose_form.html")
    mybb.post("private.php", "pm_flood_error.html")
    mybb.post("private.php", "pm_send_redirect.html")
    forum = _forum(clock, tmp_path, name="Akonyl")
    sent = forum.send_private_message(["GM"], "Night 1", "Heal Kleene")
    assert sent.id is None and sent.recipients == ("GM",)
    assert 61 in clock.sleeps  # "Please wait 61 more seconds."
    assert forum.transport.flood_intervals["pms"] >= 60
    fields = mybb.posted()
    assert (fields["to"], fields["options[savecopy]"], fields["action"]) == ("GM", "1", "do_send")


def test_the_compose_form_is_fetched_once_for_many_pms(mybb, clock, tmp_path):
    """Issue 33: each PM after the first is one request. The form holds nothing of one
    message and its my_post_key is the member's for 18 hours or more."""
    mybb.login()
    mybb.get("private.php?action=send", "pm_compose_form.html")
    mybb.post("private.php", "pm_send_redirect.html")
    mybb.post("private.php", "pm_send_redirect.html")
    forum = _forum(clock, tmp_path)
    forum.send_private_message(["Abs"], "Night 1", "You survived.")
    before = mybb.count()
    forum.send_private_message(["Kleene"], "Night 1", "You were healed.")
    assert mybb.count() - before == 1
    assert mybb.posted()["to"] == "Kleene" and mybb.posted()["message"] == "You were healed."


def test_a_kept_compose_form_the_board_refuses_is_fetched_again(mybb, clock, tmp_path):
    mybb.login()
    mybb.get("private.php?action=send", "pm_compose_form.html")
    mybb.post("private.php", "pm_send_redirect.html")
    mybb.post("private.php", "pm_bad_post_key.html")  # nothing was sent
    mybb.get("private.php?action=send", "pm_compose_form.html")
    mybb.post("private.php", "pm_send_redirect.html")
    forum = _forum(clock, tmp_path)
    forum.send_private_message(["Abs"], "Night 1", "You survived.")
    assert forum.send_private_message(["Kleene"], "Night 1", "Healed.").recipients == ("Kleene",)


def test_measuring_the_flood_rule_of_a_member_costs_two_pms_to_itself(mybb, clock, tmp_path):
    """MyBB names the seconds left ("Please wait 61 more seconds."): the second PM's refusal
    gives the interval; no flood wait is slept."""
    mybb.login(user_id=3)
    mybb.get("private.php?action=send", "pm_compose_form.html")
    mybb.post("private.php", "pm_send_redirect.html")
    mybb.post("private.php", "pm_flood_error.html")
    forum = _forum(clock, tmp_path, name="Akonyl")
    assert forum.flood_rule().interval is None  # nothing refused yet: nothing known
    rule = forum.flood_rule(measure=True)
    assert (rule.interval, rule.exempt, rule.pace) == (60, False, 60)
    assert max(clock.sleeps) <= 1.0 and mybb.posted()["to"] == "Akonyl"  # request pacing only
    assert forum.flood_rule().interval == 60  # learned


def test_a_flood_clock_held_by_an_earlier_pm_is_waited_out_before_measuring(mybb, clock, tmp_path):
    """The account sent a PM a moment ago (a running daemon): the first refusal's wait is
    slept, and the interval is measured from the check's own first PM."""
    mybb.login(user_id=3)
    mybb.get("private.php?action=send", "pm_compose_form.html")
    mybb.post("private.php", "pm_flood_error.html")
    mybb.post("private.php", "pm_send_redirect.html")
    mybb.post("private.php", "pm_flood_error.html")
    forum = _forum(clock, tmp_path, name="Akonyl")
    rule = forum.flood_rule(measure=True)
    assert 61 in clock.sleeps and (rule.exempt, rule.pace) == (False, 60)


def test_an_administrator_measures_no_flood_rule(mybb, clock, tmp_path):
    """check-forum --flood: MyBB spares administrators and moderators, so the GM's second PM
    to itself goes through at once."""
    mybb.login()
    mybb.get("showthread.php?tid=1&mode=linear", "showthread_gm.html")
    mybb.get(INBOX, "pm_inbox_gm.html")
    mybb.get("showthread.php?tid=1&page=last&mode=linear", "showthread_gm.html")
    mybb.get("private.php?action=send", "pm_compose_form.html")
    mybb.post("private.php", "pm_send_redirect.html")
    mybb.post("private.php", "pm_send_redirect.html")
    forum = _forum(clock, tmp_path)
    out = io.StringIO()
    check_forum(forum, "1", out, flood=True)
    assert "ok   measure the flood rule: no wait between messages (the account ignores" in (
        out.getvalue()
    )
    assert mybb.posted()["to"] == "GM"


FORUM = "forumdisplay.php?fid=2&datecut=9999&sortby=lastpost&order=desc"


def test_a_thread_is_read_again_only_when_its_forums_list_shows_a_new_post(mybb, clock, tmp_path):
    """Issue 33: with votes = topic an idle poll reads the forum's list (one request for every
    thread of a forum), not each thread. MyBB's list names no post: a thread's row as it was
    when the thread was read to its end, with the GM's post last, says nothing is new."""
    mybb.login()
    forum = _forum(clock, tmp_path, LATER)
    mybb.get("showthread.php?tid=1&mode=linear", "showthread_last_page_gm.html", DERIVED)
    assert forum.posts_after("1", None)[-1].id == "24"
    mybb.get(FORUM, "forumdisplay_mafia_games_player.html")
    assert forum.last_posts(["1", "7"]) == {"1": None, "7": None}  # not read since; unknown
    mybb.get("showthread.php?pid=24&mode=linear", "showthread_last_page_gm.html", DERIVED)
    assert forum.posts_after("1", "24") == []
    before = mybb.count()
    mybb.get(FORUM, "forumdisplay_mafia_games_player.html")
    assert forum.last_posts(["1"]) == {"1": "24"}
    assert mybb.count() - before == 1
    replied = _body("forumdisplay_mafia_games_player.html", CAPTURED).replace(
        'whoPosted(1); return false;">0', 'whoPosted(1); return false;">1'
    )
    mybb.mock.get(BASE + FORUM, body=replied, content_type=HTML)
    assert forum.last_posts(["1"]) == {"1": None}


def test_a_thread_whose_last_post_is_a_members_is_not_looked_up(mybb, clock, tmp_path):
    """A member's reply merged into their own last post changes nothing in the list (MyBB's
    newreply updates neither the reply count nor the last post time): such a thread is read."""
    mybb.login()
    forum = _forum(clock, tmp_path)
    mybb.get("showthread.php?tid=1&mode=linear", "showthread_gm.html")  # Sørina's post last
    forum.posts_after("1", None)
    before = mybb.count()
    assert forum.last_posts(["1"]) == {"1": None}
    assert mybb.count() == before


def test_someone_elses_post_cannot_be_edited(mybb, clock, tmp_path):
    mybb.login(user_id=3)
    mybb.get("editpost.php?pid=1", "error_edit_others_post.html")
    with pytest.raises(NoPermission):
        _forum(clock, tmp_path, name="Akonyl").edit_post(PostRef("1", "1"), "x")


def test_a_strange_page_is_saved_without_its_keys_and_named(mybb, clock, tmp_path):
    mybb.login()
    mybb.get(INBOX, "index_gm.html")
    with pytest.raises(UnrecognisedPage) as raised:
        _forum(clock, tmp_path).inbox()
    saved = raised.value.path
    assert saved is not None and saved.parent == tmp_path and str(saved) in str(raised.value)
    text = saved.read_text(encoding="utf-8")
    assert "Welcome back" in text and "c7046e5def4870ee4f7ad3fd00cb1211" not in text


def test_users_are_found_by_name(mybb, clock, tmp_path):
    mybb.login()
    mybb.get("memberlist.php?username=s%C3%B8rina", "memberlist_search_gm.html", DERIVED)
    mybb.get("memberlist.php?username=Nobody%20Here", "memberlist_search_none_gm.html", DERIVED)
    forum = _forum(clock, tmp_path, LATER)
    user = forum.find_user("sørina")
    assert user is not None and (user.name, user.id) == ("Sørina", "11")
    assert forum.find_user("Nobody Here") is None


def _admin(mybb: MyBB, settings: str) -> None:
    mybb.get("showthread.php?tid=1&page=last&mode=linear", "showthread_last_page_gm.html", DERIVED)
    mybb.post("admin/index.php", "acp_index_after_login_gm.html", DERIVED)
    search = "admin/index.php?module=config-settings&action=change&search="
    mybb.get(search + "postmerge", settings, DERIVED)
    mybb.get(search + "flood", "acp_settings_flood_gm.html", DERIVED)
    mybb.get(
        "admin/index.php?module=user-users&action=edit&uid=1", "acp_user_edit_gm.html", DERIVED
    )
    mybb.get("admin/index.php", "acp_index_after_login_gm.html", DERIVED)
    mybb.mock.get(BASE + "admin/index.php", body="", content_type=HTML)


def test_check_forum_verifies_the_gms_posts_are_kept_apart(mybb, clock, tmp_path):
    mybb.login()
    mybb.get("showthread.php?tid=1&mode=linear", "showthread_page1of2_gm.html", DERIVED)
    mybb.get("showthread.php?tid=1&page=2&mode=linear", "showthread_page2of2_gm.html", DERIVED)
    mybb.get(INBOX, "pm_inbox_all_read_gm.html", DERIVED)
    _admin(mybb, "acp_settings_postmerge_gm.html")
    out = io.StringIO()
    assert check_forum(_forum(clock, tmp_path, LATER), "1", out) == 0
    text = out.getvalue()
    assert "ok   the GM's posts kept apart: the GM's group (gid 4) is in Merge User" in text
    assert "ok   merged replies can be split" in text and "2 s between two posts" in text
    assert not [c for c in mybb.mock.calls if c.request.method == "POST"][1:-1], "only logins"


def test_check_forum_fails_when_the_board_merges_the_gms_posts(mybb, clock, tmp_path):
    mybb.login()
    _admin(mybb, "acp_settings_postmerge_none_gm.html")
    findings = _forum(clock, tmp_path, LATER).board_findings("1")
    merging = findings[0]
    assert merging.ok is False and "Merge User Groups to Ignore" in merging.detail


def test_a_gm_who_is_no_admin_is_told_what_to_ask(mybb, clock, tmp_path):
    mybb.login(user_id=2)
    mybb.get(
        "showthread.php?tid=1&page=last&mode=linear", "showthread_last_page_player.html", DERIVED
    )
    [finding] = _forum(clock, tmp_path, LATER, "Abs").board_findings("1")
    assert finding.ok is None and "ask the board's administrator" in finding.detail.lower()
