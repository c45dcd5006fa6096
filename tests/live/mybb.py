"""The real MyBB board of the live tests: ``../shared/mybb/board/`` (MyBB 1.8.37 on PHP's
built-in server, see its README). ``board_up.sh`` installs and serves it in about 3 s; its
``access.log`` counts the requests; ``set_setting.php`` changes a setting while it runs. The
players and the GM are driven through the project's own MyBB adapter; the daemon, as for phpBB,
only as a process (tests/live/board.py's Daemon)."""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bs4 import BeautifulSoup

from autogm.adapters.base import Post, PrivateMessage
from autogm.adapters.mybb import MyBBForum
from autogm.adapters.web.forms import find_form
from tests.live.board import PASSWORD_ENV, ROOT

SCRIPTS = ROOT.parent / "shared" / "mybb" / "board"
GM, GM_PASSWORD = "GM", "gm-secret-mybb"
PLAYER_PASSWORD = "mafia-player-pw"
FORUM_ID = 2  # "Mafia Games"
# The players' flood clocks, low enough for a lean test and high enough that a player who
# sends twice in a row meets them (the GM, an administrator, never does).
FLOOD = 2


def why_not_live() -> str | None:
    if not (SCRIPTS / "board_up.sh").exists():
        return f"MyBB live tests skipped: no MyBB board scripts at {SCRIPTS}"
    if (shutil.which("php") is None or shutil.which("curl") is None) and os.geteuid() != 0:
        return (
            "MyBB live tests skipped: PHP or curl is missing and we are not root to install "
            "them (apt-get install php8.2-cli php8.2-sqlite3 php8.2-xml php8.2-mbstring curl)"
        )
    return None


@dataclass
class MyBBBoard:
    """One board served by board_up.sh in ``workdir`` on ``port``."""

    workdir: Path
    port: int
    _accounts: dict = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def pid(self) -> int:
        return int((self.workdir / "server.pid").read_text().strip())

    def up(self) -> None:
        env = os.environ | {"POST_FLOOD_SECS": str(FLOOD), "PM_FLOOD_SECS": str(FLOOD)}
        done = subprocess.run(
            [str(SCRIPTS / "board_up.sh"), str(self.workdir), str(self.port)],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError(f"board_up.sh failed:\n{done.stderr[-3000:]}")
        self._accounts = json.loads((self.workdir / "accounts.json").read_text("utf-8"))

    def down(self) -> None:
        subprocess.run(
            [str(SCRIPTS / "board_down.sh"), str(self.workdir)],
            capture_output=True,
            timeout=60,
            check=False,
        )

    def requests(self) -> list[str]:
        """The request lines of the access log so far ("GET /private.php?..."), in order."""
        text = (self.workdir / "access.log").read_text(errors="replace")
        found = (re.search(r"\]: ((?:GET|POST) \S+)", line) for line in text.splitlines())
        return [match.group(1) for match in found if match]

    def set_setting(self, name: str, value: str) -> None:
        subprocess.run(
            ["php", str(SCRIPTS / "set_setting.php"), str(self.workdir), name, value],
            capture_output=True,
            check=True,
            timeout=60,
        )

    def log_out_everywhere(self, name: str) -> None:
        """Change the account's loginkey: every copy of its login cookie stops working."""
        with sqlite3.connect(self.workdir / "board.sqlite", timeout=30) as db:
            db.execute(
                "UPDATE mybb_users SET loginkey = lower(hex(randomblob(25))) WHERE username = ?",
                [name],
            )

    def account(self, name: str) -> MyBBForum:
        password = GM_PASSWORD if name == GM else PLAYER_PASSWORD
        return MyBBForum(self.url, name, password, request_interval=0, allow_plain_http=True)

    def new_thread(self, title: str, body: str) -> str:
        """A new thread in the games forum, started by the GM (exempt from flood); its id."""
        gm = self.account(GM)
        gm.login()
        page = gm.transport.get(f"newthread.php?fid={FORUM_ID}")
        form = find_form(BeautifulSoup(page.text, "html.parser"), "input")
        assert form is not None, "no new thread form"
        payload = form.payload("submit", {"subject": title, "message": body})
        answer = gm.transport.post(form.action, payload, gm.transport.clock())
        found = re.search(r"showthread\.php\?tid=(\d+)", answer.text)
        assert found, f"the new thread was not saved (HTTP {answer.status})"
        return found.group(1)


@dataclass
class MyBBPlayer:
    """A player's account on the MyBB board, driven through the project's adapter."""

    board: MyBBBoard
    name: str
    forum: MyBBForum = field(init=False)
    sent: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.forum = self.board.account(self.name)

    def send(self, subject: str, body: str) -> None:
        self.forum.send_private_message([GM], subject, body)
        self.sent.append(subject)

    def post(self, topic: str, body: str) -> str:
        return self.forum.reply(topic, body).post_id

    def from_gm(self) -> list[PrivateMessage]:
        return [m for m in self.forum.new_private_messages(None).messages if m.author == GM]


def thread_posts(board: MyBBBoard, topic: str) -> list[Post]:
    return board.account(GM).posts_after(topic, None)


FORUM_CONFIG = """\
[autogm]
state_dir = state
timezone = UTC

[forum:{forum}]
adapter = mybb
base_url = {url}
username = {gm}
password_env = {password_env}
request_interval = 0
poll_interval = {poll}
allow_plain_http = yes

"""


def forum_config(board: MyBBBoard, forum: str, poll: str = "1s") -> str:
    return FORUM_CONFIG.format(
        forum=forum, url=board.url, gm=GM, password_env=PASSWORD_ENV, poll=poll
    )


def autogm(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m autogm.daemon ARGS`` as a GM types it, with the GM's password in the
    environment."""
    return subprocess.run(
        [sys.executable, "-m", "autogm.daemon", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT), PASSWORD_ENV: GM_PASSWORD},
    )
