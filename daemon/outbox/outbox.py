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

The message and its invisible marker are in :mod:`daemon.outbox.message`, a run's waits and
back-off in :mod:`daemon.outbox.run`, the look-up for a message of unknown fate in
:mod:`daemon.outbox.lookup`.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from datetime import datetime
from typing import Any

from autogm.adapters.base import (
    Banned,
    BoardDisabled,
    FloodLimited,
    FormExpired,
    Forum,
    Interrupted,
    LoginFailed,
    NoPermission,
    NotFound,
    Rejected,
    SessionExpired,
    Unavailable,
    interrupting,
)
from autogm.daemon.outbox.lookup import UNVERIFIABLE, look_up
from autogm.daemon.outbox.message import OutboxRow, Outgoing, same_people
from autogm.daemon.outbox.run import Blocked, Policy, Report, Run, Wait, call_forum, space_out
from autogm.daemon.store.db import Store, topic_mark
from autogm.daemon.store.rows import from_iso, from_json, iso, to_json
from autogm.engine.render.inert import printable

log = logging.getLogger(__name__)
BACKOFF_MARK = "outbox:backoff"


def enqueue(store: Store, message: Outgoing, now: datetime, *, hold: bool = False) -> int | None:
    """Add a message (inside the caller's transaction); None if its dedupe key is known.

    ``hold=True`` keeps it back (state ``held``) until :func:`release`, for results that
    wait for the GM's approval.
    """
    target = message.target
    # No control character goes out, whoever wrote the text (player text is inert already;
    # this is the wire's own guard).
    body, subject = printable(message.body), printable(message.subject or "") or None
    cursor = store.execute(
        "INSERT INTO outbox (forum, game, phase, kind, recipients, topic, target, subject, body,"
        " state, dedupe_key, created_at, priority) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (dedupe_key) DO NOTHING",
        [
            message.forum,
            message.game,
            message.phase,
            message.kind,
            to_json(list(message.recipients)),
            message.topic,
            to_json({"topic": target.topic, "post_id": target.post_id}) if target else None,
            subject,
            body,
            "held" if hold else "queued",
            message.dedupe_key,
            iso(now),
            message.priority,
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


def next_queued(store: Store, forum: str) -> tuple[OutboxRow | None, int]:
    """The queued row of ``forum`` to send next (a phase's results first, then in the order
    queued), and how many are queued in all."""
    found = store.rows(
        "SELECT * FROM outbox WHERE forum = ? AND state = 'queued' ORDER BY priority, id LIMIT 1",
        [forum],
    )
    if not found:
        return None, 0
    count = store.rows(
        "SELECT count(*) AS n FROM outbox WHERE forum = ? AND state = 'queued'", [forum]
    )[0]["n"]
    return OutboxRow.from_row(found[0]), count


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
    interrupt: Callable[[], bool] | None = None,
) -> Report:
    """Send this forum's queued messages, a phase's results first, then in the order queued;
    see the module docstring for the rules.

    ``account`` is the GM's user name on the forum; when given, only its posts count as
    ours in a look-up. ``should_stop`` is asked before each message (SIGTERM: finish the
    current one, then stop); ``interrupt`` before each request of a look-up, which can read
    many pages (a more urgent job waits: the run ends there, the row keeps its unknown fate
    for the next run). Returns what happened; a row never leaves this function in ``sending``
    unless the process dies.
    """
    run = Run(
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
            with interrupting(forum, interrupt):
                _settle_unknown(run)
            row, queued = next_queued(store, forum_name)
            if row is None:
                break
            if _send(run, row):
                done += 1
                if progress:
                    progress(f"sending to {forum_name}: {done}/{done + queued - 1}")
    except Interrupted:
        log.info("%s: a look-up stopped between two requests: a phase close is due", forum_name)
    except Wait as wait:
        run.report.waiting_until = wait.until
    except Blocked as blocked:
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


def _send(run: Run, row: OutboxRow) -> bool:
    """One attempt at one row; True when the forum accepted it."""
    store = run.store
    if row.attempts >= run.policy.max_attempts:
        _give_up(run, row, f"gave up after {row.attempts} attempts: {row.error}")
        return False
    space_out(run, row)
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
        ref = call_forum(run.forum, row)
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
        raise Blocked(f"{type(exc).__name__}: {exc}") from exc
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


def _mark_sent(run: Run, row: OutboxRow, ref: Any, now: datetime) -> None:
    _set(run.store, row.id, state="sent", forum_ref=to_json(ref), sent_at=iso(now), error=None)
    told = ref.get("recipients") if row.kind == "pm" else None
    if told and not same_people(told, row.recipients):
        # Sent is sent; but a PM that reached other accounts than asked is worth a loud note.
        details = {"id": row.id, "asked": list(row.recipients), "forum_says": told}
        run.store.log("outbox.recipients-differ", details, now, row.game)
        log.error("PM #%d: the forum says it went to %s, not %s", row.id, told, row.recipients)
    run.failures = 0
    run.last_send = now
    run.report.sent += 1
    log.info("sent %s #%d (%s %s)", row.kind, row.id, row.game or "-", row.phase or "-")


def _mark_unknown(run: Run, row: OutboxRow, exc: Exception) -> None:
    error = f"{type(exc).__name__}: {exc}"
    _set(run.store, row.id, state="unknown", error=error)
    run.store.log("outbox.unknown", {"id": row.id, "why": error}, run.clock(), row.game)
    log.warning(
        "%s #%d: fate unknown (%s); looking for it before resending", row.kind, row.id, error
    )


def _give_up(run: Run, row: OutboxRow, why: str) -> None:
    _set(run.store, row.id, state="failed", error=why)
    run.store.log("outbox.failed", {"id": row.id, "why": why}, run.clock(), row.game)
    run.report.failed += 1
    log.error("%s #%d failed: %s", row.kind, row.id, why)


def _settle_unknown(run: Run) -> None:
    """Look for each unknown row on the forum: found → sent, not found → queued again."""
    for row in rows(run.store, run.forum_name, "unknown"):
        if row.id in run.unresolved:
            continue
        if row.kind == "edit":  # writing the same text again is harmless
            _set(run.store, row.id, state="queued")
            continue
        try:
            ref = look_up(run, row)
        except (Wait, Blocked, Interrupted):
            raise
        except Exception as exc:
            run.unresolved.add(row.id)
            log.warning("could not look for %s #%d: %s", row.kind, row.id, exc)
            continue
        if ref is UNVERIFIABLE:
            run.unresolved.add(row.id)
        elif ref is None:
            _set(run.store, row.id, state="queued")
        else:
            _mark_sent(run, row, ref, run.clock())
            run.report.found += 1
