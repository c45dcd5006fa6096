"""Ruleset ``dctp-r53``: "Mafia Round 53", the later DCTP revision, written as its changes to 2011.

r53 has no role sheets and no sections for Arrest, APTX, Charm, Travel, Protect or
Lovey-Dovey; where it is silent the 2011 text stands (docs/rulings.md, "Where r53 is
silent"). Every change below quotes the r53 sentence it follows
(r53's rules and its abilities text), so that this file can be held
against those texts line by line.
"""

from __future__ import annotations

from dataclasses import replace

from autogm.engine.families.dctp.rules import dctp_2011
from autogm.engine.families.dctp.rules.dctp_2011 import CIVILIANS, ROLE_LIST, make_sheet, make_slots
from autogm.engine.phases import PhaseKind
from autogm.engine.rules.base import NIGHT, AbilityRules, OptionSpec, RoleSheet, Step, derive

RULESET_ID = "dctp-r53"

# "Night Actions: Arrest > Discombobulation > APTX > Killing > House Search/Detain > Frighten >
#  Face Pinch > All other actions > Travel"
NIGHT_ORDER: tuple[Step, ...] = (
    Step.VEST,  # the Explosive Vest (2011, experimental): r53 is silent
    Step.ARREST,
    Step.DISCOMBOBULATION,
    Step.APTX,
    Step.KILLING,
    Step.HOUSE_SEARCH,  # Detention resolves here by night
    Step.FRIGHTEN,
    Step.FACE_PINCH,
    Step.OTHER,
    Step.TRAVEL,
)

# "Day Actions: Arrest/Detain/Face Pinch > Charm (unless Kazuha is APTX'd and does not have
#  the charm herself) > APTX > Lynching> All other actions > Travel"
DAY_ORDER: tuple[Step, ...] = (
    # 2011, Explosive Vest: "The bomb explosion takes place before all other day actions,
    # including any arrests".
    Step.VEST,
    Step.ARREST,
    Step.DETENTION,
    Step.FACE_PINCH,
    Step.CHARM,
    Step.APTX,
    Step.LYNCHING,
    # Not in r53's day list: the attacks a lynch or an arrest sets off (Revenge, Vengeance)
    # settle right after the lynch, as in 2011's single order (docs/rulings.md).
    Step.KILLING,
    Step.OTHER,
    Step.TRAVEL,
)

# "Voice of Reason > Lovey Dovey > Snipe Guard > Watch Protection > Protect > Heal > First Aid"
# Snipe Guard is 2011's Bone Breaking renamed (its r53 section is the same text).
ORDER_OF_HEALING: tuple[str, ...] = (
    "voice_of_reason",
    "lovey_dovey",
    "bone_breaking",
    "watch",
    "protect",
    "heal",
    "first_aid",
)

# "List of abilities that constitute crimes: Killing (whether it be of the normal, sniping, or
#  APTX variety), Disguising, Slandering, Bribing, Discombobulating, Abducting, Erasing,
#  Frightening, Stealing. CHOOSING COSTUMES IS NOT A CRIME." The same as 2011's but Blaming,
# which its own section still calls a crime: option ``blame_is_crime`` (``crime_options``)
# keeps it or takes it off. Temporary Disguise ("Day action, Crime") and the vest (2011) are
# silent in r53 and stay crimes.
CRIMES = dctp_2011.CRIMES

# "Protect — Protect / Lovey-Dovey / Snipe Guard"; the rest of r53's Keywords are 2011's.
KEYWORDS = {**dctp_2011.KEYWORDS, "bone_breaking": "protect"}

# "Friends may not also be lovers. May not also befriend any Black Org members" (2011: "apart
# from Vermouth"); "She may not arrest (includes pinch), house search, detain, or kill in any
# way." Stealing left the list (2011: "will not be able to kill or steal").
FRIEND_EXCLUDED = (dctp_2011.FRIEND_EXCLUDED - {"steal"}) | {"pinch_face", "vengeance"}

# "Items that can be stolen from a role" as r53 lists them. A role named in any list holds
# exactly the lists it is named in; a role r53 names in none keeps its 2011 items.
ITEM_LISTS: dict[str, str] = {
    "Gun": "Anokata, Gin, Vermouth, Bourbon, Pisco, Vodka, Chianti, Korn, Tequila, Akemi, "
    "Megure, Satou, Takagi, Shiratori, Chiba, Nakamori, James, Akai, Jodie, Camel, Kir, Kid",
    "Car-keys": "Anokata, Gin, Vermouth, Bourbon, Pisco, Vodka, Calvados, Chianti, Korn, "
    "Tequila, Akemi, Megure, Satou, Takagi, Shiratori, Chiba, Nakamori, James, Akai, Jodie, "
    "Camel, Kir, Yuusaku, Okiya, Agasa, Araide, Kobayashi, Eri, Sera",
    "School book": "Kobayashi, Shinichi, Conan, Heiji, Hakuba, Haibara, Kazuha, Makoto, Ran, "
    "Eisuke, Minerva, Kid, Sera",
    "Glasses": "Vodka, Calvados, Korn, James, Jodie, Conan, Yuusaku, Okiya, Agasa, Makoto, "
    "Araide, Kobayashi, Eri, Eisuke, Kid",
    "Headgear": "Gin, Bourbon, Vodka, Calvados, Korn, Tequila, Megure, Yumi, Akai, Kir, "
    "Heiji, Kazuha, Eri, Sonoko, Ayumi, Kid",
    "Panties": "Vermouth, Chianti, Akemi, Satou, Jodie, Kir, Haibara, Kazuha, Ran, Kobayashi, "
    "Eri, Minerva, Sera",
    "Alcohol": "Gin, Vermouth, Bourbon, Pisco, Vodka, Chianti, Korn, Tequila, Shiratori, "
    "James, Akai, Jodie, Kir, Heiji, Okiya, Haibara",
}
# The lists write "Kid" for Kaitou Kid.
_LIST_NAMES = {"Kid": "Kaitou Kid"}

# "Sera": "Investigate # ... Sera", "First Aid ... Kobayashi, Sera", car keys ("Every adult
# and Sera"), school book ("every teenager"), panties ("All females"). Her count and whether
# both abilities share a night are not given: like Yamato, the 2011 sheet with the same pair,
# one of them a night (docs/rulings.md, "Sera and Minerva").
# "Minerva": "Trick - Roles with action: Eisuke, Vodka, Minerva", school book, panties.
NEW_SHEETS: tuple[RoleSheet, ...] = (
    make_sheet("Sera", "Schoolgirl Detective", CIVILIANS, night="investigate 2 | first_aid",
           items="Car-keys", observe="teenager", gender="female"),
    make_sheet("Minerva", "Trickstress", CIVILIANS, night="discombobulate", items="School book",
           observe="teenager", gender="female"),
)  # fmt: skip


def _listed(names: str) -> set[str]:
    return {_LIST_NAMES.get(n.strip(), n.strip()) for n in names.split(",")}


def _items_of(role: str) -> tuple[str, ...] | None:
    """The items r53's lists give ``role``, or None when no list names it."""
    items = tuple(item for item, names in ITEM_LISTS.items() if role in _listed(names))
    return items or None


def _r53_sheets() -> dict[str, RoleSheet]:
    sheets = {sheet.name: sheet for sheet in (*ROLE_LIST, *NEW_SHEETS)}
    vermouth = sheets["Vermouth"]
    sheets["Vermouth"] = replace(vermouth, traits=vermouth.traits - {"befriendable"})
    # "Spy - Role with action: Bourbon"; "Special Investigate - Role with action: James, Kir,
    # Okiya, Yuusaku"; "Detect - Role with action: Bourbon, Okiya".
    bourbon = sheets["Bourbon"]
    sheets["Bourbon"] = replace(
        bourbon,
        slots=tuple(make_slots("detect, spy", NIGHT)),
        traits=bourbon.traits - {"spy_before_8_22_11"},
    )
    for name, sheet in sheets.items():
        items = _items_of(name)
        if items is not None:
            sheets[name] = replace(sheet, items=items)
    return sheets


OPTION_DEFAULTS = {
    # "Every member of the Black Org must kill successfully before a member is allowed a
    #  second kill."
    "kill_cycle": "success",
    # Injured: "The exceptions are the nightly killing ... and Revenge for Chianti and Korn".
    "revenge_when_injured": "always",
    # Lovey-Dovey has its own place in r53's order of healing; the option has nothing to place.
}

OPTIONS = {
    spec.name: spec
    for spec in (
        OptionSpec(
            "blame_is_crime",
            True,
            (True, False),
            'Whether Blame is a crime (its section: "Night action, crime") although r53\'s '
            "list of crimes leaves it out.",
        ),
    )
}

RULESET = derive(
    dctp_2011.RULESET,
    RULESET_ID,
    roles=_r53_sheets(),
    orders={PhaseKind.NIGHT: NIGHT_ORDER, PhaseKind.DAY: DAY_ORDER},
    ext=replace(
        dctp_2011.RULESET.ext,
        order_of_healing=ORDER_OF_HEALING,
        crimes=CRIMES,
        keywords=KEYWORDS,
        crime_options={"blame_is_crime": "blame"},
        friend_excluded=FRIEND_EXCLUDED,
    ),
    option_defaults=OPTION_DEFAULTS,
    option_specs={**dctp_2011.OPTIONS, **OPTIONS},
    ability_rules={
        # "... House Search/Detain > Frighten > Face Pinch > ..."
        "frighten": AbilityRules(steps={PhaseKind.NIGHT: Step.FRIGHTEN}),
        # Trick: "Affects all Night actions ... Only exception is Arrest"; Face Pinch moved
        # behind it (docs/rulings.md, "Can a night Face Pinch be tricked?").
        "pinch_face": AbilityRules(flags={"blockable": True}),
        # "All other actions > Travel", by night and by day (Prep has no r53 order).
        "travel": AbilityRules(steps={PhaseKind.NIGHT: Step.TRAVEL, PhaseKind.DAY: Step.TRAVEL}),
        # Black Org Leader: "If the leader is arrested or lynched in the same phase he tries
        # to hand out the Black Suitcase, the action will still go through."
        "black_suitcase": AbilityRules(flags={"survives_removal": True}),
    },
    features={
        "travel_last",
        "abroad_target_voids_all",
        "friend_dead_ok",
        "charm_fails_when_poisoned",
        "fbi_reports_by_count",
    },
    # "Trick - ... The one who used Trick will get a PM: 'You used trick on your target'";
    # "Snipe Guard - Role with action: Akai".
    titles={"discombobulate": "trick", "bone_breaking": "snipe guard"},
    notice_keys={
        "bone_breaking.saved": "snipe_guard.saved",
        "kill.bone_broken": "kill.snipe_guarded",
    },
)
