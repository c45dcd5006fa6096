"""The answer every order PM gets: what was understood, and why anything was refused.

Role PMs are notices of the engine's prep phase (engine/families/dctp/prep.py), rendered like
any other.
"""

from __future__ import annotations

from collections.abc import Mapping

from autogm.engine.orders.model import ParsedPM
from autogm.engine.phases import Phase
from autogm.engine.render.inert import inert
from autogm.engine.render.templates import say


def render_acknowledgement(
    parsed: ParsedPM, phase: Phase, titles: Mapping[str, str] | None = None
) -> str:
    """The reply to an order PM: what was understood, and why anything was refused."""
    lines = []
    if parsed.accepted:
        understood = "; ".join(inert(o.canonical(titles)) for o in parsed.accepted)
        lines.append(say("answer.understood", phase=str(phase), orders=understood))
    if parsed.unvote:
        lines.append(say("answer.unvote"))
    if parsed.no_action:
        lines.append(say("answer.no_action", phase=str(phase)))
    if parsed.will is not None:
        lines.append(say("answer.will_saved" if parsed.will else "answer.will_cleared"))
    if parsed.tape is not None:
        lines.append(say("answer.tape"))
    for note in parsed.notes:
        lines.append(say("answer.note", note=inert(note)))
    for rejection in parsed.rejected:
        fix = say("answer.refused_fix", fix=inert(rejection.fix)) if rejection.fix else ""
        quoted, reason = inert(rejection.text), inert(rejection.reason)
        lines.append(say("answer.refused", text=quoted, reason=reason, fix=fix))
    if not lines:
        lines.append(say("answer.nothing", phase=str(phase)))
    return "\n".join(lines)
