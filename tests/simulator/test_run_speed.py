"""The ways a chunk of games is played faster that must leave every game as it was: the
garbage collector paced for games (simulator/run/work.py) and the sampled game's file written
by libyaml's emitter (simulator/game/scenario.py)."""

from __future__ import annotations

import gc
import threading

import pytest
import yaml

from autogm.simulator.game.loop import play
from autogm.simulator.game.scenario import SAFE_DUMPER, scenario_data, scenario_text
from autogm.simulator.run import work
from autogm.simulator.run.work import (
    GAMES_YOUNG_THRESHOLD,
    Job,
    _games_collector,
    game_seed,
    run_chunk,
)
from autogm.simulator.setups import make_setup


def test_a_chunk_leaves_the_collector_as_it_found_it(monkeypatch: pytest.MonkeyPatch) -> None:
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    job = Job(make_setup("dctp-2011", 10), "random", 3, sample_every=2)
    seen: list[tuple[int, ...]] = []
    original = work.play_checked

    def watched(*args, **kwargs):
        seen.append(gc.get_threshold())
        return original(*args, **kwargs)

    monkeypatch.setattr(work, "play_checked", watched)
    run_chunk(job, 0, 3)
    assert seen == [(GAMES_YOUNG_THRESHOLD, *before[1:])] * 3
    assert gc.get_threshold() == before
    # as frozen as before: none let in, none added (a frozen object may be freed meanwhile)
    assert (gc.get_freeze_count() == 0) == (frozen == 0)
    assert gc.get_freeze_count() <= frozen


def test_a_chunk_keeps_what_the_process_froze_frozen() -> None:
    """The command freezes its start-up objects (daemon/cli/main.py): a chunk played after
    leaves them frozen, neither unfreezing them nor freezing more."""
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with _games_collector():
            assert 0 < gc.get_freeze_count() <= frozen
        assert 0 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()


def test_chunks_in_threads_at_once_restore_the_collector_when_the_last_ends() -> None:
    """A Dask worker may play chunks in threads: the first to begin tunes the collector,
    the last to end restores it, whatever the order they end in."""
    before = gc.get_threshold()
    first_in, release = threading.Event(), threading.Event()

    def long_chunk() -> None:
        with _games_collector():
            first_in.set()
            release.wait(10)

    thread = threading.Thread(target=long_chunk)
    thread.start()
    first_in.wait(10)
    with _games_collector():
        assert gc.get_threshold()[0] == GAMES_YOUNG_THRESHOLD
    assert gc.get_threshold()[0] == GAMES_YOUNG_THRESHOLD  # the other chunk still plays
    release.set()
    thread.join(10)
    assert gc.get_threshold() == before


@pytest.mark.parametrize(
    "ruleset, players, policy",
    [
        ("dctp-2011", 16, "random"),
        ("dctp-2011", 16, "informed"),
        ("dctp-r53", 14, "random"),
        ("dctp-classic", 14, "random"),
        ("midnight", 12, "random"),
        ("midnight", 12, "informed"),
    ],
)
def test_a_game_file_is_the_text_pyyaml_own_emitter_writes(ruleset, players, policy) -> None:
    setup = make_setup(ruleset, players)
    for index in range(3):
        played = play(setup, policy, game_seed(11, index))
        own = yaml.dump(
            scenario_data(played),
            Dumper=yaml.SafeDumper,
            sort_keys=False,
            allow_unicode=True,
            default_flow_style=False,
            width=100,
        )
        assert scenario_text(played) == own


def test_a_text_beyond_ascii_is_written_alike() -> None:
    """Players write what they like: names and PMs beyond ASCII, long lines, quotes."""
    data = {
        "ruleset": "dctp-2011",
        "players": {"Zoë": "Conan", "北条": "Gin", "O'Brien": "Ran"},
        "phases": [
            {
                "phase": "Night 1",
                "orders": [
                    {"Zoë": "Investigate 北条 — « kills » O'Brien\n" + "word " * 40},
                    {"北条": 'Kill Zoë: "no", "yes" #not a comment'},
                    {"O'Brien": "- a list?\n: a key?\n\ttabbed  \n"},
                ],
            }
        ],
    }
    kw = dict(sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)
    assert yaml.dump(data, Dumper=SAFE_DUMPER, **kw) == yaml.dump(
        data, Dumper=yaml.SafeDumper, **kw
    )
