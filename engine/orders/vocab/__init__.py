"""How players say each ability: one declaration per ability, from which every word table
of the reader is built.

A family of rulesets declares its abilities' words in one module of its package
(``engine/families/dctp/vocab.py``, ``engine/families/midnight/vocab.py``): a ``Say`` per
ability. A new way of saying an order is a word added to its
ability's ``Say``; nothing else changes. From the declarations ``Words`` builds what the
reader matches: the order word that opens an order, the everyday words found anywhere in a
message (the evidence a GM reads an order from), the verb of an investigated action, the crime
an arrest names, the typos and gerunds read as an order word, the nouns a possessive stands
for, the abilities one word may mean, and the words an order is restated in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from autogm.engine.orders.model import PLAIN, Order, Wording

# What an ability's declaration may say about how it is written, beyond its words:
LIST_HEAD = "list_head"  # its word alone on a line heads a list of names ("Disguise" + names)
NO_TARGET = "no_target"  # it names no player the way "Heal X" does (Bribe, Travel, Abduct)
TOGETHER = "together"  # every player listed is acted on: "or" between two is a choice
SUBSTITUTES = "substitutes"  # it takes ordered alternatives (Watch, bow-tie, Black Suitcase)
ASKS = "asks"  # written as a question it is still the order ("Is Shinichi in the game?")
QUERIES = "queries"  # it names actions to look at ("Investigate A heals B")
# The side's leader may name the member who carries it out: "Kill Lynz. Miaka will do it",
# "Order Gin to kill X" (the Black Org's kill).
CARRIED_OUT = "carried_out"
# Its target may go unnamed: "Erase" alone erases tonight's victim.
UNNAMED_OK = "unnamed_ok"
# It names a phase of its own (a query's, a crime's): a label of another phase before it
# ("N1: Arrest X for killing Y") is that detail, not an order for another phase.
DATED = "dated"
# Its record keeps less than it says (a question, a crime, which observation, the role
# guessed): "same as last night" cannot rebuild it and asks for it again.
UNREPEATABLE = "unrepeatable"
# A question is this order, for a player who holds it: whether a role is in the game ("Is
# Vermouth in the game?" is a Detect), what someone does tonight ("Does Abs kill Kleene?" is
# an Investigate), what someone did in a past phase ("N1: did Abs kill Kleene?" is a Special
# Investigate).
ASKED_ROLE = "asked_role"
ASKED_ACTION = "asked_action"
ASKED_PAST = "asked_past"
# The side speaks of it as the side's own: "We kill Lynz tonight" is the order, where "we
# vote Abs" may speak for others than the author.
OURS = "ours"
# Its plain form writes "as" before the role it names: "Temporary Disguise as Ran".
AS_ROLE = "as_role"
# Its words may go to the whole Town rather than a player: "Letter to Town: ...".
TO_TOWN = "to_town"
# Its crime names the role taken, not a victim: "Arrest X for disguising as Ran".
ROLE_CRIME = "role_crime"

# What an order names beside its word (``Say.shape``), for reading it from evidence:
TARGET = "target"  # one player: "Heal Kleene"
TARGETS = "targets"  # players: "Protect A, B", "Disguise: A, B, C"
NOTHING = "nothing"  # no one: "Bribe", "Travel", "Voice of Reason"
ROLE = "role"  # a role: "Detect Shinichi", "Temporary Disguise as Ran"
TARGET_ROLE = "target_role"  # a player and a role: "APTX X as Ran", "Identify X as Gin"
CRIME = "crime"  # a player and a crime: "Arrest X for killing Y on Night 1", "Blame X for ..."
ASKED = "asked"  # actions: "Investigate A kills B, C heals D"
KIND = "kind"  # a player and what to learn: "Observe age X"
WHEN = "when"  # a past phase: "Analyze my interrogation from Night 1"
ROLES = "roles"  # roles: "Choose Costumes: A, B, C"
VOTE = "vote"  # a player, or no one: "Vote Abs", "Vote no lynch"
GUISES = "guises"  # Guises, with a player or not: "Slander Abs: Killer x3", "Disguise: Cop x20"
CHOICE = "choice"  # one of the ability's choices first: "Play Pass Abs", "Play Bank"
COUNT = "count"  # a number: "Blackmail material 2"
MESSAGE = "message"  # words to someone: "Letter to Town: ...", "The Call to Abs: ..."
PLAYER_ROLES = "player_roles"  # each player with a role: "All-in: Abs as Boss, Kleene as Cop"
RANKED = "ranked"  # members in order, by name, role or "me": "Ranking: Korn, me, Vodka last"

# What an ability does to its target (``Say.does``): learns about them, guards them, harms
# them, hinders what they do, or makes them look guilty.
LEARN, GUARD, HARM, HINDER, FRAME = "learn", "guard", "harm", "hinder", "frame"
DOES = (LEARN, GUARD, HARM, HINDER, FRAME)


# A chat had with someone, an interrogation's word ("a long chat", "a lil chat"); "the chat",
# "our team chat" is where players talk, and orders nothing.
A_CHAT = r"an?\s+(?:[^\W\d_]+\s+){0,2}?chat(?![\w'’])"


@dataclass(frozen=True, slots=True)
class Say:
    """The words of one ability.

    ``order``: the order word that opens an order (a regular expression matched at the start,
    case-insensitively, to a word's end: "heal", "first[- ]?aid|fa"). ``words``: everyday
    words, idioms, nouns and item names that say the ability anywhere in a message ("doc",
    "patch up", "first aid kit"); a plain word is also read in its other forms ("patch up" as
    "patching up", "patched up"). ``spelled``: the words a typo or a gerund of the order word
    is read against ("interogate", "Healing"). ``query``: the verb of the action in an
    investigation ("heal(?:s|ed|ing)?"); ``crime``: the crime an arrest or a blame names;
    ``possessed``: the nouns after "X's" that stand for X ("Kleene's life"); ``alternates``:
    the abilities the same word is for a player who does not hold this one (Keywords:
    "Heal — Healing / First-Aid"). ``title``, ``verb``, ``crime_noun``, ``target_word``: how
    an order is restated ("Steal from X", "A heals B", "Arrest X for killing Y"); ``traits``:
    the module's constants above; ``does``: what the ability does to its target, one of
    ``DOES`` (a word of another ability that does the same, said to a player, is read as the
    sender's order that does it: "watching Abs tonight" from a detective who interrogates);
    ``means``: what it does in its rule's words, its tools, effect and object (a pattern: a
    body for Erase, a wire or a vest for Defuse): a deed said in words of no order that two of
    the sender's orders could take is the one whose ``means`` it holds. ``kinds``: for an order
    of the ``KIND`` shape, each thing it may learn with the words (a pattern) that say it
    (Observe: the age, "how old"; the gender, "boy or girl"). ``persons``: which of its
    ``words`` name the one the ability is for, not the deed (a pattern: "my lover",
    "sweetheart"): said to be a player with no word of this phase, they tell who that is ("my
    lover is Takoyaki"), and order nothing.
    """

    ability: str
    order: str = ""
    words: tuple[str, ...] = ()
    spelled: tuple[str, ...] = ()
    query: str = ""
    crime: str = ""
    possessed: str = ""
    alternates: tuple[str, ...] = ()
    title: str = ""
    verb: str = ""
    crime_noun: str = ""
    target_word: str = ""
    traits: frozenset[str] = frozenset()
    shape: str = TARGET
    does: str = ""
    means: str = ""
    kinds: tuple[tuple[str, str], ...] = ()
    persons: str = ""


@dataclass(frozen=True)
class Words:
    """Every table of one family's words, built from its declarations (in their order: where
    two order words match the same text, the longer wins, then the one declared first)."""

    says: tuple[Say, ...]
    order_words: tuple[tuple[str, str], ...]
    query_verbs: tuple[tuple[str, str], ...]
    crime_words: tuple[tuple[str, str], ...]
    spelled: tuple[str, ...]
    possessed: Mapping[str, str]
    alternates: Mapping[str, tuple[str, ...]]
    titles: Mapping[str, str]
    verbs: Mapping[str, str]
    crime_nouns: Mapping[str, str]
    target_words: Mapping[str, str]
    does: Mapping[str, str]
    # What each ability does in its rule's words (its tools, its effect, its object: a body
    # for Erase, a wire or a bomb for Defuse), a pattern: a deed said in words of no order
    # and fit for two of the sender's orders is the one whose words it holds.
    means: Mapping[str, str] = field(default_factory=dict)
    # The words that name whom each ability is for, not its deed (``Say.persons``), a pattern
    # matched whole to a word found: "my lover is Takoyaki" says who the lover is.
    persons: Mapping[str, str] = field(default_factory=dict)
    # Each everyday word (a pattern, in its forms) and the abilities it may say.
    evidence: tuple[tuple[str, tuple[str, ...]], ...] = field(default=())
    # Orders written verb-object-noun and the order-word form each is read as ("put X in
    # detention" -> "Detention {x}"): (pattern matched to the text's end, form).
    rewrites: tuple[tuple[str, str], ...] = ()
    # The nouns a repeat names the orders by, beside the words every family's players use
    # ("order", "action", "target"): "the same heal as last night", "redo my kill".
    repeat_nouns: tuple[str, ...] = ()
    # The words that open an order used with another (a pattern): "vote Abs with my Voice of
    # Reason" is two orders, cut before "with".
    used_with: str = ""
    # The family's own words for finding out, beside English verbs (patterns): "si if Lantern
    # is the one attacking Rook" asks, its "if" is no condition.
    finding_out: tuple[str, ...] = ()
    # How the family's orders are restated (``titles``, ``verbs``, ... and its own words):
    # the reader gives each order it makes this wording.
    wording: Wording = PLAIN
    # The abilities of each trait asked (``with_trait``), found once: the reader asks them of
    # every fragment and every run of evidence.
    _by_trait: dict[str, frozenset[str]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def with_trait(self, trait: str) -> frozenset[str]:
        found = self._by_trait.get(trait)
        if found is None:
            found = self._by_trait[trait] = frozenset(
                s.ability for s in self.says if trait in s.traits
            )
        return found

    def say(self, ability: str) -> Say | None:
        return next((s for s in self.says if s.ability == ability), None)


def words_of(
    says: Iterable[Say],
    rewrites: tuple[tuple[str, str], ...] = (),
    *,
    repeat_nouns: tuple[str, ...] = (),
    used_with: str = "",
    finding_out: tuple[str, ...] = (),
    lent: Mapping[str, str] | None = None,
    items: Mapping[str, str] | None = None,
    own: Callable[[Order, Mapping[str, str] | None], str | None] | None = None,
    recorded: Callable[[Order, dict[str, Any]], dict[str, Any]] | None = None,
) -> Words:
    """The tables of a family's declarations, its orders written verb-object-noun
    (``rewrites``), the nouns a repeat names its orders by (``repeat_nouns``), the words that
    open an order used with another (``used_with``), its words for finding out
    (``finding_out``), and how its
    orders are restated beyond their words (``Wording``: the lent slots' names and items, the
    orders in words of their own, what the record keeps of them)."""
    says = tuple(says)
    titles = {s.ability: s.title for s in says if s.title}
    verbs = {s.ability: s.verb for s in says if s.verb}
    crime_nouns = {s.ability: s.crime_noun for s in says if s.crime_noun}
    target_words = {s.ability: s.target_word for s in says if s.target_word}
    wording = Wording(
        titles=titles,
        verbs=verbs,
        target_words=target_words,
        crime_nouns=crime_nouns,
        lent=lent or PLAIN.lent,
        items=items or PLAIN.items,
        substitutes=frozenset(s.ability for s in says if SUBSTITUTES in s.traits),
        own=own or PLAIN.own,
        recorded=recorded or PLAIN.recorded,
    )
    grouped: dict[str, list[str]] = {}
    for say in says:
        for word in (say.order, *say.words) if say.order else say.words:
            held = grouped.setdefault(forms(word), [])
            if say.ability not in held:
                held.append(say.ability)
    spelled = tuple(dict.fromkeys(w for say in says for w in say.spelled))
    return Words(
        says=says,
        order_words=tuple((s.order, s.ability) for s in says if s.order),
        query_verbs=tuple((s.query, s.ability) for s in says if s.query),
        crime_words=tuple((s.crime, s.ability) for s in says if s.crime),
        spelled=spelled,
        possessed={s.ability: s.possessed for s in says if s.possessed},
        alternates={s.ability: s.alternates for s in says if s.alternates},
        titles=titles,
        verbs=verbs,
        crime_nouns=crime_nouns,
        target_words=target_words,
        does={s.ability: s.does for s in says if s.does},
        means={s.ability: rf"(?<![\w'’])(?:{s.means})(?![\w'’])" for s in says if s.means},
        persons={s.ability: s.persons for s in says if s.persons},
        evidence=tuple((p, tuple(a)) for p, a in grouped.items()),
        rewrites=rewrites,
        repeat_nouns=repeat_nouns,
        used_with=used_with,
        finding_out=finding_out,
        wording=wording,
    )


# The particles of a verb that may stand after its object: "take him out", "patch her up";
# and the state it leaves the object in: "keep July alive".
_PARTICLES = frozenset(
    {"out", "up", "down", "off", "in", "away", "over", "around", "along", "back", "through",
     "behind", "into", "onto", "alive", "from"}
)  # fmt: skip
# The English verbs whose forms no rule makes (the -s form, the past, the participle, the
# -ing form), as a plain word's first word may be one: every form a player may write them in.
# Not "shoot": its past "shot" is a noun too ("the sniper shot"), declared where it is meant;
# not "go": "goes through" is said of a kill going ahead as often as of a search.
_IRREGULAR: dict[str, tuple[str, ...]] = {
    verb.strip(): tuple(said.split())
    for verb, said in (
        line.split(":") for line in """
        beat: beat beats beaten beating beatin['’]?
        break: break breaks broke broken breaking breakin['’]?
        bring: bring brings brought bringing bringin['’]?
        buy: buy buys bought buying buyin['’]?
        catch: catch catches caught catching catchin['’]?
        choose: choose chooses chose chosen choosing choosin['’]?
        come: come comes came coming comin['’]?
        cut: cut cuts cutting cuttin['’]?
        deal: deal deals dealt dealing dealin['’]?
        dig: dig digs dug digging diggin['’]?
        do: do does did done doing doin['’]?
        find: find finds found finding findin['’]?
        get: get gets got gotten getting gettin['’]?
        give: give gives gave given giving givin['’]?
        hang: hang hangs hung hanged hanging hangin['’]?
        have: have has had having havin['’]?
        hide: hide hides hid hidden hiding hidin['’]?
        hit: hit hits hitting hittin['’]?
        hold: hold holds held holding holdin['’]?
        keep: keep keeps kept keeping keepin['’]?
        lay: lay lays laid laying layin['’]?
        leave: leave leaves left leaving leavin['’]?
        make: make makes made making makin['’]?
        pay: pay pays paid paying payin['’]?
        put: put puts putting puttin['’]?
        see: see sees saw seen seeing seein['’]?
        sell: sell sells sold selling sellin['’]?
        send: send sends sent sending sendin['’]?
        set: set sets setting settin['’]?
        shake: shake shakes shook shaken shaking shakin['’]?
        sit: sit sits sat sitting sittin['’]?
        slay: slay slays slew slain slaying slayin['’]?
        spread: spread spreads spreading spreadin['’]?
        stand: stand stands stood standing standin['’]?
        steal: steal steals stole stolen stealing stealin['’]?
        stick: stick sticks stuck sticking stickin['’]?
        sweep: sweep sweeps swept sweeping sweepin['’]?
        take: take takes took taken taking takin['’]?
        think: think thinks thought thinking thinkin['’]?
        throw: throw throws threw thrown throwing throwin['’]?
        wear: wear wears wore worn wearing wearin['’]?
        """.strip().splitlines()
    )
}  # fmt: skip
# Their past forms, other than the word itself ("took", "went", "had"; not "cut"): a deed
# said in one of them is told, not ordered (``engine.orders.stance``).
PAST_FORMS = frozenset(
    said
    for verb, forms_of in _IRREGULAR.items()
    for said in forms_of[2:]
    if said != verb and not said.endswith(("ing", "in['’]?"))
)
# The verb each of those forms (and each participle: "given", "taken") is of.
BASE_FORMS = {
    said: verb
    for verb, forms_of in _IRREGULAR.items()
    for said in forms_of[2:]
    if said != verb and not said.endswith(("ing", "in['’]?"))
}
# A word written plainly (letters, spaces, hyphens, apostrophes): read in its other forms too.
_PLAIN = re.compile(r"[a-z][a-z' -]*")


def forms(word: str) -> str:
    """A declared word as the pattern of all its forms: a plain word's first word inflected
    ("patch up" is also "patches up", "patched up", "patching up"; "heal" is also "heals",
    "healed", "healing", "healin'"); a word written as a pattern is taken as written. The
    doer's noun is not a form ("killer" is a role)."""
    if not _PLAIN.fullmatch(word):
        return word
    first, _, rest = word.partition(" ")
    tail = r"\s+".join(re.escape(w) for w in rest.split()) if rest else ""
    pattern = _inflected(first)
    if rest.split(" ", 1)[0] in _PARTICLES:
        # A verb and its particle or preposition, the object between them or after: "take
        # out X", "take X out", "patch Kleene up", "drag Kleene's name through the mud".
        # The words between are the object, never "to" and a verb ("going to stand guard
        # over" is no "go over").
        return rf"{pattern}\s+(?:{tail}|(?:(?!to\s)[^\s,.;:!?]+\s+){{1,3}}?{tail})"
    return f"{pattern}\\s+{tail}" if tail else pattern


def _inflected(verb: str) -> str:
    """The forms of one word: "heal" -> heal(?:s|ed|ing)?; "take" -> the e dropped
    ("taking"); "stop" -> the consonant doubled ("stopping"); "spy" -> "spies", "spied"; an
    irregular verb in its own forms ("do the honours" is also "does", "did", "done" the
    honours; "take out" is also "took out")."""
    if verb in _IRREGULAR:
        return f"(?:{'|'.join(_IRREGULAR[verb])})"
    v = re.escape(verb)
    if len(verb) < 3 or not verb.isalpha():
        return v
    if verb.endswith("e"):
        stem = re.escape(verb[:-1])
        return f"{stem}(?:e|es|ed|ing|in['’]?)"
    if verb.endswith("y") and verb[-2] not in "aeiou":
        stem = re.escape(verb[:-1])
        return f"{stem}(?:y|ies|ied|ying)"
    if (
        len(verb) <= 5
        and verb[-1] not in "aeiouwxy"
        and verb[-2] in "aeiou"
        and verb[-3] not in "aeiou"
    ):
        double = re.escape(verb + verb[-1])
        return f"(?:{v}(?:s|ed|ing|in['’]?)?|{double}(?:ed|ing|in['’]?))"
    return f"{v}(?:s|es|ed|ing|in['’]?)?"
