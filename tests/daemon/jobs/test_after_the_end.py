"""After the last game: the daemon keeps reading the forum for a grace period and answers a
late PM that the game is over (issue 28: "once every game of a config is archived the daemon
stops polling, so a PM sent after the end is never answered")."""

from __future__ import annotations

from datetime import timedelta

from autogm.daemon.jobs.scheduler import plan_jobs
from tests.daemon.gamekit import Kit


def finished(tmp_path, extra: str = "") -> Kit:
    kit = Kit(tmp_path, roster={"Abs": "Gin", "Kleene": "Agasa", "Conia": "Shinichi"})
    if extra:
        kit.config_path.write_text(
            kit.config_path.read_text().replace("timezone = UTC", f"timezone = UTC\n{extra}")
        )
        kit.daemon = kit.new_daemon()
    kit.start()
    kit.close("Prep")
    kit.close("Night 1")
    kit.send("Kleene", "Vote Abs")
    kit.send("Conia", "Vote Abs")
    kit.poll()
    kit.close("Day 1")
    kit.daemon.archive("g1", kit.clock())
    with kit.store() as store:
        assert store.game("g1")["status"] == "archived"  # type: ignore[index]
    return kit


def polls(kit: Kit) -> list[str]:
    with kit.store() as store:
        return [
            s.id for s in plan_jobs(kit.daemon.config, store, kit.clock(), True) if s.kind == "poll"
        ]


def test_a_pm_after_the_end_is_answered_within_the_grace_period(tmp_path):
    kit = finished(tmp_path)
    kit.advance(hours=20)
    assert polls(kit) == ["poll:local"]
    kit.send("Conia", "Vote Abs", subject="still here?")
    kit.poll()
    answer = kit.inbox_of("Conia")[-1]
    assert "g1 is over: autogm no longer reads orders for it" in answer.source
    kit.advance(days=3)
    assert polls(kit) == []  # the default grace is 3 days


def test_the_config_sets_the_grace_period(tmp_path):
    kit = finished(tmp_path, "grace_period = 2h")
    kit.advance(hours=1)
    assert polls(kit) == ["poll:local"]
    kit.clock.now += timedelta(hours=1, seconds=1)
    assert polls(kit) == []
