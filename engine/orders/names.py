"""Loose matching of player names (and role names) as players type them in orders.

A name is compared by its *key* (``engine.orders.folding.fold``: "mr.black cat", "Mr Black Cat"
and "ＭＲ. BLACK CAT" all read as "Mr. Black Cat"). The display form is kept for answers.

Tiers, first hit wins: exact key, alias key, unique prefix, unique fuzzy match. Anything else is
ambiguous (naming every candidate) or none (with a few suggestions): the matcher never picks
between two players.

Ruling: digits are real parts of names ("x_pon 2", "Agent007"), so they are never folded into
letters ("0" is not "o"); a typed "Akony1" still reaches "Akonyl" through the fuzzy tier, and is
reported as a reading so the player can correct it.

Ruling: a prefix needs at least 2 letters or digits. One letter is a guess in any roster; two
are usually unique in a 16-player game, and a prefix match is always reported back ("read 'Ak'
as Akonyl"). A prefix may also start at a later word of the name ("Black Cat" or "Cat" for
"Mr. Black Cat"), since players shorten names that way; it must still be unique.

Ruling: a typo keeps the name's first letter (or its sound: "Konia" is Conia). A word one
edit from a name at its first letter is mostly another English word ("door" for Noor, "hope"
for Rope, "dock" for Rock); it is never read as the name, and an order that then names no
one is refused with the name suggested (docs/rulings.md, "A near spelling is no English
word").

Ruling: no fuzzy matching for keys shorter than 3 characters (neither the name nor the text):
one edit in a two-letter name ("Jd" -> "Jo") changes half of it, which is a guess.

Ruling: two names with the same key ("Jd" and "Jd-") are told apart only by their exact written
form (case and spaces ignored); otherwise the match is ambiguous.

Ruling: a unique prefix beats a unique typo reading, as the tiers say: "Sato" reads as Satou
(a prefix, and the usual romanization of Satō) though it is one edit from Saito.

Ruling: a prefix of one name that is another name whole with an "s" after it ("Tams" with
players Tam and Tamsin) is ambiguous: it may be the other's possessive, its apostrophe left out.

Ruling: when scanning an order (match_prefix), extra spaces are allowed only where the name has
a word break, including camelCase and letter/digit breaks ("Phoenix Tears", "Agent 007");
scanning stops at punctuation no name contains; and a typo'd whole name beats a prefix of the
same name ("Mr Blak Cat" is Mr. Black Cat, not "Mr" plus junk).
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

from autogm.engine.orders.folding import (
    SAME_PUNCTUATION,
    WORD_RUN,
    bag_gap,
    deletions,
    distance,
    fold,
    fold_run,
    fuzzy_limit,
    loose_form,
)
from autogm.engine.orders.name_index import (
    MIN_FUZZY,
    Entry,
    chunks_by_name,
    deletion_index,
    exact_index,
    name_punctuation,
    prefix_index,
    roster_entries,
    symbol_entries,
    tails_by_name,
)
from autogm.engine.orders.name_match import MatchKind, NameMatch, name_sort_key
from autogm.engine.orders.name_scan import Run, joined_keys, run_gaps, scan_runs
from autogm.engine.orders.text_memo import remember

MIN_PREFIX = 2
# What may follow a name read whole (``NameMatcher.match``): "Jd." is Jd.
_TRAILING_MARKS = " .,!?;:"
MAX_SUGGESTIONS = 3
# How far a longer reading of a name's start may be from the name and still be taken over
# the start alone: one letter ("Mr Blak Cat"). Further, the words after the start are others'
# ("horatio or Bellwether" is no typo of "Horatio B."), and a scan takes no such far reading.
LONGER_TYPO = 1
# First letters that spell one sound, which a near spelling may change: "Konia" for Conia,
# "Konan" for Conan.
_SOUND_ALIKE = frozenset({("c", "k"), ("k", "c"), ("k", "q"), ("q", "k"), ("s", "z"), ("z", "s")})


class NameMatcher:
    """Reads player (or role) names loosely but never guesses between two.

    ``aliases`` maps extra spellings to names ("Kid" -> "Kaitou Kid"); they rank after exact
    names and take part in prefix and fuzzy matching like names.
    """

    __slots__ = (
        "_bags",
        "_chunks",
        "_deletes",
        "_entries",
        "_exact",
        "_fuzzy",
        "_max_key",
        "_prefix",
        "_puncts",
        "_read",
        "_starts",
        "_symbols",
        "_tails",
        "names",
    )

    def __init__(self, names: Iterable[str], aliases: Mapping[str, str] | None = None) -> None:
        # The roster's names, as written (a plain attribute, not a property: read for every PM,
        # and a property is a slow call on Python 3.11). Not to be changed.
        self.names, entries = roster_entries(names, aliases)
        self._entries = tuple(entries)
        # Letter counts of each key: a cheap lower bound on the edit distance (suggest).
        self._bags = tuple(Counter(e.key) for e in entries)
        self._exact = exact_index(entries)
        self._prefix = prefix_index(entries)
        self._deletes = deletion_index(entries)
        self._max_key = max((len(e.key) for e in entries), default=0)
        self._tails = tails_by_name(entries)
        self._chunks = chunks_by_name(entries)
        self._symbols = symbol_entries(entries)
        self._puncts = name_punctuation(entries)
        # Every start of a key: a word whose key starts no name begins no name written whole.
        self._starts = frozenset(k[:i] for k in self._exact for i in range(1, len(k) + 1))
        # match_prefix's answers by text: a game's orders name the same players phase after
        # phase, and the matcher (one per roster) never changes.
        self._read: dict[str, tuple[NameMatch, int]] = {}
        # ``_fuzzy_candidates``' answers by key: a text new to ``_read`` ("Investigate Kleene
        # heals Abs, ...") mostly starts with a misspelt name met before in other words.
        self._fuzzy: dict[str, dict[str, int]] = {}

    def match(self, fragment: str) -> NameMatch:
        """Read a whole fragment (already cut out by the grammar) as one name."""
        written = fragment.strip()
        key = fold(written) or loose_form(written)
        if not key:
            return NameMatch(MatchKind.NONE, written)
        spelled = self._exact.get(key)
        if spelled is not None and len(spelled) > 1:
            form = self._written_form(written, 0, spelled, whole=True)
            if form is not None:
                return self._form_match(form[0], written)
        return (
            self._exact_match(key, written, None)
            or self._prefix_match(key, written, None)
            or self._fuzzy_match(key, written)
            or self._no_match(written)
        )

    def match_prefix(self, text: str) -> tuple[NameMatch, int]:
        """Read the longest name at the very start of ``text``.

        Returns the match and how many characters of ``text`` it used (leading whitespace
        included); 0 when no name was found. A miss carries no suggestions (while scanning, a
        miss is often no error): call :meth:`suggest` when refusing the order.

        Extra spaces inside a name are allowed only where the name has a word break ("Phoenix
        Tears" for "PhoenixTears", but "Abs on" is not "Abson", so "Kill Abs on Night 2" keeps
        its "on"); missing ones always are ("MrBlackCat"); a prefix longer than one word must
        match the earlier words whole ("Mr Bl" but not "Ak on").
        """
        found = self._read.get(text)
        if found is None:
            found = self._match_prefix(text)
            remember(self._read, text, found)
        return found

    def exact_prefix(self, text: str) -> tuple[NameMatch, int] | None:
        """The name (or alias) written whole at the very start of ``text``, and the length it
        uses; None when none is. Only the exact tier of ``match_prefix``: a scan of a long
        text for the players it names word by word needs no typo or prefix reading."""
        start = len(text) - len(text.lstrip())
        symbol = self._symbol_prefix(text, start) if self._symbols else None
        if symbol:
            return symbol
        first = WORD_RUN.match(text, start)
        if first is None or fold_run(first.group()) not in self._starts:
            return None  # most words of a text start no name
        runs = scan_runs(text, start, self._max_key, self._puncts)
        if not runs:
            return None
        return self._exact_at_start(text, start, runs, joined_keys(runs))

    def _match_prefix(self, text: str) -> tuple[NameMatch, int]:
        start = len(text) - len(text.lstrip())
        symbol = self._symbol_prefix(text, start) if self._symbols else None
        if symbol:
            return symbol
        runs = scan_runs(text, start, self._max_key, self._puncts)
        if not runs:
            return NameMatch(MatchKind.NONE, text[start:].strip()), 0
        keys = joined_keys(runs)
        return (
            self._exact_at_start(text, start, runs, keys)
            or self._prefix_at_start(text, start, runs, keys)
            or self._fuzzy_prefix(text, start, runs, keys)
        )

    def _exact_at_start(
        self, text: str, start: int, runs: list[Run], keys: list[str]
    ) -> tuple[NameMatch, int] | None:
        """The most runs that spell a whole name (or alias) exactly."""
        for k in range(len(runs), 0, -1):
            if len(keys[k]) <= self._max_key:
                spelled = self._exact.get(keys[k])
                if spelled is not None and len(spelled) > 1:
                    # Several names with this key ("Jd", "Jd-"; "Ran", "ran"): the one written.
                    form = self._written_form(text, start, spelled, whole=False)
                    if form is not None:
                        entry, end = form
                        return self._form_match(entry, text[start:end]), end
                written = text[start : runs[k - 1].end]
                found = self._exact_match(keys[k], written, run_gaps(runs, k))
                if found:
                    return self._consume(found, text, start, runs[k - 1].end)
        return None

    def _prefix_at_start(
        self, text: str, start: int, runs: list[Run], keys: list[str]
    ) -> tuple[NameMatch, int] | None:
        """The most runs that start a name uniquely, unless they begin a typo'd whole name."""
        for k in range(len(runs), 0, -1):
            if MIN_PREFIX <= len(keys[k]) <= self._max_key:
                written = text[start : runs[k - 1].end]
                found = self._prefix_match(keys[k], written, run_gaps(runs, k))
                if found:
                    longer = self._longer_typo(found, text, start, runs, keys, k)
                    return longer or self._consume(found, text, start, runs[k - 1].end)
        return None

    def _longer_typo(
        self, found: NameMatch, text: str, start: int, runs: list[Run], keys: list[str], k: int
    ) -> tuple[NameMatch, int] | None:
        """A prefix that stops at a word of a longer name may be that name with a typo later.

        "Mr Blak Cat" first reads as the prefix "Mr"; the typo'd whole name is the better
        reading, and it names the same player, so taking it is no guess.
        """
        if found.name is None or self._chunks[found.name] <= 1 + sum(r.spaced for r in runs[1:k]):
            return None
        longer = self._fuzzy_prefix(text, start, runs, keys, min_runs=k + 1)
        if longer[0].name == found.name and longer[0].distance <= LONGER_TYPO:
            return longer
        return None

    @staticmethod
    def _written_form(
        text: str, start: int, entries: list[Entry], *, whole: bool
    ) -> tuple[Entry, int] | None:
        """Among the names that share one key, the one whose written form stands at
        ``text[start:]``, case and the ways of typing a dash or an apostrophe aside: the
        longest ("Jd-" holds "Jd"), then the one written in its own case ("Ran" against
        "ran"), then a name before an alias. Two that nothing tells apart are no answer (the
        caller reads the name as ambiguous). ``whole``: only punctuation may follow."""
        scored: list[tuple[tuple[int, bool, bool], Entry]] = []
        for e in entries:
            end = start + len(e.written)
            piece = text[start:end]
            if piece.casefold().translate(SAME_PUNCTUATION) != e.loose_punct:
                continue
            if text[end : end + 1].isalnum() or (whole and text[end:].strip(_TRAILING_MARKS)):
                continue
            scored.append(((len(e.written), piece == e.written, not e.is_alias), e))
        if not scored:
            return None
        best = max(score for score, _ in scored)
        targets = {e.target for score, e in scored if score == best}
        if len(targets) > 1:
            return None
        entry = next(e for score, e in scored if score == best)
        return entry, start + len(entry.written)

    @staticmethod
    def _form_match(entry: Entry, written: str) -> NameMatch:
        kind = MatchKind.ALIAS if entry.is_alias else MatchKind.EXACT
        return NameMatch(kind, written, entry.target)

    # -- tiers ---------------------------------------------------------------------------

    def _exact_match(self, key: str, written: str, gaps: frozenset[int] | None) -> NameMatch | None:
        spelled = self._exact.get(key)
        if spelled is None:
            return None
        if len(spelled) == 1:
            # One name or alias has this key, as nearly always: it is the answer, with no
            # tiers to sort (the tiers below give the same).
            (e,) = spelled
            if gaps is not None and not gaps <= e.gaps:
                return None
            return NameMatch(MatchKind.ALIAS if e.is_alias else MatchKind.EXACT, written, e.target)
        entries = [e for e in spelled if gaps is None or gaps <= e.gaps]
        if not entries:
            return None
        for is_alias, kind in ((False, MatchKind.EXACT), (True, MatchKind.ALIAS)):
            tier = [e for e in entries if e.is_alias is is_alias]
            targets = sorted({e.target for e in tier}, key=name_sort_key)
            if len(targets) == 1:
                return NameMatch(kind, written, targets[0])
            if targets:
                loose = loose_form(written)
                same = {e.target for e in tier if e.loose == loose}
                if len(same) == 1:
                    return NameMatch(kind, written, same.pop())
                return NameMatch(MatchKind.AMBIGUOUS, written, candidates=tuple(targets))
        return None

    def _prefix_match(
        self, key: str, written: str, gaps: frozenset[int] | None
    ) -> NameMatch | None:
        if len(key) < MIN_PREFIX:
            return None
        targets = set()
        for index, start in self._prefix_entries(key):
            entry = self._entries[index]
            if gaps is None or gaps <= {g - start for g in entry.gaps if g > start}:
                targets.add(entry.target)
        if not targets:
            return None
        if len(targets) == 1 and key[-1] == "s" and len(key) > MIN_PREFIX:
            # "Tams" begins Tamsin and is Tam's, its apostrophe left out: two players.
            targets |= {e.target for e in self._exact.get(key[:-1], ()) if not e.is_alias}
        if len(targets) == 1:
            return NameMatch(MatchKind.PREFIX, written, targets.pop())
        return NameMatch(
            MatchKind.AMBIGUOUS, written, candidates=tuple(sorted(targets, key=name_sort_key))
        )

    def _prefix_entries(self, key: str) -> Iterator[tuple[int, int]]:
        """(entry index, start offset) of every name with a run-aligned suffix starting ``key``."""
        i = bisect.bisect_left(self._prefix, (key,))
        while i < len(self._prefix) and self._prefix[i][0].startswith(key):
            yield self._prefix[i][1], self._prefix[i][2]
            i += 1

    def _fuzzy_candidates(self, key: str) -> dict[str, int]:
        """Every name within its fuzzy limit of ``key``, with the smallest distance to it (not
        to be changed: kept by key)."""
        if len(key) < MIN_FUZZY or len(key) > self._max_key + 2:
            return {}
        found = self._fuzzy.get(key)
        if found is None:
            found = self._near(key)
            remember(self._fuzzy, key, found)
        return found

    def _near(self, key: str) -> dict[str, int]:
        """:meth:`_fuzzy_candidates` past its length test, found anew."""
        seen: set[int] = set()
        best: dict[str, int] = {}
        for variant in deletions(key, 2):
            for index in self._deletes.get(variant, ()):
                if index in seen:
                    continue
                seen.add(index)
                entry = self._entries[index]
                if entry.key[:1] != key[:1] and (entry.key[:1], key[:1]) not in _SOUND_ALIKE:
                    # A near spelling keeps the name's first letter: one that changes it is
                    # another word ("door" for Noor, "hope" for Rope), asked back, not taken.
                    continue
                limit = fuzzy_limit(entry.key)
                d = distance(key, entry.key, limit)
                if d <= limit and d < best.get(entry.target, limit + 1):
                    best[entry.target] = d
        return best

    def _fuzzy_match(self, key: str, written: str) -> NameMatch | None:
        best = self._fuzzy_candidates(key)
        return self._fuzzy_result(best, written)

    @staticmethod
    def _fuzzy_result(best: Mapping[str, int], written: str) -> NameMatch | None:
        if not best:
            return None
        if len(best) == 1:
            ((name, d),) = best.items()
            return NameMatch(MatchKind.FUZZY, written, name, distance=d)
        return NameMatch(
            MatchKind.AMBIGUOUS, written, candidates=tuple(sorted(best, key=name_sort_key))
        )

    def _fuzzy_prefix(
        self, text: str, start: int, runs: list[Run], keys: list[str], min_runs: int = 1
    ) -> tuple[NameMatch, int]:
        # A typo'd name may not span more whitespace-separated chunks than the name has words.
        chunks = 1
        best: dict[str, tuple[int, int]] = {}  # name -> (distance, runs used)
        for k in range(1, len(runs) + 1):
            chunks += k > 1 and runs[k - 1].spaced
            if k < min_runs:
                continue
            for name, d in self._fuzzy_candidates(keys[k]).items():
                if chunks <= self._chunks[name] and (d, k) < best.get(name, (99, 0)):
                    best[name] = (d, k)
        if len(best) == 1:
            ((name, (d, k)),) = best.items()
            found = NameMatch(MatchKind.FUZZY, text[start : runs[k - 1].end], name, distance=d)
            return self._consume(found, text, start, runs[k - 1].end)
        if best:
            k = max(used for _, used in best.values())
            written = text[start : runs[k - 1].end]
            found = NameMatch(
                MatchKind.AMBIGUOUS, written, candidates=tuple(sorted(best, key=name_sort_key))
            )
            return found, runs[k - 1].end
        written = text[start:].split(maxsplit=1)[0] if text[start:].strip() else ""
        return NameMatch(MatchKind.NONE, written.rstrip(".,;:!?")), 0

    def suggest(self, fragment: str) -> tuple[str, ...]:
        """A few names close to ``fragment``, for an answer that refuses it: names it starts,
        then the fewest edits away (at most half the name, or 2)."""
        key = fold(fragment) or loose_form(fragment)
        if not key:
            return ()
        scored: dict[str, tuple[int, int]] = {}
        bag = Counter(key)
        for e, other in zip(self._entries, self._bags, strict=True):
            limit = max(2, len(e.key) // 2)
            if e.key.startswith(key):
                score = (0, 0)
            elif abs(len(e.key) - len(key)) > limit:
                continue
            elif bag_gap(bag, other, len(key), len(e.key)) > 2 * limit:
                # An edit changes at most two letter counts: too many letters differ.
                continue
            elif (d := distance(key, e.key, limit)) <= limit:
                score = (1, d)
            else:
                continue
            if score < scored.get(e.target, (9, 0)):
                scored[e.target] = score
        ranked = sorted(scored, key=lambda n: (scored[n], name_sort_key(n)))
        return tuple(ranked[:MAX_SUGGESTIONS])

    def _no_match(self, written: str) -> NameMatch:
        return NameMatch(MatchKind.NONE, written, candidates=self.suggest(written))

    # -- scanning ------------------------------------------------------------------------

    def _consume(self, found: NameMatch, text: str, start: int, end: int) -> tuple[NameMatch, int]:
        """Extend the match over the name's own trailing punctuation ("Jd-" keeps its "-")."""
        for tail in self._tails.get(found.name or "", ()):
            written = text[end : end + len(tail)].translate(SAME_PUNCTUATION)
            if written.casefold() == tail.translate(SAME_PUNCTUATION).casefold():
                end += len(tail)
                return NameMatch(
                    found.kind, text[start:end], found.name, found.candidates, found.distance
                ), end
        return found, end

    def _symbol_prefix(self, text: str, start: int) -> tuple[NameMatch, int] | None:
        """Names with no letters or digits at all ("???") can only be matched literally."""
        for e in self._symbols:
            end = start + len(e.loose)
            after = text[end : end + 1]
            if loose_form(text[start:end]) == e.loose and (not after.isalnum() or after.isspace()):
                kind = MatchKind.ALIAS if e.is_alias else MatchKind.EXACT
                return NameMatch(kind, text[start:end], e.target), end
        return None
