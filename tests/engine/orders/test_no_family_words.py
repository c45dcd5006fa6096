"""engine/orders is the reader every family shares: it names no ability of any family.

What the reader knows of a family comes from the family's package (its ``Say`` declarations and
their traits, its readers, its ``Wording``: docs/engine.md, "Reading orders"); a string in
engine/orders that is the id or the title of a family's ability ("arrest", "Bow-tie",
"special_investigate") is a rule of that family written into the generic reader, which the other
families then read by (midnight's Investigate is not DCTP's). The vote is every family's, read
by the shared readers (``dispatch.READERS``), and is no family's word.

A rule of a family that the shared reader applies is declared by the family and reached
through its words: a trait of the ability's ``Say`` (``vocab.ASKED_ROLE``: a question is a
Detect; ``vocab.OURS``: "we kill X"), its ``Words`` (``repeat_nouns``), its ``Wording``.
"""

from __future__ import annotations

import ast
import importlib
import re
from functools import cache
from pathlib import Path

from autogm.engine.ability import abilities_for
from autogm.engine.families import FAMILIES
from autogm.engine.orders.dispatch import READERS
from autogm.engine.orders.vocab import CRIME, Say
from autogm.engine.render.templates import read_templates
from autogm.engine.rules import RULESETS

ORDERS = Path(__file__).parents[3] / "engine" / "orders"


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
    assert sorted(found()) == []


def test_the_check_knows_each_familys_words() -> None:
    """The check reads the words it looks for from the families themselves: DCTP's own
    abilities and titles, midnight's, and not the vote every family holds."""
    words = family_words()
    assert {"arrest", "tranquilizer watch", "bow-tie", "trick"} <= words  # DCTP's
    assert {"all_in", "the call", "tommy_gun"} <= words  # midnight's
    assert "vote" not in words
    code = 'KILLS = frozenset({"kill", "snipe"})\nNAMES = {"x": f"{a} Bow-tie"}\n'
    assert {"kill", "snipe", "x", " Bow-tie"} <= set(strings(ast.parse(code)))


# -- the text of patterns -------------------------------------------------------------------
# A pattern's text is read as words ("(?:kill|attack|murder)\\b" is kill, attack, murder), and
# none may be a word a family writes one of its orders with: an ability's id or title, or a
# word of its ``Say``'s ``order`` or ``spelled``. Those words that are also words of English
# order-writing stay in the shared patterns, each named here with the kind of word it is.
GENERIC: dict[str, str] = {
    **dict.fromkeys(("as", "back", "for", "from", "in", "of", "on", "out", "to", "up"),
                    "a preposition or a verb's particle"),
    **dict.fromkeys(("the", "is"), "an article, a copula"),
    **dict.fromkeys(("my", "her", "his", "their"), "a possessive"),
    **dict.fromkeys(("choose", "give", "go", "hand", "put", "leave", "play"),
                    "a verb of ordering or of signing up ('I choose to', 'hand it to')"),
    "day": "time", "first": "an ordinal",
    "gm": "the game master, whom every family's players write to",
    "list": "a list of names ('my list:', 'put me on the list')",
    "reason": "a form's field ('Reason: ...')",
    "hit": "a past verb ('got hit')",
    "body": "a pronoun's end ('every(?:one|body)')",
    **dict.fromkeys(("ing", "ion", "re"), "a word's end a pattern writes apart "
                    "('investigat(?:e|ion)', 'we(?:['’]re)')"),
    **dict.fromkeys(("investigat", "examin"), "an English verb of finding out "
                    "('investigating if Lantern is ...': an 'if' that asks)"),
}  # fmt: skip
_SYNTAX = re.compile(
    r"\\.|\[(?:\\.|[^\]])*\]|\(\?P?<[A-Za-z_]\w*>|\(\?P=\w+\)|\(\?(?:[:=!]|<[=!])|\{[\d,]*\}"
)
_WORD = re.compile(r"[^\W\d_]+")
# The calls that take a pattern as their first argument.
COMPILERS = frozenset(
    {"lazy_compile", "compile", "match", "search", "fullmatch", "sub", "subn", "split",
     "finditer", "findall"}
)  # fmt: skip


def literal_words(text: str) -> tuple[str, ...]:
    """The words a pattern's text writes, casefolded: its escapes ("\\s", "\\b"), character
    classes ("[- ]"), group syntax ("(?:", "(?P<who>") and counts left out."""
    return tuple(_WORD.findall(_SYNTAX.sub(" ", text).casefold()))


@cache
def order_words() -> frozenset[tuple[str, ...]]:
    """What every family writes its orders with, as sequences of words: its abilities' ids
    and titles (``family_names``), and the words of its ``Say``'s ``order`` and ``spelled``;
    but the shared readers' (the vote's, "no lynch"'s: ``dispatch.READERS``) and ``GENERIC``."""
    shared = {
        w for says in family_says().values() for s in says if s.ability in READERS
        for w in (*literal_words(s.order), *(x for t in s.spelled for x in literal_words(t)))
    }  # fmt: skip
    found = {literal_words(n) for names in family_names().values() for n in names}
    for says in family_says().values():
        for s in says:
            if s.ability not in READERS:
                found |= {literal_words(t) for t in s.spelled}
                found |= {(w,) for w in literal_words(s.order) if len(w) > 1}
    return frozenset(p for p in found if p and not (len(p) == 1 and p[0] in {*shared, *GENERIC}))


def pattern_texts(tree: ast.AST) -> list[ast.Constant]:
    """The strings a module's patterns are written with: the first argument of each call of
    ``COMPILERS``, and the strings of the names it uses, as assigned in the module."""
    assigned: dict[str, list[ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
            assigned.setdefault(node.target.id, []).append(node.value)

    def texts(node: ast.AST, seen: set[str]) -> list[ast.Constant]:
        found = []
        for inner in ast.walk(node):
            if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                found.append(inner)
            elif isinstance(inner, ast.Name) and inner.id in assigned and inner.id not in seen:
                seen.add(inner.id)
                for value in assigned[inner.id]:
                    found += texts(value, seen)
        return found

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in COMPILERS:
                found += texts(node.args[0], set())
    return found


def in_patterns(code: str) -> set[str]:
    """The family's order words written in the patterns of ``code``."""
    said = order_words()
    seen = set()
    for text in pattern_texts(ast.parse(code)):
        words = literal_words(text.value)
        for phrase in said:
            n = len(phrase)
            if any(words[i : i + n] == phrase for i in range(len(words) - n + 1)):
                seen.add(" ".join(phrase))
    return seen


def test_no_pattern_of_engine_orders_writes_an_order_word_of_a_family() -> None:
    found = {
        (path.relative_to(ORDERS).as_posix(), word)
        for path in sorted(ORDERS.rglob("*.py"))
        for word in in_patterns(path.read_text(encoding="utf-8"))
    }
    assert sorted(found) == []


def test_the_pattern_check_reads_words_through_names_and_syntax() -> None:
    """The patterns this check was written for: the Black Org's "we kill" and the nouns of a
    repeat, as they stood in engine/orders; generic words and a pattern's syntax pass."""
    code = (
        '_WE = r"we(?:[\'’]ll|\\s+will)?\\s+"\n'
        'X = lazy_compile(_WE + r"(?=(?:kill|attack|murder)\\b)", re.IGNORECASE)\n'
        '_WHAT = r"(?:order|orders|one|thing|heal|protect|kill)"\n'
        'Y = re.compile(rf"same(?:\\s+{_WHAT})?")\n'
        'Z = re.compile(r"special[- ]investigat(?:e|ion)")\n'
        'T = "kill"  # not a pattern: the check above reads it\n'
    )
    assert in_patterns(code) == {"kill", "attack", "murder", "heal", "protect", "special"}
    assert in_patterns('P = re.compile(r"special\\s+investigate|si\\b")') == {
        "special investigate", "special", "investigate", "si",
    }  # fmt: skip
    generic = r'P = re.compile(r"(?:give|hand)\s+(?:it|my\s+vote)\s+to|every(?:one|body)")'
    assert in_patterns(generic) == set()


def family_says() -> dict[str, tuple[Say, ...]]:
    """Each family's declarations (its package's ``vocab.WORDS``), by family."""
    return {
        family: importlib.import_module(f"autogm.engine.families.{family}.vocab").WORDS.says
        for family in {ruleset.family for ruleset in RULESETS.values()}
    }


def test_each_crime_order_has_its_refusal_in_the_templates() -> None:
    """An order that names a crime (``vocab.CRIME``: DCTP's Arrest and Blame) and is written
    without one is refused in its own words, ``reading.<ability>_crime``: the reader knows the
    key's shape, the family's templates hold each sentence."""
    known = read_templates(str(ORDERS.parent / "render" / "templates.toml"))
    crimes = [s.ability for says in family_says().values() for s in says if s.shape == CRIME]
    assert crimes
    assert [a for a in crimes if f"reading.{a}_crime" not in known] == []
