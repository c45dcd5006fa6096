"""The author's own words from a PM's or post's BBCode source, as plain lines of text.

Everything here is language-independent hygiene that must never change what an order says:
quotes of earlier messages go, formatting goes but its text stays, smilies and entities go,
lines stay lines (players write one order per line).

Ruling: struck-out text ([s], [strike], [del], and Markdown's ~~text~~) is dropped like a
quote: a player who strikes an order through has withdrawn it, and a human GM reads it that way.

Ruling: the sender's own earlier order pasted below a rule that dates it ("--- last night I
sent: ---", "-------- Original Message --------", "---- Forwarded ----") or on a line tagged
as old ("(old) Charm → Tuck", "[yesterday: Suitcase: Quince]", "was: Kill Mab") is history, not
an order: a GM carries out what the sender wants now (docs/rulings.md).

Ruling: an unclosed [quote] is not a quote, as phpBB renders it: its tag is dropped and the text
after it kept (dropping it could drop the player's orders); a stray [/quote] is dropped.

Ruling: [spoiler] and [hide] keep their content (players hide orders from onlookers in them);
[img], [attachment] and video tags drop theirs (a URL or file name is not words).

Ruling: HTML entities are decoded before tags are read, because phpBB 3.0 stores
``[quote=&quot;name&quot;]``; only entities with a closing ";" are decoded, so "R&D" and
"&para" in plain text survive.

Ruling: a signature is dropped only when it follows a sign-off line ("--", "__", "~~") and is
at most 3 lines long, and only if no line of it looks like an order to the caller's ``keep``
predicate (by default: a line of two or more words is kept). "Sent from my phone" lines and
phpBB "Last edited by" lines are always dropped. Lines with no letter or digit carry no order
and are dropped.

Ruling: a smiley counts only when it stands alone (after a space or at a line start), so
"Abs:D" and "20:00" survive; "8)" is not a smiley ("(on Night 8)"). Emoji outside the Basic
Multilingual Plane are dropped; symbols such as ♥ and ★ stay (names use them).

Ruling: [vote]X[/vote] in a PM reads "vote X", so the grammar still sees a vote.

Ruling: a [code] block holds the author's own words, in a PM and in a topic post alike: its
content is read (an order in a PM, a vote mark in a post), only the [code] tags go. phpBB shows
the content as typed, and a GM who reads "[code]Kill Abs[/code]" acts on it; a quote is the one
place where a player's message holds words that are not theirs.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable, Iterable

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders.folding import word_spans
from autogm.engine.orders.starred import star_mended
from autogm.engine.orders.text_memo import remember

# [name], [/name], [name=attr], [quote="x" post_id=1], and phpBB 3.0's stored forms
# [b:uid], [/list:u:uid], [/*:m:uid], [quote=&quot;x&quot;:uid]. A tag ends at the first "]"
# after its name, so the attribute is read greedily (the uid with it, when there is one): a
# lazy one would try the uid and the "]" after each of its characters (test_bbcode proves the
# tags found are the same).
_TAG = lazy_compile(
    r"\[(?P<close>/)?(?P<name>\*|[a-z][a-z0-9]*)(?::[a-z](?=[:\]]))?"
    r"(?:[=\s][^\[\]\n]*)?(?::[0-9a-z]{5,8})?\]",
    re.IGNORECASE,
)
_CODE_END = lazy_compile(r"\[/code(?::[0-9a-z]{5,8})?\]", re.IGNORECASE)

# Content dropped with the tag; the first ones also end the line they interrupt.
_DROP_BLOCK = frozenset({"quote", "attachment", "youtube", "flash", "video", "media"})
_DROP = _DROP_BLOCK | {"img", "s", "strike", "del"}
_BLOCK = frozenset(
    {"list", "*", "spoiler", "hide", "center", "left", "right", "justify", "align", "indent"}
    | {"hr", "pre", "table", "tr", "td", "th", "h1", "h2", "h3", "h4", "p", "div", "box"}
)
_INLINE = frozenset(
    {"b", "i", "u", "color", "colour", "size", "font", "url", "email", "sup", "sub", "tt"}
    | {"highlight", "glow", "shadow", "blur", "abbr", "acronym", "mark", "small", "big"}
    | {"em", "strong", "mention", "user"}
)
# [vote]X[/vote] in a PM still says "vote X".
_VOTE = frozenset({"vote", "unvote"})
# SC2Mafia's tokens: "(vote)Abs(/vote)" is [vote]Abs[/vote].
_PAREN_VOTE = lazy_compile(r"\((/?)(vote|unvote)\)", re.IGNORECASE)
# A table's cells: a row is one line, its cells the parts of one sentence ("Hob Nail | 0.62 |
# -> trick" is "Hob Nail, 0.62, -> trick"), so that the order word of a row reads with the
# names of its row and not with the next row's first cell.
_CELL = frozenset({"td", "th"})
_CELL_END = ", "
_KNOWN = _DROP | _BLOCK | _INLINE | _VOTE | {"code"}

_ENTITY = lazy_compile(r"&(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});", re.IGNORECASE)
_HTML_COMMENT = lazy_compile(r"<!--.*?-->", re.DOTALL)
# Only these HTML tags are read as HTML: "<3" or "<Abs>" in a PM are words.
_HTML_TAG = lazy_compile(
    r"<(/?)(br|img|a|span|font|strong|b|em|i|u|s|strike|del|blockquote|p|div|li|ul|ol|cite)"
    r"\b[^<>]*?/?>",
    re.IGNORECASE,
)
_HTML_AS_BBCODE = {
    "strong": "b", "b": "b", "em": "i", "i": "i", "u": "u", "s": "s", "strike": "s",
    "del": "s", "blockquote": "quote",
}  # fmt: skip
_HTML_BREAK = frozenset({"br", "p", "div", "li", "ul", "ol"})
# Markdown's strike, "~~Mab~~ Saffron", on one line: [s]Mab[/s]. A "~~" sign-off line has no
# word right after it and none closed on its line.
_MD_STRIKE = lazy_compile(r"~~(?=[^\s~])([^~\n]*?[^\s~])~~")

# phpBB's default smilies and the common typed ones; "8)" is left out: "(Night 8)" is not a smiley.
_SMILEY_CODES = (
    *(":???:", ":?:", ":!:", ":-D", ":D", ";-D", ";D", ":-)", ":)", ";-)", ";)", ":-("),
    *(":(", ":'(", ":')", ":-o", ":o", ":-O", ":O", ":-?", ":?", "8-)", ":-x", ":x"),
    *(":-X", ":X", ":-P", ":P", ":-p", ":p", ";-P", ";P", ":-|", ":|", ":-/", ":/"),
    *(":-*", ":*", ":-S", ":S", ":s", ":3", ":]", ":[", "=)", "=D", "=(", "^_^", "^^"),
    *("-_-", "<3"),
)
# A smiley stands alone: after a space or line start, before a space, punctuation or line end.
_SMILEY = lazy_compile(
    r"(?<!\S)(?:"
    + "|".join(re.escape(c) for c in sorted(_SMILEY_CODES, key=len, reverse=True))
    + r"|:[a-z][a-z0-9_+-]{1,30}:)(?=$|[\s.,!?)])",
    re.IGNORECASE | re.MULTILINE,
)
# Every smiley starts with one of these marks, where a smiley can stand (not after a non-space:
# the lookbehind is checked after the mark). A text without one has no smiley to look for, and
# is not searched at each of its positions.
_SMILEY_FIRST = ":;8=^<-"
_SMILEY_START = lazy_compile(r"[:;8=^<-](?<!\S.)")
_EMOJI = lazy_compile("[\U0001f000-\U0001faff\U0001fc00-\U0001ffff\ufe0f\u200d]")
_ZERO_WIDTH = lazy_compile("[\u200b\u200c\u2060\ufeff\u00ad]")
_SPACES = lazy_compile(r"[^\S\n]+")

_SIGN_OFF = lazy_compile(r"--|—|_{2,}|~{2,}")
_SIGN_OFF_FIRST = frozenset("-—_~")
_DEVICE = lazy_compile(
    r"(?:sent|posted)\s+(?:from|via|using|with)\s+\S.{0,80}"
    r"|envoy[ée]\s+de\s+mon\s+.{1,80}|gesendet\s+von\s+meinem\s+.{1,80}"
    r"|enviado\s+desde\s+mi\s+.{1,80}",
    re.IGNORECASE,
)
_LAST_EDITED = lazy_compile(
    r"last edited by .{1,80}? on .{1,80}?,? edited \d+ times? in total\.?", re.IGNORECASE
)
MAX_SIGNATURE_LINES = 3

Token = tuple[str, str, str]  # (kind: text|open|close|code, tag name, raw text)


def clean_message(source: str, *, keep: Callable[[str], bool] | None = None) -> str:
    """The author's own words as plain text, one line per line of the message."""
    return "\n".join(clean_lines(source, keep=keep))


def clean_lines(source: str, *, keep: Callable[[str], bool] | None = None) -> list[str]:
    """Like :func:`clean_message`, as a list of non-empty lines.

    ``keep`` says whether a line after a sign-off must be kept because it may be an order (the
    grammar knows its keywords); by default a line of two or more words is kept.
    """
    return _clean_lines(*_cut(source), keep)


def clean_and_quotes(
    source: str, *, keep: Callable[[str], bool] | None = None
) -> tuple[str, list[tuple[str | None, str]]]:
    """:func:`clean_message` and :func:`quotes` of one message, its tags cut out once."""
    text, tokens, drops = _cut(source)
    return "\n".join(_clean_lines(text, tokens, drops, keep)), _quotes(text, tokens)


def _cut(source: str) -> tuple[str, list[Token] | None, list[int]]:
    """The source prepared, its tokens (None: it holds no tag) and where its dropped
    blocks' tags stand."""
    text = _prepare(source)
    if "[" not in text:
        return text, None, []
    tokens, drops = _tokens(text)
    return text, tokens, drops


def _clean_lines(
    text: str, tokens: list[Token] | None, drops: list[int], keep: Callable[[str], bool] | None
) -> list[str]:
    if tokens is not None:
        text = "".join(_render(tokens, _dropped(tokens, drops)))
    else:
        text = _without_smilies(text)  # no tag: the text is its one token
    text = star_mended(text)  # "Rook looks heal in thread. *healthy": the word mended
    lines = [tidy for line in text.split("\n") if (tidy := _tidy_line(_untimed(line)))]
    if not _SIGN_OFF_FIRST.isdisjoint(text):  # a sign-off needs one of its marks
        lines = _drop_signature(lines, keep or _has_several_words)
    return [
        line if line.isascii() else unicodedata.normalize("NFC", line)
        for line in lines
        if _has_word(line) and not _is_boilerplate(line)
    ]


# What a "Sent from my phone" or "Last edited by" line starts with (beyond ASCII, where
# case-insensitive matching folds more letters, any line is tried).
_BOILERPLATE_STARTS = frozenset({"se", "po", "en", "ge", "la"})


def _is_boilerplate(line: str) -> bool:
    first = line[:2]
    if first.isascii() and first.lower() not in _BOILERPLATE_STARTS:
        return False
    return bool(_DEVICE.fullmatch(line) or _LAST_EDITED.fullmatch(line))


def quotes(source: str) -> list[tuple[str | None, str]]:
    """The other messages a message quotes, outermost only: each quote's author (as
    ``[quote="Abs"]`` names it; None when it names nobody) and its words as plain text. A
    quote is not the author's words (``clean_message`` drops it); the reader answers an
    order quoted from someone else, and reads a quoted prompt of the GM's as the question
    the author answers."""
    text = _prepare(source)
    if "[" not in text or "quote" not in text.lower():
        return []  # no [quote] tag: nothing to cut into tokens
    return _quotes(text, _tokens(text)[0])


def _quotes(text: str, tokens: list[Token] | None) -> list[tuple[str | None, str]]:
    if tokens is None or "quote" not in text.lower():
        return []
    found: list[tuple[str | None, str]] = []
    depth, start, author = 0, 0, None
    for i, (kind, name, raw) in enumerate(tokens):
        if name != "quote":
            continue
        if kind == "open":
            if depth == 0:
                start, author = i + 1, _QUOTE_AUTHOR.match(raw)
            depth += 1
        elif kind == "close" and depth:
            depth -= 1
            if depth == 0:
                inner = "".join(raw for _, _, raw in tokens[start:i])
                who = author["who"].strip().strip("\"“”'") if author else None
                words = _QUOTED_WORDS.get(inner)
                if words is None:
                    words = clean_message(inner)
                    remember(_QUOTED_WORDS, inner, words)
                found.append((who or None, words))
    return found


# The words of a quote by its text: the GM's prompt that players quote is cleaned once.
_QUOTED_WORDS: dict[str, str] = {}


# The author a quote names: [quote="Abs"], [quote=Abs], [quote="Abs" post_id=1 ...], and
# a name of several words written bare, [quote=Old Crow] (an attribute, "x=1", is no word
# of it).
_QUOTE_AUTHOR = lazy_compile(
    r"\[quote\s*=\s*(?P<who>\"[^\"]*\"|&quot;.*?&quot;|[^\]\s:]+(?:[ \t]+[^\]\s:=]+(?=[ \t\]]))*)",
    re.IGNORECASE,
)
# Someone else's words written as text: "Tomo wrote:", "Forwarding what Lark PM'd me
# earlier:", "> ...". The line that leads them in names who said them.
_WROTE = lazy_compile(
    r"^\s*(?P<who>[^\n]{1,40}?)\s+(?:wrote|said|says|posted)\s*:\s*$"
    r"|^\s*(?P<lead>[^\n]{0,80}?(?<![\w'’])(?:wrote|said|says|posted|[pd]m['’]?(?:e?d)?\s+me"
    r"|messaged\s+me|sent\s+me|told\s+me|forward(?:ed|ing)?|quot(?:e|ed|ing)|copy(?:ing)?"
    r"|past(?:e|ed|ing))(?![\w'’])[^\n]{0,60}):\s*$",
    re.IGNORECASE,
)
# A line that leads in the sender's own words, posted before: "as posted in our chat:",
# "what I wrote in the thread:" (but "as posted by Gin:", "Gin posted in our chat:" lead in
# another's).
_OWN_LEAD = lazy_compile(
    r"(?<![\w'’])(?:as|i|we|i['’]ve|we['’]ve)\s+(?:just\s+|already\s+)?(?:wrote|said|posted"
    r"|pasted|copied|quoted)(?![\w'’])(?![^\n]*(?<![\w'’])by(?![\w'’]))",
    re.IGNORECASE,
)
# The words a quotation mark opens and closes on their own line.
_OPENS_QUOTE = lazy_compile(r"^\s*[\"“«„']")
_CLOSES_QUOTE = lazy_compile(r"[\"”»'][\s.!?]*$")
_REPORTING = ("wrote", "said", "says", "posted", "pm", "sent", "forward", "told", "messag",
              "quot", "copy", "past")  # fmt: skip
# A line quoted as text: "> Target:" (and the "&gt;" a forum's HTML leaves); the GM's quoted
# prompts are found by it too (prompts.py).
QUOTED_LINE = lazy_compile(r"^\s*(?:>|&gt;)")
# A line after a quote that says whose words it holds: "that's what Ruth told me to send",
# "Lark sent me that", "(from Abs's PM)".
_ATTRIBUTES = lazy_compile(
    r"(?<![\w'’])(?:wrote|said|says|posted|[pd]m['’]?(?:e?d)?\s+me|messaged\s+me|sent\s+me"
    r"|told\s+me|tells\s+me|asked\s+me|wants\s+me|wanted\s+me|from\s+\S+['’]s?\s+(?:pm|message)"
    r"|according\s+to)(?![\w'’])",
    re.IGNORECASE,
)
# A line that hands on what someone sent: a letter, a note, a PM, forwarded or found ("got
# this letter this morning", "forwarding an anon letter:", "someone slipped me this note").
_FORWARDED = lazy_compile(
    r"(?<![\w'’])(?:forward(?:ed|ing)?|letters?|notes?|pm|dm|messages?|slipped\s+me"
    r"|sent\s+me|copy(?:ing)?|past(?:e|ed|ing))(?![\w'’])",
    re.IGNORECASE,
)
# ... and the GM named in it: "forwarding the GM's reminder:" leads in the GM's words.
_GM_NAMED = lazy_compile(
    r"(?<![\w'’])(?:gm|host|mod|game\s*master)(?:['’]s)?(?![\w'’])", re.IGNORECASE
)


def forwarded_lead(lead: str) -> bool:
    """Whether ``lead`` (the line that leads a quote in, naming no player) hands on a message
    someone sent, not the GM's own words: what it quotes is then someone else's order."""
    return _FORWARDED.search(lead) is not None and _GM_NAMED.search(lead) is None


# What every line ``_WROTE`` matches ends in.
_LINE_ENDS_IN_COLON = lazy_compile(r":\s*$", re.MULTILINE)


def text_quotes(source: str) -> tuple[str, list[tuple[str | None, str]]]:
    """The source without the quotes of other messages written as text ("Tomo wrote:" and
    its lines up to a blank line, or the lines in quotation marks after "Forwarding what
    Lark PM'd me:"; lines that start with ">"), and those quotes (who: the author, or the
    line that leads them in; words). Most messages hold none: they are not looked at line by
    line."""
    if _dated(source):
        source = _without_history(source)
    if ">" not in source and (
        _LINE_ENDS_IN_COLON.search(source) is None
        or not any(w in source.lower() for w in _REPORTING)
    ):
        return source, []  # no line that leads a quote in ("... wrote:") and no "> ..."
    own: list[str] = []
    found: list[tuple[str | None, str]] = []
    lines = source.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        wrote = _WROTE.match(line)
        if wrote is not None and _OWN_LEAD.search(line):
            wrote = None  # "town plan (as posted in our chat):": the sender's own words again
        if wrote is not None and i + 1 < len(lines) and lines[i + 1].strip():
            block = []
            i += 1
            quoted = _OPENS_QUOTE.match(lines[i]) is not None
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
                if quoted and _CLOSES_QUOTE.search(block[-1]):
                    break  # "Forwarding ...:\n\"Arrest Dune ...\"\nThoughts?": the quote ends
            who = wrote["who"] or wrote["lead"]
            found.append((who.strip(), clean_message("\n".join(block))))
            continue
        if QUOTED_LINE.match(line):
            block = []
            while i < len(lines) and QUOTED_LINE.match(lines[i]):
                block.append(QUOTED_LINE.sub("", lines[i], count=1))
                i += 1
            # "> Revolver Tiv\nthat's what Ruth told me to send": the line after names whose
            # words they are, as a leading line does.
            after = lines[i] if i < len(lines) else ""
            who = after if _ATTRIBUTES.search(after) else None
            if who is None:
                # "got this letter, forwarding so you know:\n\n> Assault Clementine": the line
                # before that hands a letter or a note on leads in someone's words, not the
                # GM's prompt (``forwarded_lead``).
                lead = next((o for o in reversed(own[-2:]) if o.strip()), "")
                who = lead.strip() if forwarded_lead(lead) else None
            found.append((who, clean_message("\n".join(block))))
            continue
        own.append(line)
        i += 1
    return "\n".join(own), found


# The sender's own earlier words pasted as history. A rule with words that date what is under
# it: "--- last night I sent: ---", "-------- Original Message --------", "---- Forwarded ----";
# what it dates runs to a blank line or a bare rule (an e-mail's header lines first, and the
# blank line after them).
_DATING_RULE = lazy_compile(r"^\s*[-=_*~]{2,}\s*(?P<lead>[^\n]*?)\s*[-=_*~]{2,}\s*$")
_DATES = lazy_compile(
    r"(?<![\w'’])(?:forward(?:ed|ing)?|original|old|previous|earlier|last\s+(?:night|day|time)"
    r"|yesterday|history|i\s+sent|sent\s+(?:on|last|yesterday|before))(?![\w'’])",
    re.IGNORECASE,
)
_BARE_RULE = lazy_compile(r"^\s*[-=_*~]{2,}\s*$")
_HEADER = lazy_compile(r"^\s*(?:from|to|sent|date|subject|cc)\s*:", re.IGNORECASE)
# A line that opens on a tag of age: "(old) Charm → Tuck", "[yesterday: Suitcase: Quince]",
# "old: Kill Mab", "was: Heal Pip". The tag is the age word alone in its bracket, or the age
# word and a colon: "(Old Crow) heal Abs" names a player.
_AGE = r"old|outdated|was|previous(?:ly)?|prev|earlier|last\s+(?:night|day|time|phase)|yesterday"
_OLD_LINE = lazy_compile(
    rf"^\s*(?:[(\[]\s*(?:{_AGE})\s*(?:[)\]]|[:,][^)\]\n]{{0,200}}[)\]])|(?:{_AGE})\s*:)",
    re.IGNORECASE,
)
# What a line opens on when it is a dating rule ("--- ... ---") or a line tagged as old (its
# age word's first three letters, after a bracket): lines that open on neither are not matched.
_RULE_STARTS = frozenset({"--", "==", "__", "**", "~~"})
_AGE_OPENS = frozenset({"old", "out", "was", "pre", "ear", "las", "yes"})


def _dated(source: str) -> bool:
    """Whether ``source`` may hold pasted history: a message of several lines, one of which
    opens on a rule or an age word (a one-line message pastes nothing beside its order; most
    PMs are not read line by line)."""
    if "\n" not in source:
        return False
    return _may_date(source[:40]) or _LATER_LINE_DATES.search(source) is not None


# A line after the first that opens on a rule or an age word (a literal "\n" first: the
# search skips to each line's start).
_LATER_LINE_DATES = lazy_compile(
    r"\n[ \t]*(?:[-=_*~]{2}|[(\[]?[ \t]*(?i:old|out|was|pre|ear|las|yes))"
)


def _may_date(line: str) -> bool:
    opened = line.lstrip()
    return opened[:2] in _RULE_STARTS or opened.lstrip("([")[:3].lower() in _AGE_OPENS


def _without_history(source: str) -> str:
    """``source`` without the sender's earlier words it pastes as history: the lines a dating
    rule heads, and the lines tagged as old."""
    lines = source.split("\n")
    own: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not _may_date(line):
            own.append(line)
            i += 1
            continue
        rule = _DATING_RULE.match(line)
        if rule is not None and _DATES.search(rule["lead"]):
            i += 1
            while i < len(lines) and _HEADER.match(lines[i]):
                i += 1
            if i < len(lines) and not lines[i].strip() and i > 0 and _HEADER.match(lines[i - 1]):
                i += 1
            while i < len(lines) and lines[i].strip() and not _BARE_RULE.match(lines[i]):
                i += 1
            if i < len(lines) and _BARE_RULE.match(lines[i]):
                i += 1
            continue
        if _OLD_LINE.match(line) is None:
            own.append(line)
        i += 1
    return "\n".join(own)


# The tags that strike words through, as ``_prepare`` leaves them ([s], [strike], [del]; HTML's
# and Markdown's strikes are read as [s]), and what a message that holds one holds.
_STRIKE_TAG = lazy_compile(r"\[(/?)(?:s|strike|del)(?::[0-9a-z]{5,8})?\]", re.IGNORECASE)
_STRIKE_NAMES = ("s]", "s:", "s>", "strike", "del")


def _strike_tagged(source: str, opener: str) -> bool:
    """Whether a tag that ``opener`` opens in ``source`` strikes words through: [s], <del>...
    (a look at each opener, cheaper than a case-blind pattern over the whole message)."""
    at = source.find(opener)
    while at != -1:
        if source[at + 1 : at + 7].lower().startswith(_STRIKE_NAMES):
            return True
        at = source.find(opener, at + 1)
    return False


def struck_lines(source: str) -> list[str]:
    """The lines of ``source`` that strike words through, read with the struck words kept
    ("Heal: [s]Edda[/s]" is "Heal: Edda"): what the sender took back. ``clean_message``
    drops the struck words; the reader answers an order struck with nothing in its place."""
    if "~~" not in source and not _strike_tagged(source, "[") and not _strike_tagged(source, "<"):
        return []
    found: list[str] = []
    depth = 0
    for line in _prepare(source).split("\n"):
        tags = list(_STRIKE_TAG.finditer(line))
        if (tags or depth) and (words := clean_message(_STRIKE_TAG.sub("", line))):
            found.append(words)
        for tag in tags:
            depth = max(0, depth - 1) if tag[1] else depth + 1
    return found


def strip_quoted(source: str) -> str:
    """The BBCode source minus what the author did not say: quotes and struck text.

    Formatting tags stay, so a vote reader can still see [b] and [vote]; a code block's
    content stays as the author's own words, its [code] tags go (as in a PM).
    """
    tokens, drops = _tokens(_prepare(source))
    dropped = _dropped(tokens, drops)
    return "".join(
        "\n" if d and tok[1] in _DROP_BLOCK and tok[0] == "open" else "" if d else tok[2]
        for tok, d in zip(tokens, dropped, strict=True)
    )


def _prepare(source: str) -> str:
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    if "(" in text:
        text = _PAREN_VOTE.sub(r"[\1\2]", text)
    if "~~" in text:
        text = _MD_STRIKE.sub(r"[s]\1[/s]", text)
    if "&" in text:
        # html (3-5 ms to import: its entity tables) loads for the first message with one.
        import html

        text = _ENTITY.sub(lambda m: html.unescape(m.group()), text)
    if "<" in text:
        text = _HTML_COMMENT.sub("", text)
        text = _HTML_TAG.sub(_html_tag, text)
    return text


def _html_tag(m: re.Match[str]) -> str:
    name = m.group(2).lower()
    if name in _HTML_AS_BBCODE:
        return f"[{m.group(1)}{_HTML_AS_BBCODE[name]}]"
    return "\n" if name in _HTML_BREAK else ""


def _tokens(text: str) -> tuple[list[Token], list[int]]:
    """The text cut into text, tags and code blocks (no empty text between two tags), and
    where the tags whose content may be dropped ([quote], [s], [img]...) stand."""
    if "[" not in text:
        return [("text", "", text)], []  # no tag
    tokens: list[Token] = []
    drops: list[int] = []
    pos = 0
    no_code_end = len(text) + 1  # no [/code] at or after this position: not searched again
    for m in _TAG.finditer(text):
        start, end = m.span()
        if start < pos:
            continue  # inside a code block: a tag there ends before the block does
        close, name = m.group("close", "name")
        name = name.lower()
        if name not in _KNOWN:
            tokens.append(("text", "", text[pos:end]))
            pos = end
            continue
        if start > pos:
            tokens.append(("text", "", text[pos:start]))
        pos = end
        if name == "code" and not close:
            # phpBB reads nothing inside [code]; an unclosed one is just dropped.
            code_end = _CODE_END.search(text, pos) if pos < no_code_end else None
            if code_end is None:
                no_code_end = pos
            else:
                tokens.append(("code", name, text[pos : code_end.start()]))
                pos = code_end.end()
            continue
        if name in _DROP:
            drops.append(len(tokens))
        tokens.append(("close" if close else "open", name, m.group()))
    if pos < len(text):
        tokens.append(("text", "", text[pos:]))
    return tokens, drops


def _dropped(tokens: list[Token], drops: list[int]) -> list[bool]:
    """Which tokens lie inside a balanced dropped block ([quote], [s], [img]...), nesting
    aware; ``drops`` are where the tags of such blocks stand."""
    dropped = [False] * len(tokens)
    opened: dict[str, list[int]] = {}
    for i in drops:
        kind, name, _ = tokens[i]
        if kind == "open":
            opened.setdefault(name, []).append(i)
        elif opened.get(name):
            start = opened[name].pop()
            dropped[start : i + 1] = [True] * (i + 1 - start)
    return dropped


def _render(tokens: list[Token], dropped: list[bool]) -> list[str]:
    parts: list[str] = []
    for (kind, name, raw), is_dropped in zip(tokens, dropped, strict=True):
        if is_dropped:
            if kind == "open" and name in _DROP_BLOCK:
                parts.append("\n")
        elif kind == "text":
            parts.append(_without_smilies(raw))
        elif kind == "code":
            parts.append(f"\n{raw}\n")
        elif name in _CELL:
            parts.append(_CELL_END if kind == "close" else " ")
        elif name in _BLOCK or name in _DROP_BLOCK:
            _end_row(parts)
            parts.append("\n")
        elif name in _VOTE:
            parts.append(f" {name} " if kind == "open" else " ")
    return parts


def _end_row(parts: list[str]) -> None:
    """A row's last cells (empty ones too) end with its row: the separators after its last
    words, and the spaces between them, are dropped."""
    end = len(parts)
    while end and (parts[end - 1] == _CELL_END or parts[end - 1].isspace()):
        end -= 1
    if _CELL_END in parts[end:]:
        del parts[end:]


def _without_smilies(text: str) -> str:
    return text if _SMILEY_START.search(text) is None else _SMILEY.sub("", text)


# A chat log's time at a line's start: "[21:02] ", "12:31 — ", "(22:14)".
_TIME = lazy_compile(
    r"^\s*[\[(]?\d{1,2}[:.h]\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?[\])]?\s*(?:[-–—:|]\s*)?"
)


def _untimed(line: str) -> str:
    """The line without a chat log's time before it (a time is no word of an order)."""
    if line[:1] not in _TIME_FIRST and line.lstrip()[:1] not in _TIME_FIRST:
        return line
    found = _TIME.match(line)
    return line[found.end() :] if found and found.end() and line[found.end() :].strip() else line


_TIME_FIRST = frozenset("[(0123456789")


def _tidy_line(line: str) -> str:
    if not line.isascii():  # emoji and zero-width characters are all beyond ASCII
        line = _ZERO_WIDTH.sub("", _EMOJI.sub("", line))
    elif line.isprintable() and "  " not in line:
        return line.strip(" ")  # only single spaces: nothing for _SPACES to join
    return _SPACES.sub(" ", line).strip()


def _has_word(line: str) -> bool:
    if line.isascii():
        return bool(line.strip(_ASCII_NO_WORD))  # a letter or digit where stripping stops
    return _ALNUM.search(line) is not None


# A letter or digit: \w is str.isalnum() and "_".
_ALNUM = lazy_compile(r"[^\W_]")
# What is no letter or digit in ASCII.
_ASCII_NO_WORD = "".join(chr(i) for i in range(128) if not chr(i).isalnum())


def _has_several_words(line: str) -> bool:
    return len(line.split()) > 1


def _drop_signature(lines: list[str], keep: Callable[[str], bool]) -> list[str]:
    for i in range(len(lines) - 1, max(-1, len(lines) - MAX_SIGNATURE_LINES - 2), -1):
        if lines[i][0] in _SIGN_OFF_FIRST and _SIGN_OFF.fullmatch(lines[i]):
            block = [line for line in lines[i + 1 :] if _has_word(line)]
            if not any(keep(line) for line in block):
                return lines[:i]
            return lines
    return lines


# -- polite filler --------------------------------------------------------------------------

_ADDRESS = r"gm|g\.m\.|game\s*master|mod|host"
_GREETING = (
    r"(?:hi+|hello+|hey+|heya|hiya|howdy|yo|greetings|dear"
    r"|(?:good\s+)?(?:morning|afternoon|evening)|good\s+day)"
    r"(?:\s+(?:there|again|all|everyone|sir|{address}))*"
)
_THANKS = (
    r"(?:thanks|thank\s+(?:you|u)|thx|thanx|tx|ty|tyvm|tia|cheers|much\s+appreciated)"
    r"(?:\s+(?:so\s+much|very\s+much|a\s+lot|again|in\s+advance|kindly))?"
    r"(?:\s+(?:{address}))?"
)
_PLEASE = r"please|pls|plz|kindly"
_INTENT = (
    # A letter's request, the order asked of the GM after it: "I should be most obliged if
    # you would heal Lynz", "I'd be grateful if you could kindly detain Abs", "we would be
    # pleased if you'd vote Kes for us" (not "... if Lynz were healed": no order's form);
    # or the sender's own deed: "I should be pleased to heal Ludo", "I am glad to vote Abs".
    r"(?:i|we)\s*(?:(?:should|would|shall|will|['’]\s*d|['’]\s*ll)\s+be|am|are|['’]\s*m"
    r"|['’]\s*re)\s+(?:(?:most|very|much|so|ever\s+so|deeply|truly|awfully|terribly)\s+)?"
    r"(?:obliged|grateful|pleased|glad|delighted|thankful|happy)\s+(?:to|if\s+(?:you|u)\s*"
    r"(?:would|could|might|will|can|['’]\s*d)(?:\s+(?:kindly|please))?)"
    r"|(?:i\s*['’]?\s*d|i\s+would)\s+(?:like|love|want)\s+to"
    r"|i\s+(?:want|wish|choose|decide|decided|plan|intend)\s+to|i\s+wanna"
    r"|i\s+will|i\s*['’]\s*ll|i\s+shall|i\s+would|i\s*['’]\s*d"
    r"|(?:i\s*['’]\s*m|i\s+am)\s+(?:going\s+to|gonna)"
    r"|(?:could|can|would|will)\s+you(?:\s+please)?|let\s+me|go\s+ahead\s+and"
)
_WHEN = r"tonight|today|this\s+(?:night|day|phase)"
_LABEL = (
    r"(?:(?:my|the|our)\s+)?(?:(?:night|day|final|new|updated|changed|current)\s+)?"
    r"(?:orders?|actions?|choices?|decision|submission)"
    rf"(?:\s+(?:for\s+)?(?:{_WHEN}))?(?:\s+(?:is|are|will\s+be))?\s*[:=]"
    rf"|(?:for\s+)?(?:{_WHEN})\s*:"
)
_INTERJECTION = r"(?:ok(?:ay)?|alright|so|well|um+|uh+|hm+|right)(?=\s*[,!.])"
# The sender stepping away from the message and back ("brb", "ok back.", "one sec", "sorry,
# delivery guy", "sry was driving"): a remark of its own between an order's head and its
# detail, which says nothing of the order. Each is a clause of the line (up to a mark), its
# words after the lead words ("ok", "sorry") one of ``_AWAY``, or after an apology one of
# ``_AWAY_CAUSES``; read as words, not by a pattern (a message holds one seldom).
_AWAY_LEAD = frozenset({"ok", "okay", "alright", "sorry", "sry", "soz"})
_APOLOGIES = frozenset({"sorry", "sry", "soz"})
_AWAY = frozenset({
    "brb", "afk", "bbl", "be right back", "one sec", "one second", "a sec", "a second",
    "hold on", "gimme a sec", "back", "back now", "i'm back", "im back", "i am back",
    "i'm back now", "im back now",
})  # fmt: skip
_AWAY_CAUSES = frozenset({
    "was driving", "got distracted", "was distracted", "got interrupted", "was interrupted",
    "got called away", "was called away", "i was driving", "i got distracted", "delivery",
    "delivery guy", "the delivery guy", "doorbell", "the doorbell", "door", "the door", "phone",
    "the phone", "phone call", "kid", "kids", "the kids", "baby", "the baby", "dog", "the dog",
})  # fmt: skip
# A clause of a line, and the marks and spaces after it.
_CLAUSE = lazy_compile(r"([^,.!:;~…]*)[,.!:;~…\s]*")
_CLOSING = (
    r"bye|cya|see\s+ya|gl(?:\s+hf)?"
    r"|good\s+(?:luck|night)(?:\s+(?:everyone|everybody|all|guys|folks))?"
    r"|have\s+(?:a\s+)?(?:nice|good|great)\s+(?:day|night|evening|one)|sincerely|xoxo"
    r"|if\s+possible|if\s+you\s+can"
    # ... and a letter's: "Yours faithfully", "With kindest regards", "Affectionately".
    r"|yours\s+(?:faithfully|sincerely|truly|ever|respectfully)|(?:with\s+)?(?:(?:kind|warm|best)(?:est)?"
    r"\s+)?(?:regards|wishes)|affectionately|respectfully"
)
_END = r"(?![\w'’])"
# The letters each of the lead's phrases can start with (test_bbcode proves them).
_GREETING_STARTS, _ADDRESS_STARTS, _PLEASE_STARTS = "adeghmy", "ghm", "kp"
_THANKS_STARTS, _INTENT_STARTS = "cmt", "cgilw"
_LABEL_STARTS, _INTERJECTION_STARTS = "acdfmnostu", "ahorsuw"
# A word every remark of ``_AWAY`` holds, or the apology before a cause (test_bbcode proves it).
_AWAY_WORDS = ("brb", "afk", "bbl", "back", "sec", "hold", "sorry", "sry", "soz")
_AWAY_GATE = lazy_compile("|".join(_AWAY_WORDS))
# The characters of any trailing phrase but the GM's names ("thanks very much g.m."), and of the
# punctuation after it: ASCII letters, spaces and these marks.
_TRAIL_HOLDS = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ \t\n\r\f\v\x1c\x1d\x1e\x1f.,!:;~"
)


class _Lead:
    """Patterns tried in order at a line's start, the first that matches wins, as in one
    alternation; a line that starts with an ASCII letter is tried only against those that can
    start with it ("Kill Abs" against "kindly" alone, "Vote Abs" against none)."""

    __slots__ = ("_all", "_by_letter")

    def __init__(self, alternatives: list[tuple[str, str | None]]) -> None:
        # Each pattern with the letters it can start with (None: any character); each is
        # compiled at its first use, and the punctuation after the phrase goes with it.
        compiled = [
            (lazy_compile(rf"{pattern}[\s,.!:;~]*", re.IGNORECASE), letters)
            for pattern, letters in alternatives
        ]
        self._all = tuple(pattern for pattern, _ in compiled)
        self._by_letter = {
            first: tuple(p for p, letters in compiled if letters is None or letter in letters)
            for letter in "abcdefghijklmnopqrstuvwxyz"
            for first in (letter, letter.upper())
        }

    def idle(self) -> frozenset[str]:
        """The first characters no pattern can start with."""
        return frozenset(first for first, patterns in self._by_letter.items() if not patterns)

    def match(self, line: str) -> re.Match[str] | None:
        for pattern in self._by_letter.get(line[:1], self._all):
            if (found := pattern.match(line)) is not None:
                return found
        return None


class Filler:
    """Removes polite filler at the start and end of an order line, and nothing else.

    ``protected`` are words that must survive (the roster's player names, ability keywords):
    filler overlapping one of them is left alone, so with a player named "Please" or "Thanks"
    the line "Kill Thanks" keeps its target. ``addressees`` are the GM's own account names,
    read like "GM" in "Hi Jd, ..." or "thanks Jd".

    Ruling: at the end of a line a single filler word is also kept when it starts a protected
    word ("ty" with a player "Tyler"): the player may be naming Tyler, and keeping a stray
    "ty" only costs a clarifying answer, while dropping a target could change the order.
    Ruling: labels that name a phase by number ("Night 2:") are not filler: the phase is meaning.
    """

    __slots__ = (
        "_cleaned",
        "_courtesy",
        "_key_text",
        "_keys",
        "_lead",
        "_lead_unmarked",
        "_max_key",
        "_no_lead",
        "_trail",
        "_trail_holds",
        "_words",
    )

    def __init__(self, protected: Iterable[str] = (), addressees: Iterable[str] = ()) -> None:
        names = [a for a in addressees if a.strip()]
        address = "|".join([_ADDRESS, *map(re.escape, names)])
        greeting = _GREETING.format(address=address)
        thanks = _THANKS.format(address=address)
        # The lead's alternatives in their order, each tried only on a line that starts with a
        # letter it can start with; the address, the label and the interjection only on a
        # line that holds a mark they need after them ("GM:", "My orders:", "Ok,").
        starts = {a[:1].lower() if a[:1].isascii() and a[:1].isalpha() else "" for a in names}
        greeting = (f"(?P<phrase>{greeting}){_END}", _GREETING_STARTS)
        address = (
            rf"(?P<phrase>{address})(?=\s*[,:!]){_END}",
            None if "" in starts else _ADDRESS_STARTS + "".join(starts),
        )
        plain = [
            (f"(?P<phrase>{_PLEASE}){_END}", _PLEASE_STARTS),
            (f"(?P<phrase>{thanks}){_END}", _THANKS_STARTS),
            (f"(?P<phrase>{_INTENT}){_END}", _INTENT_STARTS),
        ]

        label = (f"(?P<phrase>{_LABEL})", _LABEL_STARTS)
        interjection = (f"(?P<phrase>{_INTERJECTION})", _INTERJECTION_STARTS)
        self._lead = _Lead([greeting, address, *plain, label, interjection])
        self._lead_unmarked = _Lead([greeting, *plain])
        # Greetings, the GM's address, thanks and "please": the same patterns as the lead's
        # (compiled once: re keeps them by text), none of the words that may void an order.
        self._courtesy = _Lead([greeting, address, *plain[:2]])
        # A line that starts with one of these ("Vote Abs", "Bribe") has no leading filler,
        # marked or not: the unmarked phrases are some of the marked ones.
        self._no_lead = self._lead.idle()
        self._trail = re.compile(
            rf"(?<![\w'’])(?P<phrase>(?:{_PLEASE}|{thanks}|{_CLOSING})(?:\s+(?:{_PLEASE}))?)"
            r"[\s,.!:;~]*$",
            re.IGNORECASE,
        )
        # What a trailing phrase and the punctuation after it can hold (test_bbcode proves it
        # of the pattern): in an ASCII line it starts after the last other character.
        self._trail_holds = _TRAIL_HOLDS + "".join(
            {c for a in addressees for c in a + a.swapcase() if c.isascii()}
        )
        words = [w for p in protected for w in word_spans(p)]
        self._keys = frozenset(
            key for p in protected if (key := "".join(k for k, _, _ in word_spans(p)))
        )
        self._max_key = max(map(len, self._keys), default=0)
        # Every key in one text: a word that is in no key is a substring of none of them.
        self._key_text = "\0".join(sorted(self._keys))
        self._words = sorted({k for k, _, _ in words} | self._keys)
        # clean's answers by line: greetings and orders repeat phase after phase, and the
        # filler (one per roster) never changes.
        self._cleaned: dict[str, str] = {}

    def clean(self, line: str) -> str:
        """The line without leading/trailing filler; "" when it was nothing but filler."""
        cleaned = self._cleaned.get(line)
        if cleaned is None:
            cleaned = self._clean(line)
            remember(self._cleaned, line, cleaned)
        return cleaned

    def without_away(self, text: str) -> str:
        """``text`` without the remarks of a sender who stepped away and came back ("brb",
        "ok back.", "sorry, delivery guy") that open the lines of a message of several: they
        stand between an order's head and its detail ("investigate:", "brb", "ok back.
        Mossgrave kills Tin Whistle") and say nothing of the order. A line of nothing else
        is left out."""
        if "\n" not in text or _AWAY_GATE.search(text.lower()) is None:
            return text  # most messages: one line, or none of the remark's words
        lines = []
        for line in text.split("\n"):
            rest = self._past_away(line.lstrip())
            if rest is None:
                lines.append(line)
            elif rest:
                lines.append(rest)
        return "\n".join(lines)

    def _past_away(self, line: str) -> str | None:
        """What follows the remarks of stepping away that open ``line``; None when none does.
        An apology stands with the cause after it ("sorry, phone"), and with nothing else."""
        at, apology, end = 0, False, None
        while at < len(line):
            clause = _CLAUSE.match(line, at)
            words = clause[1].lower().replace("’", "'").split()
            lead = 0
            while lead < len(words) and words[lead] in _AWAY_LEAD:
                apology = apology or words[lead] in _APOLOGIES
                lead += 1
            said = " ".join(words[lead:])
            if said and not (said in _AWAY or (apology and said in _AWAY_CAUSES)):
                break
            if said and self._protects(line, at, clause.end(1), single_prefix=False):
                break  # "sorry, Doorbell": a player so named
            at = clause.end()
            if said:
                end, apology = at, False
            if not clause.end() > clause.start():
                break
        return None if end is None else line[end:]

    def courtesy(self, line: str) -> bool:
        """Whether ``line`` is courtesy alone: greetings, the GM addressed, thanks and
        "please" ("Hi GM!", "hey gm,", "Evening", "thanks so much"), nothing the filler keeps
        (a player named "Hey" is kept). No word of it negates, doubts, conditions, asks or
        times an order, as an interjection ("hmm", "no", "ok"), an intent ("I will"), a label
        or a closing ("if possible", "good night") may."""
        rest = line.strip()
        if not rest or self.clean(line):
            return False
        while rest:
            found = self._courtesy.match(rest)
            if found is None or not found.end():
                return False
            rest = rest[found.end() :]
        return True

    def _clean(self, line: str) -> str:
        line = line.strip()
        while line and line[:1] not in self._no_lead and (m := self._leading(line)) and m.end():
            if self._protects(line, m.start("phrase"), m.end("phrase"), single_prefix=False):
                break
            line = line[m.end() :]
        while line and (m := self._trailing(line)):
            if self._protects(line, m.start("phrase"), m.end("phrase"), single_prefix=True):
                break
            line = line[: m.start()].rstrip(" \t,;~")
        return line.strip()

    def _leading(self, line: str) -> re.Match[str] | None:
        # The marks an address, a label or an interjection needs after it.
        marked = "," in line or ":" in line or "!" in line or "=" in line or "." in line
        return (self._lead if marked else self._lead_unmarked).match(line)

    def _trailing(self, line: str) -> re.Match[str] | None:
        """The trailing filler phrase of ``line``, searched for only where it can start."""
        # Beyond ASCII, case-insensitive matching folds more letters (and \s more spaces).
        start = len(line.rstrip(self._trail_holds)) if line.isascii() else 0
        return self._trail.search(line, start)

    def _protects(self, line: str, start: int, end: int, *, single_prefix: bool) -> bool:
        if not self._keys:
            return False
        inside = self._inside_no_name(line, start, end)
        if inside is None:
            # Only the words near the phrase can spell a name that overlaps it: a long line
            # is not cut into all its words for each phrase (what it costs stays linear).
            near = max(0, start - 4 * self._max_key - 8)
            spans = [
                (key, s + near, e + near)
                for key, s, e in word_spans(line[near : end + 4 * self._max_key + 8])
            ]
            if self._name_overlaps(spans, start, end):
                return True
            inside = [key for key, s, e in spans if s >= start and e <= end]
        if single_prefix and len(inside) == 1 and len(inside[0]) >= 2:
            i = bisect.bisect_left(self._words, inside[0])
            return i < len(self._words) and self._words[i].startswith(inside[0])
        return False

    def _inside_no_name(self, line: str, start: int, end: int) -> list[str] | None:
        """The keys of the words of ``line[start:end]`` when no protected name can overlap
        them; None when the line must be read word by word to know.

        In ASCII a word is a run of letters and digits, its key the run in lower case. When
        the phrase starts and ends between words, a run of words that overlaps it holds one of
        its words, and a run whose keys join into a protected key holds only words that are
        in that key: when none of the phrase's words is, no name overlaps it ("Heal P34
        please" is not cut into all its words). test_bbcode proves it against the reading
        word by word."""
        if not line.isascii() or line[start - 1 : start].isalnum() or line[end : end + 1].isalnum():
            return None
        inside = _ASCII_WORD.findall(line.lower(), start, end)
        if not inside or any(word in self._key_text for word in inside):
            return None
        return inside

    def _name_overlaps(self, spans: list[tuple[str, int, int]], start: int, end: int) -> bool:
        """Whether a run of the words ``spans`` whose keys join into a protected key overlaps
        ``start``..``end``."""
        for i, (_, first_start, _) in enumerate(spans):
            joined = ""
            for key, _, last_end in spans[i:]:
                joined += key
                if len(joined) > self._max_key:
                    break
                if joined in self._keys and first_start < end and last_end > start:
                    return True
        return False


# A word of an ASCII text in lower case, as folding.word_spans reads it: a run of letters and
# digits.
_ASCII_WORD = lazy_compile(r"[a-z0-9]+")


def strip_filler(line: str, protected: Iterable[str] = (), addressees: Iterable[str] = ()) -> str:
    """One-off :meth:`Filler.clean`; build a :class:`Filler` once per game for many lines."""
    return Filler(protected, addressees).clean(line)
