"""The store's values: times and JSON as stored, and the rows it hands out (inbox, phases, orders).

Pure conversions with no connection, so the code that reads rows need not import the Store.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from autogm.adapters.base import Post, PrivateMessage


def iso(moment: datetime) -> str:
    """Times are stored as UTC ISO-8601 text, so they sort and compare as strings."""
    if moment.tzinfo is None:
        raise ValueError(f"naive datetime {moment!r}: autogm stores aware UTC times only")
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def from_iso(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def to_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def from_json(text: str | None) -> Any:
    return None if text is None else json.loads(text)


@dataclass(frozen=True, slots=True)
class InboxMessage:
    """A stored PM or topic post; ``id`` is the store's, ``forum_id`` the forum's."""

    id: int
    forum: str
    kind: str
    forum_id: str
    topic: str | None
    author: str
    author_id: str | None
    subject: str | None
    sent_at: datetime
    source: str
    text: str
    quotes: tuple[str, ...]
    game: str | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> InboxMessage:
        return cls(
            id=row["id"],
            forum=row["forum"],
            kind=row["kind"],
            forum_id=row["forum_id"],
            topic=row["topic"],
            author=row["author"],
            author_id=row["author_id"],
            subject=row["subject"],
            sent_at=datetime.fromisoformat(row["sent_at"]),
            source=row["source"],
            text=row["text"],
            quotes=tuple(json.loads(row["quotes"])),
            game=row["game"],
        )


@dataclass(frozen=True, slots=True)
class PhaseRow:
    """A phase of a game as the store keeps it."""

    game: str
    name: str
    opened_at: datetime
    deadline: datetime | None
    closed_at: datetime | None
    outcome: Any
    approved_at: datetime | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> PhaseRow:
        return cls(
            game=row["game"],
            name=row["name"],
            opened_at=datetime.fromisoformat(row["opened_at"]),
            deadline=from_iso(row["deadline"]),
            closed_at=from_iso(row["closed_at"]),
            outcome=from_json(row["outcome"]),
            approved_at=from_iso(row["approved_at"]),
        )


@dataclass(frozen=True, slots=True)
class OrderRow:
    """A received order as the store keeps it."""

    id: int
    game: str
    phase: str
    player: str
    inbox_id: int | None
    source: str
    raw: str
    parsed: Any
    state: str
    reason: str | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> OrderRow:
        return cls(
            id=row["id"],
            game=row["game"],
            phase=row["phase"],
            player=row["player"],
            inbox_id=row["inbox_id"],
            source=row["source"],
            raw=row["raw"],
            parsed=from_json(row["parsed"]),
            state=row["state"],
            reason=row["reason"],
        )


def _received_time(moment: datetime) -> str:
    # An adapter should hand over aware times; a naive one is read as UTC rather than
    # refused, because refusing would leave the message unstored and the poll stuck on it.
    return iso(moment if moment.tzinfo else moment.replace(tzinfo=UTC))


def inbox_values(forum: str, message: PrivateMessage | Post, now: datetime) -> dict[str, Any]:
    # Imported here: the commands that only read the store (status) need not build the
    # adapters' message classes (seven dataclasses, about 5 ms of start-up).
    from autogm.adapters.base import PrivateMessage

    values = {
        "forum": forum,
        "forum_id": message.id,
        "author": message.author,
        "author_id": message.author_id,
        "source": message.source,
        "text": message.text,
        "quotes": to_json(list(message.quotes)),
        "received_at": iso(now),
    }
    if isinstance(message, PrivateMessage):
        return values | {
            "kind": "pm",
            "topic": None,
            "subject": message.subject,
            "sent_at": _received_time(message.sent_at),
            "edited_at": None,
            "recipients": to_json(list(message.recipients)),
        }
    return values | {
        "kind": "post",
        "topic": message.topic,
        "subject": None,
        "sent_at": _received_time(message.posted_at),
        "edited_at": _received_time(message.edited_at) if message.edited_at else None,
        "recipients": "[]",
    }
