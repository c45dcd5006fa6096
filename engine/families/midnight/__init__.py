"""The midnight game model: hit points, the Hospital and Jail, Guises, the Council, letters.

Rulesets of the family ``midnight`` (engine/families/midnight/rules.py) are resolved by the common
pipeline (engine/resolve.py) with this family's life model, steps, hooks and win check
(``engine.families.midnight.family``); the abilities are in ``engine.families.midnight.abilities``.
"""

# Capabilities, read without loading the family (engine/families/__init__.py): some orders
# are declared in the game topic's OOC tag, and read there.
PUBLIC_ORDERS = True
