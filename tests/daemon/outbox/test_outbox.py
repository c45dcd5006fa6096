from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest

from autogm.adapters.base import (
    Banned,
    FloodLimited,
    Interrupted,
    NotFound,
    PostRef,
    PrivateMessage,
    Rejected,
    SessionExpired,
    Unavailable,
    UnrecognisedPage,
)
from autogm.adapters.local import LocalForum
from autogm.daemon.outbox import outbox
from autogm.daemon.outbox.message import Outgoing, marker
from autogm.daemon.outbox.outbox import deliver, enqueue
from autogm.daemon.outbox.run import Policy
from autogm.daemon.store.db import Store, topic_mark
from tests.daemon.fakes import After, Crash, FakeClock, ForumWithoutLookup

TOPIC = "1234"


def pm(key: str, to: str = "Abs", body: str | None = None) -> Outgoing:
    return Outgoing(
        forum="dctp",
        kind="pm",
        dedupe_key=key,
        body=body or f"Your result ({key})",
        game="round53",
        phase="Night 1",
        recipients=(to,),
        subject="Night 1 results",
    )


def post(key: str, body: str | None = None) -> Outgoing:
    return Outgoing(
        "dctp", "post", key, body or f"[b]Night 1[/b] ({key})", "round53", "Night 1", topic=TOPIC
    )


@pytest.fixture
def game_store(store: Store, clock: FakeClock) -> Store:
    store.add_game("round53", "dctp", TOPIC, "dctp-2011", 7, clock())
    return store


def run(store: Store, forum, clock: FakeClock, **kwargs):
    kwargs.setdefault("policy", Policy(send_interval=timedelta(seconds=15)))
    return deliver(
        store,
        forum,
        forum_name="dctp",
        clock=clock,
        sleep=clock.sleep,
        rng=random.Random(1),
        account="GameMaster",
        **kwargs,
    )


def states(store: Store) -> list[str]:
    return [row.state for row in outbox.rows(store)]


def test_outgoing_refuses_a_pm_without_recipients():
    with pytest.raises(ValueError, match="recipients"):
        Outgoing("dctp", "pm", "k", "body", subject="s")


def test_enqueue_twice_with_one_key_adds_one_row(game_store, clock):
    assert enqueue(game_store, pm("a"), clock()) is not None
    assert enqueue(game_store, pm("a", body="changed"), clock()) is None
    assert [row.body for row in outbox.rows(game_store)] == ["Your result (a)"]


def test_enqueue_belongs_to_the_callers_transaction(game_store, clock):
    with pytest.raises(RuntimeError), game_store.atomic():
        enqueue(game_store, pm("a"), clock())
        raise RuntimeError("the phase close failed")
    assert outbox.rows(game_store) == []


def test_deliver_sends_in_order_with_an_invisible_marker(game_store, forum, clock):
    for key in ("p1", "m1", "m2"):
        enqueue(game_store, post(key) if key.startswith("p") else pm(key), clock())
    lines: list[str] = []
    report = run(game_store, forum, clock, progress=lines.append)
    assert report.sent == 3
    assert states(game_store) == ["sent", "sent", "sent"]
    [sent_post] = forum.our_posts(TOPIC)
    assert sent_post.source == "[b]Night 1[/b] (p1)\n" + marker("p1")
    assert [p.source for p in forum.sent_pms] == [
        "Your result (m1)\n" + marker("m1"),
        "Your result (m2)\n" + marker("m2"),
    ]
    assert lines == ["sending to dctp: 1/3", "sending to dctp: 2/3", "sending to dctp: 3/3"]
    assert clock.slept == [15.0, 15.0]  # the send interval between messages
    assert outbox.rows(game_store)[0].forum_ref == {"topic": TOPIC, "post_id": sent_post.id}


def test_marker_is_invisible_and_differs_per_key():
    assert marker("a") != marker("b")
    assert len(marker("a")) == 16
    assert marker("a").strip("\u200b\u200c\u200d\u2060") == ""


@pytest.mark.parametrize("kind", ["pm", "post"])
@pytest.mark.parametrize("went_through", [False, True], ids=["before-send", "after-send"])
def test_killed_mid_send_posts_exactly_once_after_restart(
    state_file: Path, clock, forum, kind, went_through
):
    with Store.open(state_file) as store:
        store.add_game("round53", "dctp", TOPIC, "dctp-2011", 7, clock())
        enqueue(store, pm("m1") if kind == "pm" else post("p1"), clock())
        enqueue(store, pm("m2"), clock())
        method = "send_private_message" if kind == "pm" else "reply"
        forum.script(method, After(Crash()) if went_through else Crash())
        with pytest.raises(Crash):
            run(store, forum, clock)
        assert states(store) == ["sending", "queued"]

    clock.advance(minutes=3)  # the daemon is restarted by systemd
    with Store.open(state_file) as store:
        assert outbox.recover(store, clock()) == 1
        report = run(store, forum, clock)
        assert states(store) == ["sent", "sent"]
        assert report.found == (1 if went_through else 0)
    assert len(forum.sent_pms) + len(forum.our_posts(TOPIC)) == 2
    sent_bodies = [p.source for p in forum.sent_pms + forum.our_posts(TOPIC)]
    assert len(set(sent_bodies)) == 2


def test_killed_after_marking_sent_changes_nothing(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    run(game_store, forum, clock)
    assert outbox.recover(game_store, clock()) == 0
    run(game_store, forum, clock)
    assert len(forum.sent_pms) == 1


def test_connection_lost_after_the_request_went_through_is_found_not_resent(
    game_store, forum, clock
):
    enqueue(game_store, post("p1"), clock())
    forum.script("reply", After(Unavailable("read timed out")))
    report = run(game_store, forum, clock)
    assert len(forum.our_posts(TOPIC)) == 1
    assert report.found == 1
    assert states(game_store) == ["sent"]


def test_post_look_up_reads_from_the_topic_mark_and_ignores_quotes(game_store, forum, clock):
    old = forum.add_post(TOPIC, "Abs", "signing up")
    game_store.set_mark("dctp", topic_mark(TOPIC), old.id, clock())
    enqueue(game_store, post("p1"), clock())
    forum.script("reply", Crash())
    with pytest.raises(Crash):
        run(game_store, forum, clock)
    # A player quotes an earlier post of ours that carried the same marker: not our post.
    quoted = f"[quote=GameMaster][b]Night 1[/b] (p1){marker('p1')}[/quote] lol"
    forum.add_post(TOPIC, "Kleene", quoted, text="lol")
    outbox.recover(game_store, clock())
    run(game_store, forum, clock)
    assert len(forum.our_posts(TOPIC)) == 1
    assert outbox.rows(game_store)[0].probe_after == old.id


def test_unknown_pm_is_held_when_the_forum_cannot_list_sent_pms(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    enqueue(game_store, pm("m2"), clock())
    forum.script("send_private_message", After(Crash()))
    with pytest.raises(Crash):
        run(game_store, forum, clock)
    outbox.recover(game_store, clock())
    run(game_store, ForumWithoutLookup(forum), clock)
    assert states(game_store) == ["unknown", "sent"]
    assert len(forum.sent_pms) == 2  # m1 once (before the crash), m2 once
    # The GM checks the sentbox by hand and decides to resend it.
    assert outbox.resend(game_store, 1, "r1", clock()) == 1
    run(game_store, ForumWithoutLookup(forum), clock)
    assert states(game_store) == ["sent", "sent"]


def test_flood_limit_is_waited_out_without_counting_an_attempt(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    forum.script("send_private_message", FloodLimited("too soon", wait_seconds=12))
    report = run(game_store, forum, clock)
    assert report.sent == 1
    assert clock.slept == [13.0]
    assert outbox.rows(game_store)[0].attempts == 1


def test_long_flood_wait_ends_the_run_and_the_next_run_respects_it(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    forum.script("send_private_message", FloodLimited("too soon", wait_seconds=600))
    report = run(game_store, forum, clock)
    assert report.sent == 0 and report.waiting_until == clock() + timedelta(seconds=601)
    calls = forum.calls["send_private_message"]
    clock.advance(minutes=5)
    assert run(game_store, forum, clock).sent == 0
    assert forum.calls["send_private_message"] == calls  # no request while waiting
    clock.advance(minutes=6)
    assert run(game_store, forum, clock).sent == 1


def test_an_hour_long_outage_is_backed_off_and_caught_up(game_store, forum, clock):
    for i in range(5):
        enqueue(game_store, pm(f"m{i}", to=f"P{i}"), clock())
    outage_end = clock() + timedelta(hours=1)
    forum.down_until = outage_end
    polls = 0
    while clock() < outage_end + Policy().backoff_cap + timedelta(minutes=5):
        run(game_store, forum, clock)
        polls += 1
        clock.advance(minutes=5)  # the poll interval
    assert states(game_store) == ["sent"] * 5
    assert sorted(pm.recipients[0] for pm in forum.sent_pms) == [f"P{i}" for i in range(5)]
    # Backed off: far fewer tries than one per poll, and no single sleep above max_sleep.
    tries = forum.calls["send_private_message"] + forum.calls["sent_private_messages"]
    assert polls == 19 and tries < 15
    assert max(clock.slept) <= Policy().max_sleep.total_seconds()


def test_expired_session_logs_in_again_and_sends(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    forum.logged_in = False
    assert run(game_store, forum, clock).sent == 1
    assert forum.calls["login"] == 1
    assert len(forum.sent_pms) == 1


def test_session_expiry_on_send_is_retried(game_store, forum, clock):
    enqueue(game_store, post("p1"), clock())
    forum.script("reply", SessionExpired("logged out"))
    assert run(game_store, forum, clock).sent == 1
    assert len(forum.our_posts(TOPIC)) == 1


def test_unknown_recipient_fails_that_message_only(game_store, forum, clock):
    enqueue(game_store, pm("m1", to="Nobody"), clock())
    enqueue(game_store, pm("m2"), clock())
    forum.script("send_private_message", NotFound("no such user"))
    report = run(game_store, forum, clock)
    assert (report.sent, report.failed) == (1, 1)
    assert states(game_store) == ["failed", "sent"]
    assert game_store.events(kind="outbox.failed")[0]["details"]["id"] == 1


def test_banned_account_blocks_sending_and_keeps_messages(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    forum.script("send_private_message", Banned("you are banned"))
    report = run(game_store, forum, clock)
    assert report.blocked and "Banned" in report.blocked
    assert states(game_store) == ["queued"]
    assert game_store.events(kind="outbox.blocked")


def test_a_page_nobody_understands_is_looked_for_then_given_up(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    forum.script("send_private_message", *[UnrecognisedPage("odd page", None)] * 10)
    report = run(game_store, forum, clock, policy=Policy(max_attempts=3))
    assert report.failed == 1
    assert forum.calls["send_private_message"] == 3
    assert forum.calls["sent_private_messages"] == 3  # looked before each retry
    assert states(game_store) == ["failed"]


def test_recipients_differ_is_logged(game_store, forum, clock):
    enqueue(game_store, pm("m1", to="Abs"), clock())
    forum.deliver_to["Abs"] = "Abs2"
    run(game_store, forum, clock)
    [event] = game_store.events(kind="outbox.recipients-differ")
    assert event["details"]["forum_says"] == ["Abs2"]


def test_held_messages_wait_for_release(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock(), hold=True)
    run(game_store, forum, clock)
    assert forum.sent_pms == []
    assert outbox.release(game_store, "round53", "Night 1") == 1
    run(game_store, forum, clock)
    assert len(forum.sent_pms) == 1


def test_should_stop_finishes_the_current_message_then_stops(game_store, forum, clock):
    for key in ("m1", "m2", "m3"):
        enqueue(game_store, pm(key), clock())
    run(game_store, forum, clock, should_stop=lambda: len(forum.sent_pms) >= 1)
    assert states(game_store) == ["sent", "queued", "queued"]


def test_edit_with_unknown_fate_is_simply_done_again(game_store, forum, clock):
    first = forum.add_post(TOPIC, "GameMaster", "Vote count: none yet")
    target = PostRef(TOPIC, first.id)
    enqueue(
        game_store, Outgoing("dctp", "edit", "vc1", "Vote count: Abs 2", target=target), clock()
    )
    forum.script("edit_post", After(Unavailable("timeout")))
    run(game_store, forum, clock)
    assert states(game_store) == ["sent"]
    assert forum.calls["edit_post"] == 2
    assert forum.our_posts(TOPIC)[0].source.startswith("Vote count: Abs 2")


def test_resend_of_a_sent_message_makes_a_copy(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    run(game_store, forum, clock)
    copy_id = outbox.resend(game_store, 1, "gm-7", clock())
    assert copy_id != 1
    run(game_store, forum, clock)
    assert len(forum.sent_pms) == 2


def test_a_look_up_that_fails_holds_that_row_and_sends_the_rest(game_store, forum, clock):
    enqueue(game_store, pm("m1"), clock())
    enqueue(game_store, pm("m2"), clock())
    forum.script("send_private_message", After(Crash()))
    with pytest.raises(Crash):
        run(game_store, forum, clock)
    outbox.recover(game_store, clock())
    forum.script("sent_private_messages", UnrecognisedPage("sentbox layout changed", None))
    report = run(game_store, forum, clock)
    assert report.sent == 1
    assert states(game_store) == ["unknown", "sent"]
    run(game_store, forum, clock)  # the next run looks again, finds it, sends nothing new
    assert states(game_store) == ["sent", "sent"]
    assert len(forum.sent_pms) == 2


def test_a_message_the_forum_rejects_fails_without_retries(game_store, forum, clock):
    enqueue(game_store, pm("m1", body=" "), clock())
    forum.script("send_private_message", Rejected("Your message contains too few characters."))
    assert run(game_store, forum, clock).failed == 1
    assert forum.calls["send_private_message"] == 1


def test_delivery_through_the_local_forum(game_store, clock):
    local = LocalForum(":memory:", "GameMaster", now=clock)
    local.add_user("Abs")
    topic = local.create_topic("Round 53", "Sign up here").topic
    enqueue(game_store, pm("m1", to="Abs"), clock())
    enqueue(game_store, Outgoing("dctp", "post", "p1", "Night 1 is over", topic=topic), clock())
    report = run(game_store, local, clock)
    assert report.sent == 2
    posts = local.posts_after(topic, None)
    assert posts[-1].source.startswith("Night 1 is over") and posts[-1].author == "GameMaster"
    [received] = local.as_user("Abs").new_private_messages(None).messages
    assert received.subject == "Night 1 results"


class PagedLookup:
    """The fake forum, whose look-up of sent PMs reads pages and, like the phpBB adapter,
    stops before a page's request when the caller's check says so."""

    def __init__(self, inner) -> None:
        self.inner, self.check, self.pages = inner, None, 0

    def interrupt_when(self, check) -> None:
        self.check = check

    def sent_private_messages(self, since):
        for _ in range(35):
            if self.check is not None and self.check():
                raise Interrupted("asked to stop")
            self.pages += 1
        return self.inner.sent_private_messages(since)

    def __getattr__(self, name: str):
        return getattr(self.inner, name)


def test_a_look_up_makes_way_between_two_requests_and_sends_nothing(game_store, forum, clock):
    """Issue 14: a close waited 68 s "while the one worker recovered a cut-off PM by reading
    35 pages". A poll's sending asks before each request of a look-up too: the run ends there,
    the PM keeps its unknown fate and the next one waits (neither is sent twice nor lost);
    the next run looks it up in full."""
    enqueue(game_store, pm("m1"), clock())
    enqueue(game_store, pm("m2"), clock())
    forum.script("send_private_message", After(Crash()))
    with pytest.raises(Crash):
        run(game_store, forum, clock)
    outbox.recover(game_store, clock())
    paged = PagedLookup(forum)
    checks = iter([False, False, False, True])  # the close comes due at the fourth page
    report = run(game_store, paged, clock, interrupt=lambda: next(checks))
    assert (paged.pages, report.sent) == (3, 0)
    assert states(game_store) == ["unknown", "queued"]
    assert paged.check is None  # the check is the run's only
    report = run(game_store, paged, clock)
    assert states(game_store) == ["sent", "sent"] and report.found == 1
    assert len(forum.sent_pms) == 2  # m1 once (before the crash), m2 once


def test_a_half_written_pm_on_the_forum_is_not_taken_as_sent(game_store, forum, clock):
    """A PM the forum holds without recipients (a forum that wrote the message, then died
    before its recipients) reached nobody: the look-up does not take it as sent, and the PM
    goes out (issue 28)."""
    enqueue(game_store, pm("m1"), clock())
    forum.script("send_private_message", Crash())
    with pytest.raises(Crash):
        run(game_store, forum, clock)
    body = outbox.rows(game_store)[0].wire_body
    # The forum's half-written copy: the text, and no recipients.
    forum.sent_pms.append(PrivateMessage("99", "GameMaster", "2", clock(), "s", body, body))
    outbox.recover(game_store, clock())
    report = run(game_store, forum, clock)
    assert report.found == 0 and report.sent == 1
    assert [p.recipients for p in forum.sent_pms] == [(), ("Abs",)]
