"""The orders open to a player now: for each slot they hold in this kind of phase, an order
with its arguments drawn at random, kept only when the engine's own send-time check
(``engine.validate.check_order``) lets it stand. The policy knows the shape of each order (a
target, a role, queries, a crime and a phase); the rules stay the engine's."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from engine.abilities import abilities_for
from engine.abilities.kill import kill_cycle_due
from engine.abilities.lent import LENT
from engine.orders.model import CRIME_NOUN, Order, Query
from engine.phases import Phase, PhaseKind
from engine.rules.base import AbilityUse, Side
from engine.state import ABROAD, IN_FLIGHT, GameState, Status
from engine.validate import check_order, held_slots

# Orders written as the ability's name alone.
BARE = frozenset(
    {
        "abduct",
        "bribe",
        "travel",
        "betrayal",
        "voice_of_reason",
        "voice_of_accusation",
        "defuse",
        "somersault",
        "seance",
        "hit",
        "joker_bust",
        "bust",
        "sawed_off",
        "shotgun",
        "militia_off",
    }
)
KILLS = frozenset({"kill", "snipe"})
# Orders that name a role for their target: "APTX X as Gin", "Identify X as Sonoko".
AS_ROLE = frozenset(
    {
        "aptx",
        "poison",
        "identify",
        "police_identify",
        "backstab",
        "punish",
        "expose",
        "whistleblower",
        "bloodbath",
        "entrapment",
        "sniper",
        "sabotage",
    }
)
# Orders that name a role alone: "Detect Gin".
ROLE_ONLY = frozenset({"detect", "police_detect"})
# Orders that name a phase alone: "Analyze my interrogation from Night 1".
PHASE_ONLY = frozenset({"analyze"})
# Orders whose queries name a past phase: "Special Investigate A kills B on Night 1".
PAST_QUERIES = frozenset({"special_investigate", "follow_up"})
# Orders that name several players (how many is the ability's: tried from the likeliest).
LISTS = frozenset({"disguise", "friendship", "amor", "spy", "deal", "leader_ranking"})
# Orders that harm or hinder their target: an informed player aims them at the other side.
HARMFUL = frozenset(
    {
        "kill",
        "snipe",
        "slander",
        "discombobulate",
        "frighten",
        "steal",
        "erase",
        "aptx",
        "poison",
        "arrest",
        "detention",
        "house_search",
        "pinch_face",
        "blame",
        "plant_vest",
        "pistol",
        "sniper",
        "tommy_gun",
        "revolver",
        "punish",
        "backstab",
        "assault",
        "bloodbath",
        "detain",
        "interrogate_block",
        "brainwash",
        "sabotage",
        "entrapment",
        "hit",
    }
)
# Orders that help or guard their target: an informed player aims them at their own side.
HELPFUL = frozenset(
    {
        "heal",
        "first_aid",
        "protect",
        "bone_breaking",
        "lovey_dovey",
        "watch",
        "bow_tie",
        "charm",
        "protection_charm",
        "accompany",
        "black_suitcase",
        "cover",
        "lawsuit",
        "vigil",
        "assist",
    }
)
# Investigation queries: the keywords players ask about most.
QUERY_WORDS = (
    "kill",
    "kill",
    "kill",
    "heal",
    "protect",
    "discombobulate",
    "slander",
    "investigate",
    "interrogate",
    "steal",
)

Chooser = Callable[[str, Sequence[str]], str]


@dataclass
class Options:
    """What the policy hands the order maker: who it would aim each kind of order at."""

    rng: random.Random
    # (ability, candidates) -> the target; the random policy draws among them.
    choose: Chooser | None = None
    # Players the policy wants as the subject of its queries and arrests.
    suspects: Sequence[str] = ()
    victims: Sequence[str] = ()
    tries: int = 3
    # A leader's kill names the member whose turn it is ("Vodka kills X"), not now and then.
    name_killer: bool = False
    sizes: dict[str, int] = field(default_factory=dict)  # list sizes found, per ability
    held: list = field(default_factory=list)  # the player's held slots this phase
    free: list[str] = field(default_factory=list)  # the free players this phase


def free_players(state: GameState) -> list[str]:
    return [n for n, p in state.players.items() if p.status is Status.ALIVE]


def open_slots(
    state: GameState, player: str, held=None
) -> list[tuple[str, tuple[AbilityUse, ...]]]:
    """The player's slots usable in this kind of phase: (key, the uses it offers)."""
    kind = state.phase.kind
    held = held_slots(state, player) if held is None else held
    return [(key, slot.options) for key, slot in held if kind in slot.phases]


def legal_orders(state: GameState, player: str, opts: Options) -> list[Order]:
    """One legal order per slot the player may fill now (a slot none of whose drawn orders
    stands is left out), votes aside: ``vote_order`` makes those."""
    found: list[Order] = []
    seen: set[str] = set()
    # The player's slots, found once for every order checked (check_order takes them).
    opts.held = held_slots(state, player)
    opts.free = free_players(state)
    # The Black Org's night kill is one order, whichever word it takes (a 2011 sniper's
    # "Kill" is their snipe: "Snipe replaces kill for the specified roles").
    for key, uses in open_slots(state, player, opts.held):
        if key.startswith("common:vote"):
            continue
        choices = [u for u in uses if u.ability != "vote"]
        opts.rng.shuffle(choices)
        # A lent slot is asked for by its name ("Bow-tie: Interrogate X"), else the order
        # would fill the player's own slot of the same ability.
        via = key.removeprefix(LENT) if key.startswith(LENT) else None
        if via is not None and via in seen:
            continue  # one order through a lent item a phase (the bow-tie's is one choice)
        for use in choices:
            order = _legal(state, player, use, opts, via)
            family = "kill" if order is not None and order.ability in KILLS else None
            if order is not None and (family or order.ability) not in seen:
                seen.add(family or order.ability)
                if via is not None:
                    seen.add(via)
                found.append(order)
                break
    # "A player may travel or act in a phase, not both": an order that must stand alone
    # (Travel) is sent alone, or not at all.
    abilities = abilities_for(state.ruleset)
    alone = [o for o in found if getattr(abilities.get(o.ability), "alone", False)]
    if alone:
        # A traveler abroad flies home; one in Japan leaves one phase in ten (a player who
        # keeps flying is out of every night's reach, and the game never ends).
        me = state.players[player]
        if me.has(IN_FLIGHT, state.phase):
            return [o for o in found if o not in alone]  # on the plane already
        if me.has(ABROAD, state.phase) or opts.rng.random() < 0.1:
            return alone[:1]
        return [o for o in found if o not in alone]
    return found


def _legal(
    state: GameState, player: str, use: AbilityUse, opts: Options, via: str | None = None
) -> Order | None:
    for _ in range(opts.tries):
        order = make_order(state, player, use, opts)
        if order is not None and via is not None:
            order = replace(order, via=via)
        if order is not None and not isinstance(check_order(state, order, opts.held), str):
            return order
    return None


def make_order(state: GameState, player: str, use: AbilityUse, opts: Options) -> Order | None:
    """An order for ``use`` with its arguments drawn; None when it has nobody to name."""
    rng, ability = opts.rng, use.ability
    everyone = list(state.players)
    others = [n for n in (opts.free or free_players(state)) if n != player]
    if not others:
        return None

    def target(pool: Sequence[str] | None = None) -> str:
        pool = list(pool or others)
        return opts.choose(ability, pool) if opts.choose else rng.choice(pool)

    roles = sorted(state.ruleset.roles)
    if ability in BARE:
        return Order(player, ability)
    if ability in ("kill", "snipe") and state.ruleset.family == "dctp":
        return _kill(state, player, ability, others, target, opts)
    if ability in AS_ROLE:
        return Order(player, ability, (target(),), role=rng.choice(roles))
    if ability in ROLE_ONLY:
        return Order(player, ability, role=rng.choice(roles))
    if ability in PHASE_ONLY:
        nights = [Phase(i) for i in range(1, state.phase.index) if Phase(i).is_night]
        return Order(player, ability, when=rng.choice(nights)) if nights else None
    if ability == "arrest":
        return _arrest(state, player, others, target, opts)
    if ability == "blame":
        crime = "kill"
        return Order(player, ability, (target(),), crime=crime, victim=rng.choice(everyone))
    if ability == "investigate":
        return Order(player, ability, queries=_queries(state, player, use.count, opts, False))
    if ability in PAST_QUERIES:
        if state.phase.index <= 1:
            return None
        return Order(player, ability, queries=_queries(state, player, 1, opts, True))
    if ability == "observe":
        return Order(player, ability, (target(),), choice=rng.choice(("age", "gender")))
    if ability == "choose_costumes":
        offer = list(state.costume_offers.get(player, ()))
        return Order(player, ability, roles=tuple(rng.sample(offer, 2))) if len(offer) > 1 else None
    if ability == "temporary_disguise":
        held = sorted(set(state.costumes.get(player, ())))
        return Order(player, ability, role=rng.choice(held)) if held else None
    if ability == "lawsuit":
        arrested = [n for n, p in state.players.items() if p.status is Status.ARRESTED]
        return Order(player, ability, (rng.choice(arrested),)) if arrested else None
    if ability == "leader_ranking":
        members = [n for n in free_players(state) if state.side(n) is Side.BLACK_ORG]
        return Order(player, ability, tuple(rng.sample(members, len(members))))
    if ability == "all_in":
        # "publish the complete list of everyone's Midnight roles": each other player once.
        listed = [n for n in state.players if n != player]
        return Order(player, ability, tuple(listed), roles=tuple(rng.choice(roles) for _ in listed))
    if ability in LISTS:
        return _listed(state, player, ability, others, opts)
    return Order(player, ability, (target(),))


def _kill(state: GameState, player: str, ability: str, others: list[str], target, opts: Options):
    """The night kill; the leader may name the member who carries it out."""
    enemies = [n for n in others if state.side(n) is not Side.BLACK_ORG] or others
    victim = target(enemies)
    killer = None
    if state.current_leader() == player:
        due = [m for m in kill_cycle_due(state) if m != player]
        if due and (opts.name_killer or opts.rng.random() < 0.5):
            killer = due[0]
    return Order(player, ability, (victim,), killer=killer)


def _arrest(state: GameState, player: str, others: list[str], target, opts: Options):
    rng = opts.rng
    # A crime as the text's keywords name it ("poisoning" is a killing): what an arrest's
    # restatement says.
    keyword = state.ruleset.keywords
    crimes = sorted({keyword.get(c, c) for c in state.ruleset.crimes} & set(CRIME_NOUN))
    suspect = next(iter(opts.suspects)) if opts.suspects else target()
    victim = next(iter(opts.victims)) if opts.victims else rng.choice(list(state.players))
    crime = "kill" if opts.suspects else rng.choice(crimes)
    if crime in ("disguise", "temporary_disguise"):
        victim = rng.choice(sorted(state.ruleset.roles))  # "for disguising as Ran"
    past = [Phase(i) for i in range(1, state.phase.index + 1) if Phase(i) != state.phase]
    when = rng.choice(past) if past else state.phase
    order = Order(player, "arrest", (suspect,), crime=crime, victim=victim, when=when)
    if isinstance(check_order(state, order), str):
        return Order(player, "arrest", (suspect,), crime=crime, victim=victim)  # classic
    return order


def _queries(state: GameState, player: str, count: int, opts: Options, past: bool):
    rng = opts.rng
    everyone = [n for n in state.players if n != player]
    keywords = [w for w in QUERY_WORDS if w in set(state.ruleset.keywords.values()) | {"kill"}]
    asked = []
    for i in range(max(1, count)):
        subject = opts.suspects[i] if i < len(opts.suspects) else rng.choice(everyone)
        victim = opts.victims[0] if opts.victims else rng.choice(list(state.players))
        keyword = "kill" if opts.suspects else rng.choice(keywords)
        when = Phase(rng.randrange(1, state.phase.index)) if past else None
        asked.append(Query(subject, keyword, victim, when))
    return tuple(asked)


def _listed(state: GameState, player: str, ability: str, others: list[str], opts: Options):
    """A list of players whose length is the ability's: the length that stood before in this
    game first, then the likeliest ones."""
    rng = opts.rng
    known = opts.sizes.get(ability)
    sizes = [known] if known else [3, 4, 5, 2, 6, 1]
    for size in sizes:
        if size > len(others):
            continue
        order = Order(player, ability, tuple(rng.sample(others, size)))
        if not isinstance(check_order(state, order, opts.held or None), str):
            opts.sizes[ability] = size
            return order
    return None


def vote_order(state: GameState, player: str, target: str | None, choice: str | None) -> Order:
    """A vote for ``target``, or for no lynch / an abstention (``choice``)."""
    if target is None:
        return Order(player, "vote", choice=choice)
    return Order(player, "vote", (target,))


def can_vote(state: GameState, player: str) -> bool:
    """Whether the player holds a vote now (the engine's check of a vote for anyone)."""
    if state.phase.kind is not PhaseKind.DAY:
        return False
    probe = Order(player, "vote", choice="abstain")
    return not isinstance(check_order(state, probe), str)
