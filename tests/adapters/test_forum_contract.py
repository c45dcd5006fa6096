"""One contract, two forums: LocalForum and a PhpBBForum served captured pages by `responses`.

Each test asks its world to ``expect`` a scenario: the phpBB world registers exactly the
requests that scenario makes; the local world has its data already (seeded like the captured
board: the same users, the same game topic, the same PMs to the GameMaster).
"""

from __future__ import annotations

import inspect
from datetime import UTC, datetime, timedelta

import pytest

from autogm.adapters.base import Forum, NotFound, PostRef, User
from autogm.adapters.local import LocalForum
from autogm.adapters.mybb import MyBBForum
from autogm.adapters.phpbb import PhpBBForum
from autogm.daemon.outbox.lookup import SentLookup

from .conftest import BASE, MARKER, Board

DERIVED = "phpbb-3.3-prosilver-derived"
COMPOSE_ACTION = "ucp.php?i=pm&mode=compose&action=post&sid=2c48048525b50364a327185bd7dd5352"
TONY_REPLY = "Yes, you may vote for yourself." + MARKER  # PM 9 in pm_view_9_outbox_marker.html


class PhpBBWorld:
    def __init__(self, forum, board: Board) -> None:
        self.forum = forum
        self.board = board
        board.login()

    def expect(self, scenario: str) -> None:
        board = self.board
        if scenario == "inbox":
            board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_after_reading_gm.html")
            board.get("ucp.php?i=pm&mode=view&p=3", "pm_view_3.html", folder=DERIVED)
            board.get("ucp.php?i=pm&mode=view&p=4", "pm_view_4.html", folder=DERIVED)
            board.get("ucp.php?i=pm&mode=view&p=10", "pm_view_quotes_earlier_pm.html")
        elif scenario == "idle inbox":
            board.get("ucp.php?i=pm&folder=inbox", "pm_inbox_all_read_gm.html", folder=DERIVED)
        elif scenario == "topic":
            board.get("viewtopic.php?t=2&sk=t&sd=a", "viewtopic_round1_gm.html")
        elif scenario == "topic after 5":
            board.get("viewtopic.php?p=5&sk=t&sd=a", "viewtopic_round1_gm.html")
        elif scenario == "missing topic":
            board.get("viewtopic.php?t=99999&sk=t&sd=a", "error_topic_not_exist.html", 404)
        elif scenario == "missing pm":
            board.get("ucp.php?i=pm&mode=view&p=99999", "pm_view_nonexistent.html")
        elif scenario == "find user":
            url = "memberlist.php?mode=viewprofile&un=S%C3%B8rina"
            board.get(url, "memberlist_viewprofile_by_name.html")
        elif scenario == "unknown user":
            url = "memberlist.php?mode=viewprofile&un=Nobody%20Here"
            board.get(url, "memberlist_viewprofile_unknown.html", 404)
        elif scenario == "send pm":
            board.get("ucp.php?i=pm&mode=compose&u=71", "pm_compose_form.html")
            board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
        elif scenario == "reply":
            board.get("posting.php?mode=reply&t=2", "posting_reply_form.html")
            board.redirect("posting.php?mode=reply&t=2", f"{BASE}viewtopic.php?p=34#p34")
        elif scenario == "edit":
            board.get("posting.php?mode=edit&p=5", "posting_edit_form.html")
            board.redirect("posting.php?mode=edit&p=5", "./viewtopic.php?p=5#p5")
        elif scenario == "reply to big tony":
            board.get("ucp.php?i=pm&mode=compose&u=70", "pm_compose_form.html")
            board.post(COMPOSE_ACTION, "pm_send_confirmation.html")
        elif scenario == "sent pms":
            # PM 9 (to Big Tony) waits in the outbox; the sentbox holds 8, then 7 (older).
            board.get("ucp.php?i=pm&folder=outbox", "pm_outbox_gm.html")
            board.get("ucp.php?i=pm&folder=sentbox", "pm_sentbox_gm_page1of2.html", folder=DERIVED)
            page_2 = "ucp.php?i=pm&mode=view&action=view_folder&f=-1&start=25"
            board.get(page_2, "pm_sentbox_gm_page2of2.html", folder=DERIVED)
            board.get("ucp.php?i=pm&mode=view&p=8", "pm_view_sent_multi_recipient.html")
            board.get("ucp.php?i=pm&mode=view&p=9", "pm_view_9_outbox_marker.html", folder=DERIVED)
        else:
            raise AssertionError(f"no such scenario {scenario}")


class Ticks:
    """A clock one second further on at each reading, set forward by the scenarios."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now - timedelta(seconds=1)


class LocalWorld:
    """The captured board's content, re-created in a LocalForum."""

    def __init__(self) -> None:
        self.clock = Ticks(datetime(2026, 11, 22, 2, 57, tzinfo=UTC))
        self.forum = LocalForum(":memory:", "GameMaster", now=self.clock)
        for name in ("Akonyl", "Abs", "Kleene", "PhoenixTears", "Sørina", "Big Tony", "O'Neil"):
            self.forum.add_user(name)
        gm = self.forum
        topic = gm.create_topic("Mafia Round 1", "[b]Welcome to Mafia Round 1![/b]").topic
        for author, body in [("Kleene", "My claims"), ("Akonyl", "Good luck"), ("Abs", "/vote")]:
            gm.as_user(author).reply(topic, body)
        gm.as_user("PhoenixTears").reply(topic, '[quote="Abs"]/vote Akonyl[/quote]\nNoted.')
        assert topic == "1"
        for author, subject, body in [
            ("Akonyl", "Night 1 action", "Arrest Abs"),
            ("Abs", "Night 1 kill", "[b]Kill:[/b] Kleene"),
            ("Kleene", "Protect", "Protect [b]Akonyl[/b] tonight."),
            ("Big Tony", "question about rules", "Can I vote for myself?"),
            ("Sørina", "Investigate Pofa", "[b]Investigate:[/b] Pofa"),
            ("O'Neil", "Ability", "I'd like to roleblock <Parkur>"),
        ]:
            gm.deliver(author, subject, body)
        for message_id in ("1", "2", "5", "6"):
            gm.mark_read(message_id)
        reply = (
            '[quote="GameMaster"]Confirmed[/quote]\nThanks! Also, I think [b]Jdash[/b] is mafia.'
        )
        gm.deliver("Akonyl", "Re: Night 1 action", reply)
        gm.send_private_message(["Akonyl"], "Re: Night 1 action", "Confirmed.")  # sent at 2:57

    def expect(self, scenario: str) -> None:
        """The local forum needs no requests set up; time moves on as on the real board."""
        if scenario == "reply to big tony":
            self.clock.now = datetime(2026, 11, 22, 2, 59, tzinfo=UTC)


# Ids differ between the two boards; the facts the tests need are named per world.
FACTS = {
    "local": {"topic": "1", "mark": "6", "new": ["3", "4", "7"], "after": "2", "last": "5"}
    | {"tony": "7", "older sent": "8", "since": datetime(2026, 11, 22, 2, 58, tzinfo=UTC)},
    "phpbb": {"topic": "2", "mark": "6", "new": ["3", "4", "10"], "after": "5", "last": "33"}
    | {"tony": "70", "older sent": "7", "since": datetime(2026, 11, 22, 2, 50, tzinfo=UTC)},
}


@pytest.fixture(params=["local", "phpbb"])
def world(request, make_forum):
    if request.param == "local":
        yield LocalWorld(), FACTS["local"]
        return
    board = request.getfixturevalue("board")
    yield PhpBBWorld(make_forum(), board), FACTS["phpbb"]


def test_both_forums_implement_the_protocol_and_log_in(world):
    forum = world[0].forum
    assert isinstance(forum, Forum)
    forum.login()
    assert forum.current_user().name == "GameMaster"


def test_new_messages_since_a_mark_oldest_first_with_the_next_mark(world):
    setup, facts = world
    setup.expect("inbox")
    batch = setup.forum.new_private_messages(facts["mark"])
    assert [message.id for message in batch.messages] == facts["new"]
    assert batch.mark == facts["new"][-1]
    last = batch.messages[-1]
    assert (last.author, last.text) == ("Akonyl", "Thanks! Also, I think [b]Jdash[/b] is mafia.")
    assert last.quotes and last.sent_at.tzinfo is not None
    assert batch.messages[1].author == "Big Tony" and batch.messages[1].author_id


def test_nothing_new_returns_the_same_mark(world):
    setup, facts = world
    setup.expect("inbox")
    mark = setup.forum.new_private_messages(facts["mark"]).mark
    setup.expect("idle inbox")
    assert setup.forum.new_private_messages(mark).messages == []


def test_a_topic_reads_oldest_first(world):
    setup, facts = world
    setup.expect("topic")
    posts = setup.forum.posts_after(facts["topic"], None)
    assert posts[0].author == "GameMaster"
    assert [int(post.id) for post in posts] == sorted(int(post.id) for post in posts)
    assert all(post.topic == facts["topic"] and post.author_id for post in posts)
    quoting = next(post for post in posts if post.author == "PhoenixTears")
    assert quoting.quotes[0] == "/vote Akonyl" and "/vote Akonyl" not in quoting.text


def test_posts_after_a_post_are_only_the_later_ones(world):
    setup, facts = world
    setup.expect("topic after 5")
    posts = setup.forum.posts_after(facts["topic"], facts["after"])
    assert posts and all(int(post.id) > int(facts["after"]) for post in posts)
    assert posts[-1].id == facts["last"]


def test_missing_things_are_not_found(world):
    setup, _ = world
    setup.expect("missing topic")
    with pytest.raises(NotFound):
        setup.forum.posts_after("99999", None)
    setup.expect("missing pm")
    with pytest.raises(NotFound):
        setup.forum.read_private_message("99999")


def test_users_are_found_by_name(world):
    setup, _ = world
    setup.expect("find user")
    user = setup.forum.find_user("Sørina")
    assert isinstance(user, User) and user.name == "Sørina" and user.id
    setup.expect("unknown user")
    assert setup.forum.find_user("Nobody Here") is None


def test_a_pm_is_sent_and_its_id_returned(world):
    setup, _ = world
    setup.expect("find user")
    setup.expect("send pm")
    sent = setup.forum.send_private_message(["Sørina"], "Your role", "You are [b]Town[/b].")
    assert sent.id and sent.recipients == ("Sørina",)


def test_a_reply_returns_its_post_and_can_be_edited(world):
    setup, facts = world
    setup.expect("reply")
    ref = setup.forum.reply(facts["topic"], "Vote count: none yet")
    assert isinstance(ref, PostRef) and ref.topic == facts["topic"] and ref.post_id.isdigit()


def test_ones_own_post_can_be_edited(world):
    setup, facts = world
    setup.expect("edit")
    forum = setup.forum
    if isinstance(forum, LocalForum):
        forum = forum.as_user("Kleene")  # post 2 is Kleene's, as post 5 is on the real board
    forum.edit_post(PostRef(facts["topic"], facts["after"]), "Vote count: Akonyl 2")


def test_a_sent_pm_is_found_with_its_recipients_and_its_exact_body(world):
    setup, facts = world
    setup.expect("reply to big tony")
    tony = User("Big Tony", facts["tony"])
    setup.forum.send_private_message([tony], "Re: question about rules", TONY_REPLY)
    setup.expect("sent pms")
    found = setup.forum.sent_private_messages(facts["since"])
    [ours] = [pm for pm in found if pm.recipients == ("Big Tony",)]
    assert (ours.author, ours.subject) == ("GameMaster", "Re: question about rules")
    assert ours.source == ours.text == TONY_REPLY  # the marker included, byte for byte
    assert facts["older sent"] not in [pm.id for pm in found]
    assert all(pm.sent_at >= facts["since"] for pm in found)
    assert [int(pm.id) for pm in found] == sorted(int(pm.id) for pm in found)


@pytest.mark.parametrize("adapter", [LocalForum, PhpBBForum, MyBBForum])
def test_the_outbox_finds_its_sent_pm_look_up_on_every_adapter(adapter):
    # daemon/outbox/lookup.py asks isinstance(forum, SentLookup) before it looks for an unknown PM.
    assert issubclass(adapter, SentLookup) and issubclass(adapter, Forum)
    wanted = inspect.signature(SentLookup.sent_private_messages)
    assert inspect.signature(adapter.sent_private_messages) == wanted
