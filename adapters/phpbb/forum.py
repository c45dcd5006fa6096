"""PhpBBForum: the Forum protocol on a phpBB 3.0-3.3 board, composing transport and parsers."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from bs4 import BeautifulSoup

from autogm.adapters.base import (
    FloodLimited,
    FloodRule,
    NotFound,
    PMBatch,
    PMSummary,
    Post,
    PostRef,
    PrivateMessage,
    SentRef,
    UnrecognisedPage,
    User,
)
from autogm.adapters.phpbb.errors import error_for_message, session_lost
from autogm.adapters.phpbb.login import log_in
from autogm.adapters.phpbb.pages import message_box, page_kind, parse_profile
from autogm.adapters.phpbb.pm import PMFolderPage, parse_pm_folder, parse_pm_view
from autogm.adapters.phpbb.posting import Poster
from autogm.adapters.phpbb.topic import TopicPage, parse_topic_page
from autogm.adapters.phpbb.urls import endpoint
from autogm.adapters.phpbb.viewforum import forum_of_topic, parse_forum_page
from autogm.adapters.web import reading
from autogm.adapters.web.board import BoardForum
from autogm.adapters.web.dates import DateReader
from autogm.adapters.web.soup import PARSER
from autogm.adapters.web.transport import FLOOD_CAP, Page, Transport

LOGGER = logging.getLogger(__name__)
T = TypeVar("T")
# phpBB's check_form_key (phpbb/form/form_helper.php) refuses a form whose creation_time is
# the current second (`$diff = time() - $creation_time; if ($diff && ...)`): wait a full second
# after fetching, plus a margin for the two clocks not ticking together.
FORM_MIN_AGE = 1.2
# phpBB holds new PMs back once the inbox is full (full_folder_action = hold, PROTOCOL §0).
FULL_FOLDER_WARNING = 90


class PhpBBForum(BoardForum):
    """One account on one phpBB board. Marks are returned, never kept here."""

    def __init__(
        self,
        base_url: str,
        username: str,
        password: str,
        *,
        transport: Transport | None = None,
        dates: DateReader | None = None,
        now: Callable[[], datetime] | None = None,
        page_dir: Path | None = None,
        request_interval: float = 1.0,
        flood_interval: float | None = 15.0,
        allow_plain_http: bool = False,
    ) -> None:
        """``flood_interval``: the seconds the board wants between two posts or PMs of this
        account; None to learn it from the board's refusals (none for an exempt account)."""
        super().__init__(
            username,
            password,
            transport
            or Transport(
                base_url,
                min_interval=request_interval,
                flood_interval=flood_interval,
                form_min_age=FORM_MIN_AGE,
            ),
            log_in,
            now,
            page_dir,
            allow_plain_http,
        )
        self.dates = dates or DateReader()
        self.poster = Poster(self.transport, self._understand_form_answer, self.archive)
        self._users: dict[str, User] = {}
        # The forum each topic read so far is in (its breadcrumbs), for ``last_posts``.
        self._forum_of: dict[str, str] = {}

    def login(self) -> None:
        # A new session: the kept PM compose form's address carries the old one's id.
        self.poster.forget_forms()
        super().login()

    # -- private messages ------------------------------------------------------------------

    def inbox(self) -> list[PMSummary]:
        return self._session(lambda: self._inbox_page(endpoint("inbox")).messages)

    def new_private_messages(self, since: str | None) -> PMBatch:
        """PMs newer than ``since`` (plus any unread older one: phpBB delivers PMs held back by a
        full inbox late, with their original ids), oldest first. Reading marks them read."""
        return self._session(lambda: self._new_private_messages(since))

    def _new_private_messages(self, since: str | None) -> PMBatch:
        return reading.new_private_messages(
            since, endpoint("inbox"), self._inbox_listing, self._read_message
        )

    def _inbox_listing(self, url: str) -> reading.Page[PMSummary]:
        page = self._inbox_page(url)
        return page.messages, page.next_url

    def _inbox_page(self, url: str) -> PMFolderPage:
        page = self.transport.get(url)
        folder = self._understand(page, "pm_folder", parse_pm_folder)
        if folder.percent_full is not None and folder.percent_full >= FULL_FOLDER_WARNING:
            LOGGER.warning(
                "the inbox is %d%% full: phpBB holds back new PMs when it is full",
                folder.percent_full,
            )
        return folder

    def read_private_message(self, message_id: str) -> PrivateMessage:
        return self._session(lambda: self._read_message(message_id))

    def _read_message(self, message_id: str) -> PrivateMessage:
        message = self._view_message(message_id)
        self._viewed.add(message_id)
        return message

    def _view_message(self, message_id: str) -> PrivateMessage:
        # No f=<folder>: phpBB looks the folder up (ucp_pm.php, PROTOCOL §5), so a PM that
        # moves from the outbox to the sentbox between the list and the view is still found.
        page = self.transport.get(endpoint("pm_view", message_id=message_id))
        return self._understand(page, f"pm_view {message_id}", parse_pm_view)

    def sent_private_messages(self, since: datetime) -> list[PrivateMessage]:
        """Our PMs from ``since``'s minute on (phpBB shows no seconds), oldest first.

        Both the outbox and the sentbox are read (PROTOCOL §4: a PM stays in the sender's
        outbox until its recipient opens a PM page), each newest first until a row older than
        ``since``; then each PM found is opened once, for its text and recipients, which the
        lists do not show. Cost: one page per folder while the lookback is short, plus one
        view per PM sent since then. Viewing our own copy marks nothing read.
        """
        return self._session(lambda: self._sent_private_messages(since))

    def _sent_private_messages(self, since: datetime) -> list[PrivateMessage]:
        cutoff = since.astimezone(UTC).replace(second=0, microsecond=0)
        # The outbox first: a PM delivered between the two reads has left the outbox and is
        # then found in the sentbox (the other order could miss it in both).
        found = {
            item.id
            for folder in ("outbox", "sentbox")
            for item in self._sent_since(endpoint(folder), folder, cutoff)
        }
        messages: list[PrivateMessage] = []
        for message_id in sorted(found, key=int):
            try:
                message = self._view_message(message_id)
            except NotFound:
                # Deleted since the list was read; one deleted from the outbox never went out.
                LOGGER.info("sent PM %s disappeared before it could be read", message_id)
                continue
            if message.sent_at >= cutoff:
                messages.append(message)
        return messages

    def _sent_since(self, url: str, folder: str, cutoff: datetime) -> list[PMSummary]:
        def listing(page_url: str) -> reading.Page[PMSummary]:
            page = self.transport.get(page_url)
            listed = self._understand(page, f"pm_folder {folder}", parse_pm_folder)
            return listed.messages, listed.next_url

        return reading.listed_since(url, listing, cutoff)

    def send_private_message(
        self, to: Sequence[str | int | User], subject: str, body: str
    ) -> SentRef:
        recipients = [self._resolve(recipient) for recipient in to]
        if not recipients:
            raise NotFound("a private message needs at least one recipient")
        return self._session(lambda: self.poster.send_pm(recipients, subject, body))

    def _resolve(self, recipient: str | int | User) -> User:
        if isinstance(recipient, User):
            return recipient
        if isinstance(recipient, int):
            return User(name="", id=str(recipient))
        user = self.find_user(recipient)
        if user is None:
            raise NotFound(f"no user named {recipient!r} on this board")
        return user

    def flood_rule(self, measure: bool = False) -> FloodRule:
        """The account's flood rule (``adapters.base.ReportsFlood``). phpBB shows neither the
        board's flood interval nor whether the account may ignore it ("Can ignore flood
        limit") to the account itself, so ``measure`` finds both out by sending PMs from the
        account to itself: two back to back (the second goes through at once: exempt), else
        the second again at 1, 2, 4, ... seconds after the first until it is taken. Without
        ``measure``: what this process has learned from the board's refusals, or the
        interval it was given."""
        transport = self.transport
        if not measure:
            if not transport.learning:
                return FloodRule(transport.flood_interval, None, "the configured send_interval")
            if transport.flood_refusals:
                how = f"learned from {transport.flood_refusals} refusal(s) of the board"
                return FloodRule(transport.flood_interval, False, how)
            return FloodRule(None, None, "not measured (autogm check-forum --flood measures it)")
        return self._session(self._measure_flood)

    def _measure_flood(self) -> FloodRule:
        me = [self.current_user()]
        subject = "autogm check-forum: flood test (delete me)"
        text = "Sent by autogm check-forum --flood to itself, to measure the board's flood rule."
        transport = self.transport
        saved = (transport.flood_interval, transport.learning, transport.flood_refusals)
        transport.flood_interval, transport.learning = 0.0, False
        try:
            self._send_when_allowed(me, subject, f"{text} (1)")
            first = transport.clock()
            gap, tries = 0.0, 1
            while True:
                transport.wait_until(first + gap)
                tries += 1
                try:
                    self.poster.send_pm(me, subject, f"{text} ({tries})", flood_tries=1)
                except FloodLimited:
                    if gap >= FLOOD_CAP:
                        how = f"refused for {gap:.0f} s after the first of {tries} PMs to itself"
                        return FloodRule(None, False, how)
                    gap = max(1.0, 2 * gap)
                    continue
                break
            # The board stamps each PM as it stores it, near the end of its request: on a
            # slow board a try sent at 1 s may be stored at 3 s. The time between the two
            # answers is what the board saw; the wait before the try is only its least.
            taken = max(gap, float(round(transport.clock() - first)))
        finally:
            transport.flood_interval, transport.learning, transport.flood_refusals = saved
        how = f"measured with {tries} tries of a PM to itself"
        if tries == 2:
            return FloodRule(0.0, True, f"{how}: the second went through at once")
        return FloodRule(taken, False, f"{how}: refused at {gap / 2:.0f} s, taken at {taken:.0f} s")

    def _send_when_allowed(self, to: list[User], subject: str, body: str) -> None:
        """Send once the board takes it (the account may have posted a moment ago), trying
        once a second."""
        tries = 1
        while True:
            try:
                self.poster.send_pm(to, subject, body, flood_tries=1)
                return
            except FloodLimited:
                if tries > FLOOD_CAP:
                    raise
                tries += 1
                self.transport.sleep(1.0)

    # -- topics ----------------------------------------------------------------------------

    def posts_after(self, topic: str, after: str | None) -> list[Post]:
        return self._session(lambda: self._posts_after(topic, after))

    def _posts_after(self, topic: str, after: str | None) -> list[Post]:
        first = self._first_page(topic, after)

        def listing(url: str) -> reading.Page[Post]:
            page = self._topic_page(url, topic)
            return page.posts, page.next_url

        return reading.posts_after((first.posts, first.next_url), listing, after, _number)

    def _first_page(self, topic: str, after: str | None) -> TopicPage:
        if after:
            try:
                page = self._topic_page(endpoint("post", post_id=after), topic)
            except NotFound:
                LOGGER.info("post %s is gone; reading topic %s from the start", after, topic)
            else:
                if page.topic_id in (None, topic):
                    return page
                LOGGER.info("post %s moved to topic %s; reading from the start", after, topic)
        return self._topic_page(endpoint("topic", topic=topic), topic)

    def last_posts(self, topics: Sequence[str]) -> dict[str, str | None]:
        """Each topic's last post id as its forum's first page of topics lists it (the latest
        first): one request per forum the topics are in, whatever their number
        (``adapters.base.ListsLastPosts``). None for a topic not read yet (its forum is learned
        from its page) or not on that page: read it to know."""
        return self._session(lambda: self._last_posts(topics))

    def _last_posts(self, topics: Sequence[str]) -> dict[str, str | None]:
        found: dict[str, str | None] = dict.fromkeys(topics)
        by_forum: dict[str, list[str]] = {}
        for topic in topics:
            if topic in self._forum_of:
                by_forum.setdefault(self._forum_of[topic], []).append(topic)
        for forum, listed in by_forum.items():
            page = self.transport.get(endpoint("forum", forum=forum))
            last = self._understand(page, f"forum {forum}", _forum_page)
            found.update((topic, last.get(topic)) for topic in listed)
        return found

    def _topic_page(self, url: str, topic: str) -> TopicPage:
        page = self.transport.get(url)
        parsed = self._understand(page, f"topic {topic}", parse_topic_page)
        forum = forum_of_topic(page.text)
        if forum is not None:
            self._forum_of[parsed.topic_id or topic] = forum
        if parsed.topic_id is None:
            posts = [replace(post, topic=topic) for post in parsed.posts]
            return replace(parsed, topic_id=topic, posts=posts)
        return parsed

    def reply(self, topic: str, body: str, subject: str | None = None) -> PostRef:
        return self._session(lambda: self.poster.reply(topic, body, subject))

    def edit_post(self, post: PostRef, body: str) -> None:
        self._session(lambda: self.poster.edit(post, body))

    # -- users -----------------------------------------------------------------------------

    def find_user(self, name: str) -> User | None:
        key = name.casefold()
        if key not in self._users:
            user = self._session(lambda: self._look_up(name))
            if user is None:
                return None
            self._users[key] = user
        return self._users[key]

    def _look_up(self, name: str) -> User | None:
        page = self.transport.get(endpoint("profile_name", name=name))
        soup = BeautifulSoup(page.text, PARSER)
        user = parse_profile(soup)
        if user is not None:
            return user
        try:
            self._raise_for(page, soup, f"profile {name}")
        except NotFound:
            return None
        raise AssertionError("_raise_for always raises")  # pragma: no cover

    # -- understanding pages ---------------------------------------------------------------

    def _understand(self, page: Page, what: str, parse: Callable[..., T]) -> T:
        """Parse ``page``; if it is not what was asked for, raise the error it shows."""
        if page.status == 200:
            try:
                return parse(page.text, self.dates, self.now())
            except UnrecognisedPage:
                pass  # maybe an error page: look at it as one below
        self._raise_for(page, BeautifulSoup(page.text, PARSER), what)
        raise AssertionError("_raise_for always raises")  # pragma: no cover

    def _understand_form_answer(self, page: Page, what: str) -> BeautifulSoup:
        """The soup of a posting answer; raises for session loss and information pages."""
        soup = BeautifulSoup(page.text, PARSER)
        lost = session_lost(soup)
        if lost is not None:
            raise lost
        box = message_box(soup)
        if box is not None and (error := error_for_message(box, self.transport.flood_interval)):
            if isinstance(error, FloodLimited):
                raise FloodLimited(str(error), self.transport.flooded())
            raise error
        if page.status >= 400:
            self._raise_for(page, soup, what)
        return soup

    def _raise_for(self, page: Page, soup: BeautifulSoup, what: str) -> None:
        lost = session_lost(soup)
        if lost is not None:
            raise lost
        box = message_box(soup)
        if box is not None:
            error = error_for_message(box, self.transport.flood_interval)
            if error is not None:
                raise error
            detail = f"{what}: the forum said {box.text!r}"
        else:
            detail = f"{what}: unexpected {page_kind(soup)} page (HTTP {page.status})"
        path = self.archive.save(page.url, page.status, page.text, what)
        raise UnrecognisedPage(detail, path)


def _number(post_id: str) -> tuple[int, ...]:
    """What phpBB post ids compare by: the number (an id that is none sorts first)."""
    return (int(post_id),) if post_id.isdigit() else (0,)


def _forum_page(text: str, dates: DateReader, now: datetime) -> dict[str, str]:
    return parse_forum_page(text)
