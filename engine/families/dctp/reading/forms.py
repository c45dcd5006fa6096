"""A form's fields joined into the order they give, before the message is cut: a Black Org
leader's "Killer: Static / Victim: Juno / Night: 1" is "Order Static to kill Juno on Night 1"
(DCTP's dialect hands ``joined`` to the reader as its ``Dialect.forms``).

Players fill in forms in any order of their lines ("Victim:" before "Killer:"), with any of
the usual labels for each field. A form is joined only when it names who carries out a kill
and on whom: the fields of a plain order ("Action: heal / Target: Juno") are read where they
stand (``parse._step_field``, the evidence of the message), and a line whose label is no
field of an order ("Reason: ...") leaves the lines around it as they are."""

from __future__ import annotations

import re

from autogm.engine.lazy_pattern import lazy_compile
from autogm.engine.orders import phrases

# "Label: value" on a line of its own, the label a word or three.
_FIELD_LINE = lazy_compile(
    r"^[\s\-*•·>]*(?P<label>[^\W\d_]{1,24}(?:[ \t]+[^\W\d_]{1,24}){0,2})(?:\s*[:=]|\s+[-–—>]+)\s*"
    r"(?P<value>\S.*?)\s*$"
)

ACTION, TARGET, KILLER, PHASE = "action", "target", "killer", "phase"

# The labels of each field, as players write them (casefolded).
_ACTION_LABELS = ("action", "ability", "order", "power", "method", "how")
_TARGET_LABELS = ("target", "victim", "who dies", "kill target", "hit", "mark", "dies")
_KILLER_LABELS = ("killer", "shooter", "hitman", "hit man", "assassin", "executor", "who kills",
                  "done by", "carried out by", "by", "trigger", "triggerman", "sniper")  # fmt: skip
_PHASE_LABELS = ("night", "phase", "when", "for night", "time")
# A form is joined only when it names its killer: a label of one before a field's mark.
_KILLER_LABEL = phrases.gated(
    rf"(?<![\w'’])(?:{'|'.join(sorted(_KILLER_LABELS, key=len, reverse=True))})\s*[:=|\-–—>]",
    re.IGNORECASE,
)
LABELS: dict[str, str] = {
    **dict.fromkeys(_ACTION_LABELS, ACTION),
    **dict.fromkeys(_TARGET_LABELS, TARGET),
    **dict.fromkeys(_KILLER_LABELS, KILLER),
    **dict.fromkeys(_PHASE_LABELS, PHASE),
}

# A phase written as its number alone under a "Night:" label.
_NUMBER = re.compile(r"\d{1,2}")


def joined(text: str) -> str:
    """``text`` with each form that names a killer and a target written as one order."""
    if _KILLER_LABEL.search(text) is None:
        return text  # no killer named in a field: most messages
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        fields: dict[str, tuple[str, str]] = {}
        j = i
        while j < len(lines):
            found = _fields_of(lines[j])
            if found is None or any(f in fields for f, _, _ in found):
                break
            fields.update((f, (label, value)) for f, label, value in found)
            j += 1
        if KILLER in fields and TARGET in fields:
            out.append(_order(fields))
            i = j
            continue
        out.append(lines[i])
        i += 1
    return "\n".join(out)


# The marks between a line's fields: "Killer: Miaka | Victim: Lynz", "... / ...", "; ".
_BETWEEN = re.compile(r"\s+[|/]\s+|\s*[|;]\s*")
# A phase alone among a line's fields: "Killer: Miaka / Target: Lynz / Night 2".
_PHASE_ALONE = lazy_compile(
    r"\s*(?:(?:night|n)\s*\d{1,2}|tonight|tonite)\s*[.!]?\s*", re.IGNORECASE
)
# A kill written plainly beside a form's killer: "Kill Lynz" over "Killer: Miaka".
_KILL_LINE = lazy_compile(
    r"^[\s\-*•·>]*(?P<label>kill|snipe|murder|attack|hit)\b\s*[:=\-–—>]*\s*(?P<value>\S.*?)\s*$",
    re.IGNORECASE,
)


def _fields_of(line: str) -> list[tuple[str, str, str]] | None:
    """The fields of one line of a form, each (field, label, value); None when the line is
    no field of an order."""
    if len(line) > 200:
        return None  # no form's line is this long
    found = []
    for part in _BETWEEN.split(line):
        field = _FIELD_LINE.match(part)
        kind = LABELS.get(" ".join(field["label"].casefold().split())) if field else None
        if field is not None and kind is not None:
            found.append((kind, field["label"], field["value"]))
            continue
        if _PHASE_ALONE.fullmatch(part):
            found.append((PHASE, "when", part.strip()))
            continue
        kill = _KILL_LINE.match(part)
        if kill is None:
            return None
        found += [(ACTION, kill["label"], kill["label"]), (TARGET, kill["label"], kill["value"])]
    return found or None


def _order(fields: dict[str, tuple[str, str]]) -> str:
    """The plain order a form's fields give: "Order Static to kill Juno on Night 1"."""
    label, killer = fields[KILLER]
    shot = "snipe" if label.casefold().strip() == "sniper" else "kill"
    action = fields.get(ACTION, ("", shot))[1].strip(" .!")
    order = f"Order {killer.strip()} to {action} {fields[TARGET][1].strip()}"
    if PHASE in fields:
        label, value = fields[PHASE]
        value = value.strip(" .!")
        if _NUMBER.fullmatch(value) and label.casefold().strip() in ("night", "for night"):
            value = f"Night {value}"
        order += f" on {value}" if _NUMBER.search(value) else f" {value}"
    return order
