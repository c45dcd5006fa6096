"""A replayed game turned into archive rows, one list of plain dicts per table.

Rows name their phase (``_phase``) and the message an order came in (``_message``) by key;
:meth:`GameRows.with_ids` turns those into ``phase_id`` / ``message_id`` once the ids are
known, inside the transaction that writes them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from autogm.engine.families import FAMILIES
from autogm.engine.orders.model import ParsedPM
from autogm.engine.replay import GM, PhaseReplay, Scenario
from autogm.engine.session import CLEAR, ORDER, OVERRIDE, POST, WILL, players_record
from autogm.engine.state import GameState

RECORD_KEYS = ("results", "lynch", "public", "private", "players")
# The ``orders.state`` of an item that is not a parsed order, by how it reached the game.
ITEM_STATES = {OVERRIDE: "override", WILL: "will", CLEAR: "clear", POST: "post"}


def dumps(value: Any) -> str:
    # Key order is kept (vote counts are listed most-voted first), unlike the store's to_json.
    return json.dumps(value, ensure_ascii=False)


@dataclass
class GameFacts:
    """What the archive keeps beside what the replay produces: the forum side of a game."""

    name: str
    source: str
    title: str | None = None
    forum: str | None = None
    topic: str | None = None
    started_at: str | None = None
    ended_at: str | None = None
    roster: dict[str, str] = field(default_factory=dict)  # first holder of each slot: role
    user_ids: dict[str, str | None] = field(default_factory=dict)
    replaced: dict[str, str] = field(default_factory=dict)  # old account -> new account
    phase_times: dict[str, dict[str, Any]] = field(default_factory=dict)
    posted: dict[str, dict[str, Any]] = field(default_factory=dict)  # phase -> record entry
    items: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # phase -> orders
    messages: list[dict[str, Any]] = field(default_factory=list)
    overrides: list[dict[str, Any]] = field(default_factory=list)
    deal: dict[str, Any] | None = None  # the setup dealt from and its draws (a live game)


@dataclass
class GameRows:
    game: dict[str, Any]
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def add(self, table: str, row: dict[str, Any]) -> None:
        self.tables.setdefault(table, []).append({"game": self.game["name"], **row})

    def with_ids(self, table: str, offsets: dict[str, int]) -> list[dict[str, Any]]:
        phase_ids = {r["name"]: offsets["phases"] + n for n, r in enumerate(self.phases, 1)}
        message_ids = {
            r["_key"]: offsets["messages"] + n
            for n, r in enumerate(self.tables.get("messages", []), 1)
        }
        rows = []
        for number, row in enumerate(self.tables.get(table, []), 1):
            out = {k: v for k, v in row.items() if not k.startswith("_")}
            out["id"] = offsets[table] + number
            if "_phase" in row:
                out["phase_id"] = phase_ids.get(row["_phase"])
            if "_message" in row:
                out["message_id"] = message_ids.get(row["_message"])
            rows.append(out)
        return rows

    @property
    def phases(self) -> list[dict[str, Any]]:
        return self.tables.get("phases", [])


def outcome_text(outcome: Any) -> str:
    """A result's outcome as people read it: ``killed``, ``true``, ``Abs, Kleene``."""
    if isinstance(outcome, bool):
        return "true" if outcome else "false"
    if isinstance(outcome, list):
        return ", ".join(map(str, outcome))
    return str(outcome)


def build_rows(
    scenario: Scenario, replays: list[PhaseReplay], rec: dict[str, Any], facts: GameFacts
) -> GameRows:
    phases = [r.outcome.phase for r in replays if r.outcome]
    rows = GameRows(
        game={
            "name": facts.name,
            "title": facts.title,
            "source": facts.source,
            "forum": facts.forum,
            "topic": facts.topic,
            "ruleset": rec["ruleset"],
            "seed": rec["seed"],
            "options": dumps(dict(scenario.state.ruleset.options)),
            "setup": _setup(scenario),
            "started_at": facts.started_at,
            "ended_at": facts.ended_at,
            "first_phase": str(phases[0]) if phases else None,
            "last_phase": str(phases[-1]) if phases else None,
            "winner": rec["winner"],
            "winners": dumps(rec["winners"]) if "winners" in rec else None,
            "deal": dumps(facts.deal) if facts.deal else None,
        }
    )
    _players(rows, scenario, replays, facts)
    for replay_, entry in zip(replays, rec["phases"], strict=True):
        _phase(rows, replay_, _as_posted(entry, replay_, facts), facts)
    if facts.source == "forum":
        for number, message in enumerate(facts.messages):
            key = f"in:{message['inbox_id']}" if "inbox_id" in message else f"out:{number}"
            rest = {k: v for k, v in message.items() if k not in ("phase", "inbox_id")}
            rows.add("messages", {"_key": key, "_phase": message["phase"], **rest})
    for override in facts.overrides:
        rows.add(
            "overrides",
            {
                "_phase": override.get("phase"),
                "label": override["label"],
                "command": override["command"],
                "parsed": override["parsed"],
                "applied_at": override["applied_at"],
                "result": override["result"],
            },
        )
    if facts.source != "forum":
        _scenario_overrides(rows, replays)
    return rows


def _scenario_overrides(rows: GameRows, replays: list[PhaseReplay]) -> None:
    """A scenario's ``GM:`` items are its overrides (labelled by phase and arrival order)."""
    for replay_ in replays:
        for seq, item in enumerate(replay_.received, 1):
            text = item.text
            if item.how == OVERRIDE:
                label = f"{replay_.phase}#{seq}"
                rows.add(
                    "overrides",
                    {
                        "_phase": str(replay_.phase),
                        "label": label,
                        "command": text,
                        "result": "applied",
                    },
                )


def _column(state: GameState, name: str, column: str) -> Any:
    """A player's column as the family's own player state gives it (DCTP's ``disguise``)."""
    own = state.players[name].ext
    return None if own is None else own.columns().get(column)


def _family_columns(final: GameState, name: str, replays: list[PhaseReplay]) -> dict[str, Any]:
    """A family's own columns of a player at the end: Daylight role, HP, whether they won."""
    last = next((r.outcome for r in reversed(replays) if r.outcome), None)
    if last is None or FAMILIES[final.ruleset.family].player_record is None:
        return {}
    found = players_record(last.state, last.phase).get(name, {})
    won = (name in final.winners) if final.winner else None
    return {"daylight": found.get("daylight"), "hp": found.get("hp"), "won": won}


def _as_posted(entry: dict[str, Any], replay_: PhaseReplay, facts: GameFacts) -> dict[str, Any]:
    """The phase as the daemon recorded it when it closed it, where the store has that.

    The daemon posts a GM override's announcement when it applies it, not with the phase's
    results, so those come first, as in the replay record.
    """
    posted = facts.posted.get(entry["phase"], {})
    entry = entry | {k: posted[k] for k in RECORD_KEYS if k in posted}
    if "public" in posted:
        entry["public"] = replay_.gm_public() + list(posted["public"])
    if "private" in posted and not replay_.opening:
        # A GM text approved during the phase (a dream) was sent then, not with the results.
        entry["private"] = replay_.private(posted["private"])
    return entry


# The keys every record's player has; a family's own (midnight: hp, daylight, faction,
# location) go to ``player_states.extra``.
PLAYER_KEYS = ("role", "status", "conditions")


def _extra(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in PLAYER_KEYS}


def _setup(scenario: Scenario) -> str | None:
    setup = setup_of(scenario.state)
    return None if setup is None else dumps(setup)


def _players(
    rows: GameRows, scenario: Scenario, replays: list[PhaseReplay], facts: GameFacts
) -> None:
    states = [scenario.state] + [r.outcome.state for r in replays if r.outcome]
    final = states[-1]
    ties = final.ext.ties()  # the family's bonds: DCTP's lovers and best friends
    partners, friends = ties.get("lover", {}), ties.get("best_friend", {})
    replaced = dict(facts.replaced)
    for replay_ in replays:
        replaced.update(replay_.replaced)
    replaced_by = {new: old for old, new in replaced.items()}
    for slot, (name, p) in enumerate(final.players.items(), 1):
        disguise = next(
            (worn for s in states if name in s.players and (worn := _column(s, name, "disguise"))),
            None,
        )
        rows.add(
            "players",
            {
                "slot": slot,
                "name": name,
                "user_id": facts.user_ids.get(name),
                "role": p.role,
                "dealt_role": _dealt(scenario.state, name, replaced_by) or p.role,
                "side": final.side(name).value,
                "disguise": disguise,
                "lover": partners.get(name),
                "best_friend": friends.get(name),
                "final_status": p.status.value,
                "fate_phase": str(p.fate.phase) if p.fate else None,
                "fate_cause": p.fate.cause if p.fate else None,
                "replaced_by": None,
                **_family_columns(final, name, replays),
            },
        )
        old = replaced_by.get(name)
        while old is not None:
            rows.add(
                "players",
                {
                    "slot": slot,
                    "name": old,
                    "user_id": facts.user_ids.get(old),
                    "role": p.role,
                    "dealt_role": _dealt(scenario.state, old, replaced_by) or p.role,
                    "side": final.side(name).value,
                    "final_status": "replaced",
                    "replaced_by": replaced[old],
                },
            )
            old = replaced_by.get(old)


def _dealt(start: GameState, name: str, replaced_by: dict[str, str]) -> str | None:
    """The role the slot was dealt (before Prep, which may change it): its first holder's."""
    seen = {name}
    while name not in start.players and name in replaced_by and replaced_by[name] not in seen:
        name = replaced_by[name]
        seen.add(name)
    player = start.players.get(name)
    return player.role if player else None


def _phase(rows: GameRows, replay_: PhaseReplay, entry: dict[str, Any], facts: GameFacts) -> None:
    name = entry["phase"]
    outcome = replay_.outcome
    assert outcome is not None
    lynch = entry["lynch"] or {}
    times = facts.phase_times.get(name, {})
    rows.add(
        "phases",
        {
            "idx": outcome.phase.index,
            "name": name,
            "opened_at": times.get("opened_at"),
            "deadline": times.get("deadline"),
            "closed_at": times.get("closed_at"),
            "lynch_target": lynch.get("target"),
            "lynch_votes": dumps(lynch["votes"]) if entry["lynch"] else None,
            "lynch_shown": lynch.get("shown"),
            "lynch_failed": lynch.get("failed"),
            "draws": dumps(
                [
                    {"label": d.label, "choices": list(d.choices), "chosen": d.chosen}
                    for d in outcome.draws
                ]
            ),
        },
    )
    _orders(rows, replay_, facts)
    for seq, result in enumerate(entry["results"], 1):
        rows.add(
            "results",
            {
                "_phase": name,
                "seq": seq,
                "player": result["player"],
                "ability": result["ability"],
                "outcome": outcome_text(result["outcome"]),
                "outcome_json": dumps(result["outcome"]),
                "target": result.get("target"),
                "query": result.get("query"),
                "reason": result.get("reason"),
                "choice": result.get("choice"),
            },
        )
    if outcome.lynch:
        for voter, ballot in outcome.lynch.ballots.items():
            rows.add("votes", {"_phase": name, "voter": voter, "ballot": ballot})
    seq = 0
    for text in entry["public"]:
        seq += 1
        rows.add("notices", {"_phase": name, "seq": seq, "audience": "public", "text": text})
    for player, texts in entry["private"].items():
        for text in texts:
            seq += 1
            rows.add(
                "notices",
                {
                    "_phase": name,
                    "seq": seq,
                    "audience": "private",
                    "player": player,
                    "text": text,
                },
            )
    for player, state in entry["players"].items():
        rows.add(
            "player_states",
            {
                "_phase": name,
                "player": player,
                "role": state["role"],
                "status": state["status"],
                "conditions": dumps(state["conditions"]),
                "extra": dumps(extra) if (extra := _extra(state)) else None,
            },
        )
    if facts.source != "forum":
        _replayed_messages(rows, name, entry)


def _orders(rows: GameRows, replay_: PhaseReplay, facts: GameFacts) -> None:
    """Every order of the phase in arrival order: the replayed ones with their parse, and
    (live games) the ones the GM voided, which the replay never saw."""
    name = str(replay_.phase)
    received = iter(replay_.received)
    posts = iter(replay_.posts)
    items = facts.items.get(name) if facts.source == "forum" else None
    if items is None:
        items = [
            {"player": r.player, "text": r.text, "replayed": True, "how": r.how}
            for r in replay_.received
        ]
    for seq, item in enumerate(items, 1):
        row: dict[str, Any] = {"_phase": name, "seq": seq, "player": item["player"]}
        how = item.get("how", ORDER)
        source = item.get("source") or {OVERRIDE: "gm", POST: "post"}.get(how, "pm")
        row |= {"text": item["text"], "source": source}
        if item.get("inbox_id") is not None:
            row["_message"] = f"in:{item['inbox_id']}"
        elif facts.source != "forum" and item["player"] != GM:
            row["_message"] = f"order:{name}:{seq}"
        if item["replayed"]:
            fed = next(received)
            row |= _judged(fed.parsed) if fed.how == ORDER else _item_state(fed.how, fed.parsed)
            if fed.how == POST:
                # What the post was read as: its entry in the record's orders[] (a refusal too).
                entry = next(posts)[2].to_record(fed.player, fed.text)
                row |= {"accepted": dumps(entry["accepted"]), "rejected": dumps(entry["rejected"])}
        else:
            row |= {"state": item["state"], "reason": item.get("reason")}
        rows.add("orders", row)


def _item_state(how: str, parsed: ParsedPM | None) -> dict[str, Any]:
    """A will kept alone, a clear, a topic post or a GM override: its state, and for a will
    what its orders read as (not taken), for a post a family reads for its public orders
    (midnight's OOC tag) what they read as (the record lists it)."""
    row: dict[str, Any] = {"state": ITEM_STATES[how], "reason": None}
    if parsed is not None:
        row["accepted"] = dumps([o.to_record() for o in parsed.accepted])
        row["rejected"] = dumps([r.to_record() for r in parsed.rejected])
    return row


def _judged(parsed: ParsedPM | None) -> dict[str, Any]:
    if parsed is None:
        return {"state": "override", "accepted": None, "rejected": None, "reason": None}
    accepted = [o.to_record() for o in parsed.accepted]
    rejected = [r.to_record() for r in parsed.rejected]
    if accepted and rejected:
        state = "partly"
    elif accepted or not rejected:
        state = "accepted" if accepted else "empty"
    else:
        state = "rejected"
    reason = "; ".join(r.reason for r in parsed.rejected) or None
    return {
        "state": state,
        "accepted": dumps(accepted),
        "rejected": dumps(rejected),
        "reason": reason,
    }


def _replayed_messages(rows: GameRows, phase: str, entry: dict[str, Any]) -> None:
    """A scenario has no forum: its PMs in and the GM's posts and PMs out are the record's."""
    for order in rows.tables.get("orders", []):
        if order["_phase"] == phase and "_message" in order:
            rows.add(
                "messages",
                {
                    "_key": order["_message"],
                    "_phase": phase,
                    "direction": "in",
                    "kind": "post" if order["source"] == "post" else "pm",
                    "author": order["player"],
                    "recipients": dumps([GM]),
                    "text": order["text"],
                    "state": "replayed",
                },
            )
    if entry["public"]:
        rows.add(
            "messages",
            {
                "_key": f"post:{phase}",
                "_phase": phase,
                "direction": "out",
                "kind": "post",
                "author": GM,
                "recipients": "[]",
                "text": "\n\n".join(entry["public"]),
                "state": "replayed",
            },
        )
    for player, texts in entry["private"].items():
        rows.add(
            "messages",
            {
                "_key": f"pm:{phase}:{player}",
                "_phase": phase,
                "direction": "out",
                "kind": "pm",
                "author": GM,
                "recipients": dumps([player]),
                "subject": f"{phase} results",
                "text": "\n\n".join(texts),
                "state": "replayed",
            },
        )


def setup_of(state: GameState) -> dict[str, Any] | None:
    """The setup a scenario's starting state was built from, as its family writes it (None:
    it starts at Prep)."""
    return FAMILIES[state.ruleset.family].setup_of(state)
