"""The order a phase's messages go out in (docs/running.md, "The order results go out in"):
all of a phase's results before any acknowledgement, the post first, then the players' PMs
in an order drawn for each phase from the game's seed, so that nobody is always told first."""

from __future__ import annotations

from dataclasses import replace

from daemon.jobs import closing
from daemon.outbox.message import without_marker
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
