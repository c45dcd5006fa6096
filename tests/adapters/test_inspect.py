"""`autogm inspect-page` reads every captured page, and says what it found."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from autogm.adapters.cli import register
from autogm.adapters.inspect import inspect_page

from .conftest import CAPTURED, NOW, PAGES

INDEX = json.loads((CAPTURED / "index.json").read_text(encoding="utf-8"))
CAPTURED_FILES = sorted(entry["file"] for entry in INDEX if (CAPTURED / entry["file"]).exists())

# The kind each captured page must be read as, by file name prefix (longest prefix wins).
EXPECTED_KINDS = {
    "viewtopic_print": "print_view",
    "viewtopic": "topic",
    "viewforum": "forum",
    "pm_inbox_export": "pm_export",
    "pm_inbox": "pm_folder",
    "pm_sentbox": "pm_folder",
    "pm_outbox": "pm_folder",
    "pm_view_print": "print_view",
    "pm_view_nonexistent": "message",
    "pm_view_wrong_folder": "message",
    "pm_view": "pm_view",
    "pm_send_confirmation": "message",
    "pm_flood": "pm_compose_form",
    "pm_form_invalid": "pm_compose_form",
    "pm_compose": "pm_compose_form",
    "pm_quote_form": "pm_compose_form",
    "posting_edit_submit_302": "empty",
    "posting_newtopic_submit_302": "empty",
    "posting_quote_submit_302": "empty",
    "posting_reply_submit_302": "empty",
    "posting": "posting_form",
    "login_success_302": "empty",
    "logout_302": "empty",
    "login": "login_form",
    "logout_without_sid": "message",
    "index": "index",
    "board_disabled_admin_index": "index",
    "error_no_permission_viewforum_guest": "login_form",
    "error_not_logged_in": "login_form",
    "error_session_expired": "login_form",
    "error": "message",
    "memberlist_livesearch": "member_livesearch",
    "memberlist_search": "memberlist",
    "memberlist_viewprofile_unknown": "message",
    "memberlist_viewprofile": "profile",
    "feed": "atom_feed",
}
EXPECTED_ERRORS = {
    "error_board_disabled_guest.html": "BoardDisabled",
    "error_edit_others_post.html": "NoPermission",
    "error_no_permission_viewtopic.html": "NoPermission",
    "error_session_expired_pm_inbox.html": "SessionExpired",
    "error_topic_not_exist.html": "NotFound",
    "login_wrong_password.html": "LoginFailed",
    "login_captcha_after_failed_attempts.html": "CaptchaRequired",
    "posting_flood_error.html": "FloodLimited",
    "pm_form_invalid_bad_token.html": "FormExpired",
    "pm_view_nonexistent.html": "NotFound",
}


def expected_kind(name: str) -> str:
    prefix = max((key for key in EXPECTED_KINDS if name.startswith(key)), key=len)
    return EXPECTED_KINDS[prefix]


def test_every_indexed_page_is_captured():
    assert len(CAPTURED_FILES) >= 80


@pytest.mark.parametrize("name", CAPTURED_FILES)
def test_every_captured_page_is_read_as_its_kind(name):
    report = inspect_page((CAPTURED / name).read_text(encoding="utf-8"), now=NOW)
    assert report["kind"] == expected_kind(name)
    json.dumps(report)  # plain data all the way down
    if name in EXPECTED_ERRORS:
        assert report["error"]["name"] == EXPECTED_ERRORS[name]
    elif report["kind"] in ("topic", "pm_view", "pm_folder", "index", "profile"):
        assert "error" not in report


def test_a_topic_report_lists_posts_with_ids_authors_times_and_texts():
    report = inspect_page((CAPTURED / "viewtopic_round1_gm.html").read_text(encoding="utf-8"))
    post = report["topic"]["posts"][6]
    assert (post["id"], post["author"], post["author_id"]) == ("8", "GameMaster", "2")
    assert post["posted_at"] == "2026-11-22T02:57:25+00:00"
    assert post["text"].startswith("[b]Day 1 has begun.[/b]")
    assert any(form["id"] == "qr_postform" for form in report["forms"])


def test_forms_are_listed_with_their_fields_and_no_session_id():
    report = inspect_page((CAPTURED / "login_form.html").read_text(encoding="utf-8"))
    login = next(form for form in report["forms"] if form["id"] == "login")
    names = [name for name, _ in login["fields"]]
    assert {"username", "creation_time", "form_token"} <= set(names)
    assert ["sid", "[hidden]"] in login["fields"]
    assert "6416043db9f6e6d9e53515cecdb33466" not in json.dumps(report)
    assert login["buttons"] == ["login"]


def test_a_pm_report_has_the_sender_and_own_text():
    report = inspect_page((CAPTURED / "pm_view_quotes_earlier_pm.html").read_text(encoding="utf-8"))
    assert report["pm"]["author"] == "Akonyl" and report["pm"]["author_id"] == "58"
    assert report["pm"]["text"] == "Thanks! Also, I think [b]Jdash[/b] is mafia."


def run_cli(*args: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="autogm")
    register(parser.add_subparsers())
    namespace = parser.parse_args(["inspect-page", *args])
    return namespace.func(namespace), ""


def test_the_command_prints_json(capsys):
    status, _ = run_cli(str(CAPTURED / "pm_inbox_mixed_gm.html"))
    printed = json.loads(capsys.readouterr().out)
    assert status == 0
    assert [item["id"] for item in printed["pm_folder"]["messages"]][:2] == ["10", "6"]


def test_a_missing_file_is_one_line_and_status_2(capsys, tmp_path):
    status, _ = run_cli(str(tmp_path / "nope.html"))
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.count("\n") == 1 and "nope.html" in captured.err
    assert "Traceback" not in captured.err


def test_an_unknown_timezone_is_refused(capsys):
    status, _ = run_cli(str(CAPTURED / "pm_view_plain.html"), "--timezone", "Mars/Olympus")
    assert status == 2
    assert "Mars/Olympus" in capsys.readouterr().err


def test_a_date_format_and_timezone_are_applied(capsys):
    status, _ = run_cli(
        str(CAPTURED / "pm_view_plain.html"),
        "--timezone",
        "Europe/Paris",
        "--date-format",
        "D M d, Y g:i a",
    )
    assert status == 0
    assert json.loads(capsys.readouterr().out)["pm"]["sent_at"] == "2026-11-22T01:58:00+00:00"


@pytest.mark.parametrize("folder", sorted(path.name for path in PAGES.iterdir() if path.is_dir()))
def test_every_fixture_folder_reads_without_error(folder):
    for path in sorted(Path(PAGES / folder).glob("*.html")):
        assert inspect_page(path.read_text(encoding="utf-8"), now=NOW)["kind"] != "unknown"


def test_the_module_runs_without_a_daemon():
    # inspect-page must work from a bare checkout: the adapters do not import the daemon.
    code = "import autogm.adapters.cli, sys; sys.exit('autogm.daemon' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize(
    ("name", "kind"), [("viewtopic.html", "topic"), ("pm_view.html", "pm_view")]
)
def test_subsilver2_topic_and_pm_pages_are_not_message_boxes(name, kind):
    """Issue 13: "`inspect-page` classifies phpBB 3.0 subsilver2 topic and PM pages (both come
    back as "message" today, adapters/phpbb/pages.py matches any "Message" header)"."""
    folder = Path(__file__).parent / "pages" / "phpbb-3.0-subsilver2-derived"
    report = inspect_page((folder / name).read_text(encoding="utf-8"))
    assert report["kind"] == kind


MYBB = Path(__file__).parent / "pages" / "mybb-1.8.37"


@pytest.mark.parametrize(
    ("name", "kind", "error"),
    [
        ("showthread_gm.html", "topic", None),
        ("pm_inbox_gm.html", "pm_folder", None),
        ("pm_read_gm.html", "pm_view", None),
        ("newreply_merged_redirect.html", "redirect", None),
        ("pm_flood_error.html", "pm_compose_form", "FloodLimited"),
        ("error_thread_not_exist.html", "message", "NotFound"),
        ("error_not_logged_in_reply.html", "message", "SessionExpired"),
        ("login_wrong_password.html", "login_form", "LoginFailed"),
    ],
)
def test_mybb_pages_are_told_apart_and_read_by_the_mybb_parsers(name, kind, error):
    report = inspect_page((MYBB / name).read_text(encoding="utf-8"))
    assert (report["forum"], report["kind"]) == ("mybb", kind)
    assert (report.get("error") or {}).get("name") == error
    assert all(
        value == "[hidden]"
        for form in report["forms"]
        for field, value in form["fields"]
        if field == "my_post_key"
    )


def test_inspect_page_reads_a_merged_mybb_post_as_two_parts(capsys):
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers())
    args = parser.parse_args(["inspect-page", str(MYBB / "showthread_gm.html")])
    assert args.func(args) == 0
    report = json.loads(capsys.readouterr().out)
    ids = [post["id"] for post in report["topic"]["posts"]]
    assert ids == ["1", "2", "3", "4", "4.2", "5"]
    assert report["topic"]["posts"][4]["text"] == "Also: [b]Unvote[/b]. [b]Vote: Pofa[/b]"
