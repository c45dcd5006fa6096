"""midnight's abilities, registered in the family ``midnight`` on import."""

from engine.midnight.abilities import (  # noqa: F401
    common,
    evil_genius,
    joker,
    law,
    mafia,
    psycho,
)
