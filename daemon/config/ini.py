"""The INI reader behind config.ini: sections and keys with the line each stands on.

configparser does the parsing (its rules for comments and continuation lines are what GMs
know from other INI files); a small second pass over the same text records the line of each
section and key, because configparser forgets them, so every error can name FILE:LINE.
"""

from __future__ import annotations

import configparser
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
REQUIRED: Any = object()  # Fields.get's default: the key must be there
_REQUIRED = REQUIRED
BAD: Any = object()  # what Fields.get gives for a required key it could not read
# Bounds of the file and of one value: a config is a page of text, not a heap.
MAX_FILE_BYTES = 1_000_000
MAX_VALUE_CHARS = 20_000


class ConfigError(Exception):
    """Bad config values: one line each, ``FILE:LINE: [section] key: what is wrong``, in the
    order of the file."""

    def __init__(self, *problems: str) -> None:
        lines = [line for problem in problems for line in str(problem).splitlines() if line]
        super().__init__("\n".join(lines))
        self.problems = tuple(lines)


class Problems:
    """Every problem of a file, collected so that the GM sees all of them at once."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def add(self, error: ConfigError) -> None:
        self.found += [p for p in error.problems if p not in self.found]

    def collect(self, read: Callable[..., T], *args: Any) -> T | None:
        """``read(*args)``, or None with its problems kept when it raises ConfigError."""
        try:
            return read(*args)
        except ConfigError as error:
            self.add(error)
            return None

    def check(self) -> None:
        """Raise every problem found, in the order of the file's lines."""
        if self.found:
            raise ConfigError(*sorted(self.found, key=_line_of))


def _line_of(problem: str) -> int:
    # "FILE:LINE: ..." (the file's name may hold colons: the line is the last number before
    # ": ["); problems without a line (an unreadable file) come first.
    head = problem.split(": [", 1)[0].split(": ", 1)[0]
    number = head.rsplit(":", 1)[-1]
    return int(number) if number.isdigit() else 0


@dataclass(frozen=True, slots=True)
class Where:
    """The place of a section or key in the file, to point errors at it."""

    path: Path
    line: int
    section: str
    key: str | None = None

    def error(self, problem: str) -> ConfigError:
        return ConfigError(self.text(problem))

    def warning(self, problem: str) -> str:
        return self.text(f"warning: {problem}")

    def text(self, problem: str) -> str:
        key = f" {self.key}" if self.key else ""
        return f"{self.path}:{self.line}: [{self.section}]{key}: {problem}"


@dataclass(frozen=True, slots=True)
class IniSection:
    """One section: its values (keys lower-cased, as configparser does) and their lines."""

    path: Path
    name: str
    line: int
    values: Mapping[str, str]
    lines: Mapping[str, int]

    @property
    def kind(self) -> str:
        return self.name.partition(":")[0]

    @property
    def label(self) -> str:
        return self.name.partition(":")[2]

    def where(self, key: str | None = None) -> Where:
        """The key's line, or the section's line for the section or a key it lacks."""
        line = self.lines.get(key, self.line) if key else self.line
        return Where(self.path, line, self.name, key)


def read_ini(path: Path) -> list[IniSection]:
    """Parse ``path`` into sections in file order; syntax errors become ConfigError."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ConfigError(f"{path}: the config file is larger than {MAX_FILE_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ConfigError(f"{path}: no such config file (use --config FILE)") from exc
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ConfigError(f"{path}: cannot read the config file: {reason}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: cannot read the config file: it is not UTF-8 text") from exc
    # No interpolation: a "%" in a password path or an override text is just a character.
    # A default_section nobody writes, so "[DEFAULT]" is reported as an unknown section
    # instead of leaking its keys into every other section.
    parser = configparser.ConfigParser(
        interpolation=None, empty_lines_in_values=False, default_section="\0defaults"
    )
    try:
        parser.read_string(text, source=str(path))
    except configparser.DuplicateSectionError as exc:
        raise ConfigError(f"{path}:{exc.lineno}: [{exc.section}]: section appears twice") from exc
    except configparser.DuplicateOptionError as exc:
        raise ConfigError(
            f"{path}:{exc.lineno}: [{exc.section}] {exc.option}: key appears twice in the section"
        ) from exc
    except configparser.MissingSectionHeaderError as exc:
        if exc.line.strip().startswith("["):
            problem = f"not a [section] header: {exc.line.strip()}"
            raise ConfigError(f"{path}:{exc.lineno}: {problem}") from exc
        raise ConfigError(f"{path}:{exc.lineno}: a key before any [section]") from exc
    except configparser.ParsingError as exc:
        bad = [f"{path}:{n}: not a 'key = value' line: {ln.strip()[:80]}" for n, ln in exc.errors]
        raise ConfigError(*bad) from exc
    except configparser.Error as exc:  # any other refusal of configparser's: still one line
        raise ConfigError(f"{path}: {' '.join(str(exc).split())[:200]}") from exc
    section_lines, key_lines = _scan_lines(text, parser)
    return [
        IniSection(path, name, section_lines[name], dict(parser[name]), key_lines[name])
        for name in parser.sections()
    ]


def _scan_lines(
    text: str, parser: configparser.ConfigParser
) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
    """Line of each section header and key, following configparser's own rules.

    A line indented deeper than its key continues the value; a blank line ends it (we pass
    ``empty_lines_in_values=False``); whole-line comments start with ``#`` or ``;``.
    """
    sections: dict[str, int] = {}
    keys: dict[str, dict[str, int]] = {}
    current: str | None = None
    in_value, indent_level = False, 0
    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped[0] in "#;":
            in_value = in_value and bool(stripped)
            continue
        indent = len(line) - len(line.lstrip())
        if in_value and indent > indent_level:
            continue
        indent_level, in_value = indent, False
        header = parser.SECTCRE.match(stripped)
        if header:
            current = header.group("header")
            sections[current] = lineno
            keys[current] = {}
            continue
        option = parser._optcre.match(stripped)  # the very regex configparser used
        if option and current is not None:
            name = parser.optionxform(option.group("option").rstrip())
            keys[current].setdefault(name, lineno)
            in_value = True
    return sections, keys


class Fields:
    """Reads keys from one section, remembering which were read to report unknown ones.

    A key that cannot be read is a problem kept for :meth:`finish`, which raises every one of
    the section's; meanwhile ``get`` answers the key's default (or ``BAD`` for a required key),
    so the reader goes on and finds the next problem. Checks across keys ask :meth:`ok`
    first, and add their own problems with :meth:`problem`.
    """

    def __init__(self, section: IniSection) -> None:
        self.section = section
        self.seen: set[str] = set()
        self.problems = Problems()

    def get(self, key: str, parse: Callable[[str], T], default: Any = _REQUIRED) -> T:
        self.seen.add(key)
        raw = self.section.values.get(key)
        fallback = BAD if default is _REQUIRED else default
        if raw is None or not raw.strip():
            if default is _REQUIRED:
                self.problem(key, "missing (this key is required)")
            return fallback  # type: ignore[no-any-return]
        if len(raw) > MAX_VALUE_CHARS:
            self.problem(key, f"longer than {MAX_VALUE_CHARS} characters")
            return fallback  # type: ignore[no-any-return]
        try:
            return parse(raw)
        except ConfigError as exc:
            self.problems.add(exc)
        except Exception as exc:  # any value, any parser: a line for the GM, not a traceback
            self.problem(key, unreadable(exc))
        return fallback  # type: ignore[no-any-return]

    def problem(self, key: str | None, text: str) -> None:
        self.problems.add(self.section.where(key).error(text))

    def ok(self, *values: Any) -> bool:
        """Whether every value was read (a check across keys needs them all)."""
        return all(value is not BAD for value in values)

    def has(self, key: str) -> bool:
        return bool(self.section.values.get(key, "").strip())

    def finish(self) -> None:
        """Raise every problem of the section: bad values, checks across keys, unknown keys."""
        for key in self.section.values:
            if key not in self.seen:
                known = ", ".join(sorted(self.seen))
                self.problem(key, f"unknown key (known keys: {known})")
        self.problems.check()


def unreadable(exc: Exception) -> str:
    """What a value that broke its parser gets said of it (a ValueError says it itself)."""
    if isinstance(exc, ValueError):
        return str(exc)
    detail = " ".join(str(exc).split())[:120]
    return f"cannot be read ({type(exc).__name__}{': ' + detail if detail else ''})"
