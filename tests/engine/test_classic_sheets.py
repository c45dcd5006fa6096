"""Every role sheet of dctp-classic checked against the rule text's own lists.

Classic has no role sheets: each ability section says "Role(s) with that action", the item
lists say who carries what (and so who is an adult, a teenager, a female), and Follow lists
who has a scent. The test walks those lists in a copy of shared/rules/dctp-classic.txt (kept
in tests/engine/data) and checks each sheet of engine/families/dctp/rules/dctp_classic.py
against them.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest

from autogm.engine.families.dctp.rules.dctp_2011 import RULESET as DCTP_2011
from autogm.engine.families.dctp.setup import resolve_role
from autogm.engine.phases import PhaseKind
from autogm.engine.rules import load_ruleset

TEXT = (Path(__file__).parent / "data" / "dctp-classic.txt").read_text(encoding="utf-8")
LINES = TEXT.splitlines()
RULESET = load_ruleset("dctp-classic")

# Each "* Section" of the text and the abilities of the sheets it stands for.
SECTIONS = {
    "Disguise": ("disguise",),
    "Amor": ("amor",),
    "Friendship": ("friendship",),
    "Traveling": ("travel",),
    "Investigate #": ("investigate",),
    "Special Investigate": ("special_investigate",),
    "Interrogate": ("interrogate",),
    "Slander": ("slander",),
    "Erasing": ("erase",),
    "Sniping": ("snipe",),
    "Detect": ("detect",),
    "Abduct": ("abduct",),
    "Spying": ("spy",),
    "House search": ("house_search",),
    "First Aid": ("first_aid",),
    "Heal": ("heal",),
    "Lawsuit": ("lawsuit",),
    "Frighten": ("frighten",),
    "Trick and Intimidate": ("discombobulate",),
    "Steal": ("steal",),
    "Observe": ("observe",),
    "Protection Charm": ("protection_charm",),
    "Bow-tie and Watch": ("bow_tie", "watch"),
    "Vengeance": ("vengeance",),
    "Follow": ("follow",),
    "Identify": ("identify",),
    "Analyze": ("analyze",),
    "Voice of Reason": ("voice_of_reason",),
    "Black Suitcase": ("black_suitcase",),
    "Arrest": ("arrest",),
    "Protect": ("protect",),
}
# Words in a list that are not roles ("Anokata or BO leader", "DB's: ...", "BO(APTX)").
NOT_ROLES = {
    "BO", "DB's", "DBs", "APTX", "Sober", "Trick", "Intimidate", "Everyone", "Police", "FBI",
    "All", "Every", "Lover", "Pair", "Town", "Roles", "Role",
}  # fmt: skip


def _roles(text: str) -> set[str]:
    """The roles a list names, as the sheets spell them."""
    found = set()
    for word in re.findall(r"[A-Z][A-Za-z']+", text):
        if word in NOT_ROLES:
            continue
        with contextlib.suppress(ValueError):
            found.add(resolve_role(RULESET, word))
    return found


def _sections() -> dict[str, set[str]]:
    """Section title -> the roles of its "Role(s) with that action" line."""
    found: dict[str, set[str]] = {}
    title = None
    for line in LINES:
        head = re.match(r"^\*\s*(.+?)\s*$", line)
        if head:
            title = head.group(1)
            continue
        roles = re.match(r"^- Roles? with that(?: action)?:\s*(.+)$", line)
        if roles and title and title not in found:
            found[title] = _roles(roles.group(1))
    return found


def _phase_list(prefix: str) -> set[str]:
    line = next(line for line in LINES if line.startswith(prefix))
    return _roles(line.partition(":")[2])


def _item_list(item: str) -> set[str]:
    line = next(line for line in LINES if line.startswith(item))
    # "Every adult besides Kogoro", "All from BO except Anokata and Akemi (...)"
    listed = re.sub(r"(?:besides|except) \w+(?: and \w+)?", "", line.partition(":")[2])
    return _roles(listed)


SECTION_ROLES = _sections()


def test_every_section_with_a_role_list_is_read() -> None:
    assert set(SECTIONS) <= set(SECTION_ROLES), set(SECTIONS) - set(SECTION_ROLES)


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_the_roles_with_an_action_hold_it_and_no_one_else(section: str) -> None:
    named = SECTION_ROLES[section]
    assert named, section
    for ability in SECTIONS[section]:
        holders = {name for name, sheet in RULESET.roles.items() if ability in sheet.abilities()}
        assert holders == named, (section, ability, holders ^ named)


@pytest.mark.parametrize(
    ("prefix", "kinds"),
    [
        ("Roles with Prep. Actions", {PhaseKind.PREP}),
        ("Roles with Night actions", {PhaseKind.NIGHT}),
        ("Roles with Day actions", {PhaseKind.DAY}),
        ("Roles with Night and Day actions", {PhaseKind.NIGHT, PhaseKind.DAY}),
    ],
)
def test_the_phase_lists_are_the_sheets_phases(prefix: str, kinds: set[PhaseKind]) -> None:
    named = _phase_list(prefix)
    for name, sheet in RULESET.roles.items():
        phases = {kind for slot in sheet.slots for kind in slot.phases}
        if name in named:
            assert kinds <= phases, (prefix, name, phases)
    # Every sheet with an action in these phases is in the list ("BO(APTX)" aside); a night
    # and day action counts in the night and the day lists too.
    both = _phase_list("Roles with Night and Day actions")
    holders = {
        name for name, sheet in RULESET.roles.items()
        if any(kinds <= slot.phases for slot in sheet.slots)
    }  # fmt: skip
    assert holders <= named | (both if len(kinds) == 1 else set()), (prefix, holders - named)


def test_the_cast_is_every_role_the_text_names_and_no_2011_role_it_does_not() -> None:
    named = set().union(*SECTION_ROLES.values())
    for prefix in ("Roles with Prep", "Roles with Night", "Roles with Day", "Roles with a Status"):
        named |= _phase_list(prefix)
    assert named == set(RULESET.roles)
    for absent in ("Kir", "Nakamori", "Kobayashi", "Kujou", "Yukiko", "Yuusaku", "Asami",
                   "Haibara", "Yamato", "Uehara"):  # fmt: skip
        assert absent in DCTP_2011.roles
        assert absent not in RULESET.roles


ITEMS = {
    "Gun": "Gun",
    "Car-keys": "Car-keys",
    "School book": "School book",
    "(Sun)glasses": "Glasses",
    "Headgear": "Headgear",
    "Panties": "Panties",
    "Alcohol": "Alcohol",
}


@pytest.mark.parametrize("role", sorted(RULESET.roles))
def test_items_age_gender_scent_as_the_lists_give_them(role: str) -> None:
    sheet = RULESET.roles[role]
    held = {ITEMS[line] for line in ITEMS if role in _item_list(line)}
    assert set(sheet.items) == held
    # "Panties: All females"
    assert sheet.gender == ("female" if role in _item_list("Panties") else "male")
    # "Car-keys: Every adult besides Kogoro"; the school book list also names the children.
    adults = _item_list("Car-keys") | {"Kogorou"}
    children = {"Conan", "Sherry", "Mitsuhiko", "Ayumi", "Genta"}
    age = "adult" if role in adults else "child" if role in children else "teenager"
    assert sheet.observe == (age,)
    # Follow: "BO side - everyone from the BO besides Anokata and Akemi ...; Town side - Akai
    # and Okiya"
    black_org = sheet.group == "Black Org"
    assert sheet.scent == ((black_org and role not in {"Anokata", "Akemi"}) or role in {
        "Akai", "Okiya"})  # fmt: skip


def test_interrogation_and_disguise_as_the_text_gives_them() -> None:
    # "All BO member have "BO" besides Anokata and the disguised Vermouth."
    gun = _item_list("Gun")
    black_org = {n for n, s in RULESET.roles.items() if s.group == "Black Org"}
    assert black_org == {n for n in gun if RULESET.roles[n].side.value == "black_org"}
    for name in black_org:
        assert RULESET.roles[name].interrogation == ("Not BO" if name == "Anokata" else "BO")
    # "They can't disguise as: BO members, Conan, Sherry, Eri, DB's (Ayumi, Genta, Mitsuhiko),
    # Lovers, and prep. Phase roles (Sonoko, Yumi, Vermouth, KID, Hakuba, Makoto)"
    line = next(line for line in LINES if line.startswith("- They can't disguise as"))
    excluded = _roles(line) | black_org
    for name, sheet in RULESET.roles.items():
        assert sheet.disguisable == (name not in excluded), name


def test_investigate_counts_and_the_slots_that_share_a_night() -> None:
    """docs/rulings.md, "How many actions does Investigate # cover?"; Okiya "May alternatively
    choose one player to give First Aid at night instead of Detect"."""
    counts = {
        name: use.count
        for name, sheet in RULESET.roles.items()
        for slot in sheet.slots
        for use in slot.options
        if use.ability == "investigate"
    }
    assert counts == {
        "Gin": 3, "Megure": 2, "Satou": 2, "Takagi": 2, "Shiratori": 2, "Chiba": 2, "Yumi": 2,
        "Akai": 3, "Shinichi": 3, "Heiji": 3, "Conan": 5,
    }  # fmt: skip
    okiya = RULESET.roles["Okiya"]
    assert len(okiya.slots) == 1 and {u.ability for u in okiya.slots[0].options} == {
        "detect",
        "first_aid",
    }


def test_the_black_org_rank_is_the_role_lists_order() -> None:
    """Leader: "the ranking according to the role list (Anokata, Gin, Vermouth, Bourbon ...)"."""
    assert RULESET.ext.rank[:4] == ("Anokata", "Gin", "Vermouth", "Bourbon")
    assert set(RULESET.ext.rank) == {n for n, s in RULESET.roles.items() if s.group == "Black Org"}
