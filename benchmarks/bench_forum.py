"""What the phpBB and MyBB adapters cost: requests per idle poll, pages per topic read, parse
time.

Run: .venv/bin/python benchmarks/bench_forum.py   (offline: captured pages via `responses`)
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import responses

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from autogm.adapters.phpbb import PhpBBForum
from autogm.adapters.phpbb.forum import FORM_MIN_AGE
from autogm.adapters.phpbb.topic import parse_topic_page
from autogm.adapters.web.dates import DateReader
from autogm.adapters.web.transport import Transport

PAGES = Path(__file__).resolve().parents[1] / "tests" / "adapters" / "pages"
CAPTURED = PAGES / "phpbb-3.3-prosilver"
BASE = "https://forum.example.test/"
HTML = "text/html; charset=UTF-8"
NOW = datetime(2026, 11, 22, 3, 0, tzinfo=UTC)
_POST = re.compile(
    r'(<div id="p\d+" class="post .*?)(?=\s*<div id="p\d+" class="post |\s*<form )', re.S
)


def read(name: str, folder: Path = CAPTURED) -> str:
    return (folder / name).read_text(encoding="utf-8")


def forum() -> PhpBBForum:
    transport = Transport(BASE, sleep=lambda seconds: None, form_min_age=FORM_MIN_AGE)
    return PhpBBForum(BASE, "GameMaster", "secret", transport=transport, now=lambda: NOW)


def logged_in(mock: responses.RequestsMock) -> PhpBBForum:
    mock.get(BASE + "ucp.php?mode=login", body=read("login_form.html"), content_type=HTML)
    mock.post(
        BASE + "ucp.php?mode=login&sid=6416043db9f6e6d9e53515cecdb33466",
        status=302,
        headers=[("Set-Cookie", "phpbb3_x_u=2; path=/"), ("Location", BASE + "index.php")],
    )
    board = forum()
    board.login()
    return board


def requests_per_idle_poll() -> int:
    with responses.RequestsMock() as mock:
        board = logged_in(mock)
        inbox = read("pm_inbox_all_read_gm.html", PAGES / "phpbb-3.3-prosilver-derived")
        mock.get(BASE + "ucp.php?i=pm&folder=inbox", body=inbox, content_type=HTML)
        before = len(mock.calls)
        assert board.new_private_messages("10").messages == []
        return len(mock.calls) - before


def pages_for_topic_read(after: str | None) -> tuple[int, int]:
    """(pages fetched, new posts) reading the 23-post, 3-page signup topic after ``after``."""
    serve = {
        "viewtopic.php?t=3&sk=t&sd=a": "viewtopic_signups_page1.html",
        "viewtopic.php?t=3&start=10": "viewtopic_signups_page2.html",
        "viewtopic.php?t=3&start=20": "viewtopic_signups_page3.html",
        "viewtopic.php?p=23&sk=t&sd=a": "viewtopic_by_post_id.html",
        "viewtopic.php?p=31&sk=t&sd=a": "viewtopic_signups_page3.html",
    }
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        board = logged_in(mock)
        for path, name in serve.items():
            mock.get(BASE + path, body=read(name), content_type=HTML)
        before = len(mock.calls)
        posts = board.posts_after("3", after)
        return len(mock.calls) - before, len(posts)


def page_of_25_posts() -> str:
    """Page 1 of the signup topic with the posts of all three pages, plus two more: 25 posts."""
    first = read("viewtopic_signups_page1.html")
    posts = [
        post
        for name in ("page1", "page2", "page3")
        for post in _POST.findall(read(f"viewtopic_signups_{name}.html"))
    ]
    extra = [re.sub(r"\b(p|profile|post_content)(9|10)\b", rf"\g<1>9{i}", posts[i]) for i in (0, 1)]
    start = first.index(posts[0])
    end = first.index(posts[9]) + len(posts[9])
    return first[:start] + "\n".join(posts + extra) + first[end:]


def parse_milliseconds(html: str, runs: int = 30) -> tuple[float, float, int]:
    dates = DateReader()
    count = len(parse_topic_page(html, dates, NOW).posts)
    timings = []
    for _ in range(runs):
        started = time.perf_counter()
        parse_topic_page(html, dates, NOW)
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings), min(timings), count


MYBB = PAGES / "mybb-1.8.37-derived"
MYBB_NOW = datetime(2026, 11, 27, 17, 30, 30, tzinfo=UTC)  # the derived MyBB pages' clock


def mybb_requests_per_idle_poll() -> int:
    from autogm.adapters.mybb import MyBBForum

    with responses.RequestsMock() as mock:
        mock.get(
            BASE + "member.php?action=login",
            body=read("login_form.html", PAGES / "mybb-1.8.37"),
            content_type=HTML,
        )
        mock.post(
            BASE + "member.php",
            body=read("login_success_redirect.html", PAGES / "mybb-1.8.37"),
            headers={"Set-Cookie": "mybbuser=1_k; path=/"},
        )
        transport = Transport(BASE, sleep=lambda seconds: None)
        board = MyBBForum(BASE, "GM", "secret", transport=transport, now=lambda: MYBB_NOW)
        board.login()
        mock.get(
            BASE + "private.php?fid=0&sortby=dateline&order=desc",
            body=read("pm_inbox_all_read_gm.html", MYBB),
            content_type=HTML,
        )
        before = len(mock.calls)
        assert board.new_private_messages("45").messages == []
        return len(mock.calls) - before


def mybb_parse_milliseconds(runs: int = 30) -> tuple[float, float, int]:
    """A 10-post MyBB thread page (with a merged post) as the adapter reads it: parsed once
    (lxml), the clock read, the posts and their parts."""
    from bs4 import BeautifulSoup

    from autogm.adapters.mybb.dates import calibrate
    from autogm.adapters.mybb.pages import page_info, slim
    from autogm.adapters.mybb.thread import read_thread_page
    from autogm.adapters.web.soup import PARSER

    html = read("showthread_page1of2_gm.html", MYBB)
    timings, count = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        soup = BeautifulSoup(slim(html), PARSER)
        dates = calibrate(page_info(soup, html).current_time or "", MYBB_NOW)
        count = len(read_thread_page(soup, dates, MYBB_NOW).posts)
        timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings), min(timings), count


def main() -> None:
    print(f"requests per idle PM poll: {requests_per_idle_poll()}")
    print(f"MyBB: requests per idle PM poll: {mybb_requests_per_idle_poll()}")
    median, best, count = mybb_parse_milliseconds()
    print(
        f"MyBB: read a 10-post thread page ({count} parts): median {median:.1f} ms, "
        f"best {best:.1f} ms"
    )
    for after, label in (
        (None, "whole topic"),
        ("23", "after post 23"),
        ("31", "after the last post"),
    ):
        fetched, new = pages_for_topic_read(after)
        print(f"topic read, {label}: {fetched} page(s) fetched, {new} new post(s)")
    from autogm.adapters.phpbb import topic

    page, chosen = page_of_25_posts(), topic.PARSER
    # The baseline in the same run: Python's own html.parser, which autogm used before lxml.
    for parser in ("html.parser", chosen):
        topic.PARSER = parser
        median, best, count = parse_milliseconds(page)
        print(
            f"parse a {count}-post topic page with {parser}: median {median:.1f} ms, "
            f"best {best:.1f} ms"
        )
    topic.PARSER = chosen


if __name__ == "__main__":
    main()
