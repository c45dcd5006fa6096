"""The rulesets autogm knows, by id, and how a GM's options are applied to one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.rules import dctp_2011, dctp_classic, dctp_r53, midnight
from engine.rules.base import Ruleset, RulesetError

RULESETS: dict[str, Ruleset] = {
    r.id: r for r in (dctp_2011.RULESET, dctp_r53.RULESET, dctp_classic.RULESET, midnight.RULESET)
}


def load_ruleset(ruleset_id: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset with the GM's options applied; unknown ids, options or values raise."""
    try:
        ruleset = RULESETS[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise RulesetError(f"unknown ruleset {ruleset_id!r} (known: {known})") from None
    chosen: dict[str, Any] = {}
    for name, raw in (options or {}).items():
        spec = ruleset.option_specs.get(name)
        if spec is None:
            known = ", ".join(sorted(ruleset.option_specs))
            raise RulesetError(f"unknown option {name!r} for {ruleset_id} (known: {known})")
        try:
            chosen[name] = spec.coerce(raw)
        except ValueError as exc:
            raise RulesetError(str(exc)) from None
    crimes = set(ruleset.crimes)
    for option, ability in ruleset.crime_options.items():
        if chosen.get(option, ruleset.option_specs[option].default):
            crimes.add(ability)
        else:
            crimes.discard(ability)
    return replace(ruleset, options=chosen, crimes=frozenset(crimes))
