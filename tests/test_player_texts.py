"""Every sentence a player or the GM reads on the forum comes from the templates.

The templates are the project's one way of writing a text: ``engine/render/templates.toml``
(the engine's notices, results, replies and refusals) and ``daemon/play/templates.toml`` (the
daemon's posts and answers), both read by ``engine.render.templates`` and filled by name.

What counts as an inline player sentence, in engine/ and daemon/: a string literal (or the
fixed text of an f-string) that is written as a sentence: it opens with a capitalised word
("Your", "Sign-ups", "[b]The", "A"; not an all-capitals word, an SQL keyword or a placeholder
like "N HP"), holds at least three words,
and has a sentence's stop (``.``, ``!``, ``?`` or ``:``) after its first word. Not counted:
docstrings; the GM's log (a ``logging`` call's arguments); an exception raised or asserted,
which reaches the GM's log or a command's error line; and three places that write no forum
text: the command line (``daemon/cli/``: the terminal's own words), the archive's reports,
which the command line prints (``daemon/archive/``), and the rulesets (``engine/rules/``, the
families' ``rules`` modules: the
rule texts quoted as data, and the GM's option help).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
SEARCHED = ("engine", "daemon")
NOT_FORUM_TEXT = (
    "daemon/cli/",
    "daemon/archive/",
    "engine/rules/",
    "engine/families/dctp/rules/",
    "engine/families/midnight/rules.py",
)
LOG_CALLS = {"debug", "info", "warning", "error", "exception", "critical", "log"}
# A capitalised word (after an opening BBCode tag), two more words, and a stop after the first.
SENTENCE = re.compile(
    r"^(?:\[\w+\])?(?:\{\})?(?:[A-Z][a-z'-]+|A|I)\b(?=(?:.*?\b[A-Za-z]+\b){2})"
    r"(?=.*?[.!?:](?:\s|$|\[))"
)


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _exempt(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """A docstring, or inside a logging call, a ``raise`` or an ``assert``."""
    parent = parents.get(node)
    if isinstance(parent, ast.Expr):
        return True  # a docstring (or a bare string: a comment)
    while parent is not None and not isinstance(parent, ast.FunctionDef | ast.ClassDef):
        if isinstance(parent, ast.Raise | ast.Assert):
            return True
        if isinstance(parent, ast.Call):
            func = parent.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in LOG_CALLS:
                return True
        parent = parents.get(parent)
    return False


def inline_sentences(source: str) -> list[tuple[int, str]]:
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(parents.get(node), ast.JoinedStr):
            continue  # its f-string is read whole
        text = _text(node)
        if text is not None and SENTENCE.match(text) and not _exempt(node, parents):
            found.append((node.lineno, text))
    return found


def test_no_inline_player_sentence_outside_the_templates() -> None:
    found = []
    for package in SEARCHED:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(NOT_FORUM_TEXT):
                continue
            for line, text in inline_sentences(path.read_text(encoding="utf-8")):
                found.append(f"{name}:{line}: {text[:70]!r}")
    assert found == []


def test_what_counts_as_a_sentence() -> None:
    code = '''
def answer(phase):
    """Docstrings are not counted. They say what code does."""
    log.warning("The forum refused the post: %s", why)
    if phase is None:
        raise ValueError("No phase given: the GM must name one.")
    a = f"Understood for {phase}: nothing."
    b = "[b]The game is over.[/b] Thank you for playing!"
    c = "Your will is saved."
    d = "SELECT * FROM games WHERE name = ?"
    h = "N HP, N cards, or an ability: give X: 1 HP"
    e = "the vote names nobody"
    f = "Vote no lynch"
    g = "Heal Kleene"
    i = "A tape was found with the body."
    return a, b, c, d, e, f, g, h, i
'''
    assert [text for _, text in inline_sentences(code)] == [
        "Understood for {}: nothing.",
        "[b]The game is over.[/b] Thank you for playing!",
        "Your will is saved.",
        "A tape was found with the body.",
    ]


TEMPLATE_FILES = {
    "engine": ROOT / "engine" / "render" / "templates.toml",
    "daemon": ROOT / "daemon" / "play" / "templates.toml",
}


def test_every_key_said_is_in_its_templates_file() -> None:
    """``say("group.key", ...)`` names a template of its package's file."""
    from autogm.engine.render.templates import read_templates

    missing = []
    for package, file in TEMPLATE_FILES.items():
        known = read_templates(str(file))
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                key = node.args[0]
                if name == "say" and isinstance(key, ast.Constant) and key.value not in known:
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {key.value}")
    assert missing == []


def test_every_template_names_its_fields_and_reads_plainly() -> None:
    """Filled by name (format_map): a field without a name could never be filled; and each
    file is written plainly, so that reading it never pays for the TOML parser."""
    from string import Formatter

    from autogm.engine.render.templates import plain_templates

    for file in TEMPLATE_FILES.values():
        found = plain_templates(file.read_text(encoding="utf-8"))
        assert found is not None, f"{file.name} is no longer plain"
        for key, template in found.items():
            for _, field, _, _ in Formatter().parse(template):
                if field is not None:
                    assert field and not field.isdigit(), f"{key}: field {{{field}}} has no name"
