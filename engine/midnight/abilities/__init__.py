"""midnight's abilities, registered in the family ``midnight`` on import."""

from engine.midnight.abilities import common, law, mafia  # noqa: F401
