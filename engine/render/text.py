"""Notices rendered with the templates in templates.toml (BBCode, as forum posts take it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.outcome import Notice, PhaseOutcome
from engine.render.inert import inert


@cache
def templates() -> dict[str, str]:
    """The templates by notice key, read at the first notice: a command that renders none
    never pays for the file or the TOML parser. The file sits next to this module (package
    data), so a plain path finds it without importlib.resources and the modules it loads."""
    import tomllib

    raw = tomllib.loads(Path(__file__).with_name("templates.toml").read_text(encoding="utf-8"))
    return {f"{group}.{key}": text for group, keys in raw.items() for key, text in keys.items()}


def _value(value: Any) -> Any:
    if isinstance(value, bool):
        return "True" if value else "False"
    # Every string a notice carries may hold a player's words (a will, a name): never BBCode.
    return inert(value) if isinstance(value, str) else value


def _ballots(params: dict[str, Any]) -> str:
    ballots: dict[str, str] = params["ballots"]
    if not ballots:
        return "[b]Votes:[/b] nobody voted."
    lines = [f"{inert(voter)} - {inert(target)}" for voter, target in ballots.items()]
    tally = ", ".join(f"{inert(name)} {count}" for name, count in params["votes"].items())
    return "[b]Votes:[/b]\n" + "\n".join(lines) + (f"\n[b]Count:[/b] {tally}" if tally else "")


def render_notice(notice: Notice) -> str:
    if notice.key in ("lynch.votes", "midnight.council"):
        return _ballots(notice.params)
    template = templates().get(notice.key)
    if template is None:
        raise KeyError(f"no template for notice {notice.key!r}")
    params = {k: _value(v) for k, v in notice.params.items()}
    if "ability" in params:
        params["ability"] = str(params["ability"]).replace("_", " ")
    return template.format(**params)


@dataclass(frozen=True, slots=True)
class RenderedPhase:
    public: list[str] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)


def render_phase(outcome: PhaseOutcome) -> RenderedPhase:
    rendered = RenderedPhase()
    seen: set[tuple[str | None, str]] = set()
    for notice in outcome.notices:
        text = render_notice(notice)
        # The rules send one "your night action failed" however many actions failed.
        if (notice.to, text) in seen:
            continue
        seen.add((notice.to, text))
        if notice.to is None:
            rendered.public.append(text)
        else:
            rendered.private.setdefault(notice.to, []).append(text)
    return rendered
