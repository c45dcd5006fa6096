"""The simulated players' forum names: as varied as a real board's (capitals, digits,
punctuation, an underscore), so that every game exercises the reader's name matching."""

from __future__ import annotations

NAMES = (
    "Abs",
    "Akonyl",
    "Kleene",
    "Jd-",
    "Lynz",
    "Conia",
    "Hak",
    "pofa",
    "Miaka",
    "Parkur",
    "PhoenixTears",
    "Sebolains",
    "x_pon",
    "CTU",
    "Hope",
    "Rose",
    "Minnie",
    "Chii",
    "Tak",
    "Moonlight7",
    "Kaz",
    "Will",
    "Shin_Ran",
    "Vera",
    "Quill",
    "Nyx",
    "Orion",
    "Pax",
    "Juno",
    "Bram",
    "Cleo",
    "Dax",
    "Ember",
    "Fitz",
    "Gale",
    "Holm",
    "Ivo",
    "Jett",
    "Koa",
    "Lux",
    "Milo",
    "Nell",
    "Otto",
    "Pia",
    "Remy",
    "Sol",
    "Tove",
    "Uma",
    "Vic",
    "Wren",
)


def player_names(count: int) -> list[str]:
    """The first ``count`` names (a game of more players than names gets numbered ones)."""
    if count <= len(NAMES):
        return list(NAMES[:count])
    return list(NAMES) + [f"Player{i}" for i in range(len(NAMES) + 1, count + 1)]
