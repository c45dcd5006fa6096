"""The idle daemon: forum requests per poll, and the memory of `autogm run` with three games.

    python benchmarks/bench_daemon.py

1. Three games on one local forum are started and their first messages sent; then an idle
   poll (nothing new) is counted, call by call, through a counting wrapper of the forum.
   On phpBB the one call, ``new_private_messages`` with nothing new, is one GET of the
   inbox page.
2. ``autogm run`` is started as a real process on the same kind of config (polling every
   second, so it is busy being idle), and its resident memory is read from /proc after a
   few seconds; then SIGTERM, and the time it takes to stop cleanly.

Targets (issue 7): one request per forum per interval; under 80 MB.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from adapters.local import LocalForum  # noqa: E402
from daemon.config.load import load_config  # noqa: E402
from daemon.jobs.runner import Daemon  # noqa: E402

ROSTERS = [
    "Abs: Gin, Miaka: Vodka, Akonyl: Shiratori, Kleene: Agasa, Jd-: Araide, Conia: Shinichi",
    "pofa: Gin, Lynz: Megure, Parkur: Araide, Phoenix: Eisuke, Nia: Heiji, Tori: Shinichi",
    "Ran: Vodka, Sonoko: Agasa, Kazuha: Araide, Heiji2: Megure, Eri: Eisuke, Yusaku: Heiji",
]


def write_config(folder: Path, poll: str) -> Path:
    forum = LocalForum(folder / "forum", "GameMaster")
    text = (
        "[autogm]\nstate_dir = state\ntimezone = UTC\nlog_level = WARNING\n\n"
        f"[forum:local]\nadapter = local\npath = forum\nusername = GameMaster\n"
        f"poll_interval = {poll}\nsend_interval = 0\n"
    )
    for number, roster in enumerate(ROSTERS, 1):
        topic = forum.create_topic(f"Game {number}", "Sign-ups are closed.").topic
        for entry in roster.split(","):
            forum.add_user(entry.split(":")[0].strip())
        text += (
            f"\n[game:g{number}]\nforum = local\ntopic = {topic}\nruleset = dctp-2011\n"
            f"seed = {number}\nplayers = {roster}\nprep_deadline = 48h\nnight_deadline = 48h\n"
            "day_deadline = 48h\n"
        )
    path = folder / "config.ini"
    path.write_text(text, encoding="utf-8")
    return path


class Counting:
    def __init__(self, inner: LocalForum) -> None:
        self.inner = inner
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.inner, name)

        def counted(*args: Any) -> Any:
            self.calls[name] += 1
            return method(*args)

        return counted


def requests_per_idle_poll(folder: Path) -> Counter[str]:
    config = load_config(write_config(folder, "5m"))
    forum = Counting(LocalForum(folder / "forum", "GameMaster"))
    daemon = Daemon(config, forum_factory=lambda cfg: forum)
    now = datetime.now(UTC)
    for game in config.games:
        daemon.start(game, now)
    daemon.poll("local", now)  # settles anything left from the start
    forum.calls.clear()
    daemon.poll("local", now)
    return forum.calls


def run_memory(folder: Path, seconds: float = 6.0) -> tuple[float, float, float, int]:
    config = write_config(folder, "1s")
    process = subprocess.Popen(
        [sys.executable, "-m", "daemon", "run", "--config", str(config)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(seconds)
    status = Path(f"/proc/{process.pid}/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    if process.poll() is not None:
        raise SystemExit(
            f"autogm run exited early: {process.stderr.read() if process.stderr else ''}"
        )
    rss, peak = (int(fields[key].split()[0]) / 1024 for key in ("VmRSS", "VmHWM"))
    began = time.monotonic()
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=30)
    return rss, peak, time.monotonic() - began, code


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        calls = requests_per_idle_poll(Path(tmp) / "count")
        print(f"idle poll, 3 games on 1 forum: {sum(calls.values())} request(s) {dict(calls)}")
        if sys.platform.startswith("linux") and Path("/proc/self/status").exists():
            rss, peak, stop, code = run_memory(Path(tmp) / "run")
            print(f"`autogm run`, 3 idle games: {rss:.1f} MB resident (peak {peak:.1f} MB)")
            print(f"SIGTERM: stopped in {stop:.2f} s with exit status {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
