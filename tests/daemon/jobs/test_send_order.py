"""The order a phase's messages go out in (docs/running.md, "The order results go out in"):
all of a phase's results before any acknowledgement, the post first, then the players' PMs
in an order drawn for each phase from the game's seed, so that nobody is always told first."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from itertools import pairwise

from autogm.daemon.jobs import closing
from autogm.daemon.outbox.message import without_marker
from tests.daemon.gamekit import Kit


def sent_by_gm(kit: Kit) -> list[tuple[str, str]]:
    """(recipient, subject) of every PM the GM sent, in the order the forum took them."""
    rows = kit.forum._store.query(
        "select m.id, m.subject, u.name from messages m join recipients r on r.message_id = m.id"
        " join users u on u.id = r.user_id where m.author_id = ? order by m.id",
        int(kit.forum.current_user().id),
    )
    return [(row["name"], row["subject"]) for row in rows]


def test_every_result_goes_out_before_an_acknowledgement_queued_earlier(tmp_path):
    kit = Kit(tmp_path)
    kit.start()
    kit.close("Prep")
    before = len(sent_by_gm(kit))
    # Sent just before the deadline: read by the close itself, answered after the results.
    kit.send("Jd-", "Heal Kleene")
    kit.send("Abs", "Kill Kleene")
    kit.close("Night 1")
    sent = sent_by_gm(kit)[before:]
    results = [i for i, (_, subject) in enumerate(sent) if subject == "g1: Night 1 results"]
    answers = [i for i, (_, subject) in enumerate(sent) if subject.startswith("Re: ")]
    assert results and len(answers) == 2
    assert max(results) < min(answers)
    # The results post went before every PM of the phase.
    post = kit.topic_posts()[-1]
    assert "Night 1" in without_marker(post.source)


def test_the_players_order_is_drawn_for_each_phase_from_the_seed(tmp_path):
    kit = Kit(tmp_path)
    kit.start()
    with kit.store() as store:
        closed = closing.games.close(kit.daemon.live(store, "g1"))  # Prep: a PM to everyone
    told = sorted(closed.role_pms)
    assert len(told) == 6
    orders = set()
    for phase in ("Prep", "Night 1", "Day 1", "Night 2", "Day 2"):
        order = closing.send_order(replace(closed, phase=phase))
        assert sorted(order) == told
        assert order == closing.send_order(replace(closed, phase=phase))  # no other draw
        orders.add(tuple(order))
    assert len(orders) > 1, "every phase told its players in one order"
    assert len({order[0] for order in orders}) > 1, "one player is always told first"


def test_send_interval_auto_sends_at_the_boards_pace(tmp_path):
    """``send_interval = auto`` (the default): no gap of autogm's own; a board with a flood
    rule refuses what comes too soon and the outbox waits as long as it asks, so every
    message goes, at the board's pace; an exempt GM account is never slowed."""
    for exempt, least in ((False, 15.0), (True, 0.0)):
        kit = Kit(tmp_path / str(exempt))
        text = kit.config_path.read_text().replace("send_interval = 0", "send_interval = auto")
        kit.config_path.write_text(text)
        kit.daemon = kit.new_daemon()
        kit.forum.set_flood_rule(15, exempt=["GameMaster"] if exempt else [])
        kit.clock.advance(minutes=1)
        kit.start()  # role PMs for the Prep actions and the start post
        kit.close("Prep")  # every other role PM and the results
        with kit.store() as store:
            rows = store.rows("SELECT state, sent_at FROM outbox ORDER BY sent_at")
        assert rows and {row["state"] for row in rows} == {"sent"}
        gaps = [
            (datetime.fromisoformat(b["sent_at"]) - datetime.fromisoformat(a["sent_at"]))
            for a, b in pairwise(rows)
        ]
        assert min(gap.total_seconds() for gap in gaps) >= least


def test_a_pm_from_the_gm_account_to_itself_is_never_answered(tmp_path):
    """`autogm check-forum --flood` measures with PMs from the GM account to itself."""
    kit = Kit(tmp_path)
    kit.start()
    kit.send("GameMaster", "autogm check-forum: flood test")
    kit.poll()
    assert kit.inbox_of("GameMaster")[-1].subject == "orders"  # its own, nothing after
    with kit.store() as store:
        assert store.unparsed() == []
        assert store.events(None, "inbox.not-a-player") == []
