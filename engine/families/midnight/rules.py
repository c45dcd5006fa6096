"""midnight-2023 as data: the Midnight (hidden) and Daylight (open) role sheets, their lines
with the H/J/D/B flags, the starting Guises, and the Council's priority list.

Every sentence a line stands for is in the midnight-2023 rule text; the abilities are in
``engine.families.midnight.abilities``. "Every player has two roles: The "Hidden" (or "Midnight")
role, and the "Open" (or "Daylight") role."
"""

from __future__ import annotations

from autogm.engine.families.midnight.sheets import Line, Model
from autogm.engine.phases import PhaseKind
from autogm.engine.rules.base import AbilityUse, OptionSpec, RoleSheet, Ruleset, Side, Slot, Step

N = frozenset({PhaseKind.NIGHT})
D = frozenset({PhaseKind.DAY})
ANY = frozenset({PhaseKind.NIGHT, PhaseKind.DAY})

# "All players possess these abilities": Vote (a Daylight ability, public) and Letter (a
# Midnight ability).
COMMON = (
    Line("vote", "Vote", D, public=True, midnight=False),
    Line("letter", "Letter", N),
)

MIDNIGHT: dict[str, tuple[Side, str, tuple[Line, ...]]] = {
    "Boss": (
        Side.MAFIA,
        "Boss(1)Detective(1)Cop(1)Evil Genius(1)Civilian(1)",
        (
            Line("interrogate", "Interrogate", flags="B", group="interrogate"),
            Line("brain", "Brain of the Operation", flags="H", group="interrogate"),
            Line("shotgun", "Sawed-off Shotgun"),
            Line("call", "The Call", flags="H"),
            Line("streetwise", "Streetwise", passive=True),
        ),
    ),
    "Killer": (
        Side.MAFIA,
        "Killer(1)Officer(1)Vigilante(1)Joker(1)Civilian(1)",
        (
            # "Arsenal — during the Night, you can attack a target with one of the weapons"
            Line("pistol", "Pistol", flags="H", group="arsenal"),
            Line("sniper", "Sniper Rifle", group="arsenal"),
            Line("tommy_gun", "Tommy-gun", group="arsenal"),
            Line("pass_down", "Pass down", passive=True),
        ),
    ),
    "Agent": (
        Side.MAFIA,
        "Agent(1)Criminologist(1)Psycho(1)Evil Genius(1)Joker(1)Civilian(1)",
        (
            Line("slander", "Slander", flags="H"),
            Line("sabotage", "Sabotage", group="sabotage"),
            Line("entrapment", "Entrapment", group="sabotage", distinct_targets=True),
            Line("disguise", "Disguise", flags="H", group="sabotage"),
        ),
    ),
    "Renegade": (
        Side.MAFIA,
        "Renegade(1)Agent(1)Detective(1)Joker(1)Civilian(1)",
        (
            Line("backstab", "Backstab", group="backstab"),
            Line("thwart", "Thwart", flags="H", group="backstab", distinct_targets=True),
            Line("taking_matters", "Taking Matters", group="backstab"),
        ),
    ),
    "Officer": (
        Side.LAW,
        "Officer(1)Killer(1)Vigilante(1)Psycho(1)Evil Genius(1)Civilian(1)",
        (
            Line("revolver", "Revolver"),
            Line("militia", "Militia", flags="H", once_per_game=True),
        ),
    ),
    "Criminologist": (
        Side.LAW,
        "Criminologist(1)Boss(1)Renegade(1)Cop(1)Joker(1)",
        (
            Line("testimony", "Testimony", group="testimony"),
            Line("autopsy", "Autopsy", group="testimony"),
        ),
    ),
    "Detective": (
        Side.LAW,
        "Detective(1)Agent(1)Criminologist(1)Psycho(1)Evil Genius(1)Civilian(1)",
        (
            Line("sweep", "Sweep"),
            Line("clues", "Clues", D),
        ),
    ),
    "Cop": (
        Side.LAW,
        "Cop(1)Boss(1)Agent(1)Officer(1)Evil Genius(1)Civilian(1)",
        (
            Line("detain", "Detain", group="detain", distinct_targets=True),
            Line("interrogate", "Interrogate", flags="B", group="detain", distinct_targets=True),
        ),
    ),
    "Vigilante": (
        Side.LAW,
        "Vigilante(1)Killer(1)Detective(1)Psycho(1)Joker(1)Civilian(1)",
        (
            Line("punish", "Punish", group="punish", from_night=2),
            Line("vigil", "Vigil", flags="H", group="punish", distinct_targets=True),
        ),
    ),
    "Civilian": (
        Side.LAW,
        # "(1 of each Midnight role)"
        "Boss(1)Killer(1)Agent(1)Renegade(1)Officer(1)Criminologist(1)Detective(1)Cop(1)"
        "Vigilante(1)Civilian(1)Psycho(1)Evil Genius(1)Joker(1)",
        (
            Line("rank_and_file", "Rank and file", passive=True),
            Line("assist", "Assist", D, flags="H"),
            Line("taking_matters", "Taking Matters"),
            Line("jury_duty", "Jury duty"),
            Line("expose", "Expose"),
        ),
    ),
    "Psycho": (
        Side.NEUTRAL,
        "Psycho(1)",
        (
            Line("double_life", "Double Life", ANY, flags="HJ", instant=True),
            Line("stalk", "Stalk", flags="HJ"),
            Line("assault", "Assault", flags="HJB", group="assault", from_night=2),
            Line("bloodbath", "Bloodbath", flags="HJB", group="assault"),
            Line("slippery_bastard", "Slippery bastard", flags="HJ", passive=True),
            Line("public_enemy", "Public Enemy", flags="HJ", passive=True),
            Line("last_man_standing", "Last Man Standing", flags="HJ", passive=True),
        ),
    ),
    "Evil Genius": (
        Side.NEUTRAL,
        "Evil Genius(1)Boss(1)Renegade(1)Criminologist(1)Cop(1)Vigilante(1)Civilian(1)",
        (
            Line("master_plan", "Master Plan", flags="HJ", passive=True),
            Line("abduct", "Abduct", flags="H", group="abduct", distinct_targets=True),
            Line("propaganda", "Propaganda", flags="H", group="abduct", distinct_targets=True),
            Line(
                "whistleblower", "Whistleblower", flags="HJ", group="abduct", distinct_targets=True
            ),
            Line("brainwash", "Brainwash", flags="HJ", group="brainwash", distinct_targets=True),
            Line("bribe", "Bribe", flags="H", group="brainwash", once_per_game=True),
            Line("ddd", "DDD", flags="HJ", passive=True),
        ),
    ),
    "Joker": (
        Side.NEUTRAL,
        "Joker(1)Killer(1)Agent(1)Officer(1)Detective(1)Cop(1)Civilian(1)",
        (
            Line("hand_of_fate", "Hand of Fate", flags="HJD", passive=True),
            Line("deal", "Deal", flags="H"),
            Line("play", "Play", flags="H"),
            Line("hit", "Hit", flags="H", group="hit"),
            Line("joker_bust", "Bust", flags="H", group="hit"),
            Line("croupier", "Croupier", flags="HJ", passive=True),
            # "you can publish the complete list": declared in the game topic (a ruling).
            Line("all_in", "All-in", ANY, flags="H", instant=True, public=True),
        ),
    ),
}

# "Open Roles", in the text's order (the Council's priority: "players whose Open Roles are
# listed earlier have priority").
DAYLIGHT: dict[str, tuple[Line, ...]] = {
    "Highlander": (Line("immortality", "Immortality", flags="J", passive=True, midnight=False),),
    "Prosecutor": (Line("accuse", "Accuse", D, once_per_game=True, public=True, midnight=False),),
    "Brute": (Line("sturdy", "Sturdy", passive=True, midnight=False),),
    "Monk": (Line("meditation", "Meditation", passive=True, midnight=False),),
    "Sociopath": (Line("shut_in", "Shut-in", passive=True, midnight=False),),
    "Avenger": (
        Line(
            "unfinished_business",
            "Unfinished business",
            flags="J",
            passive=True,
            once_per_game=True,
            midnight=False,
        ),
    ),
    "Warrior": (Line("unstoppable", "Unstoppable", passive=True, midnight=False),),
    "Acrobat": (Line("somersault", "Somersault", once_per_game=True, midnight=False),),
    "Honcho": (Line("authority", "Authority", passive=True, midnight=False),),
    "Marauder": (Line("tomb_raider", "Tomb Raider", once_per_game=True, midnight=False),),
    "Politician": (
        Line("despotism", "Despotism", passive=True, midnight=False),
        Line("qualified_immunity", "Qualified immunity", passive=True, midnight=False),
    ),
    "Anonymous": (Line("incognito", "Incognito", passive=True, midnight=False),),
    "Journalist": (Line("investigate", "Investigate", D, public=True, midnight=False),),
    "Technician": (Line("mishap", "Mishap", D, once_per_game=True, public=True, midnight=False),),
    "Chef": (
        Line(
            "kitchen_nightmares",
            "Kitchen Nightmares",
            D,
            public=True,
            distinct_targets=True,
            midnight=False,
        ),
    ),
    "Ambassador": (Line("negotiation", "Negotiation", passive=True, midnight=False),),
    "Commissioner": (Line("bust", "Bust", D, once_per_game=True, public=True, midnight=False),),
    "Undertaker": (
        Line("exhume", "Exhume", ANY, once_per_game=True, instant=True, midnight=False),
    ),
    "Lawyer": (Line("absolve", "Absolve", passive=True, once_per_game=True, midnight=False),),
    "Rebel": (Line("revolt", "Revolt", D, public=True, midnight=False),),
    "Millionaire": (Line("vip", "VIP", flags="J", passive=True, midnight=False),),
    # The saving is passive; spending is an order by Day, declared with the vote it augments
    # (docs/rulings.md, "midnight: Daylight roles").
    "Tattletale": (
        Line("blackmail_material", "Blackmail material", D, flags="J", public=True, midnight=False),
    ),
    "Psychic": (Line("seance", "Séance", D, midnight=False),),
    # "(Other) You can choose any other role name. In that case you have no additional
    # abilities."
    "Other": (),
}
OTHER = "Other"


def parse_guises(text: str) -> tuple[tuple[str, int], ...]:
    """``Boss(1)Detective(1)`` as ((Boss, 1), (Detective, 1)); the text's stray "/" is
    ignored ("Agent(1)/Criminologist(1)")."""
    found: list[tuple[str, int]] = []
    for part in text.replace("/", "").split(")"):
        if part.strip():
            name, count = part.split("(")
            found.append((name.strip(), int(count)))
    return tuple(found)


def _slots(lines: tuple[Line, ...]) -> tuple[Slot, ...]:
    """Lines with an order as slots: one slot per group ("unless you use X")."""
    slots: dict[str, list[Line]] = {}
    for line in lines:
        if not line.passive:
            slots.setdefault(line.group or line.ability, []).append(line)
    return tuple(
        Slot(tuple(AbilityUse(x.ability) for x in group), group[0].phases)
        for group in slots.values()
    )


def _sheet(name: str, side: Side, lines: tuple[Line, ...], group: str) -> RoleSheet:
    # The DCTP information fields (interrogation, scent, age, gender) have no meaning here:
    # midnight's information is the Guise system.
    return RoleSheet(
        name=name, title=name, group=group, side=side, slots=_slots(lines), interrogation="",
        scent=False, disguisable=False, items=(), observe=(), gender="",
    )  # fmt: skip


def _lines() -> dict[tuple[str, str], Line]:
    lines = {("", line.ability): line for line in COMMON}
    for role, (_, _, role_lines) in MIDNIGHT.items():
        lines.update({(role, line.ability): line for line in role_lines})
    for role, role_lines in DAYLIGHT.items():
        lines.update({(role, line.ability): line for line in role_lines})
    return lines


MODEL = Model(
    guises={role: parse_guises(text) for role, (_, text, _) in MIDNIGHT.items()},
    lines=_lines(),
    council_order=tuple(r for r in DAYLIGHT if r != OTHER),
    # Hand of Fate: "Joker starts with 1 card."
    start_cards={"Joker": 1},
    open_roles={
        role: _sheet(role, Side.NEUTRAL, lines, "Daylight") for role, lines in DAYLIGHT.items()
    },
)


RULESET = Ruleset(
    id="midnight",
    family="midnight",
    roles={
        role: _sheet(role, side, lines, side.value.title())
        for role, (side, _, lines) in MIDNIGHT.items()
    },
    order_of_actions=(),
    # The internal order of a phase that the text resolves "simultaneously" (a ruling:
    # docs/rulings.md, "midnight: the order of resolution").
    orders={
        PhaseKind.NIGHT: (
            Step.BLOCK,
            Step.BLOCKABLE_BLOCK,
            Step.GUISES,
            Step.PROTECT,
            Step.ATTACK,
            Step.DAMAGE,
            Step.JAIL,
            Step.MESSAGES,
        ),
        PhaseKind.DAY: (
            Step.GUISES,
            Step.PROTECT,
            Step.ATTACK,
            Step.DAMAGE,
            Step.JAIL,
            Step.COUNCIL,
            Step.MESSAGES,
        ),
    },
    option_specs={
        spec.name: spec
        for spec in (
            OptionSpec(
                "spirit_on_council",
                True,
                (True, False),
                'Whether the Avenger\'s Unfinished business ("instead of dying") also keeps a '
                "player voted out by the Council from dying (true), or only a death by damage "
                "(false).",
            ),
            OptionSpec(
                "council_needs_a_vote",
                False,
                (True, False),
                "Whether a Day on which no player cast a vote holds no Council, so that votes "
                "added by abilities (Accuse, Revolt, Jury duty) count for nothing and nobody "
                'dies (true), or the Council counts them alone ("the player with most votes '
                'dies", false).',
            ),
            OptionSpec(
                "stalemate_after",
                5,
                (),
                'The GM rules that "no player can win" and ends the game as a stalemate after '
                "this many Days and Nights in a row in which nobody died or turned into a "
                "spirit, while no Evil Genius lives to gain his plans; 0: only when nobody "
                "lives or no Neutral can win.",
            ),
            OptionSpec(
                "letters",
                "relay",
                ("relay", "approve"),
                "Whether Letters and The Call are relayed as the players wrote them at the "
                "close (relay), or held for the GM, who approves, rewrites or withholds each "
                '(approve: "pretending to be another player is not allowed").',
            ),
            OptionSpec(
                "incognito_in_jail",
                True,
                (True, False),
                'Whether the Anonymous keeps the one Guise Anonymous(1) in Jail ("regardless '
                'of any other effects", true), or Jail disables Incognito like every ability '
                "not marked J (false).",
            ),
        )
    },
    common_slots={"all": _slots(COMMON)},
    # How notices and restated orders name an ability: as its line does ("Sawed-off Shotgun").
    titles={ability: line.title for (_, ability), line in MODEL.lines.items()},
    # "Hidden roles are distributed randomly": the GM's list, dealt by the seed. "Civilian —
    # yes, another one", "Civilian — yes, three of them": three copies of one role
    # (docs/rulings.md, "midnight: naming roles, the three Civilians"). A game without Mafia or
    # without Law is won before it starts.
    deal_copies={"Civilian": 3},
    deal_sides=(Side.MAFIA, Side.LAW),
    signup_choices=tuple(DAYLIGHT),
    ext=MODEL,
)
