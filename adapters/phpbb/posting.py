"""Submitting phpBB's posting and PM forms, with their retries.

A submit that phpBB refuses re-shows the form with a fresh ``creation_time``/``form_token`` and
the text kept, so the answer's own form is what gets submitted again, never a stale one.

The PM compose form is fetched once and used for many PMs: its token is bound to the user,
not to the message or the session, and stays good for ``form_token_lifetime`` (two hours by
default; PROTOCOL §11), so each PM after the first is one request, not a fetch, a second's
wait and a submit. A board that refuses an old token re-shows a fresh form, which is used.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from bs4 import BeautifulSoup

from autogm.adapters.base import (
    FloodLimited,
    FormExpired,
    PostRef,
    Rejected,
    SentRef,
    UnrecognisedPage,
    User,
)
from autogm.adapters.phpbb.errors import error_for_form
from autogm.adapters.phpbb.pages import message_box, page_info, posted_post_id, sent_message_id
from autogm.adapters.phpbb.soup import user_of
from autogm.adapters.phpbb.urls import endpoint
from autogm.adapters.web.archive import PageArchive
from autogm.adapters.web.forms import Form, find_form
from autogm.adapters.web.transport import Page, Transport
from autogm.adapters.web.urls import query_value

LOGGER = logging.getLogger(__name__)
ATTEMPTS = 3
# How long a fetched PM compose form is used for further PMs (well under phpBB's default
# token lifetime of 7200 s; a shorter lifetime costs one refused submit, then a fresh form).
PM_FORM_REUSE = 1800.0
_REVIEW_NOTICE = "at least one new post has been made"


class Poster:
    """Fetches a form, fills it, submits it, and reads phpBB's answer."""

    def __init__(
        self,
        transport: Transport,
        understand: Callable[[Page, str], BeautifulSoup],
        archive: PageArchive,
    ) -> None:
        self.transport = transport
        self.understand = understand
        self.archive = archive
        self._pm_form: tuple[Form, float] | None = None  # the compose form, when fetched

    def forget_forms(self) -> None:
        """A new session: the compose form's address carries the old one's id."""
        self._pm_form = None

    def _unrecognised(self, page: Page, detail: str) -> UnrecognisedPage:
        return UnrecognisedPage(detail, self.archive.save(page.url, page.status, page.text, detail))

    def send_pm(
        self, recipients: list[User], subject: str, body: str, *, flood_tries: int = ATTEMPTS
    ) -> SentRef:
        """Send a PM; a flood refusal is tried again up to ``flood_tries`` times in all."""
        what = "send a private message"
        names: dict[str, str] = {}
        if self._pm_form is not None and self.transport.clock() - self._pm_form[1] < PM_FORM_REUSE:
            form, fetched_at = self._pm_form
        else:
            url = endpoint("pm_compose", user_id=recipients[0].id)
            form, soup, fetched_at = self._form(url, what)
            names = _recipient_names(soup)
            self._pm_form = (form, fetched_at)
        answer, answer_soup = self._submit(
            form,
            fetched_at,
            what,
            values={"subject": subject, "message": body},
            # A non-empty username_list makes phpBB "add recipient and preview" and send
            # nothing (ucp_pm_compose.php, PROTOCOL §7): recipients go by id only, and exactly
            # ours: whatever the form pre-filled is replaced, so no PM reaches a wrong account.
            drop=("username_list", "address_list["),
            extra=tuple((f"address_list[u][{user.id}]", "to") for user in recipients),
            is_message=True,
            flood_tries=flood_tries,
            keep=lambda fresh, at: setattr(self, "_pm_form", (fresh, at)),
        )
        box = message_box(answer_soup) if answer_soup is not None else None
        message_id = sent_message_id(box) if box else None
        if message_id is None:
            raise self._unrecognised(answer, f"{what}: no confirmation in the answer")
        return SentRef(
            id=message_id,
            recipients=tuple(user.name or names.get(user.id, user.id) for user in recipients),
        )

    def reply(self, topic: str, body: str, subject: str | None) -> PostRef:
        what = f"reply to topic {topic}"
        form, _, fetched_at = self._form(endpoint("reply", topic=topic), what)
        values = {"message": body} | ({"subject": subject} if subject else {})
        answer, soup = self._submit(
            form,
            fetched_at,
            what,
            values=values,
            # posting.php shows "post review" instead of saving when topic_cur_post_id is sent
            # and is no longer the topic's last post; without it the check is skipped (§9).
            drop=("topic_cur_post_id",),
            extra=(),
            is_message=True,
        )
        post_id = query_value(answer.location or "", "p") if answer.location else None
        if post_id is None and soup is not None and (box := message_box(soup)):
            post_id = posted_post_id(box)  # phpBB 3.0: "This message has been posted successfully."
            if post_id is None:
                LOGGER.warning("%s: saved without a post id: %s", what, box.text)
                return PostRef(topic=topic, post_id="")
        if post_id is None:
            raise self._unrecognised(answer, f"{what}: no post id in the answer")
        return PostRef(topic=topic, post_id=post_id)

    def edit(self, post: PostRef, body: str) -> None:
        what = f"edit post {post.post_id}"
        form, _, fetched_at = self._form(endpoint("edit", post_id=post.post_id), what)
        # Edits are exempt from flood control (posting.php checks it for new posts only).
        self._submit(
            form, fetched_at, what, values={"message": body}, drop=(), extra=(), is_message=False
        )

    def _form(self, url: str, what: str) -> tuple[Form, BeautifulSoup, float]:
        """The posting form at ``url``, its page, and when it was fetched."""
        page = self.transport.get(url)
        fetched_at = self.transport.clock()
        soup = self.understand(page, what)
        form = find_form(soup, "postform")
        if form is None:
            raise self._unrecognised(page, f"{what}: the page has no posting form")
        return form, soup, fetched_at

    def _submit(
        self,
        form: Form,
        fetched_at: float,
        what: str,
        values: dict[str, str],
        drop: tuple[str, ...],
        extra: tuple[tuple[str, str], ...],
        is_message: bool,
        flood_tries: int = ATTEMPTS,
        keep: Callable[[Form, float], None] | None = None,
    ) -> tuple[Page, BeautifulSoup | None]:
        """Submit ``form`` (fetched at ``fetched_at``); a form phpBB shows again is submitted
        again when its reason allows, and handed to ``keep``."""
        floods = 0
        for attempt in range(1, ATTEMPTS + 1):
            payload = form.payload("post", values, drop=drop, extra=extra)
            send = self.transport.submit_message if is_message else self.transport.post
            answer = send(form.action, payload, fetched_at)
            if answer.status in (301, 302, 303):
                return answer, None
            soup = self.understand(answer, what)
            if message_box(soup) is not None:
                return answer, soup
            form, error = self._form_again(answer, soup, what)
            fetched_at = self.transport.clock()
            if keep is not None:
                keep(form, fetched_at)
            if isinstance(error, FloodLimited):
                floods += 1
                if floods >= flood_tries:
                    raise error
            if error is not None and attempt == ATTEMPTS:
                raise error
        raise Rejected(f"{what}: refused {ATTEMPTS} times")

    def _form_again(
        self, answer: Page, soup: BeautifulSoup, what: str
    ) -> tuple[Form, FloodLimited | FormExpired | None]:
        """The re-shown form, if the reason it came back is one a resubmit cures, and that
        reason (None: phpBB asks to review posts made meanwhile); raises for any other."""
        form = find_form(soup, "postform")
        if form is None:
            raise self._unrecognised(answer, f"{what}: neither a confirmation nor a form")
        error = error_for_form(page_info(soup).form_errors, self.transport.flood_interval)
        if error is None and _REVIEW_NOTICE in soup.get_text(" ").lower():
            LOGGER.info("%s: phpBB asks to review new posts; submitting again", what)
            return form, None
        if isinstance(error, FloodLimited):
            # Too soon: wait longer before the next try (the transport spaces submits by it).
            error = FloodLimited(str(error), self.transport.flooded())
        if isinstance(error, (FloodLimited, FormExpired)):
            LOGGER.info("%s: %s; submitting the fresh form again", what, error)
            return form, error
        if error is not None:
            raise error
        raise self._unrecognised(answer, f"{what}: the form came back without a reason")


def _recipient_names(soup: BeautifulSoup) -> dict[str, str]:
    """User id → name of the recipients the compose form already lists."""
    box = soup.find(class_="recipients") or soup.find("form", id="postform")
    if box is None:
        return {}
    names: dict[str, str] = {}
    for link in box.find_all("a", href=re.compile(r"mode=viewprofile")):
        name, user_id = user_of(link)
        if user_id:
            names.setdefault(user_id, name)
    return names
