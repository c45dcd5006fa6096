"""The outbox: every post and private message the daemon sends, sent exactly once.

A message is written to the ``outbox`` table in the same transaction as whatever produced it
(a phase result, an acknowledgement), then :func:`deliver` sends queued rows in order:

- the row is marked ``sending`` (committed) before the forum is called, and ``sent`` only
  after the forum accepted it;
- a row whose fate is unknown (the process died mid-call, the connection broke after the
  request went out, the forum answered with a page nobody understands) becomes ``unknown``
  and is looked for on the forum (the sent PMs, the topic) before it is sent again;
- flood limits are waited out, outages backed off exponentially (with jitter, capped), and a
  wait longer than ``Policy.max_sleep`` ends the run: the next run resumes after it, so one
  stuck forum never holds the worker thread for long.

Each message carries an invisible marker (zero-width characters derived from its dedupe key)
at the end of its body, which is what the look-up matches; an exact body match (whitespace
collapsed) is the fallback for adapters that drop those characters.
"""

from __future__ import annotations

import hashlib
import logging
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol, runtime_checkable

from adapters.base import (
    Banned,
    BoardDisabled,
    FloodLimited,
    FormExpired,
    Forum,
    LoginFailed,
    NoPermission,
    NotFound,
    PostRef,
    PrivateMessage,
    Rejected,
    SessionExpired,
    Unavailable,
)
from daemon.store import Store, from_iso, from_json, iso, to_json, topic_mark

log = logging.getLogger(__name__)

KINDS = ("pm", "post", "edit")
MARKER_ALPHABET = "\u200b\u200c\u200d\u2060"  # zero width space, non-joiner, joiner, word joiner
BACKOFF_MARK = "outbox:backoff"


def marker(dedupe_key: str) -> str:
    """16 zero-width characters (32 bits of the key's hash): unseen by readers, findable."""
    value = int.from_bytes(hashlib.sha256(dedupe_key.encode()).digest()[:4], "big")
    return "".join(MARKER_ALPHABET[(value >> shift) & 3] for shift in range(30, -1, -2))


def _normalize(text: str) -> str:
    return " ".join(text.translate({ord(c): None for c in MARKER_ALPHABET}).split())


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


def enqueue(store: Store, message: Outgoing, now: datetime, *, hold: bool = False) -> int | None:
    """Add a message (inside the caller's transaction); None if its dedupe key is known.

    ``hold=True`` keeps it back (state ``held``) until :func:`release`, for results that
    wait for the GM's approval.
    """
    target = message.target
    cursor = store.execute(
        "INSERT INTO outbox (forum, game, phase, kind, recipients, topic, target, subject, body,"
        " state, dedupe_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (dedupe_key) DO NOTHING",
        [
            message.forum,
            message.game,
            message.phase,
            message.kind,
            to_json(list(message.recipients)),
            message.topic,
            to_json({"topic": target.topic, "post_id": target.post_id}) if target else None,
            message.subject,
            message.body,
            "held" if hold else "queued",
            message.dedupe_key,
            iso(now),
        ],
    )
    return cursor.lastrowid if cursor.rowcount == 1 else None


def rows(store: Store, forum: str | None = None, *states: str) -> list[OutboxRow]:
    """Outbox rows in the order they were queued, of one forum and some states if given."""
    where, params = ["1"], []
    if forum is not None:
        where.append("forum = ?")
        params.append(forum)
    if states:
        where.append(f"state IN ({', '.join('?' * len(states))})")
        params += states
    found = store.rows(f"SELECT * FROM outbox WHERE {' AND '.join(where)} ORDER BY id", params)
    return [OutboxRow.from_row(r) for r in found]


def get(store: Store, outbox_id: int) -> OutboxRow | None:
    found = store.rows("SELECT * FROM outbox WHERE id = ?", [outbox_id])
    return OutboxRow.from_row(found[0]) if found else None


def release(store: Store, game: str, phase: str) -> int:
    """Let a phase's held messages go (the GM approved them); returns how many."""
    cursor = store.execute(
        "UPDATE outbox SET state = 'queued' WHERE game = ? AND phase = ? AND state = 'held'",
        [game, phase],
    )
    return cursor.rowcount


def recover(store: Store, now: datetime) -> int:
    """At start: a row left ``sending`` was cut off mid-call, so its fate is unknown."""
    with store.atomic():
        stuck = rows(store, None, "sending")
        for row in stuck:
            _set(store, row.id, state="unknown", error="interrupted while sending")
            store.log("outbox.unknown", {"id": row.id, "why": "interrupted"}, now, row.game)
    return len(stuck)


def resend(store: Store, outbox_id: int, label: str, now: datetime) -> int:
    """Send a message again (a GM override): a sent one as a copy, a stuck one as itself."""
    row = get(store, outbox_id)
    if row is None:
        raise LookupError(f"no outbox message {outbox_id}")
    if row.state != "sent":
        if row.state in ("failed", "unknown", "held"):
            _set(store, row.id, state="queued", attempts=0, error=None)
        return row.id
    copy = Outgoing(
        forum=row.forum,
        kind=row.kind,
        dedupe_key=f"{row.dedupe_key}#resend:{label}",
        body=row.body,
        game=row.game,
        phase=row.phase,
        recipients=row.recipients,
        subject=row.subject,
        topic=row.topic,
        target=row.target,
    )
    return enqueue(store, copy, now) or row.id


def _set(store: Store, outbox_id: int, **fields: Any) -> None:
    assignments = ", ".join(f"{key} = :{key}" for key in fields)
    store.execute(f"UPDATE outbox SET {assignments} WHERE id = :id", {**fields, "id": outbox_id})


@runtime_checkable
class SentLookup(Protocol):
    """The proposed addition to ``adapters.base.Forum``: our own sent PMs since a time.

    Both the sentbox and the outbox must be read on phpBB: a PM stays in the sender's outbox
    until the recipient opens a PM page. Without this method an unknown PM is held for the
    GM (``resend``) instead of being sent a second time.
    """

    def sent_private_messages(self, since: datetime) -> list[PrivateMessage]: ...


@dataclass(frozen=True, slots=True)
class Policy:
    backoff_base: timedelta = timedelta(seconds=30)
    backoff_cap: timedelta = timedelta(minutes=30)
    max_sleep: timedelta = timedelta(seconds=90)
    max_attempts: int = 5
    # How far before a row's send attempt to read the sent PMs: forum clocks drift and
    # phpBB shows times to the minute.
    lookup_margin: timedelta = timedelta(minutes=10)
    send_interval: timedelta = timedelta(0)


@dataclass
class Report:
    sent: int = 0
    failed: int = 0
    found: int = 0
    waiting_until: datetime | None = None
    blocked: str | None = None


class _Wait(Exception):
    """Ends a deliver run: the forum needs longer than we are willing to sleep."""

    def __init__(self, until: datetime) -> None:
        self.until = until


class _Blocked(Exception):
    """The forum refuses us outright (banned, login refused): the GM has to act."""


@dataclass
class _Run:
    store: Store
    forum: Forum
    forum_name: str
    clock: Callable[[], datetime]
    sleep: Callable[[float], None]
    rng: random.Random
    policy: Policy
    account: str | None
    report: Report = field(default_factory=Report)
    failures: int = 0
    last_send: datetime | None = None
    unresolved: set[int] = field(default_factory=set)

    def wait(self, seconds: float) -> None:
        """Sleep if short enough, else end the run and resume after ``seconds``."""
        if seconds > self.policy.max_sleep.total_seconds():
            raise _Wait(self.clock() + timedelta(seconds=seconds))
        self.sleep(seconds)

    def back_off(self) -> None:
        self.failures += 1
        base = self.policy.backoff_base.total_seconds() * 2 ** (self.failures - 1)
        delay = min(base, self.policy.backoff_cap.total_seconds())
        self.wait(delay * (0.5 + self.rng.random() / 2))  # "equal jitter": half fixed

    def call(self, fn: Callable[[], Any]) -> Any:
        """A forum read with the usual waits: flood, outage, expired session."""
        logins = 0
        while True:
            try:
                result = fn()
            except FloodLimited as exc:
                self.wait(exc.wait_seconds + 1)
            except (Unavailable, BoardDisabled):
                self.back_off()
            except SessionExpired:
                logins += 1
                if logins > 2:  # logged in, yet still refused: treat it as an outage
                    self.back_off()
                self._login()
            else:
                self.failures = 0
                return result

    def _login(self) -> None:
        try:
            self.forum.login()
        except (LoginFailed, Banned) as exc:
            raise _Blocked(str(exc)) from exc
        except (Unavailable, BoardDisabled):
            self.back_off()


def deliver(
    store: Store,
    forum: Forum,
    *,
    forum_name: str,
    clock: Callable[[], datetime],
    sleep: Callable[[float], None],
    progress: Callable[[str], None] | None = None,
    rng: random.Random | None = None,
    policy: Policy | None = None,
    account: str | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Report:
    """Send this forum's queued messages in order; see the module docstring for the rules.

    ``account`` is the GM's user name on the forum; when given, only its posts count as
    ours in a look-up. ``should_stop`` is asked before each message (SIGTERM: finish the
    current one, then stop). Returns what happened; a row never leaves this function in
    ``sending`` unless the process dies.
    """
    run = _Run(
        store, forum, forum_name, clock, sleep, rng or random.Random(), policy or Policy(), account
    )
    saved = from_json(store.mark(forum_name, BACKOFF_MARK)) or {}
    run.failures = saved.get("failures", 0)
    until = from_iso(saved.get("until"))
    if until is not None and clock() < until:
        run.report.waiting_until = until
        return run.report
    done = 0
    try:
        while not (should_stop and should_stop()):
            _settle_unknown(run)
            queued = rows(store, forum_name, "queued")
            if not queued:
                break
            if _send(run, queued[0]):
                done += 1
                if progress:
                    progress(f"sending to {forum_name}: {done}/{done + len(queued) - 1}")
    except _Wait as wait:
        run.report.waiting_until = wait.until
    except _Blocked as blocked:
        run.report.blocked = str(blocked)
        run.report.waiting_until = clock() + run.policy.backoff_cap
        store.log("outbox.blocked", {"forum": forum_name, "error": str(blocked)}, clock())
        log.error("%s: sending stopped, the forum refuses us: %s", forum_name, blocked)
    backoff = {"failures": run.failures}
    if run.report.waiting_until:
        backoff["until"] = iso(run.report.waiting_until)
    if backoff != saved:  # an idle run writes nothing
        store.set_mark(forum_name, BACKOFF_MARK, to_json(backoff), clock())
    return run.report


def _send(run: _Run, row: OutboxRow) -> bool:
    """One attempt at one row; True when the forum accepted it."""
    store = run.store
    if row.attempts >= run.policy.max_attempts:
        _give_up(run, row, f"gave up after {row.attempts} attempts: {row.error}")
        return False
    _space_out(run, row)
    now = run.clock()
    probe = store.mark(run.forum_name, topic_mark(row.topic)) if row.kind == "post" else None
    _set(
        store,
        row.id,
        state="sending",
        attempts=row.attempts + 1,
        attempted_at=iso(now),
        probe_after=probe,
    )
    try:
        ref = _call_forum(run.forum, row)
    except (FloodLimited, BoardDisabled) as exc:
        # A refusal that says nothing about the message: wait, and do not count the attempt.
        _set(store, row.id, state="queued", attempts=row.attempts, error=str(exc))
        if isinstance(exc, FloodLimited):
            run.wait(exc.wait_seconds + 1)
        else:
            run.back_off()
    except (SessionExpired, FormExpired) as exc:
        # The forum refused the form, so nothing was posted: log in (or let the adapter fetch
        # a fresh form on its next call) and try again; max_attempts bounds a loop of these.
        _set(store, row.id, state="queued", error=str(exc))
        if isinstance(exc, SessionExpired):
            run._login()
    except (LoginFailed, Banned, NoPermission) as exc:
        _set(store, row.id, state="queued", attempts=row.attempts, error=str(exc))
        raise _Blocked(f"{type(exc).__name__}: {exc}") from exc
    except (NotFound, Rejected) as exc:
        # No such user or topic, or a message the forum will never take (too short...).
        _give_up(run, row, f"{type(exc).__name__}: {exc}")
    except Unavailable as exc:
        _mark_unknown(run, row, exc)
        run.back_off()
    except Exception as exc:
        # UnrecognisedPage, or a bug in an adapter: the request may have gone through.
        _mark_unknown(run, row, exc)
    else:
        _mark_sent(run, row, ref, now)
        return True
    return False


def _call_forum(forum: Forum, row: OutboxRow) -> Any:
    if row.kind == "pm":
        sent = forum.send_private_message(list(row.recipients), row.subject or "", row.wire_body)
        return {"id": sent.id, "recipients": list(sent.recipients)}
    if row.kind == "post":
        assert row.topic is not None
        posted = forum.reply(row.topic, row.wire_body)
        return {"topic": posted.topic, "post_id": posted.post_id}
    assert row.target is not None
    forum.edit_post(row.target, row.wire_body)
    return {"topic": row.target.topic, "post_id": row.target.post_id}


def _space_out(run: _Run, row: OutboxRow) -> None:
    """Keep ``send_interval`` between two messages (phpBB's flood interval); edits are exempt."""
    if row.kind == "edit" or run.last_send is None:
        return
    gap = run.policy.send_interval - (run.clock() - run.last_send)
    if gap > timedelta(0):
        run.sleep(gap.total_seconds())


def _mark_sent(run: _Run, row: OutboxRow, ref: Any, now: datetime) -> None:
    _set(run.store, row.id, state="sent", forum_ref=to_json(ref), sent_at=iso(now), error=None)
    told = ref.get("recipients") if row.kind == "pm" else None
    if told and not _same_people(told, row.recipients):
        # Sent is sent; but a PM that reached other accounts than asked is worth a loud note.
        details = {"id": row.id, "asked": list(row.recipients), "forum_says": told}
        run.store.log("outbox.recipients-differ", details, now, row.game)
        log.error("PM #%d: the forum says it went to %s, not %s", row.id, told, row.recipients)
    run.failures = 0
    run.last_send = now
    run.report.sent += 1
    log.info("sent %s #%d (%s %s)", row.kind, row.id, row.game or "-", row.phase or "-")


def _mark_unknown(run: _Run, row: OutboxRow, exc: Exception) -> None:
    error = f"{type(exc).__name__}: {exc}"
    _set(run.store, row.id, state="unknown", error=error)
    run.store.log("outbox.unknown", {"id": row.id, "why": error}, run.clock(), row.game)
    log.warning(
        "%s #%d: fate unknown (%s); looking for it before resending", row.kind, row.id, error
    )


def _give_up(run: _Run, row: OutboxRow, why: str) -> None:
    _set(run.store, row.id, state="failed", error=why)
    run.store.log("outbox.failed", {"id": row.id, "why": why}, run.clock(), row.game)
    run.report.failed += 1
    log.error("%s #%d failed: %s", row.kind, row.id, why)


def _settle_unknown(run: _Run) -> None:
    """Look for each unknown row on the forum: found → sent, not found → queued again."""
    for row in rows(run.store, run.forum_name, "unknown"):
        if row.id in run.unresolved:
            continue
        if row.kind == "edit":  # writing the same text again is harmless
            _set(run.store, row.id, state="queued")
            continue
        try:
            ref = _look_up(run, row)
        except (_Wait, _Blocked):
            raise
        except Exception as exc:
            run.unresolved.add(row.id)
            log.warning("could not look for %s #%d: %s", row.kind, row.id, exc)
            continue
        if ref is _UNVERIFIABLE:
            run.unresolved.add(row.id)
        elif ref is None:
            _set(run.store, row.id, state="queued")
        else:
            _mark_sent(run, row, ref, run.clock())
            run.report.found += 1


_UNVERIFIABLE = object()


def _look_up(run: _Run, row: OutboxRow) -> Any:
    """The forum ref of ``row`` if the forum has it, None if not, or _UNVERIFIABLE."""
    if row.kind == "pm":
        forum = run.forum
        if not isinstance(forum, SentLookup):
            return _UNVERIFIABLE
        since = (row.attempted_at or run.clock()) - run.policy.lookup_margin
        for pm in run.call(lambda: forum.sent_private_messages(since)):
            same_people = not pm.recipients or _same_people(pm.recipients, row.recipients)
            if same_people and _is_ours(row, pm.source, pm.text):
                return {"id": pm.id, "recipients": list(pm.recipients)}
        return None
    assert row.topic is not None
    for post in run.call(lambda: run.forum.posts_after(row.topic, row.probe_after)):
        if run.account and post.author.casefold() != run.account.casefold():
            continue
        if _is_ours(row, post.source, post.text):
            return {"topic": post.topic, "post_id": post.id}
    return None


def _same_people(a: Any, b: Any) -> bool:
    return {name.casefold() for name in a} == {name.casefold() for name in b}


def _is_ours(row: OutboxRow, source: str, text: str) -> bool:
    # The marker must be in the author's own words (``text``) or the source outside quotes:
    # a player quoting our post copies the marker, but quotes are kept out of ``text``.
    tag = marker(row.dedupe_key)
    outside_quotes = re.sub(r"(?is)\[quote[^\]]*\].*\[/quote\]", "", source)
    if tag in text or tag in outside_quotes:
        return True
    return _normalize(source) == _normalize(row.body)
