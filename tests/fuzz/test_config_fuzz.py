"""Fuzzed config files and override lines: a clear error or a clean run, never a traceback, and
the store unchanged by anything refused (issue 28).

CI runs a sample; the issue's measure is 10,000 of each:

    AUTOGM_FUZZ_CONFIGS=10000 AUTOGM_FUZZ_OVERRIDES=10000 pytest tests/fuzz/test_config_fuzz.py

A config is a valid one (a local forum, a game with its players, a game from a sign-up topic
dealt from a setup, ruleset options, override lines) changed in one to four places: a value
replaced by a hostile one, a line deleted, doubled or added, a header broken, the file cut
short. check-config must exit 0 or 2, every line it prints on 2 a one-line problem; a config
it passes is then run (each game started, a poll, the open phase closed) without any job
raising or logging a traceback.

Override lines are read into a game in its first night, one at a time as a GM adds them: each
is applied, waits for its phase, or is refused with its line; a refused one changes nothing
of the game (its players, phases, orders, outbox), is said once, and the line after it is
still read.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import logging
import os
import shutil
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from autogm.adapters.local import LocalForum
from autogm.daemon.cli.main import main
from autogm.daemon.config.load import load_config
from autogm.daemon.jobs.runner import Daemon
from autogm.daemon.store.db import Store
from tests.daemon.fakes import T0, FakeClock
from tests.daemon.gamekit import ROSTER, Kit

CONFIGS = int(os.environ.get("AUTOGM_FUZZ_CONFIGS", "80"))
OVERRIDES = int(os.environ.get("AUTOGM_FUZZ_OVERRIDES", "30"))
QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

BASE = """\
[autogm]
state_dir = state
timezone = Europe/Berlin
log_level = WARNING

[forum:local]
adapter = local
path = forum
username = GameMaster
poll_interval = 5m
send_interval = 0
request_interval = 0

[rules:house]
kill_cycle = success

[setup:signed]
roles =
    Gin
    one of Vodka, Chianti
    Shiratori
fill = Araide, Eisuke, Shinichi, Heiji, Kazuha
sizes = 4-6
together = Heiji + Kazuha
black_org = 1-2

[game:g1]
forum = local
topic = 1
ruleset = dctp-2011
rules = house
seed = 7
players = Abs: Gin, Miaka: Vodka, Akonyl: Shiratori, Kleene: Agasa, Jd-: Araide, Conia: Shinichi
prep_deadline = 1h
night_deadline = 21:00
day_deadline = 24h
reminders = 3h, 1h
action_lock = 10m
acknowledge = on
votes = pm
results = auto
inactivity = replace
prod_after = 1
warn_after = 2
gm_contact = GameMaster
start = 2026-12-01 18:00

[game:g2]
forum = local
topic = 2
ruleset = dctp-2011
setup = signed
signups = 3
signups_size = 6
signups_min = 4
signups_close = 2026-12-02 18:00
signups_short = wait
night_deadline = 12h
day_deadline = 12h

[overrides:g1]
1 = extend Day 1 by 2h
2 = note: a quiet night
"""
KEYS = [
    "state_dir", "timezone", "log_level", "date_format", "adapter", "path", "base_url",
    "username", "password_env", "password_file", "poll_interval", "send_interval",
    "request_interval", "allow_plain_http", "forum", "topic", "ruleset", "rules", "seed",
    "players", "roles", "setup", "prep_deadline", "night_deadline", "day_deadline", "start",
    "reminders", "remind_by_pm", "action_lock", "results", "acknowledge", "votes",
    "vote_count", "signups", "signups_size", "signups_min", "signups_close", "signups_short",
    "inactivity", "prod_after", "warn_after", "inactivity_exempt", "gm_contact", "fill",
    "sizes", "together", "apart", "requires", "black_org", "town", "kill_cycle", "lynch_tie",
]  # fmt: skip
NASTY = [
    "", "0", "-1", "1-999999999", "999999999-1", "99999999999999999999d", "1d99999h",
    "9223372036854775808", "-9223372036854775809", "1e308", "nan", "inf", "25:61", "00:00",
    "9999-12-31 23:59", "0001-01-01 00:00", "2026-02-30 10:00", "x" * 300, "A/" * 200,
    "../../../../etc/passwd", "/proc/self/mem", "/", "Europe/Berlin", "UTC", "Mars/Olympus",
    "yes", "no", "on", "off", "batched", "topic", "approve", "replace", "modkill", "%(x)s",
    "[b]", "Abs: Gin, Abs: Gin", "Abs:", ":", ",", ", ,", "one of", "one of Gin",
    "Gin needs", "1-", "-3", "8-12, 14", "http://", "https://x", "ftp://x", "\u202e",
    "\u200b", "\x1b[2J", "Z" * 5000, "48h, 0, 1h", "a + b", "Heiji + Kazuha",
    "D M d, Y g:i a", "Q", "1h30m", "15s", "dctp-2011", "dctp-classic", "midnight", "nope",
]  # fmt: skip

value = st.one_of(
    st.sampled_from(NASTY),
    st.text(max_size=40).map(lambda t: t.replace("\n", " ").replace("\r", " ")),
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
    st.builds(lambda n, u: f"{n}{u}", st.integers(0, 10**22), st.sampled_from("dhms")),
)
mutation = st.one_of(
    st.tuples(st.just("value"), st.integers(0, 200), value),
    st.tuples(st.just("delete"), st.integers(0, 200), st.just("")),
    st.tuples(st.just("double"), st.integers(0, 200), st.just("")),
    st.tuples(st.just("add"), st.integers(0, 200), st.tuples(st.sampled_from(KEYS), value)),
    st.tuples(st.just("line"), st.integers(0, 200), st.text(max_size=30)),
    st.tuples(
        st.just("header"),
        st.integers(0, 200),
        st.sampled_from(
            [
                "[game:g3]",
                "[forum:local]",
                "[setup:x y]",
                "[DEFAULT]",
                "[rules:]",
                "[[x]]",
                "[overrides:g9]",
                "[autogm:x]",
                "[game:" + "g" * 300 + "]",
                "[",
            ]
        ),
    ),
    st.tuples(st.just("cut"), st.integers(0, 2000), st.just("")),
)


def mutate(text: str, changes: list[tuple[str, int, Any]]) -> str:
    lines = text.split("\n")
    for kind, at, what in changes:
        i = at % len(lines)
        if kind == "value" and " = " in lines[i]:
            lines[i] = lines[i].split(" = ", 1)[0] + " = " + what
        elif kind == "delete":
            del lines[i]
        elif kind == "double":
            lines.insert(i, lines[i])
        elif kind == "add":
            lines.insert(i, f"{what[0]} = {what[1]}")
        elif kind in ("line", "header"):
            lines.insert(i, what)
        elif kind == "cut":
            return "\n".join(lines)[: at % (len(text) + 1)]
        if not lines:
            lines = [""]
    return "\n".join(lines)


class Tracebacks(logging.Handler):
    """Every log record that carries a traceback (what the daemon logs for a failed job)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.found: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.levelno >= logging.WARNING:
            self.found.append(record)


@contextlib.contextmanager
def watching() -> Any:
    handler = Tracebacks()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def run_briefly(config_path: Path, folder: Path) -> str:
    """What `autogm run` does first with a config check-config passed: start every game,
    poll every forum, close the open phases. Only a config whose files stay in ``folder``."""
    config = load_config(config_path)
    paths = [config.autogm.state_dir] + [f.path for f in config.forums.values() if f.path]
    if any(f.adapter != "local" for f in config.forums.values()) or not all(
        inside(p, folder) for p in paths
    ):
        return "not run (its files would be outside the test's folder)"
    clock = FakeClock(T0)
    for forum_config in config.forums.values():
        assert forum_config.path is not None
        forum = LocalForum(forum_config.path, forum_config.username, now=clock)
        for number in range(3):
            forum.create_topic(f"Topic {number + 1}", "Opening post")
        for name in ROSTER:
            forum.add_user(name)
    daemon = Daemon(config, clock=clock, sleep=clock.sleep)
    for game in config.games:
        daemon.start(game, clock())
    for forum_name in config.forums:
        daemon.poll(forum_name, clock())
    clock.advance(days=3)
    with daemon.open_store() as store:
        open_phases = [(p.game, p.name) for p in store.open_phases()]
    for game, phase in open_phases:
        daemon.close_phase(game, phase, clock())
    return f"run ({len(open_phases)} phase(s) closed)"


@settings(max_examples=CONFIGS, deadline=None, suppress_health_check=QUIET)
@given(changes=st.lists(mutation, min_size=1, max_size=4))
def test_a_fuzzed_config_is_a_clear_error_or_a_clean_run(changes):
    with tempfile.TemporaryDirectory(prefix="autogm-fuzz-") as name:
        folder = Path(name)
        path = folder / "config.ini"
        path.write_text(mutate(BASE, changes), encoding="utf-8")
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(["check-config", str(path)])
        assert code in (0, 2)
        lines = err.getvalue().splitlines()
        assert all(line.startswith("autogm: ") for line in lines), lines
        if code == 2:
            assert lines and not any("warning:" in line for line in lines[-1:])
            event(f"refused: {min(len(lines), 3)}{'+' if len(lines) > 3 else ''} problem(s)")
            return
        with watching() as tracebacks:
            event("passed check-config, then " + run_briefly(path, folder))
        assert tracebacks.found == [], [r.getMessage() for r in tracebacks.found]


# ------------------------------------------------------------------------- override lines

NAMES = [*ROSTER, "Nobody", "abs", "Abs ", "[b]Abs[/b]", "GM", "x" * 200]
PHASES = ["Prep", "Night 1", "Day 1", "Night 2", "Day 99999999999999999999", "night 0", "day -1"]
FORMS = [
    "pause", "resume", "extend by {d}", "extend {p} by {d}", "deadline at {t}",
    "deadline {p} at {t}", "replace {a} with {b}", "modkill {a}", "void order {n}",
    "void order #{n}", "correct order {n}: {x}", "note: {x}", "note {p}: {x}", "resend {n}",
    "resend #{n}", "kill {a}", "revive {a}", "arrest {a}", "release {a}",
    "condition {a}: {x}", "condition {a}: {x} for {n} phases", "clear condition {a}: {x}",
    "give {a}: {x}", "take {a}: {x}", "approve {k} {n}", "withhold {k} {n}", "{k} {n}: {x}",
    "dream {a}: {x}", "dreamer {a}", "hint {a}: {x}", "hint topic: {x}", "riddle {a}: {x}",
    "end", "end {x}", "inactivity off", "inactivity on", "inactivity off for {a}",
    "inactivity on for {a}", "ruling: {x}", "{x}", "{a}",
]  # fmt: skip
text = st.one_of(st.sampled_from(NASTY), st.text(max_size=40)).map(
    lambda t: " ".join(t.replace("\r", " ").split()) or "x"
)
line = st.builds(
    lambda form, a, b, n, d, t, p, k, x: form.format(a=a, b=b, n=n, d=d, t=t, p=p, k=k, x=x),
    st.sampled_from(FORMS),
    st.sampled_from(NAMES),
    st.sampled_from(NAMES),
    st.one_of(st.integers(0, 40), st.integers(0, 10**30)).map(str),
    st.one_of(st.sampled_from(["2h", "0", "1d", "99999999999999999999d", "30m", "soon"]), text),
    st.sampled_from(["2026-12-02 21:00", "9999-12-31 23:59", "2026-13-01 10:00", "now"]),
    st.sampled_from(PHASES),
    st.sampled_from(["tape", "will", "dream", "letter", "call", "vote"]),
    text,
).map(lambda line: line if line.strip() else "x")

GAME_TABLES = ("games", "players", "phases", "orders", "outbox", "signups", "signup_rounds")


def _template() -> Path:
    """A game in its first night, with orders, kept in a folder each example copies."""
    folder = Path(tempfile.mkdtemp(prefix="autogm-fuzz-template-"))
    # Hypothesis examples share it, so no fixture can own it: removed when the run ends.
    atexit.register(shutil.rmtree, folder, True)
    kit = Kit(folder)
    kit.start()
    kit.close("Prep")
    kit.send("Abs", "Kill Kleene")
    kit.send("Conia", "Investigate Abs kills Kleene")
    kit.poll()
    return folder


_TEMPLATE: list[Path] = []


def template() -> Path:
    if not _TEMPLATE:
        _TEMPLATE.append(_template())
    return _TEMPLATE[0]


def snapshot(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    return {
        table: [tuple(r.values()) for r in store.rows(f"SELECT * FROM {table} ORDER BY rowid")]
        for table in GAME_TABLES
    }


def result_of(store: Store, label: str) -> str | None:
    rows = store.rows("SELECT result FROM overrides WHERE game = 'g1' AND label = ?", [label])
    return rows[0]["result"] if rows else None


@settings(max_examples=OVERRIDES, deadline=None, suppress_health_check=QUIET)
@given(lines=st.lists(line, min_size=1, max_size=4))
def test_fuzzed_override_lines_stand_alone_and_a_refused_one_changes_nothing(lines):
    with tempfile.TemporaryDirectory(prefix="autogm-fuzz-") as name:
        folder = Path(name) / "game"
        shutil.copytree(template(), folder)
        config_path = folder / "config.ini"
        config_path.write_text(
            config_path.read_text(encoding="utf-8").replace(str(template()), str(folder)),
            encoding="utf-8",
        )
        base = config_path.read_text(encoding="utf-8")
        config = load_config(config_path)
        clock = FakeClock(T0 + timedelta(hours=2))
        daemon = Daemon(config, clock=clock, sleep=clock.sleep)
        written: list[str] = []
        with watching() as tracebacks, Store.open(config.autogm.state_file) as store:
            for number, command in enumerate(lines, 1):
                daemon.apply_overrides(store, "local", clock())  # settle what came before
                before = snapshot(store)
                written.append(f"f{number} = {command}")
                config_path.write_text(
                    base + "\n[overrides:g1]\n" + "\n".join(written) + "\n", encoding="utf-8"
                )
                daemon.apply_overrides(store, "local", clock())
                result = result_of(store, f"f{number}")
                event("line " + (result or "refused when read").split(":")[0])
                if result is None or not result.startswith("applied"):
                    # Refused when read, or when applied, or waiting: the game is as it was.
                    assert snapshot(store) == before, (command, result)
            # Said once: a second reading of the same lines tells nothing new.
            told = len(store.events())
            daemon.apply_overrides(store, "local", clock())
            daemon.apply_overrides(store, "local", clock())
            assert len(store.events()) == told
            sentinel = len(written) + 1
            written.append(f"f{sentinel} = note: the line after them is read")
            config_path.write_text(
                base + "\n[overrides:g1]\n" + "\n".join(written) + "\n", encoding="utf-8"
            )
            daemon.apply_overrides(store, "local", clock())
            assert result_of(store, f"f{sentinel}") is not None
        assert tracebacks.found == [], [r.getMessage() for r in tracebacks.found]
