"""The GM's texts in a live dctp-classic game (issue 16): held at the close, told to the GM, sent
only once approved (``autogm approve GAME KIND N`` or an override line), stored as the GM's
orders so that a rebuild and the archive send the same words.

classic: "The GM has the last decision. In case a will or tape is giving out too much info,
then it can be changed by the GM accordingly."
"""

from __future__ import annotations

import pytest

from autogm.daemon.cli.main import main
from tests.daemon.gamekit import Kit

ROSTER = {
    "Abs": "Gin",
    "Miaka": "Vodka",
    "Akonyl": "Shiratori",
    "Kleene": "Camel",
    "Jd-": "Araide",
    "Conia": "Heiji",
    # "There are at least 2 DB's in the game."
    "Parkur": "Ayumi",
    "Lynz": "Genta",
}


def _kit(tmp_path) -> Kit:
    kit = Kit(tmp_path, roster=ROSTER, extra="gm_contact = TheGM")
    kit.forum.add_user("TheGM")
    kit.use_ruleset("dctp-classic")
    return kit


def _gm_pms(kit: Kit) -> list[str]:
    batch = kit.forum.as_user("TheGM").new_private_messages(None)
    return [m.source for m in batch.messages if m.author == "GameMaster"]


def test_a_tape_and_a_dream_wait_for_the_gm_and_go_out_as_approved(tmp_path, capsys) -> None:
    kit = _kit(tmp_path)
    config = ["--config", str(kit.config_path)]
    kit.start()
    kit.close("Prep")
    kit.send("Abs", "Kill Kleene. Tape: It was me, Gin.")
    kit.poll()
    assert "Your tape is kept" in kit.inbox_of("Abs")[-1].source
    kit.close("Night 1")
    # The results went out at the deadline, without the held texts.
    results = kit.topic_posts()[-1].source
    assert "Kleene[/b] was killed during the night" in results and "It was me" not in results
    told = "\n".join(_gm_pms(kit))
    assert "[tape 1] post in the topic" in told and "It was me, Gin." in told
    assert "[dream 1] PM to" in told and "fact" in told
    assert main(["preview", "g1", *config]) == 0
    shown = capsys.readouterr().out
    assert "--- the GM's texts ---" in shown and "[tape 1]" in shown and "[dream 1]" in shown
    assert main(["status", "g1", *config]) == 0
    assert "GM texts held for you: dream 1, tape 1" in capsys.readouterr().out

    # The GM rewrites the tape with the CLI: written now, sent by the daemon at its poll.
    assert (
        main(["approve", "g1", "tape", "1", "--text", "Someone in black was here.", *config]) == 0
    )
    assert "tape 1 approved" in capsys.readouterr().out
    assert main(["approve", "g1", "tape", "1", *config]) == 2  # taken: nothing to approve twice
    assert "no tape 1 is held" in capsys.readouterr().err
    kit.poll()
    posted = kit.topic_posts()[-1].source
    assert "A tape was found with the body of [b]Kleene[/b]" in posted
    assert "Someone in black was here." in posted and "It was me" not in posted

    # The dream is approved by an override line; a hint waits for the next results.
    kit.set_overrides("1 = approve dream 1\n2 = hint topic: Look to the moon.")
    kit.poll()
    with kit.store() as store:
        live = kit.daemon.live(store, "g1")
        assert [t.label for t in live.session.texts.waiting()] == []
        gm_rows = [o.raw for o in store.orders("g1", "Day 1") if o.player == "GM"]
    assert gm_rows == [
        "tape 1: Someone in black was here.",
        "approve dream 1",
        "hint topic: Look to the moon.",
    ]
    dreamt = [
        name
        for name in ROSTER
        if any("You dreamt during Night 1:" in m.source for m in kit.inbox_of(name))
    ]
    assert len(dreamt) == 1
    assert "Look to the moon." not in kit.topic_posts()[-1].source
    kit.send("Abs", "Vote Akonyl")
    kit.send("Miaka", "Vote Akonyl")
    kit.send("Akonyl", "Vote Abs. Will: Abs is Gin.\nDeath: thrown from a tower")
    kit.poll()
    kit.close("Day 1")
    results = kit.topic_posts()[-1].source
    assert "Look to the moon." in results and "Akonyl[/b] was lynched" in results
    assert "Abs is Gin." not in results  # the will waits for the GM
    assert "The death Akonyl asked for: thrown from a tower" in "\n".join(_gm_pms(kit))
    with kit.store() as store:
        assert [t.label for t in kit.daemon.live(store, "g1").session.texts.waiting()] == ["will 1"]
    kit.set_overrides("1 = approve dream 1\n2 = hint topic: Look to the moon.\n3 = withhold will 1")
    kit.poll()
    assert not any("Abs is Gin." in p.source for p in kit.topic_posts())

    # A restart rebuilds the same game: nothing settled is held again, nothing is sent twice.
    sent = len(kit.topic_posts())
    kit.daemon = kit.new_daemon()
    kit.poll()
    with kit.store() as store:
        live = kit.daemon.live(store, "g1")
        assert live.session.texts.waiting() == []
    assert len(kit.topic_posts()) == sent


def test_a_bad_text_line_names_the_forms(tmp_path) -> None:
    from autogm.daemon.config.overrides import parse_command

    with pytest.raises(ValueError, match="not a GM text command"):
        parse_command("approve the tape please", tz=None)  # type: ignore[arg-type]
