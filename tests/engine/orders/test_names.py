"""Loose name matching: exact, alias, prefix, fuzzy, ambiguous, none, and scanning."""

from __future__ import annotations

import random

import pytest

from autogm.engine.orders.folding import distance, fold, fold_words, fuzzy_limit
from autogm.engine.orders.names import _SOUND_ALIKE, MatchKind, NameMatcher

EXACT, ALIAS, PREFIX, FUZZY = MatchKind.EXACT, MatchKind.ALIAS, MatchKind.PREFIX, MatchKind.FUZZY
AMBIGUOUS, NONE = MatchKind.AMBIGUOUS, MatchKind.NONE

ROSTER = [
    "Akonyl", "Abs", "Kleene", "Jd-", "Mr. Black Cat", "x_pon 2", "Müller", "PhoenixTears",
    "Conia", "Parkur", "Akito", "Pofa", "Miaka", "Lynz", "Renée", "Satou", "Saito",
]  # fmt: skip
MATCHER = NameMatcher(ROSTER)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Müller", "muller"),
        ("MÜLLER", "muller"),
        ("Mu\u0308ller", "muller"),  # decomposed umlaut
        ("ＭＲ. BLACK CAT", "mrblackcat"),  # fullwidth
        ("\u0410konyl", "akonyl"),  # Cyrillic capital A
        ("Ak\u043enyl", "akonyl"),  # Cyrillic small o
        ("\u039dick", "nick"),  # Greek capital Nu looks like N ...
        ("\u03bdick", "vick"),  # ... small nu looks like v
        ("Straße", "strasse"),
        ("Øyvind", "oyvind"),
        ("Łukasz", "lukasz"),
        ("x_pon 2", "xpon2"),
        ("Jd-", "jd"),
        ("Agent007", "agent007"),  # digits stay digits
        ("Ag0nt", "ag0nt"),  # and are never read as letters
        ("コナン", "コナン"),
        ("  Mr.\tBlack   Cat!! ", "mrblackcat"),
    ],
)
def test_fold(text: str, key: str) -> None:
    assert fold(text) == key


def test_fold_words_splits_on_punctuation_and_spaces() -> None:
    assert fold_words("Mr. Black Cat") == ["mr", "black", "cat"]
    assert fold_words("x_pon 2") == ["x", "pon", "2"]


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        ("akonyl", "akonyl", 0),
        ("akonly", "akonyl", 1),  # transposition is one edit
        ("akonl", "akonyl", 1),
        ("kleene", "klene", 1),
        ("satio", "saito", 1),
        ("abc", "xyz", 3),
        ("", "abc", 3),
        ("parkour", "parkur", 1),
    ],
)
def test_distance(a: str, b: str, d: int) -> None:
    assert distance(a, b) == d
    assert distance(b, a) == d


def test_distance_stops_early_above_the_limit() -> None:
    assert distance("abcdefgh", "zyxwvuts", 2) == 3
    assert distance("a", "abcdef", 1) == 2


@pytest.mark.parametrize(
    ("written", "kind", "name"),
    [
        ("Akonyl", EXACT, "Akonyl"),
        ("akonyl", EXACT, "Akonyl"),
        ("AKONYL", EXACT, "Akonyl"),
        ("  Akonyl  ", EXACT, "Akonyl"),
        ("\u0410konyl", EXACT, "Akonyl"),  # Cyrillic A
        ("Ａｋｏｎｙｌ", EXACT, "Akonyl"),  # fullwidth
        ("mr black cat", EXACT, "Mr. Black Cat"),
        ("MrBlackCat", EXACT, "Mr. Black Cat"),
        ("mr.black-cat", EXACT, "Mr. Black Cat"),
        ("muller", EXACT, "Müller"),
        ("renee", EXACT, "Renée"),
        ("RENÉE", EXACT, "Renée"),
        ("jd", EXACT, "Jd-"),
        ("JD-", EXACT, "Jd-"),
        ("xpon2", EXACT, "x_pon 2"),
        ("X_PON 2", EXACT, "x_pon 2"),
        ("phoenix tears", EXACT, "PhoenixTears"),
        ("Akon", PREFIX, "Akonyl"),
        ("Kle", PREFIX, "Kleene"),
        ("Phoenix", PREFIX, "PhoenixTears"),
        ("x_pon", PREFIX, "x_pon 2"),
        ("Mr. Black", PREFIX, "Mr. Black Cat"),
        ("black cat", PREFIX, "Mr. Black Cat"),  # a later word of the name
        ("Cat", PREFIX, "Mr. Black Cat"),
        ("Tears", PREFIX, "PhoenixTears"),
        ("Ly", PREFIX, "Lynz"),
        ("Akonly", FUZZY, "Akonyl"),
        ("Akony1", FUZZY, "Akonyl"),
        ("Akonil", FUZZY, "Akonyl"),
        ("Konia", FUZZY, "Conia"),
        ("Parkour", FUZZY, "Parkur"),
        ("Mueller", FUZZY, "Müller"),
        ("Pheonix Tears", FUZZY, "PhoenixTears"),
        ("Kleeen", FUZZY, "Kleene"),
        ("Miako", FUZZY, "Miaka"),
        ("Mr Blak Cat", FUZZY, "Mr. Black Cat"),
    ],
)
def test_match_reads_the_name(written: str, kind: MatchKind, name: str) -> None:
    found = MATCHER.match(written)
    assert (found.kind, found.name) == (kind, name)
    assert found.written == written.strip()
    assert found.is_match
    # Issue 19: look-alike letters folded into a name are said in the answer, as a typo is.
    assert found.is_reading == (kind in (PREFIX, FUZZY) or found.look_alike)


def test_look_alike_letters_are_said_like_a_typo() -> None:
    """Issue 19: "Look-alike letters and invisible characters folded into a player's name are
    said in the answer ("read 'Аbs' as Abs"), like a typo is." """
    found = MATCHER.match("\u0410konyl")  # Cyrillic А
    assert (found.kind, found.name, found.look_alike) == (EXACT, "Akonyl", True)
    assert found.note == (
        "read '\u0410konyl' as Akonyl (it has look-alike letters of another alphabet)"
    )
    assert not MATCHER.match("akonyl").is_reading


def test_fuzzy_match_reports_the_distance() -> None:
    assert MATCHER.match("Akonly").distance == 1
    assert MATCHER.match("Pheonix Taers").distance == 2


@pytest.mark.parametrize(
    ("written", "candidates"),
    [
        ("Ak", ("Akito", "Akonyl")),  # prefix of two players
        ("a", ("Abs", "Akito", "Akonyl")),  # too short to be a prefix: suggestions
        ("Sa", ("Saito", "Satou")),
        ("Saitou", ("Saito", "Satou")),  # one edit from both: never pick
    ],
)
def test_match_never_picks_between_two(written: str, candidates: tuple[str, ...]) -> None:
    found = MATCHER.match(written)
    assert found.name is None
    assert found.candidates == candidates
    assert found.kind is (NONE if written == "a" else AMBIGUOUS)


@pytest.mark.parametrize(
    ("written", "suggestions"),
    [
        ("Zorro", ()),
        ("", ()),
        ("Kleenexes", ("Kleene",)),
        ("Akonylzz9", ("Akonyl",)),
    ],
)
def test_no_match_suggests_the_closest_names(written: str, suggestions: tuple[str, ...]) -> None:
    found = MATCHER.match(written)
    assert found.kind is NONE
    assert not found.is_match
    assert found.candidates == suggestions


def test_a_typo_between_two_short_names_is_ambiguous() -> None:
    matcher = NameMatcher(["Ran", "Ron", "Gin"])
    found = matcher.match("Rin")
    # "Gin" is one edit away too, but at its first letter: another word, not its typo.
    assert (found.kind, found.candidates) == (AMBIGUOUS, ("Ran", "Ron"))
    assert matcher.match("Gim").name == "Gin"


def test_two_letter_names_get_no_fuzzy_match() -> None:
    matcher = NameMatcher(["Jd", "Abs", "Pofa"])
    assert matcher.match("Jo").kind is NONE
    assert matcher.match("Jd").kind is EXACT


def test_short_names_allow_one_edit_and_long_names_two() -> None:
    assert fuzzy_limit("pofa") == 1
    assert fuzzy_limit("akonyl") == 2
    matcher = NameMatcher(["Pofa", "Akonyl"])
    assert matcher.match("Pofaaa").kind is NONE  # two edits from a 4-letter name
    assert matcher.match("Akkonyyl").kind is FUZZY  # two edits from a 6-letter name


def test_exact_beats_prefix() -> None:
    matcher = NameMatcher(["Abs", "Absinthe"])
    assert (matcher.match("abs").kind, matcher.match("abs").name) == (EXACT, "Abs")
    assert matcher.match("absi").name == "Absinthe"
    assert matcher.match("ab").candidates == ("Abs", "Absinthe")


def test_a_prefix_that_is_another_name_with_an_s_is_ambiguous() -> None:
    """"Tams" begins Tamsin and is Tam's with its apostrophe left out: the matcher never
    picks between two players. A longer prefix, or the name whole, is no question."""
    matcher = NameMatcher(["Tam", "Tamsin", "Lu.", "Lumen", "Kit", "Kitsune Ω"])
    assert matcher.match("Tams").candidates == ("Tam", "Tamsin")
    assert matcher.match("tams").kind is AMBIGUOUS
    assert matcher.match("Kits").candidates == ("Kit", "Kitsune Ω")
    assert (matcher.match("Tamsi").kind, matcher.match("Tamsi").name) == (PREFIX, "Tamsin")
    assert (matcher.match("Tam").kind, matcher.match("Tam").name) == (EXACT, "Tam")
    assert (matcher.match("Lum").kind, matcher.match("Lum").name) == (PREFIX, "Lumen")
    assert matcher.match_prefix("Tams tonight pls")[0].candidates == ("Tam", "Tamsin")


def test_prefix_beats_fuzzy() -> None:
    matcher = NameMatcher(["Conan", "Conia"])
    assert (matcher.match("Coni").kind, matcher.match("Coni").name) == (PREFIX, "Conia")
    # "Sato" is one edit from Saito, but a prefix of Satou (the usual romanization of Satō)
    matcher = NameMatcher(["Satou", "Saito"])
    assert (matcher.match("Sato").kind, matcher.match("Sato").name) == (PREFIX, "Satou")
    assert (matcher.match("Satio").kind, matcher.match("Satio").name) == (FUZZY, "Saito")


def test_names_with_the_same_key_are_told_apart_by_their_written_form() -> None:
    matcher = NameMatcher(["Jd", "Jd-"])
    assert matcher.match("jd-").name == "Jd-"
    assert matcher.match("JD").name == "Jd"
    assert matcher.match("J.D.").candidates == ("Jd", "Jd-")


def test_confusable_twins_are_told_apart_when_written_exactly() -> None:
    latin, cyrillic = "Akonyl", "\u0410konyl"
    matcher = NameMatcher([latin, cyrillic])
    assert matcher.match("akonyl").name == latin
    assert matcher.match("\u0430konyl").name == cyrillic
    assert matcher.match("Akony").kind is AMBIGUOUS


ROLES = NameMatcher(
    ["Kaitou Kid", "Kir", "Kogorou", "Gin", "Conan", "Kazuha", "Vodka"],
    aliases={"Kid": "Kaitou Kid", "Kogoro": "Kogorou", "KID 1412": "Kaitou Kid"},
)


@pytest.mark.parametrize(
    ("written", "kind", "name"),
    [
        ("Kaitou Kid", EXACT, "Kaitou Kid"),
        ("kid", ALIAS, "Kaitou Kid"),
        ("Kid1412", ALIAS, "Kaitou Kid"),
        ("Kogoro", ALIAS, "Kogorou"),
        ("kogorou", EXACT, "Kogorou"),
        ("Ko", PREFIX, "Kogorou"),  # name and alias agree
        ("Kaito Kid", FUZZY, "Kaitou Kid"),
        ("Vodca", FUZZY, "Vodka"),
        ("Gin", EXACT, "Gin"),
    ],
)
def test_role_names_with_aliases(written: str, kind: MatchKind, name: str) -> None:
    found = ROLES.match(written)
    assert (found.kind, found.name) == (kind, name)


def test_role_prefix_shared_by_an_alias_is_ambiguous() -> None:
    assert ROLES.match("Ki").candidates == ("Kaitou Kid", "Kir")
    assert ROLES.match("Ka").candidates == ("Kaitou Kid", "Kazuha")


def test_exact_name_beats_an_alias() -> None:
    matcher = NameMatcher(["Kid", "Kaitou Kid"], aliases={"Kid": "Kaitou Kid"})
    assert (matcher.match("kid").kind, matcher.match("kid").name) == (EXACT, "Kid")


def test_bad_rosters_are_programming_errors() -> None:
    with pytest.raises(ValueError, match="unknown name"):
        NameMatcher(["Abs"], aliases={"Kid": "Kaitou Kid"})
    with pytest.raises(ValueError, match="empty"):
        NameMatcher(["Abs", " "])


def test_names_keep_their_order_and_drop_duplicates() -> None:
    assert NameMatcher(["Abs", "Kleene", "Abs"]).names == ("Abs", "Kleene")


def test_names_without_letters_match_literally() -> None:
    matcher = NameMatcher(["???", "Abs"])
    assert matcher.match("???").name == "???"
    found, used = matcher.match_prefix("??? for killing Abs")
    assert (found.name, used) == ("???", 3)


@pytest.mark.parametrize(
    ("text", "kind", "name", "written"),
    [
        ("Mr. Black Cat for killing Jd- on Night 1", EXACT, "Mr. Black Cat", "Mr. Black Cat"),
        ("Jd- on Night 1", EXACT, "Jd-", "Jd-"),
        ("Jd-, then heal Abs", EXACT, "Jd-", "Jd-"),
        ("Jd. Then heal Abs", EXACT, "Jd-", "Jd"),
        ("jd-.", EXACT, "Jd-", "jd-"),
        ("x_pon 2 on Day 3", EXACT, "x_pon 2", "x_pon 2"),
        ("Müller!", EXACT, "Müller", "Müller"),
        ("mueller tonight", FUZZY, "Müller", "mueller"),
        ("MrBlackCat.", EXACT, "Mr. Black Cat", "MrBlackCat"),
        ("Phoenix Tears heals Parkur", EXACT, "PhoenixTears", "Phoenix Tears"),
        ("Akonly for killing Kleene", FUZZY, "Akonyl", "Akonly"),
        ("Mr Blak Cat for stealing", FUZZY, "Mr. Black Cat", "Mr Blak Cat"),
        ("Black Cat.", PREFIX, "Mr. Black Cat", "Black Cat"),
        ("Kleen on Night 2", PREFIX, "Kleene", "Kleen"),
        ("Kleenn on Night 2", FUZZY, "Kleene", "Kleenn"),
        ("Ak on Night 3", AMBIGUOUS, None, "Ak"),
        ("  Abs as Gin", EXACT, "Abs", "Abs"),
        ("\u0410konyl heals Abs", EXACT, "Akonyl", "\u0410konyl"),
        ("Renee (Satou)", EXACT, "Renée", "Renee"),
    ],
)
def test_match_prefix_reads_the_longest_name(
    text: str, kind: MatchKind, name: str | None, written: str
) -> None:
    found, used = MATCHER.match_prefix(text)
    assert (found.kind, found.name, found.written) == (kind, name, written)
    assert text[:used].strip() == written


def test_match_prefix_finds_nothing_in_plain_words() -> None:
    found, used = MATCHER.match_prefix("nobody tonight")
    assert (found.kind, used, found.written) == (NONE, 0, "nobody")
    assert MATCHER.match_prefix("   ") == (MATCHER.match(""), 0)


def test_match_prefix_does_not_swallow_the_next_word() -> None:
    matcher = NameMatcher(["Abs", "Abson", "Akonyl"])
    found, used = matcher.match_prefix("Abs on Night 2")
    assert (found.name, used) == ("Abs", 3)
    found, used = matcher.match_prefix("Abson on Night 2")
    assert (found.name, used) == ("Abson", 5)
    # "Ak on" is not a way to write Akonyl: the prefix stops at "Ak"
    found, used = matcher.match_prefix("Ak on Night 2")
    assert (found.kind, found.name, used) == (PREFIX, "Akonyl", 2)


def test_match_prefix_prefers_the_longest_exact_name() -> None:
    matcher = NameMatcher(["Mr", "Mr. Black Cat", "Ran"])
    assert matcher.match_prefix("Mr. Black Cat heals Ran")[0].name == "Mr. Black Cat"
    assert matcher.match_prefix("Mr heals Ran")[0].name == "Mr"


def test_match_prefix_stops_at_punctuation_no_name_uses() -> None:
    matcher = NameMatcher(["Abs", "Kleene", "Abs Kleene"])
    assert matcher.match_prefix("Abs, Kleene")[0].name == "Abs"
    assert matcher.match_prefix("Abs Kleene")[0].name == "Abs Kleene"


def test_match_prefix_reads_aliases() -> None:
    found, used = ROLES.match_prefix("Kid on Night 2")
    assert (found.kind, found.name, used) == (ALIAS, "Kaitou Kid", 3)
    assert ROLES.match_prefix("Kaitou Kid on Night 2")[0].kind is EXACT


def test_match_prefix_ambiguous_typo_names_both() -> None:
    found, used = MATCHER.match_prefix("Saitou as Kir")
    assert (found.kind, found.candidates, used) == (AMBIGUOUS, ("Saito", "Satou"), 6)


def _brute_fuzzy(roster: list[str], written: str) -> set[str]:
    """The names a near spelling reads as: within the name's limit, and with its first
    letter or one of the same sound (``names._SOUND_ALIKE``)."""
    key = fold(written)
    return {
        name
        for name in roster
        if len(fold(name)) >= 3
        and distance(key, fold(name)) <= fuzzy_limit(fold(name))
        and (key[:1] == fold(name)[:1] or (key[:1], fold(name)[:1]) in _SOUND_ALIKE)
    }


def test_fuzzy_index_agrees_with_a_full_scan() -> None:
    rng = random.Random(5)
    letters = "abcdeklno"
    roster = sorted({"".join(rng.choices(letters, k=rng.randint(3, 9))) for _ in range(40)})
    matcher = NameMatcher(roster)
    checked = 0
    for _ in range(3000):
        base = list(rng.choice(roster))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(base))
            op = rng.choice("sidt")
            if op == "s":
                base[i] = rng.choice(letters)
            elif op == "i":
                base.insert(i, rng.choice(letters))
            elif op == "d" and len(base) > 3:
                del base[i]
            elif op == "t" and i + 1 < len(base):
                base[i], base[i + 1] = base[i + 1], base[i]
        written = "".join(base)
        if any(f.startswith(written) for f in roster) or written in roster:
            continue  # exact and prefix tiers answer first
        if any(written in f for f in roster):
            continue  # a later-word prefix can't arise here, but stay on the safe side
        expected = _brute_fuzzy(roster, written)
        found = matcher.match(written)
        if len(expected) == 1:
            assert (found.kind, found.name) == (FUZZY, expected.pop()), written
        elif expected:
            assert (found.kind, set(found.candidates)) == (AMBIGUOUS, expected), written
        else:
            assert found.kind is NONE, written
        checked += 1
    assert checked > 1000


def test_suggest_names_started_then_the_closest() -> None:
    assert MATCHER.suggest("Ak") == ("Akito", "Akonyl", "Abs")  # started first, then 2 edits
    assert MATCHER.suggest("Kleenexes") == ("Kleene",)
    assert MATCHER.suggest("Pheonixtaers") == ("PhoenixTears",)
    assert MATCHER.suggest("Zorro") == ()
    assert MATCHER.suggest("") == ()


def test_a_scanning_miss_leaves_suggestions_to_suggest() -> None:
    found, used = MATCHER.match_prefix("Kleenexes tonight")
    assert (found.kind, found.written, found.candidates, used) == (NONE, "Kleenexes", (), 0)
    assert MATCHER.suggest(found.written) == ("Kleene",)


@pytest.mark.parametrize(
    ("roster", "text", "name"),
    [
        (["Jd", "Jd-"], "Jd- tonight", "Jd-"),
        (["Jd", "Jd-"], "jd-", "Jd-"),
        (["Jd", "Jd-"], "Jd– please", "Jd-"),
        (["Jd", "Jd-"], "Jd. Then heal Abs", "Jd"),
        (["Jd", "Jd-"], "Jd", "Jd"),
        (["Abs", "Abs!"], "Abs!", "Abs!"),
        (["Abs", "Abs!"], "Abs.", "Abs"),
        (["Conan", "Conan,"], "Conan,", "Conan,"),
        (["Ran", "ran"], "Ran tonight", "Ran"),
        (["Ran", "ran"], "ran tonight", "ran"),
    ],
)
def test_the_exact_written_name_wins_punctuation_and_case_included(
    roster: list[str], text: str, name: str
) -> None:
    """Issue 27: "the exact written name always wins, punctuation and case included"."""
    found, _ = NameMatcher(roster).match_prefix(text)
    assert found.name == name
    assert NameMatcher(roster).match(text.split()[0]).name == name


def test_names_differing_only_in_case_written_in_neither_case_are_asked_about() -> None:
    found, _ = NameMatcher(["Ran", "ran"]).match_prefix("RAN")
    assert found.kind is AMBIGUOUS and found.candidates == ("Ran", "ran")
