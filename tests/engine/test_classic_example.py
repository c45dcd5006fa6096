"""examples/classic.yaml: a dctp-classic game that replays to a winner (issue 16, "Done when":
"an example classic game with a dream, a tape and a leader vote replays to a winner").

Its orders are written as players write them; the GM's texts go through the approval queue as
GM lines of the scenario, so the replay reproduces exactly what was sent.
"""

from __future__ import annotations

from pathlib import Path

from autogm.engine.replay import load_scenario, record, replay

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "classic.yaml"


def _play() -> tuple[dict, dict[str, list[dict]]]:
    scenario = load_scenario(EXAMPLE)
    replays = replay(scenario)
    held = {str(r.phase): [t.to_record() for t in r.held] for r in replays}
    return record(scenario, replays), held


def _phase(rec: dict, name: str) -> dict:
    return next(p for p in rec["phases"] if p["phase"] == name)


def test_the_classic_example_replays_to_the_towns_win() -> None:
    rec, _ = _play()
    assert rec["ruleset"] == "dctp-classic"
    assert rec["winner"] == "town"
    assert "Anokata" not in {p["role"] for p in rec["phases"][0]["players"].values()}


def test_the_tape_left_with_the_murder_is_held_then_shown_once_approved() -> None:
    """ "The BO can leave a tape/video after each murder." """
    rec, held = _play()
    assert {"kind": "tape", "number": 1, "to": None}.items() <= held["Night 1"][0].items()
    tape = "A tape was found with the body of [b]Callid[/b]:\n[quote]The FBI should have"
    assert not any(tape in post for post in _phase(rec, "Night 1")["public"])
    assert any(tape in post for post in _phase(rec, "Day 1")["public"])


def test_a_drafted_dream_is_sent_as_approved_and_a_gm_dream_as_written() -> None:
    """ "The GM will give out one dream per night"; "The dream will have 5 facts, 4 false and
    1 true fact." Dream 1 is autogm's draft, approved; dream 2's dreamer is named by the GM,
    who writes the dream himself."""
    rec, held = _play()
    draft = next(t for t in held["Night 1"] if t["kind"] == "dream")
    assert len(draft["text"].splitlines()) == 5
    day1 = _phase(rec, "Day 1")["private"][draft["to"]]
    assert f"You dreamt during Night 1:\n[quote]{draft['text']}[/quote]" in day1
    named = next(t for t in held["Night 2"] if t["kind"] == "dream")
    assert named["to"] == "Lynz" and "named by the GM" in named["note"]
    day2 = "\n".join(_phase(rec, "Day 2")["private"]["Lynz"])
    assert "A tall man in black smoked by the river." in day2
    assert named["text"] not in day2


def test_the_leader_vote_follows_the_worked_example_and_the_next_on_the_ranking_leads() -> None:
    """ "Then the ranking would be: Conia(Korn), Akonyl (Vodka), Pofa(Gin). So Conia would be
    the new Leader. In case Conia dies then Akonyl will become the new leader etc." """
    rec, _ = _play()
    ranking = "1. Conia (Korn), 2. Akonyl (Vodka), 3. Pofa (Gin). Your leader: Conia"
    day1 = _phase(rec, "Day 1")["private"]
    assert all(any(ranking in text for text in day1[m]) for m in ("Pofa", "Akonyl", "Conia"))
    night2 = _phase(rec, "Night 2")
    overruled = {"player": "Akonyl", "ability": "kill", "outcome": "failed", "reason": "overruled"}
    assert any(overruled.items() <= r.items() for r in night2["results"])
    assert night2["players"]["Kleene"]["status"] == "dead"  # Conia's snipe, past Ran
    # Conia lynched on Day 2, Pofa arrested: Akonyl leads and orders the Night 3 kill.
    night3 = _phase(rec, "Night 3")
    assert {
        "player": "Akonyl",
        "ability": "kill",
        "outcome": "saved",
        "target": "Miaka",
    }.items() <= (next(r for r in night3["results"] if r["player"] == "Akonyl").items())


def test_the_will_is_shown_with_the_death_asked_for_and_aptx_kills_after_the_lynch() -> None:
    rec, held = _play()
    assert held["Day 2"][0]["kind"] == "will"
    night3 = "\n".join(_phase(rec, "Night 3")["public"])
    assert "Conia's will:" in night3 and "thrown from Tokyo Tower" in night3
    day2 = "\n".join(_phase(rec, "Day 2")["public"])
    assert day2.index("[b]Conia[/b] was lynched.") < day2.index("[b]Lynz[/b] was found dead")
