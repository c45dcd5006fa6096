"""Deadlines as the forum shows them (issue 13, §2): phpBB writes dates with a PHP date()
format, "D M d, Y g:i a" by default, and autogm writes its deadlines the same way."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from autogm.daemon.config.dates import DateStyle, parse_date_format, php_date

MOMENT = datetime(2026, 12, 1, 18, 5, tzinfo=UTC)


def test_the_phpbb_default_format_with_the_zone() -> None:
    # shared/phpbb/PROTOCOL.md: "text dates look like `Sun Nov 22, 2026 2:57 am`".
    assert DateStyle().show(MOMENT) == "Tue Dec 01, 2026 6:05 pm UTC"
    assert DateStyle(ZoneInfo("Europe/Berlin")).show(MOMENT) == "Tue Dec 01, 2026 7:05 pm CET"


def test_a_board_format_that_writes_its_zone_gets_no_second_one() -> None:
    style = DateStyle(ZoneInfo("America/New_York"), "l jS F Y, H:i T")
    assert style.show(MOMENT) == "Tuesday 1st December 2026, 13:05 EST"


def test_escaped_letters_are_written_as_they_are() -> None:
    assert php_date(MOMENT, r"\d\a\y j, G\h") == "day 1, 18h"


def test_a_letter_autogm_does_not_write_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'B' is not a date letter"):
        parse_date_format("D B Y")
