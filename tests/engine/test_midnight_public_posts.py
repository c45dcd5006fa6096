"""The topic of a midnight game, both ways (issue 32): no public post names an action the rules
keep covert, and every order read or refused from a topic post is in the record.

midnight-2023, The Turn system: "Publicly visible actions must be declared in the in-game post
in the OOC tag and be clearly and unambiguously marked as such. Covert actions must be
published in your private room." Civilian: "Jury duty — during the Night you can choose a
target. Next day it covertly gets 1 vote against itself". docs/rulings.md, "midnight: public
and covert orders, letters": no public post names a covert ability, a Play, or whoever used
one; the Council's post lists the ballots cast (those not counted marked so) and nothing else
by name.

Statuses: "Dead — all abilities are disabled, cannot win, cannot lose this status, cannot
participate in the game in any way"; Exhume and Autopsy learn "the Midnight role of a dead
player". docs/rulings.md, "midnight: the GM's corrections": no public announcement of a GM
correction names the Midnight role of a player.

Every midnight scenario and examples/midnight.yaml is replayed and each public text checked.
The words of a Letter to the Town are the player's own and are left out of the check.
docs/scenarios.md, "orders[]": a topic post read for its public orders (midnight's OOC tag) is
listed with "post": true, with what was read and what was refused.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from autogm.engine.families.midnight.abilities.joker import Play
from autogm.engine.render.text import render_notice
from autogm.engine.replay import load_scenario, record, replay
from autogm.engine.rules import RULESETS

ROOT = Path(__file__).resolve().parents[2]
GAMES = [
    *sorted((ROOT / "tests" / "engine" / "scenarios" / "midnight").glob("*.yaml")),
    ROOT / "examples" / "midnight.yaml",
]
MODEL = RULESETS["midnight"].ext
# What the rules publish of an action that is not declared in the topic: the Tommy-gun's user
# ("At the morning everybody learns who used this ability"), the Marauder's gain ("By morning
# you publicly gain his Daylight abilities"), and the Daylight roles' passive lines (the roles
# are open, so their lines are public knowledge: Unfinished business "publicly turns into a
# "spirit"", Qualified immunity, Absolve...).
PUBLISHED = {"tommy_gun", "tomb_raider"}
PUBLIC_TITLES = {line.title for line in MODEL.lines.values() if line.public}


def covert_names() -> set[str]:
    """The titles no public post may name: every action not declared in the topic (a Midnight
    role's line, passive or not, and a Daylight action such as Somersault or Séance) and every
    Play, as the text writes them. A title that a public line shares (the Joker's Bust and the
    Commissioner's) cannot be told apart in a post and is left out."""
    names = {
        line.title
        for line in MODEL.lines.values()
        if not line.public and line.ability not in PUBLISHED and (line.midnight or not line.passive)
    }
    names |= {choice.title() for choice in Play.choices} | {"Misère"}
    return names - PUBLIC_TITLES


COVERT = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(covert_names()))) + r")\b")
TOWN_LETTER = "An anonymous letter to the Town: "
NOT_COUNTED = " (not counted"
BALLOT = re.compile(r"^(?P<voter>[^\n]+?) - (?P<choice>[^\n]+)$", re.MULTILINE)


def _without_letters(text: str) -> str:
    # The player's own words, relayed as written: the Town receives them.
    return text.split(TOWN_LETTER, 1)[0] if TOWN_LETTER in text else text


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_no_public_post_names_a_covert_action(path: Path) -> None:
    scenario = load_scenario(path)
    rec = record(scenario, replay(scenario))
    for phase in rec["phases"]:
        voted = {
            (r["player"], r["target"], r["outcome"] == "done")
            for r in phase["results"]
            if r["ability"] == "vote"
        }
        for text in phase["public"]:
            found = COVERT.search(_without_letters(text))
            assert found is None, f"{phase['phase']}: {found[0]!r} named in public: {text!r}"
            if text.startswith("[b]Votes:[/b]"):
                # The Council's ballots are the votes cast, those not counted marked so, and
                # nothing else.
                shown = {
                    (m["voter"], m["choice"].split(NOT_COUNTED)[0], NOT_COUNTED not in m["choice"])
                    for m in BALLOT.finditer(text)
                }
                assert shown == voted, f"{phase['phase']}: ballots {shown}, votes {voted}"


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_no_gm_correction_names_a_midnight_role_in_public(path: Path) -> None:
    scenario = load_scenario(path)
    roles = {p.role for p in scenario.state.players.values()}
    named = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(roles))) + r")\b")
    # A player may be called by a role's name ("Boss"): their name is not their role.
    players = re.compile(
        r"\b(?:" + "|".join(map(re.escape, sorted(scenario.state.players, key=len)[::-1])) + r")\b"
    )
    for replay_ in replay(scenario):
        for notice in replay_.gm_notices:
            if notice.key.startswith("gm.") and notice.to is None:
                text = render_notice(notice)
                found = named.search(players.sub("", text))
                assert found is None, f"{replay_.phase}: {found[0]!r} named in public: {text!r}"


def test_the_check_knows_the_covert_names() -> None:
    names = covert_names()
    assert {"Jury duty", "Assist", "Whist", "Misère", "Slippery bastard", "Somersault"} <= names
    assert not {"Vote", "Accuse", "Tommy-gun", "Unfinished business", "Bust"} & names
    assert COVERT.search("X used Jury duty on K") and not COVERT.search("[b]K[/b] was voted out")


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_order_read_or_refused_in_the_topic_is_in_the_record(path: Path) -> None:
    scenario = load_scenario(path)
    replays = replay(scenario)
    rec = record(scenario, replays)
    for replay_, phase in zip(replays, rec["phases"], strict=True):
        listed = [o for o in phase["orders"] if o.get("post")]
        posted = replay_.posts
        assert [(o["player"], o["text"]) for o in listed] == [(p, t) for p, t, _ in posted]
        for entry, (_, _, read) in zip(listed, posted, strict=True):
            # What the player was answered: each order understood and each refusal.
            assert entry["accepted"] == [o.to_record() for pm in read.read for o in pm.accepted]
            assert [(r["text"], r["reason"]) for r in entry["rejected"]] == read.refused
