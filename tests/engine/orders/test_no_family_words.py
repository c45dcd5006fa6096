"""engine/orders is the reader every family shares: it names no ability of any family.

What the reader knows of a family comes from the family's package (its ``Say`` declarations and
their traits, its readers, its ``Wording``: docs/engine.md, "Reading orders"); a string in
engine/orders that is the id or the title of a family's ability ("arrest", "Bow-tie",
"special_investigate") is a rule of that family written into the generic reader, which the other
families then read by (midnight's Investigate is not DCTP's). The vote is every family's, read
by the shared readers (``dispatch.READERS``), and is no family's word.

``WAITING`` names what is still written here, each with its reason; an entry that is no longer
found fails, so the list only shrinks.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from autogm.engine.ability import abilities_for
from autogm.engine.families import FAMILIES
from autogm.engine.orders.dispatch import READERS
from autogm.engine.rules import RULESETS

ORDERS = Path(__file__).parents[3] / "engine" / "orders"

# (module under engine/orders, the string) -> why it is still there.
WAITING: dict[tuple[str, str], str] = {
    ("compose.py", "temporary_disguise"): "waiting: its plain form's 'as' before the role",
    ("compose.py", "letter"): "waiting: midnight's Letter may go 'to Town', The Call may not",
    ("compose.py", "arrest"): "waiting: an arrest's refusal and the phase of its crime",
    ("compose.py", "disguise"): "waiting: the crime of disguising names a role, not a victim",
    ("dispatch.py", "special_investigate"): "waiting: a question about a past phase is asked "
    "as a Special Investigate",
    ("dispatch.py", "special investigate"): "waiting: the same, written as its order",
    ("dispatch.py", "investigate"): "waiting: a question about tonight is an Investigate",
    ("dispatch.py", "detect"): "waiting: 'is Vermouth in the game?' is a Detect",
    ("fragments.py", "leader_ranking"): "waiting: a ranking's lines are one fragment",
    ("parse.py", "detect"): "waiting: orders that are questions (_QUESTIONS)",
    ("parse.py", "police_detect"): "waiting: orders that are questions (_QUESTIONS)",
    ("parse.py", "identify"): "waiting: orders that are questions (_QUESTIONS)",
    ("parse.py", "police_identify"): "waiting: orders that are questions (_QUESTIONS)",
}


@cache
def family_names() -> dict[str, set[str]]:
    """Every family's abilities, as ids ("special_investigate", "special investigate") and
    titles (its words' "Tranquilizer Watch", a ruleset's "trick", a lent slot's "Bow-tie"),
    casefolded, by family."""
    names: dict[str, set[str]] = {}
    for ruleset in RULESETS.values():
        found = names.setdefault(ruleset.family, set())
        for ability in abilities_for(ruleset):
            found |= {ability, ability.replace("_", " ")}
        found |= set(ruleset.titles.values())
        wording = FAMILIES[ruleset.family].wording
        found |= {*wording.titles.values(), *wording.lent.values()}
    return {family: {n.casefold() for n in found} for family, found in names.items()}


def family_words() -> set[str]:
    """The names of the families' abilities, but the orders the shared readers read (the
    vote, ``dispatch.READERS``)."""
    return set.union(*family_names().values()) - set(READERS)


def strings(tree: ast.AST) -> list[str]:
    """Every string written in a module: constants, dict keys, the pieces of f-strings."""
    return [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def found() -> set[tuple[str, str]]:
    words = family_words()
    seen = set()
    for path in sorted(ORDERS.rglob("*.py")):
        module = path.relative_to(ORDERS).as_posix()
        for text in strings(ast.parse(path.read_text(encoding="utf-8"))):
            said = text.strip().casefold()
            if said in words:
                seen.add((module, said))
    return seen


def test_engine_orders_names_no_ability_of_a_family() -> None:
    assert sorted(found() - set(WAITING)) == []


def test_every_waiting_name_is_still_written() -> None:
    assert sorted(set(WAITING) - found()) == [], "no longer written: take it off WAITING"


def test_the_check_knows_each_familys_words() -> None:
    """The check reads the words it looks for from the families themselves: DCTP's own
    abilities and titles, midnight's, and not the vote every family holds."""
    words = family_words()
    assert {"arrest", "tranquilizer watch", "bow-tie", "trick"} <= words  # DCTP's
    assert {"all_in", "the call", "tommy_gun"} <= words  # midnight's
    assert "vote" not in words
    code = 'KILLS = frozenset({"kill", "snipe"})\nNAMES = {"x": f"{a} Bow-tie"}\n'
    assert {"kill", "snipe", "x", " Bow-tie"} <= set(strings(ast.parse(code)))
