"""The real phpBB board of the live tests, the daemon as a process, and the players.

The board is ``../shared/phpbb/board/`` (phpBB 3.3.11 on PHP's built-in server, see its
README): ``board_up.sh`` installs and serves it, its ``access.log`` counts the requests. The
daemon is only ever run as ``python -m autogm.daemon run --config FILE``; what it did is read back
from the board (through the project's own phpBB adapter) and from its state file.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup

from autogm.adapters.base import Post, PrivateMessage
from autogm.adapters.phpbb import PhpBBForum
from autogm.adapters.phpbb.topic import parse_topic_page
from autogm.adapters.web.forms import find_form

ROOT = Path(__file__).resolve().parents[2]
BOARD_SCRIPTS = ROOT.parent / "shared" / "phpbb" / "board"
FAULTS = Path(__file__).resolve().parent / "faults"
GM, GM_PASSWORD = "GameMaster", "gm-secret-8181"
PLAYER_PASSWORD = "mafia-player-pw"
FORUM_ID = 2  # "Mafia games"
FLOOD = 3.0  # the board's flood interval (seed_board.php)
PASSWORD_ENV = "AUTOGM_LIVE_PASSWORD"
ZERO_WIDTH = "\u200b\u200c\u200d\u2060"
_TRAILING_MARKER = re.compile(f"[{ZERO_WIDTH}]{{16}}\\s*$")


def why_not_live() -> str | None:
    """Why the live tests cannot run here (one line), or None when they can."""
    if not (BOARD_SCRIPTS / "board_up.sh").exists():
        return f"live tests skipped: no phpBB board scripts at {BOARD_SCRIPTS}"
    if shutil.which("php") is None and os.geteuid() != 0:
        return (
            "live tests skipped: PHP is not installed and we are not root to install it "
            "(apt-get install php8.2-cli php8.2-sqlite3 php8.2-xml php8.2-mbstring)"
        )
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(check: Callable[[], Any], timeout: float, what: str, every: float = 0.5) -> Any:
    """Poll ``check`` until it returns something truthy; fail naming ``what``."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(every)


def marker_of(text: str) -> str | None:
    """The invisible marker the daemon's outbox ends each message with (zero-width chars)."""
    found = _TRAILING_MARKER.search(text)
    return found.group(0).strip() if found else None


def marker_for(dedupe_key: str) -> str:
    """The marker of an outbox key, as the daemon writes it on the wire: 32 bits of the key's
    SHA-256, two bits per zero-width character. A published wire format: a message found on
    the board is matched to its outbox row by it."""
    value = int.from_bytes(hashlib.sha256(dedupe_key.encode()).digest()[:4], "big")
    return "".join(ZERO_WIDTH[(value >> shift) & 3] for shift in range(30, -1, -2))


@dataclass
class Board:
    """One board served by board_up.sh in ``workdir`` on ``port``."""

    workdir: Path
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def database(self) -> Path:
        return self.workdir / "board.sqlite3"

    @property
    def access_log(self) -> Path:
        return self.workdir / "access.log"

    @property
    def pid(self) -> int:
        return int((self.workdir / "server.pid").read_text().strip())

    def up(self) -> None:
        env = os.environ | {"PORT": str(self.port)}
        done = subprocess.run(
            [str(BOARD_SCRIPTS / "board_up.sh"), str(self.workdir)],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError(f"board_up.sh failed:\n{done.stderr[-3000:]}")

    def down(self) -> None:
        subprocess.run(
            [str(BOARD_SCRIPTS / "board_down.sh"), str(self.workdir)],
            capture_output=True,
            timeout=60,
            check=False,
        )

    def requests(self) -> list[str]:
        """The request lines of the access log so far ("GET /ucp.php?..."), in order."""
        lines = self.access_log.read_text(errors="replace").splitlines()
        found = (re.search(r"\]: ((?:GET|POST) \S+)", line) for line in lines)
        return [match.group(1) for match in found if match]

    def end_sessions(self, user: str) -> int:
        """End every session of ``user`` (and its "remember me" keys); how many there were."""
        with sqlite3.connect(self.database, timeout=30) as db:
            row = db.execute(
                "SELECT user_id FROM phpbb_users WHERE username_clean = ?", [user.lower()]
            ).fetchone()
            gone = db.execute(
                "DELETE FROM phpbb_sessions WHERE session_user_id = ?", [row[0]]
            ).rowcount
            db.execute("DELETE FROM phpbb_sessions_keys WHERE user_id = ?", [row[0]])
        return gone

    def add_accounts(self, names: list[str], password: str, *, exempt: bool = False) -> None:
        """Ordinary members ``names`` (those missing), through phpBB's own user_add; with
        ``exempt``, the user permission "Can ignore flood limit" too (board_accounts.php)."""
        folder = self.workdir / "phpBB"
        script = Path(__file__).with_name("board_accounts.php")
        flags = ["--exempt"] if exempt else []
        done = subprocess.run(
            ["php", str(script), str(folder), password, *flags, *names],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            raise RuntimeError(f"board_accounts.php failed:\n{done.stdout}{done.stderr}"[-3000:])

    def account(self, name: str) -> PhpBBForum:
        password = GM_PASSWORD if name == GM else PLAYER_PASSWORD
        return PhpBBForum(
            self.url,
            name,
            password,
            request_interval=0,
            flood_interval=FLOOD,
            allow_plain_http=True,
        )

    def new_topic(self, title: str, body: str) -> str:
        """A new topic in the games forum, started by the GM; its id."""
        gm = self.account(GM)
        gm.login()
        transport = gm.transport
        # The GM may have posted within the flood interval (the last topic, or a daemon of an
        # earlier test): phpBB then shows the form again, and the post is tried once more.
        for _ in range(3):
            page = transport.get(f"posting.php?mode=post&f={FORUM_ID}")
            fetched_at = transport.clock()
            form = find_form(BeautifulSoup(page.text, "html.parser"), "postform")
            assert form is not None, "no posting form for a new topic"
            payload = form.payload("post", {"subject": title, "message": body})
            answer = transport.submit_message(form.action, payload, fetched_at)
            if answer.location:
                break
            time.sleep(FLOOD + 0.5)
        assert answer.location, f"the new topic was not saved (HTTP {answer.status})"
        shown = transport.get(answer.location)
        topic = parse_topic_page(shown.text, gm.dates, gm.now()).topic_id
        assert topic, "no topic id on the new topic's page"
        return topic


@dataclass
class Player:
    """A player's account, driven over HTTP through the project's phpBB adapter."""

    board: Board
    name: str
    forum: PhpBBForum = field(init=False)
    sent: list[str] = field(default_factory=list)  # subjects of the order PMs sent

    def __post_init__(self) -> None:
        self.forum = self.board.account(self.name)

    def send(self, subject: str, body: str) -> None:
        self.forum.send_private_message([GM], subject, body)
        self.sent.append(subject)

    def post(self, topic: str, body: str) -> None:
        self.forum.reply(topic, body)

    def inbox(self) -> list[PrivateMessage]:
        """Every PM this account received, oldest first."""
        return self.forum.new_private_messages(None).messages

    def from_gm(self) -> list[PrivateMessage]:
        return [m for m in self.inbox() if m.author == GM]


def topic_posts(board: Board, topic: str) -> list[Post]:
    return board.account(GM).posts_after(topic, None)


class Daemon:
    """``python -m autogm.daemon run --config FILE`` as a process, its log in ``log``."""

    def __init__(
        self,
        config: Path,
        fault: str | None = None,
        password: str = GM_PASSWORD,
        fault_url: str | None = None,
    ) -> None:
        self.config = config
        self.log = config.parent / "daemon.log"
        env = os.environ | {PASSWORD_ENV: password, "PYTHONUNBUFFERED": "1"}
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT), str(FAULTS)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
        )
        env.pop("AUTOGM_LIVE_FAULT", None)
        env.pop("AUTOGM_LIVE_FAULT_URL", None)
        if fault:
            env["AUTOGM_LIVE_FAULT"] = fault
        if fault_url:
            env["AUTOGM_LIVE_FAULT_URL"] = fault_url
        with self.log.open("a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "autogm.daemon", "run", "--config", str(config)],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def kill9(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after a few seconds (the store and outbox are crash-safe)."""
        if self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill9()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


class State:
    """The daemon's state file, read with plain SQL (the store's schema is public)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def rows(self, sql: str, params: list[Any] | tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        if not self.path.exists():
            return []
        db = sqlite3.connect(self.path, timeout=30)
        db.row_factory = sqlite3.Row
        try:
            return [dict(row) for row in db.execute(sql, params)]
        except sqlite3.OperationalError:  # the schema is not there yet
            return []
        finally:
            db.close()

    def game(self, name: str) -> dict[str, Any] | None:
        found = self.rows("SELECT * FROM games WHERE name = ?", [name])
        return found[0] if found else None

    def phase(self, game: str) -> str | None:
        row = self.game(game)
        return row["phase"] if row else None

    def outbox(self, *states: str) -> list[dict[str, Any]]:
        rows = self.rows("SELECT * FROM outbox ORDER BY id")
        return [row for row in rows if not states or row["state"] in states]

    def settled(self) -> bool:
        """Everything queued is sent (and something was)."""
        rows = self.outbox()
        return bool(rows) and all(row["state"] == "sent" for row in rows)

    def markers(self) -> set[str]:
        """The markers of every message in the outbox: what this state file's daemon sent."""
        return {marker_for(row["dedupe_key"]) for row in self.outbox()}

    def events(self, kind: str) -> list[dict[str, Any]]:
        return self.rows("SELECT * FROM events WHERE kind = ? ORDER BY id", [kind])


FORUM_CONFIG = """\
[autogm]
state_dir = state
timezone = UTC

[forum:{forum}]
adapter = phpbb
base_url = {url}
# The board listens on loopback only: nothing leaves this machine.
allow_plain_http = yes
username = {gm}
password_env = {password_env}
request_interval = 0
poll_interval = {poll}
send_interval = {flood}s

"""

GAME_CONFIG = """\
[game:{game}]
forum = {game}
topic = {topic}
ruleset = dctp-2011
seed = 13
players =
{players}
{schedule}
"""


def forum_config(board: Board, forum: str, poll: str = "3s") -> str:
    """config.ini's [autogm] and the board's [forum:FORUM] section, as every live test has
    them (the GM's password from the environment, sends spaced by the flood interval)."""
    return FORUM_CONFIG.format(
        forum=forum,
        url=board.url,
        gm=GM,
        password_env=PASSWORD_ENV,
        poll=poll,
        flood=int(FLOOD),
    )


def write_config(
    directory: Path,
    board: Board,
    game: str,
    topic: str,
    roster: dict[str, str],
    schedule: str,
    poll: str = "3s",
) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "config.ini"
    path.write_text(
        forum_config(board, game, poll)
        + GAME_CONFIG.format(
            game=game,
            topic=topic,
            players="\n".join(f"    {name}: {role}" for name, role in roster.items()),
            schedule=schedule.strip(),
        ),
        encoding="utf-8",
    )
    return path
