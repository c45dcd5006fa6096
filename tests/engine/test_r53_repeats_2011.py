"""r53 repeats most of the 2011 text word for word: each 2011 scenario whose quoted sentences
all stand in the r53 texts is also an r53 scenario, replayed under ``dctp-r53``.

A scenario is taken when every sentence its ``source`` quotes is found in
shared/rules/dctp-r53-rules.txt or dctp-r53-abilities.txt (pieces around "..." each found,
whitespace and quote marks aside). The r53-only rules have their own scenarios in
tests/engine/scenarios/dctp-r53/. (Replayed under r53, the 2011 scenarios that play out
otherwise all quote a sentence r53 changed: docs/rulings.md, "dctp-r53", lists them.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tests.engine.scenario_check import check_scenario

ROOT = Path(__file__).parents[2]
RULES = ROOT.parent / "shared" / "rules"
SCENARIOS = sorted((Path(__file__).parent / "scenarios" / "dctp-2011").glob("*.yaml"))


def _plain(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


R53_TEXT = _plain(
    (RULES / "dctp-r53-rules.txt").read_text(encoding="utf-8")
    + (RULES / "dctp-r53-abilities.txt").read_text(encoding="utf-8")
)


def _quotes(source: str) -> list[str]:
    pieces = []
    for quote in re.findall(r'"([^"]+)"', source):
        pieces += [p for p in (_plain(x) for x in quote.split("...")) if len(p) >= 12]
    return pieces


def _shared() -> list[Path]:
    found = []
    for path in SCENARIOS:
        source = yaml.safe_load(path.read_text(encoding="utf-8")).get("source", "")
        quotes = _quotes(source)
        if quotes and all(q in R53_TEXT for q in quotes):
            found.append(path)
    return found


SHARED = _shared()


def test_most_2011_scenarios_quote_sentences_r53_repeats() -> None:
    assert len(SHARED) >= 30


@pytest.mark.parametrize("path", SHARED, ids=[p.stem for p in SHARED])
def test_a_2011_sentence_r53_repeats_plays_the_same_in_r53(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8").replace("ruleset: dctp-2011", "ruleset: dctp-r53")
    copy = tmp_path / path.name
    copy.write_text(text, encoding="utf-8")
    check_scenario(copy)
