"""The Explosive Vest (option ``explosive_vest``): "In place of the nightly kill, the Black Org
member set to kill that night may instead strap a bomb to their target."

"At the onset of the following day, the GM announces that this player has been strapped with a
bomb and will die at the end of the phase if it isn't disarmed. The bomb can only be defused by
police officers (any police officer is applicable, including those disguised as one)."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autogm.engine.ability import Ability, register
from autogm.engine.families.dctp import appearance
from autogm.engine.families.dctp.abilities.kill import Kill
from autogm.engine.render.templates import say
from autogm.engine.rules.base import DAY, AbilityUse, Ruleset, Side, Slot, Step
from autogm.engine.state import BOMB, Status

if TYPE_CHECKING:
    from autogm.engine.context import Action, Context
    from autogm.engine.orders.model import Order
    from autogm.engine.state import GameState

POLICE = "Police"


@register
class PlantVest(Kill):
    """ "The vest may only be used once per game. The vest is only considered used if the plant
    is successful." "The Black Org member may also plant it on themselves." "Any Black Org
    member may plant the vest if it is their turn to kill that night." "The planting of the
    vest may be hindered by tricking or any other such action. In this sense, it is treated as
    a normal kill as far as it being stoppable." "Strapping someone with the bomb is considered
    a crime."
    """

    name = "plant_vest"
    self_target = True

    def in_play(self, ruleset: Ruleset) -> bool:
        return bool(ruleset.option("explosive_vest"))

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if not state.ruleset.option("explosive_vest"):
            return say("dctp_refusal.vest_not_in_use")
        if state.ext.vest_used:
            return say("dctp_refusal.vest_used")
        return super().validate(state, order, use)


def appears_police(state: GameState, player: str) -> str | None:
    """The police role a player is or is disguised as ("including those in disguise as one"),
    as engine/families/dctp/appearance.py shows it."""
    return appearance.shown_group_role(state, player, POLICE)


@register
class Defuse(Ability):
    """ "It is up to officers to decide whether or not to defuse the bomb." "When a police
    officer successfully defuses the bomb, they are given the generic notice of: 'The bomb was
    successfully defused.' ... If multiple police officers send in the disarm order, they are
    all given the same generic notice". "If the bomb is successfully defused, the Black Org
    planter is given the player name (but not the role) of the police defuser." "only one
    player name is sent to the bomber ... decided by the following order: Megure, Shiratori,
    Satou, Takagi, Chiba, Nakamori, Yumi, Yamato, Uehara. If Vermouth or Irish also defuse the
    bomb, the planter is always given the name of the Black Org defuser ... Vermouth's name is
    given as the higher ranking Black Org member." "Police officers cannot defuse a bomb
    attached to themselves."
    """

    name = "defuse"
    step = Step.VEST
    needs_free_target = False

    def in_play(self, ruleset: Ruleset) -> bool:
        return bool(ruleset.option("explosive_vest"))

    def may_grant(self, ruleset: Ruleset) -> bool:
        return self.in_play(ruleset)

    def granted_slot(self, state: GameState, player: str) -> Slot | None:
        if state.ruleset.option("explosive_vest") and appears_police(state, player):
            return Slot((AbilityUse(self.name),), DAY)
        return None

    def validate(self, state: GameState, order: Order, use: AbilityUse) -> str | None:
        if state.ext.bomb is None:
            return say("dctp_refusal.defuse_no_bomb")
        if state.ext.bomb[0] == order.actor:
            return say("dctp_refusal.defuse_self")
        return None

    def resolve_step(self, ctx: Context, actions: list[Action]) -> None:
        bomb = ctx.state.ext.bomb
        defusers = []
        for action in ctx.able(actions):
            if bomb is None or bomb[0] == action.actor:
                ctx.fail(action, "target_unavailable")
            else:
                defusers.append(action)
        if not defusers or bomb is None:
            return
        wearer, planter = bomb
        ctx.state.ext.bomb = None
        ctx.player(wearer).conditions.pop(BOMB, None)
        for action in defusers:
            ctx.done(action)
            ctx.result(action, "done", target=wearer)
            ctx.record(action, took_place=True, targets=(wearer,))
            ctx.notify(action.actor, "vest.defused")
        ctx.notify(planter, "vest.seen", player=_reported(ctx, [a.actor for a in defusers]))
        ctx.announce("vest.defused_public", player=wearer)


def _reported(ctx: Context, defusers: list[str]) -> str:
    state = ctx.state
    black_org = [d for d in defusers if state.side(d) is Side.BLACK_ORG]
    if black_org:
        return min(black_org, key=lambda d: (ctx.ruleset.ext.bo_rank(state.players[d].role), d))
    sheets = list(ctx.ruleset.roles)
    return min(defusers, key=lambda d: (sheets.index(appears_police(state, d) or ""), d))


def settle_vest(ctx: Context) -> None:
    """ "Otherwise, the player dies at the end of the day phase." Its explosion "takes place
    before all other day actions"; "The lynch vote of someone who dies as a result of the
    explosion will not count (much the same as if they were poisoned)."
    """
    bomb = ctx.state.ext.bomb
    if not ctx.phase.is_day or bomb is None:
        return
    wearer = bomb[0]
    ctx.state.ext.bomb = None
    ctx.player(wearer).conditions.pop(BOMB, None)
    if ctx.player(wearer).status is not Status.DEAD:
        ctx.remove(wearer, Status.DEAD, "vest")
