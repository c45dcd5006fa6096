"""The autogm command: status, preview, approve, resolve-now, checks, run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autogm.daemon.cli.main import main, run_daemon
from autogm.daemon.store.db import Store
from tests.daemon.gamekit import Kit

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def kit(tmp_path):
    kit = Kit(tmp_path, extra="results = approve")
    kit.clock.now = datetime.now(UTC).replace(microsecond=0)  # the CLI uses the real clock
    kit.start()
    return kit


def cli(kit: Kit, *args: str) -> int:
    return main([*args, "--config", str(kit.config_path)])


def test_status_shows_phase_deadline_and_who_has_sent_orders(kit, capsys):
    kit.close("Prep")  # held for approval
    assert cli(kit, "status") == 0
    assert "Prep closed; results held: autogm approve g1" in capsys.readouterr().out
    assert cli(kit, "approve", "g1") == 0
    kit.send("Abs", "Kill Kleene")
    kit.poll()
    assert cli(kit, "status", "g1") == 0
    out = capsys.readouterr().out
    assert "g1: running, Night 1" in out and "deadline" in out
    assert "sent orders: Abs" in out
    assert "no orders:   Akonyl, Conia, Jd-, Miaka" in out  # Agasa (Kleene): no night ability
    assert "Kleene" not in out.split("no orders:")[1].splitlines()[0]
    assert "#" in out and "Abs: accepted: Kill Kleene" in out


def test_preview_shows_the_close_without_sending_and_approve_releases(kit, capsys):
    kit.close("Prep")
    kit.daemon.poll("local", kit.clock())
    kit.send("Abs", "Kill Kleene")
    assert cli(kit, "approve", "g1") == 0
    kit.poll()
    posts_before = len(kit.topic_posts())
    assert cli(kit, "preview", "g1") == 0
    out = capsys.readouterr().out
    assert "If Night 1 closed now" in out and "Kleene was killed" in out.replace("[b]", "").replace(
        "[/b]", ""
    )
    assert "--- PM to Abs ---" in out or "--- post in the topic ---" in out
    assert len(kit.topic_posts()) == posts_before
    with Store.open(kit.config.autogm.state_file) as store:
        assert store.phase("g1", "Night 1").closed_at is None


def test_resolve_now_moves_the_deadline_for_the_daemon(kit, capsys):
    assert cli(kit, "resolve-now", "g1") == 0
    assert "closes at the daemon's next poll" in capsys.readouterr().out
    with Store.open(kit.config.autogm.state_file) as store:
        deadline = store.phase("g1", "Prep").deadline
        assert deadline <= datetime.now(UTC)
        assert store.events("g1", "gm.resolve-now")
    kit.clock.now = datetime.now(UTC) + timedelta(seconds=1)
    kit.daemon.close_phase("g1", "Prep", kit.clock())
    assert (
        any(
            "Prep has ended" in p.source
            for p in kit.daemon.forum("local").posts_after(kit.topic, None)
        )
        is False
    )  # held
    with Store.open(kit.config.autogm.state_file) as store:
        assert store.phase("g1", "Prep").closed_at is not None


def test_errors_a_user_can_fix_are_one_line_and_status_2(kit, tmp_path, capsys):
    assert cli(kit, "approve", "g1") == 2
    assert capsys.readouterr().err.strip() == "autogm: g1: no results wait for approval"
    assert cli(kit, "preview", "nope") == 2
    assert "no game 'nope'" in capsys.readouterr().err
    bad = tmp_path / "bad.ini"
    bad.write_text(
        kit.config_path.read_text()
        .replace("roles", "x")
        .replace("Abs: Gin", "Abs: Haibara")
        .replace("Miaka: Vodka", "Miaka: Sherry")
    )
    assert main(["check-config", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"autogm: {bad}:") and "[game:g1] players" in err
    assert "Haibara and Sherry" in err
    assert main(["check-config", str(kit.config_path)]) == 0


def test_check_forum_reads_the_local_forum_without_posting(kit, capsys):
    posts = len(kit.topic_posts())
    assert cli(kit, "check-forum") == 0
    out = capsys.readouterr().out
    assert "[forum:local]" in out and "ok   log in: logged in as GameMaster" in out
    assert len(kit.topic_posts()) == posts


def test_run_starts_the_game_and_stops_cleanly(tmp_path):
    kit = Kit(tmp_path)
    kit.config_path.write_text(
        kit.config_path.read_text().replace("start = 2026-12-01 18:00\n", "")
    )
    from autogm.daemon.config.load import load_config

    stop = threading.Event()
    config = load_config(kit.config_path)
    runner = threading.Thread(target=run_daemon, args=(config, stop))
    runner.start()
    try:
        for _ in range(200):
            if len(kit.topic_posts()) >= 1:
                break
            stop.wait(0.05)
    finally:
        stop.set()
        runner.join(timeout=10)
    assert not runner.is_alive()
    assert "g1 begins" in kit.topic_posts()[0].source
    # Nobody in this roster has a Prep action: every role PM waits for the end of Prep.
    assert "is sent their role by private message when Prep ends" in kit.topic_posts()[0].source
    assert kit.inbox_of("Abs") == []


def test_replay_still_replays_a_scenario(capsys):
    assert main(["replay", "examples/first-game.yaml"]) == 0
    assert "Winner" in capsys.readouterr().out


def test_preview_of_a_game_that_is_over_says_so(kit, capsys):
    with Store.open(kit.config.autogm.state_file) as store:
        store.update_game("g1", kit.clock(), status="ended")
    assert cli(kit, "preview", "g1") == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == "autogm: g1 has no open phase to preview (ended)"
    assert "closed now" not in captured.out


def test_help_documents_the_exit_statuses(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "exit status:" in out
    assert all(f"\n  {code} " in out for code in (0, 1, 2, 130))


def test_a_reader_that_stops_reading_is_not_an_error():
    # `autogm replay FILE | head -1`: the pipe closes early; no traceback, no error line.
    command = [sys.executable, "-m", "autogm.daemon", "replay", "examples/first-game.yaml"]
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=os.environ
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert err == b""


def test_a_stop_during_a_poll_ends_the_daemon_within_seconds(tmp_path, monkeypatch):
    """Issue 13: "SIGTERM during a poll hangs the process forever: scheduler.shutdown(wait=True)
    holds APScheduler's lock while the worker, inside the poll, calls scheduler.get_job through
    JobSync and waits for the same lock." A poll that is running when the stop comes, and
    syncs the jobs after it, must not keep the daemon from stopping."""
    from autogm.daemon.config.load import load_config
    from autogm.daemon.jobs import runner as jobs

    kit = Kit(tmp_path)
    polling, stop = threading.Event(), threading.Event()
    real_poll = jobs.Daemon.poll

    def slow_poll(self, forum, now):
        real_poll(self, forum, now)
        polling.set()
        stop.wait(5)  # the stop arrives while this poll is still running
        time.sleep(0.2)  # ... and the scheduler is shutting down when it syncs
        with self.open_store() as store:
            self.changed(store, now)

    monkeypatch.setattr(jobs.Daemon, "poll", slow_poll)
    runner = threading.Thread(target=run_daemon, args=(load_config(kit.config_path), stop))
    runner.start()
    assert polling.wait(10)
    stop.set()
    started = time.monotonic()
    runner.join(timeout=15)
    assert not runner.is_alive(), "the daemon did not stop"
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("delay", [0.6, 1.0, 1.6, 2.3, 3.1])
def test_sigterm_at_any_moment_stops_the_process_within_seconds(tmp_path, delay):
    """Issue 13: "autogm must stop within a few seconds at any moment ... A test sends SIGTERM
    at many points of polls, closes and sends." The game starts at once, polls every second
    and closes a phase every two: SIGTERM lands in a poll, a close, a send or an idle wait."""
    import signal

    kit = Kit(tmp_path)
    text = kit.config_path.read_text()
    text = text.replace("start = 2026-12-01 18:00\n", "")
    text = text.replace("poll_interval = 5m", "poll_interval = 1s")
    text = text.replace("prep_deadline = 1h", "prep_deadline = 2s")
    text = text.replace("night_deadline = 12h", "night_deadline = 2s")
    kit.config_path.write_text(text)
    for name in ("Abs", "Kleene", "Conia"):
        kit.send(name, "Kill Kleene\nVote Abs\nInvestigate Abs kills Kleene")
    proc = subprocess.Popen(
        [sys.executable, "-m", "autogm.daemon", "run", "--config", str(kit.config_path)],
        cwd=ROOT,
        env=os.environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGTERM)
    started = time.monotonic()
    try:
        code = proc.wait(timeout=15)
    finally:
        proc.kill()
    assert time.monotonic() - started < 8, "autogm did not stop within seconds of SIGTERM"
    assert code == 0, proc.stderr.read().decode() if proc.stderr else ""


def test_status_shows_minutes_under_an_hour_and_the_winner(tmp_path, capsys):
    """Issue 13: "`status` shows minutes under an hour and the winner of a finished game"."""
    kit = Kit(tmp_path)
    kit.config_path.write_text(
        kit.config_path.read_text().replace("prep_deadline = 1h", "prep_deadline = 40m")
    )
    kit.daemon = kit.new_daemon()
    kit.clock.now = datetime.now(UTC).replace(microsecond=0)  # the CLI uses the real clock
    kit.start()
    assert cli(kit, "status", "g1") == 0
    assert "(40 minutes left)" in capsys.readouterr().out
    with Store.open(kit.config.autogm.state_file) as store:
        store.log("phase.closed", {"phase": "Day 3", "winner": "town"}, kit.clock(), "g1")
        store.update_game("g1", kit.clock(), status="ended")
    assert cli(kit, "status", "g1") == 0
    out = capsys.readouterr().out
    assert "g1: ended" in out and "the game is over: the town won" in out


def test_version_and_the_replay_argument_names(capsys):
    """Issue 13: "`autogm --version`; help texts show defaults; `replay --archive` names its
    argument GAME"."""
    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out.startswith("autogm ")
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    assert "FILE|GAME" in capsys.readouterr().out


def test_check_config_checks_the_override_lines(tmp_path, capsys):
    """Issue 13: "`check-config` accepts any `[overrides:*]` line ("1 = frobnicate everyone"
    passes): check them as the daemon will, with file, line and key"."""
    kit = Kit(tmp_path)
    with kit.config_path.open("a", encoding="utf-8") as config:
        config.write("\n[overrides:g1]\nfirst = extend by 2h\n1 = frobnicate everyone\n")
    assert main(["check-config", str(kit.config_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert re.fullmatch(
        r"autogm: .*config\.ini:\d+: \[overrides:g1\] 1: 'frobnicate everyone' is not an "
        r"override \(.*\)",
        err,
    ), err


def _run_process(kit: Kit) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "autogm.daemon", "run", "--config", str(kit.config_path)],
        cwd=ROOT,
        env=os.environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_for_line(proc: subprocess.Popen, text: str, seconds: float = 30) -> None:
    assert proc.stderr is not None
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if text in line:
            return
        if not line and proc.poll() is not None:
            break
    raise AssertionError(f"{text!r} never logged")


def test_a_second_run_on_the_same_state_file_refuses_naming_the_pid(tmp_path):
    """Issue 28: "Two daemons on one state store both run": the second `autogm run` exits at
    once with status 2, naming the PID that holds the store; after a kill -9 of the first, the
    kernel has released the lock and a new run starts."""
    import signal

    kit = Kit(tmp_path)
    kit.config_path.write_text(
        kit.config_path.read_text().replace("poll_interval = 5m", "poll_interval = 1h")
    )
    first = _run_process(kit)
    try:
        _wait_for_line(first, "autogm runs 1 game(s)")
        second = _run_process(kit)
        try:
            code = second.wait(timeout=20)
        finally:
            second.kill()
        err = second.stderr.read() if second.stderr else ""
        assert code == 2, err
        assert f"another autogm (PID {first.pid}) already runs" in err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        third = _run_process(kit)
        try:
            _wait_for_line(third, "autogm runs 1 game(s)")
        finally:
            third.send_signal(signal.SIGTERM)
            assert third.wait(timeout=20) == 0
    finally:
        first.kill()


def test_the_files_the_daemon_writes_are_its_users_alone(tmp_path):
    """Issue 28: the state directory 0700; the state file, its SQLite companions, the lock and
    the archive 0600, whatever the umask says (the test runs with the usual 022)."""
    import signal
    import stat

    from autogm.daemon.archive.schema import open_archive

    kit = Kit(tmp_path)
    kit.config_path.write_text(
        kit.config_path.read_text().replace("start = 2026-12-01 18:00\n", "")
    )
    state_dir = kit.config.autogm.state_dir
    assert not state_dir.exists()
    old = os.umask(0o022)
    try:
        proc = _run_process(kit)
        try:
            _wait_for_line(proc, "autogm runs 1 game(s)")
            for _ in range(100):
                if kit.topic_posts():
                    break
                time.sleep(0.1)
            modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in state_dir.iterdir()}
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=20)
        open_archive(state_dir / "archive.db").close()
        modes["archive.db"] = stat.S_IMODE((state_dir / "archive.db").stat().st_mode)
    finally:
        os.umask(old)
    assert stat.S_IMODE(state_dir.stat().st_mode) == 0o700
    # The -wal and -shm files come and go with the connections; SQLite gives them the mode of
    # the state file when they are there.
    assert {"autogm.db", "autogm.lock", "archive.db"} <= set(modes)
    assert modes == dict.fromkeys(modes, 0o600), modes


def test_the_terminal_never_gets_a_players_control_characters(kit, capsys):
    """Issue 28: "ESC/BEL and other control characters in player text reach ... autogm
    preview's terminal output raw". An order with an escape sequence that would clear the
    GM's screen, and a bell, shown by status and preview."""
    kit.close("Prep")
    assert cli(kit, "approve", "g1") == 0
    kit.send("Abs", "Kill Kleene\x1b[2J\x1b]0;owned\x07 \u202eevil")
    kit.poll()
    capsys.readouterr()
    assert cli(kit, "status", "g1") == 0
    assert cli(kit, "preview", "g1") == 0
    out = capsys.readouterr().out
    assert "Kill Kleene" in out
    assert not any(c in out for c in ("\x1b", "\x07", "\u202e"))


def test_approve_without_a_game_asks_for_the_game_only(capsys):
    """Issue 28: "`autogm approve` with no game says KIND N is required"."""
    with pytest.raises(SystemExit) as exited:
        main(["approve"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "the following arguments are required: game" in err
    assert "KIND N" not in err.splitlines()[-1]
