"""A class of phrases gated by the texts its phrases hold (engine/orders/phrases.py,
``PhraseClass``) answers exactly as its pattern does: over every message of the blind rounds
and the corpus, whole and cut where the stance reads a sentence or a clause, for every gated
class of the engine; and the texts a phrase holds are read from its declaration
(``grammar.required_texts``)."""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache
from pathlib import Path

import yaml

import autogm.engine
from autogm.engine.orders import fragments, phrases, stance
from autogm.engine.orders.grammar import (
    FOLDS_INTO_ASCII,
    KEY_LETTERS,
    _alternatives,
    gate_keys,
    may_hold,
    required_texts,
)
from autogm.engine.orders.phrases import PhraseClass

TESTS = Path(__file__).resolve().parents[2]
# Letters case-insensitive matching folds into ASCII, and the words of gated classes in
# other cases: the gate stands aside for the first, and lower-cases the others.
ODD = [
    "ſcratch that", "İF he claims", "NEVER MIND", "nvm", "Never Mind, heal Abs", "jK lol",
    "J/K", "Scratch That", "I'm KIDDING", "tomorroW night", "TMRW", "ıf Abs claims, heal him",
    "KANCEL that", "cancel my heal", "don’t heal", "just asking", "", "  ", "Heal Müller",
    "Never mind what Grace said, scratch that", "call off my vote", "take it back",
]  # fmt: skip


def _orders(node: object) -> list[str]:
    if isinstance(node, dict):
        return [t for v in node.values() for t in _orders(v)]
    if isinstance(node, list):
        return [t for v in node for t in _orders(v)]
    return [node] if isinstance(node, str) and len(node) < 2000 else []


@cache
def _messages() -> list[str]:
    texts = set(ODD)
    for folder in ("reading/blind", "engine/orders/corpus"):
        for path in sorted((TESTS / folder).rglob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            for key in ("phases", "cases"):
                texts.update(_orders(data.get(key, [])))
    return sorted(texts)


def _gated() -> list[tuple[str, PhraseClass]]:
    found = {}
    for info in pkgutil.walk_packages(autogm.engine.__path__, "autogm.engine."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, PhraseClass):
                found[id(value)] = (f"{info.name}.{name}", value)
            elif isinstance(value, tuple) and value and all(
                isinstance(v, PhraseClass) for v in value
            ):
                # The classes a reader asks apart (``phrases.classes``): each one gated.
                for i, one in enumerate(value):
                    found.setdefault(id(one), (f"{info.name}.{name}[{i}]", one))
    return sorted(found.values(), key=lambda x: x[0])


_CUT = re.compile(r"[.!?,;:\n]")


def _spans(matches: object) -> list[tuple[int, int]]:
    return [m.span() for m in matches]  # type: ignore[attr-defined]


def _same(got: re.Match[str] | None, want: re.Match[str] | None) -> bool:
    return (got and got.span()) == (want and want.span())


def test_every_gated_class_answers_as_its_pattern_over_the_corpora() -> None:
    classes = _gated()
    names = {name.rsplit(".", 1)[1] for name, _ in classes}
    # The stance's classes, parse's withdrawal at a fragment's start, DCTP's form's killer.
    assert {"WITHDRAWAL", "_LATER", "_ASKING", "_NOT_DIRECTIVE[6]", "_WITHDRAW"} <= names
    assert "_KILLER_LABEL" in names
    # The phrase patterns matched at one place that most games never need compiled.
    assert {"_SETTLES", "_ONLY_DOUBT", "_WEIGHED", "_IF_AFTER", "_PRECAUTION_AFTER"} <= names
    texts = _messages()
    assert len(texts) > 3000
    for text in texts:
        cuts = [m.start() for m in _CUT.finditer(text)][:6]
        for name, gated in classes:
            regex = gated._regex
            assert _spans(gated.finditer(text)) == _spans(regex.finditer(text)), (name, text)
            assert _same(gated.search(text), regex.search(text)), (name, text)
            assert _same(gated.fullmatch(text), regex.fullmatch(text)), (name, text)
            for a, b in [(0, c) for c in cuts] + [(c, len(text)) for c in cuts]:
                assert _same(gated.search(text, a, b), regex.search(text, a, b)), (name, text, a)
                assert _same(gated.match(text, a, b), regex.match(text, a, b)), (name, text, a)
                assert _spans(gated.finditer(text, a, b)) == _spans(regex.finditer(text, a, b))


def test_a_letter_folded_into_ascii_runs_the_pattern() -> None:
    withdrawal = phrases.pattern(phrases.WITHDRAWAL)
    assert isinstance(withdrawal, PhraseClass)
    for letter in FOLDS_INTO_ASCII:
        text = f"{letter} scratch that"
        assert _same(withdrawal.search(text), withdrawal._regex.search(text))
    # "ſcratch" is "scratch" to the pattern, and holds no "scratch" lower-cased.
    assert withdrawal.search("ſcratch that") is not None


def test_the_texts_a_phrase_holds() -> None:
    assert required_texts(r"(?:scratch|scrap)\s+that") == {"scratch", "scrap"}
    assert required_texts(r"never\s*mind|nvm") == {"never", "nvm"}
    assert required_texts(r"hmm+") == {"hm"}  # the repeated letter is not a literal's
    assert required_texts(r"(?:i['’]?m\s+)?(?:only\s+|just\s+)?(?:kidding|joking)") == {
        "kidding",
        "joking",
    }
    assert required_texts(r"i(?:['’]ve|\s+have)?\s+changed\s+my\s+mind|change\s+of") == {
        "change"  # "changed" holds "change"
    }
    assert required_texts(r"j/k|wr(?:ote|ites)") == {"j/k", "ote", "ites"}
    assert required_texts(r"(?P<x>abc)d?") == {"abc"}
    # What holds no text that can be told: a class, a category, optional pieces.
    assert required_texts(r"[pd]m") == {"m"}
    assert required_texts(r"[pd]\w+") is None
    assert required_texts(r"kill|(?:the\s+)?") is None
    assert required_texts(r"(?=kill)\w+") is None  # a lookaround holds nothing
    # Latin-1's letters are a key's (``KEY_LETTERS``), lower-cased; others beyond it are not.
    assert required_texts(r"Ülrich") == {"ülrich"}
    assert required_texts(r"mañana") == {"mañana"}
    assert required_texts(r"živjo") == {"ivjo"}


def test_a_sequence_keeps_the_texts_whose_shortest_is_longest_and_then_the_fewest() -> None:
    # Of a sequence's runs and groups, the one whose shortest text is longest; of those as
    # long, the one of fewest texts; of those, the first read (the walk keeps the best as it
    # reads, in the order written).
    assert required_texts(r"(?:break|broke|broken)\s+bones") == {"bones"}
    assert required_texts(r"bones\s+(?:break|broke)") == {"bones"}
    assert required_texts(r"(?:ab|cd)\s+xy") == {"xy"}
    assert required_texts(r"xy\s+(?:ab)\s+zw") == {"xy"}
    assert required_texts(r"(?:abc|abd)\s+xy") == {"abc", "abd"}
    assert required_texts(r"x\s+(?:ab|cd)") == {"ab", "cd"}


def test_a_class_with_a_one_letter_text_is_not_gated() -> None:
    # OWN_VOICE holds "i" alone: every text holds it, and a gate would only cost.
    own = phrases.pattern(phrases.OWN_VOICE)
    assert own.match("i will heal Abs") is not None
    assert own._keys[0] == ()  # type: ignore[attr-defined]
    later = phrases.pattern(phrases.LATER)
    assert later.search("heal Abs") is None
    assert "tomorrow" in later._keys[1]  # type: ignore[attr-defined]


def test_the_keys_are_read_at_the_first_ask_and_the_class_compiled_only_when_they_stand() -> None:
    fresh = phrases.gated(r"(?<![\w'’])(?:belay\s+that|as\s+you\s+were)(?![\w'’])")
    assert isinstance(fresh, PhraseClass)
    assert fresh._keys is None and "search" not in vars(fresh._regex)
    assert fresh.search("heal Abs") is None  # shut: its text read, nothing compiled
    assert fresh._keys == (("were", "belay"), frozenset({"belay"}))
    assert "search" not in vars(fresh._regex)
    assert fresh.search("heal Abs. Belay that")[0] == "Belay that"
    assert "search" in vars(fresh._regex)


def test_a_word_added_to_a_class_is_gated_with_no_other_change() -> None:
    added = phrases.pattern((*phrases.WITHDRAWAL, r"belay\s+that"))
    assert isinstance(added, PhraseClass)
    assert added.search("ok belay that, heal Abs") is not None
    assert added.search("heal Abs") is None



def test_a_key_that_opens_its_phrase_is_looked_for_where_a_word_starts() -> None:
    # Every phrase of a class follows a word's start: "Identify P3" holds "if" and "Temporary
    # Disguise" holds "is", each inside a word, where no condition's "if" and no question's
    # "is" stands; the classes are neither run nor compiled for them.
    condition = phrases.pattern(phrases.CONDITION)
    asking = phrases.pattern(phrases.ASKING)
    assert condition.search("heal Abs") is None and "if" in condition._keys[1]
    for text in ("Identify P3", "Police Identify P39", "Temporary Disguise P19", "this"):
        assert condition.search(text) is None and asking.search(text) is None
        low = text.lower()
        assert not may_hold(condition._keys, low) and not may_hold(asking._keys, low), text
    assert condition.search("heal Abs if he claims")[0] == "if"
    assert condition.search("(if Abs lives) heal Ran")[0] == "if"
    assert asking.search("is it ok to heal Abs?") is not None
    assert gate_keys(r"(?<![\w'’])(?:scratch|scrap)\s+that") == (
        ("scrap", "scratch"), {"scrap", "scratch"}
    )  # fmt: skip
    assert gate_keys(r"\bkill\b|x(?:ab)") == (("ab", "kill"), {"kill"})
    # Read after anything else, a key opens no word: an optional piece, a class, a letter.
    assert gate_keys(r"(?<!\w)a?bc|[pd]mx|(?:de|fg)h") == (("bc", "de", "fg", "mx"), set())
    # A group of flags reads what it holds: what follows it opens no word.
    assert gate_keys(r"(?<!\w)(?i:x)kill") == (("kill",), set())
    assert gate_keys(r"(?<!\w)(?=k)(?<!q)kill") == (("kill",), {"kill"})
    # A key that opens a word and the same text anywhere: the second covers both.
    assert gate_keys(r"(?<!\w)(?:does|x+does)") == (("does",), set())


def test_a_run_of_letters_is_read_whole_but_a_quantified_last_letter() -> None:
    # The walk takes a run of plain characters at once: a letter a quantifier follows is not
    # the run's ("lovers?" holds "lover"), and the longest run of a sequence is its key.
    assert gate_keys(r"(?<!\w)lovers?\s+x{2,}yz") == (("lover",), {"lover"})
    assert gate_keys(r"heal(?:ing)?\s+kleene's+\s+life{1,2}") == (("kleene'",), set())
    assert gate_keys(r"(?<![\w'’])i'll\s+vote\s+(?:for\s+)?x") == (("i'll",), {"i'll"})
    assert gate_keys(r"#1: no\. ?\d") == (("#1: no.",), set())
    assert gate_keys(r"a{2}bc|de+f") == ((), set())  # "d" alone: one letter, no gate


def test_classes_asked_apart_answer_as_the_classes_joined() -> None:
    # A reader that asks only whether one of several classes stands asks each apart
    # (``phrases.classes``): over the corpora, whole and cut, the answer is the joined one's.
    unions = {
        "stance._NOT_DIRECTIVE": stance._NOT_DIRECTIVE,
        "stance._OTHERWISE": stance._OTHERWISE,
        "fragments._VOIDS": fragments._VOIDS,
    }
    for name, apart in unions.items():
        joined = phrases.gated(
            r"(?<![\w'’])(?:"
            + "|".join(sorted({p for c in apart for p in _phrases_of(c)}, key=len, reverse=True))
            + r")(?![\w'’])"
        )._regex
        for text in _messages():
            cuts = [m.start() for m in _CUT.finditer(text)][:4]
            for a, b in [(0, len(text))] + [(0, c) for c in cuts] + [(c, len(text)) for c in cuts]:
                want = joined.search(text, a, b) is not None
                assert any(c.search(text, a, b) for c in apart) == want, (name, text, a, b)


def _phrases_of(regex: object) -> list[str]:
    """The phrases of a class built by ``phrases.pattern``, read back from its text."""
    source = regex.pattern  # type: ignore[attr-defined]
    inner = source[len(r"(?<![\w'’])(?:") : -len(r")(?![\w'’])")]
    return _alternatives(inner)


def test_a_letter_of_a_key_beyond_ascii_matches_only_what_lowers_to_it() -> None:
    # ``grammar.KEY_LETTERS``: a code point that matches one case-insensitively lowers to the
    # letter lower-cased, so the text lower-cased holds the key where a match stands.
    assert len(KEY_LETTERS) == 62 and "ñ" in KEY_LETTERS and "×" not in KEY_LETTERS
    any_letter = re.compile("[" + "".join(sorted(KEY_LETTERS)) + "]", re.IGNORECASE)
    for point in range(0x110000):
        c = chr(point)
        if 0xD800 <= point < 0xE000 or any_letter.fullmatch(c) is None:
            continue
        matched = [k for k in KEY_LETTERS if re.fullmatch(k, c, re.IGNORECASE)]
        assert matched and all(c.lower() == k.lower() for k in matched), hex(point)
    later = phrases.pattern(phrases.LATER)
    assert later.search("Analyze P28") is None and "mañana" in later.gate()[0]
    assert later.search("heal Abs MAÑANA")[0] == "MAÑANA"
