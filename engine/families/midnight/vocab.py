"""How players of midnight say each ability: one ``Say`` each, beside the ruleset's own titles.

Every ability is read by its title as the rule text spells it ("Sniper Rifle", "Tommy-gun",
"Kitchen Nightmares"), with accents, case, hyphens and spacing ignored; the declarations add
the everyday words of the forum ("shoot", "snipe", "block", "jail", "tm"), in their forms
("shooting", "blocked"). A word may stand for several abilities ("shoot": Pistol, Sniper
Rifle, Tommy-gun, Revolver): the reader takes the one the player holds, and refuses, naming
them, when they hold more than one. Add a new way of saying an order here.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from autogm.engine.families.midnight import restating
from autogm.engine.orders.folding import distance
from autogm.engine.orders.grammar import first_letters
from autogm.engine.orders.text_memo import remember
from autogm.engine.orders.vocab import (
    A_CHAT,
    ASKS,
    FRAME,
    GUARD,
    HARM,
    HINDER,
    LEARN,
    TO_TOWN,
    TOGETHER,
    Say,
    forms,
    words_of,
)

_SHOOT = ("shoot", r"gun\s*down", "kill", "attack", "hit", "fire at", "open fire on",
          "put a bullet in", "put a round in", "take out", "blast")  # fmt: skip
# What a gun fires, in its rule's words (``Say.means``): "not wasting a bullet tonight".
_AMMO = r"bullets?|rounds?|ammo|ammunition|shells?|shots?|slugs?"
_GUISE_OF = "guises?|mask|cover"  # "peek at Lev's guise": Lev
_LEARN = (r"(?:learn|check)(?:\s+the\s+guise\s+of)?", "peek", "peek at", "look at", "guise of",
          "guises of", "see the guise")  # fmt: skip
_BLOCK = ("block", "roleblock", "rb", "keep busy")
_JAIL = ("jail", "arrest", "detention", "detain", "lock up", "cuff", "cell", "put away")

# fmt: off
SAYS: tuple[Say, ...] = (
    Say("pistol", does=HARM, words=(*_SHOOT, "pistol", "little friend", "handgun"), means=_AMMO),
    Say("sniper", does=HARM,
        words=(*_SHOOT, "snipe", "sniper", "rifle", "scope", "line up", "headshot"), means=_AMMO),
    Say("tommy_gun", does=HARM,
        words=(*_SHOOT, r"tommy(?:\s*gun)?", "tommygun", r"machine\s*gun", "spray", "chopper"),
        means=_AMMO),
    Say("revolver", does=HARM,
        words=(*_SHOOT, "revolver", "revolvr", "six shooter", "six-shooter"), means=_AMMO),
    Say("shotgun", does=HARM,
        words=(r"(?:sawed|sawn)(?:[\s-]*off)?", "shotgun", "buckshot", "scattergun"), means=_AMMO),
    Say("assault", does=HARM,
        words=("assault", "attack", "beat up", "bare hands", "go after", "hit", "punch", "jump",
               "mug", "kill")),
    Say("interrogate", does=HINDER,
        words=(*_BLOCK, "interro", "interrogation", "interrogate", "grill", "chat with", "chat to",
               "chat up", A_CHAT, "back room", "squeeze", "question", "talk to")),
    Say("brainwash", does=HINDER,
        words=(*_BLOCK, "brainwash", "hypnotize", "hypnotise", "mind control"),
        possessed="mind|head|thoughts"),
    Say("brain", does=LEARN, words=("brain", "boto", "mastermind", *_LEARN), possessed=_GUISE_OF),
    Say("call", words=("call", "phone", "ring", "dial")),
    Say("letter", words=(r"(?:send\s+(?:an?\s+)?)?(?:anonymous\s+)?(?:letter|message)",
                         r"write(?:\s+(?:a\s+)?letter)?", "anonymous letter",
                         # "Anonymous note to Mercy: ...", "a note to Abs": not "Note: ...".
                         r"(?:send\s+(?:an?\s+)?)?(?:anonymous\s+note|note(?=\s+(?:to|for)\b))"),
        traits=frozenset({TO_TOWN})),
    # "Slander Abs or Kleene": one player is slandered, so "or" is a choice to ask about.
    Say("slander", does=FRAME, words=("slander", "frame", "smear", "guises on", "guises to"),
        traits=frozenset({TOGETHER})),
    Say("sabotage", does=HINDER, words=("sabotage", "ruin", "spoil", "wreck", "mess up")),
    Say("entrapment", does=FRAME,
        words=("entrap", "entrapment", "frame", "trap", "set up", "sting")),
    Say("disguise", words=("disguise", "dress up", "mask", "costume")),
    Say("backstab", does=HARM, words=("stab", r"back\s*stab", "knife", "shiv", "blade"),
        possessed="back|throat|ribs"),
    Say("thwart", does=HINDER, words=("thwart", "foil", "hinder", "obstruct", "derail")),
    Say("taking_matters", does=LEARN, words=("tm", "take matters", "taking matters",
                                 "take matters into my own hands",
                                 # "I take the matters in my own hands and look on Gabo"
                                 r"take\s+the\s+matters?(?:\s+in(?:to)?\s+(?:my\s+)?own\s+hands)?",
                                 *_LEARN),
        possessed=_GUISE_OF),
    Say("testimony", does=LEARN, words=("testify", "testimony", "witness", "statement", *_LEARN),
        possessed=_GUISE_OF),
    Say("stalk", does=LEARN,
        words=("stalk", "stalkin", "follow", "eyes on", "tail", "shadow", *_LEARN),
        possessed=_GUISE_OF),
    Say("autopsy", does=LEARN, words=("autopsy", "dissect", "examine the body", "post-mortem",
                          "post mortem"), possessed="body|corpse|remains|clay"),
    # "The target ... gains Revolver": a gun given to someone ("hand the spare revolver to
    # Lynz", "give my second revolver to myself") is Militia, not a shot at them.
    Say("militia", words=("deputize", "deputise", "militia",
                          r"(?:giv(?:e|es|ing)|gave|hand(?:s|ed|ing)?|pass(?:es|ed|ing)?"
                          r"|slip(?:s|ped|ping)?|lend(?:s|ing)?|lent)\s+(?:(?:the|a|an|my|our|this|that|second"
                          r"|spare|extra|other|backup|2nd|one|of)\s+){0,3}(?:gun|revolver"
                          r"|six[\s-]?shooter|piece|firearm)")),
    Say("sweep", does=LEARN, words=("sweep", "search", "scan", "check for"),
        possessed="place|house|home|room|flat|apartment|pad|stuff|things|belongings"),
    # "What hit Zsófi?": its question is the order.
    Say("clues", does=LEARN, words=("clue", "clues", "evidence", "crime scene", "what hit",
                        "what happened to"), possessed="body|corpse|death|murder|body",
        traits=frozenset({ASKS})),
    Say("detain", does=HINDER, words=_JAIL),
    Say("bribe", words=(*_JAIL, "bribe", "pay off", "buy off")),
    Say("bust", does=HINDER, words=(*_JAIL, "bust")),
    Say("joker_bust", does=HINDER, words=("bust",)),
    Say("punish", words=("punishment", "punish", "retribution", "justice")),
    Say("vigil", does=GUARD,
        words=("protect", "guard", "save", r"watch\s+over", "keep watch over", "keep watch",
               "vigil", "keep vigil", "shield", "defend", "keep safe", "stand guard", "sit with",
               "stay with", "watch back"),
        possessed="bed|bedside|room|door|house|home|side|life|back"),
    Say("assist", words=("assist", "boost")),
    Say("jury_duty", words=("jury", "summon", "summons", "juror", "jury duty")),
    Say("expose", words=("unmask", "expose")),
    Say("double_life", words=("double", r"change\s+(?:my\s+)?guises?", "from now on i'm")),
    Say("bloodbath", does=HARM, words=("bloodbath", r"blood\s+bath", "massacre", "slaughter")),
    Say("abduct", words=("kidnap", "abduct", "snatch", "hide away")),
    Say("propaganda", words=("propaganda", "megaphone", "spread the word", "campaign",
                             "rally")),
    Say("whistleblower", words=("whistle", "blow the whistle on", "call out", "calling out",
                                "whistleblow")),
    Say("all_in", words=(r"all\s*-?\s*in", r"go\s+all\s*-?\s*in")),
    Say("deal", words=(r"deal\s+(?:(?:a|one|my)\s+)?cards?", "deal", "hand out cards")),
    # A choice named alone is the Play ("Misère, please", "fold."); "pass" and "bank" are
    # everyday words too, and name the Play only beside it ("Play pass").
    Say("play", words=("play", "cash in", "cashing in", "use my card", "card", "my card",
                       "misère", "misere", "whist", "bluff", "fold")),
    Say("hit", words=("hit",)),
    Say("blackmail_material", words=(r"spend(?:ing)?(?:\s+(?:my\s+)?(?:saved\s+)?votes)?",
                                     "blackmail", "saved vote", "saved votes")),
    Say("accuse", words=("accusation", "accuse", "charge", "point the finger at")),
    Say("somersault", words=("flip", "dodge", "somersault")),
    Say("tomb_raider", words=("raid", "loot", "tomb", "rob the grave"),
        possessed="grave|tomb|body|corpse|stuff|things|abilit(?:y|ies)"),
    Say("investigate", does=LEARN, words=("journal", "report on", "investigate", "investigating",
                              "look into", "dig into", "story on"),
        possessed="background|past|history|story|record|file|dealings|affairs|life"),
    Say("mishap", does=HARM, words=("mishap", "accident")),
    Say("kitchen_nightmares", does=HARM, words=("cook", "kitchen", "kn", "food poisoning")),
    Say("exhume", words=(r"dig\s+up", "exhumation", "exhume"),
        possessed="body|corpse|grave|remains"),
    Say("revolt", words=("revolution", "rebel", "revolt", "uprising", "riot")),
    Say("seance", words=("seance", r"seance\s+with", "contact the dead", "candles",
                         "spirits", "talk to the dead")),
    # "[ooc]I'm for peace today[/ooc]": the side taken is the vote.
    Say("vote", words=("vote for", "vote", "lynch", "hang", "hammer",
                       r"i\s*['’]?\s*m\s+(?:all\s+)?for",
                       r"i\s+am\s+(?:all\s+)?for"),
        possessed=r"head|neck"),
)
# fmt: on

# "The same kill as last night": the nouns a repeat names orders by, as midnight's players
# write them after DCTP's games (none names an ability of midnight's: "kill" is its attacks).
REPEAT_NOUNS = ("heal", "protect", "kill")
# "inv if Cass is the Psycho": finding out, not a condition (DCTP's players' short words).
FINDING_OUT = ("si", "inv")

WORDS = words_of(
    SAYS, repeat_nouns=REPEAT_NOUNS, finding_out=FINDING_OUT, own=restating.own_words
)

# Short forms of the Midnight roles (and so of the Guises, which are named after them).
ROLE_ALIASES = {
    "EG": "Evil Genius",
    "Genius": "Evil Genius",
    "Crim": "Criminologist",
    "Vig": "Vigilante",
    "Vigi": "Vigilante",
    "Vigil": "Vigilante",
    "Civ": "Civilian",
    "Civvie": "Civilian",
    "Reno": "Renegade",
    "Psy": "Psycho",
    "Det": "Detective",
    "Detect": "Detective",
    "Godfather": "Boss",
    "Don": "Boss",
    "Hitman": "Killer",
}

NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20,
}  # fmt: skip


def plain(text: str) -> str:
    """Accents dropped ("Séance" is "Seance"): the words compare without them."""
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


@dataclass(frozen=True, slots=True)
class Word:
    """An ability word found at the start of a text: what it may mean, its length, whether it
    is an ability's own title, and how it was written."""

    abilities: tuple[str, ...]
    end: int
    titled: bool
    written: str


def _title_pattern(title: str) -> str:
    parts = re.split(r"[\s-]+", plain(title).casefold())
    return r"[\s-]*".join(re.escape(p) for p in parts if p)


# No ability word is longer than this: a text is looked at this far for one.
_LONGEST = 80


@dataclass(frozen=True, slots=True)
class Titles:
    """The ability words of one ruleset at the start of a text: (pattern, abilities, is a
    title) entries, and for each first letter the entries that may start with it."""

    entries: tuple[tuple[re.Pattern[str], tuple[str, ...], bool], ...]
    spelled: dict[str, tuple[str, ...]]
    starts: tuple[frozenset[str] | None, ...] = ()  # each entry's possible first letters
    by_letter: dict[str, tuple[int, ...]] = field(default_factory=dict)
    read: dict[str, Word | None] = field(default_factory=dict)
    typos: dict[str, tuple[str, ...] | None] = field(default_factory=dict)
    union: list[re.Pattern[str]] = field(default_factory=list)  # every word, in one pattern

    def at(self, text: str) -> Word | None:
        """The longest ability word at the very start of ``text`` (every ability it may mean,
        titles first), or a one-word title typed with a typo ("Pistl", "Sabotgae"), which the
        reader says it read so."""
        text = text[:_LONGEST]
        if text in self.read:
            return self.read[text]
        found = self._at(text)
        remember(self.read, text, found)
        return found

    def _at(self, text: str) -> Word | None:
        folded = plain(text)
        best: tuple[int, list[str], bool] = (0, [], False)
        first = folded[:1].casefold()
        tried = self.by_letter.get(first)
        if tried is None:
            tried = self.by_letter[first] = tuple(
                i for i, letters in enumerate(self.starts)
                if letters is None or first in letters
            )  # fmt: skip
        for i in tried:
            pattern, abilities, titled = self.entries[i]
            found = pattern.match(folded)
            if found is None or found.end() < best[0]:
                continue
            if found.end() > best[0]:
                best = (found.end(), [], False)
            best[1].extend(a for a in abilities if a not in best[1])
            best = (best[0], best[1], best[2] or titled)
        if best[0]:
            end = best[0]
            return Word(tuple(best[1]), end, best[2], text[:end])
        word = re.match(r"[^\W\d_]{5,}", text)
        if word is None:
            return None
        abilities = self._typo(word[0])
        return None if abilities is None else Word(abilities, word.end(), False, word[0])

    def anywhere(self, text: str) -> bool:
        """Whether an ability word starts any word of ``text`` (one search, not a look at
        each word)."""
        if not self.union:
            self.union.append(
                re.compile(
                    r"(?<!\w)(?:" + "|".join(p.pattern for p, _, _ in self.entries) + ")",
                    re.IGNORECASE,
                )
            )
        if self.union[0].search(plain(text)):
            return True
        return any(self._typo(w) for w in re.findall(r"(?<!\w)[^\W\d_]{5,}", text))

    def _typo(self, written: str) -> tuple[str, ...] | None:
        """The abilities of the one title ``written`` is a typo of ("Pistl")."""
        key = plain(written).casefold()
        if key in self.typos:
            abilities = self.typos[key]
        else:
            close = {
                t: a
                for t, a in self.spelled.items()
                if abs(len(t) - len(key)) <= 1 and distance(key, t, 1) <= 1
            }
            abilities = next(iter(close.values())) if len(close) == 1 else None
            remember(self.typos, key, abilities)
        return abilities


@lru_cache(maxsize=8)
def titles_of(titles: tuple[tuple[str, str], ...]) -> Titles:
    """The words of a ruleset from its (ability, title) pairs, and the everyday words of the
    abilities it has (``SAYS``)."""
    by_title: dict[str, list[str]] = {}
    for ability, title in titles:
        for written in (title, ability.replace("_", " ")):
            held = by_title.setdefault(_title_pattern(written), [])
            if ability not in held:
                held.append(ability)
    known = {a for a, _ in titles}
    entries = [(_compiled(p), tuple(a), True) for p, a in by_title.items()]
    for pattern, abilities in WORDS.evidence:
        held = tuple(a for a in abilities if a in known)
        if held:
            entries.append((_compiled(pattern), held, False))
    spelled = {
        plain(title).casefold(): tuple(by_title[_title_pattern(title)])
        for _, title in titles
        if " " not in title and "-" not in title and len(title) >= 5
    }
    starts = tuple(first_letters(p.pattern) for p, _, _ in entries)
    return Titles(tuple(entries), spelled, starts)


def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?:{pattern})(?!\w)", re.IGNORECASE)


__all__ = ["NUMBERS", "ROLE_ALIASES", "SAYS", "WORDS", "Titles", "Word", "forms", "plain"]
