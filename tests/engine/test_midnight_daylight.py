"""midnight's Daylight roles where a scenario's record cannot show it: the answers to public
orders refused when posted, the note when Investigate and Vote replace each other, and the deal
of the Midnight roles (three Civilians)."""

from __future__ import annotations

import pytest

from autogm.engine.deal import check_role_list, deal_roles
from autogm.engine.families.midnight.family import new_game
from autogm.engine.phases import Phase
from autogm.engine.rules import RULESETS
from autogm.engine.rules.base import RulesetError
from autogm.engine.session import GameSession

MIDNIGHT = RULESETS["midnight"]


def _session(roster, daylight, phase):
    state = new_game(MIDNIGHT, roster, 1, {"daylight": daylight})
    state.phase = phase
    return GameSession(state)


def _refusals(session, author, text):
    return [r.reason for r in session.receive(author, text, public=True).rejected]


def test_accuse_is_once_per_game():
    """Prosecutor: "Accuse — once per game during the day can publicly add three votes against
    one character"."""
    session = _session(
        {"P": "Civilian", "B": "Boss", "C": "Cop"}, {"P": "Prosecutor"}, Phase.day(1)
    )
    assert _refusals(session, "P", "[ooc]Accuse B[/ooc]") == []
    session.close()
    session.close()  # Night 2
    assert session.state.phase == Phase.day(2)
    assert "once per game" in _refusals(session, "P", "[ooc]Accuse C[/ooc]")[0]


def test_mishap_refuses_a_target_in_the_hospital():
    """Technician: "choose a target that is not at the Hospital or Jail"."""
    session = _session(
        {"T": "Civilian", "B": "Boss", "C": "Cop"}, {"T": "Technician"}, Phase.day(1)
    )
    session.state.players["C"].ext.hp = 1
    (reason,) = _refusals(session, "T", "[ooc]Mishap C[/ooc]")
    assert "not at the Hospital or Jail (C is)" in reason


def test_vip_refuses_daylight_abilities_but_not_the_vote():
    """Millionaire: "VIP (J) — cannot be targeted by Daylight abilities other than Vote"."""
    roster = {"M": "Civilian", "R": "Boss", "C": "Cop"}
    session = _session(roster, {"M": "Millionaire", "R": "Rebel"}, Phase.day(1))
    (reason,) = _refusals(session, "R", "[ooc]Revolt M[/ooc]")
    assert "VIP" in reason
    assert _refusals(session, "R", "[ooc]Vote M[/ooc]") == []


def test_blackmail_material_spends_only_saved_votes():
    """Tattletale: "you can spend saved votes during the Day to augment your voting power"."""
    session = _session(
        {"T": "Civilian", "B": "Boss", "C": "Cop"}, {"T": "Tattletale"}, Phase.day(1)
    )
    (reason,) = _refusals(session, "T", "[ooc]Blackmail material 1[/ooc]")
    assert "you have 0 saved vote(s), not 1" in reason
    (reason,) = _refusals(session, "T", "[ooc]Blackmail material[/ooc]")
    assert "how many saved votes" in reason


def test_investigate_and_vote_replace_each_other():
    """Journalist: "Investigate — during the Day, unless you vote" (the later order stands)."""
    session = _session(
        {"J": "Civilian", "B": "Boss", "C": "Cop"}, {"J": "Journalist"}, Phase.day(1)
    )
    session.receive("J", "[ooc]Investigate B[/ooc]", public=True)
    parsed = session.receive("J", "[ooc]Vote C[/ooc]", public=True)
    assert [o.ability for o in session.orders_of("J")] == ["vote"]
    assert "exclude each other" in parsed.notes[0]


def test_the_anonymous_guise_cannot_be_named():
    """Anonymous: "The Anonymous Guise cannot be named if an ability calls for naming a
    Guise"."""
    session = _session({"A": "Agent", "B": "Boss", "C": "Cop"}, {}, Phase.night(1))
    (rejected,) = session.receive("A", "Slander C: Anonymous, Boss, Cop").rejected
    assert rejected.reason == "the Anonymous Guise cannot be named"


def test_the_deal_has_three_civilians_and_both_factions():
    """ "Hidden Roles are distributed randomly"; "Civilian — yes, another one"; "Civilian — yes,
    three of them" (three copies of one role: docs/rulings.md)."""
    roles = ["Boss", "Killer", "Cop", "Civilian", "Civilian", "Civilian"]
    players = ["a", "b", "c", "d", "e", "f"]
    dealt = deal_roles(MIDNIGHT, players, roles, 7)
    assert sorted(dealt.values()) == sorted(roles)
    assert dealt == deal_roles(MIDNIGHT, players, roles, 7)
    with pytest.raises(RulesetError, match=r"Civilian \(at most 3\)"):
        check_role_list(MIDNIGHT, [*roles, "Civilian"])
    with pytest.raises(RulesetError, match="each role can be dealt once"):
        check_role_list(MIDNIGHT, ["Boss", "Boss", "Cop"])
    with pytest.raises(RulesetError, match="no Mafia role"):
        check_role_list(MIDNIGHT, ["Cop", "Civilian", "Psycho"])
    with pytest.raises(RulesetError, match="no Law role"):
        check_role_list(MIDNIGHT, ["Boss", "Killer", "Joker"])


def test_the_rulings_count_the_daylight_roles_as_the_text_lists_them():
    """docs/rulings.md, "midnight: Daylight roles": "Open Roles" (the 23 roles and "(Other)").
    The text lists Highlander through Psychic, 23 roles, then "(Other) You can choose any other
    role name"."""
    from pathlib import Path

    rulings = (Path(__file__).resolve().parents[2] / "docs" / "rulings.md").read_text("utf-8")
    listed = [role for role in MIDNIGHT.ext.open_roles if role != "Other"]
    assert len(listed) == 23 and listed[0] == "Highlander" and listed[-1] == "Psychic"
    assert f'"Open Roles" (the {len(listed)} roles and "(Other)")' in rulings


def test_qualified_immunity_saves_only_by_the_jail_it_gives():
    """Politician: "Qualified immunity — in voted out during the Council, instead of dying you
    get into Jail for four phases"; Warrior: "Unstoppable — ... Cannot get in Jail". One who
    holds both (Unstoppable gained beyond the sheet) cannot take the Jail that replaces the
    death, so the Council's choice dies, and the post says so, not that the immunity holds
    (docs/rulings.md, "midnight: Daylight roles")."""
    from autogm.engine.render import render_phase

    session = _session(
        {"P": "Civilian", "B": "Boss", "C": "Cop", "K": "Killer"}, {"P": "Politician"},
        Phase.day(1),
    )  # fmt: skip
    session.state.players["P"].ext.granted.append("unstoppable")
    session.receive("B", "[ooc]Vote P[/ooc]", public=True)
    session.receive("K", "[ooc]Vote P[/ooc]", public=True)
    outcome = session.close()
    public = render_phase(outcome).public
    assert outcome.state.players["P"].status.value == "dead"
    assert outcome.lynch.target == "P" and not outcome.lynch.failed
    assert not any("has Qualified immunity" in text for text in public), public
    assert "[b]P[/b] cannot get in Jail (Unstoppable): Qualified immunity cannot save them." in (
        public
    )
    assert public[-1] == "[b]P[/b] was voted out by the Council and died."
    immunity = [r.to_record() for r in outcome.results if r.ability == "qualified_immunity"]
    assert immunity == [
        {"player": "P", "ability": "qualified_immunity", "outcome": "not_jailed", "target": "P"}
    ]
