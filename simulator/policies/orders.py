"""The orders open to a player now: for each slot they hold in this kind of phase, an order
with its parts drawn at random, kept only when the engine's own send-time check
(``engine.validate.check_order``) lets it stand. What an order names (a target, players, a
role, Guises, queries, a crime and a phase, a choice, words) is read off the ability's own
declaration (simulator/policies/shapes.py), so every order of every ruleset can be written;
the rules stay the engine's."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from autogm.engine.ability import abilities_for
from autogm.engine.families import FAMILIES
from autogm.engine.families.dctp.abilities.kill import kill_cycle_due
from autogm.engine.families.dctp.abilities.lent import LENT
from autogm.engine.families.dctp.state import DctpState, current_leader
from autogm.engine.families.midnight.reader import TOWN
from autogm.engine.orders import vocab
from autogm.engine.orders.kinds import Kind, kind_of
from autogm.engine.orders.model import Order, Query
from autogm.engine.orders.seam import HeldSlots
from autogm.engine.phases import Phase, PhaseKind
from autogm.engine.reading import GameRules
from autogm.engine.rules.base import AbilityUse, Ruleset, Side, per_ruleset
from autogm.engine.state import ABROAD, IN_FLIGHT, GameState, Status
from autogm.engine.validate import held_slots
from autogm.simulator.policies.shapes import Shape, shape_of

# The Black Org's night kill, whichever word it takes (a 2011 sniper's "Kill" is their snipe:
# "Snipe replaces kill for the specified roles"): one order, which a leader may give another.
KILLS = frozenset({"kill", "snipe"})
# Refusals about the player and the phase, not the order's parts ("Plant Vest is usable once
# per game", "you are suspended"): drawing the parts again would be refused the same way.
UNDRAWN = frozenset({Kind.NOT_NOW, Kind.NOT_HELD})
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

# The Black Org's side read once (a member read from its class is slow on Python 3.11: see
# engine/state.py): a night kill drawn asks the side of every free player.
_BLACK_ORG = Side.BLACK_ORG


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
    # The rules of the state as the session keeps them (GameSession.rules): the slots and
    # send-time checks the reading of the PM asks for again. None: found for this state.
    rules: GameRules | None = None
    held: HeldSlots = field(default_factory=list)  # the player's held slots this phase
    free: Sequence[str] = ()  # the free players this phase
    # Whether the player uses a slot for this ability this phase (drawn before the order is,
    # so that an order the player will not send is not drawn and checked): the random
    # policy's rates. None: every slot with a legal order.
    uses: Callable[[str], bool] | None = None


def free_players(state: GameState, rules: GameRules | None = None) -> Sequence[str]:
    """The free players, in the roster's order; found once per state when ``rules`` are the
    session's rules of ``state`` (``GameSession.rules``), as every player of a phase asks."""
    if rules is not None and rules.state is state:
        return rules.free()
    return state.free_players()


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
    # The player's slots, found once for every order checked (the check takes them).
    if opts.rules is None or opts.rules.state is not state:
        opts.rules = GameRules(state)
    opts.held = opts.rules.slots(player) or []
    opts.free = free_players(state, opts.rules)
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
            if opts.uses is not None and not opts.uses(use.ability):
                break  # the slot left unused this phase
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
    for attempt in range(opts.tries):
        order = make_order(state, player, use, opts, attempt)
        if order is None:
            continue
        if via is not None:
            # Through a lent item the order is the player's own ("Suitcase: Snipe X", a fake
            # the Black Suitcase shows): nobody else carries it out.
            order = replace(order, via=via, killer=None)
        if opts.rules.away(order):
            return None  # out of Japan: only Travel is sent from there
        found = opts.rules.check(order, opts.held)
        if not isinstance(found, str):
            return order
        if kind_of(found, Kind.BAD_TARGET) in UNDRAWN:
            return None  # nothing another draw could change: the ability is not open now
    return None


def make_order(
    state: GameState, player: str, use: AbilityUse, opts: Options, attempt: int = 0
) -> Order | None:
    """An order for ``use`` with its parts drawn as the ability's declaration shapes them
    (simulator/policies/shapes.py); None when it has nobody or nothing to name. A later
    ``attempt`` (after the send-time check refused one) draws from the wider pools the
    declaration allows: players who are not free, the roles the player was given."""
    shape = shape_of(state.ruleset, use.ability)
    if shape is None:
        return None
    if use.ability in KILLS and state.ruleset.family == "dctp":
        return _kill(state, player, use.ability, _Draw(state, player, use, opts, shape, attempt))
    return _MAKERS[shape.kind](_Draw(state, player, use, opts, shape, attempt))


@dataclass
class _Draw:
    """The parts of one order drawn for one attempt."""

    state: GameState
    player: str
    use: AbilityUse
    opts: Options
    shape: Shape
    attempt: int

    @property
    def ability(self) -> str:
        return self.use.ability

    @property
    def rng(self) -> random.Random:
        return self.opts.rng

    def order(self, **parts) -> Order:
        wording = FAMILIES[self.state.ruleset.family].wording
        return Order(self.player, self.ability, **parts, wording=wording)

    def pool(self) -> list[str]:
        """Whom the order may name: the dead for an ability on the dead; else the free
        players (and, on a later attempt of an order that may name them, those who are
        not: first the players in custody, then the dead)."""
        state, shape, me = self.state, self.shape, self.player
        if shape.dead_target:
            return [n for n, p in state.players.items() if p.status is Status.DEAD and n != me]
        free = self.opts.free or free_players(state, self.opts.rules)
        if self.attempt and not shape.free_target:
            dead = self.attempt > 1
            away = [
                n
                for n, p in state.players.items()
                if p.status is not Status.ALIVE and (p.status is Status.DEAD) is dead
            ]
            if away:
                return away
        return [n for n in free if n != me]

    def target(self, pool: Sequence[str] | None = None) -> str | None:
        pool = list(self.pool() if pool is None else pool)
        if not pool:
            return None
        return self.opts.choose(self.ability, pool) if self.opts.choose else self.rng.choice(pool)

    def role(self) -> str:
        """A role named: any of the ruleset's, or on a later attempt one the player was given
        (a costume offered or held)."""
        given = self.given_roles()
        if self.attempt and given:
            return self.rng.choice(given)
        return self.rng.choice(_role_names(self.state.ruleset))

    def given_roles(self) -> list[str]:
        own, me = self.state.ext, self.player
        if not isinstance(own, DctpState):
            return []  # costumes are DCTP's: no other family offers or holds them
        return sorted({*own.costume_offers.get(me, ()), *own.costumes.get(me, ())})

    def guises(self, count: int) -> tuple[str, ...]:
        """``count`` Guises (Midnight role names), of one to three kinds."""
        kinds = self.rng.sample(_role_names(self.state.ruleset), self.rng.randint(1, 3))
        return tuple(sorted(self.rng.choice(kinds) for _ in range(count)))

    def stands(self, order: Order) -> bool:
        return not isinstance(self.opts.rules.check(order, self.opts.held), str)


def _kill(state: GameState, player: str, ability: str, draw: _Draw) -> Order | None:
    """The night kill; the leader may name the member who carries it out."""
    others = draw.pool()
    enemies = [n for n in others if state.side(n) is not _BLACK_ORG] or others
    victim = draw.target(enemies)
    if victim is None:
        return None
    killer = None
    if current_leader(state) == player:
        due = [m for m in kill_cycle_due(state) if m != player]
        if due and (draw.opts.name_killer or draw.rng.random() < 0.5):
            killer = due[0]
    wording = FAMILIES[state.ruleset.family].wording
    return Order(player, ability, (victim,), killer=killer, wording=wording)


def _nothing(d: _Draw) -> Order:
    return d.order()


def _target(d: _Draw) -> Order | None:
    """One player, or as many as the ability names."""
    pool = d.pool()
    if len(pool) < max(1, d.shape.targets):
        return None
    if d.shape.targets > 1:
        return d.order(targets=tuple(d.rng.sample(pool, d.shape.targets)))
    target = d.target(pool)
    return None if target is None else d.order(targets=(target,))


def _targets(d: _Draw) -> Order | None:
    """A list of players whose length the rules decide (one protected, three disguises to
    draw from, a Spy's four to six): the length that stood before first, then from one up.
    On a later attempt a Black Org member lists the members (named to each other in their
    role PMs: a ranking of them)."""
    pool = d.pool()
    if d.attempt and d.state.side(d.player) is Side.BLACK_ORG:
        pool = [n for n in free_players(d.state, d.opts.rules) if d.state.side(n) is Side.BLACK_ORG]
        d.rng.shuffle(pool)
        sizes = [len(pool)]
    elif d.shape.targets > 1:
        sizes = list(range(d.shape.targets, 0, -1))
    else:
        known = d.opts.sizes.get(d.ability)
        sizes = [known] if known else [1, 2, 3, 4, 5, 6]
    for size in sizes:
        if not 0 < size <= len(pool):
            continue
        order = d.order(targets=tuple(d.rng.sample(pool, size)))
        if d.stands(order):
            d.opts.sizes[d.ability] = size
            return order
    return None


def _role(d: _Draw) -> Order:
    return d.order(role=d.role())


def _target_role(d: _Draw) -> Order | None:
    target = d.target()
    return None if target is None else d.order(targets=(target,), role=d.role())


def _roles(d: _Draw) -> Order | None:
    """Roles chosen among those the player was offered (or given): as many as the rules
    take, tried from two."""
    offer = d.given_roles() or _role_names(d.state.ruleset)
    for size in (2, 3, 1, 4):
        if size <= len(offer):
            order = d.order(roles=tuple(d.rng.sample(offer, size)))
            if d.stands(order):
                return order
    return None


def _crime(d: _Draw) -> Order | None:
    """A player and a crime: "Arrest X for killing V on Night 1", "Blame X for killing V"
    (a crime as the text's keywords name it; disguising names a role, not a victim). The
    phase is left out when the order takes none (classic arrests, Blame)."""
    state, rng, opts = d.state, d.rng, d.opts
    crimes = _crimes(state.ruleset)
    suspect = next(iter(opts.suspects)) if opts.suspects else d.target()
    if suspect is None or not crimes:
        return None
    victim = next(iter(opts.victims)) if opts.victims else rng.choice(list(state.players))
    crime = "kill" if opts.suspects else rng.choice(crimes)
    dead = [n for n, p in state.players.items() if p.status is Status.DEAD]
    if not opts.suspects and dead and "kill" in crimes and rng.random() < 0.5:
        # Half the time the killing of someone the town saw die: an arrest named wholly at
        # random is almost never true, and a game without arrests never frees one (Lawsuit).
        victim, crime = rng.choice(dead), "kill"
    if crime in ("disguise", "temporary_disguise"):
        victim = rng.choice(_role_names(state.ruleset))  # "for disguising as Ran"
    past = [Phase(i) for i in range(1, state.phase.index + 1) if Phase(i) != state.phase]
    when = rng.choice(past) if past else state.phase
    order = d.order(targets=(suspect,), crime=crime, victim=victim, when=when)
    if d.stands(order):
        return order
    return d.order(targets=(suspect,), crime=crime, victim=victim)


@per_ruleset
def _role_names(ruleset: Ruleset) -> tuple[str, ...]:
    """The ruleset's roles, sorted: drawn from for every role an order names."""
    return tuple(sorted(ruleset.roles))


@per_ruleset
def _query_words(ruleset: Ruleset) -> list[str]:
    """The words a query may take in ``ruleset`` (the likeliest more than once)."""
    return [w for w in QUERY_WORDS if w in _words(ruleset)]


@per_ruleset
def _crimes(ruleset: Ruleset) -> list[str]:
    """The crimes an arrest may name in ``ruleset``, as its keywords name them (a
    "poisoning" is a killing)."""
    return sorted(_named_crimes(ruleset) & set(FAMILIES[ruleset.family].wording.crime_nouns))


def _words(ruleset: Ruleset) -> set[str]:
    return {*ruleset.ext.keywords.values(), "kill"}


def _named_crimes(ruleset: Ruleset) -> set[str]:
    return {ruleset.ext.keywords.get(c, c) for c in ruleset.ext.crimes}


def _asked(d: _Draw) -> Order | None:
    """Actions asked about ("Investigate A kills B"), as many as the sheet's count; on a
    later attempt each names a past phase ("... on Night 1", Special Investigate)."""
    state, rng, opts = d.state, d.rng, d.opts
    past = d.attempt % 2 == 1
    if past and state.phase.index <= 1:
        return None
    everyone = [n for n in state.players if n != d.player]
    keywords = _query_words(state.ruleset)
    asked = []
    for i in range(max(1, d.use.count)):
        subject = opts.suspects[i] if i < len(opts.suspects) else rng.choice(everyone)
        victim = opts.victims[0] if opts.victims else rng.choice(list(state.players))
        keyword = "kill" if opts.suspects else rng.choice(keywords)
        when = Phase(rng.randrange(1, state.phase.index)) if past else None
        asked.append(Query(subject, keyword, victim, when))
    return d.order(queries=tuple(asked))


def _kind(d: _Draw) -> Order | None:
    """A player and what to learn of them ("Observe age X"), one of the ability's kinds."""
    target = d.target()
    if target is None:
        return None
    choice = d.rng.choice(d.shape.choices) if d.shape.choices else None
    return d.order(targets=(target,), choice=choice)


def _when(d: _Draw) -> Order | None:
    """A past night ("Analyze my interrogation from Night 1")."""
    nights = [Phase(i) for i in range(1, d.state.phase.index) if Phase(i).is_night]
    return d.order(when=d.rng.choice(nights)) if nights else None


def _guises(d: _Draw) -> Order | None:
    """Guises named (midnight's Slander, Disguise, Sweep, Double Life), for a target when
    the ability names one: exactly as many as it takes, or a few."""
    targets: tuple[str, ...] = ()
    if d.shape.targets:
        target = d.target()
        if target is None:
            return None
        targets = (target,)
    count = d.shape.guises if d.shape.guises > 0 else d.rng.randint(1, 5)
    return d.order(targets=targets, roles=d.guises(count))


def _choice(d: _Draw) -> Order | None:
    """A choice first ("Play Pass Abs", "Play Bluff: ..."), and what that choice names: a
    player, or Guises (as many as the rules take: tried from five)."""
    choice = d.rng.choice(d.shape.choices)
    names = d.shape.choice_names.get(choice, "")
    if names == "player":
        target = d.target()
        return None if target is None else d.order(targets=(target,), choice=choice)
    if names == "guises":
        for count in (5, 3, 1):
            order = d.order(roles=d.guises(count), choice=choice)
            if d.stands(order):
                return order
        return None
    return d.order(choice=choice)


def _count(d: _Draw) -> Order:
    """A number ("Blackmail material 2")."""
    return d.order(choice=str(d.rng.randint(1, 2)))


# What a Letter or The Call says.
MESSAGES_SENT = (
    "I know what you did last night.",
    "Watch your back.",
    "The Boss sends his regards.",
    "Meet me at the docks at midnight.",
)


def _message(d: _Draw) -> Order | None:
    """Words to a player, or (on a later attempt, a Letter) to the Town."""
    words = d.rng.choice(MESSAGES_SENT)
    if d.attempt:
        return d.order(choice=TOWN, message=words)
    target = d.target()
    return None if target is None else d.order(targets=(target,), message=words)


def _player_roles(d: _Draw) -> Order:
    """Every other player, each with a role ("All-in: Abs as Boss, Kleene as Cop")."""
    listed = [n for n in d.state.players if n != d.player]
    roles = _role_names(d.state.ruleset)
    return d.order(targets=tuple(listed), roles=tuple(d.rng.choice(roles) for _ in listed))


_MAKERS = {
    vocab.NOTHING: _nothing,
    vocab.TARGET: _target,
    vocab.TARGETS: _targets,
    vocab.RANKED: _targets,  # a ranking lists players (the members, in order)
    vocab.ROLE: _role,
    vocab.TARGET_ROLE: _target_role,
    vocab.ROLES: _roles,
    vocab.CRIME: _crime,
    vocab.ASKED: _asked,
    vocab.KIND: _kind,
    vocab.WHEN: _when,
    vocab.GUISES: _guises,
    vocab.CHOICE: _choice,
    vocab.COUNT: _count,
    vocab.MESSAGE: _message,
    vocab.PLAYER_ROLES: _player_roles,
}


def vote_order(state: GameState, player: str, target: str | None, choice: str | None) -> Order:
    """A vote for ``target``, or for no lynch / an abstention (``choice``)."""
    if target is None:
        return Order(player, "vote", choice=choice)
    return Order(player, "vote", (target,))


def can_vote(state: GameState, player: str, rules: GameRules | None = None) -> bool:
    """Whether the player holds a vote now (the engine's check of a vote for anyone;
    ``rules``: the session's rules of ``state``, when the caller has them)."""
    if state.phase.kind is not PhaseKind.DAY:
        return False
    if rules is None or rules.state is not state:
        rules = GameRules(state)
    probe = Order(player, "vote", choice="abstain")
    return not rules.away(probe) and not isinstance(rules.check(probe, rules.slots(player)), str)
