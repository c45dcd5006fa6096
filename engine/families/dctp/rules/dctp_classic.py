"""Ruleset ``dctp-classic``: the older community version, written as its changes to 2011.

Classic has no role sheets: each ability section names its "Role(s) with that action", the
item lists ("Items that can be stolen from a role") give the age and gender, and Follow gives
the scent list. The sheets below are those lists inverted; each line quotes what it follows
(the classic text; a copy is tests/engine/data/dctp-classic.txt). Where classic is silent
the 2011 text stands (``derive``); docs/rulings.md, "## dctp-classic", has the judgment calls.

``UNFINISHED`` is empty: every section is implemented, and the daemon runs classic games.
"""

from __future__ import annotations

from dataclasses import replace

from autogm.engine.families.dctp.rules import dctp_2011
from autogm.engine.families.dctp.rules.dctp_2011 import BO, CIVILIANS, FBI, POLICE, make_sheet
from autogm.engine.phases import PhaseKind
from autogm.engine.rules.base import (
    DAY,
    NIGHT,
    AbilityRules,
    AbilityUse,
    OptionSpec,
    RoleSheet,
    Side,
    Slot,
    Step,
    derive,
)

RULESET_ID = "dctp-classic"

# What the ruleset does not do yet (nothing); the daemon's config check would name
# these when refusing ``ruleset = dctp-classic``.
UNFINISHED: tuple[str, ...] = ()

# "Items that can be stolen from a role", as classic lists them ("Tequilla" and "KID" as it
# writes them). Every role of the cast is named in at least the Gun or Car-keys or School book
# list, so each sheet's items are exactly the lists naming it.
ITEM_LISTS: dict[str, str] = {
    "Gun": "Anokata, Gin, Vermouth, Bourbon, Pisco, Irish, Vodka, Chianti, Korn, Calvados, "
    "Tequilla, Akemi, Megure, Satou, Takagi, Shiratori, Chiba, Yumi, James, Akai, Jodie, Camel, "
    "KID",
    "Car-keys": "Anokata, Gin, Vermouth, Bourbon, Pisco, Irish, Vodka, Chianti, Korn, Calvados, "
    "Tequila, Akemi, Megure, Satou, Takagi, Shiratori, Chiba, Yumi, James, Akai, Jodie, Camel, "
    "Araide, Agasa, Eri, Okiya",
    "School book": "Shinichi, Heiji, Conan, Hakuba, Ran, Makoto, Sherry, KID, Sonoko, Eisuke, "
    "Mitsuhiko, Ayumi, Genta, Kazuha",
    "Glasses": "Vodka, Korn, Calvados, James, Jodie, Conan, Makoto, Araide, Agasa, KID, Eri, "
    "Eisuke, Okiya",
    "Headgear": "Gin, Bourbon, Vodka, Korn, Calvados, Tequila, Megure, Yumi, Akai, Heiji, KID, "
    "Sonoko, Eri, Ayumi, Kazuha",
    "Panties": "Vermouth, Chianti, Akemi, Satou, Yumi, Jodie, Ran, Sherry, Sonoko, Eri, Ayumi, "
    "Kazuha",
    "Alcohol": "Gin, Vermouth, Bourbon, Pisco, Irish, Vodka, Chianti, Korn, Calvados, Tequila, "
    "Shiratori, Yumi, James, Akai, Jodie, Heiji, Kogoro, Sherry, Okiya",
}
# How the lists spell a role whose sheet has another name.
LIST_NAMES = {"KID": "Kaitou Kid", "Tequilla": "Tequila", "Kogoro": "Kogorou"}

# "Car-keys: Every adult besides Kogoro"; the School book list ("every teenager") also names
# the children, who go to school: their age is the 2011 sheets' (docs/rulings.md, "Ages and
# genders of the classic cast"). "Panties: All females".
CHILDREN = frozenset({"Conan", "Sherry", "Mitsuhiko", "Ayumi", "Genta"})


def _listed(names: str) -> set[str]:
    return {LIST_NAMES.get(n.strip(), n.strip()) for n in names.split(",")}


def items_of(role: str) -> tuple[str, ...]:
    return tuple(item for item, names in ITEM_LISTS.items() if role in _listed(names))


def age_of(role: str) -> str:
    if role in CHILDREN:
        return "child"
    if "Car-keys" in items_of(role) or role == "Kogorou":
        return "adult"
    return "teenager"


def gender_of(role: str) -> str:
    return "female" if "Panties" in items_of(role) else "male"


# "Roles with scent: BO side - everyone from the BO besides Anokata and Akemi, can't be tricked
#  by disguise; Town side - Akai and Okiya"
NO_SCENT_BO = frozenset({"Anokata", "Akemi"})
SCENTED_TOWN = frozenset({"Akai", "Okiya"})

# Disguise: "They can't disguise as: BO members, Conan, Sherry, Eri, DB's (Ayumi, Genta,
#  Mitsuhiko), Lovers, and prep. Phase roles (Sonoko, Yumi, Vermouth, KID, Hakuba, Makoto)"
NOT_DISGUISABLE = frozenset(
    {
        "Conan", "Sherry", "Eri", "Ayumi", "Genta", "Mitsuhiko",
        "Sonoko", "Yumi", "Vermouth", "Kaitou Kid", "Hakuba", "Makoto",
    }
)  # fmt: skip


def sheet(name: str, title: str, group: str, **fields) -> RoleSheet:
    """A classic sheet: items, age, gender, scent, disguise and interrogation from the lists."""
    black_org = group == BO
    return make_sheet(
        name,
        title,
        group,
        items=", ".join(items_of(name)),
        observe=age_of(name),
        gender=gender_of(name),
        scent=(black_org and name not in NO_SCENT_BO) or name in SCENTED_TOWN,
        disguisable=not black_org and name not in NOT_DISGUISABLE,
        # Interrogate: "All BO member have "BO" besides Anokata and the disguised Vermouth. If
        # Vermouth is not disguised, then she'll have "BO"" (a disguise shows the role worn).
        interrogation="BO" if black_org and name != "Anokata" else "Not BO",
        **fields,
    )


# Investigate #: classic gives no counts. A role that had Investigate in 2011 keeps its count;
# Takagi and Chiba (2011: Stake-out) take the police officers' 2; Conan's is 5, the Bow-tie's
# ("can act if he were Conan and can choose to Interrogate or Investigate 5"). docs/rulings.md,
# "How many actions does Investigate # cover?".
ROLE_LIST: tuple[RoleSheet, ...] = (
    # The Black Organization ("Gun: Everyone from the BO (Anokata, Gin, Vermouth, ...)")
    # Black Suitcase: "Role with that action: Anokata or BO leader".
    sheet("Anokata", "Mafia Boss", BO, status=("BO Leader",), day="black_suitcase",
          traits=("leader",)),
    # Investigate #, Slander: "Role with that action: Gin".
    sheet("Gin", "Mafia Slanderer", BO, night="slander, investigate 3"),
    # Trick and Intimidate: "Eisuke(Trick), Vodka(Intimidate)".
    sheet("Vodka", "Mafia Intimidator", BO, night="discombobulate"),
    # Disguise: "Roles with that action: Vermouth, KID"; Friendship: "Roles she can't befriend:
    # DB's, Lovers and BO members except Vermouth".
    sheet("Vermouth", "Mafia Disguiser", BO, prep="disguise",
          traits=("wears_disguise", "no_blamed_arrest", "befriendable")),
    # Sniping: "Roles with that action: Chianti, Korn, Calvados". The sniper's night kill is a
    # normal kill or a snipe, one order ("whether it's normal killing or sniping").
    sheet("Chianti", "Mafia Sniper", BO, night="kill | snipe", traits=("sniper",)),
    sheet("Korn", "Mafia Sniper", BO, night="kill | snipe", traits=("sniper",)),
    sheet("Calvados", "Mafia Sniper", BO, night="kill | snipe", traits=("sniper",)),
    # Frighten: "Roles with that action: Tequila".
    sheet("Tequila", "Mafia Browbeat", BO, night="frighten", aliases=("Tequilla",)),
    # Detect: "Role with that action: Bourbon, Okiya".
    sheet("Bourbon", "Mafia Detective", BO, night="detect"),
    # Steal: "Roles with that action: KID, Akemi".
    sheet("Akemi", "Mafia Robber", BO, night="steal"),
    # Erasing: "Roles with that action: Pisco".
    sheet("Pisco", "Mafia Eraser", BO, night="erase"),
    # Abduct, Spying: "Role with that action: Irish".
    sheet("Irish", "Mafia Spy", BO, night="abduct, spy"),
    # The Police. Arrest: "Role with that action: Megure, Satou, Takagi, Shiratori, Chiba,
    # Yumi"; House search: "Role with that action: Megure"; Amor: "Roles with that action: Yumi".
    sheet("Megure", "Police Inspector", POLICE, night="investigate 2, house_search",
          night_day="arrest"),
    sheet("Satou", "Assistant Police Inspector", POLICE, night="investigate 2",
          night_day="arrest"),
    sheet("Takagi", "Police Sergeant", POLICE, night="investigate 2", night_day="arrest"),
    sheet("Shiratori", "Police Inspector", POLICE, night="investigate 2", night_day="arrest"),
    sheet("Chiba", "Police Officer", POLICE, night="investigate 2", night_day="arrest"),
    sheet("Yumi", "Amor", POLICE, prep="amor", night="investigate 2", night_day="arrest"),
    # The FBI. Special Investigate: "Roles with that action: James"; Observe: "Jodie, Camel";
    # Vengeance: "Role with that action: Akai" ("If Akai get's lynched ..."), a day action.
    sheet("James", "FBI Boss", FBI, night="special_investigate", traits=("no_prep_si",)),
    sheet("Akai", "FBI Hunter", FBI, night="investigate 3", day="vengeance"),
    sheet("Jodie", "FBI Agent", FBI, night="observe"),
    sheet("Camel", "FBI Agent", FBI, night="observe"),
    # The Civilians. Interrogate: "Roles with that action: Shinichi, Heiji, Conan, Hakuba,
    # Kogoro"; Drunk and Sober: "The player get's Sober after one of the roles Eri, Ran, Conan
    # or Shinichi dies".
    sheet("Shinichi", "Meitantei", CIVILIANS, night="investigate 3 | interrogate",
          traits=("sobers_drunk",)),
    sheet("Conan", "Shrunken Meitantei", CIVILIANS, night="investigate 5 | interrogate",
          traits=("sobers_drunk",)),
    sheet("Heiji", "Osakan Meitantei", CIVILIANS, night="investigate 3 | interrogate"),
    sheet("Kogorou", "Drunk Meitantei", CIVILIANS, status=("Drunk OR Sober",),
          night="interrogate", day="analyze", aliases=("Kogoro",), traits=("drunk",)),
    # Protect: "Role with that action: Makoto, Ran"; Traveling: "Hakuba, Makoto".
    sheet("Ran", "Protector", CIVILIANS, night_day="protect",
          traits=("injured_by_protecting", "sobers_drunk")),
    sheet("Makoto", "Foreign Protector", CIVILIANS, prep_night_day="travel",
          night_day="protect", traits=("starts_abroad", "flies_out_after_protecting")),
    sheet("Hakuba", "Foreign Meitantei", CIVILIANS, prep_night_day="travel",
          night="interrogate", traits=("starts_abroad",)),
    # Bow-tie and Watch: "Role with that action: Agasa".
    sheet("Agasa", "Inventor", CIVILIANS, day="bow_tie, watch"),
    # Follow: "Role with that action: Sherry" ("the accompanied will learn that Ai accompanied
    # them"); the Detective Boys know each other "except Conan and Haibara".
    sheet("Sherry", "Shrunken Scientist", CIVILIANS, day="follow", aliases=("Haibara", "Ai")),
    # Friendship: "Roles with that action: Sonoko".
    sheet("Sonoko", "Best Friend", CIVILIANS, status=("Friends",), prep="friendship"),
    # First Aid: "Role with that action: Okiya"; "May alternatively choose one player to give
    # First Aid at night instead of Detect."
    sheet("Okiya", "Graduate Student", CIVILIANS, night="detect | first_aid"),
    # Protection Charm: "Role with that action: Kazuha" (a night action).
    sheet("Kazuha", "Charm Maker", CIVILIANS, night="protection_charm"),
    # Lawsuit (night): "Role with that action: Eri"; Voice of Reason (day): "Eri".
    sheet("Eri", "Lawyer", CIVILIANS, night="lawsuit", day="voice_of_reason",
          traits=("sobers_drunk",)),
    sheet("Kaitou Kid", "Master Thief", CIVILIANS, prep="disguise", night="steal",
          aliases=("Kid", "Kaito Kid", "KID"), traits=("wears_disguise",)),
    sheet("Eisuke", "Trickster", CIVILIANS, night="discombobulate"),
    # Heal: "Role with that action: Araide".
    sheet("Araide", "Doctor", CIVILIANS, night="heal"),
    # Identify: "Role with that action: DB's: Ayumi, Mitsuhiko, Genta"; Group status.
    sheet("Mitsuhiko", "Detective Boy", CIVILIANS, status=("Group",), day="identify",
          traits=("detective_boy",)),
    sheet("Ayumi", "Detective Boy", CIVILIANS, status=("Group",), day="identify",
          traits=("detective_boy",)),
    sheet("Genta", "Detective Boy", CIVILIANS, status=("Group",), day="identify",
          traits=("detective_boy",)),
)  # fmt: skip

SHEETS = {s.name: s for s in ROLE_LIST}

# The 2011 roles classic does not name: not in its cast.
ABSENT = tuple(name for name in dctp_2011.RULESET.roles if name not in SHEETS)

# The leader "can decide ... the ranking according to the role list (Anokata, Gin, Vermouth,
# Bourbon ...)": the Gun list's Black Org order, which begins so (docs/rulings.md, "The Black
# Org rank in classic").
BLACK_ORG_RANK = tuple(
    LIST_NAMES.get(n.strip(), n.strip()) for n in ITEM_LISTS["Gun"].split(",")[:12]
)

# The Black Org's night kill: "He can decide which BO member will kill who (whether it's normal
# killing or sniping)": the leader may order a snipe from his own slot, naming the sniper.
COMMON_SLOTS: dict[str, tuple[Slot, ...]] = {
    **dctp_2011.COMMON_SLOTS,
    Side.BLACK_ORG.value: (
        Slot((AbilityUse("kill"), AbilityUse("plant_vest"), AbilityUse("snipe")), NIGHT),
        Slot((AbilityUse("aptx"),), DAY),
    ),
}

# "Watch protection > Protect > Heal > First Aid: see under rules" (First Aid, Heal, and the
# Bow-tie and Watch); Voice of Reason stops a lynch, before them all, as in 2011.
ORDER_OF_HEALING = ("voice_of_reason", "watch", "protect", "heal", "first_aid")

# APTX4869: "If the identity ... was correct that player is killed at the end of the day (after
# lynching)": the deaths after every other day action. The rest is 2011's order, which agrees
# with classic's one line of it ("Arresting > APTX > Tricking/Intimidating > Killing > All
# other actions").
DAY_ORDER = (*dctp_2011.ORDER_OF_ACTIONS, Step.POISON_DEATHS)

OPTIONS = {
    spec.name: spec
    for spec in (
        OptionSpec(
            "sniped_protector_penalty",
            "always",
            ("always", "target_dies"),
            "A snipe goes past Ran's or Makoto's protection: the protector pays the penalty "
            "whenever they stood in its way (always), or only when the target dies of it and "
            "not when a heal or first aid behind them saves the target (target_dies).",
        ),
        OptionSpec(
            "wounded_night_actions",
            "go_on",
            ("go_on", "fail"),
            "The night actions of a player severely wounded that night (First Aid): they take "
            "place, as the night's actions happen at once (go_on), or fail, as 2011's First "
            "Aid makes them (fail).",
        ),
        OptionSpec(
            "charm_saved_lynch",
            "recount",
            ("recount", "no_lynch"),
            "When the Protection Charm saves its holder from the lynch: the votes are counted "
            "with one fewer for the holder and whoever then has the most is lynched (recount), "
            "or nobody is lynched that day (no_lynch, as 2011's Accompany).",
        ),
        OptionSpec(
            "amor_pairings",
            2,
            (2, 3, 4),
            'How many pairings Yumi names for Amor: "Chooses 2-4 pairings to be lovers (GM '
            'tells how many exactly)".',
        ),
        OptionSpec(
            "detective_boys",
            "at_least_two",
            ("at_least_two", "none_or_at_least_two"),
            '"There are at least 2 DB\'s in the game.": every role list deals two or three '
            "Detective Boys (at_least_two), or none or at least two, never one alone "
            "(none_or_at_least_two).",
        ),
        OptionSpec(
            "leader_vote_count",
            "places",
            ("places", "pairwise"),
            "How the Black Org members' rankings are counted: the lowest sum of places first "
            "(places, the text's worked example), or the member who beats more of the others "
            "head to head first (pairwise); both give the example's ranking.",
        ),
        OptionSpec(
            "leader_vote_missing",
            "abstain",
            ("abstain", "role_list"),
            "A member who sends no ranking: left out of the count (abstain), or counted as "
            "ranking the members by the role list (role_list).",
        ),
    )
}

# "The GM will give out one dream per night - one player get's the info of the dream": the
# text does not say how the dreamer is chosen (docs/rulings.md, "Who dreams, and what a
# drafted dream says").
DREAMER = OptionSpec(
    "dreamer",
    "draw",
    ("draw", "gm"),
    "Who dreams each night when the GM names nobody (GM line 'dreamer NAME'): a free player "
    "drawn with the game's seed, whose dream autogm drafts for the GM (draw); or nobody, and "
    "the GM writes each dream with 'dream NAME: TEXT' (gm).",
)

RULESET = derive(
    dctp_2011.RULESET,
    RULESET_ID,
    roles={**dict.fromkeys(ABSENT), **SHEETS},
    role_aliases={a: s.name for s in ROLE_LIST for a in s.aliases},
    ext=replace(dctp_2011.RULESET.ext, rank=BLACK_ORG_RANK, order_of_healing=ORDER_OF_HEALING),
    # Classic names no Haibara; Shinichi and Conan: silent, 2011's rule stands.
    exclusive_pairs=(("Shinichi", "Conan"),),
    common_slots=COMMON_SLOTS,
    orders={PhaseKind.DAY: DAY_ORDER},
    option_specs={**dctp_2011.OPTIONS, **OPTIONS, "dreamer": DREAMER},
    ability_rules={
        # Sniping: "Sniping will bypass any protection (Ran, Makoto and Agasas Watch). In case
        # Ran or Makoto protected the target, the target will die and the protectors wasted
        # their ability and have to do their penalty"; "This doesn't bypass healing (Heal and
        # First Aid) in any way. So a healed/first aided target will survive." (2011: the
        # inverse.)
        "protect": AbilityRules(
            flags={
                "saves_from": frozenset({"kill", "vest", "lynch"}),
                "bypassed_by": frozenset({"snipe"}),
            }
        ),
        "watch": AbilityRules(
            flags={"saves_from": frozenset({"kill", "vest"}), "arms_protectors": True}
        ),
        # Heal: "The healed player doesn't die because of killing or sniping."
        "heal": AbilityRules(flags={"saves_from": frozenset({"kill", "snipe", "vest"})}),
        # First Aid: "will not die immediately if attacked (by killing or sniping), but will
        # instead be severely wounded".
        "first_aid": AbilityRules(
            flags={"saves_from": frozenset({"kill", "snipe", "vest"}), "wounds": True}
        ),
        # APTX4869: "In both cases the number of APTX of the BO decreases"; "Arresting a BO
        # member will hinder the poisoning. Nothing else can hinder the use of APTX. But in
        # this case, the APTX wasn't used at all and won't be wasted."; "killed at the end of
        # the day (after lynching)"; "The vote of the successfully poisoned target still counts
        # (and doesn't get erased). His action also counts".
        "aptx": AbilityRules(
            flags={
                "spent_when_right": True,
                "confiscated": False,
                "death_after_lynch": True,
                "frightenable": False,
            }
        ),
        # Spying: "Irish chooses a list of players not in the BO equal to 1/3 of the number of
        # town players (= number of APTX)"; no lock until the role learned dies, no floor of
        # town players (2011's Spy).
        "spy": AbilityRules(
            flags={"names_as_aptx": True, "locks": False, "needs_enough_town": False}
        ),
        # Bow-tie: "Someone in possession of the bow-tie can act if he were Conan and can
        # choose to Interrogate or Investigate 5. (not both)"; "If the recipient of the Bow-tie
        # has a normal interrogate or investigate due to his/her role, he can't use both".
        "bow_tie": AbilityRules(flags={"investigations": 5, "one_slot": True}),
        # Watch: "If Ran or Makoto get's the watch, they protect themselves and the protected
        # target with the watch. So they don't get a penalty after that."
        # Amor: "Chooses 2-4 pairings to be lovers"; "There can be all pairings that the player
        # chose or just 1 pair or 2 pairs etc."
        "amor": AbilityRules(flags={"pairings": True}),
        # Lawsuit: "Can bring back anyone who has been arrested with a lawsuit" (no limit;
        # 2011: "Usable once per game").
        "lawsuit": AbilityRules(flags={"once_per_game": False}),
        # Slander: "Can slander any player at night"; "it can be used on the same target over
        # and over" (one target; 2011: "up to two targets: one Black Org, and one town").
        "slander": AbilityRules(flags={"targets": 1}),
        # Arrest: "Needs to accuse a player for a crime: "Arresting Akonyl for killing conia""
        # (2011: "for a specific crime during a specific past phase").
        "arrest": AbilityRules(flags={"phase_optional": True}),
        # House search: "This will reveal everything about the target, all actions since the
        # start of the game, disguise and role etc."; "This action can't be
        # tricked/intimidated" (docs/rulings.md, "Can House Search be tricked?").
        "house_search": AbilityRules(flags={"dossier": True, "blockable": False}),
        # Abduct: "Irish will abduct one character that is not played in the game by any
        # player during night 1" (2011: again every third phase).
        "abduct": AbilityRules(flags={"first_night_only": True}),
        # Observe: "the player will learn if that player is a child, female teenager, male
        # teenager, female adult or male adult" (2011: age or gender, one per order).
        "observe": AbilityRules(flags={"combined": True}),
    },
    # "Trick and Intimidate": one ability under two names; a player's results say both.
    titles={"discombobulate": "trick/intimidate"},
    # Follow: "She may accompany anyone during the day and the accompanied will learn that Ai
    # accompanied them" (2011: "that someone accompanied/followed them").
    notice_keys={"follow.you": "follow.accompanied"},
    features={
        "snipe_is_an_order",
        "aptx_third_of_town",
        "drunk_needs_soberer",
        "sober_only_by_death",
        "suspension_stops_arrests_only",
        "lovers_kill_amor",
        # Leader: "If Anokata is not present in a game (or was killed) the BO will choose a
        # Leader ... So each player PMs the GM with a ranking."
        "leader_vote",
        # Disguise: "They can't disguise as: ... Lovers": the lovers are drawn first.
        "amor_before_disguise",
        # Group: "There are at least 2 DB's in the game."
        "detective_boys_at_least_two",
        "gm_texts",
        # Friendship: the friends "will know the identity of each other"; classic names Sonoko
        # among no night or day actions, so she borrows none of her friend's.
        "friend_lends_nothing",
        # Vengeance: "If Akai get's lynched, he'll kill the person he voted for too." A day
        # action in classic, which has no Injured status: no injury of a night killer.
        "vengeance_by_lynch_only",
    },
    # Lovers: "A Town/BO pair doesn't win when the town or the BO wins": each lover counts
    # with their own side, and a free mixed pair does not stop the sides' wins.
    # Special Investigate: "(needs to give the info on what night it happened. Can be the same
    # night he's investigating too)" (2011: "Cannot investigate actions that are happening the
    # night of special investigate").
    option_defaults={"mixed_lovers": "with_sides", "si_current_phase": True},
    unfinished=UNFINISHED,
)
