"""A game on the local adapter for the daemon's tests: config file, forum, players, a clock.

``Kit`` writes a config.ini beside a LocalForum folder, and gives each test the daemon's job
functions with a fake clock, so a whole phase can be played by calling them directly (no
scheduler, no sleeping, no network).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from autogm.adapters.base import Forum, Post, PrivateMessage, SessionExpired, Unavailable
from autogm.adapters.local import LocalForum
from autogm.daemon.config.load import load_config
from autogm.daemon.config.model import Config
from autogm.daemon.jobs.runner import Daemon
from autogm.daemon.store.db import Store
from tests.daemon.fakes import T0, After, FakeClock

ROSTER = {
    "Abs": "Gin",
    "Miaka": "Vodka",
    "Akonyl": "Shiratori",
    "Kleene": "Agasa",
    "Jd-": "Araide",
    "Conia": "Shinichi",
}

CONFIG = """
[autogm]
state_dir = state
timezone = UTC

[forum:local]
adapter = local
path = forum
username = GameMaster
poll_interval = 5m
send_interval = 0

[game:g1]
forum = local
topic = {topic}
ruleset = dctp-2011
seed = 7
players = {players}
prep_deadline = 1h
night_deadline = 12h
day_deadline = 24h
start = 2026-12-01 18:00
{extra}
"""


class Kit:
    def __init__(
        self,
        tmp_path: Path,
        extra: str = "",
        roster: dict[str, str] | None = None,
        deal: tuple[str, ...] = (),
    ):
        self.tmp_path = tmp_path
        self.clock = FakeClock(T0)
        self.roster = roster or ROSTER
        self.forum = LocalForum(tmp_path / "forum", "GameMaster", now=self.clock)
        opening = self.forum.create_topic("Game 1", "Sign-ups are closed.")
        self.topic, self.opening = opening.topic, opening.post_id
        self.deal = deal  # roles to deal at random instead of the roster's own
        for name in self.roster:
            self.forum.add_user(name)
        self.extra = extra
        self.config_path = tmp_path / "config.ini"
        self.write_config(extra)
        self.daemon = self.new_daemon()

    def write_config(self, extra: str) -> None:
        if self.deal:
            players = ", ".join(self.roster) + "\nroles = " + ", ".join(self.deal)
        else:
            players = ", ".join(f"{name}: {role}" for name, role in self.roster.items())
        text = CONFIG.format(topic=self.topic, players=players, extra=extra)
        self.config_path.write_text(text, encoding="utf-8")
        self.config: Config = load_config(self.config_path)

    def use_ruleset(self, ruleset: str) -> None:
        """The game under ``ruleset`` instead of the config's dctp-2011, with a new daemon."""
        text = self.config_path.read_text(encoding="utf-8")
        self.config_path.write_text(text.replace("dctp-2011", ruleset), encoding="utf-8")
        self.daemon = self.new_daemon()

    def set_overrides(self, lines: str) -> None:
        """The config's ``[overrides:g1]`` section, holding ``lines`` from now on."""
        text = self.config_path.read_text(encoding="utf-8").split("\n[overrides:g1]")[0]
        self.config_path.write_text(f"{text}\n[overrides:g1]\n{lines}\n", encoding="utf-8")

    def new_daemon(self, forum_factory: Callable[..., Forum] | None = None) -> Daemon:
        """A fresh daemon on the same state file: what a restart gives."""
        factory = forum_factory or (lambda cfg: LocalForum(cfg.path, cfg.username, now=self.clock))
        return Daemon(
            load_config(self.config_path),
            clock=self.clock,
            sleep=self.clock.sleep,
            forum_factory=factory,
        )

    def store(self) -> Store:
        return Store.open(self.config.autogm.state_file)

    # -- players ----------------------------------------------------------------------------

    def send(self, player: str, body: str, subject: str = "orders") -> None:
        self.forum.as_user(player).send_private_message(["GameMaster"], subject, body)

    def inbox_of(self, player: str) -> list[PrivateMessage]:
        batch = self.forum.as_user(player).new_private_messages(None)
        return [m for m in batch.messages if m.author == "GameMaster"]

    def topic_posts(self) -> list[Post]:
        posts = self.forum.posts_after(self.topic, self.opening)
        return [p for p in posts if p.author == "GameMaster"]

    # -- time -------------------------------------------------------------------------------

    def start(self) -> None:
        self.daemon.start("g1", self.clock())

    def poll(self) -> None:
        self.daemon.poll("local", self.clock())

    def close(self, phase: str) -> None:
        """Move the clock to the phase's deadline and run its close job."""
        with self.store() as store:
            row = store.phase("g1", phase)
            assert row is not None and row.deadline is not None
        if self.clock() < row.deadline:
            self.clock.now = row.deadline
        self.daemon.close_phase("g1", phase, self.clock())

    def advance(self, **kwargs: float) -> None:
        self.clock.now += timedelta(**kwargs)

    def open_phase(self) -> str | None:
        with self.store() as store:
            rows = [r for r in store.open_phases() if r.game == "g1"]
        return rows[0].name if rows else None


class Flaky:
    """A LocalForum behind scripted failures, counting calls: the outage, crash and flood tests.

    ``script(method, exc)`` makes the next call raise before doing anything; ``script(method,
    After(exc))`` does the call's work, then raises (the answer was lost, or the process died).
    ``down = True`` fails every call with Unavailable. Its sentbox is the local forum's, kept
    in the forum's file as a real board keeps it: a restarted daemon (a new Flaky) finds there
    the PMs an earlier one sent.
    """

    def __init__(self, inner: LocalForum) -> None:
        self.inner = inner
        self.down = False
        self.needs_login = False
        self.calls: Counter[str] = Counter()
        self.scripted: dict[str, list[BaseException | After]] = defaultdict(list)

    def script(self, method: str, *outcomes: BaseException | After) -> None:
        self.scripted[method].extend(outcomes)

    def _call(self, method: str, *args: Any) -> Any:
        self.calls[method] += 1
        if self.down:
            raise Unavailable("connection refused")
        if self.needs_login and method != "login":
            raise SessionExpired("session expired")
        outcome = self.scripted[method].pop(0) if self.scripted[method] else None
        if outcome is not None and not isinstance(outcome, After):
            raise outcome
        result = getattr(self.inner, method)(*args)
        if method == "login":
            self.needs_login = False
        if isinstance(outcome, After):
            raise outcome.exc
        return result

    def __getattr__(self, method: str) -> Callable[..., Any]:
        return lambda *args: self._call(method, *args)

    def sent_private_messages(self, since: datetime) -> list[PrivateMessage]:
        return self._call("sent_private_messages", since)  # type: ignore[no-any-return]
