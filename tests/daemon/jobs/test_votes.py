"""Public votes (``votes = topic``) and the running vote count, on the local adapter."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autogm.daemon.archive.write import archive_game
from autogm.daemon.cli.main import main
from autogm.daemon.outbox import outbox
from tests.daemon.gamekit import Kit

TOPIC_VOTES = "votes = topic\nvote_count = on"


def to_day_one(kit: Kit) -> None:
    kit.start()
    kit.close("Prep")
    kit.close("Night 1")
    assert kit.open_phase() == "Day 1"


def post(kit: Kit, player: str, body: str) -> None:
    kit.forum.as_user(player).reply(kit.topic, body)


def count_rows(kit: Kit) -> list[outbox.OutboxRow]:
    with kit.store() as store:
        return [r for r in outbox.rows(store, "local") if r.dedupe_key.startswith("votecount:")]


def count_post(kit: Kit) -> str:
    (found,) = [p for p in kit.topic_posts() if "Vote count, Day 1" in p.source]
    return found.source


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path, extra=TOPIC_VOTES)


def test_votes_in_the_topic_count_and_one_count_post_is_kept_up_to_date(kit):
    to_day_one(kit)
    post(kit, "Conia", "Abs is lying. [vote]Abs[/vote]")
    post(kit, "Kleene", "[quote=Conia][vote]Conia[/vote][/quote]Agreed. [b]vote: Abs[/b]")
    post(kit, "Akonyl", "No votes from me yet, just chatter about voting.")
    kit.poll()
    assert "[b]Abs[/b] (2): Conia, Kleene" in count_post(kit)  # the quoted vote is not read
    kit.poll()  # nothing changed: no edit
    assert [r.kind for r in count_rows(kit)] == ["post"]

    post(kit, "Conia", "[b]unvote[/b]")
    kit.send("Kleene", "Vote Miaka")  # a later vote by PM replaces the one posted
    kit.poll()
    rows = count_rows(kit)
    assert [r.kind for r in rows] == ["post", "edit"]  # one edit for the poll, not two
    assert rows[-1].state == "sent"
    text = count_post(kit)  # the same post, edited
    assert "[b]Miaka[/b] (1): Kleene" in text and "[b]Abs[/b]" not in text

    post(kit, "Conia", "[vote]Miaka[/vote]")
    kit.close("Day 1")
    with kit.store() as store:
        lynch = store.phase("g1", "Day 1").outcome["lynch"]
        orders = store.orders("g1", "Day 1")
    assert lynch["target"] == "Miaka" and lynch["votes"] == {"Miaka": 2}
    assert {o.source for o in orders} == {"post", "pm"}
    # Chatter without a vote mark is stored verbatim but is no order.
    assert "Akonyl" not in {o.player for o in orders}


def test_refused_votes_are_answered_quoting_the_post(kit):
    to_day_one(kit)
    kit.forum.add_user("Lurker")
    post(kit, "Lurker", "[vote]Abs[/vote]")
    post(kit, "Abs", "[vote]Nobodyhere[/vote]")
    post(kit, "Conia", "[vote]Abs[/vote]")
    kit.poll()
    (lurker,) = kit.inbox_of("Lurker")
    assert "[quote]" in lurker.source and "not a player of g1" in lurker.source
    answer = kit.inbox_of("Abs")[-1]
    assert answer.subject == "g1: your vote"
    # The post is quoted with its tags shown as text, never live inside the GM's quote.
    assert "[quote][\u2063vote]Nobodyhere[\u2063/vote][/quote]" in answer.source
    assert "'Nobodyhere' was not counted" in answer.source
    assert "Nobodyhere" not in count_post(kit) and "[b]Abs[/b] (1): Conia" in count_post(kit)


def test_votes_posted_at_night_or_by_the_gm_are_not_read(kit):
    kit.start()
    kit.close("Prep")
    post(kit, "Conia", "[vote]Abs[/vote]")  # Night 1
    kit.poll()
    kit.close("Night 1")
    kit.poll()
    assert count_rows(kit) == []
    with kit.store() as store:
        assert store.orders("g1", "Night 1") == [] and store.orders("g1", "Day 1") == []
        assert store.unparsed("local") == []


def test_pm_votes_keep_no_running_count(tmp_path):
    kit = Kit(tmp_path)  # votes = pm, the default
    to_day_one(kit)
    post(kit, "Conia", "[vote]Abs[/vote]")
    kit.send("Kleene", "Vote Abs")
    kit.poll()
    assert count_rows(kit) == []
    with kit.store() as store:
        assert [o.player for o in store.orders("g1", "Day 1")] == ["Kleene"]


def test_a_live_game_with_substitutes_clears_locks_and_topic_votes_replays_to_a_match(
    tmp_path, capsys
):
    roster = {
        "Abs": "Gin",
        "Miaka": "Vodka",
        "Kleene": "Agasa",
        "Conia": "Shinichi",
        "Akonyl": "Shiratori",
    }
    kit = Kit(tmp_path, roster=roster, extra="votes = topic\naction_lock = 30m")
    kit.start()
    kit.close("Prep")
    kit.send("Abs", "Kill Kleene")
    kit.send("Abs", "clear")  # drops the kill
    kit.poll()
    kit.close("Night 1")
    kit.forum.add_user("Newbie")
    kit.config_path.write_text(
        kit.config_path.read_text() + "\n[overrides:g1]\nr1 = replace Conia with Newbie\n"
    )
    kit.daemon = kit.new_daemon()
    kit.poll()
    post(kit, "Newbie", "[vote]Abs[/vote]")  # the substitute votes in the topic
    post(kit, "Kleene", "[b]vote: Abs[/b]")
    kit.send("Akonyl", "Vote Abs")
    kit.send("Miaka", "Vote Kleene")
    kit.poll()
    with kit.store() as store:
        deadline = store.phase("g1", "Day 1").deadline
    kit.clock.now = deadline - timedelta(minutes=10)
    kit.send("Abs", "Vote Kleene\nWill: I was innocent.")  # the lock keeps only the will
    kit.poll()
    kit.close("Day 1")
    with kit.store() as store:
        outcome = store.phase("g1", "Day 1").outcome
        feeds = [o.parsed["feed"] for o in store.orders("g1", "Day 1")]
        assert outcome["lynch"]["target"] == "Abs"
        assert {"post", "order", "will", "gm"} <= set(feeds)
        assert [o.parsed["feed"] for o in store.orders("g1", "Night 1")] == ["order", "clear"]
        db = tmp_path / "archive.db"
        archive_game(store, "g1", db, kit.clock())
    assert main(["replay", "--archive", str(db), "g1"]) == 0
    assert "every result matches" in capsys.readouterr().out
    exported = tmp_path / "g1.yaml"
    code = main(["archive", "--db", str(db), "export", "g1", "--format", "scenario",
                 "-o", str(exported)])  # fmt: skip
    assert code == 0
    text = exported.read_text()
    assert "Newbie (post):" in text and "Abs (will only):" in text and "Abs: clear" in text
    assert main(["replay", str(exported)]) == 0


MIDNIGHT_ROSTER = {
    "Abs": "Boss",
    "Miaka": "Killer",
    "Akonyl": "Cop",
    "Kleene": "Officer",
    "Jd-": "Civilian",
    "Conia": "Civilian",
}


def test_midnights_running_count_shows_peace_and_no_covert_vote(tmp_path):
    """docs/rulings.md, "midnight: the running count by Day": the count post mid-Day holds the
    votes declared in the topic, peace among them, with the power the open roles give; Jury
    duty ("Next day it covertly gets 1 vote against itself") waits for the Council's count."""
    kit = Kit(tmp_path, roster=MIDNIGHT_ROSTER, extra=TOPIC_VOTES)
    kit.use_ruleset("midnight")
    kit.start()
    kit.send("Jd-", "Jury duty Abs")
    kit.poll()
    kit.close("Night 1")
    post(kit, "Conia", "[ooc]Vote Abs[/ooc]")
    post(kit, "Miaka", "Calm down. [ooc]Vote peace[/ooc]")
    kit.poll()
    text = count_post(kit)
    assert "[b]Abs[/b] 1: Conia" in text  # not 2: the Jury's vote is covert
    assert "[b]peace[/b] 1: Miaka" in text
    assert "Not voting (4): Abs, Akonyl, Jd-, Kleene" in text
    assert "the Council's count at the end of the Day may differ" in text
    assert "Jury" not in text and "Jd- (" not in text
    kit.close("Day 1")
    with kit.store() as store:
        lynch = store.phase("g1", "Day 1").outcome["lynch"]
    assert lynch["target"] == "Abs" and lynch["votes"] == {"Abs": 2, "peace": 1}


def test_a_game_topic_is_read_only_when_the_board_lists_a_new_post_in_it(tmp_path):
    """Issue 33: with votes = topic every poll read 1 + N pages, idle or not. The forum's
    list of topics names each one's last post: a topic is opened only when that is past the
    post read last (on phpBB one forum page for all the game topics of a forum)."""
    from collections import Counter

    from autogm.adapters.local import LocalForum

    calls: Counter[str] = Counter()

    class Counting(LocalForum):
        def __getattribute__(self, name):  # every adapter call, counted by name
            if name in ("new_private_messages", "last_posts", "posts_after"):
                calls[name] += 1
            return super().__getattribute__(name)

    kit = Kit(tmp_path, extra=TOPIC_VOTES)
    kit.daemon = kit.new_daemon(lambda cfg: Counting(cfg.path, cfg.username, now=kit.clock))
    to_day_one(kit)
    kit.poll()
    calls.clear()
    kit.poll()  # idle
    assert calls == Counter(new_private_messages=1, last_posts=1)
    post(kit, "Conia", "[vote]Abs[/vote]")
    kit.poll()
    assert calls["posts_after"] == 1
    kit.poll()  # the vote count post autogm made is a new post: read once
    kit.poll()  # idle again
    assert calls["posts_after"] == 2
    assert "Abs" in count_post(kit)
