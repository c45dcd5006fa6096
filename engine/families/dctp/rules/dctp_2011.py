"""Ruleset ``dctp-2011``: DCTP "Mini Mafia Standard Rules & Clarifications" (2011-2012).

Every constant here is a rule; each is copied from the text (a copy is
tests/engine/data/dctp-2011-standard.txt) so that it can be reviewed against it line by line.
Judgment calls are in docs/rulings.md.
"""

from __future__ import annotations

from autogm.engine.families.dctp.rules.part import DctpRules
from autogm.engine.phases import PhaseKind
from autogm.engine.rules.base import (
    DAY,
    NIGHT,
    NIGHT_DAY,
    PREP,
    AbilityUse,
    OptionSpec,
    RoleSheet,
    Ruleset,
    Side,
    Slot,
    Step,
)

RULESET_ID = "dctp-2011"

# "Arrest > Face Pinch > Charm > APTX > Lynching > Discombobulation/Frighten > Killing >
#  House Search/Detain > All other actions"
# The Explosive Vest: "The bomb explosion takes place before all other day actions, including
#  any arrests, the lynching itself, and poisonings."
ORDER_OF_ACTIONS: tuple[Step, ...] = (
    Step.PREP,
    Step.VEST,
    Step.ARREST,
    # By day, Detention stands with the arrests: "Arrest takes precedent over detain" and
    # "Arrest and detain do stop APTX attempts" (Rule Clarifications). By night it is the
    # "House Search/Detain" step of the list.
    Step.DETENTION,
    Step.FACE_PINCH,
    Step.CHARM,
    Step.APTX,
    Step.LYNCHING,
    Step.DISCOMBOBULATION,
    Step.KILLING,
    Step.HOUSE_SEARCH,
    Step.OTHER,
)

# "Voice of Reason > Bone Breaking > Watch Protection > Protection > Healing > First Aid"
ORDER_OF_HEALING: tuple[str, ...] = (
    "voice_of_reason",
    "bone_breaking",
    "watch",
    "protect",
    "heal",
    "first_aid",
)

# "List of abilities that constitute crimes: Killing (whether it be of the normal, sniping, or
#  APTX variety), Blaming, Disguising, Slandering, Bribing, Discombobulating, Abducting, Erasing,
#  Frightening, Stealing." Poison is Sherry's APTX; Temporary Disguise says "Day action, Crime";
#  the Explosive Vest: "Strapping someone with the bomb is considered a crime."
CRIMES = frozenset(
    {
        "kill", "snipe", "aptx", "poison", "blame", "disguise", "temporary_disguise",
        "slander", "bribe", "discombobulate", "abduct", "erase", "frighten", "steal",
        "plant_vest",
    }
)  # fmt: skip

# Keywords: "Keywords that are equatable to one another in terms of the game (for
# investigations and the like)." Each ability maps to the keyword it is reported as.
KEYWORDS = {
    "kill": "kill",
    "snipe": "kill",
    "investigate": "investigate",
    "special_investigate": "investigate",
    "observe": "observe",
    "stake_out": "observe",
    "protect": "protect",
    "lovey_dovey": "protect",
    "bone_breaking": "protect",
    "heal": "heal",
    "first_aid": "heal",
    "discombobulate": "discombobulate",
    "steal": "steal",
    "detect": "detect",
    "spy": "spy",
    "interrogate": "interrogate",
    "cross_examine": "interrogate",
    "poison": "poison",
    "aptx": "poison",
    "pinch_face": "pinch_face",
}

# Ruling (docs/rulings.md, "Black Org rank"): the sheet order of the Black Organization.
BLACK_ORG_RANK = (
    "Anokata", "Gin", "Vodka", "Vermouth", "Chianti", "Korn", "Tequila", "Bourbon",
    "Akemi", "Pisco", "Irish", "Calvados", "Sherry",
)  # fmt: skip

OPTIONS = {
    spec.name: spec
    for spec in (
        OptionSpec(
            "kill_cycle",
            "attempt",
            ("attempt", "success", "off"),
            "Which Black Org kills count toward the kill cycle: every kill that took place "
            "(attempt), only kills that killed (success, the r53 reading), or no cycle (off).",
        ),
        OptionSpec(
            "lynch_tie",
            "no_lynch",
            ("no_lynch", "random"),
            "A tie for the most lynch votes: nobody is lynched, or one of the tied at random.",
        ),
        OptionSpec(
            "lynch_majority",
            False,
            (True, False),
            "Whether a lynch needs more than half of the counted votes (else a plurality).",
        ),
        OptionSpec(
            "mixed_lovers",
            "own_side",
            ("own_side", "with_sides"),
            "A town/Black Org pair of lovers alive: a side of its own that both the town and the "
            "Black Org must remove before they win (own_side), or each lover counts with their "
            "own side for its win and the pair merely loses (with_sides). The pair wins alone "
            "when nobody outside it is free, either way.",
        ),
        OptionSpec(
            "black_org_win",
            "elimination",
            ("elimination", "parity"),
            "When the Black Org wins: every town player dead or arrested (elimination), or as "
            "many free Black Org members as free town players (parity).",
        ),
        OptionSpec(
            "stalemate_after",
            5,
            (),
            "The GM ends a game as a stalemate (nobody wins) after this many Days and Nights "
            "in a row in which nobody died, was lynched or was arrested, with as many free "
            "Black Org members as free town players; 0: never, the game goes on until a side "
            "wins.",
        ),
        OptionSpec(
            "saved_attack_is_crime",
            True,
            (True, False),
            "Whether an attack that took place but was healed or protected is a killing crime "
            "that can be arrested for.",
        ),
        OptionSpec(
            "choose_costumes_is_crime",
            False,
            (True, False),
            "Whether Yukiko's and Irish's Choose Costumes (Prep) is a disguising crime.",
        ),
        OptionSpec(
            "will_max_length",
            2000,
            (),
            "The longest will autogm keeps, in characters (a longer one is refused with the "
            "limit, and the earlier will stands).",
        ),
        # Information, disguise, items, travel: docs/rulings.md explains each.
        OptionSpec(
            "prep_names",
            3,
            (2, 3, 4, 5, 6),
            'How many players Disguise and Friendship name in Prep ("the exact number is '
            'determined by the GM"); one of them is drawn.',
        ),
        OptionSpec(
            "si_current_phase",
            False,
            (True, False),
            'Whether Special Investigate may look at the phase it is used in ("Can be the same '
            'night") or only at past phases ("Cannot investigate actions that are happening '
            'the night of special investigate").',
        ),
        OptionSpec(
            "kogorou_quarter",
            "townies",
            ("townies", "players"),
            "Kogorou sobers when a quarter of the starting town (Drunk/Sober) or of all players "
            "(Role & Ability Changes) is dead.",
        ),
        OptionSpec(
            "spy",
            False,
            (True, False),
            "Bourbon's Spy, removed on 8/22/11 (\"Bourbon made the same as Okiya, eliminating "
            'the Spy ability"): on gives it back.',
        ),
        OptionSpec(
            "spy_names",
            0,
            (0, 4, 5, 6),
            "How many players a Spy order names: 4-6 (0: by the game's size, 5 for 14-16 town "
            "players).",
        ),
        # Killing, protecting, punishing: docs/rulings.md explains each.
        OptionSpec(
            "explosive_vest",
            False,
            (True, False),
            "The Explosive Vest: the Black Org may strap a bomb instead of the night kill "
            "(the GM announces it before the game).",
        ),
        OptionSpec(
            "day_protect_votes_shown",
            True,
            (True, False),
            "A lynch stopped by a day Protect: votes shown (Rule Clarifications) or hidden "
            "(Protect section).",
        ),
        OptionSpec(
            "day_protect_penalty",
            True,
            (True, False),
            "Whether a successful day Protect injures Ran and sends Makoto out of Japan.",
        ),
        OptionSpec(
            "lovey_dovey_rank",
            "before_protect",
            ("before_protect", "last"),
            "Lovey-Dovey's place in the order of healing: just before Protection, or last.",
        ),
        OptionSpec(
            "accompany_notice",
            "failed",
            ("failed", "vote_reduced"),
            "When Accompany changes the lynch: announce only that the lynching failed (Rule "
            "Clarifications) or that one vote was reduced (Accompany section).",
        ),
        OptionSpec(
            "vengeance_injury_public",
            "named",
            ("named", "anonymous", "none"),
            "What the public is told when Akai, killed at night, injures his attacker: "
            "'X was injured' (named, as the text announces injuries), 'Someone was injured' "
            "(anonymous), or nothing (none); only the attacker is told why.",
        ),
        OptionSpec(
            "revenge_when_injured",
            "bone_breaking",
            ("bone_breaking", "never", "always"),
            "Whether an injured sniper keeps Revenge: only if injured by Bone Breaking, never, "
            "or always (the r53 reading).",
        ),
        OptionSpec(
            "aptx_travelers",
            "anywhere",
            ("anywhere", "not_in_flight", "in_japan"),
            "Whom an APTX reaches among travelers: anyone anywhere (8/22/11 change), not those "
            "on the plane (Travel section), or only those in Japan.",
        ),
    )
}


def make_slots(spec: str, phases: frozenset[PhaseKind]) -> list[Slot]:
    """``"slander, investigate 3"`` is two slots; ``"investigate 3 | interrogate"`` is one."""
    slots = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        options = []
        for option in part.split("|"):
            words = option.split()
            count = int(words[-1]) if words[-1].isdigit() else 1
            name = "_".join(w for w in words if not w.isdigit())
            options.append(AbilityUse(name, count))
        slots.append(Slot(tuple(options), phases))
    return slots


def make_sheet(
    name: str,
    title: str,
    group: str,
    *,
    items: str,
    observe: str = "adult",
    gender: str = "male",
    interrogation: str = "Not BO",
    scent: bool = False,
    disguisable: bool = True,
    prep: str = "",
    night: str = "",
    day: str = "",
    night_day: str = "",
    prep_night_day: str = "",
    status: tuple[str, ...] = (),
    aliases: tuple[str, ...] = (),
    traits: tuple[str, ...] = (),
    experimental: bool = False,
) -> RoleSheet:
    slots = [
        *make_slots(prep, PREP),
        *make_slots(prep_night_day, PREP | NIGHT_DAY),
        *make_slots(night, NIGHT),
        *make_slots(day, DAY),
        *make_slots(night_day, NIGHT_DAY),
    ]
    side = Side.BLACK_ORG if group == "Black Org" else Side.TOWN
    return RoleSheet(
        name=name,
        title=title,
        group=group,
        side=side,
        slots=tuple(slots),
        interrogation=interrogation,
        scent=scent,
        disguisable=disguisable,
        items=tuple(i.strip() for i in items.split(",")),
        observe=tuple(observe.split("/")),
        gender=gender,
        status=status,
        aliases=aliases,
        traits=frozenset(traits),
        experimental=experimental,
    )


BO, POLICE, FBI, CIVILIANS = "Black Org", "Police", "FBI & CIA", "Civilians"
_BO = {"group": BO, "interrogation": "BO", "scent": True, "disguisable": False}

ROLE_LIST: tuple[RoleSheet, ...] = (
    # The Black Organization
    make_sheet("Anokata", "Mafia Boss", **{**_BO, "interrogation": "Not BO", "scent": False},
           status=("BO Leader",), night="blame", day="black_suitcase",
           items="Gun, Car-keys", observe="adult/teenager/child",
           traits=("leader", "unobservable")),
    make_sheet("Gin", "Mafia Slanderer", **_BO, night="slander, investigate 3",
           items="Gun, Car-keys, Headgear, Alcohol"),
    make_sheet("Vodka", "Mafia Intimidator", **_BO, night="discombobulate",
           items="Gun, Car-keys, Headgear, Glasses, Alcohol"),
    make_sheet("Vermouth", "Mafia Disguiser", **{**_BO, "interrogation": "Not BO"}, prep="disguise",
           items="Gun, Car-keys, Panties, Alcohol", gender="female",
           traits=("wears_disguise", "no_blamed_arrest", "befriendable")),
    make_sheet("Chianti", "Mafia Sniper", **_BO, night="snipe, observe | stake_out",
           night_day="revenge", items="Gun, Car-keys, Panties, Alcohol", gender="female",
           traits=("sniper",)),
    make_sheet("Korn", "Mafia Sniper", **_BO, night="snipe, stake_out | observe",
           night_day="revenge", items="Gun, Car-keys, Headgear, Glasses, Alcohol",
           traits=("sniper",)),
    make_sheet("Tequila", "Mafia Browbeat", **_BO, night="frighten",
           items="Gun, Car-keys, Headgear, Alcohol"),
    make_sheet("Bourbon", "Mafia Detective", **_BO, night="detect, special_investigate 1",
           items="Gun, Car-keys, Headgear, Alcohol", traits=("spy_before_8_22_11",)),
    make_sheet("Akemi", "Mafia Robber", **{**_BO, "scent": False}, night="steal",
           items="Gun, Car-keys, Panties", gender="female"),
    make_sheet("Pisco", "Mafia Eraser", **_BO, night="erase, bribe",
           items="Gun, Car-keys, Alcohol"),
    make_sheet("Irish", "Mafia Disguiser", **{**_BO, "interrogation": "Not BO"},
           prep="choose_costumes", night="abduct", day="temporary_disguise",
           items="Gun, Car-keys, Alcohol", traits=("wears_disguise", "no_blamed_arrest")),
    make_sheet("Calvados", "Mafia Backup", **_BO, day="cover",
           items="Gun, Car-keys, Headgear, Glasses, Alcohol"),
    make_sheet("Sherry", "Mafia Scientist", **{**_BO, "scent": False}, night="poison",
           items="Gun, Panties, Alcohol", observe="teenager", gender="female"),
    # The Police
    make_sheet("Megure", "Police Inspector", POLICE, night="investigate 2, house_search",
           night_day="arrest", items="Gun, Car-keys, Headgear"),
    make_sheet("Shiratori", "Police Inspector", POLICE, night="investigate 2, house_search",
           night_day="arrest", items="Gun, Car-keys, Alcohol"),
    make_sheet("Satou", "Assistant Police Inspector", POLICE, night="investigate 2",
           night_day="arrest, detention", items="Gun, Car-keys, Panties", gender="female",
           traits=("receives_confiscated_aptx",)),
    make_sheet("Takagi", "Police Sergeant", POLICE, night="stake_out", day="follow_up",
           night_day="arrest", items="Gun, Car-keys"),
    make_sheet("Chiba", "Police Officer", POLICE, night="stake_out", day="follow_up",
           night_day="arrest", items="Gun, Car-keys"),
    make_sheet("Nakamori", "Police Inspector", POLICE, night="investigate 2",
           night_day="arrest, pinch_face", items="Gun, Car-keys"),
    make_sheet("Yumi", "Amor", POLICE, prep="amor", night="investigate 2", night_day="arrest",
           disguisable=False, items="Gun, Car-keys, Headgear, Panties, Alcohol",
           gender="female"),
    # The FBI & CIA
    make_sheet("James", "FBI Boss", FBI, status=("FBI Leader",),
           night="special_investigate, investigate 1", items="Gun, Car-keys, Glasses, Alcohol",
           traits=("fbi_leader", "no_prep_si")),
    make_sheet("Akai", "FBI Hunter", FBI, night_day="vengeance",
           night="investigate 3, bone_breaking", scent=True,
           items="Gun, Car-keys, Headgear, Alcohol", traits=("fbi_subordinate",)),
    make_sheet("Jodie", "FBI Agent", FBI, night="observe | stake_out",
           items="Gun, Car-keys, Glasses, Panties, Alcohol", gender="female",
           traits=("fbi_subordinate",)),
    make_sheet("Camel", "FBI Agent", FBI, night="observe | stake_out", items="Gun, Car-keys",
           traits=("fbi_subordinate",)),
    make_sheet("Kir", "Undercover CIA Agent", FBI, status=("NOC",), interrogation="BO",
           night="special_investigate 1, investigate 1, betrayal",
           items="Gun, Car-Keys, Headgear, Panties, Alcohol", gender="female",
           traits=("noc", "fbi_subordinate", "no_prep_si")),
    # The Civilians
    make_sheet("Shinichi", "Meitantei", CIVILIANS, night="investigate 3 | interrogate",
           items="School book", observe="teenager", traits=("sobers_drunk",)),
    make_sheet("Conan", "Shrunken Meitantei", CIVILIANS, night="investigate 3 | interrogate",
           disguisable=False, items="School book, Glasses", observe="child",
           traits=("sobers_drunk",)),
    make_sheet("Heiji", "Osakan Meitantei", CIVILIANS, night="investigate 3 | interrogate",
           items="School book, Headgear, Alcohol", observe="teenager"),
    make_sheet("Kogorou", "Drunk Meitantei", CIVILIANS, status=("Drunk OR Sober",),
           night="interrogate", day="analyze", items="Alcohol", aliases=("Kogoro",),
           traits=("drunk",)),
    make_sheet("Ran", "Protector", CIVILIANS, night_day="protect", items="School book, Panties",
           observe="teenager", gender="female",
           traits=("injured_by_protecting", "sobers_drunk")),
    make_sheet("Agasa", "Inventor", CIVILIANS, day="bow_tie, watch", items="Car-keys, Glasses"),
    make_sheet("Haibara", "Shrunken Scientist", CIVILIANS, day="follow", disguisable=False,
           items="School book, Alcohol", observe="child", gender="female",
           traits=("receives_confiscated_aptx",)),
    make_sheet("Sonoko", "Best Friend", CIVILIANS, status=("Friends",), prep="friendship",
           disguisable=False, items="School book, Headgear, Panties", observe="teenager",
           gender="female"),
    make_sheet("Okiya", "Graduate Student", CIVILIANS, night="detect, special_investigate 1",
           scent=True, items="Car-keys, Glasses, Alcohol", traits=("receives_confiscated_aptx",)),
    make_sheet("Kazuha", "Charm Maker", CIVILIANS, day="accompany, charm",
           items="School book, Headgear, Panties", observe="teenager", gender="female"),
    make_sheet("Eri", "Lawyer", CIVILIANS, night="lawsuit, cross_examine", day="voice_of_reason",
           items="Car-keys, Glasses, Headgear, Panties", gender="female",
           traits=("sobers_drunk",)),
    make_sheet("Kujou", "Prosecutor", CIVILIANS, night="cross_examine", day="voice_of_accusation",
           items="Car-keys, Panties", gender="female"),
    make_sheet("Kobayashi", "Elementary Teacher", CIVILIANS, night="first_aid",
           day="voice_of_reason", items="Car-Keys, School book, Glasses, Panties",
           gender="female"),
    make_sheet("Kaitou Kid", "Master Thief", CIVILIANS, prep="disguise", night="steal",
           disguisable=False, items="Gun, School book, Glasses, Headgear",
           observe="teenager", aliases=("Kid", "Kaito Kid", "KID"),
           traits=("wears_disguise",)),
    make_sheet("Eisuke", "Trickster", CIVILIANS, night="discombobulate",
           items="School book, Glasses", observe="teenager"),
    make_sheet("Asami", "Trickstress", CIVILIANS, night="discombobulate",
           items="School book, Panties", observe="teenager", gender="female"),
    make_sheet("Araide", "Doctor", CIVILIANS, night="heal", items="Car-keys, Glasses"),
    make_sheet("Hakuba", "Foreign Meitantei", CIVILIANS, prep_night_day="travel",
           night="interrogate", disguisable=False, items="School book", observe="teenager",
           traits=("starts_abroad",)),
    make_sheet("Makoto", "Foreign Protector", CIVILIANS, prep_night_day="travel",
           night_day="protect", disguisable=False, items="School book, Glasses",
           observe="teenager", traits=("starts_abroad", "flies_out_after_protecting")),
    make_sheet("Mitsuhiko", "Detective Boy", CIVILIANS, status=("Group",), day="identify",
           disguisable=False, items="School book", observe="child",
           traits=("detective_boy",)),
    make_sheet("Ayumi", "Detective Boy", CIVILIANS, status=("Group",), day="identify",
           disguisable=False, items="School book, Headgear", observe="child", gender="female",
           traits=("detective_boy",)),
    make_sheet("Genta", "Detective Boy", CIVILIANS, status=("Group",), day="identify",
           disguisable=False, items="School book", observe="child",
           traits=("detective_boy",)),
    make_sheet("Yuusaku", "Genius Author", CIVILIANS, night="interrogate | special_investigate 1",
           items="Car-Keys, Glasses", aliases=("Yusaku",)),
    make_sheet("Yukiko", "Talented Actress", CIVILIANS, prep="choose_costumes",
           day="temporary_disguise", disguisable=False, items="Car-Keys, Panties",
           gender="female", traits=("wears_disguise",)),
    # Experimental roles (the GM states before the game that they are in use)
    make_sheet("Yamato", "Visiting Police Inspector", POLICE, night="first_aid | investigate 2",
           night_day="arrest", items="Car-keys, Gun, Alcohol", experimental=True),
    make_sheet("Uehara", "Visiting Police Detective", POLICE,
           night="police_detect | investigate 2", day="police_identify", night_day="arrest",
           disguisable=False, items="Car-keys, Gun, Panties", gender="female",
           experimental=True),
)  # fmt: skip

# Abilities every member of a side holds without a sheet line: "they may still carry out a kill
# at night" and "APTX4869 - Roles with Action: all BO"; everyone votes by day.
COMMON_SLOTS: dict[str, tuple[Slot, ...]] = {
    # The Explosive Vest (option explosive_vest): "The planting of the vest is done in place of
    # the Black Org kill for the night."
    Side.BLACK_ORG.value: (
        Slot((AbilityUse("kill"), AbilityUse("plant_vest")), NIGHT),
        Slot((AbilityUse("aptx"),), DAY),
    ),
    "all": (Slot((AbilityUse("vote"),), DAY),),
}


# "she will not be able to kill or steal ... she will not be able to detain, arrest, or house
# search"; the friend's own prep actions are over, and Yukiko's costumes are hers ("the
# abilities of Yukiko's disguised role"). Travel is the traveler's situation: Sonoko is in
# Japan (docs/rulings.md, "What Sonoko may use of her friend").
FRIEND_EXCLUDED = frozenset(
    {
        "kill", "snipe", "steal", "detention", "arrest", "house_search", "disguise",
        "choose_costumes", "temporary_disguise", "friendship", "amor", "travel",
    }
)  # fmt: skip


def _role_aliases() -> dict[str, str]:
    aliases = {}
    for sheet in ROLE_LIST:
        for alias in sheet.aliases:
            aliases[alias] = sheet.name
    return aliases


RULESET = Ruleset(
    id=RULESET_ID,
    family="dctp",
    roles={sheet.name: sheet for sheet in ROLE_LIST},
    order_of_actions=ORDER_OF_ACTIONS,
    option_specs=OPTIONS,
    ext=DctpRules(
        order_of_healing=ORDER_OF_HEALING,
        crimes=CRIMES,
        keywords=KEYWORDS,
        rank=BLACK_ORG_RANK,
        # Identify: "The ranking of the DB are: Ayumi, Mitsuhiko, Genta."
        group_rank=("Ayumi", "Mitsuhiko", "Genta"),
        friend_excluded=FRIEND_EXCLUDED,
    ),
    role_aliases=_role_aliases(),
    common_slots=COMMON_SLOTS,
    # "Haibara and Sherry may not be in the same game." "Shinichi & Conan may only be present
    # in the same game if a role is disguised as Shinichi" (a disguise is drawn only in Prep,
    # after the deal, so the deal never has both).
    exclusive_pairs=(("Haibara", "Sherry"), ("Shinichi", "Conan")),
    # The town hunts the Black Org.
    deal_sides=(Side.BLACK_ORG, Side.TOWN),
)
