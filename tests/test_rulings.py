"""docs/rulings.md and the code that follows it cite each other truly.

A ruling is cited as ``docs/rulings.md, "Its heading"`` (a section as ``"## dctp-classic"``),
in code, tests and scenarios alike, wrapped over comment lines or not. Every ruling cited
exists; every open question of the rule texts has its ruling, and each of those rulings is
cited by at least one test (a test module or a scenario), which is where it is shown to hold.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[1]
RULINGS = ROOT / "docs" / "rulings.md"
SEARCHED = ("engine", "daemon", "adapters", "simulator", "benchmarks", "tests")
# docs/rulings.md, then optionally the ruleset (``dctp-2011, ``), then the quoted heading.
_CITE = re.compile(r'rulings\.md,(?: [\w-]+,)? "([^"]+)"')
# A comment's or docstring's line break, with what begins the next line.
_BREAK = re.compile(r"\s*\n\s*(?:#+ ?)?")

# The questions the rule texts leave open (where they conflict or are silent), each with the
# heading of its ruling.
OPEN_QUESTIONS = {
    # dctp-2011
    "Day Protect stops a lynch: are the votes shown?": "Day Protect: are the votes shown?",
    "Does a successful day protection injure Ran, and send Makoto out of Japan?": (
        "Does a successful day Protect injure Ran or send Makoto abroad?"
    ),
    "Kill cycle: does a kill that failed count as that member's kill?": (
        "Kill cycle: does a failed kill count?"
    ),
    "Which Black Org member makes the night kill when two send one and no leader's order?": (
        "Which member's kill stands when several send one and the leader sent none?"
    ),
    "House Search on a player who kills that same night: is the kill stopped?": (
        "House Search: same-phase crimes, unreachable targets"
    ),
    "Can Special Investigate look at the current night?": (
        "Can Special Investigate look at the phase it is used in?"
    ),
    "When does Kogorou sober after Eri/Ran/Conan/Shinichi dies?": "When Kogorou sobers",
    "Kogorou's 1/4 rule: of the players or of the townies, counted when, rounded how?": (
        "When Kogorou sobers"
    ),
    "APTX on a traveler who is abroad or in flight": "APTX on travelers",
    "A tie with no arrest or APTX involved; plurality or majority?": "Lynch ties and majorities",
    "Accompany that turns a one-vote lead into a tie": "Accompany: which notice, and a tie?",
    "Two players who discombobulate each other: which actions fail?": (
        "Two players who discombobulate each other"
    ),
    "Is Revenge kept by an injured sniper?": "Revenge and injured snipers",
    "Kazuha APTXed on the day she gives a Charm": "Charm and a poisoned Kazuha",
    "A Vodka/Eisuke/Tequila/Nakamori killed on the night they act before Killing": (
        "Actions before Killing by a player killed that night"
    ),
    "The officer after an arrest the rules call invalid rather than false": (
        "Arrests that are invalid rather than false"
    ),
    "House Search or Detention aimed at an abroad traveler": (
        "House Search: same-phase crimes, unreachable targets"
    ),
    "Detention: what the detained may do, when it ends, the last member detained": "Detention",
    "Win conditions: the Black Org's win, a town/Black Org lover pair": "Black Org win",
    "A town/Black Org lover pair: does the game go on?": "Lovers' win",
    "Black Org rank (APTX priority, Black Suitcase succession)": "Black Org rank",
    "Lovey-Dovey in the order of healing": "Lovey-Dovey in the order of healing",
    "Is Choose Costumes a crime in 2011?": "Is Choose Costumes a crime?",
    "Makoto's state in phase 1 after a successful protect": (
        "Makoto's phase 1 after a successful protect"
    ),
    "Face Pinch on a player who is not disguised": "Face Pinch: undisguised target, and release",
    # dctp-r53
    "r53 Blame: left out of Crimes, but 'Night action, crime'": "Is Blame a crime?",
    "r53: can a night Face Pinch be tricked?": "Can a night Face Pinch be tricked?",
    "r53: a traveler who sends Travel by day and is voted out": (
        "A traveler who sends Travel by day and is voted out"
    ),
    "r53 has no role sheets and no sections for Arrest, APTX, ...": "Where r53 is silent",
    # dctp-classic
    "classic House Search: can it be tricked/intimidated?": "Can House Search be tricked?",
    "classic Protection Charm: when does it take effect?": "When does the Protection Charm work?",
    "classic APTX capsules when the town is not a multiple of 3": (
        "How many APTX capsules when the starting town is not a multiple of 3?"
    ),
    "classic: a role with its own Interrogate/Investigate holding the bow-tie": (
        "A role with its own Interrogate/Investigate who also holds the bow-tie"
    ),
}


@cache
def headings() -> dict[str, set[str]]:
    """``"##"`` -> the sections, ``"###"`` -> the rulings."""
    found: dict[str, set[str]] = {"##": set(), "###": set()}
    for level, title in re.findall(r"^(###?) (.+)$", RULINGS.read_text("utf-8"), re.MULTILINE):
        found[level].add(title.strip())
    return found


def exists(cited: str) -> bool:
    if cited.startswith("## "):
        return cited.removeprefix("## ") in headings()["##"]
    return cited in headings()["###"]


@cache
def citations() -> dict[str, frozenset[str]]:
    """Each ruling cited -> the files that cite it."""
    found: dict[str, set[str]] = {}
    for folder in SEARCHED:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in {".py", ".yaml", ".toml"} or path == Path(__file__):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            if "rulings.md" not in text:
                continue
            for cited in _CITE.findall(_BREAK.sub(" ", text)):
                found.setdefault(cited, set()).add(path.relative_to(ROOT).as_posix())
    return {cited: frozenset(paths) for cited, paths in found.items()}


def test_the_citation_is_read_across_comment_lines() -> None:
    text = '# as the ruling says (docs/rulings.md, "Kill cycle: does a\n    # failed kill count?").'
    assert _CITE.findall(_BREAK.sub(" ", text)) == ["Kill cycle: does a failed kill count?"]
    text = 'x (docs/rulings.md, dctp-2011, "Reading orders written\n    freely")'
    assert _CITE.findall(_BREAK.sub(" ", text)) == ["Reading orders written freely"]


def test_every_ruling_cited_exists() -> None:
    assert citations(), "no citation found: the pattern no longer matches the code"
    missing = {cited: sorted(paths) for cited, paths in citations().items() if not exists(cited)}
    assert missing == {}


def test_every_open_question_has_its_ruling() -> None:
    assert [r for r in OPEN_QUESTIONS.values() if r not in headings()["###"]] == []


def test_every_ruling_of_an_open_question_is_cited_by_a_test() -> None:
    untested = sorted(
        ruling
        for ruling in set(OPEN_QUESTIONS.values())
        if not any(p.startswith("tests/") for p in citations().get(ruling, ()))
    )
    assert untested == []
