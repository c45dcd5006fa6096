"""How players of the DCTP rulesets (2011, r53, classic) say each ability: one ``Say`` each.

The order words follow the rule text ("Keywords": Kill / Attack / Murder; Discombobulate /
Trick; ...); the everyday words (``words``) are what players write instead: verbs and their
forms, nouns after another verb ("giving my heal", "taking the shot"), idioms, the item's
name. A word may say several abilities ("guard": Protect, Stake-out): the reader takes the
one the sender holds, and asks when they hold two. Add a new way of saying an order here,
to its ability's declaration.
"""

from __future__ import annotations

from engine.orders.vocab import (
    ASKED,
    ASKS,
    CRIME,
    KIND,
    LIST_HEAD,
    NO_TARGET,
    NOTHING,
    QUERIES,
    ROLE,
    ROLES,
    SUBSTITUTES,
    TARGET_ROLE,
    TARGETS,
    TOGETHER,
    VOTE,
    WHEN,
    Say,
    words_of,
)

# The nouns after a possessive that stand for what a protection acts on: "protect Kleene's life".
_LIFE = r"life|safety|wounds?|injur(?:y|ies)"
# The nouns after a possessive that stand for whom a poisoning is for: "Tomo's coffee".
_DRINK = r"drink|coffee|tea|food|meal|glass|cup|wine|water|soup|dinner|lunch|breakfast|beer"
# The words every kill of a killer's is said in (kill, snipe and the leader's order).
_KILL_WORDS = (
    "kill", "murder", "attack", "assassinate", "execute", "eliminate", "slay", "whack",
    "shoot", "stab", "strangle", "hit", "finish off", "take out", "take down", "get rid of",
    "do in", "bump off", "dispose of", "silence", "rub out",
    "pull the trigger", "take care of", "deal with", "handle", "do the deed", "do the honours",
    "do the honors", "do the job", "do the shooting", "go after", "hunt",
    r"sleeps?\s+with\s+the\s+fishes",
    r"(?:dies|die|dead|goes\s+down|is\s+going\s+down|won['’]?t\s+see\s+(?:the\s+)?morning)",
    r"(?:the\s+)?(?:kill|hit|murder|job)(?:\s+(?:tonight|for\s+tonight))?",
)  # fmt: skip

# fmt: off
SAYS: tuple[Say, ...] = (
    Say(
        "arrest",
        order=r"arrest",
        words=("arrest", "cuff", "handcuff", "lock up", "bust", "nab", "haul in", "take in",
               "bring in", "apprehend", "detain for", "put away"),
        spelled=("arrest",),
        title="Arrest", shape=CRIME,
    ),
    Say(
        "investigate",
        order=r"investigat(?:e|ion)|inv",
        words=("investigate", "investigation", "inv", "check", "check whether", "check if",
               "look into", "find out", "question", "probe", "verify", "examine"),
        spelled=("investigate",),
        query=r"investigat(?:e|es|ed|ing)",
        alternates=("special_investigate",),
        verb="investigates",
        traits=frozenset({ASKS, QUERIES, LIST_HEAD}), shape=ASKED,
    ),
    Say(
        "aptx",
        order=r"aptx(?:[- ]?4869)?",
        words=("aptx", r"aptx[- ]?4869", "capsule", "pill", "the drug", "the poison", "poison",
               "slip", "drug", "dose"),
        query=r"aptx(?:es|ed|ing)?",
        possessed=_DRINK,
        alternates=("poison",),
        title="APTX",
        verb="poisons", shape=TARGET_ROLE,
    ),
    Say(
        "heal",
        order=r"heal",
        words=("heal", "treat", "patch up", "save", "nurse", "fix up", "cure", "operate on",
               "look after", "keep alive", "keep safe", "doc action", "medical attention"),
        spelled=("heal",),
        query=r"heal(?:s|ed|ing)?",
        possessed=_LIFE,
        alternates=("first_aid",),
        verb="heals",
    ),
    Say(
        # Classic: "Trick and Intimidate - Roles with that action: Eisuke(Trick),
        # Vodka(Intimidate)".
        "discombobulate",
        order=r"discombobulat(?:e|ion)|discombob|trick|intimidat(?:e|ion)",
        words=("discombobulate", "discombobulation", "discombob", "trick", "intimidate",
               "intimidation", "confuse", "distract", "mess with", "mess up", "prank",
               "bamboozle", "lean on", "threaten", "scare off", "play a trick on",
               "pull a trick on", "make the trick", "befuddle", "muddle"),
        spelled=("discombobulate", "trick", "intimidate"),
        query=r"discombobulat(?:e|es|ed|ing)|trick(?:s|ed|ing)?|intimidat(?:e|es|ed|ing)",
        crime=r"(?:the\s+)?(?:discombobulation|trick|intimidation)\s+(?:on|of)"
        r"|discombobulat(?:e|ing|ed)|trick(?:ing|ed)?|intimidat(?:e|ing|ed)"
        r"|(?:pull(?:ing|ed)?|play(?:ing|ed)?)\s+(?:a|the)\s+trick\s+on",
        verb="discombobulates",
        crime_noun="discombobulating",
    ),
    Say(
        "kill",
        order=r"kill|attack|murder",
        words=_KILL_WORDS,
        spelled=("kill",),
        query=r"kill(?:s|ed|ing)?|attack(?:s|ed|ing)?|murder(?:s|ed|ing)?"
        r"|(?:go(?:es)?|went|going)\s+after",
        crime=r"(?:the\s+)?(?:murder|killing|death)\s+of|kill(?:ing|ed)?|murder(?:ing|ed)?"
        r"|attack(?:ing|ed)?|death|the\s+(?:kill|attack|murder|hit)\s+(?:on|of)"
        r"|(?:tonight['’]s\s+|last\s+night['’]s\s+)?hit\s+on"
        r"|snip(?:e|ed|ing)|poison(?:ing|ed)?|aptx(?:ing|ed)?",
        verb="kills",
        crime_noun="killing",
    ),
    Say(
        # Snipe Guard is r53's name for Bone Breaking ("Snipe Guard - Role with action:
        # Akai"): declared before the snipe, so "Snipe guard" is not read as a snipe.
        "bone_breaking",
        order=r"snipe[- ]?guard(?:ing)?(?:\s+on)?|sg|bone[- ]?break(?:ing)?"
        r"|break\s+(?:the\s+)?bones\s+of",
        words=("bone breaking", "break bones", r"snipe[- ]?g(?:ua|au)rd(?:ing)?",
               r"guard(?:ing)?\s+(?:\S+\s+)?against\s+(?:the\s+)?snip(?:ers?|es?|ing)"),
        query=r"snipe[- ]?guard(?:s|ed|ing)?",
        possessed=_LIFE,
        alternates=("lovey_dovey",),
        verb="protects",
    ),
    Say(
        # Sniping is the kill's word in 2011 and an order of its own in classic
        # (harm.read_snipe).
        "snipe",
        order=r"snipe",
        words=("snipe", "rifle", "take a shot", "take the shot", "line up a shot",
               "from the rooftop", "scope", "headshot"),
        spelled=("snipe",),
        query=r"snip(?:e|es|ed|ing)",
        verb="snipes",
    ),
    Say(
        # Classic Kazuha's night "Protection Charm" (a lynch vote fewer), declared before
        # Protect and 2011's Health Charm (APTX); a plain "Charm X" is whichever of the two
        # the player holds.
        "protection_charm",
        order=r"(?:give\s+(?:the\s+|my\s+)?protection\s+charm\s+to)|protection\s+charm(?:\s+to)?",
        words=("protection charm", "charm", "lucky charm", "amulet", "talisman"),
        possessed=_LIFE,
        alternates=("charm",),
        target_word="to",
    ),
    Say(
        "protect",
        order=r"(?:day\s+)?protect(?:ion)?(?!\s+charm)",
        words=("protect", "protection", "guard", "defend", "shield", "cover", "cover for",
               "stand guard over", "stand guard", "stand in front of", "stand infront of",
               "keep safe", "keep watch over", "watch over", "look after", "safeguard",
               "take the bullet for", "escort"),
        spelled=("protect",),
        query=r"protect(?:s|ed|ing)?",
        possessed=_LIFE,
        alternates=("lovey_dovey", "bone_breaking"),
        verb="protects",
        traits=frozenset({TOGETHER, LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "first_aid",
        order=r"first[- ]?aid|fa",
        words=("first aid", r"first[- ]?aid(?:\s+kit)?", "fa", "bandage", "patch up",
               "stitch up", "kit", "medkit", "med kit", "treat", "nurse"),
        query=r"(?:us(?:e|es|ed|ing)|giv(?:e|es|ing)|gave)\s+(?:a\s+)?first[- ]?aid"
        r"(?:\s+(?:on|to))?|first[- ]?aid(?:s|ed|ing)?",
        possessed=_LIFE,
        alternates=("heal",),
        verb="first aids",
    ),
    Say(
        "watch",
        order=r"(?:lend|give)\s+(?:the\s+|my\s+)?(?:tranquili[sz]er\s+)?watch(?:\s+to)?"
        r"|(?:tranquili[sz]er\s+)?watch(?:\s+to)?",
        words=(r"(?:tranq(?:uili[sz]er)?\s+)?watch", "tranq", "tranquilizer", "tranquiliser",
               "dart"),
        possessed=_LIFE,
        title="Tranquilizer Watch",
        target_word="to",
        traits=frozenset({SUBSTITUTES, LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "lovey_dovey",
        order=r"lovey[- ]?dovey",
        words=("lovey dovey", r"lovey[- ]?dovey", "sweetheart", "darling", "my love",
               "my lover", "my beloved", "honey", "babe", "bae"),
        possessed=_LIFE,
        alternates=("protect",),
        title="Lovey-Dovey",
        verb="protects",
    ),
    Say(
        "frighten",
        order=r"frighten",
        words=("frighten", "scare", "spook", "terrify", "haunt", "give a scare", "boo",
               "fright", "startle", "petrify", "creep out"),
        spelled=("frighten",),
        query=r"frighten(?:s|ed|ing)?",
        crime=r"frighten(?:ing|ed)?",
        verb="frightens",
        crime_noun="frightening",
    ),
    Say(
        "slander",
        order=r"slander",
        words=("slander", "smear", "badmouth", "defame", "discredit", "make look guilty",
               "make look dirty", "frame", "dirty", "taint", "libel"),
        spelled=("slander",),
        query=r"slander(?:s|ed|ing)?",
        crime=r"(?:the\s+)?slander\s+(?:on|of)|slander(?:ing|ed)?",
        verb="slanders",
        crime_noun="slandering",
        traits=frozenset({TOGETHER, LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "blame",
        order=r"blame",
        words=("blame", "frame", "pin on", "pin it on", "set up", "scapegoat", "fit up"),
        spelled=("blame",),
        query=r"blam(?:e|es|ed|ing)",
        crime=r"blam(?:e|ing|ed)",
        verb="blames",
        crime_noun="blaming", shape=CRIME,
    ),
    Say(
        "bribe",
        order=r"bribe(?:\s+the\s+gm)?",
        words=("bribe", "pay off", "pay the gm", "grease", "buy off", "hush money",
               "payoff", "bribery"),
        spelled=("bribe",),
        crime=r"brib(?:e|ing|ed)(?:\s+the\s+gm)?",
        crime_noun="bribing",
        traits=frozenset({NO_TARGET}), shape=NOTHING,
    ),
    Say(
        "erase",
        order=r"erase(?:\s+(?:the|their|his|her)\s+(?:body|corpse)(?:\s+of)?)?",
        words=("erase", "wipe", "clean up", "dispose of the body", "hide the body",
               "get rid of the body", "destroy the body", "burn the body", "cover up",
               "scrub"),
        spelled=("erase",),
        query=r"eras(?:e|es|ed|ing)",
        crime=r"eras(?:e|ing|ed)",
        possessed=r"body|corpse|remains",
        verb="erases",
        crime_noun="erasing",
        traits=frozenset({NO_TARGET}),
    ),
    Say(
        "house_search",
        order=r"house[- ]?search|hs",
        words=("house search", "search", "raid", "hs", "ransack", "go through", "toss",
               "sweep the house", "search warrant", "comb through"),
        possessed=r"house|home|place",
        verb="searches",
    ),
    Say(
        "pinch_face",
        order=r"pinch\s+(?:the\s+)?face\s+of|(?:face[- ]?)?pinch(?:\s+face)?",
        words=("pinch", "face pinch", "pinch face", "cheek", "cheeks", "pull the mask",
               "unmask", "pull off", "tug", "check for a mask", "rip off the mask"),
        possessed=r"cheeks?|face|mask|skin",
        title="Pinch Face",
        verb="pinches",
    ),
    Say(
        "detention",
        order=r"(?:put\s+)?(?:in\s+)?detention|detain",
        words=("detention", "detain", "holding cell", "lock up", "lock away", "custody"),
        spelled=("detain",),
    ),
    Say(
        "lawsuit",
        order=r"lawsuit(?:\s+(?:for|to\s+free))?|sue",
        words=("lawsuit", "sue", "get out of jail", "bail out", "bail", "legal action",
               "lawyer up"),
        spelled=("lawsuit",),
        verb="sues for",
        target_word="for",
    ),
    Say(
        "poison",
        order=r"poison",
        words=("poison", "capsule", "pill", "aptx", "drug", "dose", "slip"),
        spelled=("poison",),
        query=r"poison(?:s|ed|ing)?",
        possessed=_DRINK,
        alternates=("aptx",),
        verb="poisons", shape=TARGET_ROLE,
    ),
    Say(
        # Classic's night "Protection Charm" is read as the same word (``alternates``).
        "charm",
        order=r"(?:give\s+(?:the\s+|my\s+)?(?:health\s+|protection\s+)?charm\s+to)"
        r"|(?:health\s+|protection\s+)?charm",
        words=("charm", "health charm", "lucky charm", "amulet", "talisman"),
        spelled=("charm",),
        possessed=_LIFE,
        alternates=("protection_charm",),
        target_word="to",
    ),
    Say(
        "accompany",
        order=r"accompany",
        words=("accompany", "go with", "going with", "tag along", "stick with", "stay with",
               "walk with", "escort", "hang out with", "keep company", "come with"),
        spelled=("accompany",),
    ),
    Say(
        "voice_of_reason",
        order=r"voice\s+of\s+reason|vor",
        words=("voice of reason", "vor", "objection", "nobody hangs", "no one hangs",
               "no hanging", "stop the lynch", "cancel the lynch", "call off the lynch"),
        title="Voice of Reason",
        traits=frozenset({NO_TARGET}), shape=NOTHING,
    ),
    Say(
        "voice_of_accusation",
        order=r"voice\s+of\s+accusation|voa",
        words=("voice of accusation", "voa", "double vote", "vote counts double",
               "counts double", "double my vote"),
        title="Voice of Accusation",
        traits=frozenset({NO_TARGET}), shape=NOTHING,
    ),
    Say(
        # "It may be Special Investigated after the fact" (The Explosive Vest).
        "plant_vest",
        order=r"(?:plant|strap)\s+(?:the\s+)?(?:explosive\s+)?(?:vest|bomb)(?:\s+on)?"
        r"|(?:explosive\s+)?vest",
        words=(r"(?:plant|strap|put|attach|rig|fit)\w*\s+(?:(?:the|a|an|my)\s+)?(?:explosive\s+)?"
               r"(?:vest|bomb)", "explosive vest", "vest", "bomb", "rig"),
        query=r"(?:strap(?:s|ped|ping)?|plant(?:s|ed|ing)?)\s+(?:(?:a|the|an)\s+)?"
        r"(?:explosive\s+)?(?:vest|bomb)(?:\s+(?:on|to))?",
        crime=r"(?:strap(?:ping|ped)?|plant(?:ing|ed)?)\s+(?:(?:a|the|an)\s+)?(?:explosive\s+)?"
        r"(?:vest|bomb)(?:\s+(?:on|to))?",
        title="Explosive Vest",
        verb="straps a bomb on",
        crime_noun="strapping a bomb on",
        target_word="on",
    ),
    Say(
        "defuse",
        order=r"(?:defuse|disarm)(?:\s+the\s+bomb)?",
        words=("defuse", "disarm", "disable the bomb", "cut the wire", "bomb squad",
               "take the vest off", "remove the vest", "remove the bomb"),
        possessed=r"(?:explosive\s+)?(?:bomb|vest)", shape=NOTHING,
    ),
    # Information, disguise, items, travel.
    Say(
        "special_investigate",
        order=r"special[- ]investigat(?:e|ion)|si",
        words=("special investigate", "special investigation", "si", "look back",
               "check the past", "look into the past"),
        query=r"special[- ]investigat(?:e|es|ed|ing)",
        verb="investigates",
        traits=frozenset({ASKS, QUERIES, LIST_HEAD}), shape=ASKED,
    ),
    Say(
        "follow_up",
        order=r"follow[- ]?up",
        words=("follow up", "follow-up", "following up", "followup"),
        title="Follow-Up",
        traits=frozenset({ASKS, QUERIES}), shape=ASKED,
    ),
    Say(
        "interrogate",
        order=r"interrogat(?:e|ion)|interro",
        words=("interrogate", "interrogation", "interro", "interogate", "interogation",
               "grill", "question", "have a chat", "have a talk", "chat", "talk to",
               "squeeze", "sweat", "third degree", "shake down", "lean on", "quiz"),
        spelled=("interrogate",),
        query=r"interrogat(?:e|es|ed|ing)",
        possessed=r"alignment|allegiance|affiliation|side|team|faction",
        alternates=("cross_examine",),
        verb="interrogates",
    ),
    Say(
        "cross_examine",
        order=r"cross[- ]?examin(?:e|ation)",
        words=("cross examine", r"cross[- ]?exam(?:ine|ination)?", r"x[- ]?exam(?:ine)?",
               "crossexam"),
        spelled=("cross-examine",),
        query=r"cross[- ]?examin(?:e|es|ed|ing)",
        possessed=r"crimes?|actions?|past",
        alternates=("interrogate",),
        title="Cross-examine",
        verb="cross-examines",
    ),
    Say(
        "observe",
        order=r"(?:age|gender)[- ]?observ(?:e|ation)|observ(?:e|ation)",
        words=("observe", "observation", "binoculars", "peek", "spot", "how old",
               r"(?:age|gender|sex)\s+check", "guy or girl", "boy or girl", "man or woman",
               "male or female", "what gender", "which gender", "what age", "how old is"),
        spelled=("observe",),
        query=r"observ(?:e|es|ed|ing)",
        possessed=r"age|gender|sex",
        verb="observes",
        traits=frozenset({ASKS}), shape=KIND,
    ),
    Say(
        "stake_out",
        order=r"stake[- ]?out",
        words=("stake out", r"stake[- ]?out", "stakeout", "watch", "keep watch", "keep an eye on",
               "surveil", "surveillance", "park outside", "parked outside", "camp outside",
               "wait outside", "watch the door", "watch the house", "eyes on", "monitor",
               "spy on"),
        spelled=("stake-out",),
        query=r"stak(?:e|es|ed|ing)[- ]?out",
        possessed=r"house|home|place|door|apartment|flat",
        title="Stake-out",
        verb="stakes out",
    ),
    Say(
        "analyze",
        order=r"analy[sz]e",
        words=("analyze", "analyse", "analysis", "think over", "go over", "review",
               "make sense of", "look over"),
        spelled=("analyze",),
        traits=frozenset({NO_TARGET}), shape=WHEN,
    ),
    Say(
        "police_detect",
        order=r"police[- ]detect",
        words=("police detect",),
        title="Police Detect",
        traits=frozenset({ASKS}), shape=ROLE,
    ),
    Say(
        "detect",
        order=r"detect",
        words=("detect", "detection", r"is\s+there", "in the game", "anyone playing"),
        spelled=("detect",),
        query=r"detect(?:s|ed|ing)?",
        alternates=("police_detect",),
        verb="detects",
        traits=frozenset({ASKS}), shape=ROLE,
    ),
    Say(
        "spy",
        order=r"spy(?:\s+on)?",
        words=("spy", "spy on", "snoop", "snoop on", "peep", "wiretap", "bug"),
        spelled=("spy",),
        query=r"sp(?:y|ies|ied|ying)(?:\s+on)?",
        possessed=r"role|identity",
        verb="spies on",
        traits=frozenset({LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "follow",
        order=r"follow",
        words=("follow", "tail", "shadow", "track", "trail", "sniff", "sniff out", "smell",
               "scent", "tag along with", "stalk", "go after"),
        spelled=("follow",),
        query=r"follow(?:s|ed|ing)?",
        possessed=r"trail|scent|tracks",
        verb="follows",
    ),
    Say(
        "police_identify",
        order=r"police[- ]identify",
        words=("police identify",),
        title="Police Identify",
        traits=frozenset({ASKS}), shape=TARGET_ROLE,
    ),
    Say(
        "identify",
        order=r"identify",
        words=("identify", "identification", "id", "check", "confirm", "verify"),
        spelled=("identify",),
        query=r"identif(?:y|ies|ied|ying)",
        alternates=("police_identify",),
        verb="identifies",
        traits=frozenset({ASKS}), shape=TARGET_ROLE,
    ),
    Say(
        "steal",
        order=r"steal(?:\s+from)?|rob",
        words=("steal", "steal from", "rob", "pickpocket", "pinch from", "swipe", "nick",
               "lift", "snatch", "loot", "burgle", "relieve", "take from", "thieve",
               "calling card", "heist"),
        spelled=("steal",),
        query=r"(?:steal(?:s|ing)?|stole)(?:\s+from)?",
        crime=r"steal(?:ing)?(?:\s+from)?|stole(?:\s+from)?|(?:the\s+)?theft\s+from",
        possessed=r"items?|stuff|things|belongings|possessions|inventory",
        verb="steals from",
        crime_noun="stealing from",
        target_word="from",
    ),
    Say(
        "bow_tie",
        order=r"(?:lend|give)\s+(?:the\s+|my\s+)?bow[- ]?tie(?:\s+to)?|bow[- ]?tie(?:\s+to)?",
        words=(r"bow[- ]?tie", "voice changer", "voice-changer"),
        title="Bow-tie",
        target_word="to",
        traits=frozenset({SUBSTITUTES, LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "black_suitcase",
        order=r"(?:give|hand)\s+(?:the\s+|my\s+)?(?:black\s+)?suitcase(?:\s+to)?"
        r"|(?:black\s+)?suitcase(?:\s+to)?|fake",
        words=(r"(?:black\s+)?suitcase", "briefcase", "fake"),
        target_word="to",
        traits=frozenset({SUBSTITUTES, LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "cover",
        order=r"cover",
        words=("cover", "back up", "backup", "cover for", "vouch for", "alibi"),
    ),
    Say(
        "abduct",
        order=r"abduct",
        words=("abduct", "abduction", "kidnap", "kidnapping", "snatch", "nab", "grab",
               "take someone", "carry off", "whisk away"),
        spelled=("abduct",),
        query=r"abduct(?:s|ed|ing)?",
        crime=r"abduct(?:ing|ed)?",
        verb="abducts",
        crime_noun="abducting",
        traits=frozenset({NO_TARGET}), shape=NOTHING,
    ),
    Say(
        "travel",
        order=r"travel(?:\s+(?:to|out\s+of|back\s+to)\s+japan)?"
        r"|fly(?:\s+(?:to|out(?:\s+of)?|back|home))?"
        r"|leave\s+japan|go\s+(?:abroad|home|back\s+(?:to\s+japan|home))|return\s+to\s+japan",
        words=("travel", "fly", "flight", "plane", "red-eye", "red eye", "airport",
               "book a flight", "hop on a plane", "catch a plane", "come home", "coming home",
               "come back", "go abroad", "leave japan", "return to japan", "back to japan",
               "to tokyo"),
        spelled=("travel",),
        query=r"travel(?:s|ed|led|ing|ling)?",
        verb="travels",
        traits=frozenset({NO_TARGET}), shape=NOTHING,
    ),
    Say(
        "friendship",
        order=r"befriend|friendship",
        words=("friendship", "befriend", "friend", "friends", "bff", "bffs", "bestie",
               "besties", "best friend", "best friends", "pal", "buddy"),
        spelled=("friendship",),
        query=r"befriend(?:s|ed|ing)?",
        verb="befriends",
        traits=frozenset({LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "amor",
        order=r"amor|lovers?",
        words=("amor", "lovers", "lover", "cupid", "arrows", "arrow", "matchmake", "pair up",
               "couple", "couples", "make fall in love"),
        traits=frozenset({TOGETHER, LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "choose_costumes",
        order=r"(?:re-?)?choose(?:\s+(?:my\s+|the\s+)?(?:costumes?|disguises?))?|costumes",
        words=("choose costumes", "costumes", "picks", "pick", "choose", "take", "closet",
               "wardrobe", "i'll take", "i will take"),
        query=r"cho(?:ose|oses|se|osing)\s+(?:the\s+)?costumes?",
        title="Choose Costumes",
        verb="chooses costumes",
        traits=frozenset({NO_TARGET, LIST_HEAD}), shape=ROLES,
    ),
    Say(
        "temporary_disguise",
        order=r"temporary[- ]disguise(?:\s+as)?|wear(?:\s+the)?|costume",
        words=("temporary disguise", "costume", "wear", "dress up", "dress as", "put on",
               "go as", "dressed as", "disguise as"),
        verb="disguised as",
        crime_noun="disguising as",
        traits=frozenset({NO_TARGET}), shape=ROLE,
    ),
    Say(
        "disguise",
        order=r"disguise",
        words=("disguise", "disguise list"),
        spelled=("disguise",),
        query=r"(?:is\s+)?disguis(?:e|es|ed|ing)\s+as",
        crime=r"disguis(?:e|ing|ed)(?:\s+as)?",
        verb="disguised as",
        crime_noun="disguising as",
        traits=frozenset({LIST_HEAD}), shape=TARGETS,
    ),
    Say(
        "betrayal",
        order=r"betrayal|betray",
        words=("betray", "betrayal", "turn on", "rat out", "sell out"),
        verb="betrays",
        traits=frozenset({NO_TARGET}), shape=NOTHING,
    ),
    Say(
        # Classic's leader vote: "So each player PMs the GM with a ranking."
        "leader_ranking",
        order=r"(?:my\s+)?(?:(?:bo|black\s+org(?:ani[sz]ation)?)\s+)?leader(?:ship)?\s+"
        r"(?:rank(?:ing)?|vote|ballot|list)(?:\s+is)?|(?:my\s+)?rank(?:ing)?(?:\s+is)?",
        words=("leader vote", "leader ranking", "ranking", "rank", "ballot",
               "ranking for leader"),
        traits=frozenset({LIST_HEAD}), shape=TARGETS,
    ),
    Say("unvote", order=r"un-?vote", words=("unvote", "un-vote", "withdraw my vote"),
        shape=NOTHING),
    Say(
        "vote",
        order=r"vote(?:\s+(?:for|to\s+lynch))?|lynch",
        words=("vote", "lynch", "hang", "string up", "ballot for", "my vote"),
        spelled=("vote",),
        possessed=r"lynch(?:ing)?|execution|hanging|elimination", shape=VOTE,
    ),
    Say("abstain", order=r"abstain", words=("abstain",), spelled=("abstain", "unvote"),
        shape=NOTHING),
    Say("no_lynch", order=r"no[- ]?lynch", words=("no lynch", "no-lynch", "nolynch"),
        shape=NOTHING),
    # "No action tonight": a valid order that sends nothing (and drops what this phase held).
    Say(
        "no_action",
        order=r"no[- ]?actions?|(?:i\s+)?pass|skip(?:\s+(?:my\s+)?(?:turn|actions?))?",
        words=("no action", "pass", "skip"), shape=NOTHING,
    ),
)
# fmt: on

WORDS = words_of(SAYS)

# Orders written verb-object-noun, rewritten to the keyword form before they are read:
# "Put Abs in detention", "Pinch Conia's face", "Search Abs's house", "Make A, B, C, D lovers".
REWRITES: tuple[tuple[str, str], ...] = (
    (r"put\s+(?P<x>.+?)\s+in(?:to)?\s+detention", "Detention {x}"),
    (r"pinch\s+(?P<x>.+?)['’]s?\s+face", "Pinch Face {x}"),
    (r"(?:search|raid)\s+(?P<x>.+?)['’]s?\s+(?:house|home|place)", "House Search {x}"),
    (r"make\s+(?P<x>.+?)\s+(?:the\s+)?lovers", "Amor {x}"),
    (r"sue\s+for\s+(?P<x>.+?)['’]s?\s+(?:release|freedom)", "Lawsuit {x}"),
    (r"(?:free|release)\s+(?P<x>.+?)\s+(?:with|by)\s+(?:a\s+)?lawsuit", "Lawsuit {x}"),
    # The target labelled and the order after it in brackets: "Target: Lynz (heal)".
    (
        r"(?:(?:my|the)\s+)?target\s*(?:is\b|:|-+|=)\s*(?P<x>[^()]+?)\s*"
        r"\(\s*(?P<a>[a-z][a-z -]*?)\s*\)?",
        "{a} {x}",
    ),
    # A possession handed over: "my heal goes to Kleene", "my vote is on Abs".
    (
        r"(?:my|the|our)\s+(?P<a>[a-z-]+(?:\s+[a-z-]+)?)\s+(?:goes|will\s+go|is\s+going|is|will\s+be)"
        r"\s+(?:to|on)\s+(?P<x>.+)",
        "{a} {x}",
    ),
    # "Kleene gets my heal tonight". The lookahead, which every match passes (nothing before
    # "get" is a comma, a semicolon or a colon), fails most texts in one quick scan, where the
    # lazy name tries the four verbs at each character.
    (
        r"(?=[^,;:]*get)(?P<x>[^,;:]+?)(?:\s+gets|\s+will\s+get|['’]s\s+getting|\s+is\s+getting)\s+my\s+(?P<a>[a-z-]+(?:\s+(?!tonight|today)[a-z-]+)?)"
        r"(?:\s+(?:tonight|today))?",
        "{a} {x}",
    ),
    # "I'm going with Kleene for the heal", "going for Abs with my interrogation".
    (
        r"(?:i['’]?m\s+|i\s+am\s+)?going\s+(?:with|for)\s+(?P<x>.+?)\s+(?:for|with)\s+"
        r"(?:the|my)\s+(?P<a>[a-z-]+)",
        "{a} {x}",
    ),
)
