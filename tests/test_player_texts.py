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

A reason is caught even when it is no sentence ("you are dead and can no longer act", "{} is
dead"): in engine/ and daemon/play/, a string literal with words in it (a space and a word of
two letters) may not be a reason given to a player. A reason is what an ability's or a life's
check returns (``validate``, ``check``, ``order_problem``, ``target_problem``, a target rule:
any function's ``return``), what a ``Refused``, a ``Refusal`` or a ``Rejection`` is made with
(its reason and its fix), what is assigned to a name ``reason``, ``problem``, ``fix``,
``why`` or ``note``, the values of a table named ``...REASONS``, what is added to the notes of
an answer (``notes.append``: "read 'Ak' as Akonyl"), and what fills a notice (the params of
``notify``, ``announce`` and ``Notice``: "no Guise", " for 2 phases") or a text held for the GM
(``HeldText``: its note, which the GM reads in a PM). A reason is made from a template key
instead (``say("cannot.dead")``); a single word or key ("dead", "target_unavailable": a
``failed.`` notice's key) is not text. Not a reason: what a function that writes an order out
in the reader's own words returns (annotated ``PlainOrder``: "Kill Lynz with Miaka", read again
by the reader, never told to a player). Not searched, besides the places above: the scenario
layer's terminal report (``engine/replay.py``).
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


# Searched for reasons: the engine, and the daemon's player texts (its other packages answer
# the GM and the operator, in the terminal and the log).
REASONS_SEARCHED = ("engine", "daemon/play")
NOT_PLAYER_REASONS = (*NOT_FORUM_TEXT, "engine/replay.py")
REASON_CALLS = {"Refused", "Refusal", "Rejection"}
NOTICE_CALLS = {"notify", "announce", "Notice", "HeldText"}
HELD_CALLS = {"Notice", "HeldText"}
REASON_NAMES = {"reason", "problem", "fix", "why", "note"}
# The return type of a function that writes an order in the reader's own words.
PLAIN_ORDER = "PlainOrder"
# Words: a space and a word of two letters ("you are dead", "{} is dead"); not a key.
WORDS = re.compile(r"(?=.*\s)(?=.*[A-Za-z]{2})")


def _literals(node: ast.AST | None):
    """The string literals an expression gives as its value: itself, either branch of a
    conditional, either side of ``or``/``and``."""
    if isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _literals(value)
    elif node is not None and _text(node) is not None:
        yield node


def _plain_orders(tree: ast.AST) -> set[ast.AST]:
    """The returns of the functions that write an order in the reader's own words."""
    return {
        node
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef)
        and isinstance(function.returns, ast.Name)
        and function.returns.id == PLAIN_ORDER
        for node in ast.walk(function)
        if isinstance(node, ast.Return)
    }


def _reasons(tree: ast.AST):
    """Every expression given as a reason (the module docstring says which)."""
    plain_orders = _plain_orders(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Return):
            if node not in plain_orders:
                yield node.value
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in NOTICE_CALLS:
                # ctx.notify(to, key, **params), ctx.announce(key, **params), Notice(key, to,
                # params), HeldText(..., params, note): what fills a notice is read as the
                # notice is, and a held text's note by the GM on the forum.
                yield from (k.value for k in node.keywords if k.arg != "key")
                if name in HELD_CALLS:
                    for arg in node.args:
                        yield from arg.values if isinstance(arg, ast.Dict) else (arg,)
            if name == "append" and _names_notes(func):
                yield from node.args  # notes.append(text): a line of the answer
            if name in REASON_CALLS:
                # Refused(reason, kind), Refusal(reason, kind), Rejection(text, reason, fix)
                given = node.args[1:3] if name == "Rejection" else node.args[:1]
                yield from given
                yield from (k.value for k in node.keywords if k.arg in ("reason", "fix"))
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            if names & REASON_NAMES:
                yield node.value
            elif any(n.endswith("REASONS") for n in names) and isinstance(node.value, ast.Dict):
                yield from node.value.values


def _names_notes(func: ast.expr) -> bool:
    """Whether a call's function is the ``append`` of a list of notes (``notes``,
    ``self.notes``, ``reader.notes``)."""
    if not isinstance(func, ast.Attribute):
        return False
    owner = func.value
    name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
    return name == "notes"


def inline_reasons(source: str) -> list[tuple[int, str]]:
    found = []
    for reason in _reasons(ast.parse(source)):
        for node in _literals(reason):
            text = _text(node)
            if text is not None and WORDS.match(text):
                found.append((node.lineno, text))
    return sorted(found)


def test_no_inline_reason_outside_the_templates() -> None:
    """Every reason a player reads is made from a template key, fragments included."""
    found = []
    for package in REASONS_SEARCHED:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name.startswith(NOT_PLAYER_REASONS):
                continue
            for line, text in inline_reasons(path.read_text(encoding="utf-8")):
                found.append(f"{name}:{line}: {text[:70]!r}")
    assert found == []


def test_what_counts_as_a_reason() -> None:
    code = """
REASONS = {"dead": "you are dead and can no longer act", "jail": "cannot.jail"}


def target_problem(state, target):
    if target not in state.players:
        return f"{target} is not playing"
    return "target_unavailable" if state.abroad(target) else None


def validate(state, order):
    if not order.role:
        return say("refusal.name_the_role")
    problem = "you may not" if order.twice else None
    reason = f"{order.actor} is dead"
    label = "the friend of Kleene, among"
    ctx.notify(order.actor, "midnight.guise", guises=order.roles or "no Guise", n="1")
    notice = Notice("gm.condition", order.actor, {"lasting": " for 2 phases", "on": "Night 1"})
    reader.notes.append(f"read '{order.text}' as {order.actor}")
    return Refused("a spirit cannot act", Kind.NOT_NOW) or Rejection(order.text, "why", fix="")


def plain(order) -> PlainOrder:
    return f"{order.ability} {order.target} with {order.killer}"
"""
    assert [text for _, text in inline_reasons(code)] == [
        "you are dead and can no longer act",
        "{} is not playing",
        "you may not",
        "{} is dead",
        "no Guise",
        " for 2 phases",
        "Night 1",
        "read '{}' as {}",
        "a spirit cannot act",
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
