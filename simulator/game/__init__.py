"""One simulated game: dealt, played through the engine's session, recorded as a scenario."""
