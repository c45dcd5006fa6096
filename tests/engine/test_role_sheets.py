"""Every role sheet of dctp-2011 checked against the rule text itself.

The test walks the role list of shared/rules/dctp-2011-standard.txt (a copy is kept in
tests/engine/data) and compares each field of each sheet with the data in
engine/families/dctp/rules/dctp_2011.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from autogm.engine.phases import PhaseKind
from autogm.engine.rules import load_ruleset

TEXT = (Path(__file__).parent / "data" / "dctp-2011-standard.txt").read_text(encoding="utf-8")
RULESET = load_ruleset("dctp-2011")

HEADER = re.compile(
    r"^(?:\[spoiler\])?(?P<name>[A-Z][A-Za-z ]+?), (?P<title>[A-Z][A-Za-z. ]+?)"
    r"(?: Image)?$"
)
PHASES = {
    "night": {PhaseKind.NIGHT},
    "day": {PhaseKind.DAY},
    "night/day": {PhaseKind.NIGHT, PhaseKind.DAY},
    "prep": {PhaseKind.PREP},
    "prep. phase": {PhaseKind.PREP},
    "prep.": {PhaseKind.PREP},
    "prep and night/day": {PhaseKind.PREP, PhaseKind.NIGHT, PhaseKind.DAY},
}
NAMES = {"tranquilizer_watch": "watch"}
GROUPS = {
    "Black Org": ("Anokata", "Sherry"),
    "Police": ("Megure", "Yumi"),
    "FBI & CIA": ("James", "Kir"),
    "Civilians": ("Shinichi", "Yukiko"),
}


def _blocks() -> dict[str, dict[str, object]]:
    lines = TEXT.splitlines()
    blocks: dict[str, dict[str, object]] = {}
    for i, line in enumerate(lines):
        found = HEADER.match(line.strip())
        if not found or found["name"] in {"Mini Mafia Standard Rules"}:
            continue
        fields: dict[str, object] = {"title": found["title"], "actions": []}
        for body in lines[i + 1 : i + 16]:
            if HEADER.match(body.strip()):
                break
            last = "[/spoiler]" in body
            body = re.sub(r"\[/?(?:size|i|b|spoiler)[^\]]*\]", "", body).strip()
            if body.lower().startswith("note"):
                break
            if ":" not in body:
                continue
            key, _, value = body.partition(":")
            key = key.strip().lower()
            if key.endswith(("action", "actions")):
                fields["actions"].append((key.rsplit(" ", 1)[0], value.strip()))  # type: ignore[union-attr]
            else:
                fields[key] = value.strip()
            if last:
                break
        if "interrogation" in fields:
            blocks[found["name"]] = fields
    return blocks


BLOCKS = _blocks()


def _ability(text: str) -> tuple[str, int]:
    text = re.sub(r"\(.*?\)|\*", "", text).strip().lower()
    words = text.split()
    count = int(words[-1]) if words and words[-1].isdigit() else 1
    name = "_".join(w for w in words if not w.isdigit()).replace("-", "_")
    return NAMES.get(name, name), count


def _text_slots(actions: list[tuple[str, str]]) -> set[tuple[frozenset, tuple]]:
    slots = set()
    for key, value in actions:
        phases = frozenset(PHASES[key])
        for part in value.split(","):
            options = tuple(sorted(_ability(o) for o in part.split(" OR ")))
            slots.add((phases, options))
    return slots


def test_the_text_lists_every_role_of_the_ruleset() -> None:
    """'The Black Organization' 13 roles, 'The Police' 7, 'The FBI & CIA' 5, 'The Civilians'
    24, and the experimental Yamato and Uehara."""
    assert set(BLOCKS) == set(RULESET.roles)
    counts = {group: 0 for group in GROUPS}
    for sheet in RULESET.roles.values():
        if not sheet.experimental:
            counts[sheet.group] += 1
    assert counts == {"Black Org": 13, "Police": 7, "FBI & CIA": 5, "Civilians": 24}
    assert sorted(s.name for s in RULESET.roles.values() if s.experimental) == ["Uehara", "Yamato"]


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_role_sheet_matches_the_text(name: str) -> None:
    text = BLOCKS[name]
    sheet = RULESET.roles[name]
    assert sheet.title == text["title"]
    sheet_slots = {
        (frozenset(slot.phases), tuple(sorted((u.ability, u.count) for u in slot.options)))
        for slot in sheet.slots
    }
    assert sheet_slots == _text_slots(text["actions"])  # type: ignore[arg-type]
    interrogation = str(text["interrogation"])
    assert sheet.interrogation == ("Not BO" if interrogation.startswith("Not BO") else "BO")
    assert sheet.scent == str(text["scent"]).startswith("Yes")
    assert sheet.disguisable == str(text["disguise"]).startswith("Yes")
    items = re.split(r"\s*\+\s*", str(text["items"]))[0]
    assert [i.strip().lower() for i in items.split(",")] == [i.lower() for i in sheet.items]
    observe = str(text["observe"]).lower()
    ages = [a for a in ("adult", "teenager", "child") if a in observe]
    if "if not disguised:" in observe:
        ages = [observe.rsplit(":", 1)[1].strip()]
    assert list(sheet.observe) == ages
    if "status" in text:
        assert sheet.status == (text["status"],)


def test_gender_follows_the_item_list_all_females() -> None:
    """ "Panties: All females:" names the female roles (Haibara too, whose sheet lists no
    panties); Kujou and the experimental Uehara carry panties on their own sheets."""
    found = re.search(r"Panties: All females:\n(?P<list>.+)", TEXT)
    assert found
    females = {n.strip() for n in found["list"].split(",")}
    females |= {s.name for s in RULESET.roles.values() if "Panties" in s.items}
    for sheet in RULESET.roles.values():
        assert (sheet.gender == "female") == (sheet.name in females), sheet.name
