"""The answers players get: their role PM, and the acknowledgement of each order PM."""

from __future__ import annotations

from engine.orders.model import ParsedPM, ability_title
from engine.phases import Phase
from engine.rules.base import Slot
from engine.state import GameState

SIDE_NAMES = {"black_org": "the Black Organization", "town": "the town"}


def _slot_text(slot: Slot) -> str:
    options = [
        ability_title(u.ability) + (f" {u.count}" if u.count > 1 else "") for u in slot.options
    ]
    return " OR ".join(options)


def render_role_pm(state: GameState, player: str) -> str:
    """The PM that tells a player their role sheet at the start of the game."""
    p = state.players[player]
    sheet = state.ruleset.role(p.role)
    lines = [
        f"[b]You are {sheet.name}, {sheet.title}.[/b]",
        f"You play for {SIDE_NAMES[sheet.side.value]} ({sheet.group}).",
    ]
    if sheet.status:
        lines.append(f"Status: {', '.join(sheet.status)}")
    by_phase: dict[str, list[str]] = {}
    for slot in sheet.slots:
        when = "/".join(k.value.title() for k in sorted(slot.phases, key=lambda k: k.value))
        by_phase.setdefault(when, []).append(_slot_text(slot))
    for when, texts in by_phase.items():
        lines.append(f"{when} action: {', '.join(texts)}")
    for group in (sheet.side.value, "all"):
        for slot in state.ruleset.common_slots.get(group, ()):
            lines.append(f"Also: {_slot_text(slot)} ({'/'.join(k.value for k in slot.phases)})")
    lines.append(f"Items: {', '.join(p.items) or 'none'}")
    if sheet.side.value == "black_org":
        members = [m for m in state.black_org(free_only=False) if m != player]
        if members:
            lines.append("Your fellow members: " + ", ".join(
                f"{m} ({state.players[m].role})" for m in members
            ))
        lines.append(f"The Black Organization holds {state.aptx} APTX4869.")
    lines.append("Send your orders to the GM by private message; a later order replaces an "
                 "earlier one until the deadline.")
    return "\n".join(lines)


def render_acknowledgement(parsed: ParsedPM, phase: Phase) -> str:
    """The reply to an order PM: what was understood, and why anything was refused."""
    lines = []
    if parsed.accepted:
        understood = "; ".join(o.canonical() for o in parsed.accepted)
        lines.append(f"Understood for {phase}: {understood}.")
    if parsed.unvote:
        lines.append("Your vote is withdrawn.")
    if parsed.will is not None:
        lines.append("Your will is saved." if parsed.will else "Your will is cleared.")
    for note in parsed.notes:
        lines.append(f"Note: {note} (send the order again if that is wrong).")
    for rejection in parsed.rejected:
        fix = f"; {rejection.fix}" if rejection.fix else ""
        lines.append(f"Not accepted: [quote]{rejection.text}[/quote]{rejection.reason}{fix}.")
    if not lines:
        lines.append(f"No order found in your message for {phase}.")
    return "\n".join(lines)
