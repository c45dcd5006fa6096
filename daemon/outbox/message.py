"""What the outbox sends: the Outgoing message, its stored row, and its invisible marker.

Each message carries a marker (zero-width characters derived from its dedupe key) at the end
of its body, which is what the look-up for a message of unknown fate matches; an exact body
match (whitespace collapsed) is the fallback for adapters that drop those characters.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from autogm.adapters.base import PostRef
from autogm.daemon.store.rows import from_iso, from_json

KINDS = ("pm", "post", "edit")
# The order the outbox sends in: a phase's results (its post, role and results PMs) before
# anything else queued, acknowledgements included; each in the order it was queued.
RESULTS, NORMAL = 0, 1
MARKER_ALPHABET = "\u200b\u200c\u200d\u2060"  # zero width space, non-joiner, joiner, word joiner
_UNMARK = {ord(c): None for c in MARKER_ALPHABET}
_MARKER = re.compile(f"[{MARKER_ALPHABET}]{{16}}")


def marker(dedupe_key: str) -> str:
    """16 zero-width characters (32 bits of the key's hash): unseen by readers, findable."""
    value = int.from_bytes(hashlib.sha256(dedupe_key.encode()).digest()[:4], "big")
    return "".join(MARKER_ALPHABET[(value >> shift) & 3] for shift in range(30, -1, -2))


def find_marker(text: str) -> str | None:
    """The last outbox marker in ``text`` (a sent message ends with its own), if any."""
    found = _MARKER.findall(text)
    return found[-1] if found else None


def without_marker(text: str) -> str:
    """The text with the marker's zero-width characters taken out, as readers see it."""
    return text.translate(_UNMARK)


def normalize(text: str) -> str:
    return " ".join(without_marker(text).split())


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A message to send: ``pm`` (recipients, subject), ``post`` (topic), ``edit`` (target).

    ``dedupe_key`` names the message's purpose (``"result:round53:Night 2:Abs"``): enqueueing
    the same key twice, e.g. when a crashed phase close runs again, adds nothing.
    """

    forum: str
    kind: str
    dedupe_key: str
    body: str
    game: str | None = None
    phase: str | None = None
    recipients: tuple[str, ...] = ()
    subject: str | None = None
    topic: str | None = None
    target: PostRef | None = None
    priority: int = NORMAL

    def __post_init__(self) -> None:
        needs = {
            "pm": bool(self.recipients) and bool(self.subject),
            "post": bool(self.topic),
            "edit": self.target is not None,
        }
        if self.kind not in needs:
            raise ValueError(f"outbox kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if not needs[self.kind]:
            what = {"pm": "recipients and a subject", "post": "a topic", "edit": "a target post"}
            raise ValueError(f"a {self.kind} needs {what[self.kind]}")


@dataclass(frozen=True, slots=True)
class OutboxRow:
    id: int
    forum: str
    game: str | None
    phase: str | None
    kind: str
    recipients: tuple[str, ...]
    topic: str | None
    target: PostRef | None
    subject: str | None
    body: str
    state: str
    dedupe_key: str
    forum_ref: Any
    probe_after: str | None
    attempts: int
    error: str | None
    attempted_at: datetime | None
    sent_at: datetime | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> OutboxRow:
        target = from_json(row["target"])
        return cls(
            id=row["id"],
            forum=row["forum"],
            game=row["game"],
            phase=row["phase"],
            kind=row["kind"],
            recipients=tuple(from_json(row["recipients"])),
            topic=row["topic"],
            target=PostRef(**target) if target else None,
            subject=row["subject"],
            body=row["body"],
            state=row["state"],
            dedupe_key=row["dedupe_key"],
            forum_ref=from_json(row["forum_ref"]),
            probe_after=row["probe_after"],
            attempts=row["attempts"],
            error=row["error"],
            attempted_at=from_iso(row["attempted_at"]),
            sent_at=from_iso(row["sent_at"]),
        )

    @property
    def wire_body(self) -> str:
        """The body as sent: the text plus its invisible marker, on a line of its own so that
        phpBB's autolinking never glues it onto a URL that ends the text."""
        return f"{self.body}\n{marker(self.dedupe_key)}"


def same_people(a: Any, b: Any) -> bool:
    return {name.casefold() for name in a} == {name.casefold() for name in b}


def is_ours(row: OutboxRow, source: str, text: str) -> bool:
    # The marker must be in the author's own words: a post quoting ours copies the marker,
    # and the adapters keep quotes out of ``text``.
    if marker(row.dedupe_key) in text:
        return True
    return normalize(source) == normalize(row.body)
