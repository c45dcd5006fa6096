from __future__ import annotations

import re
from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from autogm.daemon.config.ini import ConfigError
from autogm.daemon.config.load import check_rulesets, load_config
from autogm.daemon.config.model import AckMode, ResultsMode, VotesMode
from autogm.daemon.config.values import (
    DailyAt,
    Lasting,
    parse_deadline,
    parse_duration,
    parse_durations,
)
from autogm.daemon.play.texts import duration

ROOT = Path(__file__).resolve().parents[3]
BERLIN = ZoneInfo("Europe/Berlin")

GOOD = """\
[autogm]
state_dir = state
timezone = Europe/Berlin

[forum:dctp]
adapter = phpbb
base_url = https://forum.example.org
username = GameMaster
password_env = DCTP_PW

[rules:house]
lynch_tie = no_lynch

[game:r53]
forum = dctp
topic = 1234
ruleset = dctp-2011
rules = house
players = Akonyl, Abs, Kleene
roles = Shiratori, Gin, Agasa
night_deadline = 09:00
day_deadline = 48h
reminders = 1h, 12h

[overrides:r53]
1 = pause
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.ini"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text))
    return str(caught.value)


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_good_file_loads_into_dataclasses(tmp_path):
    config = load_config(write(tmp_path, GOOD))
    assert config.autogm.state_file == tmp_path / "state" / "autogm.db"
    forum = config.forums["dctp"]
    assert forum.base_url == "https://forum.example.org/"
    assert forum.poll_interval == timedelta(minutes=5)
    game = config.games["r53"]
    assert [p.name for p in game.players] == ["Akonyl", "Abs", "Kleene"]
    assert game.roles == ("Shiratori", "Gin", "Agasa")
    assert game.rule_options == {"lynch_tie": "no_lynch"}
    assert game.reminders == (timedelta(hours=12), timedelta(hours=1))
    assert game.schedule.night == DailyAt(time(9, 0)) and game.schedule.prep == game.schedule.night
    assert game.schedule.day == Lasting(timedelta(hours=48))
    assert (game.results, game.acknowledge, game.votes, game.vote_count) == (
        ResultsMode.AUTO,
        AckMode.BATCHED,
        VotesMode.PM,
        False,
    )
    assert game.timezone == BERLIN


def test_the_example_file_is_valid_and_documents_every_key():
    config = load_config(ROOT / "config.example.ini")
    assert set(config.games) == {"round53"}
    text = (ROOT / "config.example.ini").read_text()
    documented = set(re.findall(r"^#?\s*([a-z_]+) = ", text, flags=re.MULTILINE))
    source = (ROOT / "daemon" / "config" / "load.py").read_text()
    read = set(re.findall(r'f\.get\("([a-z_]+)"', source)) | {"password_env", "password_file"}
    assert read <= documented, read - documented


def test_topic_votes_with_a_running_count(tmp_path):
    text = GOOD.replace("topic = 1234", "topic = 1234\nvotes = topic\nvote_count = on")
    game = load_config(write(tmp_path, text)).games["r53"]
    assert (game.votes, game.vote_count) == (VotesMode.TOPIC, True)


def test_player_roles_inline_and_multi_line_names(tmp_path):
    text = GOOD.replace(
        "players = Akonyl, Abs, Kleene\nroles = Shiratori, Gin, Agasa",
        "players =\n    Big Tony: Gin\n    Jd-, the second: Shiratori",
    )
    game = load_config(write(tmp_path, text)).games["r53"]
    assert [(p.name, p.role) for p in game.players] == [
        ("Big Tony", "Gin"),
        ("Jd-, the second", "Shiratori"),
    ]


BAD = [
    # (what to replace, replacement, the key in the error, what the error says)
    ("night_deadline = 09:00", "night_deadline = 25:00", "night_deadline", "not a time of day"),
    ("day_deadline = 48h", "day_deadline = soon", "day_deadline", "not a duration"),
    ("day_deadline = 48h\n", "", "day_deadline", "missing"),
    ("reminders = 1h, 12h", "reminders = 1h, x", "reminders", "not a duration"),
    ("forum = dctp\ntopic", "forum = nowhere\ntopic", "forum", "no [forum:nowhere]"),
    ("rules = house", "rules = other", "rules", "no [rules:other]"),
    ("roles = Shiratori, Gin, Agasa", "roles = Gin", "roles", "1 roles for 3 players"),
    ("players = Akonyl, Abs, Kleene", "players = Abs, abs, Kleene", "players", "listed twice"),
    ("topic = 1234", "topic = 1234\ncolour = blue", "colour", "unknown key"),
    ("password_env = DCTP_PW", "password = hunter2", "password", "never read from the config"),
    ("password_env = DCTP_PW", "password_env = A\npassword_file = pw", "password_file", "not both"),
    ("adapter = phpbb", "adapter = vbulletin", "adapter", "not one of phpbb, mybb, local"),
    ("base_url = https://forum.example.org", "base_url = forum.org", "base_url", "http"),
    ("timezone = Europe/Berlin", "timezone = Mars/Olympus", "timezone", "unknown time zone"),
    ("[overrides:r53]", "[overrides:r54]", None, "no [game:r54]"),
    ("[rules:house]", "[rulez:house]", None, "unknown section kind"),
    ("[game:r53]", "[game:round 53]", None, "letters, digits"),
    ("topic = 1234", "topic = 1234\nvote_count = on", "vote_count", "needs votes = topic"),
    ("topic = 1234", "topic = 1234\nvotes = topic\nvote_count = 2h", "vote_count", "on or off"),
    ("topic = 1234", "topic = 1234\nvotes = post", "votes", "not one of pm, topic"),
]


@pytest.mark.parametrize(("old", "new", "key", "problem"), BAD, ids=[b[3] for b in BAD])
def test_errors_name_file_line_and_key(tmp_path, old, new, key, problem):
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    message = error_of(tmp_path, text)
    path = tmp_path / "config.ini"
    if key is None or problem == "missing":
        needle = new.splitlines()[0] if key is None else "[game:r53]"
        assert message.startswith(f"{path}:{line_of(text, needle)}: [")
    else:
        assert message.startswith(f"{path}:{line_of(text, key + ' =')}: [")
        assert f"] {key}: " in message
    assert problem in message


def test_syntax_errors_keep_their_line(tmp_path):
    text = GOOD.replace("topic = 1234", "topic = 1234\ntopic = 99")
    assert error_of(tmp_path, text).startswith(f"{tmp_path / 'config.ini'}:17: [game:r53] topic")
    assert error_of(tmp_path, "x = 1\n").endswith(":1: a key before any [section]")
    broken = GOOD.replace("[forum:dctp]", "[forum:dctp]\nthis line has no equals sign")
    assert ":6: not a 'key = value' line" in error_of(tmp_path, broken)


def test_an_unreadable_file_or_a_broken_header_gets_one_plain_line(tmp_path):
    missing = tmp_path / "missing.ini"
    with pytest.raises(ConfigError, match=r"missing.ini: no such config file \(use --config"):
        load_config(missing)
    binary = tmp_path / "binary.ini"
    binary.write_bytes(b"\xff\xfe[autogm]\n")
    with pytest.raises(ConfigError, match=r"binary.ini: cannot read the config file: it is not"):
        load_config(binary)
    assert error_of(tmp_path, "[autogm\nstate_dir = s\n").endswith(
        ":1: not a [section] header: [autogm"
    )


def test_key_lines_ignore_continuations_and_comments(tmp_path):
    text = GOOD.replace(
        "players = Akonyl, Abs, Kleene",
        "# colour = a comment\nplayers =\n    Akonyl\n    Abs\n    Kleene",
    ).replace("topic = 1234", "topic = 1234")
    text = text.replace("reminders = 1h, 12h", "reminders = 1h, 12h\ncolour = blue")
    message = error_of(tmp_path, text)
    assert message.startswith(f"{tmp_path / 'config.ini'}:{line_of(text, 'colour = blue')}:")


def test_password_comes_from_the_environment_or_a_file(tmp_path):
    config = load_config(write(tmp_path, GOOD))
    source = config.forums["dctp"].password
    assert source is not None
    assert source.read({"DCTP_PW": "s3cret"}) == "s3cret"
    with pytest.raises(ConfigError, match=r"config.ini:9: \[forum:dctp\] password_env: .*DCTP_PW"):
        source.read({})
    (tmp_path / "pw").write_text("from-file\n")
    text = GOOD.replace("password_env = DCTP_PW", "password_file = pw")
    source = load_config(write(tmp_path, text)).forums["dctp"].password
    assert source is not None and source.read({}) == "from-file"


def test_the_local_adapter_needs_a_path_not_a_password(tmp_path):
    text = GOOD.replace(
        "adapter = phpbb\nbase_url = https://forum.example.org\n", "adapter = local\npath = lf\n"
    ).replace("password_env = DCTP_PW\n", "")
    forum = load_config(write(tmp_path, text)).forums["dctp"]
    assert forum.path == tmp_path / "lf" and forum.password is None


def test_durations_and_deadlines():
    assert parse_duration("1h30m") == timedelta(minutes=90)
    assert parse_duration("2d") == timedelta(days=2)
    assert parse_duration("0") == timedelta(0)
    with pytest.raises(ValueError, match="not a duration"):
        parse_duration("90")
    opened = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)  # 20:30 in Berlin
    assert parse_deadline("21:00").deadline_after(opened, BERLIN) == datetime(
        2026, 12, 1, 20, 0, tzinfo=UTC
    )
    assert parse_deadline("09:00").deadline_after(opened, BERLIN) == datetime(
        2026, 12, 2, 8, 0, tzinfo=UTC
    )
    assert parse_deadline("48h").deadline_after(opened, BERLIN) == opened + timedelta(hours=48)
    with pytest.raises(ValueError):
        parse_deadline("0")


def test_a_daily_deadline_across_the_dst_change_keeps_local_time():
    opened = datetime(2026, 10, 24, 12, 0, tzinfo=UTC)  # Berlin leaves summer time on the 25th
    first = DailyAt(time(21, 0)).deadline_after(opened, BERLIN)
    second = DailyAt(time(21, 0)).deadline_after(first, BERLIN)
    assert first.astimezone(BERLIN).hour == second.astimezone(BERLIN).hour == 21
    assert second - first == timedelta(hours=25)


def test_schedule_picks_the_rule_by_phase_name(tmp_path):
    game = load_config(write(tmp_path, GOOD)).games["r53"]
    opened = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)
    assert game.schedule.deadline("Day 2", opened, BERLIN) == opened + timedelta(hours=48)
    assert game.schedule.deadline("Night 1", opened, BERLIN).hour == 8
    with pytest.raises(ValueError):
        game.schedule.deadline("Twilight 1", opened, BERLIN)


def test_action_lock(tmp_path):
    text = GOOD.replace("reminders = 1h, 12h", "action_lock = 30m")
    game = load_config(write(tmp_path, text)).games["r53"]
    deadline = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)
    assert not game.orders_locked(deadline, deadline - timedelta(minutes=31))
    assert game.orders_locked(deadline, deadline - timedelta(minutes=30))
    assert not game.orders_locked(deadline, deadline)  # the phase is over, not locked


class RulesetError(ValueError):
    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


def test_ruleset_errors_point_at_the_rules_key_or_the_ruleset(tmp_path):
    path = write(tmp_path, GOOD)
    config = load_config(path)

    def bad_option(ruleset_id, options):
        raise RulesetError("lynch_tie must be no_lynch or random", key="lynch_tie")

    with pytest.raises(ConfigError, match=r"config.ini:12: \[rules:house\] lynch_tie: lynch_tie"):
        check_rulesets(config, bad_option)

    def unknown(ruleset_id, options):
        raise KeyError(f"unknown ruleset {ruleset_id}")

    with pytest.raises(ConfigError, match=r"config.ini:17: \[game:r53\] ruleset: .*dctp-2011"):
        check_rulesets(config, unknown)
    assert check_rulesets(config, lambda rid, opts: (rid, dict(opts))) == {
        "r53": ("dctp-2011", {"lynch_tie": "no_lynch"})
    }


@pytest.mark.parametrize(
    ("option", "problem"),
    [("lynch_tie = coin", "'coin' is not one of no_lynch, random"), ("flavour = x", "unknown")],
)
def test_the_engines_option_errors_point_at_the_rules_key(tmp_path, option, problem):
    # The engine's RulesetError names no key: the option it refuses is found by trying each.
    from autogm.engine.rules import RulesetError as EngineError
    from autogm.engine.rules import load_ruleset

    text = GOOD.replace("lynch_tie = no_lynch", f"kill_cycle = off\n{option}")
    config = load_config(write(tmp_path, text))
    key = option.split(" =")[0]
    with pytest.raises(ConfigError) as caught:
        check_rulesets(config, load_ruleset, (EngineError,))
    where = f"config.ini:{line_of(text, option)}: [rules:house] {key}: "
    assert where in str(caught.value)
    assert problem in str(caught.value)


def test_configparser_is_not_asked_to_interpolate(tmp_path):
    text = GOOD.replace("lynch_tie = no_lynch", "note = 100% sure")
    config = load_config(write(tmp_path, text))
    assert config.rules["house"].options["note"] == "100% sure"


def test_reminders_0_means_none():
    """Issue 13: "`reminders = 0` means none as the file says"."""
    assert parse_durations("0") == () == parse_durations("none")
    assert parse_durations("1h, 12h") == (timedelta(hours=12), timedelta(hours=1))


def test_a_reminder_says_the_time_left_to_the_minute():
    """Issue 13: "Reminders say the right time left (a 1-minute reminder says "0 minutes"
    today)": the job runs a moment after its time."""
    assert duration(timedelta(seconds=59.6)) == "1 minute"
    assert duration(timedelta(minutes=29, seconds=58)) == "30 minutes"
    assert duration(timedelta(minutes=59, seconds=50)) == "1 hour"
    assert duration(timedelta(hours=12, seconds=-2)) == "12 hours"


def test_the_state_directory_defaults_to_systemds_and_must_be_writable(tmp_path, monkeypatch):
    """Issue 13: "docs/running.md's unit uses ProtectSystem=strict and
    ReadWritePaths=/var/lib/autogm, but config.example.ini's state_dir = state resolves next to
    the config (read-only) ... have check-config check that the state directory is
    writable", naming file, line and key."""
    from autogm.daemon.cli.main import check_config, main

    config = tmp_path / "config.ini"
    config.write_text((ROOT / "config.example.ini").read_text(), encoding="utf-8")
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "var-lib-autogm"))
    assert load_config(config).autogm.state_dir == tmp_path / "var-lib-autogm"
    monkeypatch.delenv("STATE_DIRECTORY")
    assert load_config(config).autogm.state_dir == tmp_path / "state"
    # A place no user can make a directory in: below a file.
    blocked = tmp_path / "etc"
    blocked.write_text("a file, not a folder")
    text = config.read_text().replace("# state_dir = state", f"state_dir = {blocked}/state")
    config.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=r"config.ini:\d+: \[autogm\] state_dir: .* is not a"):
        check_config(load_config(config))
    assert main(["check-config", str(config)]) == 2


def test_a_ruleset_that_is_not_complete_is_refused_with_what_it_lacks(tmp_path):
    """A ruleset still being written (its ``unfinished`` list not empty) cannot start a live
    game by mistake, and the message says what is still missing."""
    from dataclasses import replace

    from autogm.engine.rules import RulesetError as EngineError
    from autogm.engine.rules import load_ruleset

    lacking = ("the Explosive Vest's new wires", "the moon")

    def unfinished_2011(ruleset_id, options=None):
        return replace(load_ruleset(ruleset_id, options), unfinished=lacking)

    config = load_config(write(tmp_path, GOOD))
    with pytest.raises(ConfigError) as caught:
        check_rulesets(config, unfinished_2011, (EngineError,))
    message = str(caught.value)
    assert "\n" not in message
    assert f"config.ini:{line_of(GOOD, 'ruleset = dctp-2011')}: [game:r53] ruleset: " in message
    assert "dctp-2011 is not complete yet" in message
    assert all(item in message for item in lacking)
    # The complete rulesets start.
    assert check_rulesets(config, load_ruleset, (EngineError,))["r53"].id == "dctp-2011"


def test_dctp_classic_runs_a_live_game_with_its_options(tmp_path):
    """Issue 16, "Done when": "`ruleset = dctp-classic` works in config.ini". Its whole
    UNFINISHED list has landed; its own options (and 2011's it keeps) are read from the rules
    section, and a bad one names its line."""
    from autogm.engine.families.dctp.rules.dctp_classic import UNFINISHED
    from autogm.engine.rules import RulesetError as EngineError
    from autogm.engine.rules import load_ruleset

    assert UNFINISHED == ()
    options = (
        "kill_cycle = off\nsniped_protector_penalty = target_dies\ncharm_saved_lynch = no_lynch\n"
        "amor_pairings = 3\nleader_vote_count = pairwise\ndreamer = gm"
    )
    text = GOOD.replace("ruleset = dctp-2011", "ruleset = dctp-classic").replace(
        "lynch_tie = no_lynch", options
    )
    config = load_config(write(tmp_path, text))
    ruleset = check_rulesets(config, load_ruleset, (EngineError,))["r53"]
    assert ruleset.id == "dctp-classic"
    assert ruleset.option("leader_vote_count") == "pairwise"
    assert ruleset.option("amor_pairings") == 3
    assert ruleset.option("dreamer") == "gm"
    bad = text.replace("amor_pairings = 3", "amor_pairings = 7")
    with pytest.raises(ConfigError) as caught:
        check_rulesets(load_config(write(tmp_path, bad)), load_ruleset, (EngineError,))
    assert f"config.ini:{line_of(bad, 'amor_pairings = 7')}: [rules:house] amor_pairings" in str(
        caught.value
    )


def test_check_config_accepts_a_midnight_game_with_its_votes_in_the_topic(tmp_path):
    """Issue 17: midnight is complete (its ``unfinished`` list is empty): check-config accepts
    a midnight game whose votes are read in the topic ("Publicly visible actions must be
    declared in the in-game post in the OOC tag"), with option ``letters``; a bad value of the
    option names its line."""
    from autogm.daemon.cli.main import check_config
    from autogm.engine.rules import RULESETS

    assert RULESETS["midnight"].unfinished == ()
    text = (
        GOOD.replace("ruleset = dctp-2011", "ruleset = midnight\nvotes = topic")
        .replace("lynch_tie = no_lynch", "letters = approve")
        .replace("roles = Shiratori, Gin, Agasa", "roles = Boss, Cop, Civilian")
    )
    check_config(load_config(write(tmp_path, text)))
    with pytest.raises(ConfigError, match="votes = topic"):
        check_config(load_config(write(tmp_path, text.replace("votes = topic\n", ""))))
    bad = text.replace("letters = approve", "letters = maybe")
    with pytest.raises(ConfigError) as caught:
        check_config(load_config(write(tmp_path, bad)))
    assert f"config.ini:{line_of(bad, 'letters = maybe')}: [rules:house] letters" in str(
        caught.value
    )
    assert "relay, approve" in str(caught.value)


def test_a_mybb_forum_needs_its_address_and_waits_out_its_own_flood_clocks(tmp_path):
    """adapter = mybb: an address and a password, as phpbb; sends are not spaced by default
    (``send_interval = auto``), the adapter waits out the board's post and PM clocks itself
    (docs/mybb.md)."""
    mybb = GOOD.replace("adapter = phpbb", "adapter = mybb")
    forum = load_config(write(tmp_path, mybb)).forums["dctp"]
    assert (forum.adapter, forum.send_interval) == ("mybb", None)
    spaced = mybb.replace("base_url =", "send_interval = 20s\nbase_url =")
    assert load_config(write(tmp_path, spaced)).forums["dctp"].send_interval == timedelta(
        seconds=20
    )
    nowhere = mybb.replace("base_url = https://forum.example.org\n", "")
    assert "base_url: missing (the mybb adapter needs it)" in error_of(tmp_path, nowhere)
    phpbb = load_config(write(tmp_path, GOOD)).forums["dctp"]
    assert phpbb.send_interval is None  # auto: the pace the board's flood rule allows
