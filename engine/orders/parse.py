"""From one private message to accepted orders and explained refusals.

The message is cleaned (quotes, BBCode, smilies and filler never change its meaning), cut into
fragments, each fragment is read by the reader of its keyword, and every order read is checked
against the game (``engine.validate``). Nothing is guessed: a name that could be two players,
or a fragment that reads as no order, is refused with the reason and the fix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from engine.abilities import ABILITIES
from engine.orders import grammar
from engine.orders.bbcode import Filler, clean_message
from engine.orders.model import Order, ParsedPM, Query, Rejection, ability_title
from engine.orders.names import MatchKind, NameMatcher
from engine.phases import Phase
from engine.rules import RULESETS
from engine.state import ABROAD, IN_FLIGHT, GameState
from engine.validate import SlotKey, check_order, find_slot, held_slots

# "Will: ..." starts a line or follows a sentence, and runs to the end of the message.
_WILL = re.compile(r"(?:^|(?<=[.!?;]))\s*(?:my\s+)?will\s*[:\-]\s*", re.IGNORECASE | re.MULTILINE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_JOINER = re.compile(
    r"\s*[,;]\s*|\s+(?:and|then|also|&|\+|plus)\s+"
    r"|\s+(?:with|using)\s+(?=(?:my\s+|the\s+)?(?:voice\s+of|vo[ar]\b))",
    re.IGNORECASE,
)
_I = re.compile(r"i\s+(?=\w)", re.IGNORECASE)
# A remark after a complete order: "Vote Miaka, she was quiet all night".
_REMARK = re.compile(r"^\s*(?:,|-+|\(|because\b|since\b|as\b|cuz\b|cause\b)", re.IGNORECASE)
_QUERY_SPLIT = re.compile(r"\s*(?:[,;]|\band\b|\balso\b)\s*", re.IGNORECASE)
_AS = re.compile(r"\s*(?:as|=|is|:|-)\s*", re.IGNORECASE)
_FOR = re.compile(r"\s*(?:for\b)?\s*", re.IGNORECASE)
_PHASE = re.compile(
    r"\s*(?:(?:on|during|in|at|of)\s+)?(?:the\s+)?"
    r"(?P<phase>prep(?:aration)?(?:\s+phase)?|(?:night|day|n|d)\s*(?:\d+|[a-z]+)"
    r"|tonight|today|last\s+night|yesterday)\b",
    re.IGNORECASE,
)
_LEADER = re.compile(
    r"\s*(?:should|will|must|to|is\s+to|has\s+to)?\s*(?:kills?|attacks?)\b", re.IGNORECASE
)
_ORDER_TO = re.compile(r"(?:order|tell|have|make)\s+", re.IGNORECASE)
_PUNCT_TAIL = re.compile(r"[\s.!?;,]+$")
_TRAILING = re.compile(r"(?:[\s,]+(?:instead|now|again|please|pls|plz|thanks|ty))+[\s.!?]*$",
                       re.IGNORECASE)
# Replies that carry no order: answered with "no order found", never refused.
_CHATTER = re.compile(
    r"^(?:ok(?:ay)?|k|kk|got\s+it|understood|sure|alright|noted|lol|haha|hmm+|yes|no|yep|nope)"
    r"[\s.!?]*$",
    re.IGNORECASE,
)
# "Investigate:" alone on a line, its items on the lines after it.
_LIST_HEAD = re.compile(r"^\s*(?P<head>[A-Za-z][\w\s-]*?)\s*(?P<colon>:)?\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•>]|\d{1,2}[.)])\s+")
_LIST_SEP = re.compile(r"\s*(?:,|&|\+|\band\b|\bor(?:\s+else)?\b|\bthen\b)\s*", re.IGNORECASE)
_ON = re.compile(r"\s*(?:on|of|attached\s+to|strapped\s+to)\s+", re.IGNORECASE)
_NOBODY = re.compile(r"(?:nobody|no\s*one|none)\b", re.IGNORECASE)
# Issue 4: pieces of the information, disguise, item and travel orders.
_NO_OBJECT = frozenset({"travel", "choose_costumes", "abduct"})
_OBSERVE_KIND = re.compile(r"\b(?:age|gender)\b", re.IGNORECASE)
_ANALYZE_FILLER = re.compile(
    r"\s*(?:my\s+)?(?:interrogation|result)?s?\s*(?:from|of|on|during)?\s*", re.IGNORECASE
)
_IN_GAME = re.compile(r"\s*(?:is\s+)?in\s+(?:the\s+)?game\b", re.IGNORECASE)
# "Use heal on Parkur", "use my Voice of Reason", "the watch to Akonyl": words before the keyword.
_USE = re.compile(r"(?:(?:use|using|activate|do)\s+)?(?:(?:my|the|your)\s+)?", re.IGNORECASE)
# "Heal on Parkur", "Bone Breaking on Abs", "Charm to Akonyl": a word before the target.
_TARGET_WORD = re.compile(r"\s*(?:on|to|at|for|upon)\s+(?=\S)", re.IGNORECASE)
# "Disguise as one of: A, B, C", "Friendship list: A, B", "Spy on these players: A, B, C".
_LIST_WORDS = re.compile(
    r"\s*(?:(?:as\s+)?one\s+of|(?:my\s+|the\s+|these\s+|following\s+)*"
    r"(?:list|names|players|people|targets|candidates))(?:\s+(?:is|are))?\s*:?\s*(?=\S)",
    re.IGNORECASE,
)
# "Detect: is Shinichi in the game?", "Detect whether there is a Shinichi".
_DETECT_ASK = re.compile(
    r"\s*(?:(?:is|if|whether)\s+)?(?:there\s+is\s+)?(?:an?\s+)?(?=\S)", re.IGNORECASE
)
# "Abduct a character", "Abduct someone".
_ABDUCT_TAIL = re.compile(
    r"\s*(?:(?:a|one|some)\s+)?(?:random\s+)?(?:character|someone|somebody|role)?\s*$",
    re.IGNORECASE,
)
# "Steal Akonyl's gun": the thief does not choose the item.
_ITEM = re.compile(r"\s*['’]s?\s+(?P<item>[\w-]+(?:\s+[\w-]+)?)\s*$", re.IGNORECASE)
# A list head without a colon ("Disguise" alone on a line, the names on the lines after it).
_LIST_ABILITIES = frozenset(
    {"disguise", "friendship", "amor", "spy", "choose_costumes", "investigate",
     "special_investigate", "slander", "protect", "bow_tie", "watch", "black_suitcase"}
)  # fmt: skip
# Substitutes: "Watch Akonyl, alternatively Jd-", "Suitcase: Abs (else Miaka)".
_SUBSTITUTE = re.compile(
    r"\s*[(,;]?\s*\b(?:alternatively|alternative|else|otherwise|or\s+else|if\s+not"
    r"|(?:as\s+(?:a\s+)?)?(?:backup|substitute|sub))\b\s*:?\s*(?:to\s+)?",
    re.IGNORECASE,
)
_SELF = re.compile(r"\s*(?:myself|me|self|my\s+self)\b", re.IGNORECASE)
_VOTE_VERB = re.compile(
    r"^\s*(?:goes\s+to|will\s+go\s+to|is\s+(?:for|on)|is|on|against)\s+(?=\S)", re.IGNORECASE
)
_TRAVEL_TAIL = re.compile(
    r"^\s*(?:to|out\s+of|back\s+to|home\s+to|from)?\s*(?:japan|home|abroad)?", re.IGNORECASE
)


class Refusal(Exception):
    """A fragment that cannot stand; its message is the reason the player is told."""


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """What the parser matches names against; built once per roster."""

    players: NameMatcher
    roles: NameMatcher
    filler: Filler


@lru_cache(maxsize=8)
def _role_matcher(ruleset_id: str) -> NameMatcher:
    ruleset = RULESETS[ruleset_id]
    return NameMatcher(ruleset.roles, aliases=dict(ruleset.role_aliases))


@lru_cache(maxsize=32)
def _vocabulary(names: tuple[str, ...], ruleset_id: str) -> Vocabulary:
    return Vocabulary(NameMatcher(names), _role_matcher(ruleset_id), Filler(protected=names))


def vocabulary(state: GameState) -> Vocabulary:
    """Matchers for the game's players and the ruleset's roles (cached: rosters rarely change)."""
    return _vocabulary(tuple(state.players), state.ruleset.id)


@dataclass
class _Reader:
    state: GameState
    author: str
    words: Vocabulary
    notes: list[str] = field(default_factory=list)

    # -- pieces ----------------------------------------------------------------------------
    def name(self, text: str) -> tuple[str, str]:
        found, used = self.words.players.match_prefix(text)
        if (not found.is_match or used == 0) and (word := _TARGET_WORD.match(text)):
            # "Heal on Parkur", "Watch to Akonyl": a player named "On" is read first.
            again, more = self.words.players.match_prefix(text[word.end() :])
            if again.is_match and more:
                found, used = again, more + word.end()
        if (not found.is_match or used == 0) and (me := _SELF.match(text)):
            return self.author, text[me.end() :]  # "Heal myself", "charm me"
        if not found.is_match or used == 0:
            raise Refusal(
                self._name_problem(found.kind, found.written or text.strip(), found.candidates)
            )
        if found.is_reading:
            self.notes.append(f"read '{found.written}' as {found.name}")
        return found.name or "", text[used:]

    def _name_problem(self, kind: MatchKind, written: str, candidates: tuple[str, ...]) -> str:
        written = written.split()[0] if written.split() else written
        if kind is MatchKind.AMBIGUOUS:
            return f"'{written}' could be {' or '.join(candidates)}: write more of the name"
        close = self.words.players.suggest(written)
        if close:
            return f"'{written}' matches no player in this game; did you mean {' or '.join(close)}?"
        players = ", ".join(self.words.players.names)
        return f"'{written}' matches no player in this game; the players are: {players}"

    def role(self, text: str) -> tuple[str, str]:
        found, used = self.words.roles.match_prefix(text)
        if not found.is_match or used == 0:
            written = text.strip().split()[0] if text.strip() else text
            if found.kind is MatchKind.AMBIGUOUS:
                raise Refusal(f"'{written}' could be the role {' or '.join(found.candidates)}")
            player, used = self.words.players.match_prefix(text)
            if used and player.kind in (MatchKind.EXACT, MatchKind.ALIAS):
                raise Refusal(
                    f"'{player.name}' is a player, and a role is wanted here: name the "
                    "character, as 'Shinichi', 'Ran' or 'Megure'"
                )
            close = self.words.roles.suggest(written)
            hint = f"; did you mean {' or '.join(close)}?" if close else ""
            raise Refusal(f"'{written}' is not a role of {self.state.ruleset.id}{hint}")
        if found.is_reading:
            self.notes.append(f"read '{found.written}' as {found.name}")
        return found.name or "", text[used:]

    def phase(self, text: str) -> tuple[Phase | None, str]:
        found = _PHASE.match(text)
        if not found:
            return None, text
        word = found["phase"].lower()
        current = self.state.phase
        if word in {"tonight", "today"}:
            return current, text[found.end() :]
        if word in {"last night", "yesterday"}:
            back = 2 if (word == "last night") == current.is_night else 1
            return Phase(max(0, current.index - back)), text[found.end() :]
        try:
            return Phase.parse(word), text[found.end() :]
        except ValueError:
            raise Refusal(f"'{found['phase']}' is not a phase (write 'Night 1', 'Day 2')") from None

    def end(self, rest: str, fragment: str) -> None:
        """The order must be over: only words that change nothing may follow ("tonight",
        "instead", "on Night 2" in Night 2); anything else is refused, never guessed at."""
        rest = _TRAILING.sub("", rest)
        when, after = self.phase(rest) if rest.strip() else (None, rest)
        if when is not None and not _TRAILING.sub("", after).strip(" .!?;,"):
            if when != self.state.phase:
                raise Refusal(f"this is an order for {self.state.phase}, not {when}")
            return
        if _REMARK.match(rest) and not self._names_anyone(rest):
            self.notes.append(f"took '{rest.strip(' ,-()')}' as a remark, not an order")
            return
        if rest.strip(" .!?;,"):
            raise Refusal(f"did not understand '{rest.strip()}' in '{fragment}'")

    def _holds(self, ability: str) -> bool:
        probe = Order(self.author, ability)
        return self.author in self.state.players and not isinstance(
            find_slot(self.state, probe), str
        )

    def _names_anyone(self, text: str) -> bool:
        """Whether a player's name stands anywhere in ``text`` (exactly, as a whole word)."""
        for word in re.finditer(r"\w[\w.-]*", text):
            found, used = self.words.players.match_prefix(text[word.start() :])
            if used and found.kind in (MatchKind.EXACT, MatchKind.ALIAS):
                return True
        return False

    # -- one reader per kind of order ------------------------------------------------------
    def read(self, fragment: str) -> Order | str | None:
        text = self.words.filler.clean(fragment)
        text = _PUNCT_TAIL.sub("", text)
        if not text or _CHATTER.match(text):
            return None
        for pattern, form in grammar.REWRITE_PATTERNS:
            rewritten = pattern.match(text)
            if rewritten:
                text = form.format(x=rewritten["x"])
                break
        keyword = grammar.match_word(grammar.ORDER_PATTERNS, text)
        if keyword is None and _I.match(text):
            # "I vote Abs", "I abstain": the player speaking of their own order.
            keyword = grammar.match_word(grammar.ORDER_PATTERNS, text[_I.match(text).end() :])
            text = text[_I.match(text).end() :] if keyword else text
        if keyword is None and (lead := _USE.match(text)) and lead.end():
            # "Use heal on Parkur", "the watch to Akonyl".
            keyword = grammar.match_word(grammar.ORDER_PATTERNS, text[lead.end() :])
            text = text[lead.end() :] if keyword else text
        if keyword is None:
            return self.leader_order(text, fragment)
        ability, used = keyword
        rest = text[used:].lstrip(" :")
        reader = getattr(self, f"read_{ability}", None)
        if reader is None:
            return self.targeted(ability, rest, fragment)
        return reader(rest, fragment)

    def targeted(self, ability: str, rest: str, fragment: str) -> Order:
        target, rest = self.name(rest)
        self.end(rest, fragment)
        return Order(self.author, ability, (target,), text=fragment)

    def read_arrest(self, rest: str, fragment: str) -> Order:
        target, rest = self.name(rest)
        rest = _FOR.sub("", rest, count=1)
        crime = grammar.match_word(grammar.CRIME_PATTERNS, rest)
        if crime is None:
            raise Refusal(
                "an arrest needs a crime, a victim and a phase: "
                "'Arrest Abs for killing Kleene on Night 1'"
            )
        name, used = crime
        rest = rest[used:]
        victim = None
        if name == "disguise":
            victim, rest = self.role(rest)
        elif not _PHASE.match(rest) and rest.strip():
            victim, rest = self.name(rest)
        when, rest = self.phase(rest)
        self.end(rest, fragment)
        return Order(
            self.author, "arrest", (target,), crime=name, victim=victim, when=when, text=fragment
        )

    def read_investigate(self, rest: str, fragment: str) -> Order:
        queries = []
        for part in filter(None, _QUERY_SPLIT.split(rest)):
            subject, tail = self.name(part)
            verb = grammar.match_word(grammar.QUERY_PATTERNS, tail.lstrip())
            if verb is None:
                raise Refusal(
                    f"'{part}' is not an action to investigate: write it as "
                    "'Jd- heals Parkur' or 'Conia disguised as Ran'"
                )
            keyword, used = verb
            tail = tail.lstrip()[used:]
            if keyword == "disguise":
                obj, tail = self.role(tail)
            else:
                obj, tail = self.name(tail)
            when, tail = self.phase(tail)
            self.end(tail, fragment)
            if when is not None and when != self.state.phase:
                if self._holds("special_investigate") and not self._holds("investigate"):
                    # Okiya's "Investigate Akonyl protected conia on Night 1" is his SI.
                    self.notes.append("read 'Investigate' as your Special Investigate")
                    return self.read_special_investigate(rest, fragment)
                raise Refusal(
                    f"Investigate looks at the actions of {self.state.phase} only, "
                    f"not {when}: 'He may not Investigate actions from previous nights'"
                )
            queries.append(Query(subject, keyword, obj))
        if not queries:
            raise Refusal("name what to investigate: 'Investigate Jd- heals Parkur'")
        return Order(self.author, "investigate", queries=tuple(queries), text=fragment)

    def read_aptx(self, rest: str, fragment: str) -> Order:
        target, rest = self.name(rest)
        separator = _AS.match(rest)
        if not separator:
            raise Refusal("an APTX names the target's role: 'APTX pofa as Satou'")
        role, rest = self.role(rest[separator.end() :])
        self.end(rest, fragment)
        return Order(self.author, "aptx", (target,), role=role, text=fragment)

    def read_vote(self, rest: str, fragment: str) -> Order:
        rest = _VOTE_VERB.sub("", rest, count=1)  # "My vote goes to Abs"
        if grammar.match_word(grammar.ORDER_PATTERNS, rest) == ("no_lynch", len(rest)) or (
            _NOBODY.match(rest)
        ):
            return Order(self.author, "vote", choice="no_lynch", text=fragment)
        return self.targeted("vote", rest, fragment)

    def read_no_lynch(self, rest: str, fragment: str) -> Order:
        self.end(rest, fragment)
        return Order(self.author, "vote", choice="no_lynch", text=fragment)

    def read_abstain(self, rest: str, fragment: str) -> Order:
        self.end(rest, fragment)
        return Order(self.author, "vote", choice="abstain", text=fragment)

    def read_unvote(self, rest: str, fragment: str) -> str:
        return "unvote"

    # -- issue 3: killing, protecting, crime and punishment ---------------------------------
    def names(self, rest: str) -> tuple[tuple[str, ...], str]:
        """One or more players: "A", "A, B and C", "A or else B"."""
        found = []
        rest = _LIST_WORDS.sub("", rest, count=1)
        while True:
            target, rest = self.name(rest)
            found.append(target)
            more = _LIST_SEP.match(rest)
            if not more or not rest[more.end() :].strip():
                return tuple(found), rest
            rest = rest[more.end() :]

    def listed(self, ability: str, rest: str, fragment: str) -> Order:
        targets, rest = self.names(rest)
        self.end(rest, fragment)
        return Order(self.author, ability, targets, text=fragment)

    def read_protect(self, rest: str, fragment: str) -> Order:
        return self.listed("protect", rest, fragment)  # "any number of people at day"

    def read_slander(self, rest: str, fragment: str) -> Order:
        return self.listed("slander", rest, fragment)  # "up to two targets"

    def read_watch(self, rest: str, fragment: str) -> Order:
        return self.substitutes("watch", rest, fragment)  # "(ordered) alternatives"

    def substitutes(self, ability: str, rest: str, fragment: str) -> Order:
        """ "Watch Akonyl, alternatively Jd-": the first choice, then its substitutes."""
        rest = _SUBSTITUTE.sub(", ", rest).replace("(", " ").replace(")", " ")
        return self.listed(ability, rest, fragment)

    def bare(self, ability: str, rest: str, fragment: str) -> Order:
        self.end(rest, fragment)
        return Order(self.author, ability, text=fragment)

    def read_bribe(self, rest: str, fragment: str) -> Order:
        return self.bare("bribe", rest, fragment)

    def read_voice_of_reason(self, rest: str, fragment: str) -> Order:
        return self.bare("voice_of_reason", rest, fragment)

    def read_voice_of_accusation(self, rest: str, fragment: str) -> Order:
        return self.bare("voice_of_accusation", rest, fragment)

    def read_defuse(self, rest: str, fragment: str) -> Order:
        if rest.strip(" .!?;,"):
            self.name(_ON.sub("", rest, count=1))  # "Defuse the bomb on X": the bomb is one
        return Order(self.author, "defuse", text=fragment)

    def read_erase(self, rest: str, fragment: str) -> Order:
        """ "Erase" (tonight's victim) or "Erase X"."""
        if not rest.strip(" .!?;,") or not self._names_anyone(rest):
            return self.bare("erase", rest, fragment)
        return self.targeted("erase", rest, fragment)

    def read_poison(self, rest: str, fragment: str) -> Order:
        try:
            order = self.read_aptx(rest, fragment)
        except Refusal as refusal:
            raise Refusal(str(refusal).replace("an APTX", "a poisoning").replace(
                "'APTX pofa as Satou'", "'Poison pofa as Satou'")) from None
        return Order(self.author, "poison", order.targets, role=order.role, text=fragment)

    def read_blame(self, rest: str, fragment: str) -> Order:
        """ "Blame Kleene for killing Parkur" (the crime is tonight's)."""
        target, rest = self.name(rest)
        rest = _FOR.sub("", rest, count=1)
        crime = grammar.match_word(grammar.CRIME_PATTERNS, rest)
        if crime is None:
            raise Refusal("a blame names a crime and its victim: 'Blame Kleene for killing Parkur'")
        name, used = crime
        rest = rest[used:]
        victim = None
        if name == "disguise":
            victim, rest = self.role(rest)
        elif rest.strip(" .!?;,") and not _PHASE.match(rest):
            victim, rest = self.name(rest)
        self.end(rest, fragment)
        return Order(self.author, "blame", (target,), crime=name, victim=victim, text=fragment)

    # -- issue 4: information, disguise, items, travel --------------------------------------
    def queries(self, rest: str, fragment: str) -> tuple[Query, ...]:
        """ "X heals Y", "X disguised as Ran on Prep", "Hakuba travels during Prep"."""
        found = []
        for part in filter(None, _QUERY_SPLIT.split(rest)):
            subject, tail = self.name(part)
            verb = grammar.match_word(grammar.QUERY_PATTERNS, tail.lstrip())
            if verb is None:
                raise Refusal(
                    f"'{part}' is not an action to investigate: write it as "
                    "'Jd- heals Parkur on Night 1' or 'Conia disguised as Ran during Prep'"
                )
            keyword, used = verb
            tail = tail.lstrip()[used:]
            if keyword == "disguise":
                obj, tail = self.role(tail)
            elif keyword in _NO_OBJECT and (not tail.strip() or _PHASE.match(tail)):
                obj = ""
            else:
                obj, tail = self.name(tail)
            when, tail = self.phase(tail)
            if tail.strip(" .!?;,"):
                raise Refusal(f"did not understand '{tail.strip()}' in '{fragment}'")
            found.append(Query(subject, keyword, obj, when))
        if not found:
            raise Refusal("name the action: 'SI Akonyl protects conia on Night 1'")
        return tuple(found)

    def read_special_investigate(self, rest: str, fragment: str) -> Order:
        return Order(
            self.author, "special_investigate", queries=self.queries(rest, fragment), text=fragment
        )

    def read_follow_up(self, rest: str, fragment: str) -> Order:
        return Order(self.author, "follow_up", queries=self.queries(rest, fragment), text=fragment)

    def read_observe(self, rest: str, fragment: str) -> Order:
        """ "Observe age X", "Gender-observe X", "Observe X's gender"."""
        kind = _OBSERVE_KIND.search(fragment)
        rest = _OBSERVE_KIND.sub("", rest, count=1).lstrip(" :-")
        target, rest = self.name(rest)
        rest = _OBSERVE_KIND.sub("", re.sub(r"^'s\b", "", rest), count=1)
        self.end(rest.strip(" ()"), fragment)
        choice = kind.group(0).lower() if kind else None
        return Order(self.author, "observe", (target,), choice=choice, text=fragment)

    def read_analyze(self, rest: str, fragment: str) -> Order:
        """ "Analyze my Interrogation from Night 1"."""
        rest = _ANALYZE_FILLER.sub("", rest, count=1)
        when, rest = self.phase(rest)
        self.end(rest, fragment)
        return Order(self.author, "analyze", when=when, text=fragment)

    def role_order(self, ability: str, rest: str, fragment: str) -> Order:
        """ "Detect Shinichi", "Detect: Shinichi is in the game"."""
        rest = rest.lstrip(" :")
        role, rest = self.role(_DETECT_ASK.sub("", rest, count=1))
        rest = _IN_GAME.sub("", rest, count=1)
        self.end(rest, fragment)
        return Order(self.author, ability, role=role, text=fragment)

    def read_detect(self, rest: str, fragment: str) -> Order:
        return self.role_order("detect", rest, fragment)

    def read_police_detect(self, rest: str, fragment: str) -> Order:
        return self.role_order("police_detect", rest, fragment)

    def identified(self, ability: str, rest: str, fragment: str) -> Order:
        """ "Identify Akonyl as Sonoko"."""
        target, rest = self.name(rest)
        separator = _AS.match(rest)
        if not separator:
            raise Refusal("an identification names the role: 'Identify Akonyl as Sonoko'")
        role, rest = self.role(rest[separator.end() :])
        self.end(rest, fragment)
        return Order(self.author, ability, (target,), role=role, text=fragment)

    def read_identify(self, rest: str, fragment: str) -> Order:
        return self.identified("identify", rest, fragment)

    def read_police_identify(self, rest: str, fragment: str) -> Order:
        return self.identified("police_identify", rest, fragment)

    def read_spy(self, rest: str, fragment: str) -> Order:
        return self.listed("spy", rest, fragment)

    def lent_or_lend(self, ability: str, via: str, rest: str, fragment: str) -> Order:
        """ "Bow-tie X alternatively Y" lends it; "Bow-tie: interrogate X" uses it."""
        inner = grammar.match_word(grammar.ORDER_PATTERNS, rest.lstrip(" :"))
        if inner is not None and self.state.phase.is_night:
            order = self.read(rest.lstrip(" :"))
            if not isinstance(order, Order):
                raise Refusal(f"'{rest.strip()}' is not an order to use the {via}")
            return replace(order, via=via, text=fragment)
        return self.substitutes(ability, rest, fragment)

    def read_bow_tie(self, rest: str, fragment: str) -> Order:
        return self.lent_or_lend("bow_tie", "bow_tie", rest, fragment)

    def read_black_suitcase(self, rest: str, fragment: str) -> Order:
        return self.lent_or_lend("black_suitcase", "suitcase", rest, fragment)

    def read_cover(self, rest: str, fragment: str) -> Order:
        return self.lent_or_lend("cover", "cover", rest, fragment)

    def read_abduct(self, rest: str, fragment: str) -> Order:
        if self._names_anyone(rest):
            raise Refusal(
                "Abduct names nobody: the GM draws a character no player has; write 'Abduct'"
            )
        return self.bare("abduct", _ABDUCT_TAIL.sub("", rest, count=1), fragment)

    def read_betrayal(self, rest: str, fragment: str) -> Order:
        return self.bare("betrayal", rest, fragment)

    def read_steal(self, rest: str, fragment: str) -> Order:
        """ "Steal from Akonyl"; "Steal Akonyl's gun" is refused: the item is not chosen."""
        target, tail = self.name(rest)
        item = _ITEM.match(tail)
        if item:
            raise Refusal(
                f"a thief does not choose the item ('{item['item']}'): "
                f"write 'Steal from {target}'"
            )
        self.end(tail, fragment)
        return Order(self.author, "steal", (target,), text=fragment)

    def read_travel(self, rest: str, fragment: str) -> Order:
        return self.bare("travel", _TRAVEL_TAIL.sub("", rest), fragment)

    def read_friendship(self, rest: str, fragment: str) -> Order:
        return self.listed("friendship", rest, fragment)

    def read_amor(self, rest: str, fragment: str) -> Order:
        return self.listed("amor", rest, fragment)

    def read_disguise(self, rest: str, fragment: str) -> Order:
        """ "Disguise: A, B, C" (Prep); "Disguise as Ran" is a costume."""
        found = re.match(r"\s*as\b", rest, re.IGNORECASE)
        if found and not _LIST_WORDS.match(rest):
            return self.read_temporary_disguise(rest[found.end() :], fragment)
        return self.listed("disguise", rest, fragment)

    def read_temporary_disguise(self, rest: str, fragment: str) -> Order:
        role, rest = self.role(re.sub(r"^\s*(?:as|the)\b", "", rest, flags=re.IGNORECASE))
        rest = re.sub(r"^\s*costume\b", "", rest, flags=re.IGNORECASE)
        rest = _FOR.sub("", rest, count=1) if re.match(r"\s*for\b", rest, re.I) else rest
        when, after = self.phase(rest)
        night = Phase(self.state.phase.index + 1)
        if when is not None and when != self.state.phase:
            # "Disguise as Ran for N3" on Day 2: the costume is worn the night after.
            if when != night:
                raise Refusal(f"a costume chosen in {self.state.phase} is worn on {night}")
            rest = after
        self.end(rest, fragment)
        return Order(self.author, "temporary_disguise", role=role, text=fragment)

    def read_choose_costumes(self, rest: str, fragment: str) -> Order:
        roles = []
        rest = rest.lstrip(" :")
        while rest.strip(" .!?;,"):
            role, rest = self.role(rest)
            roles.append(role)
            more = _LIST_SEP.match(rest)
            if not more:
                # "Shinichi Kazuha Chiba": roles one after another, when the next is a role.
                found, used = self.words.roles.match_prefix(rest)
                if not (rest[:1].isspace() and found.is_match and used):
                    break
                continue
            rest = rest[more.end() :]
        self.end(rest, fragment)
        return Order(self.author, "choose_costumes", roles=tuple(roles), text=fragment)

    def leader_order(self, text: str, fragment: str) -> Order | None:
        """A leader naming the killer: "Vodka kills Kleene", "Order Vodka to kill Kleene"."""
        text = _ORDER_TO.sub("", text, count=1)
        found, used = self.words.players.match_prefix(text)
        if found.is_match and used:
            verb = _LEADER.match(text[used:])
            if verb:
                target, rest = self.name(text[used + verb.end() :])
                self.end(rest, fragment)
                return Order(self.author, "kill", (target,), killer=found.name, text=fragment)
        raise Refusal(
            "this does not read as an order; orders look like 'Heal Parkur', "
            "'Investigate Jd- heals Parkur', 'Arrest Abs for killing Kleene on Night 1', "
            "'APTX pofa as Satou' or 'Vote Abs'"
        )


def _cuts(line: str, pattern: re.Pattern[str], keep: list[tuple[int, int]], *,
          needs_order: bool) -> list[str]:
    """Cut ``line`` where ``pattern`` matches, except inside a player's name, and (for "and",
    "then") only where an order word follows: "A kills B and C heals D" is one query list."""
    pieces, start = [], 0
    for found in pattern.finditer(line):
        if any(a < found.end() and found.start() < b for a, b in keep):
            continue
        if needs_order and not _order_follows(line[found.end() :]):
            continue
        pieces.append(line[start : found.start()])
        start = found.end()
    pieces.append(line[start:])
    return pieces


def _order_follows(text: str) -> bool:
    """Whether an order word starts ``text`` ("and heal X", "and the watch to Y")."""
    if grammar.match_word(grammar.ORDER_PATTERNS, text):
        return True
    lead = _USE.match(text)
    after = text[lead.end() :] if lead and lead.end() else ""
    return bool(after and grammar.match_word(grammar.ORDER_PATTERNS, after))


def _join_lists(lines: list[str]) -> list[str]:
    """ "Investigate:" followed by one query a line reads as one order with a list."""
    joined: list[str] = []
    head: str | None = None
    for line in lines:
        found = _LIST_HEAD.match(line)
        word = grammar.match_word(grammar.ORDER_PATTERNS, found["head"]) if found else None
        if word and not found["colon"] and (
            word[1] != len(found["head"]) or word[0] not in _LIST_ABILITIES
        ):
            word = None  # "Disguise" alone heads a list; "Heal Parkur" or "Bribe" do not
        if word:
            head = found["head"]
            joined.append(head)
            continue
        item = _BULLET.sub("", line).strip()
        if head is not None and item and not grammar.match_word(grammar.ORDER_PATTERNS, item):
            joined[-1] = f"{joined[-1]}{' ' if joined[-1] == head else ', '}{item}"
            continue
        head = None
        joined.append(line)
    return joined


def _fragments(text: str, names: tuple[str, ...]) -> list[str]:
    """Cut a message into one fragment per order: by line, by sentence, by "and <order>"."""
    pieces = []
    for line in _join_lists(text.splitlines()):
        lowered = line.casefold()
        keep = [
            (m.start(), m.end())
            for name in names
            if " " in name
            for m in re.finditer(re.escape(name.casefold()), lowered)
        ]
        for sentence in _cuts(line, _SENTENCE, keep, needs_order=False):
            for piece in _cuts(sentence, _JOINER, [], needs_order=True):
                if piece.strip(" .!?;,"):
                    pieces.append(piece.strip())
    return pieces


def _may_be_order(line: str) -> bool:
    """Protects a line after a "--" sign-off from being taken for a signature."""
    return grammar.match_word(grammar.ORDER_PATTERNS, line.strip()) is not None


def _alternate(state: GameState, order: Order) -> Order | str | None:
    """The order under the name of the ability the player holds, when the word they wrote
    names another that the Keywords equate ("Heal" from Kobayashi is her First Aid); a reason
    to refuse when two could be meant; None when nothing else fits."""
    if not isinstance(find_slot(state, order), str):
        return None
    held = [
        alt
        for name in grammar.ALTERNATES.get(order.ability, ())
        if not isinstance(find_slot(state, alt := replace(order, ability=name)), str)
    ]
    if len(held) > 1:
        names = " or ".join(ability_title(o.ability) for o in held)
        return f"'{ability_title(order.ability)}' could be your {names}: write which one"
    return held[0] if held else None


def _what_you_can_send(state: GameState, author: str) -> str:
    """The fix for an order the player cannot give now: the orders they can."""
    if author not in state.players:
        return ""
    titles: list[str] = []
    for _, slot in held_slots(state, author):
        if state.phase.kind in slot.phases:
            for use in slot.options:
                title = ability_title(use.ability)
                if title not in titles:
                    titles.append(title)
    if not titles:
        return f"you have no order to send in {state.phase}"
    return f"in {state.phase} you can send: {', '.join(titles)}"


def _fix(state: GameState, author: str, order: Order | None, reason: str) -> str:
    """What to send instead, when the reason does not already say it."""
    if "'" in reason or "write" in reason or "did you mean" in reason:
        return ""  # the reason quotes the expected form or names the players
    if order is None or isinstance(find_slot(state, order), str):
        return _what_you_can_send(state, author)
    if any(t in reason for t in order.targets):
        return "choose a player who is alive, free and not yourself"
    return ""


def _away_notes(state: GameState, order: Order) -> list[str]:
    """Accepted, but it will fail as things stand: the player or a target is out of Japan."""
    notes = []
    ability = ABILITIES.get(order.ability)
    actor = state.players[order.actor]
    if ability is not None and not ability.abroad_ok and (
        actor.has(ABROAD, state.phase) or actor.has(IN_FLIGHT, state.phase)
    ):
        notes.append(
            f"you are not in Japan: {ability_title(order.ability)} will fail unless you are "
            "back by then (only Travel works from abroad)"
        )
    for target in order.targets:
        p = state.players.get(target)
        if target != order.actor and p is not None and (
            p.has(ABROAD, state.phase) or p.has(IN_FLIGHT, state.phase)
        ):
            notes.append(f"{target} is not in Japan: actions on a traveler abroad fail")
    return notes


def _merge(earlier: Order, later: Order) -> Order | None:
    """Two investigations for one slot in one PM are one list of queries."""
    if earlier.ability == later.ability and earlier.queries and later.queries:
        text = f"{earlier.text}; {later.text}"
        return replace(later, queries=earlier.queries + later.queries, text=text)
    return None


def parse_pm(state: GameState, author: str, source: str) -> ParsedPM:
    """Read one private message from ``author`` in the current phase of ``state``."""
    text = clean_message(source, keep=_may_be_order)
    will = None
    found = _WILL.search(text)
    if found:
        will = text[found.end() :].strip()
        text = text[: found.start()]
    reader = _Reader(state, author, vocabulary(state))
    accepted: dict[SlotKey, Order] = {}
    rejected: list[Rejection] = []
    unvote = False
    for fragment in _fragments(text, reader.words.players.names):
        try:
            read = reader.read(fragment)
        except Refusal as refusal:
            reason = str(refusal)
            fix = _what_you_can_send(state, author) if "not read as an order" in reason else ""
            rejected.append(Rejection(fragment, reason, fix))
            continue
        if read == "unvote":
            unvote = True
            accepted = {k: o for k, o in accepted.items() if o.ability != "vote"}
            continue
        if not isinstance(read, Order):
            continue
        checked = check_order(state, read)
        if isinstance(checked, str) and grammar.ALTERNATES.get(read.ability):
            # Only an order refused can be another ability's: "Heal" from Kobayashi.
            other = _alternate(state, read)
            if isinstance(other, str):
                rejected.append(Rejection(fragment, other))
                continue
            if other is not None:
                reader.notes.append(
                    f"read '{ability_title(read.ability)}' as your {ability_title(other.ability)}"
                )
                read = other
                checked = check_order(state, read)
        if isinstance(checked, str):
            rejected.append(Rejection(fragment, checked, _fix(state, author, read, checked)))
            continue
        key = checked[0]
        earlier = accepted.pop(key, None)
        if earlier is not None:
            merged = _merge(earlier, read)
            again = check_order(state, merged) if merged else None
            if merged is not None and not isinstance(again, str):
                read = merged
            elif merged is not None and isinstance(again, str):
                accepted[key] = earlier
                rejected.append(Rejection(fragment, again))
                continue
            else:
                reader.notes.append(
                    f"'{read.canonical()}' replaces '{earlier.canonical()}' "
                    "(a later order replaces an earlier one for the same action)"
                )
        accepted[key] = read
        reader.notes.extend(_away_notes(state, read))
    return ParsedPM(
        author, tuple(accepted.values()), tuple(rejected), will, unvote, tuple(reader.notes)
    )
