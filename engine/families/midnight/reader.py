"""Midnight's orders as players write them, read with the DCTP reader's shared pieces.

The message is cleaned as every PM is (``engine.orders.bbcode``: quotes, BBCode, smilies and
filler never change its meaning), cut into one fragment a line, a sentence or "and <order>",
and each fragment is read: a phase label ("N2:", "Night 2 actions -"), the player's own words
before the order ("I'll", "use my"), the ability by its title or an everyday word
(``engine.families.midnight.vocab``), its target (names matched as the DCTP reader matches them,
typos and prefixes said so in the answer), a Midnight role ("as Boss", "= Boss", "(Boss)"),
Guises ("Boss, Killer x2", "3 Cops", "20 Civilian"), or the words of a Letter or The Call
("Letter to Town: the Boss is Abs"). What cannot be read is refused quoting its fragment, with
the reason and what the player can send; each order understood is answered in its canonical
form (``Order.canonical``).

Public orders ("Publicly visible actions must be declared in the in-game post in the OOC tag")
are read from a topic post's [ooc] tags; covert ones ("published in your private room") from
private messages; each is refused from the other place, quoted, with the reason.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from autogm.engine.families.midnight.restating import TOWN
from autogm.engine.families.midnight.vocab import (
    NUMBERS,
    ROLE_ALIASES,
    WORDS,
    Titles,
    Word,
    plain,
    titles_of,
)
from autogm.engine.orders import parse, vocab
from autogm.engine.orders.bbcode import (
    Filler,
    clean_message,
    strip_quoted,
    struck_lines,
    text_quotes,
)
from autogm.engine.orders.chat import chat_lines_read
from autogm.engine.orders.defined import as_written
from autogm.engine.orders.dispatch import (
    _ARROW,
    _I,
    _LABEL_START,
    _LABEL_TAIL,
    _LEAD,
    _PUNCT_TAIL,
    _QUOTES,
    _TARGET_LABEL,
)
from autogm.engine.orders.evidence import EvidenceTable
from autogm.engine.orders.fragments import (
    CHATTER,
    DOUBT,
    UNSURE,
    opens_condition,
    reported_words,
)
from autogm.engine.orders.grammar import LIST_SEP, ORDER_OPENER, USE, grammar_of
from autogm.engine.orders.kinds import Kind, kind_of
from autogm.engine.orders.model import Order, ParsedPM, Rejection
from autogm.engine.orders.names import MatchKind, NameMatcher
from autogm.engine.orders.parse import MAX_PM_CHARS, Dialect, Message
from autogm.engine.orders.prompts import answered
from autogm.engine.orders.reader import NO_ORDER, TWO_CHOICES, Reader, Refusal, Vocabulary
from autogm.engine.orders.readers.votes import Unvote
from autogm.engine.orders.seam import Rules, Shape, SlotKey
from autogm.engine.orders.stance import asides, own_withdrawal
from autogm.engine.orders.texting import emoji_stopped
from autogm.engine.orders.votes import MAX_POST_CHARS, read_votes
from autogm.engine.phases import Phase
from autogm.engine.render.inert import shorten
from autogm.engine.render.templates import say
from autogm.engine.state import GameState

_OOC = re.compile(r"\[ooc(?:=[^\]]*)?\](.*?)\[/ooc\]", re.IGNORECASE | re.DOTALL)
PEACE = "peace"
# A second choice offered after the first: "pass or bank", "bluff / whist".
_OR_WORD = re.compile(r"[\s,]*(?:or|/)\s*([^\W\d_]+)", re.IGNORECASE)
_MEMO = 1024  # fragments remembered in one message
_AGAIN = "midnight_reading.again"
# Incognito: "The Anonymous Guise cannot be named if an ability calls for naming a Guise."
ANONYMOUS = re.compile(r"\s*anonymous\b", re.IGNORECASE)
MAX_COUNT = 1000  # a Guise named more often than this is a typing slip, not a plan
MESSAGES = frozenset({"letter", "call"})

# Between an order's target and its Midnight role: "as Boss", "= Boss", "is the Boss",
# "naming Boss", "guessing Boss", "(Boss)", ": Boss", "for Boss".
# A letter or a digit: a word written, not only marks.
_WORDED = re.compile(r"[^\W_]")
_ROLE_WORD = re.compile(
    r"\s*(?:(?:as|=|is|:|,|-+|–|—|naming|named|guessing|guess|for|being|role|tonight|tonite"
    r"|today|now)\s*)*"
    r"(?:(?:an?|the|their|his|her)\s+)?(?:role\s+(?:of\s+)?)?\(?\s*",
    re.IGNORECASE,
)
_CLOSE = re.compile(r"\s*\)")
# Before a list of Guises: "Slander Abs: ...", "Slander Abs with ...", "Disguise as ...".
_GUISE_WORD = re.compile(
    r"\s*(?:(?:(?:as|with|for|adding|add|giving|give|guises?|of|the|to|into|naming|named"
    r"|guessing|guess)\b|:|=|-+|–)\s*)*",
    re.IGNORECASE,
)
# One Guise of a list with its count: "3 Boss", "3x Boss", "Boss x3", "Boss (3)", "three
# Bosses", "Boss*3".
_COUNT_FIRST = re.compile(
    r"\s*(?P<n>\d+|" + "|".join(NUMBERS) + r")\s*(?:x|×|\*)?\s+(?=\w)", re.IGNORECASE
)
_COUNT_AFTER = re.compile(r"\s*(?:(?:x|×|\*)\s*(?P<n1>\d+)\b|\(\s*(?P<n2>\d+)\s*\))")
_GUISE_TAIL = re.compile(r"\s*guises?\b", re.IGNORECASE)
# The words read for the start of a list of Guises after an order's target.
_WORD_START = re.compile(r"(?<![\w'’])(?=[^\W_])")
_GUISE_REACH = 6
# Between a Letter's addressee and its words: "Letter to Abs: ...", "Letter to Abs - ...",
# "Letter to Abs saying ...", "Letter to Abs "...".
_MESSAGE_SEP = re.compile(
    r"\s*(?::|-+|–|—|,|\bsaying\b:?|\bthat\b|\bwith\b(?:\s+the\s+(?:text|words))?:?"
    r"|(?=[\"“«]))\s*",
    re.IGNORECASE,
)
# Between Play and its choice: "Play my card: Bluff", "play a card - Pass".
_CARD = re.compile(
    r"\s*(?:[:=,\-–]\s*)?(?:(?:my|a|one|the)\s+)?(?:cards?\b)?\s*(?:(?:[:=,\-–]|\bfor\b)\s*)?",
    re.IGNORECASE,
)
# Blackmail material's number: "Blackmail material 2", "spend two saved votes".
_SPENT = re.compile(
    r"\s*(?:[:=\-–]\s*)?(?P<n>\d+|" + "|".join(NUMBERS) + r")\b"
    r"(?:\s+(?:of\s+my\s+)?(?:saved\s+)?votes?\b)?",
    re.IGNORECASE,
)
_TO = re.compile(r"\s*(?:to|for|at|on)\s+", re.IGNORECASE)
_TOWN = re.compile(r"(?:the\s+)?(?:whole\s+|entire\s+)?(?:town|everyone|everybody|all)\b", re.I)
# Peace alone in a post's OOC tag, with politeness or the day's name around it.
_PEACE_ALONE = re.compile(
    r"\W*(?:(?:i\s+(?:vote|say|choose|pick)|i['’]?m\s+for)\s+)?(?:for\s+)?"
    r"(?:peace|no\s*-?\s*lynch)(?:[\s,.;:!-]+(?:pls|please|plz|today|now"
    r"|(?:it['’]?s|its)\s+(?:d\s*\d+|day\s+\d+)|d\s*\d+|day\s+\d+|thanks?|ty|thx|guys|all|lol))*"
    r"\W*",
    re.IGNORECASE,
)
_PEACE = re.compile(r"\s*(?:for\s+)?(?:peace|no\s*-?\s*lynch|nobody|no\s+one)\b", re.IGNORECASE)
# "Shoot Abs with the Tommy-gun": the weapon named after the target.
_WITH = re.compile(r"\s*(?:with|using)\s+(?:(?:my|the|a)\s+)?", re.IGNORECASE)
_UNVOTE = re.compile(r"^(?:un-?vote|withdraw\s+my\s+vote|cancel\s+my\s+vote)$", re.IGNORECASE)
_NO_ACTION = re.compile(
    r"^(?:no\s+actions?|(?:i\s+)?pass|skip(?:\s+my\s+(?:turn|actions?))?|nothing(?:\s+tonight)?"
    r"|cancel\s+(?:all|everything|all\s+my\s+actions|my\s+actions))"
    r"(?:\s+(?:tonight|today|this\s+(?:night|day|phase)))?$",
    re.IGNORECASE,
)
# Sentences and "and <order>": cut only where the next words start an order.
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\s*;\s*")
_JOINER = re.compile(r"\s*,\s*(?:and\s+|then\s+)?|\s+(?:and|then|also|&|\+|plus)\s+", re.I)


def ooc_text(post: str) -> str:
    """What a topic post declares: the text of its [ooc] tags (quoted posts never count), and
    the words right after the last tag when they take it back ("[ooc]vote Abs[/ooc] ...actually
    no, I take that back", or on the next line, an edit's: "EDIT: forget it, scratch that
    vote"): the tag declares, and the post withdraws what it declared (the rules: "any other
    actions may be cancelled before the turn resolves")."""
    post = strip_quoted(post)
    tags = list(_OOC.finditer(post))
    declared = "\n".join(m.group(1) for m in tags)
    if tags:
        after = post[tags[-1].end() :].lstrip(" \n.…-–—,")
        after = after[: after.find("\n")] if "\n" in after else after
        label = _EDIT_LABEL.match(after)
        if label is not None:
            after = after[label.end() :].lstrip(" .…-–—,")
        taken = own_withdrawal(after, 0, min(len(after), _TAKEN_BACK_WITHIN))
        if taken is not None and "[ooc" not in after.casefold():
            declared = f"{declared}\n{after}"
    return declared


# The label of an edit to a post: "EDIT:", "Edit 2 -", "edit (14:02):", "ETA:".
_EDIT_LABEL = re.compile(
    r"(?:edit(?:ed)?|update|eta|p\.?s\.?)\s*\d*\s*(?:\([^()\n]{0,16}\)\s*)?[:\-–—]\s*", re.I
)
# How soon after the last [ooc] tag the words that take it back start ("...actually no, I
# take that back"): the first words of the line, not a remark further on.
_TAKEN_BACK_WITHIN = 30


@lru_cache(maxsize=8)
def _roles(roles: tuple[str, ...]) -> NameMatcher:
    aliases = {a: r for a, r in ROLE_ALIASES.items() if r in roles}
    return NameMatcher(roles, aliases=aliases)


@lru_cache(maxsize=32)
def _vocabulary(names: tuple[str, ...], roles: tuple[str, ...]) -> Vocabulary:
    """The DCTP reader's matchers for the roster and its filler, with midnight's roles."""
    return Vocabulary(NameMatcher(names), _roles(roles), Filler(protected=names))


def _words(state: GameState) -> Titles:
    titles = state.ruleset.titles
    return titles_of(tuple(sorted(titles.items())))


class _Read:
    """One PM or post being read: the reader of shared pieces, and what it found."""

    def __init__(self, state: GameState, author: str, public: bool, rules: Rules) -> None:
        words = _vocabulary(tuple(state.players), tuple(state.ruleset.roles))
        self.reader = Reader(state, author, words, rules, grammar_of(WORDS))
        self.rules = rules
        self.state, self.author, self.public = state, author, public
        self.words = _words(state)
        self.heading: Phase | None = None

    def words_in(self, line: str) -> bool:
        """Whether an ability word starts any word of ``line`` (a line after a sign-off that
        holds one is kept: it may be an order)."""
        return self.words.anywhere(line)

    # -- pieces ---------------------------------------------------------------------------
    def order_word(self, text: str) -> tuple[Word | None, str]:
        """The ability word at the start of ``text`` after the player's own words ("I'll",
        "use my", "I want to"), and the text it starts."""
        for lead in (None, ORDER_OPENER, _I, USE):
            rest = text
            if lead is not None:
                found = lead.match(text)
                if found is None or not found.end():
                    continue
                rest = text[found.end() :]
                again = USE.match(rest)
                rest = rest[again.end() :] if again else rest
            word = self.words.at(rest)
            if word is not None:
                return word, rest
        return None, text

    def choose(self, word: Word, rest: str = "") -> tuple[str, str]:
        """The ability a word means for this player, and the rest of the order: the one they
        hold; the weapon named after the target when they hold several ("shoot Abs with the
        Tommy-gun"); refused naming them when that does not settle it; the first when they
        hold none (the check says why)."""
        titles = self.state.ruleset.titles
        held = [a for a in word.abilities if self.holds(a)]
        if len(held) > 1:
            for found in _WITH.finditer(rest):
                named = self.words.at(rest[found.end() :])
                mine = [a for a in named.abilities if a in held] if named else []
                if named is not None and len(mine) == 1:
                    rest = rest[: found.start()] + rest[found.end() + named.end :]
                    return mine[0], rest
        if len(held) > 1:
            names = " or ".join(titles.get(a, a) for a in held)
            raise Refusal(
                say("reading.which_one", written=word.written.strip(), abilities=names),
                Kind.MISSING_DETAIL,
            )
        ability = held[0] if held else word.abilities[0]
        title = titles.get(ability, ability)
        if _key(word.written) != _key(title):
            self.reader.notes.append(
                say("reading.read_as", written=word.written.strip(), ability=title)
            )
        return ability, rest

    def holds(self, ability: str) -> bool:
        if self.author not in self.state.players:
            return False
        if self.rules.public(self.author, ability) is None:
            return False
        probe = Order(self.author, ability, wording=WORDS.wording)
        return not isinstance(self.rules.find_slot(probe, self.reader.slots()), str)

    def role(self, text: str) -> tuple[str, str]:
        """A Midnight role at the start of ``text`` (a plural read as one: "Bosses")."""
        matcher = self.reader.words.roles
        found, used = matcher.match_prefix(text)
        if not found.is_match or not used:
            word = re.match(r"\s*([^\W\d_][\w-]*?)(?:es|s)\b", text)
            if word:
                again = matcher.match(word[1])
                if again.is_match and again.kind in (MatchKind.EXACT, MatchKind.ALIAS):
                    return again.name or "", text[word.end() :]
            written = text.strip().split()[0] if text.strip() else text
            if found.kind is MatchKind.AMBIGUOUS:
                raise Refusal(
                    say(
                        "reading.which_role",
                        written=written,
                        roles=" or ".join(found.candidates),
                    ),
                    Kind.MISSING_DETAIL,
                )
            close = matcher.suggest(written)
            roles = ", ".join(self.state.ruleset.roles)
            if close:
                why = say(
                    "midnight_reading.not_a_role_close",
                    written=written,
                    close=" or ".join(close),
                    roles=roles,
                )
            else:
                why = say("midnight_reading.not_a_role", written=written, roles=roles)
            raise Refusal(why, Kind.MISSING_DETAIL)
        if found.is_reading:
            self.reader.notes.append(found.note)
        plural = re.match(r"(?:es|s)\b", text[used:])
        return found.name or "", text[used + (plural.end() if plural else 0) :]

    def guises(self, text: str) -> tuple[tuple[str, ...], str]:
        """A list of Guises with counts: "Boss, Killer x2", "3 Cops and a Boss"."""
        found: list[str] = []
        rest = text
        while True:
            count, start = 1, rest
            first = _COUNT_FIRST.match(rest)
            if first:
                n = first["n"].casefold()
                count, rest = int(NUMBERS.get(n, n)), rest[first.end() :]
            if ANONYMOUS.match(rest):
                raise Refusal(say("midnight_reading.anonymous"), Kind.BAD_TARGET)
            role, rest = self.role(rest)
            after = _COUNT_AFTER.match(rest)
            if after:
                count, rest = int(after["n1"] or after["n2"]), rest[after.end() :]
            if count > MAX_COUNT:
                written = start[: len(start) - len(rest)].strip()
                raise Refusal(
                    say("midnight_reading.too_many", written=written, most=MAX_COUNT),
                    Kind.BAD_TARGET,
                )
            rest = _GUISE_TAIL.sub("", rest, count=1)
            found += [role] * count
            more = LIST_SEP.match(rest)
            if not more or not rest[more.end() :].strip() or not more.end():
                return tuple(found), rest
            if not self.guise_at(rest[more.end() :]):
                return tuple(found), rest  # the list ends: "20 Cop guises, for tonight"
            rest = rest[more.end() :]

    def guise_at(self, text: str) -> bool:
        """Whether a Guise, counted or not, is written at the start of ``text``."""
        first = _COUNT_FIRST.match(text)
        after = text[first.end() :] if first else text
        if ANONYMOUS.match(after):
            return True  # named, and refused as the list is read
        found, used = self.reader.words.roles.match_prefix(after)
        if used and found.is_match:
            return True
        word = re.match(r"\s*([^\W\d_][\w-]*?)(?:es|s)\b", after)  # "Bosses", "Cops"
        return bool(word and self.reader.words.roles.match(word[1]).is_match)

    def guises_start(self, text: str) -> int:
        """Where the list of Guises starts in ``text``: at its start, or after a few words
        that name no player between the order and its list ("Slander Abs tonight, give him
        3x Killer", "Slander Abs — dress him as 3 Cops"); 0 when no list follows."""
        for at, word in enumerate(_WORD_START.finditer(text)):
            if at > _GUISE_REACH:
                break
            start = word.start()
            if self.guise_at(text[start:]):
                return start
            if at and self.reader.words.players.match_prefix(text[start:])[1]:
                break  # another player: what follows is no list of this order
        return 0

    def _named_whole(self, rest: str) -> bool:
        """Whether a player's name is written whole at the start of ``rest`` (a player may be
        called "Nobody": the name beats the words for peace)."""
        found, used = self.reader.words.players.match_prefix(rest)
        return bool(used) and found.kind in (MatchKind.EXACT, MatchKind.ALIAS)

    def target(self, rest: str) -> tuple[str, str]:
        return self.reader.name(_TO.sub("", rest, count=1) if _TO.match(rest) else rest)

    # -- one fragment ---------------------------------------------------------------------
    def read(self, fragment: str) -> Order | str | None:
        """The order in ``fragment``: an Order, "unvote", "no_action", "heading" for a
        label alone, or None for chatter."""
        text = self.reader.words.filler.clean(fragment)
        text = _QUOTES.sub("", _ARROW.sub(" ", _LEAD.sub("", text))).strip()
        text = self.past_label(text)
        if text == "":
            return "heading"
        bare = _PUNCT_TAIL.sub("", text)
        if not bare or CHATTER.match(bare):
            return None
        if _UNVOTE.match(bare):
            return "unvote"
        if _NO_ACTION.match(bare):
            return "no_action"
        word, rest = self.order_word(text)
        if word is None:
            raise Refusal(say(NO_ORDER), Kind.NOT_AN_ORDER)
        ability, rest = self.choose(word, rest[word.end :])
        self.reader.ability = ability
        choices = getattr(self.rules.shape(ability), "choices", ())
        if plain(word.written).casefold() in map(plain, choices):
            rest = word.written + rest  # a choice said alone is its order: "Fold.", "Misère"
        rest = _TARGET_LABEL.sub("", rest.lstrip(" :"), count=1)
        if ability in MESSAGES:
            return self.message(ability, rest, fragment.strip())
        return self.shaped(ability, _PUNCT_TAIL.sub("", rest), fragment)

    def past_label(self, text: str) -> str:
        """The text after a label naming the phase ("N2:", "Night 2 actions -"); a label for
        another phase is refused; "" for a label alone (a heading for the lines after it)."""
        found = _LABEL_START.match(text) and self.reader.phase_at(text)
        if not found:
            return text
        after = text[_LABEL_TAIL.match(text, found.end()).end() :]  # type: ignore[union-attr]
        if after.strip() and self.order_word(after)[0] is None:
            return text
        when, _ = self.reader.phase(text)
        if not after.strip():
            self.heading = when
            return ""
        if when is not None and when != self.state.phase:
            raise Refusal(
                say("reading.other_phase", phase=self.state.phase, written=when),
                Kind.NOT_NOW,
            )
        return after

    def message(self, ability: str, rest: str, fragment: str) -> Order:
        """ "Letter to Town: ...", "The Call to Abs - ...": the addressee and the words, as
        written (the words keep their case and punctuation)."""
        rest = _TO.sub("", rest, count=1) if _TO.match(rest) else rest
        choice, targets = None, ()
        town = _TOWN.match(rest.lstrip())
        if town and ability == "letter":
            choice, rest = TOWN, rest.lstrip()[town.end() :]
        else:
            name, rest = self.reader.name(rest)
            targets = (name,)
            if self.reader.offers_another(rest):
                # "The Call to Stitch-san or Fable-san, GM-san picks!": two addressees.
                raise Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)
        sep = _MESSAGE_SEP.match(rest)
        words = rest[sep.end() :] if sep else rest
        words = words.strip()
        # The words as the player wrote them: the cleaning took polite filler off the line's
        # end ("..., and thanks"), which in a Letter is the player's own text.
        at = fragment.find(words[:40]) if words else -1
        if at >= 0:
            words = fragment[at:]
        words = words.strip().strip('"“”«»').strip()
        return Order(self.author, ability, targets, choice=choice, message=words or None,
                     text=fragment.strip(), wording=WORDS.wording)  # fmt: skip

    def shaped(self, ability: str, rest: str, fragment: str) -> Order:
        """The order as its ability is shaped: a vote (a player or peace), targets, a role
        named, Guises named."""
        spec = self.rules.shape(ability)
        if getattr(spec, "lists_roles", False):
            return self.role_list(ability, rest, fragment)
        wanted = getattr(spec, "targets", 1)
        needs_role = getattr(spec, "needs_role", False)
        needs_guise = getattr(spec, "needs_guise", 0)
        any_guises = getattr(spec, "names_guises", False)
        targets: tuple[str, ...] = ()
        choice = role = None
        roles: tuple[str, ...] = ()
        if getattr(spec, "choices", ()):
            choice, rest = self.choice(ability, spec.choices, rest)  # type: ignore[union-attr]
            other = _OR_WORD.match(rest)
            if other is not None and plain(other[1]).casefold() in {
                plain(c).casefold()
                for c in spec.choices  # type: ignore[union-attr]
            }:
                raise Refusal(say(TWO_CHOICES), Kind.TWO_CHOICES)  # "Play pass or bank, dunno"
            names = spec.choice_names.get(choice, "")  # type: ignore[union-attr]
            wanted, any_guises = int(names == "player"), names == "guises"
        if getattr(spec, "counts", False):
            spent = _SPENT.match(rest)
            if spent is None:
                title = self.state.ruleset.titles.get(ability, ability)
                raise Refusal(say("midnight_reading.how_many", ability=title), Kind.MISSING_DETAIL)
            n = spent["n"].casefold()
            choice, rest = str(NUMBERS.get(n, n)), rest[spent.end() :]
        if ability == "vote" and (peace := _PEACE.match(rest)) and not self._named_whole(rest):
            choice, rest = PEACE, rest[peace.end() :]
        elif wanted and not _starts_guises(rest):
            if wanted > 1:
                targets, rest = self.reader.names(_TO.sub("", rest, count=1))
            else:
                name, rest = self.target(rest)
                targets = (name,)
        lead = _ROLE_WORD.match(rest)
        if needs_role and rest.strip() and not _WORDED.search(rest, lead.end() if lead else 0):
            # "Sniper Rifle on Ana Lu, role?": no role written where one goes; the rules say
            # the order needs one, in their words.
            rest = ""
        if (needs_role and rest.strip()) or (
            not needs_guise and spec is None and _names_role(self, rest)
        ):
            role, rest = self.role(rest[_ROLE_WORD.match(rest).end() :])  # type: ignore[union-attr]
            rest = _CLOSE.sub("", rest, count=1)
        if (
            needs_guise
            or (any_guises and rest.strip())
            or (spec is None and rest.strip() and _starts_guises(rest))
        ):
            lead = _GUISE_WORD.match(rest)
            rest = rest[lead.end() if lead else 0 :]
            roles, rest = self.guises(rest[self.guises_start(rest) :])
        doubt = rest.strip(" ,-()")
        if doubt and DOUBT.match(doubt):
            raise Refusal(say(UNSURE), Kind.QUESTION)
        self.reader.end(rest, fragment)
        return Order(self.author, ability, targets, role=role, roles=roles, choice=choice,
                     text=fragment.strip(), wording=WORDS.wording)  # fmt: skip

    def choice(self, ability: str, choices: tuple[str, ...], rest: str) -> tuple[str, str]:
        """The choice an order makes first ("Play Pass Abs", "play my card: bluff with ...",
        "Play Misere" for "Misère"), or a refusal naming the choices."""
        rest = rest[_CARD.match(rest).end() :]  # type: ignore[union-attr]
        word = re.match(r"[^\W\d_]+", rest)
        written = plain(word[0]).casefold() if word else ""
        picked = next((c for c in choices if plain(c).casefold() == written), None)
        if picked is None or word is None:
            title = self.state.ruleset.titles.get(ability, ability)
            listed = ", ".join(c.title() for c in choices)
            if word:
                why = say("midnight_reading.not_a_choice", written=word[0], ability=title,
                          choices=listed)  # fmt: skip
            else:
                why = say("midnight_reading.choose", ability=title, choices=listed)
            raise Refusal(why, Kind.MISSING_DETAIL)
        return picked, rest[word.end() :]

    def role_list(self, ability: str, rest: str, fragment: str) -> Order:
        """ "All-in: Abs as Boss, Kleene as Cop, ...": each player with the Midnight role named
        ("Abs = Boss", "Abs is the Boss", "Abs (Boss)")."""
        targets: list[str] = []
        roles: list[str] = []
        rest = rest.lstrip(" :-–")
        while rest.strip(" .!?;,"):
            name, rest = self.reader.name(rest)
            between = _ROLE_WORD.match(rest)
            if between is None or not between.end() or not rest[between.end() :].strip():
                raise Refusal(say("midnight_reading.role_list", player=name), Kind.MISSING_DETAIL)
            role, rest = self.role(rest[between.end() :])
            rest = _CLOSE.sub("", rest, count=1)
            targets.append(name)
            roles.append(role)
            more = LIST_SEP.match(rest)
            if not more or not more.end():
                break
            rest = rest[more.end() :]
        self.reader.end(rest, fragment)
        return Order(self.author, ability, tuple(targets), roles=tuple(roles),
                     text=fragment.strip(), wording=WORDS.wording)  # fmt: skip


def _key(words: str) -> list[str]:
    return re.split(r"[\s-]+", plain(words).casefold().strip())


def _starts_guises(rest: str) -> bool:
    return bool(re.match(r"\s*(?::|with\b|\d|x\d)", rest, re.IGNORECASE))


def _names_role(read: _Read, rest: str) -> bool:
    after = rest[_ROLE_WORD.match(rest).end() :]  # type: ignore[union-attr]
    found, used = read.reader.words.roles.match_prefix(after)
    return bool(used and found.is_match)


def _fragments(read: _Read, text: str) -> list[str]:
    """One fragment a line, sentence or "and <order>"; a Letter's line is its own to the end
    (its words are the player's, sentences and all), and a Letter whose line ends after its
    addressee takes the lines after it up to a blank line or the next order."""
    pieces: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line:
            continue
        word = _message_word(read, line)
        if word is not None:
            if re.search(r"[:\-–—]\s*$", line):
                while i < len(lines) and lines[i].strip() and _message_word(read, lines[i]) is None:
                    if read.order_word(_LEAD.sub("", lines[i].strip()))[0] is not None:
                        break
                    line += " " + lines[i].strip()
                    i += 1
            pieces.append(line)
            continue
        if _list_head(read, line) and i < len(lines) and _list_item(read, lines[i]):
            # "Deal:" / "- Bram" / "- Cosima": the word heads the list on the lines after it.
            items = []
            while i < len(lines) and _list_item(read, lines[i]):
                items.append(_ITEM_MARK.sub("", lines[i].strip()))
                i += 1
            pieces.append(f"{line.rstrip(' :!.-–—')}: {', '.join(items)}")
            continue
        for sentence in _sentences(line):
            pieces.extend(_cut_joined(read, sentence))
    return [p.strip() for p in pieces if p.strip(" .!?;,")]


def _sentences(line: str) -> list[str]:
    """The line cut into sentences, never inside a short aside in brackets
    (``fragments.asides``: "grill Lumen (my interrogate? the one that stops actions)")."""
    kept = asides(line)
    if not kept:
        return _SENTENCE.split(line)
    pieces, start = [], 0
    for found in _SENTENCE.finditer(line):
        if any(a <= found.start() < b for a, b in kept):
            continue
        pieces.append(line[start : found.start()])
        start = found.end()
    pieces.append(line[start:])
    return pieces


# What marks an item of a list: "- ", "* ", "• ", "1. ", "2) ".
_ITEM_MARK = re.compile(r"^(?:[-*•·]+|\d{1,2}[.)])\s*")
# The shapes of orders that name a list of things.
_LISTED = frozenset({vocab.TARGETS, vocab.GUISES, vocab.PLAYER_ROLES, vocab.ROLES})


def _list_head(read: _Read, line: str) -> bool:
    """Whether ``line`` is an order word alone ("Deal:", "All-in!", "Night 1 deal") whose
    order names a list: the lines after it are the list."""
    text = _LEAD.sub("", read.reader.words.filler.clean(line))
    label = _LABEL_START.match(text) and read.reader.phase_at(text)
    if label:
        text = text[_LABEL_TAIL.match(text, label.end()).end() :]  # type: ignore[union-attr]
    word, rest = read.order_word(text)
    if word is None:
        return False
    after = rest[word.end :].strip(" :!.-–—")
    if after and not (
        # A form's header: the order word and a noun or two of no one ("Sabotage attempt:").
        text.rstrip().endswith(":")
        and _HEAD_NOUNS.fullmatch(after)
        and not read.reader.names_in(after)
        and not _names_role(read, after)
    ):
        return False
    return any(shape_of(a, read.rules.shape(a)) in _LISTED for a in word.abilities)


# The words after an order word in a form's header: one or two, letters only.
_HEAD_NOUNS = re.compile(r"[^\W\d_]+(?:\s+[^\W\d_]+)?")


def _list_item(read: _Read, line: str) -> bool:
    """Whether ``line`` may be an item of a list: short, no order of its own, and no
    condition of its own ("risk: if he has no guises nothing happens", "if yes → I post it
    tomorrow": a sentence after the list, not a field of it)."""
    text = _ITEM_MARK.sub("", line.strip())
    if not text or len(text) > 80 or opens_condition(text):
        return False
    return read.order_word(_LEAD.sub("", text))[0] is None


def _message_word(read: _Read, line: str) -> str | None:
    text = _LEAD.sub("", read.reader.words.filler.clean(line))
    label = _LABEL_START.match(text) and read.reader.phase_at(text)
    if label:
        text = text[_LABEL_TAIL.match(text, label.end()).end() :]  # type: ignore[union-attr]
    word, _ = read.order_word(text)
    if word is not None and set(word.abilities) & MESSAGES:
        return word.written
    return None


def _cut_joined(read: _Read, sentence: str) -> list[str]:
    """The sentence cut before each "and <order>", ", <order>", never inside someone else's
    words quoted after a verb of saying ('Paz told me: "Chūya, detain Kiki"': the order is
    read with its report, and answered as quoted)."""
    pieces, start = [], 0
    kept = reported_words(sentence)
    for found in _JOINER.finditer(sentence):
        if any(a <= found.start() < b for a, b in kept):
            continue
        after = sentence[found.end() :]
        word, _ = read.order_word(after)
        if word is None:
            continue
        # A player whose name starts like an order word ("Hit" the player) stays a name.
        named, used = read.reader.words.players.match_prefix(after)
        if named.kind in (MatchKind.EXACT, MatchKind.ALIAS) and used >= word.end:
            continue
        pieces.append(sentence[start : found.start()])
        start = found.end()
    pieces.append(sentence[start:])
    return pieces


def _fix(read: _Read) -> str:
    """What the player can send now: the titles of their abilities usable this phase."""
    state = read.state
    slots = read.reader.slots()
    if slots is None:
        return ""
    titles: list[str] = []
    for _, slot in slots:
        if state.phase.kind not in slot.phases:
            continue
        for use in slot.options:
            title = state.ruleset.titles.get(use.ability, use.ability)
            if title not in titles:
                titles.append(title)
    if not titles:
        return say("reading.nothing_to_send", phase=state.phase)
    return say("reading.you_can_send", phase=state.phase, abilities=", ".join(titles))


def parse_orders(
    state: GameState, author: str, source: str, public: bool = False, *, rules: Rules
) -> ParsedPM:
    """Read a PM (``public`` False) or a topic post's [ooc] tags (True); ``rules``: the rules
    of ``state`` (engine/orders/seam.py). The message goes through the steps every family's
    messages go through (``engine.orders.parse``: ``STEPS`` for each fragment, then
    ``FINISH``), with midnight's words and its reader of plain orders (``dialect``)."""
    limit = MAX_POST_CHARS if public else MAX_PM_CHARS
    if len(source) > limit:
        reason = say("reading.too_long", length=len(source), limit=limit)
        refused = Rejection(shorten(source.strip(), 200), reason, kind=Kind.TOO_LONG)
        return ParsedPM(author, rejected=(refused,))
    read = _Read(state, author, public, rules)
    if author not in state.players:
        # Someone who is not playing: one answer for the message, whatever it holds.
        text = ooc_text(source) if public else source
        if not read.words_in(text):
            return ParsedPM(author)
        refused = Rejection(
            shorten(text.strip(), 200),
            say("midnight_reading.not_playing", player=author),
            kind=Kind.NOT_HELD,
        )
        return ParsedPM(author, rejected=(refused,))  # fmt: skip
    outside = _votes_outside(state, source) if public else []
    # A post quotes as a message does: "Lark wrote:" and the [ooc] under it are Lark's.
    own, written_quotes = text_quotes(source if public else answered(source, read.words_in))
    if not public and ("<" in own or ":" in own):
        own = chat_lines_read(own, lambda: parse.own_names(state, author))
    text = clean_message(ooc_text(own) if public else own, keep=read.words_in)
    if public and state.phase.is_day and _PEACE_ALONE.fullmatch(text):
        # "[OOC] peace pls, its d1 [/OOC]": peace alone in the Council's tag is the vote for it.
        text = "vote peace"
    notes = len(read.reader.notes)

    struck = struck_lines(ooc_text(own) if public else own)

    def read_text(text: str) -> Message:
        msg = Message(read.reader, _fragments(read, text), (), text, dialect(read))
        msg.struck = struck
        if "[" in source or written_quotes:
            msg.quoted = parse.quoted_of(read.reader, source, written_quotes)
        parse.read_through(msg, STEPS, FINISH)
        return msg

    written = text

    def stopped() -> str | None:
        # The message again with its emoji as full stops, cleaned as it was.
        own_stopped = emoji_stopped(own)
        if own_stopped is None:
            return None
        return clean_message(ooc_text(own_stopped) if public else own_stopped, keep=read.words_in)

    msg, text = parse.read_phoned(
        (read_text(text), text), text, notes, lambda phoned: (read_text(phoned), phoned), stopped
    )
    # Midnight takes no 'yes' to a question asked back: the order is sent again instead.
    rejected = [
        replace(r, reason=say(_AGAIN, reason=r.reason.partition("; did you mean")[0]), asks=None)
        if r.asks is not None
        else r
        for r in msg.rejected
    ]
    if text is not written:  # words written out: each refusal quotes the sender's own words
        rejected = [replace(r, text=as_written(r.text, text, written)) for r in rejected]
    if public:
        # Talk in the OOC tag is no order: only what holds an ability's word is answered.
        rejected = [r for r in rejected if r.kind is not Kind.NOT_AN_ORDER or read.words_in(r.text)]
    return ParsedPM(author, tuple(msg.accepted.values()), (*outside, *rejected), None,
                    msg.unvote, tuple(read.reader.notes), tuple(msg.accepted),
                    no_action=msg.no_action, taken_back=tuple(msg.taken_back))  # fmt: skip


# The steps of ``engine.orders.parse`` a midnight message goes through ("same as last night"
# and the yes to a question asked are DCTP's).
STEPS = tuple((name, step) for name, step in parse.STEPS if step not in (
    parse._step_repeat, parse._step_confirm))  # fmt: skip
FINISH = tuple((name, step) for name, step in parse.FINISH if step is not parse._finish_repeats)


def dialect(read: _Read) -> Dialect:
    """Midnight's way of writing orders, for one message: its words (the ruleset's titles and
    ``engine.families.midnight.vocab``), ``_Read.read`` for plain orders, ``_place`` to hold
    them, each ability's shape from the rules."""
    state, rules = read.state, read.rules
    phase = state.phase

    # The reading of each fragment already read in this message ("[ooc]vote Abs[/ooc]" a
    # thousand times is read once): what it gave, and its notes.
    memo: dict[str, tuple[Order | str | Refusal | None, tuple[str, ...]]] = {}

    def plain(reader: Reader, fragment: str) -> Order | Unvote | str | None:
        known = memo.get(fragment)
        if known is None:
            notes = len(reader.notes)
            try:
                given: Order | str | Refusal | None = read.read(fragment)
            except Refusal as refusal:
                given = refusal
            known = (given, tuple(reader.notes[notes:]))
            if given != "heading" and len(memo) < _MEMO:
                memo[fragment] = known
        else:
            reader.notes.extend(known[1])
        found = known[0]
        if isinstance(found, Refusal):
            raise found.with_traceback(None)
        if read.heading is not None and read.heading != phase and found != "heading":
            raise Refusal(
                say("reading.other_phase", phase=phase, written=read.heading),
                Kind.NOT_NOW,
            )
        if found == "unvote":
            return Unvote()
        return None if found == "heading" else found

    def take(
        reader: Reader, order: Order, fragment: str, accepted: dict[SlotKey, Order]
    ) -> Rejection | None:
        return _place(read, order, fragment, accepted)

    return Dialect(
        words=WORDS,
        table=_table(tuple(sorted(state.ruleset.titles.items()))),
        grammar=read.reader.grammar,
        read=plain,
        take=take,
        shape=lambda ability: shape_of(ability, rules.shape(ability)),
        can_send=lambda reader: _fix(read),
        order_word_in=read.words_in,
    )


def shape_of(ability: str, spec: Shape | None) -> str:
    """What an order of ``ability`` names beside its word (``engine.orders.vocab``), from the
    shape the rules give it."""
    if ability == "vote":
        return vocab.VOTE
    if ability in MESSAGES:
        return vocab.MESSAGE
    if spec is None:
        return vocab.TARGET
    if spec.lists_roles:
        return vocab.PLAYER_ROLES
    if spec.choices:
        return vocab.CHOICE
    if spec.counts:
        return vocab.COUNT
    if spec.needs_guise or spec.names_guises:
        return vocab.GUISES
    if spec.needs_role:
        return vocab.TARGET_ROLE
    if spec.targets == 0:
        return vocab.NOTHING
    return vocab.TARGETS if spec.targets > 1 else vocab.TARGET


@lru_cache(maxsize=8)
def _table(titles: tuple[tuple[str, str], ...]) -> EvidenceTable:
    """The evidence words of a ruleset: each ability's title as the rules spell it (accents
    or none), and the everyday words of ``vocab.midnight`` for the abilities it has."""
    known = {a for a, _ in titles}
    entries: dict[str, list[str]] = {}
    for ability, title in titles:
        for written in dict.fromkeys((title, plain(title), ability.replace("_", " "))):
            parts = [re.escape(p) for p in re.split(r"[\s-]+", written.casefold()) if p]
            entries.setdefault(r"[\s-]*".join(parts), []).append(ability)
    for pattern, abilities in WORDS.evidence:
        held = [a for a in abilities if a in known]
        if held:
            entries.setdefault(pattern, []).extend(a for a in held if a not in entries[pattern])
    return EvidenceTable(tuple((p, tuple(dict.fromkeys(a))) for p, a in entries.items()))


def _place(
    read: _Read, order: Order, fragment: str, accepted: dict[tuple[str, str], Order]
) -> Rejection | None:
    """The order checked (public or covert as its line says, then against the game) and held
    in its slot; a later order for the same slot in one message replaces the earlier."""
    state, public = read.state, read.public
    line_public = read.rules.public(order.actor, order.ability)
    title = state.ruleset.titles.get(order.ability, order.ability)
    if line_public and not public:
        return Rejection(fragment, say("midnight_reading.public", ability=title), kind=Kind.NOT_NOW)
    if line_public is False and public:
        return Rejection(fragment, say("midnight_reading.covert", ability=title), kind=Kind.NOT_NOW)
    found = read.rules.check(order, read.reader.slots())
    if isinstance(found, str):
        return Rejection(fragment, found, kind=kind_of(found))
    key = found[0]
    earlier = accepted.pop(key, None)
    if earlier is not None:
        titles = state.ruleset.titles
        read.reader.notes.append(
            say(
                "reading.replaces",
                later=order.canonical(titles),
                earlier=earlier.canonical(titles),
            )
        )
    accepted[key] = replace(order, text=fragment)
    return None


def _votes_outside(state: GameState, source: str) -> list[Rejection]:
    """A vote mark outside the OOC tag is refused, quoted: "Publicly visible actions must be
    declared in the in-game post in the OOC tag"."""
    outside = _OOC.sub(" ", strip_quoted(source))
    marks = read_votes(outside, NameMatcher(list(state.players)))
    return [
        Rejection(
            m.written,
            say("midnight_reading.vote_outside"),
            kind=Kind.NOT_NOW,
        )
        for m in marks
    ]
