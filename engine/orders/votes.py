"""Public votes read from topic posts, and the running vote count they add up to.

Only deliberate votes count: a ``[vote]X[/vote]`` tag, or a bold span that is nothing but a
vote ("[b]vote: X[/b]", "[b]VOTE X[/b]", "[b]unvote[/b]"), with any colour or size around or
inside. Plain chatter that mentions voting, and anything inside a quote, struck through or in a
code block, is not a vote.

Ruling: a bold span must be the vote and nothing else ("[b]vote Abs because he lied[/b]" is a
refused vote, not a vote for Abs): a GM should not read intent into a sentence.
Ruling: an exact player name beats the words "no lynch" (a player may be called that); prefix
and typo readings of a name come after them.
Ruling: a refused mark leaves the voter's previous vote standing; only a valid vote or an
unvote changes it.
Ruling: in a tally, voters are listed in the order they cast their current vote (a changed
vote goes to the end), as forum vote counts usually show it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum, StrEnum

from autogm.engine.orders.bbcode import clean_message, strip_quoted
from autogm.engine.orders.folding import fold
from autogm.engine.orders.names import MatchKind, NameMatch, NameMatcher
from autogm.engine.render.inert import inert
from autogm.engine.render.templates import say

_UID = r"(?::[0-9a-z]{5,8})?"
# Every [vote], [/vote], [unvote], [/unvote], [b], [/b] of a post, found in one pass.
_TAG = re.compile(rf"\[(?P<close>/?)(?P<name>vote|unvote|b){_UID}\]", re.IGNORECASE)
_HAS_VOTE_TAG = re.compile(rf"\[/?(?:un)?vote{_UID}\]", re.IGNORECASE)
_BOLD_UNVOTE = re.compile(r"unvote\b[\s.,;:!&-]*(?:and\s+)?(?P<rest>.*)", re.IGNORECASE)
_BOLD_VOTE = re.compile(r"(?:vote|lynch)\b\s*[:=-]?\s*(?P<target>.*?)[\s.!]*", re.IGNORECASE)
# Markdown's marks of emphasis: a heading line ("## vote X", "#vote X") and a bold span
# ("**vote X**", "__vote X__") on one line.
_MD_HEADING = re.compile(r"^[^\S\n]*#{1,6}[^\S\n]*(?P<inner>[^#\s][^\n]*?)[\s#]*$", re.MULTILINE)
_MD_BOLD = re.compile(r"(\*\*|__)(?P<inner>[^\s*_][^\n]*?)\1")
_NO_LYNCH_WORDS = frozenset({"nolynch", "nolynching", "nolynchtoday"})


class VoteKind(StrEnum):
    VOTE = "vote"
    UNVOTE = "unvote"
    NO_LYNCH = "no_lynch"


class VoteProblem(StrEnum):
    """Why a vote was refused; the daemon tells the player."""

    EMPTY = "empty"
    UNKNOWN_NAME = "unknown_name"
    AMBIGUOUS_NAME = "ambiguous_name"
    NOT_A_VOTER = "not_a_voter"
    NOT_A_TARGET = "not_a_target"
    NO_LYNCH_NOT_ALLOWED = "no_lynch_not_allowed"
    TOO_LONG = "too_long"


class NoLynch(Enum):
    """The no-lynch choice in a tally; not a str, so no player name can collide with it."""

    NO_LYNCH = "No Lynch"


NO_LYNCH = NoLynch.NO_LYNCH
Target = str | NoLynch


@dataclass(frozen=True, slots=True)
class VoteMark:
    """One vote, unvote or no-lynch vote in a post, or a refused one (``problem`` set).

    ``written`` is the vote as the player wrote it; ``match`` says how the name was read, so a
    prefix or typo reading can be reported ("read 'Akonly' as Akonyl").
    """

    kind: VoteKind
    written: str
    target: str | None = None
    match: NameMatch | None = None
    problem: VoteProblem | None = None

    @property
    def is_rejected(self) -> bool:
        return self.problem is not None

    @property
    def choice(self) -> Target | None:
        """What the mark votes for: a name, NO_LYNCH, or None for an unvote or a refusal."""
        if self.problem is not None:
            return None
        return NO_LYNCH if self.kind is VoteKind.NO_LYNCH else self.target


# phpBB's own default limit for a post (max_post_chars); a longer post is not read for votes.
MAX_POST_CHARS = 60_000


def read_votes(source: str, matcher: NameMatcher) -> list[VoteMark]:
    """Every vote mark in a topic post's BBCode source, in the order written."""
    if len(source) > MAX_POST_CHARS:
        whole = say("vote_problem.whole_post")
        return [VoteMark(VoteKind.VOTE, whole, problem=VoteProblem.TOO_LONG)]
    return _read_marks(_markdown_as_bold(strip_quoted(source)), matcher)


def _markdown_as_bold(text: str) -> str:
    """A post's Markdown emphasis read as the bold it means: a heading line ("## vote X")
    and a "**...**" or "__...__" span on one line are as deliberate as "[b]...[/b]"."""
    if "#" not in text and "**" not in text and "__" not in text:
        return text
    text = _MD_HEADING.sub(r"[b]\g<inner>[/b]", text)
    return _MD_BOLD.sub(r"[b]\g<inner>[/b]", text)


def _read_marks(text: str, matcher: NameMatcher) -> list[VoteMark]:
    marks: list[VoteMark] = []
    for kind, inner in _spans(text):
        if kind == "vote":
            marks.append(_read_target(_plain(inner), matcher))
        elif kind == "b":
            if _HAS_VOTE_TAG.search(inner):
                marks.extend(_read_marks(inner, matcher))  # [b][vote]X[/vote][/b]
            else:
                marks.extend(_read_bold(_plain(inner), matcher))
        else:
            marks.append(VoteMark(VoteKind.UNVOTE, _plain(inner) or "unvote"))
    return marks


def _spans(text: str) -> list[tuple[str, str]]:
    """The [vote]X[/vote], [unvote](X[/unvote]) and [b]X[/b] spans of ``text``, in order.

    Left to right, an opener takes the first closer of its name after it, and the next span
    starts after that closer; an opener with no closer is text. Tags are found once and each
    opener looks its closer up in a table, so a post of 20,000 unclosed openers costs no more
    than its length.
    """
    tags = list(_TAG.finditer(text))
    # next_close[i]: the index of the first closing tag of tags[i]'s name after tags[i].
    next_close: list[int | None] = [None] * len(tags)
    upcoming: dict[str, int] = {}
    for i in range(len(tags) - 1, -1, -1):
        name = tags[i]["name"].lower()
        next_close[i] = upcoming.get(name)
        if tags[i]["close"]:
            upcoming[name] = i
    spans: list[tuple[str, str]] = []
    cursor = 0
    for i, tag in enumerate(tags):
        if tag.start() < cursor or tag["close"]:
            continue
        name, closer = tag["name"].lower(), next_close[i]
        if name == "unvote":
            # "[unvote]" alone, or "[unvote]X[/unvote]" with no other tag inside.
            inner_end = tag.end()
            if closer is not None and text.find("[", tag.end()) == tags[closer].start():
                inner_end, cursor = tags[closer].start(), tags[closer].end()
            else:
                cursor = tag.end()
            spans.append(("unvote", text[tag.end() : inner_end]))
        elif closer is not None:
            spans.append((name, text[tag.end() : tags[closer].start()]))
            cursor = tags[closer].end()
    return spans


def _plain(fragment: str) -> str:
    return " ".join(clean_message(fragment).split())


def _read_bold(text: str, matcher: NameMatcher) -> list[VoteMark]:
    marks: list[VoteMark] = []
    unvote = _BOLD_UNVOTE.fullmatch(text)
    if unvote:
        marks.append(VoteMark(VoteKind.UNVOTE, text))
        text = unvote["rest"]
        if not text.strip(" .!"):
            return marks
    vote = _BOLD_VOTE.fullmatch(text)
    if vote and vote["target"]:
        marks.append(_read_target(vote["target"], matcher))
    return marks


def _read_target(written: str, matcher: NameMatcher) -> VoteMark:
    written = written.strip()
    if not written:
        return VoteMark(VoteKind.VOTE, written, problem=VoteProblem.EMPTY)
    found = matcher.match(written)
    if found.kind not in (MatchKind.EXACT, MatchKind.ALIAS):
        key = fold(written)
        if key in _NO_LYNCH_WORDS:
            return VoteMark(VoteKind.NO_LYNCH, written)
        if key == "unvote":
            return VoteMark(VoteKind.UNVOTE, written)
        if not found.is_match and written.casefold().startswith("for "):
            found = matcher.match(written[4:])
    if found.is_match:
        return VoteMark(VoteKind.VOTE, written, found.name, found)
    problem = (
        VoteProblem.AMBIGUOUS_NAME
        if found.kind is MatchKind.AMBIGUOUS
        else VoteProblem.UNKNOWN_NAME
    )
    return VoteMark(VoteKind.VOTE, written, match=found, problem=problem)


def _name_order(target: Target) -> tuple[str, str]:
    name = target.value if isinstance(target, NoLynch) else target
    return (fold(name) or name.casefold(), name)


@dataclass(frozen=True, slots=True)
class VoteCount:
    """The votes standing in one day phase: each voter's last valid vote, in casting order.

    ``voters`` may vote (the caller leaves out the dead, the arrested, the frightened...);
    ``targets`` may be voted for. A value: ``apply`` returns a new count.
    """

    voters: frozenset[str]
    targets: frozenset[str]
    allow_no_lynch: bool = True
    ballots: tuple[tuple[str, Target], ...] = ()

    @classmethod
    def start(
        cls,
        voters: Iterable[str],
        targets: Iterable[str] | None = None,
        *,
        allow_no_lynch: bool = True,
    ) -> VoteCount:
        """An empty count; ``targets`` defaults to the voters."""
        voters = frozenset(voters)
        return cls(voters, voters if targets is None else frozenset(targets), allow_no_lynch)

    def apply(self, voter: str, marks: Sequence[VoteMark]) -> tuple[VoteCount, list[VoteMark]]:
        """The count after one post's marks by ``voter``, and the marks it refused."""
        ballots = dict(self.ballots)
        refused: list[VoteMark] = []
        for mark in marks:
            problem = mark.problem or self._problem(voter, mark)
            if problem is not None:
                refused.append(replace(mark, problem=problem))
                continue
            ballots.pop(voter, None)  # a new vote moves the voter to the end of the order
            if mark.kind is not VoteKind.UNVOTE:
                ballots[voter] = NO_LYNCH if mark.kind is VoteKind.NO_LYNCH else str(mark.target)
        return replace(self, ballots=tuple(ballots.items())), refused

    def _problem(self, voter: str, mark: VoteMark) -> VoteProblem | None:
        if voter not in self.voters:
            return VoteProblem.NOT_A_VOTER
        if mark.kind is VoteKind.NO_LYNCH and not self.allow_no_lynch:
            return VoteProblem.NO_LYNCH_NOT_ALLOWED
        if mark.kind is VoteKind.VOTE and mark.target not in self.targets:
            return VoteProblem.NOT_A_TARGET
        return None

    def vote_of(self, voter: str) -> Target | None:
        return dict(self.ballots).get(voter)

    def tally(self) -> dict[Target, list[str]]:
        """Target -> voters in the order they voted; most votes first, then by name."""
        counts: dict[Target, list[str]] = {}
        for voter, target in self.ballots:
            counts.setdefault(target, []).append(voter)
        ordered = sorted(counts, key=lambda t: (-len(counts[t]), _name_order(t)))
        return {target: counts[target] for target in ordered}

    def not_voting(self) -> list[str]:
        voted = {voter for voter, _ in self.ballots}
        return sorted((v for v in self.voters if v not in voted), key=_name_order)

    def render_bbcode(self, title: str | None = None) -> str:
        """A running vote count post (``title``: the daemon's, with the phase)."""
        lines = [f"[b]{say('vote_count.title') if title is None else title}[/b]"]
        for target, voters in self.tally().items():
            name = say("vote_count.no_lynch") if isinstance(target, NoLynch) else inert(target)
            lines.append(f"[b]{name}[/b] ({len(voters)}): {', '.join(map(inert, voters))}")
        idle = self.not_voting()
        if idle:
            names = ", ".join(map(inert, idle))
            lines.append(say("vote_count.not_voting", count=len(idle), names=names))
        return "\n".join(lines)
