"""The job bodies on the local adapter, called directly with a fake clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autogm.daemon.jobs import approval
from autogm.daemon.jobs.scheduler import plan_jobs
from autogm.daemon.outbox import outbox
from autogm.daemon.play import games
from autogm.engine.session import ORDER, GameSession
from tests.daemon.gamekit import Kit


@pytest.fixture
def kit(tmp_path):
    return Kit(tmp_path)


def to_day_one(kit: Kit) -> None:
    kit.start()
    kit.close("Prep")
    kit.close("Night 1")
    assert kit.open_phase() == "Day 1"


def bodies(messages) -> list[str]:
    return [m.source for m in messages]


DISGUISE = {"V": "Vermouth", "G": "Gin", "Co": "Conan", "Yu": "Yumi", "M": "Megure",
            "A": "Agasa", "E": "Eisuke"}  # fmt: skip


def test_start_sends_the_engines_opening_role_pms_once_and_opens_the_topic(tmp_path):
    kit = Kit(tmp_path, roster=DISGUISE)
    kit.start()
    kit.start()  # a restart repeats the job: nothing doubles
    # Only the players with a Prep action (Vermouth, Yumi) are told their role now.
    for player in ("V", "Yu"):
        (pm,) = kit.inbox_of(player)
        assert f"You are [b]{DISGUISE[player]}[/b]" in pm.source
        assert pm.subject == "g1: your role"
    assert all(kit.inbox_of(p) == [] for p in ("G", "Co", "M", "A", "E"))
    (post,) = kit.topic_posts()
    assert "g1 begins" in post.source and "Prep" in post.source
    assert "everyone else gets theirs when Prep ends" in post.source
    assert kit.open_phase() == "Prep"
    with kit.store() as store:
        assert store.phase("g1", "Prep").deadline == kit.clock() + timedelta(hours=1)


def test_a_disguise_victim_is_only_ever_told_their_new_role(tmp_path):
    kit = Kit(tmp_path, roster=DISGUISE)
    kit.start()
    kit.send("V", "Disguise: G, Co, M")
    kit.poll()
    kit.close("Prep")
    kit.close("Prep")  # a repeated close job sends nothing twice
    with kit.store() as store:
        outcome = store.phase("g1", "Prep").outcome
    assert outcome["results"][0]["ability"] == "disguise"
    victim = outcome["results"][0]["target"]
    new_role = outcome["players"][victim]["role"]
    assert new_role != DISGUISE[victim]
    (role_pm,) = [m for m in kit.inbox_of(victim) if m.subject == "g1: your role"]
    assert f"You are [b]{new_role}[/b]" in role_pm.source
    assert all(DISGUISE[victim] not in m.source for m in kit.inbox_of(victim))
    # Everyone without a Prep action got exactly one role PM, at the end of Prep.
    for player in ("G", "Co", "M", "A", "E"):
        roles = [m for m in kit.inbox_of(player) if m.subject == "g1: your role"]
        assert len(roles) == 1
    # The disguiser's Prep results PM says what they wear; no second role PM.
    v_pms = kit.inbox_of("V")
    assert [m.subject for m in v_pms].count("g1: your role") == 1
    assert any("You are disguised as" in m.source for m in v_pms if "Prep results" in m.subject)
    # `role` answers with the role PM the player was sent (the new role for the victim).
    kit.send(victim, "role")
    kit.poll()
    assert f"You are [b]{new_role}[/b]" in kit.inbox_of(victim)[-1].source
    kit.send(victim, "history")
    kit.poll()
    assert "You have no results yet." in kit.inbox_of(victim)[-1].source


def test_roles_are_dealt_from_the_list_with_the_game_seed(tmp_path):
    roster = dict.fromkeys(["Abs", "Miaka", "Akonyl", "Kleene"], "")
    kit = Kit(tmp_path, roster=roster, deal=("Gin", "Agasa", "Araide", "Shinichi"))
    kit.start()
    with kit.store() as store:
        dealt = {p["name"]: p["role"] for p in store.players("g1")}
    assert sorted(dealt.values()) == ["Agasa", "Araide", "Gin", "Shinichi"]
    cfg = kit.daemon.config.games["g1"]
    assert dealt == games.deal(cfg, games.ruleset_for(cfg), 7).roster  # the seed decides the deal


def test_every_order_pm_gets_the_parsers_answer(kit):
    to_day_one(kit)
    kit.send("Conia", "Vote Abs")
    kit.send("Akonyl", "Vote Nobodyhere")
    kit.poll()
    assert "Understood for Day 1: Vote Abs." in kit.inbox_of("Conia")[-1].source
    answer = kit.inbox_of("Akonyl")[-1].source
    assert "Not accepted: [quote]" in answer and "Nobodyhere" in answer
    with kit.store() as store:
        states = [(o.player, o.state) for o in store.orders("g1", "Day 1")]
    assert states == [("Conia", "accepted"), ("Akonyl", "rejected")]


def test_acknowledgements_off_and_batched(tmp_path):
    off = Kit(tmp_path / "off", extra="acknowledge = off")
    to_day_one(off)
    before = len(off.inbox_of("Conia"))
    off.send("Conia", "Vote Abs")
    off.poll()
    assert len(off.inbox_of("Conia")) == before

    batched = Kit(tmp_path / "batched", extra="acknowledge = batched")
    to_day_one(batched)
    before = len(batched.inbox_of("Conia"))
    batched.send("Conia", "Vote Abs")
    batched.send("Conia", "Vote Kleene")
    batched.poll()
    new = batched.inbox_of("Conia")[before:]
    assert len(new) == 1
    assert "Vote Abs" in new[0].source and "Vote Kleene" in new[0].source


def test_one_pm_folded_is_answered_as_it_would_be_unfolded(tmp_path):
    """Folding (the default) changes nothing for a player who sent one PM in a poll."""
    kits = {mode: Kit(tmp_path / mode, extra=f"acknowledge = {mode}") for mode in ("on", "batched")}
    replies = {}
    for mode, kit in kits.items():
        to_day_one(kit)
        before = len(kit.inbox_of("Conia"))
        kit.send("Conia", "Vote Abs", subject="my vote")
        kit.poll()
        (reply,) = kit.inbox_of("Conia")[before:]
        replies[mode] = (reply.subject, reply.source)
    assert replies["on"] == replies["batched"]
    assert replies["on"][0] == "Re: my vote"


def test_acknowledge_only_refusals_answers_what_was_refused_or_changed(tmp_path):
    """``acknowledge_only = refusals``: "an option to acknowledge only refusals and changes"
    (issue 33). An order taken as written is not answered; one refused, one replacing an
    earlier order and one whose name was read loosely are; commands always are."""
    kit = Kit(tmp_path, extra="acknowledge_only = refusals")
    to_day_one(kit)

    def answered(player: str, text: str) -> str | None:
        before = len(kit.inbox_of(player))
        kit.send(player, text)
        kit.poll()
        new = kit.inbox_of(player)[before:]
        return new[0].source if new else None

    assert answered("Conia", "Vote Abs") is None
    assert "Nobodyhere" in (answered("Akonyl", "Vote Nobodyhere") or "")
    assert "replaces your earlier" in (answered("Conia", "Vote Kleene") or "")
    assert answered("Akonyl", "Vote Conia") is None
    assert "Akonyl" in (answered("Kleene", "Vote Akonly") or "")  # read loosely: told so
    assert "Vote Conia" in (answered("Akonyl", "orders") or "")
    with kit.store() as store:
        states = {(o.player, o.raw): o.state for o in store.orders("g1", "Day 1")}
    assert states[("Conia", "Vote Abs")] == "accepted"  # taken all the same


def test_player_commands_are_answered_at_once(kit):
    kit.start()
    kit.send("Conia", "role")
    kit.poll()
    assert "when Prep ends" in kit.inbox_of("Conia")[-1].source  # not told yet
    kit.close("Prep")
    kit.send("Akonyl", "Investigate Abs kills Kleene")
    kit.poll()
    kit.close("Night 1")
    kit.send("Conia", "Vote Abs")
    kit.poll()
    for command in ("status", "orders", "role", "history"):
        kit.send("Conia", f"[b]{command}[/b]")
    kit.send("Akonyl", "history")
    kit.poll()
    assert kit.inbox_of("Akonyl")[-1].source.startswith(
        "[b]Night 1[/b]\nInvestigation: Abs kills Kleene - "
    )
    assert "Shiratori" not in kit.inbox_of("Akonyl")[-1].source
    status, orders, role, history = bodies(kit.inbox_of("Conia")[-4:])
    assert "Day 1" in status and "Deadline: Thu Dec 03, 2026 7:00 am UTC" in status
    assert "Alive (6)" in status
    assert "Your orders for Day 1: Vote Abs" in orders
    assert "You are [b]Shinichi[/b]" in role  # the role PM sent when Prep ended
    # history lists results PMs only; the role PM (sent in Prep) is not a result.
    assert "no results yet" in history and "Shinichi" not in history

    kit.send("Conia", "clear")
    kit.send("Conia", "orders")
    kit.poll()
    cleared, orders = bodies(kit.inbox_of("Conia")[-2:])
    assert "cleared" in cleared and "Your orders for Day 1: none." in orders
    kit.close("Day 1")
    with kit.store() as store:
        outcome = store.phase("g1", "Day 1").outcome
    assert "Conia - " not in "\n".join(outcome["public"])  # the cleared vote did not count


def test_action_lock_refuses_orders_but_keeps_the_will(tmp_path):
    kit = Kit(tmp_path, extra="action_lock = 30m")
    to_day_one(kit)
    kit.send("Conia", "Vote Abs")
    kit.poll()
    with kit.store() as store:
        deadline = store.phase("g1", "Day 1").deadline
    kit.clock.now = deadline - timedelta(minutes=10)
    kit.send("Conia", "Vote Kleene\nWill: I was the Meitantei.")
    kit.poll()
    answer = kit.inbox_of("Conia")[-1].source
    assert "Orders are closed" in answer and "Your will is saved" in answer
    kit.send("Conia", "orders")
    kit.poll()
    held = kit.inbox_of("Conia")[-1].source
    assert "Vote Abs" in held and "Kleene" not in held.split("Your will")[0]
    assert "I was the Meitantei." in held


def test_a_pm_sent_after_the_deadline_waits_for_the_next_phase(kit):
    to_day_one(kit)
    with kit.store() as store:
        deadline = store.phase("g1", "Day 1").deadline
    kit.clock.now = deadline + timedelta(minutes=1)
    kit.send("Abs", "Heal Kleene")  # sent after the deadline, read before the close
    kit.poll()
    with kit.store() as store:
        assert store.orders("g1", "Day 1") == []
    kit.close("Day 1")
    with kit.store() as store:
        (order,) = store.orders("g1", "Night 2")
    assert order.player == "Abs"


def test_messages_from_non_players_are_kept_and_answered_once(kit):
    """Issue 13: "A PM from someone who is not in the game ... gets one answer saying so"
    (one, so that a stranger or another bot is not answered forever)."""
    to_day_one(kit)
    kit.forum.add_user("Lurker")
    kit.send("Lurker", "Vote Abs")
    kit.poll()
    kit.send("Lurker", "hello?")
    kit.poll()
    (answer,) = kit.inbox_of("Lurker")
    assert "You are not a player of any game autogm runs on this forum" in answer.source
    with kit.store() as store:
        rows = store.rows("SELECT * FROM inbox WHERE author = 'Lurker' ORDER BY id")
        assert [r["source"] for r in rows] == ["Vote Abs", "hello?"]
        assert all(r["parsed_at"] is not None for r in rows)
        assert len(store.events(kind="inbox.not-a-player")) == 2


def test_a_pm_to_a_finished_game_is_answered_that_it_is_over(kit):
    """Issue 13: "A PM ... to a finished game, gets one answer saying so"."""
    to_day_one(kit)
    with kit.store() as store:
        store.update_game("g1", kit.clock(), status="ended")
    kit.send("Abs", "Kill Kleene")
    kit.poll()
    assert "g1 is over: autogm no longer reads orders for it" in kit.inbox_of("Abs")[-1].source


def test_a_message_that_breaks_the_engine_is_answered_and_the_rest_go_on(kit, monkeypatch):
    to_day_one(kit)
    real = GameSession.feed

    def fragile(session, player, text, how=ORDER):
        if "boom" in text:
            raise RuntimeError("parser bug")
        return real(session, player, text, how)

    monkeypatch.setattr(GameSession, "feed", fragile)
    kit.send("Abs", "Vote Conia boom")
    kit.send("Conia", "Vote Abs")
    kit.poll()
    assert "could not read this message" in kit.inbox_of("Abs")[-1].source
    assert "Understood for Day 1: Vote Abs." in kit.inbox_of("Conia")[-1].source
    with kit.store() as store:
        assert store.unparsed("local") == []
        assert store.events(kind="inbox.unreadable")


def test_approval_mode_holds_results_until_the_gm_approves(tmp_path):
    kit = Kit(tmp_path, extra="results = approve")
    kit.start()
    kit.close("Prep")
    posts = len(kit.topic_posts())
    assert kit.open_phase() is None  # closed, held: the next phase waits for the GM
    assert len(kit.topic_posts()) == posts
    cfg = kit.daemon.config.games["g1"]
    with kit.store() as store:
        assert approval.awaiting_approval(store, "g1") == "Prep"
        held = outbox.rows(store, "local", "held")
        assert held and all(row.phase == "Prep" for row in held)
        assert not [
            s for s in plan_jobs(kit.daemon.config, store, kit.clock()) if s.kind == "close"
        ]
        phase, released, opened = approval.approve(store, cfg, kit.clock())
    assert (phase, opened) == ("Prep", "Night 1") and released == len(held)
    kit.poll()
    new = kit.topic_posts()[posts:]
    assert "Prep has ended" in new[0].source and "Night 1[/b] begins" in new[1].source
    assert kit.open_phase() == "Night 1"


def test_reminders_post_once_and_pm_only_the_silent(kit):
    to_day_one(kit)
    kit.send("Conia", "Vote Abs")
    kit.poll()
    before = {p: len(kit.inbox_of(p)) for p in kit.roster}
    with kit.store() as store:
        deadline = store.phase("g1", "Day 1").deadline
    kit.clock.now = deadline - timedelta(hours=1)
    kit.daemon.remind("g1", "Day 1", timedelta(hours=1), kit.clock())
    kit.daemon.remind("g1", "Day 1", timedelta(hours=1), kit.clock())
    reminders = [p for p in kit.topic_posts() if "left in Day 1" in p.source]
    assert len(reminders) == 1 and "1 hour left" in reminders[0].source
    got = {p for p in kit.roster if len(kit.inbox_of(p)) > before[p]}
    assert got == set(kit.roster) - {"Conia"}


def test_gm_modkill_from_the_config_reaches_the_engine_and_survives_a_rebuild(kit):
    to_day_one(kit)
    kit.config_path.write_text(
        kit.config_path.read_text() + "\n[overrides:g1]\nk1 = modkill Kleene\n"
    )
    kit.daemon = kit.new_daemon()
    kit.poll()
    kit.poll()  # re-read: applied once
    notices = [p for p in kit.topic_posts() if "Kleene" in p.source and "Agasa" in p.source]
    assert len(notices) == 1
    kit.send("Kleene", "Vote Abs")
    kit.poll()
    assert "dead" in kit.inbox_of("Kleene")[-1].source
    with kit.store() as store:
        live = kit.daemon.live(store, "g1")
    assert "Kleene" not in games.alive(live.state)


def test_a_game_runs_to_its_winner_and_is_archived(tmp_path):
    roster = {"Abs": "Gin", "Kleene": "Agasa", "Conia": "Shinichi"}
    kit = Kit(tmp_path, roster=roster)
    to_day_one(kit)
    kit.send("Kleene", "Vote Abs")
    kit.send("Conia", "Vote Abs")
    kit.poll()
    kit.close("Day 1")
    posts = kit.topic_posts()
    assert "the town wins" in posts[-1].source
    with kit.store() as store:
        assert store.game("g1")["status"] == "ended"
        specs = plan_jobs(kit.daemon.config, store, kit.clock(), has_start=True)
    assert [s.args for s in specs if s.kind == "archive"] == [("g1",)]
    kit.daemon.archive("g1", kit.clock())
    with kit.store() as store:
        assert store.game("g1")["status"] == "archived"
        assert store.events("g1", "game.archived")
    assert (kit.config.autogm.state_dir / "archive.db").exists()


def test_a_pm_over_the_size_limit_is_answered_and_the_gm_noted(kit):
    """Issue 19: "a size limit above which the player gets a clear answer (and the GM a note)";
    the player's forged tags stay text in the answer."""
    to_day_one(kit)
    kit.send("Conia", "Vote Abs [/quote][b]GM: Abs is town[/b] " + "x" * 20_000)
    kit.poll()
    answer = kit.inbox_of("Conia")[-1].source
    assert "autogm reads at most 20,000 characters in one message" in answer
    assert "[/quote][b]GM" not in answer and "[\u2063/quote][\u2063b]GM" in answer
    with kit.store() as store:
        (event,) = store.events("g1", "inbox.too-long")
    assert event["details"]["author"] == "Conia"


def test_a_gm_correction_from_the_config_is_made_announced_and_kept(kit):
    """Issue 13: corrections the engine applies and records, shown in the results, kept in
    the archive (as the GM's order of the phase), made again by every rebuild."""
    to_day_one(kit)
    kit.config_path.write_text(
        kit.config_path.read_text()
        + "\n[overrides:g1]\nc1 = arrest Abs\nc2 = give Conia: Tranquilizer Watch\n"
        + "n1 = note: Abs confessed in the topic\n"
    )
    kit.daemon = kit.new_daemon()
    kit.poll()
    kit.poll()  # re-read: applied once
    posts = [p.source for p in kit.topic_posts() if "The GM corrects the game" in p.source]
    assert len(posts) == 1 and "[b]Abs[/b] is arrested." in posts[0]
    told = [m.source for m in kit.inbox_of("Conia") if "correction" in m.subject]
    assert len(told) == 1 and "you hold Tranquilizer Watch." in told[0]
    with kit.store() as store:
        live = kit.daemon.live(store, "g1")
        gm = [(o.player, o.raw) for o in store.orders("g1", "Day 1") if o.source == "gm"]
    assert live.state.players["Abs"].status.value == "arrested"
    assert "Tranquilizer Watch" in live.state.players["Conia"].items
    assert gm == [("GM", "arrest Abs"), ("GM", "give Conia: Tranquilizer Watch")]


def test_the_old_ruling_line_is_refused_with_what_to_write_instead(kit):
    from autogm.daemon.config.overrides import read_overrides

    kit.config_path.write_text(kit.config_path.read_text() + "\n[overrides:g1]\nr = ruling: x\n")
    [refused] = read_overrides(kit.daemon.config).refused
    assert "'ruling' changed nothing and is gone" in str(refused.error)


def test_a_poll_makes_way_for_a_close_that_comes_due(kit):
    """Issue 14: "A close starts within one request of its deadline, whatever else is
    running": a poll that finds a close due leaves its parsing and sending to the close."""
    to_day_one(kit)
    before = {p: len(kit.inbox_of(p)) for p in kit.roster}
    kit.send("Conia", "Vote Abs")
    kit.send("Kleene", "Vote Abs")
    kit.daemon.close_due = lambda: True
    kit.poll()
    assert {p: len(kit.inbox_of(p)) for p in kit.roster} == before  # nothing sent
    with kit.store() as store:
        assert len(store.unparsed("local")) == 2  # read and stored, left for the close
    kit.daemon.close_due = lambda: False
    kit.close("Day 1")
    results = [p.source for p in kit.topic_posts() if "Day 1 has ended" in p.source]
    assert len(results) == 1 and "Conia - Abs" in results[0]
