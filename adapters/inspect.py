"""What autogm reads from a saved page, as plain data, so a GM can check a board's theme.

Every page kind the adapters parse is shown with what the parser found; the error pages with
the named error they raise; every form with the fields autogm would send back. A MyBB page is
told by its own marks (template comments, its form key) and read by the MyBB adapter's
parsers (adapters/mybb/inspect.py); any other page by the phpBB adapter's.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

from bs4 import BeautifulSoup

from autogm.adapters.base import ForumError
from autogm.adapters.mybb.inspect import inspect_mybb_page, is_mybb
from autogm.adapters.phpbb.errors import (
    error_for_form,
    error_for_login,
    error_for_message,
    session_lost,
)
from autogm.adapters.phpbb.pages import (
    message_box,
    page_info,
    page_kind,
    parse_memberlist,
    parse_profile,
)
from autogm.adapters.phpbb.pm import parse_pm_folder, parse_pm_view
from autogm.adapters.phpbb.printview import parse_print_view
from autogm.adapters.phpbb.topic import parse_topic_page
from autogm.adapters.web.dates import DateReader
from autogm.adapters.web.forms import all_forms
from autogm.adapters.web.urls import redact

_HIDDEN_VALUES = {"sid", "password"}
_ATOM = "{http://www.w3.org/2005/Atom}"


def inspect_page(
    text: str,
    dates: DateReader | None = None,
    now: datetime | None = None,
    forum: str | None = None,
    date_format: str | None = None,
) -> dict:
    """A JSON-ready description of one saved page (HTML, or phpBB's JSON and XML answers);
    ``forum`` ("phpbb", "mybb") says whose page it is, else the page tells. ``dates`` reads
    phpBB's dates; a MyBB page's are read in ``dates``' zone and ``date_format`` if given."""
    stripped = text.lstrip()
    if not stripped:
        return {"kind": "empty", "note": "no body: a board answers a redirect (302) like this"}
    if forum == "mybb" or (forum is None and is_mybb(text)):
        zone = dates.timezone if dates else UTC
        return _jsonable(inspect_mybb_page(text, zone, date_format, now))
    dates = dates or DateReader()
    now = now or datetime.now(UTC)
    if stripped.startswith("{"):
        return _inspect_json(stripped)
    if stripped.startswith("<?xml"):
        return _inspect_xml(stripped)
    return _inspect_html(text, dates, now)


def _inspect_html(text: str, dates: DateReader, now: datetime) -> dict:
    soup = BeautifulSoup(text, "html.parser")
    kind = page_kind(soup)
    info = page_info(soup)
    report: dict[str, Any] = {
        "kind": kind,
        "logged_in": info.logged_in,
        "username": info.username,
    }
    if info.board_disabled_notice:
        report["board_disabled_notice"] = True
    error = _error_of(soup, kind)
    if error is not None:
        report["error"] = {"name": type(error).__name__, "message": str(error)}
    box = message_box(soup)
    if box is not None:
        report["message"] = {"title": box.title, "text": box.text, "links": list(box.links)}
    report |= _content(kind, text, soup, dates, now)
    report["forms"] = [_form(form) for form in all_forms(soup) if form.form_id != "search"]
    return _jsonable(report)


def _error_of(soup: BeautifulSoup, kind: str) -> ForumError | None:
    box = message_box(soup)
    if box is not None:
        return error_for_message(box, 0.0)
    info = page_info(soup)
    if kind == "login_form":
        # The login page itself is no failure; a members' page that shows it instead is.
        asks_to_log_in = info.login_title not in (None, "Login")
        return error_for_login(info.form_errors, 0.0) or (
            session_lost(soup) if asks_to_log_in else None
        )
    return error_for_form(info.form_errors, 0.0) if kind.endswith("form") else None


def _content(kind: str, text: str, soup: BeautifulSoup, dates: DateReader, now: datetime) -> dict:
    if kind == "topic":
        return {"topic": asdict(parse_topic_page(text, dates, now))}
    if kind == "pm_folder":
        return {"pm_folder": asdict(parse_pm_folder(text, dates, now))}
    if kind == "pm_view":
        return {"pm": asdict(parse_pm_view(text, dates, now))}
    if kind == "profile":
        user = parse_profile(soup)
        return {"user": asdict(user) if user else None}
    if kind == "memberlist":
        return {"users": [asdict(user) for user in parse_memberlist(soup)]}
    if kind == "unknown" and (printed := parse_print_view(soup, dates, now)):
        return {"kind": "print_view", "items": [asdict(item) for item in printed]}
    return {}


def _form(form) -> dict:
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


def _inspect_json(text: str) -> dict:
    data = json.loads(text)
    results = data.get("results", []) if isinstance(data, dict) else []
    users = [
        {"name": item.get("result"), "id": str(item.get("user_id"))}
        for item in results
        if isinstance(item, dict)
    ]
    return {"kind": "member_livesearch", "users": users}


def _inspect_xml(text: str) -> dict:
    root = ElementTree.fromstring(text.encode("utf-8"))
    if root.tag == "phpbb":
        messages = [
            {
                field: (item.findtext(field) or "")
                for field in ("subject", "sender", "date", "message")
            }
            for item in root.iter("privmsg")
        ]
        return {"kind": "pm_export", "messages": messages}
    if root.tag == f"{_ATOM}feed":
        entries = [
            {
                "title": entry.findtext(f"{_ATOM}title"),
                "author": entry.findtext(f"{_ATOM}author/{_ATOM}name"),
                "published": entry.findtext(f"{_ATOM}published"),
                "link": (
                    entry.find(f"{_ATOM}link").get("href")
                    if entry.find(f"{_ATOM}link") is not None
                    else None
                ),
            }
            for entry in root.iter(f"{_ATOM}entry")
        ]
        return {"kind": "atom_feed", "title": root.findtext(f"{_ATOM}title"), "entries": entries}
    return {"kind": "unknown_xml", "root": root.tag}


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(item) for item in value]
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def to_json(report: dict) -> str:
    return json.dumps(_jsonable(report), ensure_ascii=False, indent=2)
