"""Readers of the Day's Voices (dctp-2011): "Voice of Reason", "Voice of Accusation", each
given alone, naming no one."""

from __future__ import annotations

from autogm.engine.orders.model import Order
from autogm.engine.orders.reader import Reader


def read_voice_of_reason(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.bare("voice_of_reason", rest, fragment)


def read_voice_of_accusation(reader: Reader, rest: str, fragment: str) -> Order:
    return reader.bare("voice_of_accusation", rest, fragment)
