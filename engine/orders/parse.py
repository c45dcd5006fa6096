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

from engine.orders import grammar
from engine.orders.bbcode import Filler, clean_message
from engine.orders.model import Order, ParsedPM, Query, Rejection
from engine.orders.names import MatchKind, NameMatcher
from engine.phases import Phase
from engine.rules import RULESETS
from engine.state import GameState
from engine.validate import check_order

# "Will: ..." starts a line or follows a sentence, and runs to the end of the message.
_WILL = re.compile(r"(?:^|(?<=[.!?;]))\s*(?:my\s+)?will\s*[:\-]\s*", re.IGNORECASE | re.MULTILINE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_JOINER = re.compile(r"\s*[,;]\s*|\s+(?:and|then|also|&|\+)\s+", re.IGNORECASE)
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
_LIST_HEAD = re.compile(r"^\s*(?P<head>[A-Za-z][\w\s-]*?)\s*:\s*$")
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
_ALTERNATIVELY = re.compile(
    r"\s*[(,]?\s*\b(?:alternatively|alternative|else|otherwise)\b\s*:?", re.IGNORECASE
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
            raise Refusal(f"'{written}' is not a role of {self.state.ruleset.id}")
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
        keyword = grammar.match_word(grammar.ORDER_PATTERNS, text)
        if keyword is None and _I.match(text):
            # "I vote Abs", "I abstain": the player speaking of their own order.
            keyword = grammar.match_word(grammar.ORDER_PATTERNS, text[_I.match(text).end() :])
            text = text[_I.match(text).end() :] if keyword else text
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
        return self.listed("watch", rest, fragment)  # "(ordered) alternatives"

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
        order = self.read_aptx(rest, fragment)
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
        role, rest = self.role(rest.lstrip(" :"))
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
        rest = _ALTERNATIVELY.sub(", ", rest).replace(")", " ")
        return self.listed(ability, rest, fragment)

    def read_bow_tie(self, rest: str, fragment: str) -> Order:
        return self.lent_or_lend("bow_tie", "bow_tie", rest, fragment)

    def read_black_suitcase(self, rest: str, fragment: str) -> Order:
        return self.lent_or_lend("black_suitcase", "suitcase", rest, fragment)

    def read_cover(self, rest: str, fragment: str) -> Order:
        return self.lent_or_lend("cover", "cover", rest, fragment)

    def read_abduct(self, rest: str, fragment: str) -> Order:
        return self.bare("abduct", rest, fragment)

    def read_travel(self, rest: str, fragment: str) -> Order:
        return self.bare("travel", _TRAVEL_TAIL.sub("", rest), fragment)

    def read_friendship(self, rest: str, fragment: str) -> Order:
        return self.listed("friendship", rest, fragment)

    def read_amor(self, rest: str, fragment: str) -> Order:
        return self.listed("amor", rest, fragment)

    def read_disguise(self, rest: str, fragment: str) -> Order:
        """ "Disguise: A, B, C" (Prep); "Disguise as Ran" is a costume."""
        found = re.match(r"\s*as\b", rest, re.IGNORECASE)
        if found:
            return self.read_temporary_disguise(rest[found.end() :], fragment)
        return self.listed("disguise", rest, fragment)

    def read_temporary_disguise(self, rest: str, fragment: str) -> Order:
        role, rest = self.role(re.sub(r"^\s*(?:as|the)\b", "", rest, flags=re.IGNORECASE))
        rest = re.sub(r"^\s*costume\b", "", rest, flags=re.IGNORECASE)
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
                break
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
        if needs_order and not grammar.match_word(grammar.ORDER_PATTERNS, line[found.end():]):
            continue
        pieces.append(line[start : found.start()])
        start = found.end()
    pieces.append(line[start:])
    return pieces


def _join_lists(lines: list[str]) -> list[str]:
    """ "Investigate:" followed by one query a line reads as one order with a list."""
    joined: list[str] = []
    head: str | None = None
    for line in lines:
        found = _LIST_HEAD.match(line)
        if found and grammar.match_word(grammar.ORDER_PATTERNS, found["head"]):
            head = found["head"]
            joined.append(head)
            continue
        if head is not None and line.strip() and not grammar.match_word(
            grammar.ORDER_PATTERNS, line.strip()
        ):
            joined[-1] = f"{joined[-1]}{' ' if joined[-1] == head else ', '}{line.strip()}"
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


def parse_pm(state: GameState, author: str, source: str) -> ParsedPM:
    """Read one private message from ``author`` in the current phase of ``state``."""
    text = clean_message(source, keep=_may_be_order)
    will = None
    found = _WILL.search(text)
    if found:
        will = text[found.end() :].strip()
        text = text[: found.start()]
    reader = _Reader(state, author, vocabulary(state))
    accepted: list[Order] = []
    rejected: list[Rejection] = []
    unvote = False
    for fragment in _fragments(text, reader.words.players.names):
        try:
            read = reader.read(fragment)
        except Refusal as refusal:
            rejected.append(Rejection(fragment, str(refusal)))
            continue
        if read == "unvote":
            unvote = True
            accepted = [o for o in accepted if o.ability != "vote"]
        elif isinstance(read, Order):
            checked = check_order(state, read)
            if isinstance(checked, str):
                rejected.append(Rejection(fragment, checked))
            else:
                accepted.append(read)
    return ParsedPM(author, tuple(accepted), tuple(rejected), will, unvote, tuple(reader.notes))
