"""r53 is 2011 plus its changes: every dctp-2011 scenario replays the same under ``dctp-r53``,
except those whose outcome a sentence r53 changed decides (``DIFFERS``, each with the sentence
and its own r53 scenario in tests/engine/scenarios/dctp-r53/).

Most of r53 repeats 2011 word for word; the 2011 scenarios quoting those sentences are r53's
scenarios for them as well. ``test_the_differences_are_real`` keeps ``DIFFERS`` honest: a
scenario listed there must play otherwise under r53.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.scenario_check import check_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios" / "dctp-2011").glob("*.yaml"))

_VOID = (
    'Abroad: "If a player uses any of their actions on an abroad traveler, all actions will fail."'
)
# Scenario -> the r53 sentence that changes its outcome.
DIFFERS = {
    "aptx-reaches-a-traveler-abroad": _VOID,
    "bribe-kills-a-traveler-abroad": _VOID,
    "makoto-flies-out-after-a-successful-protect": _VOID,
    "travel-abroad-actions-fail-and-a-traveler-in-flight-cannot-be-targeted": _VOID,
    "travel-in-prep-flies-on-night-1-and-arrives-on-day-1": _VOID,
    "travel-leaving-japan-survives-the-kill-unless-discombobulated": 'Order of Actions: "... '
    'All other actions > Travel" (travel-last-a-departing-traveler-can-be-killed)',
    "black-suitcase-next-ranked-member-leads-and-gives-it": 'Black Org Leader: "If the leader '
    "is arrested or lynched in the same phase he tries to hand out the Black Suitcase, the "
    'action will still go through." (black-suitcase-goes-through-when-the-leader-is-arrested)',
    "friendship-sonoko-uses-her-friends-abilities-with-exceptions": 'Friends: "whether that '
    'person is dead or alive" (sonoko-uses-a-dead-friends-abilities-but-may-not-pinch)',
    "pinch-face-arrests-and-strips-a-disguised-player": 'Trick: "Only exception is Arrest" '
    "(night-order-face-pinch-after-killing-and-trickable)",
    "mutual-discombobulation-all-actions-fail": 'Trick: "You used trick on your target" '
    "(trick-minerva-and-the-renamed-discombobulate)",
    "charm-stands-when-kazuha-is-poisoned-the-same-day": 'Order of Actions, Day Actions: "Charm '
    "(unless Kazuha is APTX'd and does not have the charm herself) > APTX\" "
    "(charm-fails-when-kazuha-is-poisoned)",
    "vengeance-akai-injures-his-killer": 'Basic Gameplay: "Every member of the Black Org must '
    'kill successfully before a member is allowed a second kill." '
    "(kill-cycle-counts-only-successful-kills)",
    # Random draws among r53's larger cast: Sera and Minerva are town roles to draw from.
    "choose-costumes-five-offered-three-kept-and-a-costume-for-night-1": "r53's cast",
    "rechoose-disguise-the-day-after-the-last-costume": "r53's cast",
    "disguise-draws-one-named-player-who-gets-a-new-role-unknowingly": "r53's cast",
    "yukiko-in-rans-costume-who-protects-stays-injured": "r53's cast",
}


def _as_r53(path: Path, tmp_path: Path) -> Path:
    text = path.read_text(encoding="utf-8").replace("ruleset: dctp-2011", "ruleset: dctp-r53")
    copy = tmp_path / path.name
    copy.write_text(text, encoding="utf-8")
    return copy


SAME = [p for p in SCENARIOS if p.stem not in DIFFERS]
OTHER = [p for p in SCENARIOS if p.stem in DIFFERS]


@pytest.mark.parametrize("path", SAME, ids=[p.stem for p in SAME])
def test_a_2011_scenario_plays_the_same_in_r53(path: Path, tmp_path: Path) -> None:
    check_scenario(_as_r53(path, tmp_path))


@pytest.mark.parametrize("path", OTHER, ids=[p.stem for p in OTHER])
def test_the_differences_are_real(path: Path, tmp_path: Path) -> None:
    with pytest.raises(AssertionError):
        check_scenario(_as_r53(path, tmp_path))


def test_every_listed_difference_is_a_2011_scenario() -> None:
    assert set(DIFFERS) <= {p.stem for p in SCENARIOS}
