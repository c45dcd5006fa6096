"""``autogm simulate``: many games of one setup, played by simulated players through the
engine's own session, each checked as it is played, summed up for the GM.

The simulator is a client of the engine's public API, as the daemon is (engine.session's
``GameSession``: ``open``, ``receive``, ``close``; engine.replay's feeding and record): it
holds no rule of its own. Packages by concern, imports running one way: ``setups`` and
``names`` (what is dealt) <- ``policies`` (what the players write; ``demo``: what the players
of ``autogm demo`` write, by family) <- ``game`` (one game played) <- ``checks`` (one game
judged) <- ``stats`` (many games summed) <- ``run`` (many games played, here or on a
cluster). The command (daemon/cli/simulate.py) reads a config's
game and drives it; nothing here imports the daemon.
"""
