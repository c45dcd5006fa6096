"""autogm simulate as a GM meets it: the command's table, its JSON, its files; the same seed
giving the same table for one worker, two, and a Dask local cluster; every game replayable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autogm.daemon.cli.main import main
from autogm.engine.replay import load_scenario, record, replay
from autogm.simulator.run.local import run_local
from autogm.simulator.run.work import Job, game_seed, play_checked
from autogm.simulator.setups import make_setup
from autogm.simulator.stats.table import Table, wilson

SETUP = make_setup("dctp-2011", 10)


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code = main(["simulate", "--quiet", "--json", *args])
    out = capsys.readouterr().out
    data = json.loads(out)
    assert code == (1 if data["broken"] else 0)
    return data


def test_wilson_interval() -> None:
    low, high = wilson(0, 20)
    assert low == 0.0 and 0.15 < high < 0.17  # no win in 20 games still bounds the rate
    low, high = wilson(500, 1000)
    assert 0.468 < low < 0.47 and 0.53 < high < 0.532


def test_same_seed_same_table_on_one_and_two_workers() -> None:
    job = Job(SETUP, "random", 7, sample_every=4)
    one = Table.of(run_local(job, 12, 1)).to_json()
    two = Table.of(run_local(job, 12, 2)).to_json()
    assert one == two
    assert one["games"] == 12 and one["replayed"] >= 3
    assert sum(w["wins"] for w in one["wins"]) == 12


def test_a_game_written_as_a_scenario_replays_to_its_record(tmp_path: Path) -> None:
    from autogm.simulator.game.scenario import live_record, scenario_text

    job = Job(SETUP, "informed", 3)
    played = play_checked(job, 0)
    assert not played.problems, played.problems
    path = tmp_path / "game.yaml"
    path.write_text(scenario_text(played), encoding="utf-8")
    scenario = load_scenario(path)
    assert record(scenario, replay(scenario)) == live_record(played, scenario)
    assert played.seed == game_seed(3, 0)


def test_command_table_and_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sim"
    plot = str(tmp_path / "w.png")
    args = ["--players", "10", "--games", "6", "--workers", "1", "--policy", "informed"]
    code = main(["simulate", "--quiet", *args, "--out", str(out), "--plot", plot])
    text = capsys.readouterr().out
    assert code == 0, text
    assert "Wins by side (95 % interval)" in text
    assert f"autogm replay {out / 'shortest.yaml'}" in text
    assert (out / "longest.yaml").exists() and (tmp_path / "w.png").stat().st_size > 10_000
    assert main(["replay", str(out / "shortest.yaml")]) == 0
    assert "Winner:" in capsys.readouterr().out


def test_json_and_role_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    roles = "Gin,Vodka,Megure,Shiratori,Araide,Ran,Heiji,Kazuha"
    data = _json(capsys, "--roles", roles, "--games", "4", "--workers", "1",
                 "--out", str(tmp_path))  # fmt: skip
    assert data["players"] == 8 and data["games"] == 4
    assert {r["role"] for r in data["roles"]} == set(roles.split(","))
    for side in data["wins"]:
        low, high = side["interval95"]
        assert low <= side["rate"] <= high


def test_a_config_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "config.ini"
    config.write_text(
        "[autogm]\nstate_dir = state\n[forum:f]\nadapter = local\npath = forum\n"
        "username = GM\n[setup:s]\nroles =\n  Gin\n  one of Vodka, Korn\n  Megure\n  Shiratori\n"
        "fill = Araide, Heiji, Kazuha, Ran, Agasa\nsizes = 8\ntogether = Heiji + Kazuha\n"
        "black_org = 2\n[game:g]\nforum = f\ntopic = 1\nruleset = dctp-2011\nsetup = s\n"
        "players = A, B, C, D, E, F, G, H\nnight_deadline = 24h\nday_deadline = 24h\n",
        encoding="utf-8",
    )
    data = _json(capsys, "--config", str(config), "--games", "4", "--workers", "1",
                 "--out", str(tmp_path / "o"))  # fmt: skip
    assert data["players"] == 8
    roles = {r["role"] for r in data["roles"]}
    assert {"Gin", "Megure", "Shiratori"} <= roles and roles & {"Vodka", "Korn"}
    assert all(r["dealt"] == 4 for r in data["roles"] if r["role"] in ("Gin", "Megure"))


def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--policy", "clever", "--games", "1"]) == 2
    assert "no policy 'clever'" in capsys.readouterr().err
    assert main(["simulate", "--roles", "Gin,Nobody", "--games", "1"]) == 2
    assert "Nobody" in capsys.readouterr().err


@pytest.mark.cluster
def test_dask_local_cluster_gives_the_same_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        local_directory=str(tmp_path),
    ) as cluster:
        args = ["--players", "10", "--games", "6", "--seed", "5", "--replay-every", "0"]
        on_cluster = _json(capsys, *args, "--cluster", cluster.scheduler_address)
    local = _json(capsys, *args, "--workers", "2")
    for data in (on_cluster, local):
        data.pop("files")
    assert on_cluster == local


def test_a_side_that_won_counts_its_dead_members_on_the_winning_side() -> None:
    """midnight names only the Law's living members as the winners of a Law win ("Dead —
    ... cannot win"); the table's "on the winning side" counts every Law player of a game
    the Law won, dead or alive, as the DCTP tables count the town's dead, so that a role
    always dealt is on the winning side as often as its side wins (the alive column says
    who lived to see it)."""
    from autogm.simulator.stats.summary import summarize

    job = Job(make_setup("midnight", 12), "random", 5, sample_every=0)
    games = [play_checked(job, index) for index in range(30)]
    summaries = [summarize(i, played, False) for i, played in enumerate(games)]
    law_wins = [g for g in games if g.winner == "law"]
    assert law_wins and not any(g.problems for g in games)
    seen_dead = False
    for played, summary in zip(games, summaries, strict=True):
        for name, (_role, side, status, won) in zip(played.final, summary.players, strict=True):
            if played.winner == "law" and side == "law" and status == "dead":
                assert name not in played.winners  # the engine names the living only
                seen_dead = True
            assert won == (side == played.winner or name in played.winners)
    assert seen_dead
    table = Table.of(summaries)
    assert table.roles["Officer"].dealt == 30  # always dealt in the default setup
    assert table.roles["Officer"].won == table.wins["law"] == len(law_wins)
