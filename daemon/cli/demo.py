"""``autogm demo``: a whole game on a local forum, with simulated players and autogm as GM.

Everything real but the players and the clock: a config file is written, the local adapter
keeps the forum in a folder, and the daemon's own job functions run the game, at the times
its own plan (``scheduler.plan_jobs``) gives them, on a simulated clock that jumps from one
job to the next. The round starts from a sign-up topic: simulated players join over the first polls
("/in", "[b]in[/b]", "sign me up"), one leaves again, one offers to be a replacement, and
autogm deals a setup with constraints when the list is full. The players are simulated: each
reads its role from the deal and, at some polls, sends a plausible order for the phase from
its role sheet, chosen with a seeded RNG (now and then with a typo in a name, to show how
autogm reads and answers it). One player goes quiet after the deal: autogm prods, warns and
replaces them with the replacement.
"""

from __future__ import annotations

import random
import re
import shutil
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from autogm.adapters.local import LocalForum
from autogm.daemon.config.load import load_config
from autogm.daemon.jobs.runner import Daemon
from autogm.daemon.jobs.scheduler import JobSpec, plan_jobs
from autogm.daemon.outbox.message import without_marker
from autogm.daemon.store.db import Store
from autogm.engine.rules import load_ruleset
from autogm.engine.state import GameState
from autogm.simulator.demo import demo_players

GM = "GameMaster"
GAME = "demo"
START = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)
# One player of every family's demo signs up, then never sends an order: prodded, warned,
# replaced. Who signs up, and what each writes, is the family's (autogm.simulator.demo).
QUIET = "Kleene"
MAX_PHASES = 30
# Jobs due at the same moment run in this order: a phase closes before the next poll reads.
KIND_ORDER = {"start": 0, "close": 1, "remind": 2, "poll": 3, "archive": 4}
CHATTER = (
    "Good luck everyone!",
    "{x} has been very quiet. Suspicious.",
    "I trust {x}, for now.",
    "Can we please not lynch at random today?",
    "{x}, what did you do last night?",
    "I have info but I'll keep it for now.",
)

# How the simulated GM rewrites a tape that says too much (classic: "it can be changed by the
# GM accordingly").
GM_TAPE = "A voice on the tape laughs. Nothing else can be heard."

CONFIG = """\
# Written by `autogm demo`. Look at the finished game with:
#   autogm status --config {config}
#   autogm archive --config {config} show {game}
[autogm]
state_dir = state
timezone = UTC

[forum:local]
adapter = local
path = forum
username = {gm}
poll_interval = 2h
send_interval = 0

# The roles to deal, with the GM's constraints (check-config checks them).
{setup}
[game:{game}]
forum = local
topic = {topic}
{ruleset}seed = {seed}
setup = demo
signups = {signups}
signups_size = 8
inactivity = replace
prod_after = 1
warn_after = 2
prep_deadline = 2h
night_deadline = 12h
day_deadline = 12h
reminders = 3h
acknowledge = on

# The GM stays in control while autogm runs: overrides are re-read at every poll.
[overrides:{game}]
1 = extend Day 1 by 2h
"""
# Polls of an open sign-up topic after the last simulated sign-up before the demo gives up
# (a setup no count of players can be dealt would keep the list open for ever).
SIGNUP_POLLS_AFTER = 12


class SimClock:
    """The demo's clock: it stands still until the loop moves it to the next job."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@dataclass
class Players:
    """The simulated players: each sends at most one message of orders per phase."""

    forum: LocalForum
    rng: random.Random
    ruleset: str = "dctp-2011"
    roles: dict[str, str] = field(default_factory=dict)
    acted: set[tuple[str, str]] = field(default_factory=set)
    # What the family's players keep between phases (DCTP's bandwagon of each Day).
    memo: dict[str, Any] = field(default_factory=dict)
    _topic: str = ""

    @property
    def family(self) -> ModuleType:
        """The family's demo players: who signs up, what each writes."""
        return demo_players(load_ruleset(self.ruleset).family)

    def sign_up(self, step: int, topic: str) -> None:
        """The sign-up posts of the ``step``-th poll before the deal."""
        for when, name, text in self.family.SIGNUPS:
            if when == step:
                self.forum.as_user(name).reply(topic, text)

    def act(self, store: Store, phase: str, live: GameState) -> int:
        """Let some players who have not acted this phase send their orders; how many did.

        ``live``: the game as it stands (whose turn it is in the kill cycle).
        """
        # Read every time: a replacement takes a slot during the game.
        seated = store.players(GAME)
        self.roles = {p["name"]: p["role"] for p in seated}
        alive = [p["name"] for p in seated if p["status"] == "alive"]
        family = self.family
        sent = 0
        for player in alive:
            if player == QUIET or (player, phase) in self.acted or self.rng.random() < 0.4:
                continue
            self.acted.add((player, phase))
            text, post = family.orders(
                self.rng, self.ruleset, self.roles, player, phase, alive, live, self.memo
            )
            if post:
                self.forum.as_user(player).reply(self._topic, post)
            if text:
                self.forum.as_user(player).send_private_message([GM], f"{phase} orders", text)
                sent += 1
            if self.rng.random() < 0.25:
                others = [p for p in alive if p != player] or alive
                line = self.rng.choice(CHATTER).format(x=self.rng.choice(others))
                self.forum.as_user(player).reply(self._topic, line)
        return sent


class TopicPrinter:
    """Prints the game topic's new posts as the game goes."""

    def __init__(self, forum: LocalForum, topic: str, out: TextIO, pace: float) -> None:
        self.forum, self.topic, self.out, self.pace = forum, topic, out, pace
        self.last: str | None = None

    def show(self, clock: datetime) -> None:
        for post in self.forum.posts_after(self.topic, self.last):
            self.last = post.id
            body = _plain(post.source)
            stamp = f"{clock:%a %H:%M}"
            if post.author == GM:
                self.out.write(f"\n[{stamp}] {post.author}:\n{_indent(body)}\n")
            else:
                self.out.write(f"[{stamp}] {post.author}: {body}\n")
            self.out.flush()
            if self.pace:
                time.sleep(self.pace if post.author == GM else self.pace / 3)

    def show_list(self, author: str) -> None:
        """The topic's post by ``author`` as it reads now (the sign-up list, edited)."""
        posts = [p for p in self.forum.posts_after(self.topic, None) if p.author == author]
        if len(posts) > 1:
            self.out.write(f"\nThe sign-up list now reads:\n{_indent(_plain(posts[-1].source))}\n")


def _plain(bbcode: str) -> str:
    text = without_marker(bbcode)
    return re.sub(r"\[/?(?:b|i|u|quote)[^\]]*\]", "", text).strip()


def _indent(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


@dataclass
class SimulatedGM:
    """The GM at the keys (a ruleset with the GM's texts, dctp-classic; midnight with
    ``letters = approve``): at each poll, the texts held for approval are approved as drafted,
    but every other tape is rewritten, as ``autogm approve GAME KIND N [--text ...]`` does
    it."""

    out: TextIO
    seen: int = 0

    def review(self, daemon: Daemon, store: Store, now: datetime) -> None:
        from autogm.daemon.play import games

        info = store.game(GAME)
        if info is None or info["status"] not in ("running", "paused"):
            return
        # As `autogm approve` does, in a process of its own: a rebuild of the game, never the
        # daemon's kept session, which queue_gm_text's check changes.
        live = games.rebuild(store, GAME, daemon.ruleset(GAME))
        for held in games.held_texts(live):
            self.seen += 1
            rewrite = held.kind == "tape" and self.seen % 2 == 0
            command = f"{held.label}: {GM_TAPE}" if rewrite else f"approve {held.label}"
            with store.atomic():
                games.queue_gm_text(store, GAME, live, command, now)
            to = f"to {held.to}" if held.to else "for the topic"
            self.out.write(f"(the GM {'rewrites' if rewrite else 'approves'} {held.label} {to})\n")


def _prepare(directory: Path) -> None:
    """Start from an empty demo directory, removing only what an earlier demo left."""
    directory.mkdir(parents=True, exist_ok=True)
    for name in ("forum", "state"):
        shutil.rmtree(directory / name, ignore_errors=True)
    (directory / "config.ini").unlink(missing_ok=True)


def run_demo(
    directory: Path,
    *,
    seed: int = 2011,
    pace: float = 0.15,
    ruleset: str = "dctp-2011",
    out: TextIO | None = None,
    max_phases: int = MAX_PHASES,
) -> int:
    out = out or sys.stdout
    began = time.monotonic()
    clock = SimClock(START)
    config_path = prepare_demo(directory, clock, seed=seed, ruleset=ruleset)
    out.write("autogm demo: a sign-up topic and a game of simulated players on a local forum.\n")
    out.write(f"Everything goes to {config_path.parent} (config.ini, forum/, state/).\n")
    result = play_demo(config_path, clock, seed=seed, pace=pace, out=out, max_phases=max_phases)
    config = load_config(config_path)
    with Store.open(config.autogm.state_file) as store:
        info = store.game(GAME)
        phases = store.rows("SELECT count(*) AS n FROM phases WHERE game = ?", [GAME])[0]["n"]
        pms = store.rows("SELECT count(*) AS n FROM outbox WHERE kind = 'pm' AND state = 'sent'")
        received = store.rows("SELECT count(*) AS n FROM inbox WHERE kind = 'pm'")[0]["n"]
    elapsed = time.monotonic() - began
    out.write(
        f"\n{phases} phases, {received} private messages read and {pms[0]['n']} sent, "
        f"in {elapsed:.1f} s (game time {clock() - START}).\n"
    )
    if info is not None and info["status"] == "archived":
        out.write(f"The game is archived in {config.autogm.state_dir / 'archive.db'}\n")
    out.write(
        "Look at it with:\n"
        f"  autogm status --config {config_path}\n"
        f"  autogm archive --config {config_path} show {GAME}\n"
    )
    return result


def prepare_demo(
    directory: Path, clock: SimClock, *, seed: int = 2011, ruleset: str = "dctp-2011"
) -> Path:
    """An empty demo directory with its forum (the two topics, the players' accounts) and
    its config file; the config file's path."""
    directory = directory.resolve()
    _prepare(directory)
    forum = LocalForum(directory / "forum", GM, now=clock)
    players = demo_players(load_ruleset(ruleset).family)
    topic = forum.create_topic(players.TOPIC_TITLE, "autogm is the GM of this game.").topic
    signups = forum.create_topic(
        "Sign-ups: demo game", "Post /in to join, /out to leave, sub to be a replacement."
    ).topic
    for name in dict.fromkeys(name for _, name, _ in players.SIGNUPS):
        forum.add_user(name)
    config_path = directory / "config.ini"
    config_path.write_text(
        CONFIG.format(
            config=config_path,
            game=GAME,
            gm=GM,
            topic=topic,
            signups=signups,
            seed=seed,
            setup=players.setup(ruleset),
            ruleset=players.game_lines(ruleset),
        ),
        encoding="utf-8",
    )
    return config_path


def play_demo(
    config_path: Path,
    clock: SimClock,
    *,
    seed: int = 2011,
    pace: float = 0.15,
    out: TextIO | None = None,
    max_phases: int = MAX_PHASES,
    after_job: Callable[[], None] | None = None,
) -> int:
    """Play (or, in a demo directory a killed run left, go on playing) the demo's game to its
    end: 0 once it is archived. A run starts as ``autogm run`` does, with the messages a
    killed run was sending looked for before anything is sent again."""
    from autogm.daemon.outbox import outbox

    out = out or sys.stdout
    config = load_config(config_path)
    game = config.games[GAME]
    ruleset = game.ruleset
    forum = LocalForum(config.forums[game.forum].path or "", GM, now=clock)
    topic, signups = game.topic, game.signups.topic if game.signups else game.topic
    daemon = Daemon(config, clock=clock, sleep=clock.sleep, forum_factory=lambda cfg: forum)
    with daemon.open_store() as store:
        outbox.recover(store, clock())
    players = Players(forum, random.Random(f"demo/{seed}"), ruleset)
    players._topic = topic
    printer = TopicPrinter(forum, topic, out, pace)
    rules = load_ruleset(ruleset, game.rule_options)
    # Whether anything will wait for the GM: classic's texts, midnight's letters to approve.
    holds = rules.has("gm_texts") or (
        "letters" in rules.option_specs and rules.option("letters") == "approve"
    )
    gm = SimulatedGM(out) if holds else None
    signup_printer = TopicPrinter(forum, signups, out, pace)
    return _loop(daemon, players, printer, signup_printer, clock, max_phases, gm, after_job)


def _loop(
    daemon: Daemon,
    players: Players,
    printer: TopicPrinter,
    signup_printer: TopicPrinter,
    clock: SimClock,
    max_phases: int,
    gm: SimulatedGM | None = None,
    after_job: Callable[[], None] | None = None,
) -> int:
    last_run: dict[str, datetime] = {}
    failures = 0
    signup_polls = 0
    while True:
        with daemon.open_store() as store:
            info = store.game(GAME)
            if info is not None and info["status"] == "archived":
                return 0
            closed = store.rows("SELECT count(*) AS n FROM phases WHERE game = ?", [GAME])[0]["n"]
            if closed > max_phases:
                printer.out.write(f"\nNo winner after {max_phases} phases; the demo stops.\n")
                return 1
            specs = plan_jobs(daemon.config, store, clock(), has_start=True)
            due, spec = min(
                ((_due(spec, last_run, clock()), spec) for spec in specs),
                key=lambda item: (item[0], KIND_ORDER[item[1].kind]),
            )
            clock.now = max(clock.now, due)
            if spec.kind == "poll" and gm is not None:
                gm.review(daemon, store, clock())
            if spec.kind == "poll" and info is not None and info["phase"]:
                players.act(store, info["phase"], daemon.live(store, GAME).state)
            elif spec.kind == "poll" and (info is None or info["status"] == "setup"):
                players.sign_up(signup_polls, signup_printer.topic)
                signup_polls += 1
                last = max(when for when, _, _ in players.family.SIGNUPS)
                if signup_polls > last + SIGNUP_POLLS_AFTER:
                    printer.out.write("\nThe sign-ups never closed; the demo stops.\n")
                    return 1
        run = _function(daemon, spec)
        try:
            run(*spec.args, clock())
            failures = 0
        except Exception as exc:  # the daemon logs and goes on; the demo gives up after 3
            failures += 1
            printer.out.write(f"(job {spec.id} failed: {type(exc).__name__}: {exc})\n")
            if failures >= 3:
                return 1
        last_run[spec.id] = clock()
        if after_job is not None:
            after_job()
        signup_printer.show(clock())
        if spec.kind == "start":
            signup_printer.show_list(GM)
        printer.show(clock())


def _due(spec: JobSpec, last_run: dict[str, datetime], now: datetime) -> datetime:
    if spec.every is not None:
        return last_run[spec.id] + spec.every if spec.id in last_run else now
    assert spec.run_at is not None
    return spec.run_at


def _function(daemon: Daemon, spec: JobSpec) -> Callable[..., None]:
    return {
        "start": daemon.start,
        "close": daemon.close_phase,
        "remind": daemon.remind,
        "poll": daemon.poll,
        "archive": daemon.archive,
    }[spec.kind]
