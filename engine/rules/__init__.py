"""The rulesets autogm knows, by id, and how a GM's options are applied to one."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from importlib import import_module
from typing import Any

from autogm.engine.rules.base import Ruleset, RulesetError

# Each ruleset's module by id (the module's RULESET_ID).
_MODULES = {
    "dctp-2011": "autogm.engine.families.dctp.rules.dctp_2011",
    "dctp-r53": "autogm.engine.families.dctp.rules.dctp_r53",
    "dctp-classic": "autogm.engine.families.dctp.rules.dctp_classic",
    "midnight": "autogm.engine.families.midnight.rules",
}


class _Rulesets(Mapping[str, Ruleset]):
    """The rulesets by id, each module imported at its first use: building a ruleset's role
    sheets is import time, and replaying a 2011 game need not build the other two."""

    def __init__(self) -> None:
        self._loaded: dict[str, Ruleset] = {}

    def __getitem__(self, ruleset_id: str) -> Ruleset:
        found = self._loaded.get(ruleset_id)
        if found is None:
            found = import_module(_MODULES[ruleset_id]).RULESET
            self._loaded[ruleset_id] = found
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


RULESETS: Mapping[str, Ruleset] = _Rulesets()


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
    ruleset = replace(ruleset, options=chosen)
    return replace(ruleset, ext=ruleset.ext.with_options(ruleset))
