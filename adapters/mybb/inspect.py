"""What autogm reads from a saved MyBB page, as plain data (``autogm inspect-page``).

A saved page's own clock (``span#current_time``) is when it was made: it is read in the zone
the GM names (``--timezone``, the account's) to know that moment, and the page's dates in the
format it shows (``--date-format`` picks one, as the account's User CP options would).
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import UTC, datetime, tzinfo
from typing import Any

from bs4 import BeautifulSoup

from autogm.adapters.mybb.dates import FORMATS, calibrate
from autogm.adapters.mybb.errors import error_for_box, error_for_form, error_for_login
from autogm.adapters.mybb.login import login_form_tag
from autogm.adapters.mybb.pages import (
    message_box,
    page_info,
    page_kind,
    parse_memberlist,
    template_of,
)
from autogm.adapters.mybb.pm import read_pm_folder, read_pm_view
from autogm.adapters.mybb.thread import read_thread_page
from autogm.adapters.web.dates import DateReader, parse_local
from autogm.adapters.web.forms import Form, all_forms
from autogm.adapters.web.soup import PARSER
from autogm.adapters.web.urls import query_value, redact

_HIDDEN_VALUES = {"password", "my_post_key"}


def is_mybb(text: str) -> bool:
    """Whether a saved page is MyBB's: its template comments, its form key, its post markup."""
    return (
        template_of(text) is not None
        or "var my_post_key" in text[:6000]
        or 'name="my_post_key"' in text
        or 'class="post_body' in text
    )


def inspect_mybb_page(
    text: str, zone: tzinfo = UTC, date_format: str | None = None, now: datetime | None = None
) -> dict[str, Any]:
    soup = BeautifulSoup(text, PARSER)
    info = page_info(soup, text)
    # The page's own clock is when it was made: its dates are read as of then.
    dates = _dates(info.current_time, zone, date_format)
    moment = _page_time(info.current_time, dates) or now or datetime.now(UTC)
    kind = page_kind(soup)
    report: dict[str, Any] = {
        "forum": "mybb",
        "kind": kind,
        "template": template_of(text),
        "logged_in": info.logged_in,
        "username": info.username,
    }
    if info.board_closed_notice:
        report["board_closed_notice"] = True
    box = message_box(soup)
    if box is not None:
        report["message"] = {"title": box.title, "text": box.text, "links": list(box.links)}
        error = error_for_box(box, info)
        if error is not None:
            report["error"] = {"name": type(error).__name__, "message": str(error)}
        if kind == "redirect" and (pid := query_value(next(iter(box.links), ""), "pid")):
            report["post_id"] = pid
    if info.form_errors:
        error = (
            error_for_login(info.form_errors)
            if login_form_tag(soup) is not None
            else error_for_form(info.form_errors)
        )
        if error is not None:
            report["error"] = {"name": type(error).__name__, "message": str(error)}
    report |= _content(kind, soup, dates, moment)
    report["forms"] = [_form(form) for form in all_forms(soup)]
    return report


def _content(kind: str, soup: BeautifulSoup, dates: DateReader, now: datetime) -> dict:
    if kind == "topic":
        page = read_thread_page(soup, dates, now)
        thread = asdict(page) | {"reply_form": page.reply_form is not None}
        return {"topic": thread}
    if kind == "pm_folder":
        sent = soup.find("a", href=lambda h: bool(h) and "fid=2&sortby=username" in h)
        return {"pm_folder": asdict(read_pm_folder(soup, dates, now, sent is not None))}
    if kind == "pm_view":
        return {"pm": asdict(read_pm_view(soup, "?", dates, now))}
    if kind == "memberlist":
        return {"users": [asdict(user) for user in parse_memberlist(soup)]}
    return {}


def _dates(shown: str | None, zone: tzinfo, date_format: str | None) -> DateReader:
    if date_format:
        return DateReader(timezone=zone, formats=(date_format, *FORMATS))
    if shown:
        for php_format in FORMATS:
            try:
                local = parse_local(shown, php_format)
            except ValueError:
                continue
            return calibrate(shown, local.replace(tzinfo=zone).astimezone(UTC))
    return DateReader(timezone=zone, formats=FORMATS)


def _page_time(shown: str | None, dates: DateReader) -> datetime | None:
    try:
        return dates.parse(shown, datetime.now(UTC)) if shown else None
    except ValueError:
        return None


def _form(form: Form) -> dict:
    return {
        "id": form.form_id,
        "action": redact(form.action),
        "method": form.method,
        "fields": [
            [name, "[hidden]" if name in _HIDDEN_VALUES else redact(value)]
            for name, value in form.fields
        ],
        "buttons": [name for name, _ in form.buttons],
    }
