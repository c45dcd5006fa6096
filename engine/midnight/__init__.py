"""The midnight game model: hit points, the Hospital and Jail, Guises, the Council, letters.

Rulesets of the family ``midnight`` (engine/rules/midnight.py) are resolved by the common
pipeline (engine/resolve.py) with this family's life model, steps, hooks and win check
(``engine.midnight.family``); the abilities are in ``engine.midnight.abilities``.
"""
