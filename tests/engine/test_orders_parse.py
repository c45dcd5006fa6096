"""The order phrasings the rule text itself uses, and the refusals SCENARIOS.md lists."""

from __future__ import annotations

import pytest

from autogm.engine.families.dctp.setup import Setup, new_game
from autogm.engine.orders.kinds import Kind
from autogm.engine.phases import Phase
from autogm.engine.reading import read_pm
from autogm.engine.render.answers import render_acknowledgement
from autogm.engine.rules import load_ruleset
from autogm.engine.session import GameSession
from autogm.engine.state import GameState, Status

ROSTER = {
    "Akonyl": "Shiratori",
    "Abs": "Gin",
    "Kleene": "Agasa",
    "PhoenixTears": "Eisuke",
    "Jd-": "Araide",
    "Parkur": "Camel",
    "Conia": "Vermouth",
    "pofa": "Satou",
    "Sebolains": "Kaitou Kid",
}


def game(phase: str = "Night 3") -> GameState:
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, Setup())
    state.phase = Phase.parse(phase)
    return state


def read(text: str, author: str = "Akonyl", phase: str = "Night 3") -> list[dict]:
    parsed = read_pm(game(phase), author, text)
    assert not parsed.rejected, parsed.rejected
    return [o.to_record() for o in parsed.accepted]


def refused(text: str, author: str = "Akonyl", phase: str = "Night 3") -> str:
    parsed = read_pm(game(phase), author, text)
    assert not parsed.accepted, parsed.accepted
    assert len(parsed.rejected) == 1, parsed.rejected
    return parsed.rejected[0].reason


ARREST = {"ability": "arrest", "targets": ["Abs"], "crime": "kill", "victim": "Kleene",
          "when": "Night 1"}  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Arrest Abs for killing Kleene on Night 1",  # Order of Actions, Scenario 1
        "Arrest Abs for killing Kleene on Night 1.",
        "arrest abs for the murder of kleene on N1",
        "Arrest Abs for Killing Kleene during night one",
        "[b]Arrest Abs for killing Kleene on Night 1[/b]",
    ],
)
def test_arrest_for_a_crime_victim_and_phase(text: str) -> None:
    """Arrest: "Needs to accuse a player for a specific crime during a specific past phase:
    'Arrest Akonyl for Killing Conia on Night 1'"."""
    assert read(text) == [ARREST]


def test_arrest_for_slandering_and_for_disguising() -> None:
    """ "Arrest Conia for Slandering pofa on Night 2" or "Arrest Sebolains for disguising as
    Megure on Night 3"."""
    assert read("Arrest Conia for Slandering pofa on Night 2", phase="Night 3") == [
        {"ability": "arrest", "targets": ["Conia"], "crime": "slander", "victim": "pofa",
         "when": "Night 2"}
    ]  # fmt: skip
    assert read("Arrest Sebolains for disguising as Megure on Night 3", phase="Day 3") == [
        {"ability": "arrest", "targets": ["Sebolains"], "crime": "disguise",
         "victim": "Megure", "when": "Night 3"}
    ]  # fmt: skip


def test_several_orders_in_one_message() -> None:
    """Scenario 2: "Arrest Abs for killing Kleene on Night 1. Investigate Jd- heals Parkur." """
    assert read("Arrest Abs for killing Kleene on Night 1. Investigate Jd- heals Parkur.") == [
        ARREST,
        {"ability": "investigate", "targets": [], "queries": ["Jd- heals Parkur"]},
    ]


@pytest.mark.parametrize(
    ("author", "text", "phase", "record"),
    [
        ("Abs", "Kill Akonyl", "Night 3", {"ability": "kill", "targets": ["Akonyl"]}),
        ("Abs", "attack akonyl", "Night 3", {"ability": "kill", "targets": ["Akonyl"]}),
        ("Jd-", "Heal Parkur", "Night 3", {"ability": "heal", "targets": ["Parkur"]}),
        ("PhoenixTears", "Discombobulate Akonyl", "Night 3",
         {"ability": "discombobulate", "targets": ["Akonyl"]}),
        ("PhoenixTears", "trick Akonyl", "Night 3",
         {"ability": "discombobulate", "targets": ["Akonyl"]}),
        ("Abs", "APTX pofa as Satou", "Day 3",
         {"ability": "aptx", "targets": ["pofa"], "role": "Satou"}),
        ("Abs", "APTX: Kleene = Agasa", "Day 3",
         {"ability": "aptx", "targets": ["Kleene"], "role": "Agasa"}),
        ("Abs", "APTX Sebolains as Kid", "Day 3",
         {"ability": "aptx", "targets": ["Sebolains"], "role": "Kaitou Kid"}),
        ("Parkur", "Vote Abs", "Day 3", {"ability": "vote", "targets": ["Abs"]}),
        ("Parkur", "vote: no lynch", "Day 3",
         {"ability": "vote", "targets": [], "choice": "no_lynch"}),
        ("Parkur", "Abstain", "Day 3", {"ability": "vote", "targets": [], "choice": "abstain"}),
        ("Abs", "Investigate Jd- heals Parkur, Akonyl kills Kleene and Conia disguised as Ran",
         "Night 3", {"ability": "investigate", "targets": [],
                     "queries": ["Jd- heals Parkur", "Akonyl kills Kleene",
                                 "Conia disguised as Ran"]}),
    ],
)  # fmt: skip
def test_the_rule_text_phrasings(author: str, text: str, phase: str, record: dict) -> None:
    assert read(text, author, phase) == [record]


def test_a_leader_names_the_killer() -> None:
    state = new_game(load_ruleset("dctp-2011"), {"Boss": "Anokata", "G": "Gin", "X": "Ran"}, 1,
                     Setup())  # fmt: skip
    parsed = read_pm(state, "Boss", "G kills X")
    assert [o.to_record() for o in parsed.accepted] == [
        {"ability": "kill", "targets": ["X"], "killer": "G"}
    ]
    parsed = read_pm(state, "G", "X kills Boss")
    assert parsed.rejected and "only the Black Org leader" in parsed.rejected[0].reason


@pytest.mark.parametrize(
    ("author", "text", "phase", "reason"),
    [
        ("Jd-", "Heal Parkur", "Day 3", "Heal is a night ability, and it is Day 3"),
        ("Parkur", "Heal Akonyl", "Night 3", "Heal is not an ability of yours (Camel)"),
        ("Akonyl", "Arrest Akonyl for killing Kleene on Night 1", "Night 3",
         "you cannot use Arrest on yourself"),
        ("Akonyl", "Arrest Abs for killing Kleene on Night 3", "Night 3",
         "the crime must be in a past phase"),
        ("Akonyl", "Arrest Abs for killing Kleene", "Night 3", "must name the phase"),
        ("Akonyl", "Arrest Abs for being Gin", "Night 3", "an arrest needs a crime"),
        ("Akonyl", "Investigate Jd- heals Parkur, Abs kills Kleene, Conia kills pofa",
         "Night 3", "you may investigate 2 action(s) a night, not 3"),
        ("Akonyl", "Heal Xeno", "Night 3", "'Xeno' matches no player in this game"),
        ("PhoenixTears", "Discombobulate PhoenixTears", "Night 3",
         "you cannot use Discombobulate on yourself"),
        ("Abs", "APTX pofa", "Day 3", "an APTX names the target's role"),
        ("Abs", "APTX pofa as Wizard", "Day 3", "'Wizard' is not a role of dctp-2011"),
        ("Akonyl", "Please do something clever", "Night 3", "does not read as an order"),
    ],
)  # fmt: skip
def test_refusals_say_why(author: str, text: str, phase: str, reason: str) -> None:
    assert reason in refused(text, author, phase)


def test_a_dead_target_is_refused_but_investigations_may_name_the_dead() -> None:
    state = game("Night 3")
    state.players["Kleene"].status = Status.DEAD
    assert "Kleene is dead" in read_pm(state, "Jd-", "Heal Kleene").rejected[0].reason
    assert read_pm(state, "Akonyl", "Investigate Kleene heals Parkur").accepted


def test_a_will_is_kept_verbatim() -> None:
    parsed = read_pm(game(), "Jd-", "Heal Parkur.\nWill: I healed Parkur on N1.\nTrust him!")
    assert [o.ability for o in parsed.accepted] == ["heal"]
    assert parsed.will == "I healed Parkur on N1.\nTrust him!"


def test_a_later_order_replaces_the_earlier_one_for_the_same_slot() -> None:
    """ "You may always send in a new order to replace your old one" and "the last valid action
    prior to the countdown ending will be the one played"."""
    session = GameSession(game("Night 3"))
    session.receive("Jd-", "Heal Parkur")
    session.receive("Akonyl", "Investigate Jd- heals Parkur")
    session.receive("Jd-", "Heal Kleene")
    orders = list(session.pending.values())
    assert [(o.actor, o.canonical()) for o in orders] == [
        ("Akonyl", "Investigate Jd- heals Parkur"),
        ("Jd-", "Heal Kleene"),
    ]


def test_unvote_drops_the_vote() -> None:
    session = GameSession(game("Day 3"))
    session.receive("Parkur", "Vote Abs")
    session.receive("Parkur", "unvote")
    assert session.orders_of("Parkur") == []


def _answer(author: str, text: str, phase: str, dead: tuple[str, ...] = ()) -> str:
    state = game(phase)
    for name in dead:
        state.players[name].status = Status.DEAD
    return render_acknowledgement(read_pm(state, author, text), state.phase)


def test_answers_help_without_drowning_the_player() -> None:
    """A refusal says why and what to send instead: a short list, in this game's names."""
    vote_at_night = _answer("Abs", "Vote Kleene", "Night 3")
    assert "Vote is a day ability" in vote_at_night
    assert "Explosive Vest" not in vote_at_night  # the vest is off in this game
    assert len(vote_at_night) < 300
    assert "needs a player's name" in _answer("Abs", "Kill", "Night 3")
    chatter = _answer("Parkur", "asdkjh qwe zzz", "Night 3")
    assert "Satou'" not in chatter and "'Vote Akonyl'" in chatter
    dead = _answer("Kleene", "Heal Abs", "Night 3", dead=("Kleene",))
    assert "you are dead" in dead and "you can send" not in dead
    quoted = _answer("Parkur", '[quote="GM"]Heal Abs[/quote]', "Night 3")
    assert "No order found" in quoted and "Quoted text is not read" in quoted


@pytest.mark.parametrize(
    "text",
    [
        "Evening :)\nKill Kleene",
        "Morning!\nKill Kleene",
        "Kill Kleene\ngood luck everyone",
        "Kill Kleene\nbest regards,\nAbs",
    ],
)
def test_greetings_and_sign_offs_are_never_refused(text: str) -> None:
    """Issue 11: "greetings, thanks and sign-offs are never answered as refusals"; a player's
    own name alone on the last line is their signature."""
    assert read(text, author="Abs") == [{"ability": "kill", "targets": ["Kleene"]}]


def test_cheap_tests_before_the_fragment_patterns_skip_only_what_cannot_match():
    """parse_pm tests a fragment's first character before _SECOND_CHOICE, DOUBT and
    _CONDITION, and looks for "him", "her", "them" before _PRONOUN_LAST: every character
    that can start a match of each pattern is in its set (re's IGNORECASE folds included),
    and a pronoun spelled with 'ı' or 'İ' still goes to the pattern."""
    from autogm.engine.orders import parse
    from autogm.engine.orders.fragments import DOUBT

    samples = {
        (parse._SECOND_CHOICE, parse._SECOND_CHOICE_FIRST): [
            "or Parkur",
            "otherwise Abs",
            "alternatively Kleene",
        ],
        (DOUBT, parse._DOUBT_FIRST): [
            "i'm not sure",
            "not sure",
            "unsure",
            "idk",
            "i don't know",
            "dunno",
            "maybe",
            "perhaps",
            "or not",
            "not certain",
        ],
        (parse._CONDITION, parse._CONDITION_FIRST): ["if she's out", "unless", "in case", "incase"],
    }
    for (pattern, first), texts in samples.items():
        for text in texts:
            assert pattern.match(text), text
            starts = {chr(c) for c in range(0x10000) if pattern.match(chr(c) + text[1:])}
            assert starts <= set(first), (text, starts - set(first))
    assert parse._ends_in_pronoun("heal her")
    assert parse._ends_in_pronoun("heal HİM, sorry")
    assert not parse._ends_in_pronoun("heal Parkur")


def test_the_vote_verb_is_looked_for_only_past_a_character_it_can_start_with():
    """read_vote tries _VOTE_VERB only when the target's first character (past whitespace)
    is in _VOTE_VERB_FIRST: every character that can start a match of each of its verbs is
    (re's IGNORECASE folds included)."""
    from autogm.engine.orders.readers import votes

    for text in ("goes to Abs", "will go to Abs", "is for Abs", "is on Abs", "is Abs", "on Abs",
                 "against Abs"):  # fmt: skip
        assert votes._VOTE_VERB.match(text), text
        assert votes._VOTE_VERB.match(" \t" + text), text
        starts = {chr(c) for c in range(0x10000) if votes._VOTE_VERB.match(chr(c) + text[1:])}
        assert starts <= set(votes._VOTE_VERB_FIRST), (text, starts - set(votes._VOTE_VERB_FIRST))


def test_kill_jd_dash_kills_jd_dash_beside_jd() -> None:
    """Issue 27: with players "Jd" and "Jd-", "Kill Jd-" kills Jd-; "Vote" before a
    player's name that is also a word for no one votes for the player."""
    roster = {"Abs": "Gin", "Jd": "Araide", "Jd-": "Agasa", "Nobody": "Camel", "Lynz": "Ran"}
    state = new_game(load_ruleset("dctp-2011"), roster, 1, Setup())
    state.phase = Phase.parse("Night 1")
    for text, target in (("Kill Jd-", "Jd-"), ("kill jd-.", "Jd-"), ("Kill Jd", "Jd")):
        assert [o.targets for o in read_pm(state, "Abs", text).accepted] == [(target,)]
    state.phase = Phase.parse("Day 1")
    assert [o.canonical() for o in read_pm(state, "Lynz", "Vote Nobody").accepted] == [
        "Vote Nobody"
    ]
    assert [o.canonical() for o in read_pm(state, "Lynz", "Vote no one").accepted] == [
        "Vote no lynch"
    ]


def _evidence_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of the blocks the evidence reads (``parse.readings``), as they are read."""
    from autogm.engine.orders import parse

    calls: list[str] = []
    readings = parse.readings

    def counted(block, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(block.text)
        return readings(block, *args, **kwargs)

    monkeypatch.setattr(parse, "readings", counted)
    return calls


@pytest.mark.parametrize(
    ("author", "text", "evidence_read"),
    [
        ("Akonyl", "Investigate Abs", False),  # its holder: the order's word and its target
        ("Akonyl", "inv abs.", False),
        ("Akonyl", "Investigate Abs, Kleene", True),  # another query after it: not read whole
        ("Akonyl", "Investigate Abs\nhe is Gin", True),  # not alone in its run
        ("Parkur", "Investigate Abs", True),  # not Parkur's: another order may take the words
    ],
)
def test_an_investigation_of_a_player_alone_from_its_holder_is_not_read_again(
    monkeypatch: pytest.MonkeyPatch, author: str, text: str, evidence_read: bool
) -> None:
    """ "Investigate Abs" from a player who holds Investigate names no action: read to its
    last word (Refusal.read_whole), its evidence is the same words and is not read. From a
    Camel, who holds Stake-out and no Investigate, the evidence still reads it: "Investigate
    Abs" is his Stake-out on Abs."""
    calls = _evidence_reads(monkeypatch)
    state = new_game(load_ruleset("dctp-2011"), ROSTER, 1, Setup())
    state.phase = Phase.parse("Night 2")
    parsed = read_pm(state, author, text)
    assert bool(calls) is evidence_read, calls
    if not evidence_read:
        assert not parsed.accepted
        assert [r.reason.split(":")[0].casefold() for r in parsed.rejected] == [
            "'abs' is not an action to investigate"
        ]
    if author == "Parkur":
        assert [o.canonical() for o in parsed.accepted] == ["Stake-out Abs"]


@pytest.mark.parametrize(
    ("text", "phase", "evidence_read"),
    [
        ("Identify Abs", "Day 3", False),  # read to its last word: the order's word and target
        ("Identify Abs who I think is the one", "Day 3", True),  # words left: read for evidence
        ("Identify Abs\nhe is Gin", "Day 3", True),  # not alone in its run
        ("Identify Abs?", "Day 3", True),  # asked: the evidence reads the question
        ("Identify Abs", "Night 3", True),  # a day ability by night: the evidence says so
    ],
)
def test_a_lone_fragment_read_whole_that_lacks_a_detail_is_not_read_again(
    monkeypatch: pytest.MonkeyPatch, text: str, phase: str, evidence_read: bool
) -> None:
    """parse.read_evidence passes over a run of one fragment the plain reader read to its
    last word and refused for a missing detail (Refusal.read_whole), of an ability the sender
    can use now and not asked: its evidence is the same words. The refusal is the plain
    reader's, as it was. By night the evidence is read, and says why: Identify is a day
    ability (the answer the evidence gives, which passing it over replaced)."""
    calls = _evidence_reads(monkeypatch)
    roster = {**ROSTER, "Akonyl": "Mitsuhiko"}
    state = new_game(load_ruleset("dctp-2011"), roster, 1, Setup())
    state.phase = Phase.parse(phase)
    parsed = read_pm(state, "Akonyl", text)
    assert bool(calls) is evidence_read, calls
    if not evidence_read:
        assert not parsed.accepted
        assert [r.reason for r in parsed.rejected] == [
            "an identification names the role: 'Identify Akonyl as Sonoko'"
        ]
    if phase.startswith("Night"):
        assert [r.kind for r in parsed.rejected] == [Kind.NOT_NOW]


# Courtesy alone beside an order read whole: greetings, the GM addressed, thanks, "please".
COURTESY = [
    "Hi GM!",
    "hey gm,",
    "Evening",
    "Good morning everyone!",
    "ty",
    "thanks so much",
    "thank you GM",
    "please",
    "hello there gm",
    "Cheers!",
]
# Orders the plain reader reads to their last word and refuses for a missing detail, by the
# sender (roster below) and the phase.
READ_WHOLE = [
    ("Lynz", "Day 2", "Identify Abs"),  # no role named
    ("Miaka", "Day 2", "Temporary Disguise Abs"),  # no role to wear
    ("Akonyl", "Night 2", "Investigate Abs"),  # no action asked, from its holder
]
# Words beside such an order that may void it or say more of it: read for their evidence.
NOT_COURTESY = ["hmm", "no", "ok", "idk", "if possible", "good night", "just asking", "he is Gin"]


def _read_whole_pm(author: str, phase: str, text: str):  # type: ignore[no-untyped-def]
    roster = {**ROSTER, "Lynz": "Mitsuhiko", "Miaka": "Yukiko"}
    state = new_game(load_ruleset("dctp-2011"), roster, 1, Setup())
    state.phase = Phase.parse(phase)
    return read_pm(state, author, text)


@pytest.mark.parametrize(("author", "phase", "order"), READ_WHOLE)
def test_courtesy_beside_an_order_read_whole_is_not_read_for_evidence(
    monkeypatch: pytest.MonkeyPatch, author: str, phase: str, order: str
) -> None:
    """parse.read_evidence passes over a run of an order the plain reader read to its last
    word (Refusal.read_whole) and courtesy alone ("hey gm,\\nIdentify P36", Filler.courtesy):
    the reading is the one the evidence gives, read or not, for every courtesy line before,
    after and around the order; words that may void it ("hmm", "no", "if possible") or name a
    player are read for their evidence, as before."""
    from autogm.engine.orders import parse

    calls = _evidence_reads(monkeypatch)
    shortcut = parse._read_whole_with_courtesy

    def one_fragment(msg, run):  # type: ignore[no-untyped-def]
        """The clear path: only a lone fragment read whole is passed over."""
        return len(run) == 1 and any(run[0][2] is r for r in msg.read_whole)

    for i, courtesy in enumerate(COURTESY):
        after = COURTESY[(i + 3) % len(COURTESY)]
        for text in (
            f"{courtesy}\n{order}",
            f"{order}\n{after}",
            f"{courtesy}\n{order}\n{after}",
            f"{courtesy} {order}",
        ):
            calls.clear()
            monkeypatch.setattr(parse, "_read_whole_with_courtesy", shortcut)
            fast = _read_whole_pm(author, phase, text)
            assert not calls, (text, calls)
            monkeypatch.setattr(parse, "_read_whole_with_courtesy", one_fragment)
            assert _read_whole_pm(author, phase, text) == fast, text
            assert not fast.accepted and len(fast.rejected) == 1, (text, fast)
    monkeypatch.setattr(parse, "_read_whole_with_courtesy", shortcut)
    for words in NOT_COURTESY:
        calls.clear()
        _read_whole_pm(author, phase, f"{order}\n{words}")
        assert calls, words


# Words around an order: courtesy, and words that may void it or time it.
AROUND = ["{o}", "hey gm,\n{o}", "Hi GM! {o} :D", "{o}\nty", "{o}?", "{o} if possible", "maybe {o}"]
AROUND += ["{o} tomorrow", "{o}, jk", "[b]{o}[/b]. ty"]


@pytest.mark.parametrize("phase", ["Night 1", "Day 1", "Day 2"])
def test_the_runs_passed_over_read_as_their_evidence_does(
    monkeypatch: pytest.MonkeyPatch, phase: str
) -> None:
    """Every run read_evidence passes over (parse._read_whole_with_courtesy: an order read to
    its last word and refused for a missing detail, with courtesy) reads as the evidence
    reads it: for every role of the largest game, each ability it holds written as a player
    writes it (bench_engine.order_text), in words around it that may void it or not; from a
    role that cannot use it now ("Identify P22" by night: not now) and asked ("...?") it is
    read. (The sweep of three rulesets and five phases, 36,900 readings, found none apart.)"""
    import random

    from autogm.engine.orders import parse
    from benchmarks.bench_engine import largest_roster, order_text

    state = new_game(load_ruleset("dctp-2011"), largest_roster(), 3, Setup())
    state.phase = Phase.parse(phase)
    rng = random.Random(phase)
    shortcut = parse._read_whole_with_courtesy
    passed = 0

    def counted(msg, run):  # type: ignore[no-untyped-def]
        nonlocal passed
        found = shortcut(msg, run)
        passed += found
        return found

    for player in state.players:
        sheet = state.ruleset.role(state.players[player].role)
        for ability in sorted({u.ability for slot in sheet.slots for u in slot.options}):
            order = order_text(state, player, ability, 1, rng)
            for around in AROUND:
                text = around.format(o=order)
                monkeypatch.setattr(parse, "_read_whole_with_courtesy", counted)
                fast = read_pm(state, player, text)
                monkeypatch.setattr(parse, "_read_whole_with_courtesy", lambda msg, run: False)
                assert read_pm(state, player, text) == fast, (player, text)
    assert passed or phase.startswith("Night")  # the day abilities name a role or a guise
