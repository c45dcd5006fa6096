"""What the corpus tests share: the cases of a folder of corpus files, and the check of what a
message's reading refused against what a case expects."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from autogm.engine.orders.model import ParsedPM


def corpus_cases(paths: Sequence[Path]) -> list[Any]:
    """One ``pytest.param(game, case)`` a case, named after its file and number."""
    cases = []
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for number, case in enumerate(data["cases"], 1):
            cases.append(pytest.param(data["game"], case, id=f"{path.stem}-{number}"))
    return cases


def check_rejections(parsed: ParsedPM, case: dict[str, Any]) -> None:
    """Each refusal quotes its case's fragment and gives (a part of) its reason, in order;
    with ``kinds``, each refusal is of that kind (``engine.orders.kinds``), in order."""
    wanted = case.get("rejected", [])
    if "kinds" in case:
        assert [r.kind.value for r in parsed.rejected] == case["kinds"], parsed.rejected
    assert len(parsed.rejected) == len(wanted), parsed.rejected
    for rejection, (fragment, reason) in zip(
        parsed.rejected, (next(iter(w.items())) for w in wanted), strict=True
    ):
        assert fragment in rejection.text, rejection
        assert reason.lower() in rejection.reason.lower(), rejection
