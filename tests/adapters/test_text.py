"""Small text helpers: quotes on BBCode source, board dates."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from autogm.adapters.bbcode import split_quotes
from autogm.adapters.web.dates import DateReader, php_to_strptime

NOW = datetime(2026, 11, 22, 3, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("source", "text", "quotes"),
    [
        ("plain", "plain", ()),
        ('[quote="A"]x[/quote]\nmine', "mine", ("x",)),
        ("[QUOTE=A post_id=3 time=1 user_id=2]x[/QUOTE]mine", "mine", ("x",)),
        ("[quote][quote]in[/quote]out[/quote]\nmine", "mine", ("[quote]in[/quote]out",)),
        ("mine [quote]never closed", "mine", ("never closed",)),
        ("a stray [/quote] stays", "a stray [/quote] stays", ()),
        ("[code][quote]not a quote[/quote][/code]", "[code][quote]not a quote[/quote][/code]", ()),
    ],
)
def test_split_quotes(source, text, quotes):
    assert split_quotes(source) == (text, quotes)


def test_php_formats_translate():
    assert php_to_strptime("D M d, Y g:i a") == "%a %b %d, %Y %I:%M %p"
    assert php_to_strptime(r"|d M Y|, H:i \a\t") == "%d %b %Y, %H:%M at"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sun Nov 22, 2026 2:57 am", datetime(2026, 11, 22, 2, 57, tzinfo=UTC)),
        ("Sun Nov 22, 2026 2:57 pm", datetime(2026, 11, 22, 14, 57, tzinfo=UTC)),
        ("22 Nov 2026, 14:57", datetime(2026, 11, 22, 14, 57, tzinfo=UTC)),
        ("November 22nd, 2026, 2:57 am", datetime(2026, 11, 22, 2, 57, tzinfo=UTC)),
        ("Today, 02:30", datetime(2026, 11, 22, 2, 30, tzinfo=UTC)),
        ("Yesterday, 11:30 pm", datetime(2026, 11, 21, 23, 30, tzinfo=UTC)),
        ("5 minutes ago", NOW - timedelta(minutes=5)),
        ("less than a minute ago", NOW),
    ],
)
def test_board_dates(text, expected):
    assert DateReader().parse(text, NOW) == expected


def test_the_accounts_timezone_and_format_apply():
    reader = DateReader(timezone=ZoneInfo("Europe/Paris")).with_format("d/m/Y H:i")
    assert reader.parse("22/11/2026 04:00", NOW) == datetime(2026, 11, 22, 3, 0, tzinfo=UTC)


def test_an_unknown_date_is_refused():
    with pytest.raises(ValueError, match="matches none"):
        DateReader().parse("the 5th of never", NOW)
