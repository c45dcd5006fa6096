"""What an order of each ability names beside its word, read off the ability's declarations
(the same ones the reader reads orders by), so that a simulated player can write every order
of every ruleset, one added tomorrow included, with no list of abilities here:

- a DCTP ability's words (engine/families/dctp/vocab.py: ``Say.shape``, one of the vocabulary's
  shapes: a target, targets, nothing, a role, a target and a role, a crime, actions asked, a
  kind, a past phase, roles) and its class (``targets``, how many players; ``choices``, what
  a kind is chosen from);
- a midnight ability's class, as the reader's ``Rules.shape`` gives it (``targets``,
  ``needs_role``, ``needs_guise``, ``names_guises``, ``choices`` with ``choice_names``,
  ``counts``, ``lists_roles``), and the lines whose orders carry words (the reader's
  ``MESSAGES``: Letter, The Call);
- for both, whom an order may name (``needs_free_target``, ``needs_dead_target``,
  ``self_target``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from autogm.engine.ability import abilities_for
from autogm.engine.families.dctp.vocab import WORDS as DCTP_WORDS
from autogm.engine.families.midnight.reader import MESSAGES
from autogm.engine.orders import vocab
from autogm.engine.rules.base import Ruleset, per_ruleset

# Guises named in any number (midnight's Double Life, Bluff): ``Shape.guises``.
ANY = -1


@dataclass(frozen=True, slots=True)
class Shape:
    """An order's parts beside its word: ``kind`` is the vocabulary's shape of it."""

    kind: str
    targets: int = 1  # players named (TARGET), or at most (TARGETS: 0 when the rules say)
    role: bool = False  # a role (Midnight role) named for the target
    guises: int = 0  # Guises named: exactly this many, or ANY
    choices: tuple[str, ...] = ()  # a choice first ("Play Pass"), or a kind ("Observe age")
    choice_names: Mapping[str, str] = field(default_factory=dict)  # what a choice names after
    free_target: bool = True  # only a free player may be named
    dead_target: bool = False  # only a dead player may be named
    self_target: bool = True


@per_ruleset
def shape_of(ruleset: Ruleset, ability: str) -> Shape | None:
    """The shape of ``ability``'s order in ``ruleset`` (found once per ruleset and ability);
    None for a sheet line no order uses (Revenge, Vengeance: they act of themselves)."""
    unit = abilities_for(ruleset).get(ability)
    if unit is None or unit.passive:
        return None
    common = {
        "free_target": unit.needs_free_target,
        "dead_target": getattr(unit, "needs_dead_target", False),
        "self_target": unit.self_target,
        "choices": tuple(getattr(unit, "choices", ())),
        "choice_names": dict(getattr(unit, "choice_names", {})),
    }
    if ruleset.family == "dctp":
        say = DCTP_WORDS.say(ability)
        kind = say.shape if say is not None else vocab.TARGET
        if kind == vocab.TARGET and unit.targets == 0:
            kind = vocab.NOTHING
        return Shape(kind, targets=unit.targets, **common)
    # midnight: the class says it all.
    if ability in MESSAGES:
        kind = vocab.MESSAGE
    elif getattr(unit, "lists_roles", False):
        kind = vocab.PLAYER_ROLES
    elif common["choices"]:
        kind = vocab.CHOICE
    elif getattr(unit, "counts", False):
        kind = vocab.COUNT
    elif getattr(unit, "needs_guise", 0) or getattr(unit, "names_guises", False):
        kind = vocab.GUISES
    elif unit.targets == 0:
        kind = vocab.NOTHING
    elif getattr(unit, "needs_role", False):
        kind = vocab.TARGET_ROLE
    elif unit.targets > 1:
        kind = vocab.TARGETS
    else:
        kind = vocab.TARGET
    guises = getattr(unit, "needs_guise", 0) or (ANY if getattr(unit, "names_guises", 0) else 0)
    return Shape(kind, targets=unit.targets, role=getattr(unit, "needs_role", False),
                 guises=guises, **common)  # fmt: skip
