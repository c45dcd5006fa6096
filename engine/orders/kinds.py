"""Why an order was not carried out, as a stable word: the ``kind`` of each refusal.

The reason a player is told is a sentence that may be reworded; the kind is part of the replay
record (docs/scenarios.md) and stays. A careful GM refuses an order for one of these reasons:

- ``two_choices``: a hedge between two choices, or a second possible target for a one-target
  order ("Heal Lynz or Parkur", "Interrogate Abs, or maybe Miaka");
- ``condition``: the order holds only if something is so ("heal Lynz if she claims");
- ``withdrawn``: a negation or withdrawal ("don't heal Lynz", "scratch that"), or a doubt that
  takes the order back ("Heal Lynz. Not sure");
- ``question``: a question whether to do it ("Should I heal Lynz?", "Vote Abs?");
- ``quoted``: someone else's order, quoted or reported ("Abs told me: kill Lynz");
- ``not_held``: an ability the sender does not have;
- ``not_now``: an ability the sender has, but not now (another phase, used up, unable);
- ``no_target``: the order names no player where it needs one ("Heal", "Heal him");
- ``ambiguous_name``: a name that could be two players, or is close to one but is not it;
- ``bad_target``: the player named cannot be the target (dead, arrested, oneself, no player);
- ``missing_detail``: a detail the order needs is missing (an arrest's crime or phase, an
  APTX's role, an investigation's question);
- ``not_an_order``: talk, with no order in it;
- ``too_long``: a message, will or tape over its size limit.
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    TWO_CHOICES = "two_choices"
    CONDITION = "condition"
    WITHDRAWN = "withdrawn"
    QUESTION = "question"
    QUOTED = "quoted"
    NOT_HELD = "not_held"
    NOT_NOW = "not_now"
    NO_TARGET = "no_target"
    AMBIGUOUS_NAME = "ambiguous_name"
    BAD_TARGET = "bad_target"
    MISSING_DETAIL = "missing_detail"
    NOT_AN_ORDER = "not_an_order"
    TOO_LONG = "too_long"


class Refused(str):
    """A reason to refuse an order (a ``str``, as the checks have always answered) that also
    says which ``Kind`` of refusal it is."""

    kind: Kind

    def __new__(cls, reason: str, kind: Kind) -> Refused:
        made = super().__new__(cls, reason)
        made.kind = kind
        return made


def kind_of(reason: str, default: Kind = Kind.NOT_AN_ORDER) -> Kind:
    """The kind a reason carries, or ``default`` for a plain string."""
    return reason.kind if isinstance(reason, Refused) else default
