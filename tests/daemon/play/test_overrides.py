from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from autogm.daemon.config.load import load_config
from autogm.daemon.outbox import outbox
from autogm.daemon.play.overrides import (
    CorrectOrder,
    End,
    Extend,
    Modkill,
    Note,
    OverrideError,
    Pause,
    ReplacePlayer,
    Resend,
    Resume,
    SetDeadline,
    VoidOrder,
    apply_overrides,
    notes,
    parse_command,
    read_overrides,
)
from autogm.daemon.store.db import Store
from tests.daemon.fakes import T0

BERLIN = ZoneInfo("Europe/Berlin")
DEADLINE = T0 + timedelta(hours=12)

CONFIG = """\
[autogm]
timezone = Europe/Berlin

[forum:dctp]
adapter = local
path = lf
username = GameMaster

[game:r53]
forum = dctp
topic = 1234
ruleset = dctp-2011
players = Abs: Gin, Kleene: Agasa
night_deadline = 09:00
day_deadline = 21:00

[overrides:r53]
"""


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("pause", Pause()),
        ("RESUME", Resume()),
        ("extend by 12h", Extend(None, timedelta(hours=12))),
        ("extend night 2 by 1h30m", Extend("Night 2", timedelta(minutes=90))),
        (
            "deadline Day 3 at 2026-12-05 21:00",
            SetDeadline("Day 3", datetime(2026, 12, 5, 20, 0, tzinfo=UTC)),
        ),
        ("replace Big Tony with New  Guy", ReplacePlayer("Big Tony", "New Guy")),
        ("modkill Jd-", Modkill("Jd-")),
        ("void order #42", VoidOrder(42)),
        ("correct order 17: Kill Kleene", CorrectOrder(17, "Kill Kleene")),
        ("note Night 2: Kleene's heal fails", Note("Night 2", "Kleene's heal fails")),
        ("note: no lynch", Note(None, "no lynch")),
        ("resend 88", Resend(88)),
        ("end", End("")),
        ("end Town wins", End("Town wins")),
    ],
)
def test_commands_parse(text, command):
    assert parse_command(text, BERLIN) == command


@pytest.mark.parametrize("text", ["paws", "extend by soon", "void order abc", "extend by 0"])
def test_bad_commands_say_what_is_wrong(text):
    with pytest.raises(ValueError):
        parse_command(text, BERLIN)


def write(tmp_path: Path, lines: str) -> Path:
    path = tmp_path / "config.ini"
    path.write_text(CONFIG + lines, encoding="utf-8")
    return path


def test_a_bad_override_line_names_file_line_and_label_and_the_others_stand(tmp_path):
    config = load_config(write(tmp_path, "1 = pause\n2 = extend by never\n3 = resume\n"))
    found = read_overrides(config)
    [refused] = found.refused
    assert re.search(r"config.ini:19: \[overrides:r53\] 2: .*not a duration", str(refused.error))
    assert [o.label for o in found["r53"]] == ["1", "3"]


@pytest.fixture
def game(store: Store) -> Store:
    store.add_game("r53", "dctp", "1234", "dctp-2011", 7, T0)
    store.update_game("r53", T0, status="running")
    store.add_player("r53", "Abs", "Gin", T0)
    store.add_player("r53", "Kleene", "Agasa", T0)
    store.open_phase("r53", "Night 1", T0, DEADLINE)
    return store


def overrides_of(tmp_path: Path, lines: str):
    path = write(tmp_path, lines)
    return load_config(path), path


def test_each_line_is_applied_once_however_often_the_file_is_read(tmp_path, game):
    config, _ = overrides_of(tmp_path, "a = extend by 2h\nb = pause\n")
    for _ in range(3):  # three polls
        apply_overrides(game, read_overrides(config)["r53"], T0)
    assert game.phase("r53", "Night 1").deadline == DEADLINE + timedelta(hours=2)
    assert game.game("r53")["status"] == "paused"
    assert [e["details"]["label"] for e in game.events("r53", "override")] == ["a", "b"]


def test_new_lines_are_applied_at_the_next_read(tmp_path, game):
    config, path = overrides_of(tmp_path, "a = pause\n")
    apply_overrides(game, read_overrides(config)["r53"], T0)
    path.write_text(path.read_text() + "b = resume\n")
    [outcome] = apply_overrides(game, read_overrides(config)["r53"], T0)
    assert outcome.result == "applied"
    assert game.game("r53")["status"] == "running"


def test_changing_an_applied_line_is_refused_and_logged_once(tmp_path, game):
    config, path = overrides_of(tmp_path, "a = extend by 2h\n")
    apply_overrides(game, read_overrides(config)["r53"], T0)
    path.write_text(path.read_text().replace("2h", "5h"))
    for _ in range(3):
        [outcome] = apply_overrides(game, read_overrides(config)["r53"], T0)
        assert outcome.result.startswith("refused")
    assert game.phase("r53", "Night 1").deadline == DEADLINE + timedelta(hours=2)
    assert len(game.events("r53", "override.refused")) == 1


def test_a_line_that_failed_can_be_corrected_in_place(tmp_path, game):
    config, path = overrides_of(tmp_path, "a = modkill Nobody\n")
    [failed] = apply_overrides(game, read_overrides(config)["r53"], T0)
    assert failed.result == "error: no player 'Nobody' in r53"
    assert apply_overrides(game, read_overrides(config)["r53"], T0) == []  # not retried
    path.write_text(path.read_text().replace("Nobody", "abs"))
    [fixed] = apply_overrides(game, read_overrides(config)["r53"], T0)
    assert fixed.result == "applied"
    assert {p["name"]: p["status"] for p in game.players("r53")}["Abs"] == "modkilled"


def test_deadline_pause_and_end(tmp_path, game):
    config, _ = overrides_of(tmp_path, "a = deadline at 2026-12-02 10:30\nb = end Town wins\n")
    apply_overrides(game, read_overrides(config)["r53"], T0)
    assert game.phase("r53", "Night 1").deadline == datetime(2026, 12, 2, 9, 30, tzinfo=UTC)
    assert game.game("r53")["status"] == "ended"


def test_replace_moves_the_account(tmp_path, game):
    config, _ = overrides_of(tmp_path, "a = replace abs with Newbie\nb = replace Kleene with Abs\n")
    outcomes = apply_overrides(game, read_overrides(config)["r53"], T0)
    assert [o.result for o in outcomes] == ["applied", "error: 'Abs' already plays in r53"]
    assert {p["name"]: p["role"] for p in game.players("r53")}["Newbie"] == "Gin"


def test_void_and_correct_orders(tmp_path, game):
    first = game.add_order("r53", "Night 1", "Abs", "Kill Kleen", T0)
    second = game.add_order("r53", "Night 1", "Kleene", "Heal Abs", T0)
    config, _ = overrides_of(
        tmp_path, f"a = void order {second}\nb = correct order {first}: Kill Kleene\n"
    )
    apply_overrides(game, read_overrides(config)["r53"], T0)
    live = game.orders("r53", "Night 1")
    assert [(o.player, o.raw, o.source, o.state) for o in live] == [
        ("Abs", "Kill Kleene", "gm", "pending")
    ]


def test_notes_are_kept_for_the_phase(tmp_path, game):
    config, _ = overrides_of(tmp_path, "a = note: the heal fails\nb = note Day 1: no lynch\n")
    outcomes = apply_overrides(game, read_overrides(config)["r53"], T0)
    assert outcomes[1].result == "waiting: phase Day 1 is not open yet"
    assert notes(game, "r53", "Night 1") == ["the heal fails"]


def test_an_override_for_a_phase_still_to_come_waits_for_it(tmp_path, game):
    """A GM may write "extend Day 1 by 2h" ahead; it applies once Day 1 opens, and an
    override for a phase that has closed is an error."""
    config, _ = overrides_of(tmp_path, "a = extend Day 1 by 2h\nb = extend Prep by 1h\n")
    found = read_overrides(config)["r53"]
    outcomes = apply_overrides(game, found, T0)
    assert [o.result for o in outcomes] == [
        "waiting: phase Day 1 is not open yet",
        "error: phase Prep is not open",
    ]
    assert game.rows("SELECT label FROM overrides") == [{"label": "b"}]
    game.close_phase("r53", "Night 1", DEADLINE, {})
    game.open_phase("r53", "Day 1", DEADLINE, DEADLINE + timedelta(hours=12))
    game.update_game("r53", DEADLINE, phase="Day 1")
    outcomes = apply_overrides(game, found, DEADLINE)
    assert [o.result for o in outcomes] == ["applied"]
    assert game.phase("r53", "Day 1").deadline == DEADLINE + timedelta(hours=14)


def test_resend_requeues_a_message(tmp_path, game):
    message = outbox.Outgoing("dctp", "pm", "k1", "role PM", "r53", "Night 1", ("Abs",), "Role")
    outbox_id = outbox.enqueue(game, message, T0)
    game.execute("UPDATE outbox SET state = 'failed' WHERE id = ?", [outbox_id])
    config, _ = overrides_of(tmp_path, f"a = resend {outbox_id}\n")
    apply_overrides(game, read_overrides(config)["r53"], T0)
    assert outbox.get(game, outbox_id).state == "queued"


def test_the_engine_hook_runs_in_the_same_transaction(tmp_path, game):
    config, _ = overrides_of(tmp_path, "a = modkill Abs\n")

    def engine_refuses(store, override, now):
        raise OverrideError("Abs is already dead")

    [outcome] = apply_overrides(game, read_overrides(config)["r53"], T0, on_apply=engine_refuses)
    assert outcome.result == "error: Abs is already dead"
    assert {p["name"]: p["status"] for p in game.players("r53")}["Abs"] == "alive"  # rolled back

    seen = []
    config2, _ = overrides_of(tmp_path, "b = modkill Kleene\n")
    apply_overrides(
        game, read_overrides(config2)["r53"], T0, on_apply=lambda s, o, n: seen.append(o)
    )
    assert [o.command for o in seen] == [Modkill("Kleene")]
