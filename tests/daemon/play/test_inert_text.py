"""Player text is inert everywhere it is shown, the GM's own PMs and terminal included, and
never carries control characters (issue 28)."""

from __future__ import annotations

from datetime import UTC, datetime

from autogm.daemon.config.dates import DateStyle
from autogm.daemon.outbox import outbox
from autogm.daemon.outbox.message import Outgoing
from autogm.daemon.play import roster_texts, texts
from autogm.engine.outcome import HeldText
from autogm.engine.phases import Phase
from autogm.engine.render.inert import TAG_BREAK, for_terminal, inert

# A will that closes the GM's quote and links away, its tags split by zero-width characters,
# with a terminal escape (red), a bell and a backspace in it.
WILL = "[/qu\u200bote][u\u200brl=http://evil.example]my will[/url]\x1b[31mred\x07\x08 end"
CONTROLS = ("\x1b", "\x07", "\x08", "\x00", "\x9b", "\x7f")


def live_tags(text: str) -> list[str]:
    """The places where text holds a "[" phpBB could read as a tag."""
    return [
        text[i : i + 6]
        for i, ch in enumerate(text)
        if ch == "[" and text[i + 1 : i + 2] != TAG_BREAK
    ]


def test_inert_removes_control_characters_and_breaks_tags():
    shown = inert(WILL)
    assert not any(c in shown for c in CONTROLS)
    assert live_tags(shown) == []
    assert "my will" in shown and "red" in shown and "\n" in inert("a\nb") and "\t" in inert("\t")


def test_the_gms_pm_of_held_texts_carries_the_will_inert():
    held = HeldText(
        "will", 1, Phase.parse("Day 1"), None, WILL, "gm_text.will", {}, "the will of Abs, lynched"
    )
    note = texts.held_texts_note("g1", [held])
    player_part = note.split("lynched\n", 1)[1].split("\n\n")[0]
    assert live_tags(player_part) == []
    assert not any(c in note for c in CONTROLS)


def test_the_signup_list_shows_names_and_choices_inert():
    body = roster_texts.signup_list(
        "g1",
        ["[b]Abs[/b]", "Miaka\x1b[2J"],
        ["[url=http://x]Sub[/url]"],
        {"[b]Abs[/b]": "[color=red]Doctor[/color]"},
        "open",
        8,
        None,
        DateStyle(),
    )
    names = body.split("\n", 1)[1]
    assert [tag for tag in live_tags(names) if not tag.startswith(("[b]/in", "[b]/ou"))] == []
    assert "\x1b" not in body


def test_nothing_the_outbox_sends_carries_a_control_character(store):
    now = datetime(2026, 12, 1, tzinfo=UTC)
    message = Outgoing(
        "f",
        "pm",
        "k",
        "orders: Kill Abs\x1b]0;pwned\x07",
        recipients=("Abs",),
        subject="Re: \x1b[31morders",
    )
    outbox.enqueue(store, message, now)
    row = outbox.rows(store)[0]
    assert not any(c in row.body + (row.subject or "") for c in CONTROLS)
    assert row.body == "orders: Kill Abs]0;pwned"


def test_the_terminal_gets_no_control_or_invisible_character():
    assert for_terminal("a\x1b[31mb\u202ec\u200bd\x07\ne\tf") == "a[31mbcd\ne\tf"
