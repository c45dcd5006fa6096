"""A formal document's defined terms written as the players they stand for, before the
message is cut: "the player Corvina (the "Defendant") ... The Defendant is hereby
discombobulated" is "the player Corvina ... Corvina is hereby discombobulated".

A term is defined by the message itself, and only there: a player's name followed by the
term in quotes, in brackets or after "hereinafter" ('Corvina (hereinafter "the Subject")'),
or the term in quotes said to mean a player ('"the Respondent" means Lord Fairfax'). A term
the message never defines (a bare "the Defendant") is left as it is: a GM reads no player into
a word the writer never tied to one. The sender defined ("the undersigned", "Lord Fairfax
(the "Grantor")", "the Court (being the undersigned, Thistle)") is the first person, and
"the said Pip" is Pip.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.names import NameMatcher

# The sender's own formal name for themself.
_UNDERSIGNED = r"the\s+undersigned"
_SELF_WORDS = lazy_compile(rf"\b{_UNDERSIGNED}\b(?P<own>['’]s)?", re.IGNORECASE)
_UNDERSIGNED_END = lazy_compile(rf"\b{_UNDERSIGNED}\s*$", re.IGNORECASE)
_OPEN = "\"'“‘"
_CLOSE = "\"'”’"


# A term as it is defined: a capitalised word or three ("Accompanied Party"), in quotes.
def _term(group: str) -> str:
    return rf"(?P<{group}>[A-Z][\w\-]{{1,24}}(?:\s+[A-Z][\w\-]{{1,24}}){{0,2}})"


_HEREINAFTER = r"hereinafter\s+(?:(?:referred\s+to|called|known)\s+as\s+)?"
# After a name: '(the "Defendant")', '(hereinafter "the Subject")', ', hereinafter the Subject,'.
# A name alone in quotes in brackets is no definition: 'Pip ("Shinichi")' guesses a role.
_AFTER_NAME = lazy_compile(
    rf"\(\s*(?:(?:{_HEREINAFTER})?the\s+[{_OPEN}]|{_HEREINAFTER}[{_OPEN}](?:the\s+)?"
    rf"|[{_OPEN}]the\s+){_term('term')}[{_CLOSE}]\s*\)"
    rf"|,?\s*{_HEREINAFTER}(?:the\s+)?[{_OPEN}]?{_term('called')}[{_CLOSE}]?(?=[\s,.;)])"
    rf"|\(\s*(?:being\s+)?{_UNDERSIGNED}\b[^()]{{0,40}}\)",
)
# Before a name: '"the Respondent" means Lord Fairfax'.
_MEANS = lazy_compile(
    rf"[{_OPEN}](?:the\s+)?{_term('term')}[{_CLOSE}]\s+(?:shall\s+)?"
    r"(?:means?|refers?\s+to|is|denotes)\s+(?:the\s+player\s+)?",
)
# A term's opening: the capitalised word before a definition in brackets, for the sender's own
# ("The Claimant (the undersigned)").
_TERM_BEFORE = lazy_compile(r"(?:[Tt]he\s+)?(?P<term>[A-Z][\w\-]{1,24})\s*$")
_SAID = lazy_compile(r"\b(?P<the>the\s+)(?:afore)?said\s+(?=[^\W\d_])", re.IGNORECASE)
# A player named by a description of their name: "the player Pip", "the player known in the
# thread as "Jun"".
_THE_PLAYER = lazy_compile(
    r"\bthe\s+player\s+(?:(?:known|called|named|going)\s+(?:[\w ]{0,24}?\s)?(?:as|by)\s+)?"
    rf"(?P<open>[{_OPEN}])?(?=[^\W\d_])",
    re.IGNORECASE,
)
# The words after which the sender is no doer: "returned to the Bailor", "against the Grantor".
_OBJECT_BEFORE = lazy_compile(
    r"(?:\b(?:to|for|on|upon|by|with|from|at|against|of|about|onto|unto|towards?)\s+)$",
    re.IGNORECASE,
)
# How far back a definition's name may start.
_NAME_REACH = 40


def written_out(text: str, author: str, players: NameMatcher) -> str:
    """``text`` with each term it defines written as the player it stands for (the sender's
    own as "I"), its definitions dropped, and "the said X" written as X."""
    if not (
        "(" in text
        or "said" in text
        or "undersigned" in text
        or " mean" in text
        or "hereinafter" in text
        or "player" in text
    ):
        return text  # no definition in most messages (a chain of "in": cheaper than any())
    terms: dict[str, str | None] = {}
    out = _defined(text, author, players, terms)
    out = _said(out, players)
    if "player" in out:
        out = _the_player(out, players)
    stands = {term: name for term, name in terms.items() if name is not None}
    if stands:
        out = _terms_written(out, stands)
    if "undersigned" in out:
        out = _SELF_WORDS.sub(lambda m: _sender(m, "I"), out)
    return out


def _sender(found: re.Match[str], name: str) -> str:
    """The player a term stands for, in its place: the sender is "I" as the doer, "my" before
    a possession. After a preposition the sender's term stays as written: "the said bow-tie to
    be returned to the Bailor" is the sender's own, which a "me" would make a target."""
    if name != "I":
        return f"{name}'s" if found.group("own") else name
    if found.group("own"):
        return "my"
    return found.group() if _OBJECT_BEFORE.search(found.string, 0, found.start()) else "I"


def _defined(
    text: str, author: str, players: NameMatcher, terms: dict[str, str | None]
) -> str:
    """``text`` with its definitions dropped; the terms they define put in ``terms``."""
    pieces: list[str] = []
    at = 0
    for found in _AFTER_NAME.finditer(text):
        term = found.group("term") or found.group("called")
        if term is None:  # "the Court (being the undersigned, ...)": the sender's own term
            before = _TERM_BEFORE.search(text, max(0, found.start() - 30), found.start())
            if before is None:
                continue
            _define(terms, before.group("term"), "I")
        else:
            name = _name_ending(text, found.start(), author, players)
            if name is None:
                continue
            _define(terms, term, "I" if name == author else name)
        pieces.append(text[at : found.start()].rstrip())
        at = found.end()
    pieces.append(text[at:])
    text = "".join(pieces)
    for found in _MEANS.finditer(text):
        named = players.exact_prefix(text[found.end() :])
        if named is not None and named[0].name is not None:
            _define(terms, found.group("term"), "I" if named[0].name == author else named[0].name)
    return text


def _define(terms: dict[str, str | None], term: str, name: str) -> None:
    """``term`` stands for ``name``; a term defined as two players stands for neither."""
    terms[term] = name if terms.get(term, name) == name else None


def _name_ending(text: str, end: int, author: str, players: NameMatcher) -> str | None:
    """The player whose name is written whole just before ``end`` (the sender's, for "the
    undersigned")."""
    end = len(text[:end].rstrip())
    start = max(0, end - _NAME_REACH)
    if _UNDERSIGNED_END.search(text, start, end):
        return author
    for word in re.finditer(r"(?<![\w'’])\w", text[start:end]):
        at = start + word.start()
        found = players.exact_prefix(text[at:end])
        if found is not None and at + found[1] == end:
            return found[0].name
    return None


def _said(text: str, players: NameMatcher) -> str:
    """ "the said Pip" written as "Pip", "the said first aid" as "the first aid": the word
    points back at what the document named before, and reports no one's words. A "said" with
    no "the" before it is a report, and stays ("Kleene said Pip is scum")."""
    if "said" not in text:
        return text
    pieces: list[str] = []
    at = 0
    for found in _SAID.finditer(text):
        pieces.append(text[at : found.start()])
        at = found.end()
        if players.exact_prefix(text[at:]) is None:
            pieces.append(found.group("the"))
    pieces.append(text[at:])
    return "".join(pieces)


def _the_player(text: str, players: NameMatcher) -> str:
    """ "the player Pip" and "the player known as "Jun"" written as the name alone, which the
    plain reader reads (and asks about when it is short for two players)."""
    pieces: list[str] = []
    at = 0
    for found in _THE_PLAYER.finditer(text):
        rest = text[found.end() :]
        named, used = players.match_prefix(rest)
        if not used or (named.name is None and not named.candidates):
            continue
        pieces.append(text[at : found.start()])
        at = found.end()
        if found.group("open") and rest[used : used + 1] in _CLOSE:
            pieces.append(rest[:used])
            at += used + 1
    pieces.append(text[at:])
    return "".join(pieces)


def _terms_written(text: str, terms: dict[str, str]) -> str:
    """Each defined term, with its "the" and its possessive, written as its player."""
    joined = "|".join(re.escape(t) for t in sorted(terms, key=len, reverse=True))
    term = re.compile(rf"(?:\b[Tt]he\s+)?\b(?P<term>{joined})\b(?P<own>['’]s)?")

    return term.sub(lambda found: _sender(found, terms[found.group("term")]), text)


def as_written(quote: str, out: str, text: str) -> str:
    """``quote``, a piece of ``out`` (``text`` with its terms written out), in the sender's own
    words: a refusal quotes what the player wrote ("The undersigned inclines toward ..."), not
    the reader's rewording ("I inclines toward ..."). A quote not found whole in ``out`` (two
    pieces joined) is given as it is."""
    start = out.find(quote)
    if start < 0 or out == text:
        return quote
    end = start + len(quote)
    opcodes = SequenceMatcher(None, out, text, autojunk=False).get_opcodes()
    return text[_mapped(opcodes, start, True) : _mapped(opcodes, end, False)]


def _mapped(opcodes: list[tuple[str, int, int, int, int]], at: int, opening: bool) -> int:
    """Where position ``at`` of the rewritten text falls in the text as written: inside words
    kept, at the same offset; inside words rewritten, at the start of what they replaced for a
    quote's opening and at its end for a quote's close."""
    for tag, i1, i2, j1, j2 in opcodes:
        if i1 <= at < i2 or (at == i2 and not opening):
            return j1 + (at - i1) if tag == "equal" else (j1 if opening else j2)
    return opcodes[-1][4] if opcodes else at
