"""Notices rendered with the templates in templates.toml (BBCode, as forum posts take it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from autogm.engine.outcome import Notice, PhaseOutcome
from autogm.engine.render.inert import TAG_BREAK, inert
from autogm.engine.render.templates import say, templates


def _value(value: Any) -> Any:
    if isinstance(value, bool):
        return "True" if value else "False"
    # Every string a notice carries may hold a player's words (a will, a name): never BBCode.
    return inert(value) if isinstance(value, str) else value


def _ballots(params: dict[str, Any]) -> str:
    ballots: dict[str, str] = params["ballots"]
    # The names made inert in one call per block, not one per name: inert() changes a text as
    # it changes each of its pieces, and the " - ", ", " and counts between them hold no tag.
    tally = inert(", ".join([f"{name} {count}" for name, count in params["votes"].items()]))
    count = f"\n[b]Count:[/b] {tally}" if tally else ""
    if not ballots:
        # A count with no ballot: midnight's votes added by abilities alone (Accuse, Jury duty).
        return say("vote_count.nobody_voted") + count
    uncounted: dict[str, str] = params.get("uncounted") or {}
    if uncounted:
        # midnight: a vote cast and not counted at the Council, with why (the voter or the
        # player voted for died during the Day).
        listed = [
            render_notice(_uncounted(voter, target, uncounted[voter]))
            if voter in uncounted
            else inert(f"{voter} - {target}")
            for voter, target in ballots.items()
        ]
        return "[b]Votes:[/b]\n" + "\n".join(listed) + count
    lines = inert("\n".join([f"{voter} - {target}" for voter, target in ballots.items()]))
    return "[b]Votes:[/b]\n" + lines + count


def _uncounted(voter: str, choice: str, reason: str) -> Notice:
    key = f"midnight.not_counted_{reason}"
    if key not in templates():
        key = "midnight.not_counted"
    return Notice(key, None, {"voter": voter, "choice": choice})


_BALLOTS = frozenset({"lynch.votes", "midnight.council"})
# What inert() does to a string of printable ASCII alone (most of a notice's: names, roles,
# queries), done in the loop below without a call per value.
_TAG, _BROKEN_TAG = "[", "[" + TAG_BREAK


def render_notice(notice: Notice) -> str:
    key = notice.key
    if key in _BALLOTS:
        return _ballots(notice.params)
    template = templates().get(key)
    if template is None:
        raise KeyError(f"no template for notice {key!r}")
    params = {
        k: v.replace(_TAG, _BROKEN_TAG)
        if type(v) is str and v.isascii() and v.isprintable()  # no control character either
        else _value(v)
        for k, v in notice.params.items()
    }
    if "ability" in params:
        params["ability"] = str(params["ability"]).replace("_", " ")
    # By name from the mapping (no copy of it as keywords): every field has a name (a test
    # checks the file).
    return template.format_map(params)


@dataclass(frozen=True, slots=True)
class RenderedPhase:
    """A phase's notices as forum text: the public post's lines and each player's PM."""

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
