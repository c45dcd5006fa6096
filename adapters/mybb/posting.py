"""Submitting MyBB's forms: a reply (which MyBB may merge into our last post), an edit (of one
part of a post), a PM; with the flood waits each may meet.

Every form carries ``my_post_key``, the same for a day in every form of the account, so a form
is fetched, filled and posted back whole; no minimum age. A refused form comes back with
``div.error`` and the message kept; an error page means nothing was done. Two flood clocks,
60 s each by default (posts, PMs), spare administrators and moderators: a refusal says how
many seconds are left, so the wait is that long, and the interval it reveals spaces the next
submissions on that clock.

The PM compose form is fetched once and used for many PMs (each PM after the first is
one request): it holds nothing of one message, and its ``my_post_key`` is the member's for 18
to 24 hours (README of the board kit). A kept form the board refuses ("Authorization code
mismatch") is fetched again once; nothing was sent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bs4 import BeautifulSoup

from autogm.adapters.base import (
    FloodLimited,
    FormExpired,
    NotFound,
    PostRef,
    Rejected,
    SentRef,
    UnrecognisedPage,
)
from autogm.adapters.mybb import mycode
from autogm.adapters.mybb.errors import error_for_form
from autogm.adapters.mybb.pages import message_box, page_info
from autogm.adapters.mybb.thread import ThreadPage, part_id, split_id
from autogm.adapters.mybb.urls import endpoint
from autogm.adapters.web.archive import PageArchive
from autogm.adapters.web.forms import Form, find_form
from autogm.adapters.web.transport import Page, Transport
from autogm.adapters.web.urls import query_value

LOGGER = logging.getLogger(__name__)
ATTEMPTS = 3
POSTS, PMS = "posts", "pms"  # MyBB's two flood clocks
# Longer than this a flood wait is not slept here: the caller hears of it and comes back.
MAX_FLOOD_WAIT = 120.0
# How long a fetched PM compose form is used for further PMs (its key lives 18 h at least).
PM_FORM_REUSE = 3600.0


@dataclass(frozen=True, slots=True)
class Answer:
    """A submitted form's answer: where a redirect leads (a 302's Location or the friendly
    redirect page's link), or the page shown instead."""

    page: Page
    soup: BeautifulSoup | None
    target: str | None


class Poster:
    """Fetches a MyBB form, fills it, submits it, and reads the answer."""

    def __init__(
        self,
        transport: Transport,
        understand: Callable[[Page, str], BeautifulSoup],
        read_last_page: Callable[[str], ThreadPage],
        archive: PageArchive,
        me: Callable[[], str | None],
    ) -> None:
        self.transport = transport
        self.understand = understand
        self.read_last_page = read_last_page
        self.archive = archive
        self.me = me  # our user id, once logged in
        self._pm_form: tuple[Form, float] | None = None  # the compose form, when fetched

    def forget_forms(self) -> None:
        """A new login: a kept form's key may be the old one's."""
        self._pm_form = None

    def _unrecognised(self, page: Page, detail: str) -> UnrecognisedPage:
        return UnrecognisedPage(detail, self.archive.save(page.url, page.status, page.text, detail))

    # -- replies -------------------------------------------------------------------------

    def reply(self, topic: str, body: str) -> PostRef:
        """Post ``body`` in ``topic``. When MyBB merges it into our own last post, the
        answer names that post: the reply is then its next part ("41.2")."""
        what = f"reply to thread {topic}"
        last = self.read_last_page(topic)
        form = last.reply_form
        if form is None:  # no quick reply (turned off): the full reply form
            form, _ = self._form(endpoint("reply", topic=topic), what, "input")
        before = _last_post(last)
        answer = self._submit(form, what, {"message": mycode.keep_ends(body)}, POSTS)
        post_id = query_value((answer.target or "").split("#", 1)[0], "pid")
        if post_id is None:
            raise self._unrecognised(answer.page, f"{what}: no post id in the answer")
        if before is not None and before[0] == post_id and before[1] == self.me():
            part = before[2] + 1
            LOGGER.info("%s: MyBB merged it into post %s as part %d", what, post_id, part)
            return PostRef(topic=topic, post_id=part_id(post_id, part))
        return PostRef(topic=topic, post_id=post_id)

    # -- edits ---------------------------------------------------------------------------

    def edit(self, post: PostRef, body: str) -> None:
        """Make the message ``post`` names read ``body``: the whole post, or one part of a
        merged post (the other parts are kept as they are)."""
        post_id, part = split_id(post.post_id)
        what = f"edit post {post.post_id}"
        form, _ = self._form(endpoint("edit", post_id=post_id), what, "editpost")
        source = form.value("message") or ""
        try:
            message = mycode.replace_part(source, part, body)
        except IndexError as error:
            raise NotFound(f"{what}: {error}") from error
        # Edits have no flood limit: a plain POST, no clock.
        self._submit(form, what, {"message": mycode.keep_ends(message)}, None, "submitbutton")

    # -- private messages ----------------------------------------------------------------

    def send_pm(
        self, names: list[str], subject: str, body: str, *, wait_flood: bool = True
    ) -> SentRef:
        """Send one PM to ``names``. MyBB's answer names no PM: the caller finds it in Sent
        Items if it must (a copy is always kept: ``options[savecopy]``). A flood refusal is
        waited out, or with ``wait_flood`` False raised (the interval it reveals learned)."""
        what = "send a private message"
        kept = self._pm_form
        if kept is not None and self.transport.clock() - kept[1] < PM_FORM_REUSE:
            try:
                return self._send_pm(kept[0], names, subject, body, wait_flood)
            except FormExpired:
                LOGGER.info("%s: the kept compose form was refused; fetching it again", what)
        form, _ = self._form(endpoint("pm_compose"), what, "input")
        self._pm_form = (form, self.transport.clock())
        return self._send_pm(form, names, subject, body, wait_flood)

    def _send_pm(
        self, form: Form, names: list[str], subject: str, body: str, wait_flood: bool
    ) -> SentRef:
        what = "send a private message"
        values = {
            "to": ", ".join(names),
            "bcc": "",
            "subject": subject,
            "message": body,
            "options[savecopy]": "1",
        }
        answer = self._submit(
            form,
            what,
            values,
            PMS,
            drop=("options[readreceipt]", "saveasdraft", "preview"),
            wait_flood=wait_flood,
        )
        if answer.target is None:
            raise self._unrecognised(answer.page, f"{what}: no confirmation in the answer")
        return SentRef(id=None, recipients=tuple(names))

    # -- forms ---------------------------------------------------------------------------

    def _form(self, url: str, what: str, form_id: str) -> tuple[Form, BeautifulSoup]:
        page = self.transport.get(url)
        soup = self.understand(page, what)
        form = find_form(soup, form_id)
        if form is None:
            raise self._unrecognised(page, f"{what}: the page has no form {form_id!r}")
        return form, soup

    def _submit(
        self,
        form: Form,
        what: str,
        values: dict[str, str],
        clock: str | None,
        button: str = "submit",
        drop: tuple[str, ...] = (),
        wait_flood: bool = True,
    ) -> Answer:
        fetched_at = self.transport.clock()
        for attempt in range(1, ATTEMPTS + 1):
            payload = form.payload(button, values, drop=drop)
            if clock is None:
                page = self.transport.post(form.action, payload, fetched_at)
            else:
                page = self.transport.submit_message(form.action, payload, fetched_at, clock)
            if page.status in (301, 302, 303):
                return Answer(page, None, page.location)
            soup = self.understand(page, what)  # raises for error pages and a lost login
            box = message_box(soup)
            if box is not None:  # the friendly redirect: what was asked is done
                return Answer(page, soup, next(iter(box.links), ""))
            form = self._form_again(page, soup, what, attempt, clock, wait_flood)
            fetched_at = self.transport.clock()
        raise Rejected(f"{what}: refused {ATTEMPTS} times")

    def _form_again(
        self,
        page: Page,
        soup: BeautifulSoup,
        what: str,
        attempt: int,
        clock: str | None,
        wait_flood: bool = True,
    ) -> Form:
        """The form shown again, once the reason it came back is waited out."""
        form = find_form(soup, "editpost", "input")
        if form is None:
            raise self._unrecognised(page, f"{what}: neither a confirmation nor a form")
        error = error_for_form(page_info(soup, page.text).form_errors)
        if error is None:
            raise self._unrecognised(page, f"{what}: the form came back without a reason")
        if not isinstance(error, FloodLimited) or attempt >= ATTEMPTS or clock is None:
            raise error
        if error.wait_seconds > MAX_FLOOD_WAIT:
            raise error
        self._learn(clock, error.wait_seconds)
        if not wait_flood:
            raise error
        LOGGER.info("%s: %s; waiting it out", what, error)
        self.transport.sleep(error.wait_seconds)
        return form

    def _learn(self, clock: str, wait: float) -> None:
        """The board's interval on ``clock``, from a refusal: MyBB says ``interval - (now -
        last) + 1`` seconds are left, and we know when our last submission was."""
        self.transport.flood_refusals += 1
        last = self.transport.submitted_at(clock)
        since = self.transport.clock() - last if last is not None else 0.0
        learned = max(0.0, wait - 1 + since)
        if learned > self.transport.flood_intervals.get(clock, 0.0):
            self.transport.flood_intervals[clock] = learned
            LOGGER.info("the board's %s flood interval is about %.0f s", clock, learned)


def _last_post(page: ThreadPage) -> tuple[str, str | None, int] | None:
    """(post id, author id, parts) of the thread's last post, from its last page."""
    if not page.posts:
        return None
    post_id = split_id(page.posts[-1].id)[0]
    return post_id, page.posts[-1].author_id, page.parts.get(post_id, 1)
