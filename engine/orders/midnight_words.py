"""The words players write for midnight's abilities and roles, beside the ruleset's own titles.

Every ability is read by its title as the rule text spells it ("Sniper Rifle", "Tommy-gun",
"Kitchen Nightmares"), with accents, case, hyphens and spacing ignored; the table below adds
the everyday words of the forum ("shoot", "snipe", "block", "jail", "tm"). A word may stand for
several abilities ("shoot": Pistol, Sniper Rifle, Tommy-gun, Revolver): the reader takes the
one the player holds, and refuses, naming them, when they hold more than one.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from engine.orders.folding import distance

# Everyday words → the abilities they may mean (the titles themselves are always read).
SYNONYMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"shoot|gun\s*down|kill|attack|hit", ("pistol", "sniper", "tommy_gun", "revolver",
                                           "assault")),
    (r"snipe|sniper", ("sniper",)),
    (r"tommy(?:\s*gun)?|tommygun|machine\s*gun", ("tommy_gun",)),
    (r"(?:sawed|sawn)(?:\s*off)?|shotgun", ("shotgun",)),
    (r"block|roleblock|rb", ("interrogate", "brainwash")),
    (r"interro|interrogation", ("interrogate",)),
    (r"brain|boto", ("brain",)),
    (r"call", ("call",)),
    (r"entrap|frame", ("entrapment",)),
    (r"stab|back\s*stab", ("backstab",)),
    (r"tm|take\s+matters", ("taking_matters",)),
    (r"(?:learn|check)(?:\s+the\s+guise\s+of)?", ("taking_matters", "brain", "testimony",
                                                       "stalk")),
    (r"testify", ("testimony",)),
    (r"autopsy|dissect", ("autopsy",)),
    (r"revolver|pistol", ("revolver", "pistol")),
    (r"deputi[sz]e", ("militia",)),
    (r"sweep|search", ("sweep",)),
    (r"clue", ("clues",)),
    (r"jail|arrest|detention", ("detain", "bribe", "bust")),
    (r"punishment", ("punish",)),
    (r"protect|guard|save|watch\s+over", ("vigil",)),
    (r"jury", ("jury_duty",)),
    (r"unmask", ("expose",)),
    (r"(?:send\s+(?:an?\s+)?)?(?:anonymous\s+)?(?:letter|message)"
     r"|write(?:\s+(?:a\s+)?letter)?", ("letter",)),
    (r"vote(?:\s+for)?|lynch", ("vote",)),
    (r"double|change\s+(?:my\s+)?guises?", ("double_life",)),
    (r"bloodbath|blood\s+bath", ("bloodbath",)),
    (r"kidnap", ("abduct",)),
    (r"whistle|blow\s+the\s+whistle\s+on", ("whistleblower",)),
    (r"all\s*-?\s*in|go\s+all\s*-?\s*in", ("all_in",)),
    (r"deal\s+(?:(?:a|one|my)\s+)?cards?", ("deal",)),
    (r"spend(?:\s+(?:my\s+)?(?:saved\s+)?votes)?|blackmail", ("blackmail_material",)),
    (r"accusation", ("accuse",)),
    (r"flip|dodge", ("somersault",)),
    (r"raid|loot", ("tomb_raider",)),
    (r"journal|report\s+on", ("investigate",)),
    (r"cook|kitchen|kn", ("kitchen_nightmares",)),
    (r"dig\s+up|exhumation", ("exhume",)),
    (r"revolution|rebel", ("revolt",)),
    (r"seance|seance\s+with|contact\s+the\s+dead", ("seance",)),
)  # fmt: skip

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


@dataclass(frozen=True, slots=True)
class Words:
    """The ability words of one ruleset: (pattern, abilities, is a title) entries."""

    entries: tuple[tuple[re.Pattern[str], tuple[str, ...], bool], ...]
    spelled: dict[str, tuple[str, ...]]

    def at(self, text: str) -> Word | None:
        """The longest ability word at the very start of ``text`` (every ability it may mean,
        titles first), or a one-word title typed with a typo ("Pistl", "Sabotgae"), which the
        reader says it read so."""
        folded = plain(text)
        best: tuple[int, list[str], bool] = (0, [], False)
        for pattern, abilities, titled in self.entries:
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
        key = plain(word[0]).casefold()
        close = {t: a for t, a in self.spelled.items() if distance(key, t, 1) <= 1}
        if len(close) == 1:
            ((_, abilities),) = close.items()
            return Word(abilities, word.end(), False, word[0])
        return None


@lru_cache(maxsize=8)
def words_of(titles: tuple[tuple[str, str], ...]) -> Words:
    """The words of a ruleset from its (ability, title) pairs, and the everyday words of the
    abilities it has."""
    by_title: dict[str, list[str]] = {}
    for ability, title in titles:
        for written in (title, ability.replace("_", " ")):
            held = by_title.setdefault(_title_pattern(written), [])
            if ability not in held:
                held.append(ability)
    known = {a for a, _ in titles}
    entries = [(_compiled(p), tuple(a), True) for p, a in by_title.items()]
    for pattern, abilities in SYNONYMS:
        held = tuple(a for a in abilities if a in known)
        if held:
            entries.append((_compiled(pattern), held, False))
    spelled = {
        plain(title).casefold(): tuple(by_title[_title_pattern(title)])
        for _, title in titles
        if " " not in title and "-" not in title and len(title) >= 5
    }
    return Words(tuple(entries), spelled)


def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?:{pattern})(?!\w)", re.IGNORECASE)
