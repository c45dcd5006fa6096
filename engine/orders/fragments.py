"""Cutting a cleaned message into one fragment per order, and the words that are no order.

A message is the orders, then perhaps a will ("Will: ..." runs to the end). Orders are cut by
line, by sentence and by "and <order>"; "Investigate:" alone on a line heads a list whose
items follow one a line. Chatter ("ok", "lol") and remarks after an order ("Vote Miaka, she
was quiet") are recognised here so that they are answered, never refused.
"""

from __future__ import annotations

import re
from functools import lru_cache

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import grammar, phrases
from autogm.engine.orders.evidence import evidence_table
from autogm.engine.orders.grammar import USE, Grammar
from autogm.engine.orders.stance import asides

# "Will: ..." starts a line or follows a sentence, and runs to the end of the message.
# "Last will:", "Will and testament:", and the "LW:" of other forums.
_WILL = lazy_compile(
    r"(?:^|(?<=[.!?;]))\s*(?:my\s+)?(?:(?:last\s+)?will(?:\s+and\s+testament)?|lw)\s*[:\-]\s*",
    re.IGNORECASE | re.MULTILINE,
)
# dctp-classic's tape: "Tape:" (or "Video:") starts a line or follows a sentence, and runs to
# the end of the orders (a will after it is the will's) or to a later line that reads as an
# order (``engine.orders.parse``: an order on the next line is not lost into the tape).
_TAPE = lazy_compile(
    r"(?:^|(?<=[.!?;]))\s*(?:(?:my|a|the)\s+)?(?:video\s*)?(?:tape|video)\s*[:\-]\s*",
    re.IGNORECASE | re.MULTILINE,
)
# The spaces after a sentence's end: "(?<=[.!?])\s+" written from its first space, so that a
# search skips from one space to the next instead of looking behind every character.
_SENTENCE = lazy_compile(r"\s(?<=[.!?]\s)\s*")
# A cut between orders: "\s*[,;]\s*(?:(?:and|then|&|\+|plus)\s+)?", or a joining word between
# spaces "\s+(?:and|then|also|&|\+|plus)\s+", or "\s+(?:with|using)\s+" before an order used
# with another (the family's ``Words.used_with``: DCTP's voice of reason). Written from its
# first character, a comma, a semicolon or a space, so that a search skips to the next of
# those instead of trying the three at every character (test_fragments proves it cuts where
# the three do).
_JOINS = (
    r"[\s,;](?:(?<=[,;])\s*(?:(?:and|then|&|\+|plus)\s+)?"
    r"|\s*[,;]\s*(?:(?:and|then|&|\+|plus)\s+)?"
    r"|\s*(?:and|then|also|&|\+|plus)\s+"
)


@lru_cache(maxsize=8)
def joiner(used_with: str) -> re.Pattern[str]:
    """The cut between orders in a family whose orders used with another open with
    ``used_with`` (a pattern; "": none)."""
    tool = rf"|\s*(?:with|using)\s+(?=(?:my\s+|the\s+)?(?:{used_with}))" if used_with else ""
    return lazy_compile(f"{_JOINS}{tool})", re.IGNORECASE)


# A remark after a complete order: "Vote Miaka, she was quiet all night".
REMARK = re.compile(r"^\s*(?:,|-+|\(|because\b|since\b|as\b|cuz\b|cause\b)", re.IGNORECASE)
# The verbs of a statement about the game: "Abs has been acting weird", "Kleene seems town".
_STATEMENT = lazy_compile(
    r"\b(?:is|are|was|were|has|have|had|been|seems?|seemed|looks?|looked|acted|acting|lied"
    r"|lies|lying|claims?|claimed|said|says|thinks?|thought|believe|feel|suspect|knows?|knew"
    r"|did|does|(?:is|was|does|did|has|are)n['’]t|can['’]t|won['’]t)\b",
    re.IGNORECASE,
)
# A doubt that is all of a remark or a sentence after an order: "Vote Abs? Not sure", "Heal
# Lynz. idk", "heal Lynz (not sure)". The order is refused: a GM does not guess.
DOUBT = lazy_compile(
    r"(?:(?:i['’]?m\s+)?not\s+sure|unsure|idk|i\s+don['’]?t\s+know|dunno|maybe|perhaps"
    rf"|or\s+not|not\s+certain|{'|'.join(phrases.FOREIGN_DOUBT)})(?:\s+(?:yet|though|tbh|lol|about\s+(?:it|this|that)))?[\s.!?]*$",
    re.IGNORECASE,
)
UNSURE = "reading.unsure"
# Replies that carry no order: answered with "no order found", never refused.
CHATTER = re.compile(
    r"^(?:ok(?:ay)?\s*,?\s*)?(?:ok(?:ay)?|k|kk|got\s+it|understood|sure(?:\s+thing)?|alright|noted|lol|haha"
    r"|hmm+|yes|no|yep|nope|scratch\s+that|never\s*mind|nvm|wait|actually"
    r"|change\s+of\s+(?:plans?|mind)|(?:i(?:['’]ve|\s+have)?\s+)?changed\s+my\s+mind)"
    r"[\s.!?]*$",
    re.IGNORECASE,
)
# The reply that confirms a reading asked back ("did you mean 'Heal Kleene'? reply 'yes' to
# confirm"): only a plain yes; "ok" or "no" leave the question unconfirmed.
CONFIRM = lazy_compile(
    r"^(?:yes|yep|yeah|yup|ya|y|confirm(?:ed)?|correct|right|exactly|absolutely|definitely"
    r"|of\s+course|totally|for\s+sure|hell\s+yes|that['’]?s\s+(?:right"
    r"|correct|it)|i\s+did|i\s+do)(?:[\s,]+(?:yes|please|pls|thanks?|thank\s+you|ty"
    r"|confirm(?:ed)?|correct|that['’]?s\s+(?:right|correct|it|what\s+i\s+meant)|i\s+did"
    r"|sorry|lol))*[\s.!:)]*$",
    re.IGNORECASE,
)
# "Investigate:" alone on a line, its items on the lines after it.
_LIST_HEAD = re.compile(r"^\s*(?P<head>[A-Za-z][\w\s'’-]*?)\s*(?P<colon>:)?\s*$")
_BULLET = lazy_compile(r"^\s*(?:[-*•>]|\d{1,2}[.)])\s+")


def split_will(text: str) -> tuple[str, str | None]:
    """The orders, and the will after "Will:" (None when there is none)."""
    if not _may_label(text, ("will", "lw")):
        return text, None
    found = _WILL.search(text)
    if not found:
        return text, None
    return text[: found.start()], text[found.end() :].strip()


def split_tape(text: str) -> tuple[str, str | None]:
    """The orders, and the tape after "Tape:" (None when there is none)."""
    if not _may_label(text, ("tape", "video")):
        return text, None
    found = _TAPE.search(text)
    if not found:
        return text, None
    return text[: found.start()], text[found.end() :].strip()


def _may_label(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` may hold a "Will:" or "Tape:" label: one ends in ":" or "-", and in
    an ASCII text holds one of the label's ``words`` (beyond ASCII, case-insensitive matching
    folds more letters): most PMs are not searched."""
    if ":" not in text and "-" not in text:
        return False
    if not text.isascii():
        return True
    lowered = text.lower()
    return any(word in lowered for word in words)


def fragments(text: str, names: tuple[str, ...], g: Grammar) -> list[str]:
    """Cut a message into one fragment per order: by line, by sentence, by "and <order>"
    (the order words of ``g``, the family's)."""
    pieces = []
    last = _LAST_ROSTER[0]
    spaced = last[1] if last[0] is names else _spaced_of(names)
    lines = _heads_apart(text.splitlines()) if ":" in text else text.splitlines()
    joined = _join_lists(lines, g)
    # The marks of a sentence's end and the cuts between orders are looked for once in the
    # whole text, where most PMs hold none, and only then in each line or sentence (a list's
    # items are joined with commas; a list head alone loses only its colon).
    ends = "." in text or "!" in text or "?" in text
    joins = len(joined) < len(lines) or _may_join(text)
    for line in joined:
        for sentence in _sentences(line, spaced, g) if ends else (line,):
            for piece in _parts(sentence, g) if joins else (sentence,):
                if piece.strip(" .!?;,"):
                    pieces.append(piece.strip())
    return pieces


def _sentences(line: str, spaced: tuple[re.Pattern[str], ...], g: Grammar) -> list[str]:
    """The line cut into sentences, never inside a player's name or a ranking's places. A
    sentence ends only after a "." "!" or "?": most lines hold one order and no such mark,
    and are not searched."""
    if "." not in line and "!" not in line and "?" not in line:
        return [line]
    keep = sorted(_places_kept(line, g) + asides(line))  # in order of position
    if spaced:
        lowered = line.casefold()
        keep = sorted(keep + [span for name in spaced for span in _kept(name, line, lowered, g)])
    return _cuts(line, _SENTENCE, keep, g, needs_order=False)


def _kept(name: re.Pattern[str], line: str, lowered: str, g: Grammar) -> list[tuple[int, int]]:
    """Where ``name`` stands in the line, each span no cut may fall in. A name that ends in a
    sentence's mark ("Dove.", "Abs!") ends its sentence only where an order follows:
    "Investigate Dove. kills Fay" is one order, "Kill Dove. Heal Fay" two."""
    spans = []
    for m in name.finditer(lowered):
        end = m.end()
        if lowered[end - 1] in ".!?" and not _order_follows(line, end + 1, g):
            end += 1  # the space after it, where the sentence would be cut
        spans.append((m.start(), end))
    return spans


def _parts(sentence: str, g: Grammar) -> list[str]:
    """The sentence cut before each "and <order>", ", <order>", never inside someone else's
    words quoted after a verb of saying."""
    if not _may_join(sentence):
        return [sentence]
    kept = reported_words(sentence)
    return _cuts(sentence, joiner(g.words.used_with), kept, g, needs_order=True)


# Someone else's words in quotation marks after what says whose they are: 'Fairfax said in our
# chat: "Sable, kill Castellan tonight."' is one fragment, so that the order in it is read with
# its report and answered as quoted (cut at ", kill", its words would be read as the sender's).
_REPORTED = phrases.pattern(phrases.REPORTED)
_QUOTATION = lazy_compile(r"[\"“«„]([^\"“”«»„\n]*)[\"”»“]?")


def reported_words(sentence: str) -> list[tuple[int, int]]:
    """The spans of the quotations in ``sentence`` that a verb of saying leads in (in the few
    words before the opening mark)."""
    if '"' not in sentence and "“" not in sentence and "«" not in sentence and "„" not in sentence:
        return []  # most sentences quote no one
    spans = []
    for quote in _QUOTATION.finditer(sentence):
        lead = sentence.rfind("\n", 0, quote.start()) + 1
        if _REPORTED.search(sentence, max(lead, quote.start() - _REPORT_REACH), quote.start()):
            spans.append((quote.start(1), quote.end(1)))
    return spans


# How far before a quotation its verb of saying stands: 'Fairfax said in our chat: "...'.
_REPORT_REACH = 60


# A joining word ``joiner`` cuts at, between spaces, in a sentence in lower case. Its first
# item is a class, so a search skips from one whitespace to the next.
_JOIN_WORD = re.compile(r"\s(?:and|then|also|plus|with|using|&|\+)\s")


def _may_join(sentence: str) -> bool:
    """Whether ``joiner`` may cut ``sentence``: every cut holds a comma or a semicolon, or a
    joining word between spaces ("Heal Abs please" holds none). Beyond ASCII, where
    case-insensitive matching folds more letters, it is always searched."""
    if "," in sentence or ";" in sentence or not sentence.isascii():
        return True
    return _JOIN_WORD.search(sentence.lower()) is not None


# The roster cut for last and its spaced names: every PM of a game comes with the same tuple,
# which lru_cache would hash name by name. The tuple is held here, so its identity cannot pass
# to another tuple.
_LAST_ROSTER: list[tuple[tuple[str, ...], tuple[re.Pattern[str], ...]]] = [((), ())]


def _spaced_of(names: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    spaced = _spaced_names(names)
    _LAST_ROSTER[0] = (names, spaced)
    return spaced


@lru_cache(maxsize=32)
def _spaced_names(names: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    """The roster's names that a sentence's cut could split: with a space in them, or ending
    in a sentence's mark (a whole word then, followed by a space); once per roster."""
    return tuple(
        re.compile(re.escape(n.casefold()))
        if " " in n
        else re.compile(rf"(?<!\w){re.escape(n.casefold())}(?=\s)")
        for n in names
        if " " in n or n[-1:] in ".!?"
    )


# A ranking's places written on one line: "Ranking: 1. Gin 2. Vodka 3. Korn" is one order (of
# a shape ``vocab.RANKED``), not sentences ending at "1." and "2.".
_PLACE_MARK = lazy_compile(r"(?<![\w.])\d{1,2}[.)]\s+")


def _places_kept(line: str, g: Grammar) -> list[tuple[int, int]]:
    """The places of a ranking written on one line; the order word is read only for a line
    that holds a place ("Hi GM! Snipe P07" holds none)."""
    if "." not in line and ")" not in line:
        return []  # every place ends in one of them
    places = [(m.start(), m.end()) for m in _PLACE_MARK.finditer(line)]
    if not places:
        return places
    word = g.order_patterns.match(_BULLET.sub("", line).lstrip())
    return places if word is not None and word[0] in g.ranked else []


def _cuts(
    line: str,
    pattern: re.Pattern[str],
    keep: list[tuple[int, int]],
    g: Grammar,
    *,
    needs_order: bool,
) -> list[str]:
    """Cut ``line`` where ``pattern`` matches, except inside a player's name, and (for "and",
    "then") only where an order word follows: "A kills B and C heals D" is one query list."""
    pieces, start = [], 0
    kept = iter(keep)  # in order of position, as the cuts are found
    name = next(kept, None)
    for found in pattern.finditer(line):
        while name is not None and name[1] <= found.start():
            name = next(kept, None)
        if name is not None and name[0] < found.end():
            continue
        if needs_order and not _order_follows(line, found.end(), g):
            continue
        if (
            needs_order
            and found.group().strip().casefold() in _TOOL_WORDS
            and not g.order_patterns.match(line[start : found.start()].lstrip())
        ):
            continue  # "I could stop this lynch with my Voice of Reason": one clause, no order
        pieces.append(line[start : found.start()])
        start = found.end()
    pieces.append(line[start:])
    return pieces


# The cut before "with my Voice of Reason" is one between two orders only after an order
# ("vote Miaka with my voice of reason").
_TOOL_WORDS = frozenset({"with", "using"})

# Order words, with "use my" before them, fit in this many characters: looking no further keeps
# a line of thousands of commas linear.
_LOOKAHEAD = 120


# "Protect Kleene and also vote Abs": words between "and" and the next order.
_ALSO = lazy_compile(r"^(?:also|then|additionally|too)\b\s*,?\s*", re.IGNORECASE)


def _order_follows(line: str, at: int, g: Grammar) -> bool:
    """Whether an order word starts ``line`` at ``at`` ("and heal X", "and the watch to Y")."""
    text = _ALSO.sub("", line[at : at + _LOOKAHEAD], count=1)
    if g.order_patterns.match(text):
        return True
    lead = USE.match(text)
    after = text[lead.end() :] if lead and lead.end() else ""
    return bool(after and g.order_patterns.match(after))


def _own(head: str) -> str:
    """A list's head without the first-person words before its order word ("I'll investigate
    3 things:")."""
    opener = grammar.ORDER_OPENER.match(head)
    return head[opener.end() :] if opener else head


_GERUND = lazy_compile(r"[a-z]+ing\b", re.IGNORECASE)


def _head_word(found: re.Match[str], g: Grammar) -> tuple[str, int] | None:
    """The order word heading a list, also as a gerund before a colon ("Spying on:")."""
    own = _own(found["head"])
    word = g.order_patterns.match(own)
    if word is None and found["colon"] and _GERUND.match(own):
        word = g.order_patterns.match(g.respelled(own) or own)
    return word


def _list_head(line: str, g: Grammar) -> str | None:
    """The head of the list ``line`` opens ("Investigate:", "Disguise" alone), if it opens
    one."""
    if ":" not in line and not "".join(line.split()).replace("-", "").isalpha():
        # Alone on its line, the head is a list ability's words, which hold only letters,
        # spaces and "-" (test_fragments proves it): "Snipe P07" is not read for one, and
        # not matched against _LIST_HEAD, whose lazy head tries its tail at every character.
        return None
    head = _read_list_head(line, g)
    if head is None and "," in line and line.rstrip().endswith(":"):
        # "I shall spy upon the following persons, the choice of one being the GM's:": a
        # remark on the list after its head's comma, which conditions or withholds nothing.
        # The words before the comma must announce the list ("the following", "these"): a
        # verse's line "A capsule white, a silent end, ... friend:" heads nothing.
        own, remark = line.split(",", 1)
        if _announces_list(own, g) and not any(c.search(remark) for c in _VOIDS):
            head = _read_list_head(f"{own}:", g)
    return head


@lru_cache(maxsize=4096)
def _read_list_head(line: str, g: Grammar) -> str | None:
    """:func:`_list_head` past its cheap test (remembered: the same lines come phase after
    phase)."""
    found = _LIST_HEAD.match(line)
    if found is None:
        return None
    if not found["colon"] and not "".join(found["head"].split()).replace("-", "").isalpha():
        return None
    word = _head_word(found, g)
    if (
        word
        and not found["colon"]
        and (word[1] != len(found["head"]) or word[0] not in g.list_heads)
    ):
        word = None  # "Disguise" alone heads a list; "Heal Parkur" or "Bribe" do not
    return found["head"] if word else None


def _said_head(line: str, after: str | None, g: Grammar) -> str | None:
    """A list's head said in everyday words ("my 3 investigations for tonight:", "Disguise
    list:", "Cupid's arrows 💘" over names): a short line that ends in a colon or stands over
    a bullet, and holds a word of an ability that takes a list."""
    if len(line) > 80 or (":" not in line and (after is None or not _BULLET.match(after))):
        return None  # no colon to end the head and no bullet under it: most lines
    bare = _TAIL.sub("", line)
    if not bare.endswith(":") and not (after is not None and _BULLET.match(after)):
        return None
    if len(bare.split()) > 10:
        return None
    listing, table = g.said_heads, evidence_table(g.words)
    for word in _WORD_START.finditer(bare):
        found = table.at(bare[word.start() :])
        if found is not None and set(found[0]) & listing:
            return bare.rstrip(":").strip()
    return None


_WORD_START = lazy_compile(r"(?<![\w'’])[^\W_]")
# What ends a head beside its colon: spaces, marks, symbols ("Cupid's arrows ♥").
_TAIL = lazy_compile(r"[^\w:]+$")


def _without_asides(line: str) -> str:
    """A head's line without its short asides in brackets, when it ends in a colon once they
    are gone (most lines hold none; an item's reason in brackets stays an item's)."""
    if "(" not in line:
        return line
    bare = line
    for a, b in reversed(asides(line)):
        bare = bare[: a - 1].rstrip() + bare[b + 1 :]
    return bare if bare.rstrip().endswith(":") else line


# The dashes that end a head's line as a colon does.
_DASHES = ("-", "–", "—")


def _dash_as_colon(line: str) -> str:
    """A head's line that ends in a dash after a space ("SI —", "Disguise -") as one that
    ends in a colon: the dash marks the head as the colon does."""
    line = line.rstrip()
    if not line.endswith(_DASHES):
        return line
    head = line.rstrip("-–— ")
    return f"{head}:" if head and len(head) < len(line.rstrip("-–—")) else line


# The end of a sentence before a list's head on the same line: "we pick our own boss! My
# ranking:" ("!", "?", or "." after a word of three small letters, not "Mr." or "Vel.").
_HEAD_AFTER_SENTENCE = lazy_compile(r"(?:[!?]+|(?<=[a-z]{3})\.)\s+(?=\S[^.!?]{0,80}:\s*$)")


def _heads_apart(lines: list[str]) -> list[str]:
    """Each line that ends in a colon after a sentence of its own, as that sentence and the
    head it ends with on two lines, so that the head is read as the head of the list below
    it."""
    out: list[str] = []
    for line in lines:
        found = None
        if line.rstrip().endswith(":") and any(mark in line for mark in ".!?"):
            found = _HEAD_AFTER_SENTENCE.search(line)
        if found is not None and line.count("(", 0, at := found.start()) > line.count(")", 0, at):
            found = None  # "snoop list (spy?? I forget its name):": an aside's own question
        if found is None:
            out.append(line)
        else:
            out.extend((line[: found.start() + len(found.group().rstrip())], line[found.end() :]))
    return out


def _join_lists(lines: list[str], g: Grammar) -> list[str]:
    """ "Investigate:" followed by one query a line reads as one order with a list."""
    heads = _heads(lines, g)
    if not any(heads):
        return lines  # no list: most messages (a head is never empty)
    joined: list[list[str]] = []  # each line as its parts, joined once at the end
    head: str | None = None
    marked: bool | None = None  # whether the list's first item has a bullet or a number
    for line, line_head in zip(lines, heads, strict=True):
        if line_head is not None:
            head, marked = line_head, None
            joined.append([head])
            continue
        item = _BULLET.sub("", line).strip() if head is not None else ""
        if item and opens_condition(item):
            item = ""  # "if yes → I post it tomorrow": a sentence after the list
        if item and marked is None:
            marked = len(item) < len(line.strip())
        elif item and marked and len(item) == len(line.strip()):
            item = ""  # the items share their marks: an unmarked line after them ends the list
        if item and not g.order_patterns.match(item):
            joined[-1].append((" " if len(joined[-1]) == 1 else ", ") + item)
            continue
        head = None
        joined.append([line])
    return ["".join(parts) for parts in joined]


def _heads(lines: list[str], g: Grammar) -> list[str | None]:
    """The head of the list each line opens (``_head_of``), or None. A line with no colon,
    no dash at its end to read as one and no bullet below it heads no list said in words
    (``_said_head``): it is the head of its own words when it holds letters alone
    ("Disguise"), else none: most lines, not read by the helpers."""
    heads: list[str | None] = []
    last = len(lines) - 1
    for i, line in enumerate(lines):
        after = lines[i + 1] if i < last else None
        bare = line.rstrip()
        if ":" in line or bare.endswith(_DASHES) or (after is not None and _BULLET.match(after)):
            heads.append(_head_of(line, after, g))
        elif "".join(line.split()).replace("-", "").isalpha():
            heads.append(_read_list_head(bare, g))
        else:
            heads.append(None)
    return heads


def _head_of(line: str, after: str | None, g: Grammar) -> str | None:
    """The head of the list ``line`` opens (``after``: the line below it), its ability's
    words or said in everyday words."""
    # A head's aside in brackets says something of the list, not which ability heads it:
    # "Investigations (I get 3 but I only need 2, is that ok?):".
    bare = _dash_as_colon(_without_asides(line))
    head = _list_head(bare, g)
    if head is not None:
        return head
    said = _said_head(bare, after, g)
    return None if said is None else f"{said}:"


def opens_condition(item: str) -> bool:
    """Whether a list's line opens a condition, after a label of its own if it has one ("if
    yes → I post it tomorrow", "risk: if he has no guises nothing happens"): a sentence of
    its own after the list, never one of its items."""
    label = _ITEM_LABEL.match(item)
    return _CONDITION.match(item, label.end() if label else 0) is not None


_ITEM_LABEL = lazy_compile(r"[^\W\d_]{1,20}\s*:\s*")
_CONDITION = phrases.pattern(phrases.CONDITION)
# The words of a head that announce the list below it: "spy upon the following persons".
_ANNOUNCES_LIST = lazy_compile(
    r"(?<![\w'’])(?:following|these|those|below|as\s+follows|(?:this|my|the)\s+list)(?![\w'’])",
    re.IGNORECASE,
)


def _announces_list(own: str, g: Grammar) -> bool:
    """Whether the words before a head's comma announce a list: "the following persons",
    "these", or the ability's own noun last ("My leader ranking, like the files:")."""
    if _ANNOUNCES_LIST.search(own):
        return True
    last = own.rstrip().rsplit(None, 1)[-1:]
    return bool(last) and _read_list_head(f"{last[0]}:", g) is not None


# What makes a remark beside a list's head more than a remark: "Spy on these, if Gin agrees:".
# Each class apart (``phrases.classes``): only whether one stands is asked.
_VOIDS = phrases.classes(
    phrases.CONDITION, phrases.NEGATION, phrases.LATER, phrases.WITHDRAWAL, phrases.DOUBT
)


def is_statement(fragment: str, g: Grammar) -> bool:
    """Whether a fragment that is no order is a statement about the game ("Abs has been acting
    weird all day"): a verb of telling or being, and no order word or action anywhere in it
    (of ``g``'s), so no order of the author's or anyone's can hide in it."""
    return bool(_STATEMENT.search(fragment)) and not g.any_order_word(fragment)
