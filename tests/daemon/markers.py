"""Every message the GM sent, counted by its outbox marker, whatever its subject.

Each message the outbox sends carries a marker (zero-width characters derived from its dedupe
key, daemon/outbox/message.py). Reading a local forum's file and a state file side by side,
:func:`count` finds each outbox row's copies on the forum: a PM must be there once with its
recipients (one without them reached nobody: lost), a post once (an edit counts for the post it
edits), and no message of the GM's may lack a row (a second copy under another key). The crash
tests (tests/daemon/jobs/test_reliability.py) and the killed games
(benchmarks/killed_games.py) count with it.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from autogm.daemon.outbox.message import find_marker, marker

GM = "GameMaster"


@dataclass
class Tally:
    """What the markers say about one game (or the sum of several)."""

    games: int = 0
    kills: int = 0
    unfinished: int = 0
    stalled: int = 0  # games the demo stopped at its phase cap (as it does unkilled)
    sent: int = 0  # outbox rows the forum holds
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    half_written: int = 0
    inbox_lost: int = 0
    why: list[str] = field(default_factory=list)  # what an unfinished game said last

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.kills += other.kills
        self.unfinished += other.unfinished
        self.stalled += other.stalled
        self.sent += other.sent
        self.lost += other.lost
        self.doubled += other.doubled
        self.half_written += other.half_written
        self.inbox_lost += other.inbox_lost
        self.why += other.why

    def problems(self) -> list[str]:
        """Every message lost, doubled or half written, and every received PM not stored once."""
        return [
            *(f"lost: {what}" for what in self.lost),
            *(f"doubled: {what}" for what in self.doubled),
            *[f"{self.half_written} half-written PM(s)"] * bool(self.half_written),
            *[f"{self.inbox_lost} received PM(s) not stored once"] * bool(self.inbox_lost),
        ]

    def summary(self) -> str:
        return (
            f"{self.games} games, {self.kills} kill -9, {self.sent} messages counted: "
            f"{len(self.lost)} lost, {len(self.doubled)} doubled, {self.half_written} "
            f"half-written, {self.inbox_lost} received PMs not stored once, {self.unfinished} "
            f"games unfinished, {self.stalled} stopped at the demo's phase cap"
        )


def count(directory: Path, gm: str = GM) -> Tally:
    """Every message of the game in ``directory`` (``forum/`` and ``state/`` as the demo and
    the tests' kit lay them out) counted by its outbox marker."""
    tally = Tally(games=1)
    state = sqlite3.connect(directory / "state" / "autogm.db")
    state.row_factory = sqlite3.Row
    forum = sqlite3.connect(directory / "forum" / "forum.sqlite")
    forum.row_factory = sqlite3.Row
    rows = state.execute("SELECT * FROM outbox ORDER BY id").fetchall()
    by_marker = {marker(row["dedupe_key"]): row for row in rows}
    gm_id = forum.execute("SELECT id FROM users WHERE name = ?", [gm]).fetchone()["id"]
    status = state.execute("SELECT status FROM games").fetchone()
    tally.unfinished = int(status is None or status["status"] != "archived")

    seen: Counter[int] = Counter()  # outbox id -> copies on the forum
    pms = forum.execute("SELECT id, source FROM messages WHERE author_id = ?", [gm_id]).fetchall()
    for pm in pms:
        names = {
            r["name"]
            for r in forum.execute(
                "SELECT u.name FROM recipients r JOIN users u ON u.id = r.user_id"
                " WHERE r.message_id = ?",
                [pm["id"]],
            )
        }
        row = _row_of(pm["source"], by_marker)
        if row is None:
            tally.doubled.append(f"PM {pm['id']} carries no marker of the outbox")
            continue
        if not names:
            tally.half_written += 1
            continue  # reached nobody
        if row["kind"] != "pm" or names != set(json.loads(row["recipients"])):
            tally.doubled.append(f"PM {pm['id']} does not match outbox row {row['id']}")
            continue
        seen[row["id"]] += 1
    posted = {
        str(json.loads(row["forum_ref"])["post_id"]): row
        for row in rows
        if row["kind"] == "post" and row["forum_ref"]
    }
    posts = forum.execute("SELECT id, source FROM posts WHERE author_id = ?", [gm_id]).fetchall()
    for post in posts:
        row = _row_of(post["source"], by_marker)
        if row is not None and row["kind"] == "edit":
            row = posted.get(json.loads(row["target"])["post_id"])
        if row is None:
            if find_marker(post["source"]) is None:
                continue  # the topics' opening posts, written by hand
            tally.doubled.append(f"post {post['id']} carries no marker of the outbox")
            continue
        seen[row["id"]] += 1
    for row in rows:
        if row["kind"] == "edit":
            continue
        copies = seen[row["id"]]
        what = f"{row['kind']} #{row['id']} {row['dedupe_key']} ({row['state']})"
        if copies == 1 and row["state"] == "sent":
            tally.sent += 1
        elif copies > 1:
            tally.doubled.append(f"{what}: {copies} copies")
        elif row["state"] not in ("held",):
            tally.lost.append(f"{what}: {copies} copies")
    # Every PM the players sent the GM, stored once (the store keeps it before reading it).
    received = forum.execute(
        "SELECT m.id FROM messages m JOIN recipients r ON r.message_id = m.id WHERE r.user_id = ?",
        [gm_id],
    ).fetchall()
    stored = Counter(
        r["forum_id"] for r in state.execute("SELECT forum_id FROM inbox WHERE kind = 'pm'")
    )
    tally.inbox_lost = sum(stored[str(r["id"])] != 1 for r in received)
    state.close()
    forum.close()
    return tally


def _row_of(source: str, by_marker: dict[str, sqlite3.Row]) -> sqlite3.Row | None:
    found = find_marker(source)
    return by_marker.get(found) if found else None
