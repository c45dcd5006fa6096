"""From one fragment to its order: find the order word, then hand the rest to its reader.

``READERS`` maps an order word's ability to its reader for the orders every family shares
(votes); a family's own readers come with the PM's reader (``Reader.readers``,
handed in by the family's dialect). An ability in neither is "Ability Name"
(``Reader.targeted``). A fragment with no order word goes to the family's ``unworded`` reader
(DCTP's: a Black Org leader naming the killer, "Vodka kills Kleene").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import grammar, phrases
from autogm.engine.orders.evidence import COMMON
from autogm.engine.orders.fragments import CHATTER
from autogm.engine.orders.grammar import USE, Grammar
from autogm.engine.orders.kinds import Kind
from autogm.engine.orders.model import Order, PlainOrder
from autogm.engine.orders.name_match import MatchKind
from autogm.engine.orders.reader import NO_ORDER, Guess, Reader, Refusal
from autogm.engine.orders.readers import votes
from autogm.engine.orders.stance import thought_before
from autogm.engine.render.templates import say

# The player speaking of their own order: "I vote Abs", "I'm voting Abs", "I will be healing
# Kleene", "tonight I interrogate Abs", "also vote Abs", "and unvote Miaka".
_I = lazy_compile(
    r"(?:(?:tonight|today|now|then|also|and)\s*,?\s+)*"
    r"(?:i(?:['’]m|\s+am|\s+will(?:\s+be)?|['’]ll(?:\s+be)?)?\s+)?(?:be\s+)?"
    r"(?:(?:going\s+to|gonna)\s+)?(?=\w)",
    re.IGNORECASE,
)
# The subject of a clipped or misspelled order word: "I kil Tamsin", "we kil Tamsin tonite".
_SUBJECT = lazy_compile(
    rf"(?:{grammar.WE}|i(?:['’]m|\s+am|\s+will|['’]ll)?\s+)(?=\w)", re.IGNORECASE
)
# What players write between an investigation and its queries: "Investigate 2: ...",
# "Investigate the following: ...", "Investigate whether/if Abs kills Kleene".
_QUERY_LEAD = lazy_compile(
    r"^(?:\d{1,2}\b\s*(?:things|actions|queries|questions)?\s*:?|the\s+following\b\s*:?"
    r"|(?:whether|if|that)\b(?:\s+(?:did|does|has|is|was)\b)?|(?:did|does|has|is|was)\b)\s*",
    re.IGNORECASE,
)
# Trailing punctuation, and the closing asterisk of a word set in bold as chat apps write it
# ("*unvote* *vote Miaka*").
_PUNCT_TAIL = lazy_compile(r"[\s.!?;,*]+$")
_TAIL_MARKS = ".!?;,*"  # the same characters but whitespace, for ``_without_tail``


def _without_tail(text: str) -> str:
    r"""``_PUNCT_TAIL.sub("", text)``: a loop over the few characters at its end, where the
    regular expression is tried at every position (``\s`` is ``str.isspace``)."""
    end = len(text)
    while end and (text[end - 1] in _TAIL_MARKS or text[end - 1].isspace()):
        end -= 1
    return text[:end]


# What players put before an order: list bullets and numbers, other forums' command marks
# ("##vote X", "/vote X", "!vote X", "*vote X", the DCTP live bot's "!mm"), a correction later
# in the PM ("EDIT: vote Y", read as a later PM would be: it replaces the earlier order).
_LEAD = re.compile(
    r"^(?:(?:[-*•·>]+|\d{1,2}[.)]|#+|/|!+(?:mm\b)?|(?:edit|ps|correction|update|change)"
    r"\s*(?:\d+\s*)?[:\-]|(?:actually|wait|scratch\s+that|never\s*mind|nvm|new\s+plan"
    r"|change\s+of\s+(?:plans?|mind))\s*[:\-,]|(?:ok(?:ay)?|so)\s*[:\-])\s*)+",
    re.IGNORECASE,
)
# A courtesy between the order word and its targets: "costumes pls: Camel, Sera".
_POLITE = re.compile(rf"(?:{'|'.join(phrases.POLITE)})(?![\w'’])[\s:,.!\-–—]*", re.IGNORECASE)
# A label between the order word and its target: "Heal target: Lynz".
_TARGET_LABEL = re.compile(
    r"^(?:target|player|person)(?:\s+(?:for\s+)?(?:tonight|today|the\s+night|the\s+day))?"
    r"\s*(?:is\b|:|-|=)\s*",
    re.IGNORECASE,
)
# Arrows and colons between an order word and its target: "Heal -> Kleene", "Heal: Kleene".
_ARROW = lazy_compile(r"\s*(?:-+>|=+>|→|⇒|➡)\s*")
# Names in quotation marks: "Heal "Kleene"" is Heal Kleene.
_QUOTES = lazy_compile(r"[\"“”«»]")
# What stands between a phase and the order it labels: "Night 2 action: Heal Lynz", "N2: heal
# Lynz", "Tonight's action - heal Lynz", "N2 heal: Lynz".
_LABEL_TAIL = lazy_compile(
    r"(?:['’]s)?\s*(?:(?:night|day)\s+)?(?:(?:actions?|orders?|choices?|targets?|moves?|plans?"
    r"|submission)\b)?\s*(?::|-+|–|—|=)?\s*",
    re.IGNORECASE,
)
# What a phase label starts with, tried before the names and the phase itself: most fragments
# start with an order word, and "Detect" or "No lynch" must not cost a phase's reading.
_LABEL_START = re.compile(
    r"\s*\(?\s*(?:(?:on|during|in|at|of)\s+)?(?:the\s+)?(?:prep|night|day|[nd]\s*\d|tonight"
    r"|tonite|2nite|today|first|second|third|fourth|fifth|\d{1,2}(?:st|nd|rd|th))",
    re.IGNORECASE,
)
# The ASCII characters a match of ``_LABEL_START`` can start with (test_dispatch proves it of
# the pattern): "Vote Abs", "Bribe", "Heal Lynz" are not tried. Beyond ASCII, where
# case-insensitive matching folds more letters (and \s more spaces), every text is tried.
_LABEL_FIRST = frozenset(
    "(0123456789adfinopstADFINOPST" + "".join(c for c in map(chr, range(128)) if c.isspace())
)
# Questions that are orders: "Does Abs kill Kleene?" (Investigate), "Did Abs kill Kleene on
# Night 1?" (Special Investigate), "Is Shinichi in the game?" (Detect).
_ASKED_ACTION = lazy_compile(r"^(?:does|did|has|is)\s+(?P<q>.+)$", re.IGNORECASE)
_ASKED_ROLE = lazy_compile(
    r"^(?:is\s+there\s+(?:an?\s+)?(?P<r1>.+?)(?:\s+(?:in\s+(?:the|this)\s+game|playing))?"
    r"|is\s+(?P<r2>.+?)\s+(?:in\s+(?:the|this)\s+game|playing|around|here))$",
    re.IGNORECASE,
)
# The talk around orders: thanks, apologies, wishes, sign-offs, questions to the GM.
_SOCIAL = lazy_compile(
    r"\b(?:thanks?|thank\s+you|thx|ty|sorry|apolog\w*|hope\w*|luck|cheers|regards|best"
    r"|see\s+you|bye|goodbye|good\s*night|hello|hi|hey|lol|xd|haha|that['’]?s\s+(?:all|it)"
    r"|final\s+answer|just\s+checking|went\s+through|did\s+you\s+get|receiv\w*"
    r"|let\s+me\s+know|sent\s+from|format|unclear|wish|fun|enjoy|gl|hf)\b",
    re.IGNORECASE,
)
_PRONOUN = lazy_compile(r"\b(?:him|her|them)\b", re.IGNORECASE)
# A pronoun corrected at once by the name it stands for: "interrogate him, Abs I mean", "vote
# him - sorry, I mean Abs", "investigate her (Lynz)", "protect him, Kleene that is".
_CORRECTED = lazy_compile(
    r"\b(?:him|her|them|he|she)\b(?P<gap>(?:\s+(?:tonight|tonite|today|please|pls|plz))*)",
    re.IGNORECASE,
)
_MEAN = r"(?:i\s+mean[st]?(?:\s+to\s+say)?|that\s+is|i\.e\.?|meaning|namely|aka|as\s+in)"
# "no" only with a mark after it: "him... wait no, Miaka", but "heal her, no Kleene" is no fix.
_OOPS = r"(?:sorry|sry|soz|oops|whoops|err?|erm|uh+|um+|my\s+bad|wait|no(?=\s*[,.!…\-–—]))"
_MARKS = r"[\s,.!:;…\-–—~]*"
# The words before the name: "him - sorry, I mean Abs", "her, that is Lynz".
_FIX_BEFORE = lazy_compile(rf"{_MARKS}(?:(?:{_OOPS}|{_MEAN})\b{_MARKS})+", re.IGNORECASE)
# The words after it: "him, Abs I mean", "him... Kleene that is".
_FIX_AFTER = lazy_compile(rf"{_MARKS}(?:{_MEAN}|{_OOPS}|lol|haha|xd)\b", re.IGNORECASE)
# Brackets around it: "her (Lynz)", "him [I mean Abs]".
_FIX_OPEN = lazy_compile(rf"\s*[(\[]\s*(?:{_MEAN}\b[\s,:]*)?", re.IGNORECASE)
_FIX_CLOSE = lazy_compile(r"\s*[)\]]")
# What stands between a pronoun and the name after it: "him, Abs", "her... Kleene", "him - Abs".
_APPOSITION = lazy_compile(r"\s*(?:[,:;.…]+|\s[-–—~]+)\s*")
_LIST_MARK = re.compile(r"^(?:\d{1,2}[.)]?|[-*•·#]+)$")
# Where a clause starts inside a sentence, and the first-person words that open the player's
# own order written as a possession or a choice there.
_CLAUSE = lazy_compile(r"(?:[,;:]|\b(?:and|so|but|then|ok(?:ay)?)\b)\s*", re.IGNORECASE)
# An order word as a gerund: the player's own order after reasoning, "... but interrogating Abs".
_GERUND = lazy_compile(r"[a-z-]+ing\b", re.IGNORECASE)
_OWN = lazy_compile(r"(?:my|i['’]?m\s+going|i\s+am\s+going)\s", re.IGNORECASE)


def read(
    reader: Reader, fragment: str, *, tagged: bool = False
) -> Order | votes.Unvote | str | None:
    """The order in ``fragment``; None for chatter, ``Unvote`` for an unvote, "no_action"
    for no action. ``tagged``: a lead tag was taken off ``fragment`` already (one is read)."""
    text = _plain(reader.words.filler.clean(fragment))
    if text is None:
        return None
    asking = fragment.rstrip(" )").endswith("?")
    if asking:
        text = _question_labelled(reader, text)
    first = text[:1]
    if (first in _LABEL_FIRST or not first.isascii()) and _LABEL_START.match(text):
        text = _past_phase_label(reader, text)
    if not text:
        return None
    if asking:
        text = _asked(reader, text)
    g = reader.grammar
    text = g.rewritten(text)
    whole = text
    keyword, text = _order_word(g, text)
    if keyword is None:
        later = _later_order(g, text)
        if later is not None:
            keyword, text = later
    if keyword is None and not tagged:
        after = _after_lead_tag(reader, text)
        if after is not None:
            return after
    if keyword is None:
        if _is_remark(reader, text):
            # Greetings, thanks, apologies, sign-offs: no order word, no other player named.
            reader.notes.append(say("reading.remark", written=fragment.strip()))
            return None
        taken = _near_order(reader, text)
        if taken is not None:
            return taken
        sole = _SOLE.match(text)
        if sole is not None and text[:1] in "tcpTCP" and not _one_order_held(reader):
            sole = None  # "Target: Abs" under a form's other fields, beside an item's order
        alone, used = reader.words.players.match_prefix(text) if sole is None else (None, 0)
        if sole is None and alone is not None and alone.is_match and used:
            # "my choice: Parkur" (the filler keeps the name), or the name alone.
            sole = None if text[used:].strip(" .!") or alone.name == reader.author else text
        if isinstance(sole, str) and len(_orders_now(reader)) == 1:
            # A name alone names no order: the one order it can be is asked back.
            notes = len(reader.notes)
            order = _sole_order(reader, sole, fragment)
            del reader.notes[notes:]
            problem = say("reading.player_but_no_order")
            raise Guess(
                problem,
                problem,
                kind=Kind.MISSING_DETAIL,
                order=order if isinstance(order, Order) else None,
            )
        if sole is not None and not isinstance(sole, str) and _orders_now(reader):
            return _sole_order(reader, sole["x"], fragment)
        unworded = reader.readers.unworded
        if unworded is None:
            raise Refusal(say(NO_ORDER), Kind.NOT_AN_ORDER)
        return unworded(reader, text, fragment)
    ability, used = keyword
    rest = _TARGET_LABEL.sub("", text[used:].lstrip(" :-–—"), count=1)
    if rest[:1] in "pPkK" and (polite := _POLITE.match(rest)) is not None:
        rest = rest[polite.end() :]  # "costumes pls: Camel, Sera": a courtesy, not a target
    rest = pronoun_corrected(reader, rest)
    if ability in reader.grammar.queries:
        rest = _corrected_at_the_end(reader, rest)
    if len(whole) > len(text):  # words before the order word: they may name the pronoun's player
        rest = _pronoun_named(reader, rest, whole[: len(whole) - len(text)])
    if ability in reader.grammar.queries:
        rest = _QUERY_LEAD.sub("", rest, count=1)
    reader.ability = ability
    reader_of = READERS.get(ability) or reader.readers.by_ability.get(ability)
    if reader_of is None:
        return reader.targeted(ability, rest, fragment)
    return reader_of(reader, rest, fragment)


def _after_lead_tag(reader: Reader, text: str) -> Order | votes.Unvote | str | None:
    """The order after a lead tag ("NA: prot Zoë", "N2 NA - CX Nox", "Night action (covering
    Tsubaki): slander Biscuit"): a label of one to three words before a colon or a dash, an
    aside in brackets after it, which is no word of the order. Not a tag: one that names a
    player outside its brackets ("Lynz: kill Abs" names the doer), holds an order word, or
    reports someone's words ("Abs said: ..."). Only an order read whole after it is taken; a
    refusal of what follows an order word is the order's (its target dead, ...)."""
    tag = _LEAD_TAG.match(text)
    if tag is None:
        return None
    label, rest = tag["label"], text[tag.end() :]
    g = reader.grammar
    if (
        g.any_order_word(label)
        or _REPORTED.search(label)
        or any(True for _ in reader.names_in(label))
    ):
        return None
    named, used = reader.words.players.match_prefix(rest)
    if named.is_match and used:
        return None  # "Target: Abs kills Lynz": a form's field, read with the form
    if _order_word(g, g.rewritten(rest))[0] is not None:
        return read(reader, rest, tagged=True)
    notes = len(reader.notes)
    try:
        order = read(reader, rest, tagged=True)
    except (Refusal, Guess):
        order = None
    if not isinstance(order, Order):
        del reader.notes[notes:]
        return None
    return order


# A lead tag: one to three words (an aside in brackets after them), then a colon or a dash.
_LEAD_TAG = lazy_compile(
    r"(?P<label>[^\W_][\w'’]{0,15}(?:[ \t]+[\w'’]{1,16}){0,2})\s*(?:\([^()\n]{0,40}\)\s*)?"
    r"(?::|[ \t]+[-–—]+)[ \t]*(?=\S)"
)
_REPORTED = phrases.pattern(phrases.REPORTED)


# The same fragments come phase after phase ("Vote P34"): the answers of the steps that
# depend on the text alone are remembered.
@lru_cache(maxsize=4096)
def _plain(text: str) -> str | None:
    """The text without trailing punctuation, lead marks, arrows and quotation marks; None
    for chatter and a bare list mark."""
    text = _without_tail(text)
    if not text or CHATTER.match(text) or _LIST_MARK.match(text):
        return None
    if lead := _LEAD.match(text):  # anchored at the start: the one place it can match
        text = text[lead.end() :]
    # Most fragments hold no arrow and no quotation mark: a look for the characters every
    # match needs is cheaper than a search at each position.
    if ">" in text or "→" in text or "⇒" in text or "➡" in text:
        # One arrow stands for a colon ("Björn → snipe", "Heal -> Lynz"); a chain of them is
        # an order of players ("ranking: Gin -> Vodka -> Korn"), read as the names in turn.
        text = _ARROW.sub(": " if len(_ARROW.findall(text)) == 1 else " ", text)
    if '"' in text or "“" in text or "”" in text or "«" in text or "»" in text:
        text = _QUOTES.sub("", text)
    return text.strip()


def _past_phase_label(reader: Reader, text: str) -> str:
    """The text after a label that names the phase ("Night 2 action: Heal Lynz"), when an
    order follows it. The phase is meaning (bbcode.Filler keeps it): a label for another phase
    is refused, unless what follows asks about a past phase itself ("N1: did Abs kill
    Kleene?" to a Special Investigate)."""
    found = reader.phase_at(text)  # the caller found _LABEL_START there
    if not found:
        return text
    after = text[_LABEL_TAIL.match(text, found.end()).end() :]  # type: ignore[union-attr]
    keyword, _ = _order_word(reader.grammar, after)
    if keyword is None:
        return text
    try:
        when, _ = reader.phase(text)
    except Refusal:
        return text  # "No lynch" is no phase "No"
    if when is not None and when != reader.state.phase:
        if keyword[0] in reader.grammar.dated:
            return text
        raise Refusal(
            say("reading.other_phase", phase=reader.state.phase, written=when), Kind.NOT_NOW
        )
    return after


def _question_labelled(reader: Reader, text: str) -> str:
    """A question under a phase label ("N2: does Abs kill Kleene?"): for this phase, the
    question without its label, read as the order it asks when there is one. A question about
    a past phase ("N1: did Abs kill Kleene?") is no order; to a player who holds an order
    that asks about a past phase (``vocab.ASKED_PAST``: DCTP's Special Investigate) it is
    one, perhaps, and asked back (``Guess``): never read as an arrest."""
    found = _LABEL_START.match(text) and reader.phase_at(text)
    if not found:
        return text
    after = text[_LABEL_TAIL.match(text, found.end()).end() :]  # type: ignore[union-attr]
    question = _ASKED_ACTION.match(after)
    if question is None:
        return text
    try:
        when, _ = reader.phase(text)
    except Refusal:
        return text
    if when is None or when == reader.state.phase:
        return after
    if when > reader.state.phase:
        raise Refusal(
            say("reading.other_phase", phase=reader.state.phase, written=when), Kind.NOT_NOW
        )
    reason = say("reading.past_event", when=when)
    past = _held(reader, reader.grammar.asked_past)
    if past is not None:
        try:
            order = read(reader, f"{reader.wording.title(past)} {question['q']} on {when}")
        except Refusal:
            order = None
        if isinstance(order, Order):
            asked = say("reading.past_event_asked", when=when)
            raise Guess(reason, asked, kind=Kind.QUESTION, order=order)
    raise Refusal(reason, Kind.QUESTION)


def _near_order(reader: Reader, text: str) -> Order | None:
    """A short word one letter from an order word ("kil July", "trik Abs") opening what reads
    as an order once it is that word. Taken when it is a word of an order the sender can give
    now, its first letter kept and a letter dropped, doubled or swapped, and no everyday word
    (a GM reads "kil July" from the boss as the kill); else asked back (``Guess``), since one
    letter also makes other words ("deal", "will", "hell"). Not when the word is a player's
    name ("Will heal Kleene")."""
    text = _after_own_label(reader, text)
    clipped = _clipped(reader, text)
    if clipped is not None:
        return clipped
    near = reader.grammar.near_spelled(text)
    if near is None and (subject := _SUBJECT.match(text)) is not None:
        # "we kil Tamsin": the typo after its subject, read as the plain order would be.
        own = reader.grammar.near_spelled(text[subject.end() :])
        said = text[: subject.end()]
        ours = reader.grammar.ours
        if own is not None and (_I.match(text).end() or (ours and ours.match(said + own))):
            near, text = own, text[subject.end() :]
    if near is None:
        return None
    found, used = reader.words.players.match_prefix(text)
    if found.is_match and used:
        return None
    try:
        order = read(reader, near)
    except Refusal:
        return None
    if not isinstance(order, Order):
        return None
    written, meant = text.split()[0], near.split()[0]
    key, word = written.casefold(), meant.casefold()
    if (
        key[:1] == word[:1]
        # A letter dropped, doubled or swapped ("kil", "heall", "trik"); a letter changed
        # makes another word too often ("hell", "vice"), and is asked.
        and (len(key) != len(word) or sorted(key) == sorted(word))
        and key not in COMMON
        and reader.holds(order.ability)
    ):
        reader.notes.append(say("reading.read_as", written=written, ability=meant.capitalize()))
        return order
    problem = say("reading.no_order_word", written=written)
    raise Guess(problem, problem, kind=Kind.NOT_AN_ORDER, order=order)


def _after_own_label(reader: Reader, text: str) -> str:
    """The text after a label naming this phase ("n1 kil Abs", "N1: slan Abs"), for the
    steps that read a word no order word table holds; the text itself otherwise (a label for
    another phase is answered where the order word is read)."""
    first = text[:1]
    if not ((first in _LABEL_FIRST or not first.isascii()) and _LABEL_START.match(text)):
        return text
    found = reader.phase_at(text)
    if not found:
        return text
    try:
        when, _ = reader.phase(text)
    except Refusal:
        return text
    if when is not None and when != reader.state.phase:
        return text
    return text[_LABEL_TAIL.match(text, found.end()).end() :]  # type: ignore[union-attr]


def _clipped(reader: Reader, text: str) -> Order | None:
    """An order opened by its word clipped ("obs Jackdaw", "slan Abs", "accomp Lynz") or by
    its title's initials ("BB on Abs" for Bone Breaking, "FU: ..." for Follow-Up), read as
    that order: the word must clip the title of exactly one order the sender can give now,
    be no everyday word and no player's name, and what follows must read as that order.
    A detail joined before it with a hyphen goes after it ("age-obs Abs": Observe age Abs)."""
    found = _FIRST_WORD.match(text)
    if found is None:
        return None
    written = found.group().strip("-")
    parts = written.casefold().split("-")
    word, detail = parts[-1], " ".join(parts[:-1])
    if len(parts[0]) < 2 or parts[0] in COMMON:
        return None  # asked before the sender's orders, which cost more to list
    titles = _titles_now(reader)
    spanned = clipped_span(text, long_titles(titles))
    if spanned is not None:
        # "cross ex Wystan", "spec-inv: ...": each word of a title of two words or more
        # clipped in turn.
        ability, detail = spanned[0], ""
        written, rest = text[: spanned[1]], text[spanned[1] :]
    else:
        if len(word) < 2 or word in COMMON or written.casefold() in COMMON:
            return None
        clipped = clips(word, titles)
        if clipped is None:
            return None
        ability, rest = clipped, text[found.end() :]
    name, used = reader.words.players.match_prefix(text)
    if name.is_match and used:
        return None
    title = reader.wording.title(ability, reader.state.ruleset.titles)
    notes = len(reader.notes)
    try:
        order = read(reader, " ".join(filter(None, (title, detail, rest.strip()))))
    except (Refusal, Guess):
        del reader.notes[notes:]
        return None
    if not isinstance(order, Order) or order.ability != ability:
        del reader.notes[notes:]
        return None
    reader.notes.append(say("reading.read_as", written=written, ability=title))
    return order


_FIRST_WORD = lazy_compile(r"[a-z][a-z-]*", re.IGNORECASE)
def clipped_span(
    text: str, long: tuple[tuple[str, list[str]], ...], at: int = 0
) -> tuple[str, int] | None:
    """The one ability whose title of two words or more (of ``long``: ``long_titles``) the
    words of ``text`` from ``at`` clip word by word, each the start of its word of the title,
    two letters or more, and one of them shorter than its word ("cross ex": Cross-examine;
    "spec inv": Special Investigate), and where those words end. Never one word alone
    ("cross"), nor the title in full."""
    first = text[at : at + 2].casefold()
    found: dict[str, int] = {}
    for ability, words in long:
        if not words[0].startswith(first):
            continue
        head = _head_words(text, at, len(words))
        if head is None:
            continue
        pairs = tuple(zip(head[0], words, strict=True))
        if all(len(w) >= 2 and t.startswith(w) for w, t in pairs) and any(
            len(w) < len(t) for w, t in pairs
        ):
            found[ability] = head[1]
    return next(iter(found.items())) if len(found) == 1 else None


@lru_cache(maxsize=256)
def long_titles(titles: tuple[tuple[str, str], ...]) -> tuple[tuple[str, list[str]], ...]:
    """The titles of two to four words, each with its words (in a title or an ability's
    name: "cross_examine" where a ruleset gives no titles)."""
    split = ((a, t.casefold().replace("_", " ").replace("-", " ").split()) for a, t in titles)
    return tuple((a, words) for a, words in split if 2 <= len(words) <= 4)


def _head_words(text: str, at: int, count: int) -> tuple[list[str], int] | None:
    """The ``count`` words of ``text`` from ``at``, apart by spaces or a hyphen, and where
    they end; None when there are fewer, or the last runs on into more of a word. Walked in
    Python: it is asked only of a fragment no order word opens, a few in a game, where a
    regular expression would cost its compiling."""
    words: list[str] = []
    end = len(text)
    while True:
        start = at
        while at < end and text[at].isascii() and text[at].isalpha():
            at += 1
        if at == start:
            return None
        words.append(text[start:at].casefold())
        if len(words) == count:
            break
        gap = at
        if at < end and text[at] == "-":
            at += 1
        while at < end and text[at].isspace():
            at += 1
        if at == gap:
            return None
    if at < end and (text[at].isalnum() or text[at] in "-'’"):
        return None
    return words, at


def _titles_now(reader: Reader) -> tuple[tuple[str, str], ...]:
    """The sender's orders in this phase (their own and lent), each with its title."""
    kind, titles = reader.state.phase.kind, reader.state.ruleset.titles
    held = dict.fromkeys(
        use.ability
        for _, slot in reader.slots() or ()
        if kind in slot.phases
        for use in slot.options
    )
    return tuple((a, reader.wording.title(a, titles)) for a in held)


_TITLE_WORDS = lazy_compile(r"[\s-]+")


@lru_cache(maxsize=1024)
def clips(word: str, titles: tuple[tuple[str, str], ...]) -> str | None:
    """The one ability whose title ``word`` clips: the initials of a title of two words or
    more ("bb": Bone Breaking), or the start of its first word, three letters or more and
    not the whole word ("obs": Observe)."""
    found = set()
    for ability, title in titles:
        words = _TITLE_WORDS.split(title.casefold())
        # A word of the title that starts with "ex" may be written "x" ("CX": Cross-examine).
        initials = (
            len(words) > 1
            and len(word) == len(words)
            and all(
                c == w[:1] or (c == "x" and w.startswith("ex"))
                for c, w in zip(word, words, strict=True)
            )
        )
        if initials or (3 <= len(word) < len(words[0]) and words[0].startswith(word)):
            found.add(ability)
    return found.pop() if len(found) == 1 else None


# A target with no order word, where only one order can be meant: "I'm going with Parkur
# tonight", "My target tonight is Parkur", a form's field "target: Parkur".
_SOLE = lazy_compile(
    r"^(?:(?:i['’]?m|i\s+am)\s+going\s+(?:with|for)|(?:my\s+)?(?:target|choice|pick)"
    r"(?:\s+(?:for\s+)?(?:tonight|today))?\s*(?:is\b|will\s+be\b|[:=\-]))\s*(?P<x>\S.*)$",
    re.IGNORECASE,
)


def _one_order_held(reader: Reader) -> bool:
    """Whether the sender can give only one order that takes a player now, counting what
    is lent to them and their items: a form's bare "Target: Abs" is that order's."""
    no_target = reader.grammar.no_target
    return sum(1 for a, _ in _titles_now(reader) if a not in no_target) == 1


def _orders_now(reader: Reader) -> list[str]:
    """The orders naming a player that the author's own sheet gives now. Not the vote: a
    vote is said, never inferred from a name."""
    slots, kind = reader.slots() or [], reader.state.phase.kind
    return sorted(
        {
            use.ability
            for key, slot in slots
            if kind in slot.phases and not key.startswith(("lent:", "common:"))
            for use in slot.options
            if use.ability not in reader.grammar.no_target
        }
    )


def _sole_order(reader: Reader, target: str, fragment: str) -> Order | votes.Unvote | str | None:
    """The target of the one order the author can send now, read as that order; refused
    naming the orders when there are several (the GM would have to pick)."""
    held = _orders_now(reader)
    if len(held) != 1:
        names = " or ".join(reader.wording.title(a) for a in held) or say("reading.no_order_held")
        raise Refusal(say("reading.target_but_no_order", abilities=names), Kind.MISSING_DETAIL)
    title = reader.wording.title(held[0], reader.state.ruleset.titles)
    reader.notes.append(say("reading.sole_order", ability=title, phase=reader.state.phase))
    return read(reader, f"{reader.wording.title(held[0])} {target}")


def _is_remark(reader: Reader, text: str) -> bool:
    """Whether a fragment with no order at its start is only talk: social words or the
    author's own name (a signature), no order word anywhere in it, no other player named."""
    named = reader.names_in(text)
    if any(n != reader.author for n in named):
        return False
    if not named and not _SOCIAL.search(text):
        return False  # not talk we know: refused with the examples of orders
    return not reader.grammar.any_order_word(text)


def _pronoun_named(reader: Reader, rest: str, context: str) -> str:
    """ "I think Abs is BO, I'll interrogate him": a pronoun for the target when the words
    before the order name exactly one other player; otherwise it stays, and is refused."""
    if not context.strip():
        return rest
    pronoun = _PRONOUN.search(rest)
    if pronoun is None:
        return rest
    named = [n for n in reader.names_in(context) if n != reader.author]
    if len(named) != 1:
        return rest
    return rest[: pronoun.start()] + named[0] + rest[pronoun.end() :]


def pronoun_corrected(reader: Reader, text: str) -> str:
    """ "interrogate him, Abs I mean": a pronoun corrected at once by one player's name is
    that name, as written (a name that could be two players is still refused as such). A
    name after the pronoun with no word of correction counts only when nothing follows it
    ("protect him, Kleene"); otherwise the pronoun stays, and is refused."""
    if not _may_hold_pronoun(text) or _CORRECTED.search(text) is None:
        return text
    for pronoun in _CORRECTED.finditer(text):
        after = text[pronoun.end() :]
        found = _correction(reader, after)
        if found is not None:
            name, tail = found
            return f"{text[: pronoun.start()]}{name}{pronoun['gap']}{tail}"
    return text


def _may_hold_pronoun(text: str) -> bool:
    """Whether ``text`` may hold one of ``_CORRECTED``'s pronouns: each has an "h" (no other
    character matches "h" case-insensitively), and most orders have none ("Vote Abs")."""
    return "h" in text or "H" in text


def _corrected_at_the_end(reader: Reader, text: str) -> str:
    """ "investigate whether he kills Lynz, Abs I mean": the one pronoun of a query corrected
    by a name at the end, after the rest of the query. Only with a word of correction ("I
    mean", "sorry") and only one pronoun: otherwise it stays."""
    pronouns = list(_CORRECTED.finditer(text)) if _may_hold_pronoun(text) else []
    if len(pronouns) != 1:
        return text
    pronoun = pronouns[0]
    for mark in _APPOSITION.finditer(text, pronoun.end()):
        after = text[mark.start() :]
        lead = _FIX_BEFORE.match(after)
        start = lead.end() if lead and lead.group().strip(" ,.!:;…-–—~") else 0
        end = _name_end(reader, after, start or mark.end() - mark.start())
        if not end:
            continue
        tail = _FIX_AFTER.match(after, end) if not start else None
        if (start or tail) and not after[tail.end() if tail else end :].strip(" .!"):
            name = after[start or mark.end() - mark.start() : end].strip()
            return f"{text[: pronoun.start()]}{name}{text[pronoun.end() : mark.start()]}"
    return text


def _correction(reader: Reader, after: str) -> tuple[str, str] | None:
    """The name that corrects a pronoun at the start of ``after``, and the text after it."""
    if opened := _FIX_OPEN.match(after):
        end = _name_end(reader, after, opened.end())
        closed = _FIX_CLOSE.match(after, end) if end else None
        return (after[opened.end() : end].strip(), after[closed.end() :]) if closed else None
    if (lead := _FIX_BEFORE.match(after)) and lead.group().strip(" ,.!:;…-–—~"):
        end = _name_end(reader, after, lead.end())
        if not end:
            return None
        tail = _FIX_AFTER.match(after, end)  # "him. err, Parkur i meant"
        return after[lead.end() : end].strip(), after[tail.end() if tail else end :]
    apposed = _APPOSITION.match(after)
    start = apposed.end() if apposed else 0
    end = _name_end(reader, after, start)
    if not end:
        return None
    if tail := _FIX_AFTER.match(after, end):
        return after[start:end].strip(), " " + after[tail.end() :]
    if apposed and not after[end:].strip(" .!"):
        return after[start:end].strip(), ""
    return None


def _name_end(reader: Reader, text: str, start: int) -> int:
    """Where a player's name (or a name that could be two players) starting at ``start``
    ends; 0 when none stands there."""
    found, used = reader.words.players.match_prefix(text[start:])
    if used and (found.is_match or (found.candidates and found.kind is MatchKind.AMBIGUOUS)):
        return start + used
    return 0


def _held(reader: Reader, abilities: tuple[str, ...]) -> str | None:
    """The first of ``abilities`` the player holds."""
    return next((a for a in abilities if reader.holds(a)), None)


def _asked(reader: Reader, text: str) -> PlainOrder:
    """A question as the order that asks it (its family's ``vocab.ASKED_ROLE``,
    ``ASKED_ACTION``, ``ASKED_PAST``: DCTP's Detect, Investigate, Special Investigate), for a
    player who holds that order; other questions stay as written (and are refused as no
    order, quoting them)."""
    g, title = reader.grammar, reader.wording.title
    role = _ASKED_ROLE.match(text)
    if role and (detect := _held(reader, g.asked_role)) is not None:
        return f"{title(detect)} {role['r1'] or role['r2']}"
    action = _ASKED_ACTION.match(text)
    if action is None:
        return text
    query = action["q"]
    past = _held(reader, g.asked_past)
    if past is not None and grammar.PHASE.search(query):
        return f"{title(past)} {query}"
    if not g.asked_action or (past is None and _held(reader, g.asked_action) is None):
        return text
    if text[: action.start("q")].strip().casefold() in ("did", "has"):
        # "Did Abs kill Kleene?" asks what happened; an Investigate asks about tonight.
        try:
            order = read(reader, f"{title(g.asked_action[0])} {query}")
        except Refusal:
            order = None
        problem = say("reading.happened")
        if isinstance(order, Order):
            raise Guess(problem, problem, kind=Kind.QUESTION, order=order)
        raise Refusal(say("reading.happened_write", problem=problem), Kind.QUESTION)
    return f"{title(g.asked_action[0])} {query}"


def _later_order(g: Grammar, text: str) -> tuple[tuple[str, int], str] | None:
    """The order after the reasoning that leads up to it ("..., so tonight please heal
    Kleene"): the first part opened by a first-person or imperative word that starts with an
    order word. What comes before it is context, not an order."""
    for opener in grammar.ORDER_OPENER.finditer(text):
        # The thought that opens it stands close before it (and a text of a thousand
        # openers is read in linear time).
        if opener.start() and thought_before(text[max(0, opener.start() - 120) : opener.start()]):
            # "lol Dill really thinks I'm going to protect him": what someone else thinks
            # the sender will do, told; not the sender's order.
            return None
        rest = g.rewritten(text[opener.end() :])
        keyword, rest = _order_word(g, rest)
        if keyword is not None:
            return keyword, rest
    for clause in _CLAUSE.finditer(text):
        # "..., and I'm going with Kleene for the kill", "..., so my heal goes to Kleene": the
        # player's own order written as a possession or a choice, after the reasoning.
        rest = text[clause.end() :]
        if clause.group().startswith(":") and _REPORTED.search(
            text, max(0, clause.start() - 60), clause.end()
        ):
            # 'Ébène in thread: "arresting Juniper Q ..."', "Abs said: my vote goes to ...":
            # the words after a verb of saying are someone else's, not the sender's own.
            continue
        keyword, after = _order_word(g, rest)
        if keyword is not None and _GERUND.match(rest):
            return keyword, after  # "..., but interrogating Abs"
        if _OWN.match(rest) and (rewritten := g.rewritten(rest)) != rest:
            keyword, rest = _order_word(g, rewritten)
            if keyword is not None:
                return keyword, rest
    return None


def _order_word(g: Grammar, text: str) -> tuple[tuple[str, int] | None, str]:
    """The order word at the start of ``text`` and its length, and the text it starts."""
    order_word_at = g.order_patterns.match
    keyword = order_word_at(text)
    # Looked for only when no order word starts the text, as one mostly does.
    speaking = _I.match(text) if keyword is None else None
    if speaking and speaking.end():
        # "I vote Abs", "I abstain", "I'm voting Abs": the player speaking of their own order.
        own = text[speaking.end() :]
        own = g.respelled(own) or own
        keyword = order_word_at(own)
        text = own if keyword else text
    if keyword is None and g.ours is not None and (we := g.ours.match(text)):
        keyword = order_word_at(text[we.end() :])
        text = text[we.end() :]
    if keyword is None and (lead := USE.match(text)) and lead.end():
        # "Use heal on Parkur", "the watch to Akonyl".
        keyword = order_word_at(text[lead.end() :])
        text = text[lead.end() :] if keyword else text
    if keyword is None:
        respelled = g.respelled(text)
        if respelled is not None:
            keyword = order_word_at(respelled)
            text = respelled if keyword else text
    return keyword, text


READERS: dict[str, Callable[[Reader, str, str], Order | votes.Unvote | str]] = {
    # votes
    "vote": votes.read_vote,
    "no_lynch": votes.read_no_lynch,
    "abstain": votes.read_abstain,
    "unvote": votes.read_unvote,
    "no_action": votes.read_no_action,
}
