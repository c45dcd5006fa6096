"""The Black Org's night attacks once decided: settled by the order of healing, the deaths
applied, each attack closed; with the kill cycle and the Bribe's shield they follow.

The kill orders decide the night's one attack (``engine.families.dctp.abilities.kill``); the
protections in its way are found by the order of healing (DCTP's ``protection``). Here the
attacks land: "Deaths are applied after every attack is decided"; the eraser hides the body;
the attacker gets the result and the record investigations and arrests see; a kill counts
toward the kill cycle; a vest "kills" by being strapped on (option ``explosive_vest``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.context import PENDING
from autogm.engine.families.dctp.harm import injure
from autogm.engine.families.dctp.protection import bypassed, first_saver, healing_order
from autogm.engine.families.dctp.state import black_org
from autogm.engine.outcome import Result
from autogm.engine.state import BOMB, INJURED, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Attack, Context
    from autogm.engine.state import GameState


def settle_attacks(ctx: Context) -> None:
    """After the Killing step: each attack saved by the first protection in the order of
    healing or killed (a Bribe's is absolute), then the deaths, then every attack closed."""
    state = ctx.state
    deaths: list[Attack] = []
    for attack in ctx.attacks:
        if attack.outcome:
            continue
        if attack.absolute:
            # Bribe: "If a player attempts to protect the victim or discombobulate the killer,
            # their action will fail as if discombobulated."
            healing = healing_order(ctx)
            for a in ctx.actions:
                if (
                    a.ability.name in healing
                    and a.state == PENDING
                    and attack.target in a.order.targets
                ):
                    ctx.fail(a, "discombobulated")
            attack.outcome = "killed"
            deaths.append(attack)
            continue
        passed = bypassed(ctx, attack.target, attack.kind)
        saver = first_saver(ctx, attack.target, attack.kind)
        if saver is not None:
            attack.outcome = "saved"
            saver.ability.on_save(ctx, saver, attack)  # type: ignore[attr-defined]
        else:
            attack.outcome = "killed"
            deaths.append(attack)
        for action in passed:
            action.ability.on_bypassed(ctx, action, attack)  # type: ignore[attr-defined]
    # Deaths are applied after every attack is decided, so a protector killed tonight still
    # protected: the night's actions happen at once.
    for attack in deaths:
        if attack.kind == "vest":
            continue  # a planted vest kills at the end of the next day (vest.py)
        if ctx.player(attack.target).status is not Status.DEAD:
            eraser = erasure(ctx, attack)
            ctx.remove(attack.target, Status.DEAD, "killed", erased=eraser is not None)
            _vengeance(ctx, attack)
    for attack in ctx.attacks:
        close_attack(ctx, attack)
    # "After the night they receive it, it returns to the player that distributed it."
    if state.ext.watch and ctx.phase.is_night and state.ext.watch[2] <= ctx.phase.index:
        state.ext.watch = None


def _vengeance(ctx: Context, attack: Attack) -> None:
    """Akai's Vengeance: "If killed successfully, he will injure his attacker before he dies.
    If healed or if the kill get's prevented in any way, he won't injure the attacker." "If
    Frightened, he can't vote and can't use this action. Same with discombobulation."
    A sniper is injured too, but only told privately (docs/rulings.md, "Notices of injuries").
    """
    if ctx.ruleset.has("vengeance_by_lynch_only"):
        return
    victim = ctx.player(attack.target)
    sheet = ctx.ruleset.role(victim.role)
    if "vengeance" not in sheet.abilities() or victim.has(INJURED, ctx.phase):
        return
    if attack.target in ctx.blocked:
        return
    attacker = ctx.player(attack.attacker)
    if attacker.status is Status.DEAD or attacker.has(INJURED, ctx.phase):
        return
    injure(ctx, attack.attacker, "vengeance")
    # The text says nothing of a public line for Vengeance, and "X was injured" beside Akai's
    # death names his killer: the GM chooses (docs/rulings.md, "Vengeance").
    shown = ctx.ruleset.option("vengeance_injury_public")
    if attack.kind == "snipe" or shown == "none":
        # Snipe: "The identity of the attacker doesn't get revealed in any way".
        pass
    elif shown == "anonymous":
        ctx.announce("injury.someone")
    else:
        ctx.announce("injury.public", player=attack.attacker)
    ctx.notify(attack.attacker, "vengeance.injured_you", essential=True, target=attack.target)


def erasure(ctx: Context, attack: Attack) -> Action | None:
    """The erase that hides this victim's body, if any (taken, and its notices sent).

    Erase: "The eraser has the option of erasing or not erasing a body if he is the one doing
    the killing himself. ... Once per game, Pisco may opt to erase a victim killed by another
    Black Org member." "The eraser is the only one who becomes privy to the identity of the
    erased body." "only Pisco will be given the will". Bribe: "The body of a bribe victim will
    be erased and only the killing player will learn their identity. Likewise, the victim's
    will won't be shown and only the killer will be allowed to read it."
    """
    if attack.absolute and attack.action is not None:
        _show_body(ctx, attack.attacker, attack.target)
        return attack.action
    for action in ctx.actions:
        if action.ability.name != "erase" or action.state != PENDING:
            continue
        if ctx.unable_reason(action) or (
            action.order.targets and attack.target not in action.order.targets
        ):
            continue
        own = action.actor == attack.attacker
        eraser = ctx.player(action.actor)
        if not own and eraser.used.get("erase_other"):
            continue
        if not own:
            eraser.used["erase_other"] = 1
        ctx.done(action)
        ctx.result(action, "done", target=attack.target)
        ctx.record(action, took_place=True, targets=(attack.target,))
        _show_body(ctx, action.actor, attack.target)
        return action
    return None


def _show_body(ctx: Context, to: str, target: str) -> None:
    victim = ctx.player(target)
    ctx.notify(to, "erase.body", target=target, role=victim.role)
    if victim.will:
        ctx.notify(to, "erase.will", target=target, will=victim.will)


def close_attack(ctx: Context, attack: Attack) -> None:
    """The attacker's result, the record investigations and arrests see, and the kill cycle."""
    action = attack.action
    killed = attack.outcome == "killed"
    ability = "plant_vest" if attack.kind == "vest" else attack.kind
    if action is not None and action.state == PENDING:
        outcome = ("done" if killed else "saved") if attack.kind == "vest" else attack.outcome
        ctx.done(action, outcome)
        ctx.results.append(Result(attack.attacker, ability, outcome, target=attack.target))
        ctx.record(action, took_place=True, actor=attack.attacker, ability=ability,
                   succeeded=killed)  # fmt: skip
        # A saved attack is reported by the protection that saved it ("the attacker is
        # informed that healing or protecting was in effect").
        if killed and attack.kind == "vest":
            plant(ctx, attack)
        elif killed:
            ctx.notify(attack.attacker, "kill.done", target=attack.target)
            if action.actor != attack.attacker:
                # The leader who named the killer learns the order was carried out.
                ctx.notify(action.actor, "kill.ordered_done", target=attack.target,
                           killer=attack.attacker)  # fmt: skip
    if attack.kind in {"kill", "snipe", "vest"}:
        note_kill_cycle(ctx.state, attack.attacker, killed)


def plant(ctx: Context, attack: Attack) -> None:
    """ "After the vest is strapped to a target at night, it is announced before the following
    day phase begins that the target has been strapped. The name of the one attached is
    announced to the public". "The strapping of the bomb comes after all other actions in a
    phase, meaning even the target's usual actions will go through without failing."
    """
    state = ctx.state
    state.ext.vest_used = True
    state.ext.bomb = (attack.target, attack.attacker)
    ctx.player(attack.target).conditions[BOMB] = ctx.phase.index + 1
    ctx.notify(attack.attacker, "vest.planted", target=attack.target)
    ctx.announce("vest.strapped", player=attack.target)


def kill_cycle_due(state: GameState, free: list[str] | None = None) -> list[str]:
    """Free members who have not killed yet in this cycle, highest-ranked first.

    "Every member of the Black Org must kill before a member is allowed a second kill. The
    exceptions to this is if a member is unable to kill due to being arrested or lynched, in
    which case they are no longer factored in to the kill cycle."
    """
    if free is None:  # ``free``: ``black_org(state)`` when the caller has it already
        free = black_org(state)
    if state.ruleset.option("kill_cycle") == "off":
        return free
    due = [m for m in free if m not in state.ext.kill_cycle]
    return due or free


def note_kill_cycle(state: GameState, killer: str, killed: bool) -> None:
    """Count a kill toward the cycle; start a new cycle once every free member has killed."""
    option = state.ruleset.option("kill_cycle")
    if option == "off" or (option == "success" and not killed):
        return
    if killer not in state.ext.kill_cycle:
        state.ext.kill_cycle.append(killer)
    free = set(black_org(state))
    if free and free <= set(state.ext.kill_cycle):
        state.ext.kill_cycle.clear()


def bribe_shield(ctx: Context) -> set[str]:
    """Players whom a discombobulation cannot touch tonight: everyone sending or named in a
    Black Org kill order on a night Pisco bribes the GM ("Bribe is absolute and cannot be
    stopped in any way, including discombobulating the one offering the bribe")."""
    if not any(a.ability.name == "bribe" and a.state == PENDING for a in ctx.actions):
        return set()
    shield: set[str] = set()
    for a in ctx.actions:
        if a.ability.name in ("kill", "snipe", "plant_vest") and a.state == PENDING:
            shield.add(a.actor)
            if a.order.killer:
                shield.add(a.order.killer)
    return shield
