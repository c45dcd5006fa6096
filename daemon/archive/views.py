"""Reading the archive back: the replay record, the scenario, the roster post, summaries, stats.

Everything here is rebuilt from the archive's tables alone (nothing is kept as an opaque
blob), so what datasette shows is what a replay is compared with.
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from sqlite_utils import Database

from autogm.daemon.archive.schema import ArchiveError
from autogm.daemon.play.texts import winner_name
from autogm.engine.phases import Phase
from autogm.engine.render.inert import inert

# Order states of messages the replay feeds (a player's, judged by the parser; a GM override;
# a will kept alone during the action lock; a clear command; a vote post in the topic).
PARSED = ("accepted", "partly", "rejected", "empty")
REPLAYED = (*PARSED, "override", "will", "clear", "post")
FATE_WORDS = {
    "killed": "Killed",
    "lynched": "Lynched",
    "aptx": "APTXed",
    "arrested": "Arrested",
    "modkilled": "Modkilled",
}


def _rows(db: Database, sql: str, params: list[Any]) -> list[dict[str, Any]]:
    return list(db.query(sql, params))


def game_row(db: Database, game: str) -> dict[str, Any]:
    rows = _rows(db, "SELECT * FROM games WHERE name = ?", [game])
    if not rows:
        known = ", ".join(r["name"] for r in db.query("SELECT name FROM games ORDER BY name"))
        raise ArchiveError(f"no game {game!r} in the archive (archived: {known or 'none'})")
    return rows[0]


def _by_phase(db: Database, table: str, game: str, order: str) -> dict[int, list[dict]]:
    grouped: dict[int, list[dict[str, Any]]] = {}
    for row in _rows(db, f"SELECT * FROM {table} WHERE game = ? ORDER BY {order}", [game]):
        grouped.setdefault(row["phase_id"], []).append(row)
    return grouped


def load_record(db: Database, game: str) -> dict[str, Any]:
    """The replay record (docs/scenarios.md) of an archived game, rebuilt from its tables."""
    meta = game_row(db, game)
    orders = _by_phase(db, "orders", game, "phase_id, seq")
    results = _by_phase(db, "results", game, "phase_id, seq")
    notices = _by_phase(db, "notices", game, "phase_id, seq")
    states = _by_phase(db, "player_states", game, "phase_id, id")
    phases = []
    for phase in _rows(db, "SELECT * FROM phases WHERE game = ? ORDER BY idx", [game]):
        pid = phase["id"]
        private: dict[str, list[str]] = {}
        for notice in notices.get(pid, []):
            if notice["audience"] == "private":
                private.setdefault(notice["player"], []).append(notice["text"])
        phases.append(
            {
                "phase": phase["name"],
                "orders": [_order(o) for o in orders.get(pid, []) if _in_record(o)],
                "results": [_result(r) for r in results.get(pid, [])],
                "lynch": _lynch(phase),
                "public": [n["text"] for n in notices.get(pid, []) if n["audience"] == "public"],
                "private": private,
                "players": {
                    s["player"]: {
                        "role": s["role"],
                        "status": s["status"],
                        "conditions": json.loads(s["conditions"]),
                        **json.loads(s.get("extra") or "{}"),
                    }
                    for s in states.get(pid, [])
                },
            }
        )
    return {
        "ruleset": meta["ruleset"],
        "seed": meta["seed"],
        "phases": phases,
        "winner": meta["winner"],
        **({"winners": json.loads(meta["winners"])} if meta.get("winners") else {}),
    }


def _in_record(row: dict[str, Any]) -> bool:
    """Whether the record's ``orders`` lists this order: a player's message the parser judged,
    or a topic post read for its orders or its vote marks (what it read is kept)."""
    return row["state"] in PARSED or row["state"] == "post"


def _order(row: dict[str, Any]) -> dict[str, Any]:
    order = {
        "player": row["player"],
        "text": row["text"],
        # A post archived before its reading was kept has none.
        "accepted": json.loads(row["accepted"] or "[]"),
        "rejected": json.loads(row["rejected"] or "[]"),
    }
    if row["state"] == "post":
        order["post"] = True
    return order


def _result(row: dict[str, Any]) -> dict[str, Any]:
    result = {"player": row["player"], "ability": row["ability"]}
    if row.get("choice") is not None:
        result["choice"] = row["choice"]
    result["outcome"] = json.loads(row["outcome_json"])
    for key in ("query", "target", "reason"):
        if row[key] is not None:
            result[key] = row[key]
    return result


def _lynch(phase: dict[str, Any]) -> dict[str, Any] | None:
    if phase["lynch_votes"] is None:
        return None
    return {
        "target": phase["lynch_target"],
        "votes": json.loads(phase["lynch_votes"]),
        "shown": bool(phase["lynch_shown"]),
        "failed": bool(phase["lynch_failed"]),
    }


def export_scenario(db: Database, game: str) -> dict[str, Any]:
    """The game as a scenario file's data: ``autogm replay`` plays it to the same record."""
    meta = game_row(db, game)
    players = _rows(db, "SELECT * FROM players WHERE game = ? ORDER BY slot, id", [game])
    substitutes = {p["replaced_by"] for p in players if p["replaced_by"]}
    data: dict[str, Any] = {}
    if meta["title"]:
        data["title"] = meta["title"]
    data |= {"ruleset": meta["ruleset"], "seed": meta["seed"]}
    data["options"] = json.loads(meta["options"] or "{}")
    data["players"] = {
        p["name"]: p.get("dealt_role") or p["role"] for p in players if p["name"] not in substitutes
    }
    if meta["setup"] is not None:
        data["setup"] = json.loads(meta["setup"])
    orders = _by_phase(db, "orders", game, "phase_id, seq")
    phases = _rows(db, "SELECT id, name FROM phases WHERE game = ? ORDER BY idx", [game])
    data["phases"] = [
        {
            "phase": p["name"],
            "orders": [scenario_item(o) for o in orders.get(p["id"], []) if o["state"] in REPLAYED],
        }
        for p in phases
        if orders.get(p["id"]) or p is phases[-1]
    ]
    return data


def scenario_item(order: dict[str, Any]) -> dict[str, str]:
    """An ``orders`` row as a scenario item (docs/scenarios.md): ``Name: text``, ``Name (will
    only): text``, ``Name (post): text``, ``Name: clear``, ``GM: command``."""
    state, player = order["state"], order["player"]
    if state == "will":
        return {f"{player} (will only)": order["text"]}
    if state == "post":
        return {f"{player} (post)": order["text"]}
    if state == "clear":
        return {player: "clear"}
    return {player: order["text"]}


def scenario_yaml(db: Database, game: str) -> str:
    header = f"# {game}: exported from the autogm archive; replay with `autogm replay FILE`\n"
    body = yaml.safe_dump(export_scenario(db, game), allow_unicode=True, sort_keys=False)
    return header + body


def export_json(db: Database, game: str) -> dict[str, Any]:
    """Everything about one game: its rows by table, its record and its scenario."""
    tables = {}
    for table in ("players", "phases", "orders", "results", "votes", "notices", "messages"):
        tables[table] = _rows(db, f"SELECT * FROM {table} WHERE game = ? ORDER BY id", [game])
    tables["overrides"] = _rows(db, "SELECT * FROM overrides WHERE game = ? ORDER BY id", [game])
    return {
        "game": game_row(db, game),
        **tables,
        "record": load_record(db, game),
        "scenario": export_scenario(db, game),
    }


def short_phase(name: str) -> str:
    """``Night 2`` → ``N2``, ``Day 3`` → ``D3`` (the DCTP roster's form)."""
    phase = Phase.parse(name)
    if phase.index == 0:
        return "Prep"
    return f"{'N' if phase.is_night else 'D'}{phase.number}"


def fate_text(player: dict[str, Any]) -> str:
    cause = player["fate_cause"]
    if cause in FATE_WORDS and player["fate_phase"]:
        return f"{FATE_WORDS[cause]} {short_phase(player['fate_phase'])}"
    if player["final_status"] in ("dead", "arrested"):
        return player["final_status"].title()
    return "Survived"


def roster_lines(db: Database, game: str) -> list[str]:
    """The end-of-game roster as DCTP rounds posted it: ``01. Name - Role - Killed N2``."""
    game_row(db, game)
    players = _rows(
        db,
        "SELECT * FROM players WHERE game = ? AND final_status != 'replaced' ORDER BY slot",
        [game],
    )
    replaced = {
        p["replaced_by"]: p["name"]
        for p in _rows(
            db, "SELECT * FROM players WHERE game = ? AND replaced_by IS NOT NULL", [game]
        )
    }
    lines = []
    for p in players:
        # Ready to paste into a post: a name's brackets must not be read as BBCode there.
        name = inert(p["name"]) + (
            f" (replacing {inert(replaced[p['name']])})" if p["name"] in replaced else ""
        )
        role = p["role"] + (f" (as {p['disguise']})" if p["disguise"] else "")
        lines.append(f"{p['slot']:02d}. {name} - {role} - {fate_text(p)}")
    return lines


def _deal_lines(deal: str | None) -> list[str]:
    """How the roles were dealt, so a GM can show players the deal was the seed's."""
    if not deal:
        return []
    found = json.loads(deal)
    source = {
        "roles": "the game's role list, shuffled from the seed",
        "players": "the roles the GM gave each player",
    }.get(found.get("setup"), f"setup {found.get('setup')}")
    lines = [f"  dealt from {source}"]
    lines += [f"    {line}" for line in found.get("drawn", [])]
    chosen = found.get("choices") or {}
    if chosen:
        lines.append("    chosen at sign-up: " + ", ".join(f"{p} {c}" for p, c in chosen.items()))
    return lines


def summary_text(db: Database, game: str) -> str:
    """``autogm archive show``: who was what, who fell when, who won."""
    meta = game_row(db, game)
    where = f"{meta['forum']} topic {meta['topic']}" if meta["forum"] else "scenario"
    lines = [
        f"{meta['name']}" + (f": {meta['title']}" if meta["title"] else ""),
        f"  {meta['ruleset']}, seed {meta['seed']}, {where}",
        f"  {meta['first_phase']} to {meta['last_phase']}"
        + (f" ({meta['started_at']} to {meta['ended_at']})" if meta["started_at"] else ""),
        *_deal_lines(meta.get("deal")),
        "",
        "Roles:",
        *(f"  {line}" for line in roster_lines(db, game)),
        "",
        "Deaths and arrests by phase:",
    ]
    players = _rows(db, "SELECT * FROM players WHERE game = ? AND fate_phase IS NOT NULL", [game])
    for phase in _rows(db, "SELECT name FROM phases WHERE game = ? ORDER BY idx", [game]):
        fallen = [
            f"{p['name']} ({p['role']}) {FATE_WORDS.get(p['fate_cause'], p['fate_cause']).lower()}"
            for p in players
            if p["fate_phase"] == phase["name"]
        ]
        lines.append(f"  {phase['name']}: {', '.join(fallen) if fallen else 'nobody'}")
    winner = winner_name(meta["winner"]) if meta["winner"] else "none (the game did not end)"
    lines += ["", f"Winner: {winner}"]
    return "\n".join(lines)


def list_games(db: Database) -> list[dict[str, Any]]:
    return list(
        db.query(
            "SELECT g.name, g.title, g.ruleset, g.source, g.first_phase, g.last_phase, g.winner,"
            " g.archived_at, (SELECT count(*) FROM players p WHERE p.game = g.name"
            " AND p.final_status != 'replaced') AS players"
            " FROM games g ORDER BY g.archived_at, g.name"
        )
    )


def stats(db: Database) -> dict[str, Any]:
    """Wins by side, survival by role, games per ruleset, over every archived game."""
    wins = {
        r["winner"] or "(unfinished)": r["n"]
        for r in db.query(
            "SELECT winner, count(*) AS n FROM games GROUP BY winner ORDER BY n DESC, winner"
        )
    }
    rulesets = {
        r["ruleset"]: r["n"]
        for r in db.query(
            "SELECT ruleset, count(*) AS n FROM games GROUP BY ruleset ORDER BY n DESC, ruleset"
        )
    }
    roles = {
        r["role"]: {"played": r["played"], "survived": r["survived"]}
        for r in db.query(
            "SELECT role, count(*) AS played, sum(final_status = 'alive') AS survived"
            " FROM players WHERE final_status != 'replaced'"
            " GROUP BY role ORDER BY played DESC, role"
        )
    }
    # The players a family names as winners (midnight: the winning faction's living members),
    # by side; only games that name them count.
    winners = {
        r["side"]: {"played": r["played"], "won": r["won"]}
        for r in db.query(
            "SELECT side, count(*) AS played, sum(won) AS won FROM players"
            " WHERE final_status != 'replaced' AND won IS NOT NULL"
            " GROUP BY side ORDER BY played DESC, side"
        )
    }
    found = {"games": sum(rulesets.values()), "wins": wins, "rulesets": rulesets, "roles": roles}
    return found | ({"winners_by_side": winners} if winners else {})


def stats_text(found: dict[str, Any]) -> str:
    lines = [f"Games archived: {found['games']}", "", "Wins by side:"]
    lines += [f"  {winner_name(side)}: {n}" for side, n in found["wins"].items()]
    lines += ["", "Games per ruleset:"]
    lines += [f"  {ruleset}: {n}" for ruleset, n in found["rulesets"].items()]
    lines += ["", "Survival by role (survived / played):"]
    for role, n in found["roles"].items():
        share = round(100 * n["survived"] / n["played"])
        lines.append(f"  {role}: {n['survived']}/{n['played']} ({share}%)")
    if found.get("winners_by_side"):
        lines += ["", "Players among the winners, by side (won / played):"]
        for side, n in found["winners_by_side"].items():
            lines.append(f"  {winner_name(side)}: {n['won']}/{n['played']}")
    return "\n".join(lines)


def compare(archived: dict[str, Any], replayed: dict[str, Any]) -> list[str]:
    """Every difference between an archived record and a fresh replay, one line each."""
    problems = []
    if archived["winner"] != replayed["winner"]:
        problems.append(f"winner: archived {archived['winner']}, replayed {replayed['winner']}")
    ours = {p["phase"]: p for p in archived["phases"]}
    theirs = {p["phase"]: p for p in replayed["phases"]}
    for name in [*ours, *(n for n in theirs if n not in ours)]:
        if name not in theirs or name not in ours:
            side = "replay" if name not in theirs else "archive"
            problems.append(f"{name}: missing from the {side}")
            continue
        problems += _compare_phase(name, ours[name], theirs[name])
    return problems


def _compare_phase(name: str, ours: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
    problems = []
    a, b = ours["results"], theirs["results"]
    for number in range(max(len(a), len(b))):
        left = a[number] if number < len(a) else None
        right = b[number] if number < len(b) else None
        if left != right:
            problems.append(f"{name}: result {number + 1}: archived {left}, replayed {right}")
    for key in ("orders", "lynch", "public", "private", "players"):
        if ours[key] != theirs[key]:
            problems.append(f"{name}: {key}: archived {ours[key]}, replayed {theirs[key]}")
    return problems
