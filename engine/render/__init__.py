"""Turning notices into forum text; deciding them is the engine's, showing them is here."""

from __future__ import annotations

from typing import Any

__all__ = ["RenderedPhase", "render_notice", "render_phase"]


def __getattr__(name: str) -> Any:
    # The names are taken from engine.render.text at their first use: a module that needs only
    # engine.render.inert (daemon.play.texts, which status loads) then does not load the
    # notices' and the game state's classes with it (about 12 ms of start-up).
    if name in __all__:
        from autogm.engine.render import text

        return getattr(text, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
