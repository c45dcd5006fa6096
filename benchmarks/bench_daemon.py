"""The idle daemon: forum requests per poll, and the memory of `autogm run` with three games.

    python benchmarks/bench_daemon.py

1. Three games on one local forum are started and their first messages sent; then an idle
   poll (nothing new) is counted, call by call, through a counting wrapper of the forum.
   On phpBB the one call, ``new_private_messages`` with nothing new, is one GET of the
   inbox page.
2. A phase close that comes due while the one worker's poll reads 35 slow pages (a long
   look-back; 0.2 s a page, as a board answering slowly): a real scheduler with the daemon's
   poll, and how long after its deadline the close starts (within one request).
3. ``autogm run`` is started as a real process on the same kind of config (polling every
   second, so it is busy being idle), and its resident memory is read from /proc after a
   few seconds; then SIGTERM, and the time it takes to stop cleanly.

Targets: one request per forum per interval; under 80 MB. A close starts
within one request of its deadline, whatever else is running.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from autogm.adapters.base import Interrupted, PMBatch  # noqa: E402
from autogm.adapters.local import LocalForum  # noqa: E402
from autogm.daemon.config.load import load_config  # noqa: E402
from autogm.daemon.jobs.runner import Daemon  # noqa: E402
from autogm.daemon.jobs.scheduler import JobFunctions, JobSync, build_scheduler  # noqa: E402
from autogm.daemon.store.db import Store  # noqa: E402

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


class SlowPages:
    """Private messages behind many slow pages; asks the caller's check before each page's
    request, as the phpBB adapter does (``interrupt_when``)."""

    def __init__(self, pages: int, seconds: float) -> None:
        self.pages, self.seconds, self.read = pages, seconds, 0
        self.check: Any = None

    def interrupt_when(self, check: Any) -> None:
        self.check = check

    def new_private_messages(self, since: str | None) -> PMBatch:
        for _ in range(self.pages):
            if self.check is not None and self.check():
                raise Interrupted("asked to stop")
            time.sleep(self.seconds)
            self.read += 1
        return PMBatch([], since)

    def posts_after(self, topic: str, after: str | None) -> list[Any]:
        return []


def close_behind_long_poll(folder: Path, pages: int = 35, seconds: float = 0.2) -> float:
    """Seconds from a close's deadline to its start while a poll reads ``pages`` slow pages."""
    config = load_config(write_config(folder, "5m"))
    forum = SlowPages(pages, seconds)
    daemon = Daemon(config, forum_factory=lambda cfg: forum)
    started: list[float] = []
    closed = threading.Event()

    def close(game: str, phase: str, now: datetime) -> None:
        started.append(time.monotonic())
        closed.set()

    functions = JobFunctions(poll=daemon.poll, close_phase=close, remind=lambda *args: None)
    scheduler = build_scheduler()
    sync = JobSync(scheduler, config, functions, lambda: datetime.now(UTC))
    daemon.close_due = lambda: sync.close_due(datetime.now(UTC))
    with Store.open(config.autogm.state_file) as store:
        store.add_game("g1", "local", "1", "dctp-2011", 1, datetime.now(UTC))
        store.update_game("g1", datetime.now(UTC), status="running")
        # The store keeps whole seconds: the deadline comes 1-2 s after the poll starts.
        now, monotonic = datetime.now(UTC), time.monotonic()
        at = (now + timedelta(seconds=2)).replace(microsecond=0)
        deadline = monotonic + (at - now).total_seconds()
        store.open_phase("g1", "Night 1", now, at)
        sync.sync(store, now)
    scheduler.start()
    try:
        closed.wait(timeout=pages * seconds + 30)
    finally:
        scheduler.shutdown(wait=True)
    return started[0] - deadline


def run_memory(folder: Path, seconds: float = 6.0) -> tuple[float, float, float, int]:
    config = write_config(folder, "1s")
    process = subprocess.Popen(
        [sys.executable, "-m", "autogm.daemon", "run", "--config", str(config)],
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
        late = close_behind_long_poll(Path(tmp) / "close")
        print(
            f"a close due while a poll reads 35 pages of 0.2 s (7 s): started {late:.2f} s "
            "after its deadline"
        )
        if sys.platform.startswith("linux") and Path("/proc/self/status").exists():
            rss, peak, stop, code = run_memory(Path(tmp) / "run")
            print(f"`autogm run`, 3 idle games: {rss:.1f} MB resident (peak {peak:.1f} MB)")
            print(f"SIGTERM: stopped in {stop:.2f} s with exit status {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
