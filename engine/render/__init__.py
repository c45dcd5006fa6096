"""Turning notices into forum text; deciding them is the engine's, showing them is here."""

from engine.render.text import RenderedPhase, render_notice, render_phase

__all__ = ["RenderedPhase", "render_notice", "render_phase"]
