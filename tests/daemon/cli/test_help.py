"""A newcomer's first hour (issue 13, §3): "help texts show defaults"."""

from __future__ import annotations

import argparse

from autogm.daemon.cli.main import build_parser


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_option_with_a_default_says_it_in_its_help() -> None:
    missing = []
    for name, sub in _subparsers(build_parser()).items():
        for action in sub._actions:
            if not action.option_strings or isinstance(action, argparse._HelpAction):
                continue
            if action.default in (None, False, argparse.SUPPRESS):
                continue
            if "default" not in (action.help or ""):
                missing.append(f"{name} {action.option_strings[-1]}")
    assert missing == []


def test_every_option_has_a_help_text() -> None:
    bare = [
        f"{name} {action.option_strings[-1]}"
        for name, sub in _subparsers(build_parser()).items()
        for action in sub._actions
        if action.option_strings and not action.help
    ]
    assert bare == []


def test_after_the_demo_a_missing_file_names_the_flag_that_finds_the_demos(
    tmp_path, monkeypatch, capsys
) -> None:
    """Issue 13, §3: "`autogm archive list`, `stats`, `status` run from where the demo ran find
    the demo's files or say exactly which flag to give"."""
    from autogm.daemon.cli.main import main

    monkeypatch.chdir(tmp_path)
    assert main(["archive", "list"]) == 2
    assert "(give --db FILE or --config FILE)" in capsys.readouterr().err
    (tmp_path / "autogm-demo").mkdir()
    (tmp_path / "autogm-demo" / "config.ini").write_text("")
    for command in (["archive", "list"], ["stats"], ["status"]):
        assert main(command) == 2
        assert "the demo's is --config autogm-demo/config.ini" in capsys.readouterr().err
