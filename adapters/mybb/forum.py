"""MyBBForum: the Forum protocol on a MyBB 1.8 board, composing transport and parsers."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from bs4 import BeautifulSoup

from autogm.adapters.base import (
    Finding,
    FloodLimited,
    FloodRule,
    NotFound,
    PMBatch,
    PMSummary,
    Post,
    PostRef,
    PrivateMessage,
    SentRef,
    SessionExpired,
    UnrecognisedPage,
    User,
)
from autogm.adapters.mybb import dates as mybb_dates
from autogm.adapters.mybb.errors import error_for_box
from autogm.adapters.mybb.forumdisplay import ListedThread, parse_forum_page
from autogm.adapters.mybb.login import log_in
from autogm.adapters.mybb.pages import message_box, page_info, page_kind, parse_memberlist, slim
from autogm.adapters.mybb.pm import PMFolderPage, read_pm_folder, read_pm_view
from autogm.adapters.mybb.posting import PMS, POSTS, Poster
from autogm.adapters.mybb.thread import ThreadPage, forum_of, order, read_thread_page, split_id
from autogm.adapters.mybb.urls import endpoint
from autogm.adapters.web import reading
from autogm.adapters.web.board import BoardForum
from autogm.adapters.web.dates import DateReader
from autogm.adapters.web.soup import PARSER, text_of
from autogm.adapters.web.transport import Page, Transport

LOGGER = logging.getLogger(__name__)
T = TypeVar("T")
_PROFILE_TITLE = re.compile(r"Profile of (.+)$")


class MyBBForum(BoardForum):
    """One account on one MyBB 1.8 board. Marks are returned, never kept here."""

    def __init__(
        self,
        base_url: str,
        username: str,
        password: str,
        *,
        transport: Transport | None = None,
        now: Callable[[], datetime] | None = None,
        page_dir: Path | None = None,
        request_interval: float = 1.0,
        allow_plain_http: bool = False,
    ) -> None:
        # No wait between two submissions until the board says it wants one (an administrator
        # or a moderator never hears it): see posting.py.
        super().__init__(
            username,
            password,
            transport or Transport(base_url, min_interval=request_interval, flood_interval=0.0),
            log_in,
            now,
            page_dir,
            allow_plain_http,
        )
        self.transport.flood_intervals.setdefault(POSTS, 0.0)
        self.transport.flood_intervals.setdefault(PMS, 0.0)
        # Until a page's clock says otherwise: the board's default formats, in UTC.
        self.dates = DateReader(formats=mybb_dates.FORMATS)
        self.poster = Poster(
            self.transport,
            self._understand_answer,
            self._last_page,
            self.archive,
            lambda: self._user_id,
        )
        self._users: dict[str, User] = {}
        self._closed_told = False
        # For ``last_posts``: the forum each thread read so far is in (its breadcrumbs), each
        # thread's row as the forum's list showed it last, and, for a thread read to its end
        # since, that row and the last message then read (see forumdisplay.py).
        self._forum_of: dict[str, str] = {}
        self._listed: dict[str, ListedThread] = {}
        self._read_at: dict[str, tuple[ListedThread, str]] = {}
        # The author (user id) of each thread's last post, as its last page showed it.
        self._last_author: dict[str, str | None] = {}

    def login(self) -> None:
        self.poster.forget_forms()
        super().login()

    # -- private messages ------------------------------------------------------------------

    def inbox(self) -> list[PMSummary]:
        return self._session(lambda: self._folder_page(endpoint("inbox")).messages)

    def new_private_messages(self, since: str | None) -> PMBatch:
        """PMs newer than ``since`` (and any older one still unread), oldest first, read (and
        so marked read). Nothing new costs one request: the inbox's first page."""
        return self._session(
            lambda: reading.new_private_messages(
                since, endpoint("inbox"), self._folder_listing, self._read_message
            )
        )

    def _folder_listing(self, url: str) -> reading.Page[PMSummary]:
        page = self._folder_page(url)
        return page.messages, page.next_url

    def _folder_page(self, url: str, sent: bool = False) -> PMFolderPage:
        page = self.transport.get(url)
        return self._understand(
            page, "pm_folder", "pm_folder", lambda soup: read_pm_folder(soup, *self._at(), sent)
        )

    def read_private_message(self, message_id: str) -> PrivateMessage:
        return self._session(lambda: self._read_message(message_id))

    def _read_message(self, message_id: str) -> PrivateMessage:
        page = self.transport.get(endpoint("pm_read", message_id=message_id))
        message = self._understand(
            page,
            f"pm_view {message_id}",
            "pm_view",
            lambda soup: read_pm_view(soup, message_id, *self._at()),
        )
        self._viewed.add(message_id)
        return message

    def sent_private_messages(self, since: datetime) -> list[PrivateMessage]:
        """Our PMs from ``since``'s minute on (MyBB shows no seconds), oldest first: Sent Items
        newest first until a row is older, then each PM found opened once for its text and
        recipients (reading our own copy marks nothing). MyBB delivers at once: nothing waits
        in an outbox."""
        return self._session(lambda: self._sent_private_messages(since))

    def _sent_private_messages(self, since: datetime) -> list[PrivateMessage]:
        cutoff = since.astimezone(UTC).replace(second=0, microsecond=0)

        def listing(url: str) -> reading.Page[PMSummary]:
            page = self._folder_page(url, sent=True)
            return page.messages, page.next_url

        messages: list[PrivateMessage] = []
        for row in sorted(reading.listed_since(endpoint("sent"), listing, cutoff), key=_pm_id):
            try:
                message = self._read_message(row.id)
            except NotFound:
                LOGGER.info("sent PM %s disappeared before it could be read", row.id)
                continue
            if message.sent_at >= cutoff:
                messages.append(message)
        return messages

    def send_private_message(
        self, to: Sequence[str | int | User], subject: str, body: str
    ) -> SentRef:
        if not to:
            raise NotFound("a private message needs at least one recipient")
        return self._session(
            lambda: self.poster.send_pm([self._name(who) for who in to], subject, body)
        )

    def _name(self, recipient: str | int | User) -> str:
        """MyBB addresses PMs by name; a user id is looked up on the member's profile."""
        if isinstance(recipient, User):
            return recipient.name or self._name(int(recipient.id))
        if isinstance(recipient, str):
            return recipient
        page = self.transport.get(f"member.php?action=profile&uid={recipient}")
        soup = BeautifulSoup(page.text, PARSER)
        found = _PROFILE_TITLE.search(text_of(soup.find("title")))
        if found is None:
            raise NotFound(f"no user with id {recipient} on this board")
        return found.group(1).strip()

    def flood_rule(self, measure: bool = False) -> FloodRule:
        """The account's PM flood rule (``adapters.base.ReportsFlood``; MyBB's post clock is
        another, waited out as the board asks). MyBB exempts administrators and moderators
        and tells a member refused as too soon how many seconds are left, so ``measure``
        needs two PMs from the account to itself: the second refused names the interval, the
        second taken means the account is exempt (or the board has no PM flood limit).
        Without ``measure``: what this process has learned from the board's refusals."""
        if measure:
            return self._session(self._measure_flood)
        pms, posts = (self.transport.flood_intervals.get(clock, 0.0) for clock in (PMS, POSTS))
        if not self.transport.flood_refusals:
            return FloodRule(None, None, "not measured (autogm check-forum --flood measures it)")
        how = (
            f"learned from {self.transport.flood_refusals} refusal(s) of the board: PMs every "
            f"{pms:.0f} s, posts every {posts:.0f} s (0: not refused yet)"
        )
        return FloodRule(pms or None, False, how)

    def _measure_flood(self) -> FloodRule:
        me = [self.username]
        subject = "autogm check-forum: flood test (delete me)"
        text = "Sent by autogm check-forum --flood to itself, to measure the board's flood rule."
        tries = sent = 0
        while sent < 2:
            tries += 1
            try:
                self.poster.send_pm(me, subject, f"{text} ({tries})", wait_flood=False)
            except FloodLimited as refused:
                if sent == 0 and tries == 1:
                    # A PM of a moment ago (the daemon's?) holds the clock: wait it out first,
                    # so that the second refusal names the interval from our own first PM.
                    self.transport.sleep(refused.wait_seconds)
                    continue
                if sent == 0:
                    raise
                interval = self.transport.flood_intervals.get(PMS, 0.0)
                how = (
                    f"the second of 2 PMs to itself refused ({refused}): one PM every "
                    f"{interval:.0f} s (MyBB's post clock is another, of its own interval)"
                )
                return FloodRule(interval, False, how)
            sent += 1
        how = "measured with 2 PMs to itself: the second went through at once"
        return FloodRule(0.0, True, how)

    # -- threads ---------------------------------------------------------------------------

    def posts_after(self, topic: str, after: str | None) -> list[Post]:
        """Posts (and parts of merged posts) after the mark ``after``, oldest first, from the
        page holding the mark's post on: a member's reply merged into their post while it was
        the thread's last comes as that post's next part."""
        return self._session(lambda: self._posts_after(topic, after))

    def _posts_after(self, topic: str, after: str | None) -> list[Post]:
        row = self._listed.get(topic)  # the list's row before the read, if it was looked at
        first = self._first_page(topic, after)

        def listing(url: str) -> reading.Page[Post]:
            page = self._thread_page(url, topic)
            return page.posts, page.next_url

        posts = reading.posts_after((first.posts, first.next_url), listing, after, order)
        last = posts[-1].id if posts else after
        if row is not None and last is not None:
            self._read_at[topic] = (row, last)
        return posts

    def last_posts(self, topics: Sequence[str]) -> dict[str, str | None]:
        """For each thread, the last message read of it when nothing was posted in it since,
        as its forum's list shows (``adapters.base.ListsLastPosts``): one request per forum
        the threads are in. None (read it to know) for a thread not read yet since its row
        was seen, one whose row changed, or one whose last post is not this account's: a
        reply MyBB merged into its author's last post changes nothing in the list."""
        return self._session(lambda: self._last_posts(topics))

    def _last_posts(self, topics: Sequence[str]) -> dict[str, str | None]:
        found: dict[str, str | None] = dict.fromkeys(topics)
        by_forum: dict[str, list[str]] = {}
        for topic in topics:
            forum = self._forum_of.get(topic)
            if forum is not None and self._last_author.get(topic) == self._user_id:
                by_forum.setdefault(forum, []).append(topic)
            else:
                # Not read yet, or another member's post is last, which may grow by merging
                # unseen: the list cannot tell, so it is not fetched for this thread.
                self._listed.pop(topic, None)
        for forum, listed in by_forum.items():
            page = self.transport.get(endpoint("forum", forum=forum))
            rows = self._understand(page, f"forum {forum}", "forum", parse_forum_page)
            for topic in listed:
                row = rows.get(topic)
                if row is None:
                    self._listed.pop(topic, None)
                    continue
                self._listed[topic] = row
                read = self._read_at.get(topic)
                if read is not None and read[0] == row and row.last_poster == self._user_id:
                    found[topic] = read[1]
        return found

    def _first_page(self, topic: str, after: str | None) -> ThreadPage:
        if after:
            post_id = split_id(after)[0]
            try:
                page = self._thread_page(endpoint("post", post_id=post_id), topic)
            except NotFound:
                LOGGER.info("post %s is gone; reading thread %s from the start", post_id, topic)
            else:
                if page.topic_id in (None, topic):
                    return page
                LOGGER.info("post %s moved to thread %s; reading from the start", post_id, topic)
        return self._thread_page(endpoint("thread", topic=topic), topic)

    def _thread_page(self, url: str, topic: str) -> ThreadPage:
        page = self.transport.get(url)

        def parse(soup: BeautifulSoup) -> tuple[ThreadPage, str | None]:
            return read_thread_page(soup, *self._at()), forum_of(soup)

        parsed, forum = self._understand(page, f"thread {topic}", "topic", parse)
        if parsed.topic_id in (None, topic):
            if forum is not None:
                self._forum_of[topic] = forum
            if parsed.next_url is None and parsed.posts:
                self._last_author[topic] = parsed.posts[-1].author_id
        if parsed.topic_id is None:
            posts = [replace(post, topic=topic) for post in parsed.posts]
            return replace(parsed, topic_id=topic, posts=posts)
        return parsed

    def _last_page(self, topic: str) -> ThreadPage:
        return self._thread_page(endpoint("thread_last", topic=topic), topic)

    def reply(self, topic: str, body: str, subject: str | None = None) -> PostRef:
        return self._session(lambda: self.poster.reply(topic, body))

    def edit_post(self, post: PostRef, body: str) -> None:
        self._session(lambda: self.poster.edit(post, body))

    # -- users -----------------------------------------------------------------------------

    def find_user(self, name: str) -> User | None:
        key = name.casefold()
        if key not in self._users:
            page = self._session(lambda: self.transport.get(endpoint("member", name=name)))
            users = self._understand(page, f"member {name}", "memberlist", parse_memberlist)
            for user in users:
                self._users[user.name.casefold()] = user
            if key not in self._users:
                return None
        return self._users[key]

    # -- the board's settings --------------------------------------------------------------

    def board_findings(self, topic: str) -> list[Finding]:
        """What check-forum reports of the board's settings autogm relies on (settings.py)."""
        from autogm.adapters.mybb.settings import findings

        return self._session(lambda: findings(self, topic))

    # -- understanding pages ---------------------------------------------------------------

    def _at(self) -> tuple[DateReader, datetime]:
        return self.dates, self.now()

    def _understand(
        self, page: Page, what: str, kind: str, parse: Callable[[BeautifulSoup], T]
    ) -> T:
        """Parse ``page`` as a page of ``kind``; if it is not one, raise the error it shows."""
        soup = BeautifulSoup(slim(page.text), PARSER)
        info = page_info(soup, page.text)
        self._read_clock(info.current_time)
        found = page_kind(soup)
        if page.status == 200 and found == kind:
            if not info.logged_in:
                raise SessionExpired(f"{what}: the page was made for a guest: the login is gone")
            self._tell_closed(info.board_closed_notice)
            try:
                return parse(soup)
            except UnrecognisedPage as error:
                path = self.archive.save(page.url, page.status, page.text, what)
                raise UnrecognisedPage(f"{what}: {error}", path) from error
        self._raise_for(page, soup, what)
        raise AssertionError("_raise_for always raises")  # pragma: no cover

    def _understand_answer(self, page: Page, what: str) -> BeautifulSoup:
        """The soup of a form's answer (a redirect page, or the form again); raises for error
        pages and a lost login."""
        soup = BeautifulSoup(page.text, PARSER)
        kind = page_kind(soup)
        if kind == "redirect" or (page.status in (301, 302, 303)):
            return soup
        info = page_info(soup, page.text)
        self._read_clock(info.current_time)
        if kind in ("posting_form", "pm_compose_form") and page.status == 200:
            if not info.logged_in:
                raise SessionExpired(f"{what}: the form was shown to a guest: the login is gone")
            return soup
        self._raise_for(page, soup, what)
        raise AssertionError("_raise_for always raises")  # pragma: no cover

    def _raise_for(self, page: Page, soup: BeautifulSoup, what: str) -> None:
        info = page_info(soup, page.text)
        box = message_box(soup)
        if box is not None:
            error = error_for_box(box, info)
            if error is not None:
                raise error
            detail = f"{what}: the forum said {box.text!r}"
        elif not info.logged_in and page_kind(soup) == "login_form":
            raise SessionExpired(f"{what}: the forum asked to log in again")
        else:
            detail = f"{what}: unexpected {page_kind(soup)} page (HTTP {page.status})"
        path = self.archive.save(page.url, page.status, page.text, what)
        raise UnrecognisedPage(detail, path)

    def _read_clock(self, shown: str | None) -> None:
        """Keep the date reader right for the account: every page shows the board's clock."""
        if not shown:
            return
        now = self.now()
        reader = mybb_dates.calibrate(shown, now, self.dates)
        if reader is not self.dates:
            off = mybb_dates.skew(reader, shown, now)
            if abs(off) > 180:
                LOGGER.warning(
                    "%s: the board's clock is %.0f min off ours: its dates are read as it "
                    "shows them, and deadlines are ours",
                    self,
                    off / 60,
                )
            self.dates = reader

    def _tell_closed(self, closed: bool) -> None:
        if closed and not self._closed_told:
            LOGGER.warning("%s: the board is closed; its administrators still use it", self)
        self._closed_told = closed


def _pm_id(row: PMSummary) -> int:
    return int(row.id) if row.id.isdigit() else 0
