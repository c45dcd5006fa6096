"""engine/render/templates.toml is read without the TOML parser when it is written plainly
(engine.render.text.plain_templates): the reading must be the one tomllib gives, and a file
written otherwise goes to tomllib."""

from __future__ import annotations

import tomllib
from pathlib import Path

import autogm.engine.render.text as text
from autogm.engine.render.templates import plain_templates

FILE = Path(text.__file__).with_name("templates.toml")


def _tomllib(source: str) -> dict[str, str]:
    raw = tomllib.loads(source)
    return {f"{group}.{key}": value for group, keys in raw.items() for key, value in keys.items()}


def test_the_templates_file_reads_as_tomllib_reads_it() -> None:
    source = FILE.read_text(encoding="utf-8")
    found = plain_templates(source)
    assert found is not None, "templates.toml is no longer plain: each read pays for tomllib"
    assert found == _tomllib(source)
    assert text.templates() == found


def test_escapes_as_toml_reads_them() -> None:
    source = '# a comment\n[a]\nx = "one\\ntwo \\"q\\" back\\\\slash"\ny = ""\n[b]\nx = "é ★"\n'
    assert plain_templates(source) == _tomllib(source)


def test_anything_else_goes_to_tomllib() -> None:
    for source in (
        '[a]\nx = """multi\nline"""\n',  # a multi-line string
        '[a]\nx = "tab\\t"\n',  # another escape
        "[a]\nx = 'literal'\n",  # a literal string
        '[a]\nx="no spaces"\n',
        '[a]\nx = "one" # comment\n',
        '[a.b]\nx = "dotted table"\n',
        '[a]\nx = "one"\nx = "twice"\n',  # TOML refuses both of these
        '[a]\nx = "one"\n[a]\ny = "table twice"\n',
        'x = "before any table"\n',
        '[a]\nx = "bell\x07"\n',
    ):
        assert plain_templates(source) is None, source


def test_every_template_names_its_fields() -> None:
    """render_notice fills a template from the notice's params by name (format_map): a
    field without a name ("{}" or "{0}") could never be filled."""
    from string import Formatter

    for key, template in text.templates().items():
        for _, field, _, _ in Formatter().parse(template):
            if field is not None:
                name = field.split(".")[0].split("[")[0]
                assert name and not name.isdigit(), f"{key}: field {{{field}}} has no name"
