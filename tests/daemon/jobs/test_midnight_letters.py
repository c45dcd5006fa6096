"""midnight's Letters and The Call through the GM's approval queue in a live game (issue 17):
with ``letters = approve`` the close holds them, tells the GM, and sends each only once the GM
approves, rewrites or withholds it (``autogm approve GAME letter N`` or an override line),
stored as the GM's orders so that a rebuild sends nothing twice.

midnight, Communication: "sending anonymous messages or pretending to be another player is not
allowed"; Letter: "during the Night, you can send an anonymous message to a player, or to the
entire Town"; The Call (H): "you can send a target an anonymous message "from the Boss"".
"""

from __future__ import annotations

from autogm.daemon.cli.main import main
from tests.daemon.gamekit import Kit

ROSTER = {
    "Abs": "Boss",
    "Miaka": "Killer",
    "Akonyl": "Cop",
    "Kleene": "Officer",
    "Jd-": "Civilian",
    "Conia": "Civilian",
}
EXTRA = """votes = topic
rules = mn
gm_contact = TheGM

[rules:mn]
letters = {letters}
"""


def _kit(tmp_path, letters: str = "approve") -> Kit:
    kit = Kit(tmp_path, roster=ROSTER, extra=EXTRA.format(letters=letters))
    kit.forum.add_user("TheGM")
    kit.use_ruleset("midnight")
    return kit


def _gm_pms(kit: Kit) -> str:
    batch = kit.forum.as_user("TheGM").new_private_messages(None)
    return "\n".join(m.source for m in batch.messages if m.author == "GameMaster")


def _pms(kit: Kit, player: str) -> str:
    return "\n".join(m.source for m in kit.inbox_of(player))


def test_letters_and_the_call_wait_for_the_gm_and_go_out_as_approved(tmp_path, capsys) -> None:
    kit = _kit(tmp_path)
    config = ["--config", str(kit.config_path)]
    kit.start()
    assert kit.open_phase() == "Night 1"
    kit.send("Jd-", "Letter to Conia: I am Akonyl and I am the Cop.")
    kit.send("Conia", "Letter to Town: Miaka is lying")
    kit.send("Abs", "The Call to Kleene: Stay home tonight.")
    kit.poll()
    kit.close("Night 1")
    # The results went out at the deadline, without the letters.
    results = kit.topic_posts()[-1].source
    assert "Night 1 has ended" in results and "Miaka is lying" not in results
    assert "I am Akonyl" not in _pms(kit, "Conia")
    assert "Stay home" not in _pms(kit, "Kleene")
    told = _gm_pms(kit)
    assert "[letter 1] PM to Conia, from Night 1: Letter from Jd-" in told
    assert "[letter 2] post in the topic, from Night 1: Letter from Conia" in told
    assert "[call 1] PM to Kleene, from Night 1: The Call from Abs" in told
    assert main(["preview", "g1", *config]) == 0
    shown = capsys.readouterr().out
    assert "[letter 1]" in shown and "[call 1]" in shown and "I am Akonyl" in shown
    assert main(["status", "g1", *config]) == 0
    assert "GM texts held for you: call 1, letter 1, letter 2" in capsys.readouterr().out

    # The GM rewrites the impersonating letter with the CLI; the daemon sends it at its poll.
    assert main(["approve", "g1", "letter", "1", "--text", "Someone says they are the Cop.",
                 *config]) == 0  # fmt: skip
    assert "letter 1 approved" in capsys.readouterr().out
    kit.poll()
    assert "An anonymous letter: Someone says they are the Cop." in _pms(kit, "Conia")
    assert "I am Akonyl" not in _pms(kit, "Conia")
    assert "Your Letter to Conia went out as the GM rewrote it" in _pms(kit, "Jd-")

    # The Town's letter is approved and The Call withheld by override lines.
    kit.set_overrides("1 = approve letter 2\n2 = withhold call 1")
    kit.poll()
    posted = "\n".join(p.source for p in kit.topic_posts())
    assert "An anonymous letter to the Town: Miaka is lying" in posted
    assert "Stay home" not in _pms(kit, "Kleene")
    assert "Your Call to Kleene was not sent: the GM withheld it." in _pms(kit, "Abs")
    assert "Your Letter" not in _pms(kit, "Conia")  # approved as written: nothing to tell
    with kit.store() as store:
        live = kit.daemon.live(store, "g1")
        assert live.session.texts.waiting() == []
        gm_rows = [o.raw for o in store.orders("g1", "Day 1") if o.player == "GM"]
    assert gm_rows == [
        "letter 1: Someone says they are the Cop.",
        "approve letter 2",
        "withhold call 1",
    ]

    # A restart rebuilds the same game: nothing settled is held again, nothing is sent twice.
    sent = len(kit.topic_posts()), len(kit.inbox_of("Conia"))
    kit.daemon = kit.new_daemon()
    kit.poll()
    with kit.store() as store:
        assert kit.daemon.live(store, "g1").session.texts.waiting() == []
    assert (len(kit.topic_posts()), len(kit.inbox_of("Conia"))) == sent


def test_a_spam_is_told_at_the_close_and_holds_nothing(tmp_path) -> None:
    """Letter: "If one target ... got more than three letters in one Night, the instead of the
    messages it only learns "you have been spammed"": decided by the count at the close."""
    kit = _kit(tmp_path)
    kit.start()
    for sender in ("Abs", "Miaka", "Akonyl", "Kleene"):
        kit.send(sender, f"Letter to Conia: from {sender}")
    kit.poll()
    kit.close("Night 1")
    assert "You have been spammed." in _pms(kit, "Conia")
    assert "An anonymous letter" not in _pms(kit, "Conia")
    with kit.store() as store:
        assert kit.daemon.live(store, "g1").session.texts.waiting() == []
    assert "wait for you" not in _gm_pms(kit)


def test_by_default_letters_are_relayed_at_the_close(tmp_path) -> None:
    kit = _kit(tmp_path, letters="relay")
    kit.start()
    kit.send("Jd-", "Letter to Conia: hello")
    kit.send("Abs", "The Call to Kleene: Stay home tonight.")
    kit.poll()
    kit.close("Night 1")
    assert "An anonymous letter: hello" in _pms(kit, "Conia")
    assert "A message from the Boss: Stay home tonight." in _pms(kit, "Kleene")
    assert "wait for you" not in _gm_pms(kit)


def test_the_reminder_sends_midnights_day_orders_to_the_topics_ooc_tag(tmp_path) -> None:
    """midnight: "Publicly visible actions must be declared in the in-game post in the OOC
    tag. Covert actions must be published in your private room": a Day's reminder says so; a
    Night's sends covert orders by private message and public ones to the OOC tag."""
    kit = _kit(tmp_path, letters="relay")
    kit.start()
    posted = _reminded(kit, "Night 1")
    assert "left in Night 1" in posted and "covert orders by private message" in posted
    kit.close("Night 1")
    posted = _reminded(kit, "Day 1")
    assert "left in Day 1" in posted and "in this topic in the [ooc] tag" in posted


def _reminded(kit: Kit, phase: str) -> str:
    """The reminder posted three hours before ``phase``'s deadline."""
    from datetime import timedelta

    from autogm.daemon.jobs.reminders import remind

    with kit.store() as store:
        row = store.phase("g1", phase)
    assert row is not None and row.deadline is not None
    remind(kit.daemon, "g1", phase, timedelta(hours=3), row.deadline - timedelta(hours=3))
    return kit.topic_posts()[-1].source


def test_the_start_and_each_phases_opening_say_where_its_orders_go(tmp_path) -> None:
    """midnight: "Publicly visible actions must be declared in the in-game post in the OOC
    tag and be clearly and unambiguously marked as such. Covert actions must be published in
    your private room." (issue 32: the start post said "by private message" alone, where the
    votes and the Day's orders are [ooc] posts). The start post opens a Night: covert orders by
    private message, public ones (the vote by day among them) in the [ooc] tag; the Night's
    results post opens Day 1 with the [ooc] tag first; Day 1's results open Night 2 as the
    start did."""
    kit = _kit(tmp_path, letters="relay")
    kit.start()
    start = kit.topic_posts()[0].source
    assert "Night 1[/b] is open until" in start
    night_orders = (
        "Send your covert orders by private message; declare public orders (your vote by day "
        "among them) in this topic in the [ooc] tag. A later order replaces"
    )
    assert night_orders in start
    assert "Send your orders by private message" not in start
    kit.close("Night 1")
    opening = kit.topic_posts()[-1].source
    assert "[b]Day 1[/b] begins." in opening
    assert "Declare your public orders (your vote among them) in this topic in the [ooc]" in opening
    kit.close("Day 1")
    night = kit.topic_posts()[-1].source
    assert "[b]Night 2[/b] begins." in night and "covert orders by private message" in night


def test_an_instant_order_is_posted_and_pmed_once_when_declared(tmp_path) -> None:
    """daemon/jobs/instants.py: ""Instant" actions ... are resolved instantly, in the order of
    declaration": what an instant order (Exhume: "once per game can instantly learn the
    Midnight role of a dead player") told its player is enqueued at once, and announcing
    again (a rebuild, the next post) sends nothing twice."""
    from autogm.daemon.jobs import instants
    from autogm.daemon.play import games

    kit = _kit(tmp_path, letters="relay")
    kit.start()
    cfg = kit.daemon.config.games["g1"]
    live = games.begin("g1", kit.daemon.ruleset("g1"), ROSTER, 7, {"Jd-": "Undertaker"})
    games.apply_gm(live, "kill Miaka")
    live.session.feed("Jd-", "Exhume Miaka")
    with kit.store() as store:
        for _ in range(2):
            with store.atomic():
                instants.announce(store, cfg, live, kit.clock())
        rows = store.rows(
            "SELECT recipients, body, dedupe_key FROM outbox WHERE dedupe_key LIKE 'instant:%'"
        )
    assert [(r["dedupe_key"], r["body"]) for r in rows] == [
        ("instant:g1:Night 1:1:Jd-", "Miaka's Midnight role is [b]Killer[/b].")
    ]
    assert "Jd-" in rows[0]["recipients"]
