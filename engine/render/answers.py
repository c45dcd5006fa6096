"""The answer every order PM gets: what was understood, and why anything was refused.

Role PMs are notices of the engine's prep phase (engine/families/dctp/prep.py), rendered like
any other.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.orders.model import ParsedPM
from engine.phases import Phase
from engine.render.inert import inert


def render_acknowledgement(
    parsed: ParsedPM, phase: Phase, titles: Mapping[str, str] | None = None
) -> str:
    """The reply to an order PM: what was understood, and why anything was refused."""
    lines = []
    if parsed.accepted:
        understood = "; ".join(inert(o.canonical(titles)) for o in parsed.accepted)
        lines.append(f"Understood for {phase}: {understood}.")
    if parsed.unvote:
        lines.append("Your vote is withdrawn.")
    if parsed.no_action:
        lines.append(
            f"Understood for {phase}: no action (any earlier order of yours for it is dropped; "
            "a vote stands)."
        )
    if parsed.will is not None:
        lines.append("Your will is saved." if parsed.will else "Your will is cleared.")
    if parsed.tape is not None:
        lines.append(
            "Your tape is kept: it is left with tonight's murder, once the GM has seen it."
        )
    for note in parsed.notes:
        lines.append(f"Note: {inert(note)} (send the order again if that is wrong).")
    for rejection in parsed.rejected:
        fix = f"; {inert(rejection.fix)}" if rejection.fix else ""
        quoted, reason = inert(rejection.text), inert(rejection.reason)
        lines.append(f"Not accepted: [quote]{quoted}[/quote]{reason}{fix}.")
    if not lines:
        lines.append(
            f"No order found in your message for {phase}. Quoted text is not read; write "
            "each order in your own words, one per line."
        )
    return "\n".join(lines)
