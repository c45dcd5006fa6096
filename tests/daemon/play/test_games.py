"""A game rebuilt from the store is the game that was played: same orders held, same results."""

from __future__ import annotations

from datetime import timedelta

from autogm.daemon.play import games
from tests.daemon.gamekit import Kit


def test_a_rebuilt_game_replays_every_closed_phase_to_the_same_results(tmp_path):
    kit = Kit(tmp_path, extra="action_lock = 1h")
    kit.start()
    kit.close("Prep")
    kit.send("Abs", "Kill Kleene")
    kit.send("Jd-", "Heal Kleene")
    kit.send("Conia", "Investigate Abs kills Kleene")
    kit.send("Akonyl", "Investigate Jd- heals Kleene")
    kit.send("Akonyl", "clear")  # dropped again
    kit.poll()
    kit.close("Night 1")
    kit.send("Conia", "Vote Abs")
    kit.send("Kleene", "Vote Abs")
    kit.poll()
    with kit.store() as store:
        deadline = store.phase("g1", "Day 1").deadline
    kit.clock.now = deadline - timedelta(minutes=5)
    kit.send("Kleene", "Vote Conia\nWill: Abs did it.")  # locked: the vote stays, the will changes
    kit.poll()

    with kit.store() as store:
        live = kit.daemon.live(store, "g1")
        stored = {name: store.phase("g1", name).outcome["digest"] for name in ("Prep", "Night 1")}
    assert live.closed == ["Prep", "Night 1"]
    assert live.digests == stored
    assert games.orders_of(live.session, "Kleene") == ["Vote Abs"]
    assert games.will_of(live.session, "Kleene") == "Abs did it."
    assert games.orders_of(live.session, "Conia") == ["Vote Abs"]

    kit.close("Day 1")
    with kit.store() as store:
        outcome = store.phase("g1", "Day 1").outcome
        again = kit.daemon.live(store, "g1")
    assert "Abs[/b] was lynched" in "\n".join(outcome["public"])
    assert again.digests["Day 1"] == outcome["digest"]
    assert again.phase == "Night 2"


def test_a_voided_order_is_left_out_of_the_rebuild(tmp_path):
    kit = Kit(tmp_path)
    kit.start()
    kit.close("Prep")
    kit.close("Night 1")
    kit.send("Conia", "Vote Abs")
    kit.poll()
    with kit.store() as store:
        (order,) = store.orders("g1", "Day 1")
    kit.config_path.write_text(
        kit.config_path.read_text() + f"\n[overrides:g1]\nv1 = void order {order.id}\n"
    )
    kit.daemon = kit.new_daemon()
    kit.poll()
    with kit.store() as store:
        live = kit.daemon.live(store, "g1")
    assert games.orders_of(live.session, "Conia") == []


def test_a_gm_correction_is_read_and_answered(tmp_path):
    kit = Kit(tmp_path)
    kit.start()
    kit.close("Prep")
    kit.close("Night 1")
    kit.send("Conia", "Vote Abz Kleen")
    kit.poll()
    with kit.store() as store:
        (order,) = store.orders("g1", "Day 1")
    kit.config_path.write_text(
        kit.config_path.read_text()
        + f"\n[overrides:g1]\nc1 = correct order {order.id}: Vote Kleene\n"
    )
    kit.daemon = kit.new_daemon()
    kit.poll()
    answer = kit.inbox_of("Conia")[-1].source
    assert "The GM corrected your order." in answer and "Vote Kleene" in answer
    with kit.store() as store:
        live = kit.daemon.live(store, "g1")
    assert games.orders_of(live.session, "Conia") == ["Vote Kleene"]


def test_a_fixed_roster_is_checked_against_the_rules_too(tmp_path):
    kit = Kit(tmp_path)
    cfg = kit.config.games["g1"]
    assert games.deal(cfg, games.ruleset_for(cfg), 1).roster == kit.roster
