"""The games in play, between the store and the engine.

``games`` rebuilds a game's engine session from the store and makes every call into the
engine; ``roster`` deals, ``phases`` tracks the open phase, ``texts`` holds the daemon's own
words, ``commands`` answers players' one-word commands, ``overrides`` keeps the GM's override
lines in the store.
"""
