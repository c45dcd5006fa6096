"""The password never reaches a file, and never travels over plain http unless allowed.

Issue 28: "a saved error page that echoes the login request keeps the URL-encoded password
(redaction removes only session ids), in a file readable by all; an http:// base_url is
accepted by check-config and check-forum posts the password over plain http, silently."
"""

from __future__ import annotations

import html
import stat
from urllib.parse import quote, quote_plus

import pytest

from autogm.adapters.base import LoginFailed, UnrecognisedPage
from autogm.adapters.phpbb import PhpBBForum
from autogm.adapters.web.archive import PageArchive
from tests.adapters.conftest import BASE, HTML, LOGIN_FORM_SID

PASSWORD = "p@ss wörd&=!<x>"
ENCODINGS = {
    "raw": PASSWORD,
    "form": quote_plus(PASSWORD),
    "url": quote(PASSWORD, safe=""),
    "html": html.escape(PASSWORD),
    "html in a form": html.escape(quote_plus(PASSWORD)),
}


def echo_page() -> str:
    """A proxy's or a PHP error page that echoes the login request it was sent."""
    body = "&".join(
        f"{key}={value}"
        for key, value in [
            ("username", "GameMaster"),
            ("password", quote_plus(PASSWORD)),
            ("autologin", "on"),
            ("sid", LOGIN_FORM_SID),
        ]
    )
    return (
        "<html><body><h1>Bad gateway</h1>"
        f"<p>Request body: {html.escape(body)}</p><pre>{body}</pre>"
        f"<p>raw: {html.escape(PASSWORD)}</p><p>url: {quote(PASSWORD, safe='')}</p>"
        f'<form><input type="password" name="password" value="{html.escape(PASSWORD)}">'
        f"<input name='new_password' value='{html.escape(PASSWORD)}'>"
        '<input type="text" name="username" value="GameMaster"></form>'
        "<p>passwd=hunter3 and password%3Dhunter4</p></body></html>"
    )


def test_a_saved_page_that_echoes_the_login_holds_no_password(board, make_forum, tmp_path):
    board.get("ucp.php?mode=login", "login_form.html")
    board.mock.post(
        BASE + f"ucp.php?mode=login&sid={LOGIN_FORM_SID}", body=echo_page(), content_type=HTML
    )
    forum = make_forum()
    forum._password._value = PASSWORD  # type: ignore[attr-defined]
    with pytest.raises(UnrecognisedPage) as raised:
        forum.login()
    saved = raised.value.path
    assert saved is not None and saved.exists()
    text = saved.read_text(encoding="utf-8")
    for name, encoded in ENCODINGS.items():
        assert encoded not in text, name
    assert "hunter3" not in text and "hunter4" not in text
    assert 'name="username" value="GameMaster"' in text  # what is not a secret stays
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert stat.S_IMODE(saved.parent.stat().st_mode) == 0o700


def test_the_archive_scrubs_each_secret_it_is_given(tmp_path):
    archive = PageArchive(tmp_path / "pages", secrets=(lambda: "s3cr3t pass",))
    path = archive.save(BASE, 500, "<p>s3cr3t pass s3cr3t+pass s3cr3t%20pass</p>", "x")
    assert path is not None
    assert "s3cr3t" not in path.read_text(encoding="utf-8")


def test_no_password_goes_over_plain_http_unless_the_config_allows_it(board):
    forum = PhpBBForum("http://forum.example.test/", "GameMaster", "secret")
    with pytest.raises(LoginFailed, match="plain http"):
        forum.login()
    assert board.calls() == []  # not even the login form was fetched


def test_check_config_warns_of_plain_http_and_says_how_to_allow_it(tmp_path, capsys, monkeypatch):
    from autogm.daemon.cli.main import main
    from autogm.daemon.config.load import load_config
    from autogm.daemon.forums import make_forum

    monkeypatch.setenv("PW", "secret")
    config = tmp_path / "config.ini"
    text = (
        "[autogm]\nstate_dir = state\n\n[forum:dctp]\nadapter = phpbb\n"
        "base_url = http://forum.example.test\nusername = GameMaster\npassword_env = PW\n"
    )
    config.write_text(text, encoding="utf-8")
    assert main(["check-config", str(config)]) == 0
    err = capsys.readouterr().err
    assert f"{config}:6: [forum:dctp] base_url: warning: plain http sends the password" in err
    assert "unless you set allow_plain_http = yes" in err
    forum = make_forum(load_config(config).forums["dctp"], tmp_path, lambda: None)  # type: ignore[arg-type,return-value]
    with pytest.raises(LoginFailed, match="plain http"):
        forum.login()
    config.write_text(text + "allow_plain_http = yes\n", encoding="utf-8")
    assert main(["check-config", str(config)]) == 0
    assert "(allowed by allow_plain_http = yes)" in capsys.readouterr().err
    assert load_config(config).forums["dctp"].allow_plain_http
