"""How players of the DCTP rulesets (2011, r53, classic) say each ability: one ``Say`` each.

The order words follow the rule text ("Keywords": Kill / Attack / Murder; Discombobulate /
Trick; ...); the everyday words (``words``) are what players write instead: verbs and their
forms, nouns after another verb ("giving my heal", "taking the shot"), idioms, the item's
name. A word may say several abilities ("guard": Protect, Stake-out): the reader takes the
one the sender holds, and asks when they hold two. Add a new way of saying an order here,
to its ability's declaration.
"""

from __future__ import annotations

from autogm.engine.families.dctp import restating
from autogm.engine.orders.vocab import (
    A_CHAT,
    AS_ROLE,
    ASKED,
    ASKED_ACTION,
    ASKED_PAST,
    ASKED_ROLE,
    ASKS,
    CARRIED_OUT,
    CRIME,
    DATED,
    FRAME,
    GUARD,
    HARM,
    HINDER,
    KIND,
    LEARN,
    LIST_HEAD,
    NO_TARGET,
    NOTHING,
    OURS,
    QUERIES,
    RANKED,
    ROLE,
    ROLE_CRIME,
    ROLES,
    SUBSTITUTES,
    TARGET_ROLE,
    TARGETS,
    TOGETHER,
    UNNAMED_OK,
    UNREPEATABLE,
    VOTE,
    WHEN,
    Say,
    words_of,
)

# The nouns after a possessive that stand for what a protection acts on: "protect Kleene's life".
# Where a player is found stands for them in an order that goes to them: "Léa's place".
# A letter's words for it too: "a search of Kasimir's residence", "Ludo's lodgings".
_HOME = r"place|house|home|door|room|flat|apartment|bedside|residence|lodgings|quarters|dwelling"
_LIFE = r"life|safety|wounds?|injur(?:y|ies)|" + _HOME
# The nouns after a possessive that stand for whom a poisoning is for: "Tomo's coffee".
# A group that acts together, as its member names it: "we", "the group", "the Detective Boys".
_GROUP = r"(?:we|(?:the\s+|our\s+)?(?:group|team|squad|detective\s+boys|db['’]?s?|boys|kids|gang))"
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
    "knock off", "waste", "snuff", "put down", "put to sleep", "lights out", "six feet under",
    # A gamer's words for a kill (from ambush, by a grenade, in one blow): each is that sense
    # and no other, so "gg Dot" and "Dot is squishy" stay talk, and "Pan Pan ganked me" is
    # another's deed, told. "one-shot" written joined: "one shot" apart is the snipe's.
    "gank", "frag", r"one-?shot(?:s|ted|ting)?",
    # The victim as the subject: "the one who doesn't wake up tomorrow is Rowan".
    r"(?:doesn['’]?t|won['’]?t|will\s+not|never|not\s+going\s+to)\s+wake\s+up"
    r"(?:\s+(?:tomorrow|in\s+the\s+morning))?",
)  # fmt: skip

# fmt: off
SAYS: tuple[Say, ...] = (
    Say(
        "arrest",
        traits=frozenset({DATED, UNREPEATABLE}),
        order=r"arrest",
        words=("arrest", "cuff", "handcuff", "lock up", "bust", "nab", "haul in", "take in",
               "bring in", "apprehend", "detain for", "put away",
               "throw in jail", "put behind bars", "behind bars", "press charges", "send to jail",
               "send to prison", "imprison", "take into custody", "lock away"),
        spelled=("arrest",),
        title="Arrest", shape=CRIME,
        does=HINDER,
        means=r"cuffs|handcuff\w*|jail|prison|cell|custody|book(?:ed|ing)?",
    ),
    Say(
        "investigate",
        order=r"investigat(?:e|ion)|inv",
        words=("investigate", "investigation", "inv", "check", "check whether", "check if",
               "look into", "find out", "question", "probe", "verify", "examine",
               "dig into", "check out", "check on", "see whether", "see if",
               "inquiry", "enquiry", "inquire", "enquire", "inquire into", "inquire whether",
               "query"),
        spelled=("investigate",),
        query=r"investigat(?:e|es|ed|ing)",
        alternates=("special_investigate",),
        verb="investigates",
        traits=frozenset({DATED, UNREPEATABLE, ASKS, ASKED_ACTION, QUERIES, LIST_HEAD}),
        shape=ASKED,
        does=LEARN,
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
        does=HARM,
    ),
    Say(
        "heal",
        order=r"heal",
        words=("heal", "treat", "patch up", "save", "nurse", "fix up", "cure", "operate on",
               "look after", "keep alive", "keep safe", "doc action", "medical attention",
               "tend to", "mend", "revive", "nurse back", "medicine", "stitch up",
               "treatment", "infirmary", "sick bay", "sickbay", "clinic",
               # A doctor's bedside words: "I shall administer to Ashby this evening".
               "administer to", "minister to", "attend to"),
        spelled=("heal",),
        query=r"heal(?:s|ed|ing)?",
        possessed=_LIFE,
        alternates=("first_aid",),
        verb="heals",
        does=GUARD,
        means=r"doctor|doc|medic\w*|medicine|bag|bedside|hospital|wounds?|surgery|clinic|treat\w*|cure|stitch\w*",
    ),
    Say(
        # Classic: "Trick and Intimidate - Roles with that action: Eisuke(Trick),
        # Vodka(Intimidate)".
        "discombobulate",
        order=r"discombobulat(?:e|ion)|discombob|trick|intimidat(?:e|ion)",
        words=("discombobulate", "discombobulation", "discombob", "trick", "intimidate",
               "intimidation", "confuse", "distract", "mess with", "mess up", "prank",
               "bamboozle", "lean on", "threaten", "scare off", "play a trick on",
               "pull a trick on", "make the trick", "befuddle", "muddle", "scramble",
               # A gamer's words for an action made to fail: "stun", "stun-lock".
               "stun", r"stun-?lock(?:s|ed|ing)?"),
        spelled=("discombobulate", "trick", "intimidate"),
        query=r"discombobulat(?:e|es|ed|ing)|trick(?:s|ed|ing)?|intimidat(?:e|es|ed|ing)",
        crime=r"(?:the\s+)?(?:discombobulation|trick|intimidation)\s+(?:on|of)"
        r"|discombobulat(?:e|ing|ed)|trick(?:ing|ed)?|intimidat(?:e|ing|ed)"
        r"|(?:pull(?:ing|ed)?|play(?:ing|ed)?)\s+(?:a|the)\s+trick\s+on",
        # Whose head is muddled is whom: "mess with Rook's head".
        possessed=r"head|mind|brain|thoughts|plans",
        verb="discombobulates",
        crime_noun="discombobulating",
        does=HINDER,
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
        r"|snip(?:e|ed|ing)|sho(?:t|ot(?:ing)?)|poison(?:ing|ed)?|aptx(?:ing|ed)?",
        verb="kills",
        crime_noun="killing",
        traits=frozenset({CARRIED_OUT, OURS}),
        does=HARM,
        means=r"murder\w*|death|dies?|dead|weapon|guns?|pistol|knife|knives|blade|bullets?|shoot\w*|shot|stab\w*|strangl\w*|slit|throat",
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
        does=GUARD,
        means=r"bones?|break\w*|broken|attackers?|whoever|anyone",
    ),
    Say(
        # Sniping is the kill's word in 2011 and an order of its own in classic
        # (harm.read_snipe).
        "snipe",
        order=r"snipe",
        words=("snipe", "rifle", "take a shot", "take the shot", "line up a shot",
               "from the rooftop", "scope", "headshot",
               "one shot", "take a shot at", "crosshairs", "sights on", "aim at", "pick off",
               "rooftop", "through the window", "shot",
               # A gamer's sniper kill, written joined: "no scope" apart is the rifle left
               # ("no scope. knife for Oakley").
               r"(?:360\s+)?no-?scop(?:e|es|ed|ing)"),
        spelled=("snipe",),
        query=r"snip(?:e|es|ed|ing)",
        verb="snipes",
        traits=frozenset({CARRIED_OUT}),
        does=HARM,
        alternates=("kill",),
        means=r"rifle|scope|sniper|crosshairs|long[- ]range|rooftop|bullets?|shot",
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
        does=GUARD,
        means=r"charms?|amulets?|talisman|luck\w*|blessing|ward",
    ),
    Say(
        "protect",
        order=r"(?:day\s+)?protect(?:ion)?(?!\s+charm)",
        words=("protect", "protection", "guard", "defend", "shield", "cover", "cover for",
               "stand guard over", "stand guard", "stand in front of", "stand infront of",
               "keep safe", "keep watch over", "watch over", "look after", "safeguard",
               "take the bullet for", "escort",
               "bodyguard", "shelter", "stand watch", "watch the back of", "at the side of",
               "step in front of", "take the hit for", "keep vigil",
               "watch back", "have back", "got back"),
        spelled=("protect",),
        query=r"protect(?:s|ed|ing)?",
        possessed=_LIFE + r"|door|house|home|room|bed|side|back",
        alternates=("lovey_dovey", "bone_breaking"),
        verb="protects",
        traits=frozenset({TOGETHER, LIST_HEAD}), shape=TARGETS,
        does=GUARD,
        means=r"guard\w*|shield\w*|bodyguard|cover\w*|watch\s+over|safe",
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
        does=GUARD,
        means=r"kit|bandages?|wounds?|plasters?",
    ),
    Say(
        "watch",
        order=r"(?:lend|give)\s+(?:the\s+|my\s+)?(?:tranquili[sz]er\s+)?watch(?:\s+to)?"
        r"|(?:tranquili[sz]er\s+)?watch(?:\s+to)?",
        words=(r"(?:tranq(?:uili[sz]er)?\s+|wrist[- ]?)?watch", "tranq", "tranquilizer",
               "tranquiliser",
               "dart"),
        possessed=_LIFE,
        title="Tranquilizer Watch",
        target_word="to",
        traits=frozenset({SUBSTITUTES, LIST_HEAD}), shape=TARGETS,
        does=GUARD,
    ),
    Say(
        "lovey_dovey",
        order=r"lovey[- ]?dovey",
        words=("lovey dovey", r"lovey[- ]?dovey", "sweetheart", "darling", "my love",
               "my lover", "my beloved", "honey", "babe", "bae"),
        possessed=_LIFE,
        alternates=("protect",),
        persons=r"(?:my\s+)?(?:sweetheart|darling|love|lover|beloved|honey|babe|bae)",
        title="Lovey-Dovey",
        verb="protects",
        does=GUARD,
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
        does=HINDER,
        means=r"scar\w*|fright\w*|spook\w*|boo|terror\w*",
    ),
    Say(
        "slander",
        order=r"slander",
        words=("slander", "smear", "badmouth", "defame", "discredit", "make look guilty",
               "make look dirty", "frame", "dirty", "taint", "libel",
               "drag through the mud", "make look bad", "tarnish", "ruin the name of"),
        spelled=("slander",),
        query=r"slander(?:s|ed|ing)?",
        crime=r"(?:the\s+)?slander\s+(?:on|of)|slander(?:ing|ed)?",
        verb="slanders",
        crime_noun="slandering",
        traits=frozenset({TOGETHER, LIST_HEAD}), shape=TARGETS,
        does=FRAME,
        possessed=r"name|reputation|image|record|rep|standing",
        means=r"name|reputation|rumou?rs?|smear\w*|gossip|lies",
    ),
    Say(
        "blame",
        traits=frozenset({UNREPEATABLE}),
        order=r"blame",
        # "pin <the crime> on X": the idiom with its object between ("pin tonight's kill on").
        words=("blame", "frame", "pin on", "pin it on", r"pin\s+(?:[^\s,.;:!?]+\s+){1,3}?on",
               "set up", "scapegoat", "fit up",
               "hang it on", "hang on", "put it on", "lay it on", "pin the blame on",
               "lay the blame on", "shift the blame", "point the finger at", "make it look like",
               "point at", "point to"),
        spelled=("blame",),
        query=r"blam(?:e|es|ed|ing)",
        crime=r"blam(?:e|ing|ed)",
        verb="blames",
        crime_noun="blaming", shape=CRIME,
        does=FRAME,
        means=r"pin\w*|murder|crimes?|frame\w*|blame\w*|scapegoat|fall\s+guy",
    ),
    Say(
        "bribe",
        order=r"bribe(?:\s+the\s+gm)?",
        # The rule's own offer ("Bribe the GM with a suitcase full of cash"), by its name.
        words=("bribe", "pay off", "pay the gm", "grease", "buy off", "hush money",
               "payoff", "bribery",
               r"(?:suit|brief)?case\s+(?:(?:full|stuffed|packed)\s+)?(?:of|with)\s+"
               r"(?:cash|money|bills|banknotes|notes|yen|dollars)"),
        spelled=("bribe",),
        crime=r"brib(?:e|ing|ed)(?:\s+the\s+gm)?",
        crime_noun="bribing",
        traits=frozenset({NO_TARGET}), shape=NOTHING,
        means=r"cash|money|suitcase|payment|pay(?:s|ing)?|paid|yen|dollars|bills|envelope",
    ),
    Say(
        "erase",
        order=r"erase(?:\s+(?:the|their|his|her)\s+(?:body|corpse)(?:\s+of)?)?",
        words=("erase", "wipe", "clean up", "dispose of the body", "hide the body",
               "get rid of the body", "destroy the body", "burn the body", "cover up",
               "scrub",
               "make the body disappear", "make disappear", "vanish", "hide the role",
               "no role shown", "clean the scene", "cover the tracks"),
        spelled=("erase",),
        query=r"eras(?:e|es|ed|ing)",
        crime=r"eras(?:e|ing|ed)",
        possessed=r"body|corpse|remains",
        verb="erases",
        crime_noun="erasing",
        traits=frozenset({NO_TARGET, UNNAMED_OK}),
        means=r"body|bodies|corpse|remains|disappear\w*|vanish\w*|traces?|evidence|dispose"
        r"|clean[- ]?up",
    ),
    Say(
        "house_search",
        order=r"house[- ]?search|hs",
        words=("house search", "search", "raid", "hs", "ransack", "go through", "toss",
               "sweep the house", "search warrant", "comb through",
               "search the place of", "go through the stuff of"),
        possessed=_HOME + r"|pad|digs|hideout",
        verb="searches",
        does=LEARN,
    ),
    Say(
        "pinch_face",
        order=r"pinch\s+(?:the\s+)?face\s+of|(?:face[- ]?)?pinch(?:\s+face)?",
        words=("pinch", "face pinch", "pinch face", "cheek", "cheeks", "pull the mask",
               "unmask", "pull off", "tug", "check for a mask", "rip off the mask"),
        possessed=r"cheeks?|face|mask|skin",
        title="Pinch Face",
        verb="pinches",
        does=LEARN,
        means=r"faces?|cheeks?|masks?|disguises?|skin|real",
    ),
    Say(
        "detention",
        order=r"(?:put\s+)?(?:in\s+)?detention|detain",
        words=("detention", "detain", "holding cell", "lock up", "lock away", "custody",
               "cell", "lockup", "keep in custody", "hold in custody"),
        spelled=("detain",),
        does=HINDER,
    ),
    Say(
        "lawsuit",
        order=r"lawsuit(?:\s+(?:for|to\s+free))?|sue",
        words=("lawsuit", "sue", "get out of jail", "bail out", "bail", "legal action",
               "lawyer up",
               r"law[- ]?suit", "file suit", "suit", "court", "lawyer", "spring from jail",
               "spring", "free from jail", "get released"),
        spelled=("lawsuit",),
        # What the suit is for stands for the one it frees: "a lawsuit for Ferro's release".
        possessed=r"release|freedom|bail|case|cell|sake",
        verb="sues for",
        target_word="for",
        does=GUARD,
        means=r"court\w*|suit|lawyer|case|prison|jail|free|release|appeal|behalf|legal",
    ),
    Say(
        "poison",
        # "the poison pill", "a poison capsule": the item named with the word.
        order=r"poison(?:\s+(?:pill|capsule|dose))?",
        words=("poison", "capsule", "pill", "aptx", "drug", "dose", "slip"),
        spelled=("poison",),
        query=r"poison(?:s|ed|ing)?",
        possessed=_DRINK,
        alternates=("aptx",),
        verb="poisons", shape=TARGET_ROLE,
        does=HARM,
        means=r"poison\w*|drinks?|tea|cup|glass|pill|toxin",
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
        does=GUARD,
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
               "counts double", "double my vote",
               # Its effect in the rule's words: "makes Kujou's vote count as an extra vote".
               r"count(?:s|ing)?\s+(?:as\s+)?(?:an?\s+)?(?:extra|double|twice)"
               r"(?:\s+(?:one|vote))?",
               r"worth\s+(?:an?\s+)?(?:extra|double)\s+(?:one|vote)"),
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
        does=HARM,
        means=r"vests?|bombs?|explosives?|strap\w*|c4|dynamite|detonat\w*",
    ),
    Say(
        "defuse",
        order=r"(?:defuse|disarm)(?:\s+the\s+bomb)?",
        words=("defuse", "disarm", "disable the bomb", "cut the wire", "bomb squad",
               "take the vest off", "remove the vest", "remove the bomb"),
        possessed=r"(?:explosive\s+)?(?:bomb|vest)", shape=NOTHING,
        does=GUARD,
        means=r"wires?|bombs?|vests?|explosives?|disarm\w*|detonat\w*|timer",
    ),
    # Information, disguise, items, travel.
    Say(
        "special_investigate",
        order=r"special[- ]investigat(?:e|ion)|si",
        words=("special investigate", "special investigation", "si", "look back",
               "check the past", "look into the past"),
        query=r"special[- ]investigat(?:e|es|ed|ing)",
        verb="investigates",
        traits=frozenset({DATED, UNREPEATABLE, ASKS, ASKED_PAST, QUERIES, LIST_HEAD}),
        shape=ASKED,
        does=LEARN,
    ),
    Say(
        "follow_up",
        order=r"follow[- ]?up",
        words=("follow up", "follow-up", "following up", "followup"),
        title="Follow-Up",
        traits=frozenset({DATED, UNREPEATABLE, ASKS, QUERIES}), shape=ASKED,
        does=LEARN,
    ),
    Say(
        "interrogate",
        order=r"interrogat(?:e|ion)|interro",
        words=("interrogate", "interrogation", "interro", "interogate", "interogation",
               "grill", "question", "have a chat", "have a talk", "talk to",
               # "chat" is a verb with whom, or a chat had: "the chat" is where players talk.
               "chat with", "chat to", "chat up", A_CHAT,
               "squeeze", "sweat", "third degree", "shake down", "lean on", "quiz",
               "interrogation room", "have words with", "pull aside", "put the screws to",
               "sit down with"),
        spelled=("interrogate",),
        query=r"interrogat(?:e|es|ed|ing)",
        possessed=r"alignment|allegiance|affiliation|side|team|faction",
        alternates=("cross_examine",),
        verb="interrogates",
        does=LEARN,
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
        does=LEARN,
        means=r"witness\w*|court\w*|stand|testimony|trial|crimes?|objection",
    ),
    Say(
        "observe",
        order=r"(?:age|gender)[- ]?observ(?:e|ation)|observ(?:e|ation)",
        words=("observe", "observation", "binoculars", "peek", "spot", "how old",
               r"keep\s+my\s+eyes\s+on",
               r"(?:age|gender|sex)\s+check", "guy or girl", "boy or girl", "man or woman",
               "male or female", "what gender", "which gender", "what age", "how old is"),
        spelled=("observe",),
        query=r"observ(?:e|es|ed|ing)",
        possessed=r"age|gender|sex",
        verb="observes",
        traits=frozenset({UNREPEATABLE, ASKS}), shape=KIND,
        kinds=(("age", r"age|how\s+old|old|young"),
               ("gender", r"gender|sex|guy\s+or\s+(?:a\s+)?girl|boy\s+or\s+(?:a\s+)?girl"
                          r"|male|female|man\s+or\s+(?:a\s+)?woman|he\s+or\s+she")),
        does=LEARN,
    ),
    Say(
        "stake_out",
        order=r"stake[- ]?out",
        words=("stake out", r"stake[- ]?out", "stakeout", "watch", "keep watch", "keep an eye on",
               "surveil", "surveillance", "park outside", "parked outside", "camp outside",
               "wait outside", "watch the door", "watch the house", "eyes on", "monitor",
               "spy on",
               "keep tabs on", "sit outside", "lurk outside"),
        spelled=("stake-out",),
        query=r"stak(?:e|es|ed|ing)[- ]?out",
        possessed=r"house|home|place|door|apartment|flat",
        title="Stake-out",
        verb="stakes out",
        does=LEARN,
    ),
    Say(
        "analyze",
        order=r"analy[sz]e",
        words=("analyze", "analyse", "analysis", "think over", "go over", "review",
               "make sense of", "look over", r"re-?examine", "examine again", "revisit",
               "take another look at", "look again at", "reconsider"),
        spelled=("analyze",),
        traits=frozenset({UNREPEATABLE, NO_TARGET}), shape=WHEN,
        does=LEARN,
    ),
    Say(
        "police_detect",
        order=r"police[- ]detect",
        words=("police detect",),
        title="Police Detect",
        traits=frozenset({ASKS}), shape=ROLE,
        does=LEARN,
    ),
    Say(
        "detect",
        order=r"detect",
        words=("detect", "detection", r"is\s+there", "in the game", "anyone playing",
               "in this game", "in play", "out there", "walking around", "among us"),
        spelled=("detect",),
        query=r"detect(?:s|ed|ing)?",
        alternates=("police_detect",),
        verb="detects",
        traits=frozenset({ASKS, ASKED_ROLE}), shape=ROLE,
        does=LEARN,
    ),
    Say(
        "spy",
        order=r"spy(?:\s+on)?",
        words=("spy", "spy on", "snoop", "snoop on", "peep", "wiretap", "bug", "espionage",
               "surveillance", "reconnaissance", "recon",
               "peek at the roles", "look at the roles", "roles among", "roles of", "identities of",
               "see the roles", "find out the roles"),
        spelled=("spy",),
        query=r"sp(?:y|ies|ied|ying)(?:\s+on)?",
        possessed=r"role|identity",
        verb="spies on",
        traits=frozenset({LIST_HEAD}), shape=TARGETS,
        does=LEARN,
        # "The user chooses a list of players ... the GM ... sends the name of the role".
        means=r"lists?|roles?",
    ),
    Say(
        "follow",
        order=r"follow",
        words=("follow", "tail", "shadow", "track", "trail", "sniff", "sniff out", "smell",
               "scent", "tag along with", "stalk", "go after",
               "tag along behind", "walk behind", "follow around"),
        spelled=("follow",),
        query=r"follow(?:s|ed|ing)?",
        possessed=r"trail|scent|tracks",
        verb="follows",
        does=LEARN,
    ),
    Say(
        "police_identify",
        order=r"police[- ]identify",
        words=("police identify",),
        title="Police Identify",
        traits=frozenset({UNREPEATABLE, ASKS}), shape=TARGET_ROLE,
        does=LEARN,
    ),
    Say(
        "identify",
        order=r"identify",
        words=("identify", "identification", "id", "check", "confirm", "verify",
               # The group's guess, said by its member for it: "we think", "the Detective Boys
               # say", "the group decided", "our guess", "the Boys' guess".
               rf"{_GROUP}\s+(?:\([^)]{{0,40}}\)\s*)?(?:all\s+)?(?:think|believe|guess|bet|reckon"
               r"|say|agree)",
               rf"(?:our|{_GROUP}['’]s?)\s+(?:final\s+|joint\s+)?(?:guess|pick|verdict)",
               "decision", "decide"),
        spelled=("identify",),
        query=r"identif(?:y|ies|ied|ying)",
        alternates=("police_identify",),
        verb="identifies",
        traits=frozenset({UNREPEATABLE, ASKS}), shape=TARGET_ROLE,
        does=LEARN,
        means=r"roles?|together",  # "Decide together to Identify one person's role"
    ),
    Say(
        "steal",
        order=r"steal(?:\s+from)?|rob",
        words=("steal", "steal from", "rob", "pickpocket", "pinch from", "swipe", "nick",
               "lift", "snatch", "loot", "burgle", "relieve", "take from", "thieve",
               "calling card", "heist", "yoink",
               # The thing taken named between: "take a treasure from Björn".
               r"take\s+(?:(?:a|an|the|some|one)\s+)?(?:\w+\s+)?from",
               "pick the pockets of", "grab from", "nick from",
               r"pick(?:s|ed|ing)?\s+(?:\S+['’]s?\s+)?pockets?", "go through the pockets of"),
        spelled=("steal",),
        query=r"(?:steal(?:s|ing)?|stole)(?:\s+from)?",
        crime=r"steal(?:ing)?(?:\s+from)?|stole(?:\s+from)?|(?:the\s+)?theft\s+from",
        # What a theft takes from: the player's things, or one of the items the sheets list
        # (the item itself is drawn: docs/rulings.md, Items).
        possessed=r"items?|stuff|things|belongings|possessions|inventory|pockets?|wallet|purse"
        r"|bag|stash|valuables|goods"
        r"|guns?|pistol|car[- ]?keys|keys|school[- ]?books?|books?|(?:sun)?glasses|shades"
        r"|headgear|hats?|caps?|panties|underwear|alcohol|booze|drinks?|liquor",
        verb="steals from",
        crime_noun="stealing from",
        target_word="from",
        does=HINDER,
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
        # Whose back or story is covered is whom: "I've got Gin's back tonight - cover".
        possessed=r"back|alibi|story|tracks|cover|name|reputation",
        # "Can choose one ally during the day. The next night, Calvados can use one night
        # ability from that ally."
        means=r"all(?:y|ies)(?:['’]s?)?|abilit(?:y|ies)",
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
        means=r"snatch\w*|kidnap\w*|abduct\w*|grab\w*|van|bag\s+over",
    ),
    Say(
        "travel",
        order=r"travel(?:\s+(?:to|out\s+of|back\s+to)\s+japan)?"
        r"|fly(?:\s+(?:to|out(?:\s+of)?|back|home))?"
        r"|leave\s+japan|go\s+(?:abroad|home|back\s+(?:to\s+japan|home))|return\s+to\s+japan",
        words=("travel", "fly", "flight", "plane", "red-eye", "red eye", "airport",
               "book a flight", "hop on a plane", "catch a plane", "come home", "coming home",
               "come back", "go abroad", "leave japan", "return to japan", "back to japan",
               # The journey said by where it goes or that it starts: "I go to Japan from
               # the start", "I shall set off for Japan without delay".
               "to tokyo",
               r"(?:go|goes|going|head|heading|off|leave|leaving|set(?:ting)?\s+(?:off|sail)"
               r"|sail|sailing|depart(?:ing)?|return|returning)\s+(?:to|for)\s+japan"),
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
               "couple", "couples", "make fall in love",
               "in love", "matchmaking", "pairing", "pairings", "pairs", "ship", "ships"),
        traits=frozenset({TOGETHER, LIST_HEAD}), shape=TARGETS,
        means=r"lovers?|love|four",  # "Chooses four players, two of which will become lovers."
    ),
    Say(
        "choose_costumes",
        order=r"(?:re-?)?choose(?:\s+(?:my\s+|the\s+)?(?:costumes?|disguises?))?|costumes",
        words=("choose costumes", "costumes", "picks", "pick", "choose", "take", "closet",
               "wardrobe", "i'll take", "i will take", "elect", "select"),
        query=r"cho(?:ose|oses|se|osing)\s+(?:the\s+)?costumes?",
        title="Choose Costumes",
        verb="chooses costumes",
        traits=frozenset({UNREPEATABLE, NO_TARGET, LIST_HEAD}), shape=ROLES,
    ),
    Say(
        "temporary_disguise",
        order=r"temporary[- ]disguise(?:\s+as)?|wear(?:\s+the)?|costume",
        words=("temporary disguise", "costume", "wear", "dress up", "dress as", "put on",
               "go as", "dressed as", "disguise as",
               "go out as", "pose as", "pass as", "pretend to be", "play the part of"),
        verb="disguised as",
        crime_noun="disguising as",
        traits=frozenset({NO_TARGET, AS_ROLE}), shape=ROLE,
    ),
    Say(
        "disguise",
        order=r"disguise",
        # The role-play words of a disguise: "my masks tonight: ...", "become one of these
        # three: ...", "I'll impersonate ...".
        # A disguise is worn as another's face, so its costume and faces are its nouns too:
        # "costume list: ...", "the three faces I might borrow: ..." (Yukiko's costumes are
        # hers: of a word of both, the reader takes the one the sender holds).
        words=("disguise", "disguise list", "mask", "masks", "become", "impersonate",
               "costume", "costumes", "costume list", "face", "faces", "wardrobe",
               "borrow the face"),
        spelled=("disguise",),
        query=r"(?:is\s+)?disguis(?:e|es|ed|ing)\s+as",
        crime=r"disguis(?:e|ing|ed)(?:\s+as)?",
        verb="disguised as",
        crime_noun="disguising as",
        traits=frozenset({LIST_HEAD, ROLE_CRIME}), shape=TARGETS,
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
               "ranking for leader",
               "boss vote", "vote for boss", "best to worst", "order of preference",
               # The office the list is for names it: "my picks for boss", "who I want as
               # leader, best first".
               "for boss", "for leader", "as boss", "as leader", "best first"),
        traits=frozenset({LIST_HEAD}), shape=RANKED,
    ),
    Say("unvote", order=r"un-?vote", words=("unvote", "un-vote", "withdraw my vote"),
        shape=NOTHING),
    Say(
        "vote",
        order=r"vote(?:\s+(?:for|to\s+lynch))?|lynch",
        # "hammer": the forum's word for the vote that lynches ("hammer on Rin-chan").
        words=("vote", "lynch", "hang", "string up", "ballot for", "my vote", "hammer"),
        spelled=("vote",),
        possessed=r"lynch(?:ing)?|execution|hanging|elimination|head|neck", shape=VOTE,
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
    # Revenge and Vengeance act when their holder is killed or lynched, with no order: a
    # name sent alone ("going with Abs") is never one of them.
    Say("revenge", traits=frozenset({NO_TARGET})),
    Say("vengeance", traits=frozenset({NO_TARGET})),
)
# fmt: on

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
    # "Kleene gets my heal tonight", "Isla's gettin' my charm". The lookahead, which every
    # match passes (nothing before "get" is a comma, a semicolon or a colon), fails most texts
    # in one quick scan, where the lazy name tries the four verbs at each character.
    (
        r"(?=[^,;:]*get)(?P<x>[^,;:]+?)(?:\s+gets|\s+will\s+get|(?:['’]s|\s+is)\s+gettin(?:g|['’])?)\s+my\s+(?P<a>[a-z-]+(?:\s+(?!tonight|today)[a-z-]+)?)"
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

# "The same heal as last night", "redo my kill": the orders a repeat names by their noun.
REPEAT_NOUNS = ("heal", "protect", "kill")
# "Vote Miaka with my voice of reason", "using the vor": the Voices, used with a vote.
USED_WITH = r"voice\s+of|vo[ar]\b"
# "si if Lantern is the one attacking Rook", "inv whether ...": finding out, not a condition.
FINDING_OUT = ("si", "inv")

WORDS = words_of(
    SAYS,
    REWRITES,
    repeat_nouns=REPEAT_NOUNS,
    used_with=USED_WITH,
    finding_out=FINDING_OUT,
    lent=restating.LENT,
    items=restating.ITEMS,
    own=restating.own_words,
    recorded=restating.recorded,
)
# How DCTP's orders are restated: what its abilities' refusals name them by.
WORDING = WORDS.wording
