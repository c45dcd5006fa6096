"""midnight's abilities, registered in the family ``midnight`` on import."""

from autogm.engine.families.midnight.abilities import (  # noqa: F401
    common,
    daylight,
    daylight_council,
    evil_genius,
    joker,
    law,
    mafia,
    psycho,
)
