"""What a simulation deals: a named setup of the engine (``engine.role_setups``), dealt by
each game's seed with the constraints the deal honours; or a role list the GM gives. A game
of a config file (its ``[setup:NAME]`` or role list, as ``autogm run`` would deal it) is read
by the command (daemon/cli/simulate.py) into the same ``SimSetup``.

Each ruleset has a default setup, sized to the player count: the usual shape of a round of
its forum (a quarter Black Org, the police and a healer always in), so that ``autogm
simulate --ruleset dctp-2011 --players 16`` answers the first question a GM asks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from autogm.engine.deal import check_role_list, deal_roles
from autogm.engine.role_setups import Constraint, RoleSetup, build_setup, check_size, deal_setup
from autogm.engine.rules import load_ruleset
from autogm.engine.rules.base import Ruleset, RulesetError
from autogm.simulator.names import player_names


class SimSetupError(RulesetError):
    """A setup that cannot be simulated, told in one line."""


# The default setups: (always dealt, the Black Org pool, the town pool). The Black Org's
# number is a quarter of the players (at least two), a constraint of the deal.
def _roles(text: str) -> tuple[str, ...]:
    return tuple(text.split(", "))


_DCTP_ALWAYS = _roles("Gin, one of Chianti/Korn, Megure, Shiratori, Araide, one of Shinichi/Conan")
_DCTP_BLACK_ORG = _roles("Vodka, Vermouth, Bourbon, Pisco, Tequila, Akemi, Irish, Calvados, Sherry")
_DCTP_TOWN = _roles(
    "Satou, Takagi, Chiba, James, Akai, Jodie, Camel, Heiji, Kazuha, Ran, Agasa, Kogorou, Eri, "
    "Kobayashi, Eisuke, Hakuba, Makoto, Sonoko, Yuusaku, Okiya, Nakamori, Kujou, Kaitou Kid"
)
# classic has no Kobayashi, Yuusaku, Nakamori or Kujou; Sherry is town there.
_CLASSIC_TOWN = (
    *(r for r in _DCTP_TOWN if r not in {"Kobayashi", "Yuusaku", "Nakamori", "Kujou"}),
    *_roles("Sherry, Mitsuhiko, Shinichi"),
)
DEFAULTS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "dctp-2011": (_DCTP_ALWAYS, _DCTP_BLACK_ORG, _DCTP_TOWN),
    "dctp-r53": (_DCTP_ALWAYS, _DCTP_BLACK_ORG, (*_DCTP_TOWN, "Sera", "Minerva")),
    # classic: "There are at least 2 DB's in the game".
    "dctp-classic": (
        _roles("Gin, one of Chianti/Korn/Calvados, Megure, Shiratori, Araide, Ayumi, Genta"),
        _roles("Vodka, Vermouth, Bourbon, Pisco, Tequila, Akemi, Irish"),
        _CLASSIC_TOWN,
    ),
    # midnight: the Mafia, the Law and a Neutral; "Civilian" may be dealt three times.
    "midnight": (
        _roles("Boss, Killer, Officer, Cop, Civilian, one of Psycho/Evil Genius/Joker"),
        _roles("Agent, Renegade"),
        _roles("Criminologist, Detective, Vigilante, Civilian, Civilian"),
    ),
}


@dataclass(frozen=True)
class SimSetup:
    """How each game of a run is dealt: the ruleset (with options), the players' names, and
    a setup or a role list dealt by the game's seed. ``votes`` says where day votes go
    (``pm`` or ``topic``); midnight reads its public orders in the topic whatever it says."""

    ruleset_id: str
    options: Mapping[str, object]
    players: tuple[str, ...]
    setup: RoleSetup | None = None
    roles: tuple[str, ...] = ()
    votes: str = "pm"
    description: str = ""
    _ruleset: list[Ruleset] = field(default_factory=list, compare=False, repr=False)

    @property
    def ruleset(self) -> Ruleset:
        if not self._ruleset:  # loaded once per process (a setup is pickled to workers)
            self._ruleset.append(load_ruleset(self.ruleset_id, dict(self.options)))
        return self._ruleset[0]

    def deal(self, seed: int) -> dict[str, str]:
        """Player -> role for the game of ``seed``."""
        if self.setup is not None:
            return deal_setup(self.ruleset, self.setup, list(self.players), seed).roster
        return deal_roles(self.ruleset, list(self.players), list(self.roles), seed)

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["_ruleset"] = []
        return state


def _default_setup(ruleset: Ruleset, players: int) -> RoleSetup:
    always, black_org, town = DEFAULTS[ruleset.id]
    entries = [tuple(e.removeprefix("one of ").split("/")) for e in always]
    if ruleset.family == "midnight":
        # Boss and Killer always in; a quarter Mafia with the pool's others, then the Law.
        mafia = max(0, max(2, players // 4) - 2)
        fill = black_org[:mafia] + town
        size = len(entries) + len(fill)
        if players > size or players < len(entries):
            raise SimSetupError(
                f"the default midnight setup deals {len(entries)} to {size} players, not {players}"
            )
        return build_setup(ruleset, "default", entries, fill[: players - len(entries)])
    bo = max(2, round(players / 4))
    constraints = [Constraint("black_org", str(bo), (), bo, bo)]
    if "Heiji" in town and "Kazuha" in town:
        constraints.append(Constraint("together", "Heiji + Kazuha", ("Heiji", "Kazuha")))
    return build_setup(ruleset, "default", entries, black_org + town, (), constraints)


def make_setup(
    ruleset_id: str,
    players: int,
    *,
    roles: Sequence[str] = (),
    options: Mapping[str, object] | None = None,
    votes: str = "pm",
) -> SimSetup:
    """A ruleset's default setup for ``players`` players, or the role list ``roles``."""
    options = dict(options or {})
    ruleset = load_ruleset(ruleset_id, options)
    names = tuple(player_names(players))
    if roles:
        if len(roles) != players:
            raise SimSetupError(f"{players} players but {len(roles)} roles to deal")
        check_role_list(ruleset, roles)
        return SimSetup(
            ruleset_id,
            options,
            names,
            roles=tuple(roles),
            votes=votes,
            description=f"{ruleset_id}, {players} players: {', '.join(roles)}",
        )
    if ruleset.id not in DEFAULTS:
        raise SimSetupError(f"{ruleset.id} has no default setup: give --roles or --config")
    setup = _default_setup(ruleset, players)
    check_size(ruleset, setup, players)
    return SimSetup(
        ruleset_id,
        options,
        names,
        setup=setup,
        votes=votes,
        description=f"{ruleset_id}, {players} players, the default setup",
    )
