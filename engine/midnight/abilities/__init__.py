"""midnight's abilities, registered in the family ``midnight`` on import."""

from engine.midnight.abilities import (  # noqa: F401
    common,
    daylight,
    daylight_council,
    law,
    mafia,
)
